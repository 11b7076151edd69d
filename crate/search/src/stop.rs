//! The interface between a search and whatever decides when it stops.
//!
//! Modelled on lc0's stoppers: a time manager hands the search a [`Stopper`], and the search
//! knows nothing else about it. The search reports [`SearchStats`]; the stopper answers with a
//! [`Decision`]. Alpha-beta calls [`Stopper::poll`] every [`Stopper::check_interval`] nodes (the
//! hard check) and [`Stopper::iteration_done`] after every completed depth (the soft check). MCTS
//! calls `poll` after every batch and never calls `iteration_done`.
//!
//! Nothing in this module knows a particular manager or searcher, so both depend on it and on
//! nothing of each other.

mod budget;
mod reason;
mod stats;
#[cfg(test)]
mod tests;

pub use budget::{Budget, EffectiveLimit, LimitTerm, Term, secs};
pub use reason::{Decision, StopReason};
pub use stats::{Hints, Iteration, MoveKey, Score, SearchStats};

/// Decides when a search ends. The search knows only this.
pub trait Stopper {
    /// Alpha-beta: nodes between two hard checks ([`Stopper::poll`] calls). MCTS ignores it.
    fn check_interval(&self) -> u64;

    /// The hard check: every `check_interval` nodes in alpha-beta, after every batch in MCTS.
    /// `hints` has been reset with [`Hints::reset`] by the caller.
    fn poll(&mut self, stats: &SearchStats, hints: &mut Hints) -> Decision;

    /// The soft check after a completed alpha-beta iteration.
    fn iteration_done(&mut self, stats: &SearchStats) -> Decision;

    /// The budget currently in force (soft and hard may move during a search, e.g. scalings).
    fn budget(&self) -> &Budget;

    /// The GUI sent `ponderhit`: the ponder search becomes a normal one.
    fn ponderhit(&mut self, stats: &SearchStats) {
        let _ = stats;
    }

    /// The soft limit in use now, with its factors (`None`: a stopper without a manager).
    fn effective_limit(&self) -> Option<EffectiveLimit> {
        None
    }

    /// MCTS: the Q above which a visited root child clears [`SearchStats::may_resign`]
    /// (SmartPruning's `resign-q`; lc0 hard-codes −0.98).
    fn resign_q(&self) -> f64 {
        DEFAULT_RESIGN_Q
    }
}

/// What a stopper put in front of another adds (lc0's chained stoppers): it sees every check
/// first, may hand the inner stopper other stats, and may check more often. Decisions, budgets,
/// effective limits and the rest are the inner stopper's ([`Chain`]).
pub trait Adaptor {
    /// Runs before each check (`poll`, `iteration_done`); `Some` replaces the stats `inner` sees.
    fn before<'s>(&mut self, inner: &dyn Stopper, stats: &SearchStats<'s>) -> Option<SearchStats<'s>>;

    /// Nodes between two hard checks, given the inner stopper's interval.
    fn check_interval(&self, inner: u64) -> u64 {
        inner
    }
}

/// An [`Adaptor`] in front of a stopper: itself a stopper.
pub struct Chain<'a, A> {
    pub inner: &'a mut dyn Stopper,
    pub adaptor: A,
}

impl<A: Adaptor> Chain<'_, A> {
    /// The stats the inner stopper sees at this check, after the adaptor has seen them.
    fn see<'s>(&mut self, stats: &SearchStats<'s>) -> Option<SearchStats<'s>> {
        self.adaptor.before(&*self.inner, stats)
    }
}

impl<A: Adaptor> Stopper for Chain<'_, A> {
    fn check_interval(&self) -> u64 {
        self.adaptor.check_interval(self.inner.check_interval())
    }
    fn poll(&mut self, stats: &SearchStats, hints: &mut Hints) -> Decision {
        let seen = self.see(stats);
        self.inner.poll(seen.as_ref().unwrap_or(stats), hints)
    }
    fn iteration_done(&mut self, stats: &SearchStats) -> Decision {
        let seen = self.see(stats);
        self.inner.iteration_done(seen.as_ref().unwrap_or(stats))
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

/// lc0's hard-coded resign threshold for `may_resign` (`search.cc` @909a4082).
pub const DEFAULT_RESIGN_Q: f64 = -0.98;

/// A stopper that never stops: `go infinite`, or a search bounded only by depth or nodes.
#[derive(Debug)]
pub struct NeverStop {
    budget: Budget,
}

impl Default for NeverStop {
    fn default() -> Self {
        NeverStop { budget: Budget::unlimited() }
    }
}

impl Stopper for NeverStop {
    fn check_interval(&self) -> u64 {
        1024
    }
    fn poll(&mut self, _: &SearchStats, _: &mut Hints) -> Decision {
        Decision::CONTINUE
    }
    fn iteration_done(&mut self, _: &SearchStats) -> Decision {
        Decision::CONTINUE
    }
    fn budget(&self) -> &Budget {
        &self.budget
    }
}
