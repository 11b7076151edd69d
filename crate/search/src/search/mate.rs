//! Mate scores and the ply horizon, shared by the alpha-beta search and its transposition table
//! (which stores mate distances relative to the node).

use crate::stop::Score;

/// The score of being mated at the root (0 plies); mate in n plies scores `MATE − n`.
pub const MATE: i32 = Score::MATE_CP;
/// Deepest ply the search can reach (quiescence and extensions included).
pub const MAX_PLY: usize = 128;
/// Scores at or beyond this magnitude are mate scores whose distance is stored relative to the
/// node (not the root), so they stay correct when found again at another ply.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
