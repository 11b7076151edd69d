//! Strength levels: five steps from a beginner's engine to full strength, made by capping the
//! rate at which the search may visit nodes. The time manager is untouched: it gets the same
//! clock, computes the same budget and stops for the same reasons; the search simply sees fewer
//! nodes in that time, as on a slower machine.
//!
//! - On a **virtual clock** (time = nodes ÷ virtual nps) the cap is the virtual rate itself:
//!   `min(virtual nps, cap)`.
//! - On the **wall clock** the search is throttled by [`NodeRateCap`], a stopper adaptor between
//!   the search and the manager's stopper: at every check it waits until the wall clock has
//!   caught up with `nodes ÷ cap` (never past the hard limit), then hands the manager the time
//!   now elapsed. The wait spins (a browser worker cannot sleep), so a capped engine uses the
//!   same CPU as a full-strength one while it thinks.
//!
//! On either clock the manager's checks come at least every [`THROTTLE_SLICE_MS`] of capped
//! time ([`slice_nodes`]): a check interval is a node count (Stockfish's manager checks every
//! 1024 nodes, MCTS after a batch of 128 playouts), which at 250 nodes/s would be four seconds
//! between two looks at the hard limit. [`NodeRateCap`] shortens alpha-beta's interval; the
//! driver shortens the MCTS batch (only the poll cadence: the search is the same).
//!
//! The caps are nodes per second for alpha-beta and playouts per second for MCTS (a playout
//! costs a small quiescence search, several alpha-beta nodes); each level is ten times the one
//! below it. Level [`FULL`] has no cap. `docs/play.md` gives the Elo steps
//! between neighbouring levels, measured with `tmlab match`.

use crate::error::FieldError;
use crate::tm::SearchKind;
use serde::Serialize;

use crate::clock::timer::Timer;
use crate::search::SearchControl;
use crate::stop::{Adaptor, SearchStats, Stopper};

/// The full-strength level (no cap), the default everywhere but Play.
pub const FULL: u8 = 5;

/// At most this much capped time (ms) passes between two checks of a throttled search.
pub const THROTTLE_SLICE_MS: f64 = 10.0;

/// One strength level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Level {
    /// 1 (weakest) … [`FULL`].
    pub level: u8,
    /// A one-word name (`beginner`, …).
    pub name: &'static str,
    /// Alpha-beta: nodes per second at most (`None`: no cap).
    pub ab_nps: Option<u64>,
    /// MCTS: playouts per second at most (`None`: no cap).
    pub mcts_pps: Option<u64>,
}

/// The five levels, weakest first: each allows ten times the node rate of the one below. MCTS
/// gets a twentieth of alpha-beta's rate, as its playouts cost about twenty alpha-beta nodes
/// each here (natively 48 k playouts/s against 1.1 M nodes/s, measured in one run). Full
/// strength is whatever the machine gives (several million nodes/s in a browser worker).
pub const LEVELS: [Level; 5] = [
    Level { level: 1, name: "beginner", ab_nps: Some(250), mcts_pps: Some(12) },
    Level { level: 2, name: "casual", ab_nps: Some(2_500), mcts_pps: Some(125) },
    Level { level: 3, name: "club", ab_nps: Some(25_000), mcts_pps: Some(1_250) },
    Level { level: 4, name: "expert", ab_nps: Some(250_000), mcts_pps: Some(12_500) },
    Level { level: FULL, name: "full strength", ab_nps: None, mcts_pps: None },
];

impl Level {
    /// The level numbered `n`.
    ///
    /// # Errors
    /// `n` is not 1 … [`FULL`]; the message names it and the range.
    pub fn get(n: u64) -> Result<Level, FieldError> {
        LEVELS.iter().find(|l| u64::from(l.level) == n).copied().ok_or_else(|| {
            FieldError::new(
                "level",
                format!("level {n} does not exist"),
                format!("a whole number from 1 (beginner) to {FULL} (full strength)"),
            )
        })
    }

    /// Full strength.
    pub fn full() -> Level {
        LEVELS[LEVELS.len() - 1]
    }

    /// The cap for `searcher`, per second (`None`: full strength).
    pub fn cap(&self, searcher: SearchKind) -> Option<f64> {
        match searcher {
            SearchKind::AlphaBeta => self.ab_nps,
            SearchKind::Mcts => self.mcts_pps,
        }
        .map(|n| n as f64)
    }

