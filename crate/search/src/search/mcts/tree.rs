//! The search tree: compact nodes, edges and child statistics in chunked arenas, the game
//! position it belongs to, and tree reuse across moves.
//!
//! # Layout and memory
//! - An [`Edge`] is a legal move and its prior: 4 bytes (`u16` packed move + `u16` prior). A node
//!   gets the edges of all its legal moves, sorted by prior (highest first), when it is visited
//!   the second time (a leaf visited once — about half the tree — never pays for its moves and
//!   priors). The slice is preceded by a header edge naming its owner.
//! - A visited move's statistics live in a `Kid` record (16 bytes: node, visits, Q, edge index,
//!   proven bound, plies to the end) inside its parent's *child array*, which is contiguous and
//!   ordered by edge index, so selection reads one short run of memory per level instead of
//!   chasing a pointer per child. A child array starts with a header record (owner, capacity)
//!   and doubles when full (2, 4, 8, … up to the number of edges); the old copy stays behind as
//!   garbage until the next re-root compacts it away.
//! - A `Node` (12 bytes: first edge, child array, number of edges, children and capacity) exists
//!   for every visited non-terminal position; a terminal child (mate, draw by rule) has only its
//!   record.
//! - Every index is a `u32`, so the layout is the same on 64-bit hosts and on wasm32.
//!
//! The node cap budgets [`EDGE_BUDGET_PER_NODE`] edges and [`KID_BUDGET_PER_NODE`] child records
//! (live, slack, headers and garbage together) per node: the worst case is
//! [`MAX_BYTES_PER_NODE`] bytes per node, including the 4-byte forwarding entry that re-rooting
//! needs for a moment.
//!
//! # The node cap
//! The tree is *full* when it holds `node_cap` nodes, or when the edge or child-record arena
//! cannot take another position within its budget. A full tree stops growing: the search keeps
//! running, but selection only follows existing children, and a playout that ends at a leaf (a
//! node without children) backs up that leaf's own value again as one more visit. So memory
//! stays bounded, N still counts every playout, and `N = 1 + Σ N(children)` keeps holding for
//! every unproven node with children; only leaves collect the extra visits. (Independently of
//! the cap, a proven node — mate, draw by rule, or decided by its children — ends the playouts
//! that reach it and takes those visits itself, at its exact value.)
//!
//! # Reuse
//! [`MctsTree::set_position`] compares the new game (start position + moves) with the old one.
//! When the old moves are a prefix of the new ones and the tree has a node for the extra moves
//! (our move and the opponent's reply, or just the reply after pondering), that node becomes
//! the root: the three arenas are compacted in place (live data slides down, links are
//! remapped), everything else is freed, and the new root's visits are the `head_n` a manager
//! receives as `reused_nodes`.
//!
//! This file holds the game and its tree ([`MctsTree`]); `records` the node, edge and child
//! records, `storage` the arenas that hold them.

use serde::Serialize;

use crate::error::FieldError;
use shakmaty::{
    CastlingMode, Chess, EnPassantMode, Move, Position, fen::Fen, uci::UciMove, zobrist::Zobrist64,
};

use super::moves::PackedMove;

mod records;
mod storage;

pub use records::{
    Bound, EDGE_BUDGET_PER_NODE, EDGE_BYTES, KID_BUDGET_PER_NODE, KID_BYTES, MAX_BYTES_PER_NODE,
    MAX_END_PLIES, NODE_BYTES,
};
pub(crate) use records::{Edge, Kid, NONE};
pub(crate) use storage::Arena;

/// What [`MctsTree::set_position`] kept of the previous tree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Reuse {
    /// Visits of the new root: lc0's `head_N`, a manager's `reused_nodes` (0 for a new tree).
    pub head_n: u64,
    /// Nodes kept.
    pub kept_nodes: u32,
    /// Nodes freed.
    pub freed_nodes: u32,
}

/// A game position and the search tree below it, kept across moves.
#[derive(Clone, Debug)]
pub struct MctsTree {
    start_fen: String,
    moves: Vec<Move>,
    root_pos: Chess,
    /// Zobrist hashes of every game position from the start up to and including the root.
    history: Vec<u64>,
    pub(crate) arena: Arena,
}

impl Default for MctsTree {
    fn default() -> Self {
        Self::new()
    }
}

