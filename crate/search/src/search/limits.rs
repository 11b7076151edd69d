//! The limits a search owns itself (fixed depth, nodes, move time, `go infinite` with `stop`,
//! ponder with `ponderhit`), composed with the [`Stopper`] the caller gives (a clock-managed
//! search passes a time manager's stopper; otherwise [`crate::stop::NeverStop`]).
//!
//! The search consults a [`Governor`], which keeps two cadences apart:
//! - the caller's stopper is polled every [`Stopper::check_interval`] nodes, exactly as it
//!   asked (Mediocre 1024, the guide 1, Stockfish 512, …);
//! - the search's own limits (move time, nodes, the stop flag, ponderhit) are checked every
//!   [`Limits::check_interval`] nodes ([`DEFAULT_CHECK_INTERVAL`] unless set), and a node limit
//!   is checked at exactly the node it names.
//!
//! # Stopping from another thread
//! [`SearchControl`] is a pair of shared atomic flags. A native UCI loop keeps a clone, runs the
//! search on a worker thread, and calls [`SearchControl::stop`] on `stop` and
//! [`SearchControl::ponderhit`] on `ponderhit`; the search sees them at its next own check,
//! i.e. within [`Limits::check_interval`] nodes. On `ponderhit` the search calls
//! [`Stopper::ponderhit`] and reports `pondering = false` from then on. In the browser the search
//! runs inside the worker's message handler, so a running search cannot receive messages there:
//! a `stop` arrives between searches (or between slices, if the driver searches in slices with
//! finite limits), never during one.

use std::sync::{
    Arc,
    atomic::{AtomicBool, Ordering},
};

use crate::stop::{Budget, Decision, Hints, SearchStats, StopReason, Stopper, Term};

/// Nodes between two checks of the search's own limits by default. At the measured speed of
/// ~2–4 M nodes per second (see `tmlab bench`) this is about 0.1 ms, well under the 1 ms
/// the overshoot target allows, while a check (one clock read) costs a few tens of nanoseconds.
pub const DEFAULT_CHECK_INTERVAL: u64 = 256;

/// The search's own limits. `Limits::default()` has none: the search runs until the stopper
/// stops it, the [`SearchControl`] says `stop`, or the maximum depth is reached.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Limits {
    /// Stop after completing this depth (UCI `go depth`).
    pub depth: Option<u32>,
    /// Stop once this many nodes are searched (UCI `go nodes`). Depth 1 always completes.
    pub nodes: Option<u64>,
    /// Stop once this many milliseconds have elapsed (UCI `go movetime`): a hard limit, checked
    /// every [`Limits::check_interval`] nodes and at every iteration boundary.
    pub movetime_ms: Option<f64>,
    /// The search starts as a ponder search (UCI `go ponder`): the stopper sees
    /// `pondering = true` until [`SearchControl::ponderhit`]. If the search returns while still
    /// pondering (its own limits, the maximum depth), a UCI driver holds `bestmove` until
    /// `ponderhit` or `stop`, as the protocol requires; the same holds for `go infinite`.
    pub ponder: bool,
    /// Nodes between checks of these limits; `None` = [`DEFAULT_CHECK_INTERVAL`].
    pub check_interval: Option<u64>,
    /// Search only these root moves (UCI `go searchmoves`); empty = every legal move. Moves
    /// that are not legal at the root are ignored.
    pub searchmoves: Vec<shakmaty::Move>,
}

impl Limits {
    /// `go depth N`.
    pub fn depth(depth: u32) -> Self {
        Limits { depth: Some(depth), ..Self::default() }
    }

    /// `go nodes N`.
    pub fn nodes(nodes: u64) -> Self {
        Limits { nodes: Some(nodes), ..Self::default() }
    }

    /// `go movetime MS`.
    pub fn movetime(ms: f64) -> Self {
        Limits { movetime_ms: Some(ms), ..Self::default() }
    }

    /// `go infinite`: no limit of its own; only [`SearchControl::stop`] (or the maximum depth)
    /// ends it. Pass [`crate::stop::NeverStop`] as the stopper.
    pub fn infinite() -> Self {
        Self::default()
    }

    /// Validates the limits: a movetime must be a non-negative finite number and an interval
    /// at least 1.
    pub fn validate(&self) -> Result<(), crate::error::FieldError> {
        use crate::error::FieldError;
        if let Some(ms) = self.movetime_ms
            && !(ms.is_finite() && ms >= 0.0)
        {
            return Err(FieldError::new(
                "movetime",
                format!("movetime must be a non-negative number of ms, got {ms}"),
                "",
            ));
        }
        if self.check_interval == Some(0) {
            return Err(FieldError::new("check_interval", "check interval must be at least 1 node", ""));
        }
        Ok(())
    }
}

/// Flags another thread (a UCI input loop) sets to steer a running search. Cloning shares them.
/// Make a fresh one for every search, before starting it, so a `stop` that arrives early is
/// never lost.
#[derive(Clone, Debug, Default)]
pub struct SearchControl {
    stop: Arc<AtomicBool>,
    ponderhit: Arc<AtomicBool>,
    cancel: Arc<AtomicBool>,
}

impl SearchControl {
    /// Fresh flags, both clear.
    pub fn new() -> Self {
        Self::default()
    }