    /// `3 (club, at most 25000 nodes/s)` for `searcher`.
    pub fn describe(&self, searcher: SearchKind) -> String {
        let unit = if searcher == SearchKind::Mcts { "playouts" } else { "nodes" };
        match self.cap(searcher) {
            Some(c) => format!("{} ({}, at most {c} {unit}/s)", self.level, self.name),
            None => format!("{} ({}, no cap)", self.level, self.name),
        }
    }

    /// The timer a search at this level uses: a virtual clock runs at the capped rate; the wall
    /// clock is left alone (see [`Level::throttle`]).
    pub fn timer(&self, timer: Timer, searcher: SearchKind) -> Timer {
        match (timer, self.cap(searcher)) {
            (Timer::Virtual { nodes_per_ms }, Some(cap)) => {
                Timer::Virtual { nodes_per_ms: nodes_per_ms.min(cap / 1000.0) }
            }
            _ => timer,
        }
    }

    /// The node rate (per ms) a search at this level is held to by [`NodeRateCap`], if any
    /// (on a virtual clock running at [`Level::timer`]'s rate it never waits, but still checks
    /// often enough).
    pub fn throttle(&self, searcher: SearchKind) -> Option<f64> {
        self.cap(searcher).map(|c| c / 1000.0)
    }
}

impl Default for Level {
    fn default() -> Self {
        Level::full()
    }
}

/// A stopper adaptor that holds a wall-clock search to `nodes_per_ms` (see the module
/// documentation), in front of the manager's stopper ([`crate::stop::Chain`]): decisions, budgets and
/// effective limits are the inner stopper's.
pub struct NodeRateCap {
    timer: Timer,
    nodes_per_ms: f64,
    control: SearchControl,
}

impl NodeRateCap {
    /// Throttles a search timed by `timer` to `nodes_per_ms`; a stop or cancel on `control`
    /// ends a wait at once.
    pub fn new(timer: Timer, nodes_per_ms: f64, control: SearchControl) -> Self {
        NodeRateCap { timer, nodes_per_ms: nodes_per_ms.max(1e-6), control }
    }

    /// Waits until the wall clock reaches the time `nodes` take at the cap (at most until
    /// `hard_ms`), and returns `stats` with the time elapsed after the wait.
    fn wait<'s>(&self, hard_ms: f64, stats: &SearchStats<'s>) -> SearchStats<'s> {
        let due = (stats.nodes_this_move as f64 / self.nodes_per_ms).min(hard_ms);
        let mut now = self.timer.elapsed_ms(stats.nodes_this_move);
        while now < due && !self.control.stop_requested() && !self.control.cancel_requested() {
            pause((due - now).min(1.0));
            now = self.timer.elapsed_ms(stats.nodes_this_move);
        }
        let mut s = stats.clone();
        let waited = now - stats.elapsed_ms;
        s.elapsed_ms = now;
        if s.since_first_batch_ms > 0.0 {
            s.since_first_batch_ms += waited;
        }
        s
    }
}

impl Adaptor for NodeRateCap {
    fn before<'s>(&mut self, inner: &dyn Stopper, stats: &SearchStats<'s>) -> Option<SearchStats<'s>> {
        Some(self.wait(inner.budget().hard_ms, stats))
    }

    fn check_interval(&self, inner: u64) -> u64 {
        inner.min(slice_nodes(self.nodes_per_ms))
    }
}

/// Lets `ms` pass: sleeps natively, spins in the browser (a worker cannot block otherwise).
fn pause(ms: f64) {
    #[cfg(not(target_arch = "wasm32"))]
    std::thread::sleep(std::time::Duration::from_secs_f64(ms.max(0.0) / 1000.0));
    #[cfg(target_arch = "wasm32")]
    {
        let until = web_time::Instant::now() + web_time::Duration::from_secs_f64(ms.max(0.0) / 1000.0);
        while web_time::Instant::now() < until {
            std::hint::spin_loop();
        }
    }
}

