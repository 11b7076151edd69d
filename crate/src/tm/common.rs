//! Small helpers shared by the managers: clean f32 → f64 conversion for terms, budget assembly
//! with the clock guard, and recognising which kind of search produced the statistics.

use crate::decimal::fixed;
use crate::stop::{Budget, Decision, Hints, SearchStats, StopReason, Term};

use super::MoveContext;

/// `x` limited to `lo ..= hi` (`lo` ≤ `hi`), as `clamp` does, without `clamp`'s panic for bounds
/// out of order, whose message prints both bounds: the charts module links no float printing of
/// core's (issue 24, `crate::decimal`).
pub(crate) fn within<T: PartialOrd>(x: T, lo: T, hi: T) -> T {
    if x < lo {
        lo
    } else if x > hi {
        hi
    } else {
        x
    }
}

/// An `f32` as the `f64` of its shortest decimal form: 0.52f32 → 0.52, not 0.519999980926….
///
/// Terms and schema values carry these, so the UI and JSON show what the user typed.
pub(crate) fn clean(x: f32) -> f64 {
    if !x.is_finite() {
        return x as f64;
    }
    crate::decimal::f32_decimal(x)
}

/// A term from an `f32` value.
pub(crate) fn t32(name: &'static str, x: f32) -> Term {
    Term::new(name, clean(x))
}

/// A term from an `f64` value.
pub(crate) fn t64(name: &'static str, x: f64) -> Term {
    Term::new(name, x)
}

/// Nodes between hard checks when an alpha-beta search drives an MCTS manager (MCTS polls after
/// every batch and ignores the interval); Ethereal's and the project's usual cadence.
pub(crate) const AB_CHECK_INTERVAL: u64 = 1024;

/// Name of the warning term added when a hard limit can run past the clock.
pub(crate) const EXCEEDS_CLOCK: &str = "exceeds_clock";

/// Assembles a budget: NaN becomes 0, negative limits become 0 (a search stops at its first
/// check), and a warning term is added when the hard stop can come after `clock − overhead`.
///
/// `hard_stop` is the elapsed time at which the hard limit fires (the hard limit itself, or
/// less when a manager adds its overhead to elapsed, as the guide does). `why` explains the
/// reference behaviour behind an overrun.
pub(crate) fn finish(
    soft: f64,
    hard: f64,
    mut terms: Vec<Term>,
    clock: f64,
    overhead: f64,
    hard_stop: f64,
    why: &str,
) -> Budget {
    let fix = |x: f64| if x > 0.0 { x } else { 0.0 };
    let (soft, hard) = (fix(soft), fix(hard));
    let room = clock - overhead;
    if clock > overhead && hard_stop > room {
        terms.push(Term {
            name: EXCEEDS_CLOCK,
            value: hard_stop - room,
            warning: Some(format!(
                "the hard limit runs {} ms past clock − overhead ({} ms): {why}",
                fixed(hard_stop - room, 0),
                fixed(room, 0)
            )),
        });
    }
    Budget { soft_ms: soft, hard_ms: hard, terms }
}

/// A budget without limits while pondering (lc0 style, §0.7).
pub(crate) fn ponder_budget() -> Budget {
    let mut b = Budget::unlimited();
    b.terms.push(Term::new("pondering", 1.0));
    b
}

/// The start of every manager's move: records in `pondering` whether the move is searched on
/// the opponent's time, and then gives the budget to return, without limits (§0.7).
pub(crate) fn ponder_start(pondering: &mut bool, ctx: &MoveContext) -> Option<Budget> {
    *pondering = ctx.ponder;
    ctx.ponder.then(ponder_budget)
}

/// Whether statistics come from an MCTS search: only MCTS fills the root visit counts.
pub(crate) fn is_mcts(stats: &SearchStats) -> bool {
    !stats.root_visits.is_empty()
}

/// The poll of an lc0 manager with one deadline (§4, §5, §7): no limit while pondering (§0.7);
/// otherwise lower the remaining-time hint to `deadline − elapsed` and stop once elapsed reaches
/// the deadline. Alpha-beta searches calling it get the deadline as their hard limit.
pub(crate) fn deadline_poll(
    pondering: bool,
    deadline: f64,
    stats: &SearchStats,
    hints: &mut Hints,
) -> Decision {
    if pondering {
        return Decision::CONTINUE;
    }
    hints.remaining_ms = hints.remaining_ms.min(deadline - stats.elapsed_ms);
    Decision::stop_if(stats.elapsed_ms >= deadline, StopReason::Deadline)
}

