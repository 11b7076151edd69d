//! Pondering on a virtual clock: no GUI thread sends `ponderhit`, so the driver delivers it when
//! the ponder search has run as long as the opponent thought ([`MoveRequest::ponderhit_at_ms`]).
//! Alpha-beta sees it through [`HitAt`], a stopper around the manager's that raises the
//! search's own ponderhit flag at the first check past that time (the search applies it at its
//! next check, as it would a GUI's); MCTS gets it between two batches (`step`).
//!
//! [`MoveRequest::ponderhit_at_ms`]: crate::drive::MoveRequest::ponderhit_at_ms

use crate::search::SearchControl;
use crate::stop::{Budget, Decision, EffectiveLimit, Hints, SearchStats, Stopper};

/// Raises `control`'s ponderhit once a pondering search has run `at_ms`.
pub(super) struct HitAt<'a> {
    pub inner: &'a mut dyn Stopper,
    pub at_ms: f64,
    pub control: SearchControl,
}

impl HitAt<'_> {
    fn due(&self, stats: &SearchStats) {
        if stats.pondering && stats.elapsed_ms >= self.at_ms && !self.control.ponderhit_requested() {
            self.control.ponderhit();
        }
    }
}

impl Stopper for HitAt<'_> {
    fn check_interval(&self) -> u64 {
        self.inner.check_interval()
    }
    fn poll(&mut self, stats: &SearchStats, hints: &mut Hints) -> Decision {
        self.due(stats);
        self.inner.poll(stats, hints)
    }
    fn iteration_done(&mut self, stats: &SearchStats) -> Decision {
        self.due(stats);
        self.inner.iteration_done(stats)
    }
    fn budget(&self) -> &Budget {
        self.inner.budget()
    }
    fn ponderhit(&mut self, stats: &SearchStats) {
        self.inner.ponderhit(stats);
    }
    fn effective_limit(&self) -> Option<EffectiveLimit> {
        self.inner.effective_limit()
    }
    fn resign_q(&self) -> f64 {
        self.inner.resign_q()
    }
}