    /// Asks the search to stop (UCI `stop`). It returns the last completed iteration's move.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Drops the search (`tmlab cancel`): it stops as for [`SearchControl::stop`], and the
    /// driver puts the manager back as it was before the move instead of charging it.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
        self.stop();
    }

    /// Whether the search was dropped.
    pub fn cancel_requested(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Tells a ponder search that the opponent played the expected move (UCI `ponderhit`).
    pub fn ponderhit(&self) {
        self.ponderhit.store(true, Ordering::Relaxed);
    }

    /// Whether `stop` was requested.
    pub fn stop_requested(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Whether `ponderhit` was sent and not yet applied by the search.
    pub fn ponderhit_requested(&self) -> bool {
        self.ponderhit.load(Ordering::Relaxed)
    }

    fn take_ponderhit(&self) -> bool {
        self.ponderhit.swap(false, Ordering::Relaxed)
    }
}

/// The caller's stopper, the search's own limits and the control flags, as one object the
/// search consults. See the module documentation for the two cadences.
pub struct Governor<'a> {
    inner: &'a mut dyn Stopper,
    limits: Limits,
    control: SearchControl,
    pondering: bool,
    own_interval: u64,
    next_own: u64,
    next_inner: u64,
    /// Checks are off until the search arms them (at its start, one interval in).
    armed: bool,
}

impl<'a> Governor<'a> {
    /// Composes `inner` with `limits` and `control`. Checks are disarmed until [`Governor::arm`].
    pub fn new(inner: &'a mut dyn Stopper, limits: Limits, control: SearchControl) -> Self {
        let own_interval = limits.check_interval.unwrap_or(DEFAULT_CHECK_INTERVAL).max(1);
        let pondering = limits.ponder;
        Governor {
            inner,
            limits,
            control,
            pondering,
            own_interval,
            next_own: u64::MAX,
            next_inner: u64::MAX,
            armed: false,
        }
    }

    /// Starts the cadences at the search's start (`nodes`): the first check is one interval
    /// later, inside depth 1. A search slower than the stopper's clock (a capped
    /// `tmlab::drive::Level`, a slow machine) then stops inside depth 1 as Stockfish's can,
    /// instead of finishing an iteration that may outlast its clock; at full speed depth 1 is
    /// usually over before the first check.
    pub fn arm(&mut self, nodes: u64) {
        self.armed = true;
        self.next_own = nodes + self.own_interval;
        self.next_inner = nodes + self.inner.check_interval().max(1);
    }

    /// At the end of depth 1: the next check is due at once (`nodes`), then every interval.
    pub fn depth_one_done(&mut self, nodes: u64) {
        self.next_own = nodes;
        self.next_inner = nodes;
    }

    /// The node count at which [`Governor::check`] is next due (`u64::MAX` while disarmed).
    #[inline]
    pub fn next_check(&self) -> u64 {
        if !self.armed {
            return u64::MAX;
        }
        let node_limit = self.limits.nodes.unwrap_or(u64::MAX);
        self.next_own.min(self.next_inner).min(node_limit)
    }

    /// Whether the search is (still) pondering.
    pub fn pondering(&self) -> bool {
        self.pondering
    }

    /// Whether a `ponderhit` is waiting to be applied with [`Governor::apply_ponderhit`].
    pub fn ponderhit_pending(&self) -> bool {
        self.pondering && self.control.ponderhit_requested()
    }

    /// Applies a pending `ponderhit`: tells the stopper and stops pondering.
    pub fn apply_ponderhit(&mut self, stats: &SearchStats) {
        if self.pondering && self.control.take_ponderhit() {
            self.inner.ponderhit(stats);
            self.pondering = false;
        }
    }

    /// The hard check at `nodes` (stats built with the current pondering state).
    pub fn check(&mut self, nodes: u64, stats: &SearchStats) -> Option<StopReason> {
        if nodes >= self.next_own || self.limits.nodes.is_some_and(|n| nodes >= n) {
            self.next_own = nodes + self.own_interval;
            if let Some(reason) = self.own_limit(nodes, stats.elapsed_ms) {
                return Some(reason);
            }
        }
        if nodes >= self.next_inner {
            self.next_inner = nodes + self.inner.check_interval().max(1);
            let mut hints = Hints::reset(stats.total_nodes);
            if let Some(reason) = self.inner.poll(stats, &mut hints).stop {
                return Some(reason);
            }
        }
        None
    }

    fn own_limit(&self, nodes: u64, elapsed_ms: f64) -> Option<StopReason> {
        if self.control.stop_requested() {
            return Some(StopReason::Command);
        }
        if self.limits.movetime_ms.is_some_and(|mt| elapsed_ms >= mt) {
            return Some(StopReason::MoveTime);
        }
        if self.limits.nodes.is_some_and(|n| nodes >= n) {
            return Some(StopReason::Nodes);
        }
        None
    }

    /// The soft check after a completed iteration: the stopper is always told (it may keep
    /// state), then the search's own limits apply.
    pub fn iteration_done(&mut self, nodes: u64, stats: &SearchStats) -> Decision {
        let decision = self.inner.iteration_done(stats);
        if decision.is_stop() {
            return decision;
        }
        if let Some(reason) = self.own_limit(nodes, stats.elapsed_ms) {
            return Decision { stop: Some(reason), ..decision };
        }
        if self.limits.depth.is_some_and(|d| stats.completed_depth() >= d) {
            return Decision { stop: Some(StopReason::Depth), ..decision };
        }
        decision
    }

    /// The stopper's effective soft limit (see [`Stopper::effective_limit`]).
    pub fn effective_limit(&self) -> Option<crate::stop::EffectiveLimit> {
        self.inner.effective_limit()
    }

    /// The budget in force: the stopper's, with soft and hard capped by the move time.
    pub fn budget(&self) -> Budget {
        let mut b = self.inner.budget().clone();
        if let Some(mt) = self.limits.movetime_ms {
            b.soft_ms = b.soft_ms.min(mt);
            b.hard_ms = b.hard_ms.min(mt);
            b.terms.push(Term::new("movetime", mt));
        }
        b
    }
}

#[cfg(test)]
mod tests;
