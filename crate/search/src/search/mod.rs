//! Searchers: alpha-beta and MCTS. They know a [`crate::stop::Stopper`], never a manager.
//!
//! The alpha-beta searcher ([`alphabeta`]) runs on shakmaty positions wrapped in
//! [`position::SearchPosition`] (incremental Zobrist key and [`eval`] terms), with a
//! transposition table ([`tt`]), move ordering ([`ordering`]), its own limits composed with the
//! caller's stopper ([`limits`]), reports ([`info`]), [`perft`] and the [`bench`].
//!
//! ```
//! use tmlab_search::clock::timer::Timer;
//! use tmlab_search::search::{Limits, RootPosition, SearchControl, SearchRequest, Searcher};
//! use tmlab_search::stop::NeverStop;
//!
//! let mut engine = Searcher::new(1);
//! let root = RootPosition::startpos();
//! let mut stopper = NeverStop::default();
//! let request = SearchRequest {
//!     stopper: &mut stopper,
//!     timer: Timer::virtual_nps(1_000_000.0),
//!     limits: Limits::depth(4),
//!     control: SearchControl::new(),
//! };
//! let result = engine.search(&root, request, &mut |it| println!("{}", it.to_uci())).unwrap();
//! println!("{}", result.bestmove_line());
//! assert_eq!(result.depth, 4);
//! ```

pub mod alphabeta;
pub mod bench;
pub mod eval;
pub mod info;
pub mod limits;
pub mod mate;
pub mod mcts;
pub mod movegen;
pub mod ordering;
pub mod perft;
pub mod position;
pub mod tt;

#[cfg(test)]
mod tests;

pub use alphabeta::{SearchRequest, Searcher};
pub use info::{IterationReport, SearchError, SearchResult};
pub use limits::{Limits, SearchControl};
pub use position::RootPosition;