/// The Zobrist hash used for repetitions.
pub(crate) fn hash(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

impl MctsTree {
    /// An empty tree at the standard starting position.
    pub fn new() -> Self {
        MctsTree::from_position(Chess::default())
    }

    /// An empty tree at `pos` (a game that starts there).
    pub fn from_position(pos: Chess) -> Self {
        MctsTree {
            start_fen: fen_of(&pos),
            moves: Vec::new(),
            history: vec![hash(&pos)],
            root_pos: pos,
            arena: Arena::default(),
        }
    }

    /// Set the game to `start` followed by `moves`, keeping the matching subtree if the previous
    /// game is a prefix of this one (see the module documentation).
    ///
    /// # Errors
    /// A move that is not legal where it is played; the tree is unchanged then.
    pub fn set_position(&mut self, start: Chess, moves: &[Move]) -> Result<Reuse, FieldError> {
        let start_fen = fen_of(&start);
        let mut pos = start;
        let mut history = Vec::with_capacity(moves.len() + 1);
        history.push(hash(&pos));
        for (i, &m) in moves.iter().enumerate() {
            if !pos.is_legal(m) {
                return Err(FieldError::new(
                    "moves",
                    format!(
                        "move {} ({}) is not legal in {}",
                        i + 1,
                        UciMove::from_standard(m),
                        fen_of(&pos)
                    ),
                    "",
                ));
            }
            pos.play_unchecked(m);
            history.push(hash(&pos));
        }
        let before = self.arena.nodes.len();
        let mut target: Option<Kid> = None;
        if self.arena.root != NONE && start_fen == self.start_fen && moves.starts_with(&self.moves) {
            let mut kid = self.arena.root_kid;
            let mut found = true;
            for &m in &moves[self.moves.len()..] {
                match (kid.node != NONE)
                    .then(|| self.arena.kid_by_move(kid.node, PackedMove::pack(m)))
                    .flatten()
                {
                    Some((_, k)) => kid = k,
                    None => {
                        found = false;
                        break;
                    }
                }
            }
            if found {
                target = Some(kid);
            }
        }
        // A kept root must be a position, not a terminal record.
        let reuse = match target {
            Some(kid) if kid.node != NONE => {
                let kept = if kid.node == self.arena.root && kid.node == 0 {
                    before
                } else {
                    self.arena.reroot(kid)
                };
                Reuse { head_n: self.arena.root_kid.n as u64, kept_nodes: kept, freed_nodes: before - kept }
            }
            _ => {
                self.arena.clear();
                Reuse { head_n: 0, kept_nodes: 0, freed_nodes: before }
            }
        };
        self.start_fen = start_fen;
        self.moves = moves.to_vec();
        self.root_pos = pos;
        self.history = history;
        Ok(reuse)
    }

    /// [`MctsTree::set_position`] from a FEN (`None` = the starting position) and UCI moves.
    ///
    /// # Errors
    /// A malformed FEN, an illegal position, or a malformed or illegal move, named.
    pub fn set_position_uci(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<Reuse, FieldError> {
        let start = match fen {
            None => Chess::default(),
            Some(f) => parse_fen(f)?,
        };
        let mut pos = start.clone();
        let mut parsed = Vec::with_capacity(moves.len());
        for (i, text) in moves.iter().enumerate() {
            let m = text
                .parse::<UciMove>()
                .map_err(|_| {
                    let text = crate::excerpt::excerpt(text);
                    FieldError::new(
                        "moves",
                        format!("move {} `{text}` is not UCI notation", i + 1),
                        "e.g. e2e4, e7e8q",
                    )
                })?
                .to_move(&pos)
                .map_err(|_| {
                    let text = crate::excerpt::excerpt(text);
                    FieldError::new(
                        "moves",
                        format!("move {} `{text}` is not legal in {}", i + 1, fen_of(&pos)),
                        "",
                    )
                })?;
            pos.play_unchecked(m);
            parsed.push(m);
        }
        self.set_position(start, &parsed)
    }

    /// The position at the root.
    pub fn root_position(&self) -> &Chess {
        &self.root_pos
    }

    /// The moves from the game's start to the root.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Visits of the root (0 for an empty tree): what a search starting now would reuse.
    pub fn head_n(&self) -> u64 {
        if self.arena.root == NONE { 0 } else { self.arena.root_kid.n as u64 }
    }

    /// Nodes in the tree.
    pub fn node_count(&self) -> u32 {
        self.arena.nodes.len()
    }

    /// Edges in the tree (including the few slots skipped at chunk ends).
    pub fn edge_count(&self) -> u32 {
        self.arena.edges.len()
    }

    /// Child records in the tree (live ones, array slack, headers and garbage).
    pub fn kid_count(&self) -> u32 {
        self.arena.kids.len()
    }

    /// Bytes allocated by the arenas.
    pub fn allocated_bytes(&self) -> usize {
        self.arena.nodes.allocated_bytes()
            + self.arena.edges.allocated_bytes()
            + self.arena.kids.allocated_bytes()
    }

    /// Drop the tree (keep the position).
    pub fn clear(&mut self) {
        self.arena.clear();
    }

    pub(crate) fn history(&self) -> &[u64] {
        &self.history
    }
}

/// Parse a FEN into a standard-chess position.
///
/// # Errors
/// A malformed FEN or an illegal position, with the reason.
pub fn parse_fen(fen: &str) -> Result<Chess, FieldError> {
    let shown = crate::search::position::excerpt(fen);
    let parsed: Fen = fen
        .trim()
        .parse()
        .map_err(|e| FieldError::new("fen", format!("malformed FEN `{shown}`: {e}"), ""))?;
    parsed
        .into_position(CastlingMode::Standard)
        .map_err(|e| FieldError::new("fen", format!("illegal position `{shown}`: {e}"), ""))
}
