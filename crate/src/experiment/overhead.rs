//! Flag risk against Move Overhead: by simulation on the virtual clock, the probability that a
//! manager loses a game on time under a latency model, for each Move Overhead; the smallest
//! overhead that keeps the risk under a chosen level; and the Elo that overhead costs.
//!
//! **Why the usage model, not real searches.** A risk of 1 in 1 000 games is only seen in
//! thousands of games per overhead, tens of overheads: millions of moves. The manager's budgets
//! are computed by the manager itself (the same code that plays), fed the GUI's clock each move;
//! only the search is modelled, as in `tmlab simulate`: each move thinks for its soft limit, and
//! a share `to_hard` of the moves (drawn at random) run to the hard limit, as an unstable search
//! does. A real search never thinks past the hard limit, so the model's worst moves are the real
//! worst moves; what it cannot say is how often they come (`to_hard`).
//!
//! One game ([`simulate_game`]): a fresh manager with `move-overhead` set; `moves` moves of one
//! side; each move the manager is told the clock (`wtime`/`winc`/`movestogo`), thinks
//! `used` (the usage model), and the clock is charged `used + latency` (one draw of the
//! latency model). The game is lost on time when a charge exceeds the clock. Game `g` draws its
//! latencies and its hard-limit moves from seed `(seed, g)`, the same at every overhead, so the
//! curve compares overheads on the same games.
//!
//! The risk bound: with `f` flags in `n` games, the upper end of the 95 % Wilson interval of
//! `f/n`. The required overhead is the smallest one whose bound is at most `risk` and stays so
//! at every larger overhead tried, refined to 1 ms by bisection between the grid's points.
//!
//! The Elo cost of an overhead: it shrinks every budget, so the engine thinks less. The
//! simulation measures the thinking time it leaves, `T(O)`, against no overhead, `T(0)`, on the
//! same games; the cost is `elo_per_doubling · log₂(T(0)/T(O))`, where `elo_per_doubling` is what
//! doubling the thinking time is worth at that control (measured for tmlab's searcher with a
//! time-odds match; docs/experiments.md gives the run).

use crate::error::FieldError;
use serde::{Deserialize, Serialize};

use super::latency::{LatencyModel, Rng};
use super::param::NumericParam;
use crate::clock::{Clock, TimeControl, Timing};
use crate::tm::{MoveContext, MoveEnd, TmSpec};

/// Legal moves told to managers that ask.
const LEGAL_MOVES: u32 = 30;
/// z of the 95 % Wilson interval.
const Z: f64 = 1.959_963_984_540_054;

/// A flag-risk simulation's settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OverheadSpec {
    /// The manager (spec string); its `move-overhead` is set per point.
    pub tm: String,
    /// The control (cutechess syntax).
    pub tc: String,
    /// The latency model.
    pub latency: LatencyModel,
    /// Games simulated per overhead.
    pub games: u32,
    /// Moves of the side per game.
    pub moves: u32,
    /// The acceptable flag risk per game.
    pub risk: f64,
    /// Share of moves that think until the hard limit (the rest think for the soft limit).
    pub to_hard: f64,
    /// Seed of the draws.
    pub seed: u64,
    /// Elo of a doubling of the thinking time at this control.
    pub elo_per_doubling: f64,
    /// Overheads to draw the curve at, ms (empty: chosen from the latency model).
    pub overheads: Vec<f64>,
}

/// Defaults: 5 000 games of 65 moves (a typical game, [`super::cost::TYPICAL_PLIES`]/2), a risk
/// of 1 in 1 000, 10 % of moves to the hard limit.
impl Default for OverheadSpec {
    fn default() -> Self {
        OverheadSpec {
            tm: "stockfish".into(),
            tc: "10+0.1".into(),
            latency: LatencyModel::Fixed { ms: 20.0 },
            games: 5000,
            moves: (super::cost::TYPICAL_PLIES / 2.0) as u32,
            risk: 0.001,
            to_hard: 0.1,
            seed: 1,
            elo_per_doubling: DEFAULT_ELO_PER_DOUBLING,
            overheads: Vec::new(),
        }
    }
}

/// Elo of a doubling of thinking time used when none is given: tmlab's alpha-beta searcher with
/// Stockfish's manager at 2+0.02 against itself at 1+0.01 scored +263 ± 74 Elo in 100 games
/// (`tmlab match --a stockfish --b stockfish --tc 2+0.02 --tc-b 1+0.01 --games 100`, virtual
/// clock 1 000 nodes/ms; docs/experiments.md, "Flag risk"). At longer controls a doubling is
/// worth less: there the cost it gives is an upper bound.
pub const DEFAULT_ELO_PER_DOUBLING: f64 = 263.0;

