//! Pondering on a virtual clock: no GUI thread sends `ponderhit`, so the driver delivers it when
//! the ponder search has run as long as the opponent thought ([`MoveRequest::ponderhit_at_ms`]).
//! Alpha-beta sees it through [`HitAt`], a stopper around the manager's that raises the
//! search's own ponderhit flag at the first check past that time (the search applies it at its
//! next check, as it would a GUI's); MCTS gets it between two batches (`step`).
//!
//! [`MoveRequest::ponderhit_at_ms`]: crate::drive::MoveRequest::ponderhit_at_ms

use crate::search::SearchControl;
use crate::stop::{Adaptor, SearchStats, Stopper};

/// Raises `control`'s ponderhit once a pondering search has run `at_ms` (in front of the
/// manager's stopper: [`crate::stop::Chain`]).
pub(super) struct HitAt {
    pub at_ms: f64,
    pub control: SearchControl,
}

impl Adaptor for HitAt {
    fn before<'s>(&mut self, _: &dyn Stopper, stats: &SearchStats<'s>) -> Option<SearchStats<'s>> {
        if stats.pondering && stats.elapsed_ms >= self.at_ms && !self.control.ponderhit_requested() {
            self.control.ponderhit();
        }
        None
    }
}
