//! Time controls, clocks and the time a search sees.
//!
//! - [`tc`]: [`TimeControl`], parsed from cutechess/fastchess syntax and the PGN tag.
//! - [`game_clock`]: [`Clock`] per side and [`GameClock`] for both, with flag detection and the
//!   [`UciView`] a manager is told.
//! - [`convention`]: when a clock starts and an increment is credited (cutechess or lichess).
//! - [`timer`]: where a search's elapsed time comes from (wall or virtual).

pub mod convention;
pub mod game_clock;
pub mod reading;
pub mod tc;
/// Real and virtual time, in the search crate (crate/search) with the searchers that read it.
pub use tmlab_search::clock::timer;

pub use convention::Convention;
#[cfg(feature = "engine")]
pub use game_clock::GameClock;
pub use game_clock::{Charge, Clock, UciView};
pub use tc::{TC_FORMS, TcError, TimeControl, Timing};