/// One simulated game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct GameRun {
    /// Lost on time.
    pub flagged: bool,
    /// The move (1-based) that lost on time.
    pub flag_move: Option<u32>,
    /// Thinking time of the moves played, ms.
    pub think_ms: f64,
}

/// One overhead's results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OverheadPoint {
    /// Move Overhead, ms.
    pub overhead_ms: f64,
    /// Games lost on time.
    pub flags: u32,
    /// Games simulated.
    pub games: u32,
    /// `flags / games`.
    pub p: f64,
    /// Upper end of its 95 % (Wilson) interval.
    pub p_hi: f64,
    /// Thinking time against no overhead, `T(O)/T(0)` on the same games.
    pub think_ratio: f64,
    /// Elo lost to the overhead's shorter thinking: `elo_per_doubling · log₂(1/think_ratio)`.
    pub elo_cost: f64,
}

/// The simulation's answer.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct OverheadReport {
    /// What was simulated.
    pub spec: OverheadSpec,
    /// The manager's own Move Overhead, ms.
    pub default_overhead_ms: f64,
    /// The curve, by overhead.
    pub points: Vec<OverheadPoint>,
    /// The smallest overhead (1 ms resolution) whose risk bound is at most `risk`, with its
    /// numbers; `None` when no overhead tried is safe.
    pub required: Option<OverheadPoint>,
    /// The answer as a sentence, with its numbers.
    pub sentence: String,
}

/// Upper end of the 95 % Wilson interval of `k` successes in `n` trials.
pub fn wilson_upper(k: u32, n: u32) -> f64 {
    if n == 0 {
        return 1.0;
    }
    let (k, n) = (f64::from(k), f64::from(n));
    let p = k / n;
    let z2 = Z * Z;
    let centre = p + z2 / (2.0 * n);
    let half = Z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre + half) / (1.0 + z2 / n)).min(1.0)
}

/// A checked simulation: the manager at each overhead is built from `tm` and `param`.
#[derive(Clone, Debug)]
pub struct OverheadPlan {
    /// The settings.
    pub spec: OverheadSpec,
    tm: TmSpec,
    param: NumericParam,
    tc: TimeControl,
}

/// Why a spec is refused: a [`FieldError`] whose path is `tm`, `tc`, `games`, `moves`, `risk`,
/// `to_hard`, `elo_per_doubling` or `overheads`.
pub type OverheadError = FieldError;

fn bad(path: &'static str, message: impl Into<String>, allowed: impl Into<String>) -> OverheadError {
    FieldError::new(path, message, allowed)
}

impl OverheadSpec {
    /// Checks every field.
    ///
    /// # Errors
    /// The first bad field.
    pub fn plan(&self) -> Result<OverheadPlan, OverheadError> {
        let tm: TmSpec =
            self.tm.parse().map_err(|e: crate::tm::SpecError| bad("tm", e.to_string(), "a manager spec"))?;
        let param = NumericParam::find(&tm, "move-overhead").map_err(|e| {
            bad(
                "tm",
                format!("{} has no move-overhead: {}", tm.manager(), e.message),
                "a manager with a Move Overhead",
            )
        })?;
        let tc: TimeControl = self.tc.parse().map_err(|e: crate::clock::TcError| {
            bad("tc", e.to_string(), "a game clock such as 10+0.1 or 40/60")
        })?;
        if matches!(tc.timing, Timing::Infinite | Timing::MoveTime { .. } | Timing::Hourglass { .. }) {
            return Err(bad(
                "tc",
                format!("`{tc}` has no clock to lose on"),
                "a game clock such as 10+0.1 or 40/60 (not st=, inf or hourglass)",
            ));
        }
        if !(100..=1_000_000).contains(&self.games) {
            return Err(bad(
                "games",
                format!("{} is not allowed", self.games),
                "100 … 1000000 games per overhead",
            ));
        }
        if !(1..=500).contains(&self.moves) {
            return Err(bad("moves", format!("{} is not allowed", self.moves), "1 … 500 moves per game"));
        }
        // With no flag at all the bound is about 3.84/games: it must be able to fall below the risk.
        let floor = wilson_upper(0, self.games);
        if !(self.risk.is_finite() && self.risk > 0.0 && self.risk < 1.0) || self.risk < floor {
            return Err(bad(
                "risk",
                format!(
                    "{} cannot be shown with {} games (even no flag bounds the risk at {:.5})",
                    self.risk, self.games, floor
                ),
                format!("a probability from {floor:.5} (or more games) up to below 1"),
            ));
        }
        if !(0.0..=1.0).contains(&self.to_hard) {
            return Err(bad("to_hard", format!("{} is not allowed", self.to_hard), "a share 0 … 1"));
        }
        if !(self.elo_per_doubling.is_finite() && (0.0..=1000.0).contains(&self.elo_per_doubling)) {
            return Err(bad(
                "elo_per_doubling",
                format!("{} is not allowed", self.elo_per_doubling),
                "0 … 1000 Elo",
            ));
        }
        if self.overheads.len() > 200 {
            return Err(bad(
                "overheads",
                format!("{} overheads is too many", self.overheads.len()),
                "at most 200",
            ));
        }
        for &o in &self.overheads {
            if !param.accepts(o) {
                return Err(bad(
                    "overheads",
                    format!("{o} ms is out of range for {}", tm.manager()),
                    param.allowed(),
                ));
            }
        }
        Ok(OverheadPlan { spec: self.clone(), tm, param, tc })
    }
}