/// The nodes a search held to `nodes_per_ms` visits in [`THROTTLE_SLICE_MS`] (at least one): at
/// most this many between two checks (alpha-beta's check interval, MCTS's batch size).
pub fn slice_nodes(nodes_per_ms: f64) -> u64 {
    (nodes_per_ms * THROTTLE_SLICE_MS).floor().max(1.0) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stop::{Budget, Chain, Decision, Hints, NeverStop};

    #[test]
    fn levels_are_numbered_and_each_faster_than_the_last() {
        for (i, l) in LEVELS.iter().enumerate() {
            assert_eq!(usize::from(l.level), i + 1);
            assert_eq!(Level::get(u64::from(l.level)).unwrap(), *l);
        }
        for w in LEVELS.windows(2) {
            for s in [SearchKind::AlphaBeta, SearchKind::Mcts] {
                let (a, b) = (w[0].cap(s).unwrap(), w[1].cap(s).unwrap_or(f64::INFINITY));
                assert!(b > a, "level {} must be faster than level {}", w[1].level, w[0].level);
            }
        }
        assert_eq!(Level::full().cap(SearchKind::AlphaBeta), None);
        assert!(Level::get(0).unwrap_err().allowed.contains("from 1 (beginner) to 5"));
        assert!(Level::get(6).is_err());
        assert_eq!(Level::get(3).unwrap().describe(SearchKind::AlphaBeta), "3 (club, at most 25000 nodes/s)");
    }

    #[test]
    fn a_virtual_clock_runs_at_the_capped_rate() {
        let l = Level::get(2).unwrap();
        let t = l.timer(Timer::virtual_nps(1_000_000.0), SearchKind::AlphaBeta);
        assert_eq!(t.elapsed_ms(2_500), 1000.0, "2500 nodes take a second at 2500 nodes/s");
        let mut never = NeverStop::default();
        let cap = Chain {
            inner: &mut never,
            adaptor: NodeRateCap::new(t, l.throttle(SearchKind::AlphaBeta).unwrap(), SearchControl::new()),
        };
        let clock = std::time::Instant::now();
        let s = cap.adaptor.wait(
            f64::INFINITY,
            &SearchStats {
                nodes_this_move: 5_000,
                elapsed_ms: t.elapsed_ms(5_000),
                ..SearchStats::default()
            },
        );
        assert_eq!(s.elapsed_ms, 2000.0, "no waiting on a virtual clock: it already runs at the cap");
        assert!(clock.elapsed().as_millis() < 100);
        assert_eq!(cap.check_interval(), 25, "but a check every 10 ms of capped time (25 nodes)");
        let slow = Timer::virtual_nps(1000.0);
        assert_eq!(l.timer(slow, SearchKind::AlphaBeta).elapsed_ms(1000), 1000.0, "a slower clock stays");
        let full = Level::full().timer(Timer::virtual_nps(1e6), SearchKind::AlphaBeta);
        assert_eq!(full.elapsed_ms(1000), 1.0);
        assert_eq!(Level::full().throttle(SearchKind::AlphaBeta), None);
        assert_eq!(l.throttle(SearchKind::Mcts), Some(0.125));
    }

    #[test]
    fn the_wall_clock_waits_for_the_capped_rate_but_never_past_the_hard_limit() {
        let mut never = NeverStop::default();
        let timer = Timer::real();
        let cap = Chain { inner: &mut never, adaptor: NodeRateCap::new(timer, 1.0, SearchControl::new()) };
        assert_eq!(cap.check_interval(), 10, "a check per 10 ms of capped time");
        let stats = SearchStats { nodes_this_move: 40, ..SearchStats::default() };
        let s = cap.adaptor.wait(f64::INFINITY, &stats);
        assert!(s.elapsed_ms >= 40.0, "40 nodes at 1 node/ms take 40 ms: {}", s.elapsed_ms);
        assert!(timer.elapsed_ms(0) >= 40.0);
        // A hard limit bounds the wait.
        struct Hard(Budget);
        impl Stopper for Hard {
            fn check_interval(&self) -> u64 {
                1000
            }
            fn poll(&mut self, _: &SearchStats, _: &mut Hints) -> Decision {
                Decision::CONTINUE
            }
            fn iteration_done(&mut self, _: &SearchStats) -> Decision {
                Decision::CONTINUE
            }
            fn budget(&self) -> &Budget {
                &self.0
            }
        }
        let mut hard = Hard(Budget { soft_ms: 20.0, hard_ms: 30.0, terms: Vec::new() });
        let t = Timer::real();
        let mut cap = Chain { inner: &mut hard, adaptor: NodeRateCap::new(t, 0.001, SearchControl::new()) };
        let stats = SearchStats { nodes_this_move: 1000, ..SearchStats::default() };
        let s = cap.adaptor.before(&*cap.inner, &stats).expect("the cap hands on the time after its wait");
        assert!(
            s.elapsed_ms >= 30.0 && s.elapsed_ms < 1000.0,
            "stopped waiting at the hard limit: {}",
            s.elapsed_ms
        );
        // A stop ends the wait.
        let control = SearchControl::new();
        control.stop();
        let cap = NodeRateCap::new(Timer::real(), 0.001, control);
        let s = cap.wait(f64::INFINITY, &SearchStats { nodes_this_move: 1000, ..SearchStats::default() });
        assert!(s.elapsed_ms < 100.0, "{}", s.elapsed_ms);
    }
}