/// The soft check of a one-deadline lc0 manager under alpha-beta: the same rule as
/// [`deadline_poll`] (soft = hard), with hints nobody reads.
pub(crate) fn deadline_iteration_done(pondering: bool, deadline: f64, stats: &SearchStats) -> Decision {
    deadline_poll(pondering, deadline, stats, &mut Hints::reset(0))
}

/// lc0's integer milliseconds from an `f64` elapsed time (truncated toward zero).
pub(crate) fn ms_i64(x: f64) -> i64 {
    if x.is_finite() { x.trunc() as i64 } else { 0 }
}

/// The methods every manager made by `Self::new(self.cfg)` writes alike: its name and searcher
/// from its config's declaration ([`super::params::ManagerConfig`]), a new game as a new manager
/// from the same config, and its move overhead, the config's `move_overhead` field (ms), or none
/// (`from_config!(Config, no overhead)`). Use inside `impl TimeManager for …`.
macro_rules! from_config {
    ($cfg:ty) => {
        $crate::tm::common::from_config!(@new $cfg);
        fn overhead_ms(&self) -> f64 {
            f64::from(self.cfg.move_overhead)
        }
    };
    ($cfg:ty, no overhead) => {
        $crate::tm::common::from_config!(@new $cfg);
        fn overhead_ms(&self) -> f64 {
            0.0
        }
    };
    (@new $cfg:ty) => {
        fn name(&self) -> &'static str {
            <$cfg as $crate::tm::params::ManagerConfig>::NAME
        }
        fn search_kind(&self) -> $crate::tm::SearchKind {
            <$cfg as $crate::tm::params::ManagerConfig>::SEARCH
        }
        fn new_game(&mut self) {
            *self = Self::new(self.cfg);
        }
    };
}
pub(crate) use from_config;

/// The state methods of a manager that carries nothing from one move to the next (every input
/// is in the move's context): nothing to show, save or load. Use inside
/// `impl TimeManager for …`; a manager with per-game state writes the three methods itself
/// (the save/load property test of every registered manager checks them).
macro_rules! no_game_state {
    () => {
        fn state(&self) -> Vec<$crate::stop::Term> {
            Vec::new()
        }
        fn save_state(&self, _w: &mut $crate::tm::state::StateWriter) {}
        fn load_state(
            &mut self,
            _r: &mut $crate::tm::state::StateReader,
        ) -> Result<(), $crate::tm::state::StateError> {
            Ok(())
        }
    };
}
pub(crate) use no_game_state;

/// Statistics of an alpha-beta search for the managers' tests: `its` completed after
/// `elapsed_ms`, a million nodes of which the best move took the share `share`, 30 root moves.
#[cfg(test)]
pub(crate) fn ab_stats(elapsed_ms: f64, its: &[crate::stop::Iteration], share: f64) -> SearchStats<'_> {
    SearchStats {
        elapsed_ms,
        iterations: its,
        search_nodes: 1_000_000,
        best_move_nodes: (share * 1e6).round() as u64,
        root_moves: 30,
        ..SearchStats::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_keeps_the_decimal_form() {
        assert_eq!(clean(0.52), 0.52);
        assert_eq!(clean(2181.416), 2181.416);
        assert_eq!(clean(45.2), 45.2);
    }

    #[test]
    fn finish_clamps_and_warns() {
        let b = finish(-5.0, f64::NAN, vec![], 1000.0, 200.0, 0.0, "x");
        assert_eq!((b.soft_ms, b.hard_ms), (0.0, 0.0));
        assert!(b.terms.is_empty());
        let b = finish(100.0, 900.0, vec![], 1000.0, 200.0, 900.0, "reference rule");
        let w = b.terms.iter().find(|t| t.name == EXCEEDS_CLOCK).unwrap();
        assert_eq!(w.value, 100.0);
        assert!(w.warning.as_deref().unwrap().contains("reference rule"));
        let b = finish(100.0, 900.0, vec![], 100.0, 200.0, 900.0, "x");
        assert!(b.terms.is_empty(), "no guard while the clock is below the overhead");
    }
}