impl OverheadPlan {
    /// The manager's own Move Overhead, ms.
    pub fn default_overhead(&self) -> f64 {
        self.param.current
    }

    /// The largest Move Overhead the manager accepts, ms.
    pub fn max_overhead(&self) -> f64 {
        self.param.range.max
    }

    /// Game `g` at Move Overhead `overhead` ms.
    ///
    /// # Errors
    /// The manager refuses the overhead.
    pub fn game(&self, overhead: f64, g: u32) -> Result<GameRun, FieldError> {
        let spec = self.param.apply(&self.tm, overhead.round())?;
        let mut tm = spec.build();
        Ok(simulate_game(tm.as_mut(), &self.tc, &self.spec, g))
    }

    /// Every game at `overhead`: the flags and the total thinking time.
    ///
    /// # Errors
    /// The manager refuses the overhead.
    pub fn run(&self, overhead: f64) -> Result<(u32, f64), FieldError> {
        let spec = self.param.apply(&self.tm, overhead.round())?;
        let mut tm = spec.build();
        let mut flags = 0;
        let mut think = 0.0;
        for g in 0..self.spec.games {
            let r = simulate_game(tm.as_mut(), &self.tc, &self.spec, g);
            flags += u32::from(r.flagged);
            think += r.think_ms;
        }
        Ok((flags, think))
    }

    /// The overheads of the curve: the spec's, or 21 from 0 to `hi` spaced quadratically (dense
    /// near 0, where the risk falls): `hi` is four times the latency that one move in `moves`
    /// exceeds (its quantile 1 − 1/moves, from 20 000 draws), at least 50 ms, rounded up to
    /// 10 ms, within the manager's range.
    pub fn overheads(&self) -> Vec<f64> {
        if !self.spec.overheads.is_empty() {
            let mut v = self.spec.overheads.clone();
            v.sort_by(f64::total_cmp);
            v.dedup();
            return v;
        }
        let mut rng = Rng::new(self.spec.seed ^ 0x5eed);
        let mut draws: Vec<f64> = (0..20_000).map(|_| self.spec.latency.sample(&mut rng)).collect();
        draws.sort_by(f64::total_cmp);
        let q = 1.0 - 1.0 / f64::from(self.spec.moves);
        let at = ((q * draws.len() as f64) as usize).min(draws.len() - 1);
        let hi = ((4.0 * draws[at]).max(50.0) / 10.0).ceil() * 10.0;
        let hi = hi.min(self.max_overhead());
        let mut v: Vec<f64> = Vec::new();
        for i in 0..=20 {
            let x = (hi * (f64::from(i) / 20.0).powi(2)).round();
            if v.last() != Some(&x) {
                v.push(x);
            }
        }
        v
    }

    /// The curve, the required overhead and the sentence. `on_point(done, total)` hears each
    /// overhead finished.
    ///
    /// # Errors
    /// The manager refuses an overhead.
    pub fn report(&self, on_point: &mut dyn FnMut(usize, usize)) -> Result<OverheadReport, FieldError> {
        let overheads = self.overheads();
        let (_, think0) = self.run(0.0)?;
        let n = self.spec.games;
        let e = self.spec.elo_per_doubling;
        let point = |o: f64, flags: u32, think: f64| {
            let ratio = if think0 > 0.0 { think / think0 } else { 1.0 };
            OverheadPoint {
                overhead_ms: o,
                flags,
                games: n,
                p: f64::from(flags) / f64::from(n),
                p_hi: wilson_upper(flags, n),
                think_ratio: ratio,
                // No thinking left at all counts as 20 doublings lost (a finite number for JSON).
                elo_cost: e * (1.0 / ratio.max(1e-6)).log2(),
            }
        };
        let mut points = Vec::new();
        for (i, &o) in overheads.iter().enumerate() {
            let (flags, think) = self.run(o)?;
            points.push(point(o, flags, think));
            on_point(i + 1, overheads.len());
        }
        let safe = |p: &OverheadPoint| p.p_hi <= self.spec.risk;
        // The first point from which every larger one is safe.
        let first = (0..points.len()).find(|&i| points[i..].iter().all(safe));
        let required = match first {
            None => None,
            Some(0) => Some(points[0].clone()),
            Some(i) => {
                // Bisection on whole ms between the last unsafe point and the first safe one.
                let (mut lo, mut hi) = (points[i - 1].overhead_ms, points[i].clone());
                while hi.overhead_ms - lo > 1.0 {
                    let mid = ((lo + hi.overhead_ms) / 2.0).floor();
                    let (flags, think) = self.run(mid)?;
                    let p = point(mid, flags, think);
                    if safe(&p) { hi = p } else { lo = mid }
                }
                Some(hi)
            }
        };
        let sentence = self.sentence(required.as_ref(), overheads.last().copied().unwrap_or(0.0));
        Ok(OverheadReport {
            spec: self.spec.clone(),
            default_overhead_ms: self.default_overhead(),
            points,
            required,
            sentence,
        })
    }

    fn sentence(&self, required: Option<&OverheadPoint>, hi: f64) -> String {
        let s = &self.spec;
        let risk = format!("1 in {:.0} games", 1.0 / s.risk);
        let tm = self.tm.manager();
        match required {
            Some(p) => format!(
                "{tm} at {} with latency {}: a Move Overhead of {} ms keeps the flag risk under {risk} ({} flags in {} simulated games, 95 % bound {:.5}); it leaves {:.1} % of the thinking time, about {:.1} Elo at {:.0} Elo per doubling (the manager's own overhead is {} ms)",
                s.tc,
                s.latency.label(),
                p.overhead_ms,
                p.flags,
                p.games,
                p.p_hi,
                100.0 * p.think_ratio,
                p.elo_cost,
                s.elo_per_doubling,
                self.default_overhead()
            ),
            None => format!(
                "{tm} at {} with latency {}: no Move Overhead tried (up to {hi} ms) keeps the flag risk under {risk}; try larger overheads (--overheads) or a longer control",
                s.tc,
                s.latency.label()
            ),
        }
    }
}

/// One simulated game of `spec.moves` moves (see the module documentation); game `g`'s draws.
pub fn simulate_game(
    tm: &mut dyn crate::tm::TimeManager,
    tc: &TimeControl,
    spec: &OverheadSpec,
    g: u32,
) -> GameRun {
    tm.new_game();
    let mut rng = Rng::new(spec.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ u64::from(g));
    let mut clock = Clock::new(tc);
    let mut think = 0.0;
    for i in 0..spec.moves {
        let Some(view) = clock.uci_view() else { break };
        let ctx =
            MoveContext::new(view.time_ms as f64, view.inc_ms as f64, 2 * i).with_movestogo(view.movestogo);
        let ctx = MoveContext { legal_moves: LEGAL_MOVES, ..ctx };
        // Both draws every move, whatever the model: the games stay the same at every overhead.
        let to_hard = rng.unit() <= spec.to_hard;
        let latency = spec.latency.sample(&mut rng);
        let b = tm.begin_move(&ctx);
        let used = if to_hard { b.hard_ms } else { b.soft_ms.min(b.hard_ms) }.max(0.0);
        tm.end_move(&MoveEnd::new(used, 0));
        think += used;
        if clock.charge(used + latency).flagged {
            return GameRun { flagged: true, flag_move: Some(i + 1), think_ms: think };
        }
    }
    GameRun { flagged: false, flag_move: None, think_ms: think }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(tm: &str, tc: &str, latency: &str) -> OverheadSpec {
        OverheadSpec {
            tm: tm.into(),
            tc: tc.into(),
            latency: latency.parse().unwrap(),
            games: 200,
            risk: 0.02,
            ..OverheadSpec::default()
        }
    }

    #[test]
    fn a_fixed_latency_beyond_the_clock_always_flags() {
        // 1+0.01: the clock shows 1 010 ms before move 1 (the increment is credited first).
        // A latency of 2 000 ms alone exceeds it, whatever the engine thinks: every game is lost
        // at move 1, at every overhead. Probability exactly 1.
        let plan = spec("stockfish", "1+0.01", "fixed:2000").plan().unwrap();
        for o in [0.0, 10.0, 500.0] {
            assert_eq!(plan.run(o).unwrap().0, 200, "overhead {o}");
            assert_eq!(plan.game(o, 3).unwrap().flag_move, Some(1));
        }
    }

    #[test]
    fn a_fixed_latency_the_overhead_covers_never_flags() {
        // Every manager keeps its hard limit at or below clock − overhead (§0.4; a term warns
        // otherwise). With a fixed latency L ≤ overhead O, a move charges used + L ≤ hard + O ≤
        // clock: no game can flag. Probability exactly 0, every move run to the hard limit.
        let mut s = spec("stockfish", "10+0.1", "fixed:30");
        s.to_hard = 1.0;
        let plan = s.plan().unwrap();
        assert_eq!(plan.run(30.0).unwrap().0, 0);
        assert_eq!(plan.run(100.0).unwrap().0, 0);
        // Not every manager keeps that bound: lc0-legacy's hard limit can pass clock − overhead
        // late in a game (its budget then carries a warning term), and with every move run to
        // it, 200 ms of latency under a 200 ms overhead loses on time.
        let mut s = spec("lc0-legacy", "10+0.1", "fixed:200");
        s.to_hard = 1.0;
        assert!(s.plan().unwrap().run(200.0).unwrap().0 > 0);
    }

    #[test]
    fn the_curve_falls_and_the_required_overhead_is_safe() {
        let mut s = spec("stockfish", "2+0.02", "normal:40,15");
        s.games = 400;
        s.risk = 0.01;
        let plan = s.plan().unwrap();
        let r = plan.report(&mut |_, _| {}).unwrap();
        assert_eq!(r.default_overhead_ms, 10.0);
        assert!(r.points[0].flags > 0, "no overhead against 40 ms latency flags: {:?}", r.points[0]);
        let req = r.required.clone().unwrap();
        assert!(req.p_hi <= 0.01 && req.overhead_ms > 0.0, "{req:?}");
        assert!(req.think_ratio < 1.0 && req.elo_cost > 0.0);
        // One ms less is not safe (the bisection's bracket), unless it is on the grid's safe side.
        let (flags, _) = plan.run(req.overhead_ms - 1.0).unwrap();
        assert!(wilson_upper(flags, 400) > 0.01, "{} flags at {} ms", flags, req.overhead_ms - 1.0);
        assert!(r.sentence.contains("keeps the flag risk under 1 in 100 games"), "{}", r.sentence);
    }

    #[test]
    fn bad_specs_are_refused_by_field() {
        let e = |f: &dyn Fn(&mut OverheadSpec)| {
            let mut s = spec("stockfish", "10+0.1", "fixed:10");
            f(&mut s);
            s.plan().unwrap_err()
        };
        assert_eq!(e(&|s| s.tm = "nope".into()).path, "tm");
        assert_eq!(e(&|s| s.tc = "st=1".into()).path, "tc");
        assert!(e(&|s| s.tc = "inf".into()).message.contains("no clock"));
        assert_eq!(e(&|s| s.games = 5).path, "games");
        let r = e(&|s| s.risk = 0.001);
        assert_eq!(r.path, "risk");
        assert!(r.message.contains("cannot be shown with 200 games"), "{r}");
        assert_eq!(e(&|s| s.to_hard = 2.0).path, "to_hard");
        assert_eq!(e(&|s| s.overheads = vec![-5.0]).path, "overheads");
        assert_eq!(e(&|s| s.elo_per_doubling = f64::NAN).path, "elo_per_doubling");
        // Wilson: 0 of 1000 → 3.83/1003.8.
        assert!((wilson_upper(0, 1000) - Z * Z / (1000.0 + Z * Z)).abs() < 1e-12);
    }
}
