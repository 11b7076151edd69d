//! lc0's smooth manager: plan so that every move ends with the same number of nodes in the tree,
//! tracking NPS, tree reuse and SmartPruning's time use from move to move; with `preset=lc0`, a
//! piggybank of saved time, a trend watcher and a forced bank window.
//!
//! References:
//! - `preset=seed` (the default): the PR1195 design document, seeds 000/003
//!   (`000_4aba59f09bfba159.txt`, `003_88df0f5d85c2f547.txt`), with `mle-legacy` 51.5/7.0 and the
//!   rules the document leaves loose taken from the PR's code, lc0 @e0b6ef38
//!   `src/mcts/stoppers/smooth.cc`; exponential-decay NPS; no piggybank.
//! - `preset=lc0`: lc0 `src/search/classic/stoppers/smooth.cc` @909a4082: piggybank (@8a2ae60a,
//!   #1310), LinearDecay NPS (@4e974a2e, #1596), trend watcher and forced piggybank (@d1237b82,
//!   #1762), values retuned in @61e2409d (#1622).
//!
//! Spec §6. `f32` arithmetic with lc0's truncations; the bank is integer milliseconds.
//!
//! ```text
//! rm       = MLE(ply) (or movestogo if smaller);  total = max(0, clock − bank + inc·(rm − 1) − O)
//! avg_ms   = total/rm;   target = (total·nps/1000/rm)/(1 − r);   new = max(0, target − reused)
//! brutto   = new/nps·1000;  to_bank = min(max_bank − bank, brutto·per-move-piggybank)
//! alloc    = min((brutto − to_bank)/u, clock·max-move-budget, clock − O)
//! deadline = trunc(alloc) = soft;  hard = deadline + allowed bank
//! ```
//!
//! **Upstream quirk not copied (§6.5):** lc0 @909a4082 rotates the trend watcher's snapshots at
//! every check, so its rates span only the last two checks; the intended rule (rotate once the
//! newest sample is a period newer) is implemented. A negative allowed bank (clock below the
//! overhead) is taken as 0.

use crate::stop::{Budget, Decision, Hints, SearchStats, StopReason, Term};

use super::common::{AB_CHECK_INTERVAL, finish, is_mcts, ms_i64, ponder_budget, t32, t64};
use super::decay::{exponential_decay, linear_decay};
use super::moves_left::moves_left;
use super::smart_pruning::SmartPruningConfig;
use super::{MoveContext, MoveEnd, SearchKind, TimeManager};

/// lc0's move overhead default, ms.
pub const MOVE_OVERHEAD_MS: u32 = 200;
/// The NPS guess before any measurement (hard-coded in lc0; a parameter in the seed).
pub const INIT_NPS: f32 = 20_000.0;
/// Milliseconds per second.
const MS_PER_S: f32 = 1000.0;

/// How the NPS estimate follows measurements (§6.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NpsDecay {
    /// LinearDecay over `nps-update-period` seconds (lc0 #1596).
    Linear,
    /// ExponentialDecay with a half-life of `nps-update-rate` seconds (the design document).
    Exponential,
}

impl NpsDecay {
    /// Names in spec strings.
    pub const NAMES: &'static [&'static str] = &["linear", "exponential"];

    /// The name in spec strings.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// From a name in [`NpsDecay::NAMES`].
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "linear" => Some(NpsDecay::Linear),
            "exponential" => Some(NpsDecay::Exponential),
            _ => None,
        }
    }
}

/// The smooth manager's parameters (§6.1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SmoothConfig {
    /// Initial tree-reuse factor r.
    pub init_tree_reuse: f32,
    /// Cap on r.
    pub max_tree_reuse: f32,
    /// ED step for r, in average moves.
    pub tree_reuse_update_rate: f32,
    /// Initial NPS.
    pub init_nps: f32,
    /// NPS smoothing.
    pub nps_decay: NpsDecay,
    /// LD window, s.
    pub nps_update_period: f32,
    /// ED half-life, s.
    pub nps_update_rate: f32,
    /// Initial timeuse u.
    pub init_timeuse: f32,
    /// Floor on u.
    pub min_timeuse: f32,
    /// ED step for u, in average moves.
    pub timeuse_update_rate: f32,
    /// alloc ≤ this × clock.
    pub max_move_budget: f32,
    /// Bank at the first move = clock × this.
    pub init_piggybank: f32,
    /// Share of each move's expected time that is banked.
    pub per_move_piggybank: f32,
    /// Share of the bank usable on one move.
    pub max_piggybank_use: f32,
    /// Bank cap, in average moves.
    pub max_piggybank_moves: f32,
    /// Trend-watcher window, ms.
    pub trend_nps_update_period_ms: u32,
    /// Expected future rate of the best move relative to its current rate.
    pub bestmove_optimism: f32,
    /// The same for the other moves.
    pub overtaker_optimism: f32,
    /// The bank may be used during the first this-many ms after the first batch.
    pub force_piggybank_ms: u32,
    /// MLE midpoint m (`mle-legacy(midpoint=…)`).
    pub midpoint: f32,
    /// MLE steepness s (`mle-legacy(steepness=…)`).
    pub steepness: f32,
    /// Move overhead, ms.
    pub move_overhead: u32,
    /// The SmartPruning stopper that follows.
    pub smart_pruning: SmartPruningConfig,
}

impl SmoothConfig {
    /// The PR1195 design document (seeds 000/003) with its code's `mle-legacy` 51.5/7.0.
    pub const SEED: SmoothConfig = SmoothConfig {
        init_tree_reuse: 0.5,
        max_tree_reuse: 0.7,
        tree_reuse_update_rate: 4.0,
        init_nps: INIT_NPS,
        nps_decay: NpsDecay::Exponential,
        nps_update_period: 20.0,
        nps_update_rate: 5.0,
        init_timeuse: 0.7,
        min_timeuse: 0.3,
        timeuse_update_rate: 10.0,
        max_move_budget: 0.3,
        init_piggybank: 0.0,
        per_move_piggybank: 0.0,
        max_piggybank_use: 0.0,
        max_piggybank_moves: 0.0,
        trend_nps_update_period_ms: 3000,
        bestmove_optimism: 0.2,
        overtaker_optimism: 4.0,
        force_piggybank_ms: 0,
        midpoint: 51.5,
        steepness: 7.0,
        move_overhead: MOVE_OVERHEAD_MS,
        smart_pruning: SmartPruningConfig::LC0,
    };
    /// lc0 @909a4082's code defaults.
    pub const LC0: SmoothConfig = SmoothConfig {
        init_tree_reuse: 0.52,
        max_tree_reuse: 0.73,
        tree_reuse_update_rate: 3.39,
        init_nps: INIT_NPS,
        nps_decay: NpsDecay::Linear,
        nps_update_period: 20.0,
        nps_update_rate: 5.0,
        init_timeuse: 0.7,
        min_timeuse: 0.34,
        timeuse_update_rate: 5.51,
        max_move_budget: 0.42,
        init_piggybank: 0.09,
        per_move_piggybank: 0.12,
        max_piggybank_use: 0.94,
        max_piggybank_moves: 36.5,
        trend_nps_update_period_ms: 3000,
        bestmove_optimism: 0.2,
        overtaker_optimism: 4.0,
        force_piggybank_ms: 1000,
        midpoint: 45.2,
        steepness: 5.93,
        move_overhead: MOVE_OVERHEAD_MS,
        smart_pruning: SmartPruningConfig::LC0,
    };
}

impl Default for SmoothConfig {
    fn default() -> Self {
        Self::SEED
    }
}

/// One root-visit snapshot of the trend watcher.
#[derive(Clone, Debug, Default, PartialEq)]
struct Snapshot {
    t: f32,
    n: Vec<u64>,
}

impl Snapshot {
    fn set(&mut self, t: f32, n: &[u64]) {
        self.t = t;
        self.n.clear();
        self.n.extend_from_slice(n);
    }
}

/// The trend watcher (§6.5): will another root move overtake the best before `by`?
#[derive(Clone, Debug, Default, PartialEq)]
struct Trend {
    prev: Option<Snapshot>,
    cur: Snapshot,
    last: Snapshot,
}

impl Trend {
    fn update(&mut self, t: f32, n: &[u64], period: f32) {
        let started = self.prev.is_some();
        if started && t <= self.last.t {
            return;
        }
        if !started {
            let mut s = Snapshot::default();
            s.set(t, n);
            self.cur = s.clone();
            self.prev = Some(s);
        }
        self.last.set(t, n);
        if self.last.t >= self.cur.t + period {
            let prev = self.prev.as_mut().expect("set above");
            std::mem::swap(prev, &mut self.cur);
            self.cur.set(self.last.t, &self.last.n);
        }
    }

    fn overtaken(&self, by: f32, bestmove_optimism: f32, overtaker_optimism: f32) -> bool {
        let Some(prev) = &self.prev else { return false };
        let last = &self.last;
        if prev.t >= last.t || by <= last.t || last.n.is_empty() {
            return false;
        }
        let dt = last.t - prev.t;
        let ahead = by - last.t;
        let rate = |i: usize| (last.n[i] as f32 - prev.n.get(i).copied().unwrap_or(0) as f32) / dt;
        let mut b = 0;
        for (i, &v) in last.n.iter().enumerate() {
            if v > last.n[b] {
                b = i;
            }
        }
        let goal = last.n[b] as f32 + bestmove_optimism * rate(b) * ahead;
        (0..last.n.len()).any(|i| i != b && last.n[i] as f32 + overtaker_optimism * rate(i) * ahead > goal)
    }
}

/// The manager and its per-game state (§6.2).
#[derive(Clone, Debug)]
pub struct Smooth {
    cfg: SmoothConfig,
    /// Tree-reuse factor.
    r: f32,
    /// Nodes per second.
    nps: f32,
    /// Becomes true at the first `end_move`.
    reliable: bool,
    /// Timeuse.
    u: f32,
    avg_ms: f32,
    alloc: f32,
    deadline: i64,
    hard: i64,
    last_final_nodes: u64,
    /// `since_first_batch` at the last NPS update, ms.
    last_time: f32,
    /// Integer ms.
    bank: i64,
    first: bool,
    used_bank: bool,
    trend: Trend,
    pondering: bool,
}

impl Smooth {
    /// A manager with this config.
    pub fn new(cfg: SmoothConfig) -> Self {
        Smooth {
            cfg,
            r: cfg.init_tree_reuse,
            nps: cfg.init_nps,
            reliable: false,
            u: cfg.init_timeuse,
            avg_ms: 0.0,
            alloc: 0.0,
            deadline: 0,
            hard: 0,
            last_final_nodes: 0,
            last_time: 0.0,
            bank: 0,
            first: true,
            used_bank: false,
            trend: Trend::default(),
            pondering: false,
        }
    }

    /// The NPS update at a poll (§6.6), with `t = since_first_batch`.
    fn update_nps(&mut self, since_first_batch_ms: f64, nodes_this_move: u64) -> f32 {
        let t = ms_i64(since_first_batch_ms) as f32;
        if t <= 0.0 || nodes_this_move == 0 {
            return self.nps;
        }
        let raw = MS_PER_S * nodes_this_move as f32 / t;
        if self.reliable && t > self.last_time {
            self.nps = match self.cfg.nps_decay {
                NpsDecay::Linear => {
                    linear_decay(self.nps, raw, t, t - self.last_time, MS_PER_S * self.cfg.nps_update_period)
                }
                NpsDecay::Exponential => exponential_decay(
                    self.nps,
                    raw,
                    self.cfg.nps_update_rate,
                    (t - self.last_time) / MS_PER_S,
                ),
            };
        } else {
            self.nps = raw;
        }
        self.last_time = t;
        self.nps
    }
}

impl TimeManager for Smooth {
    fn save_state(&self, w: &mut super::state::StateWriter) {
        for x in [self.r, self.nps, self.u, self.avg_ms, self.alloc, self.last_time] {
            w.f32(x);
        }
        w.bool(self.reliable);
        w.i64(self.deadline);
        w.i64(self.hard);
        w.u64(self.last_final_nodes);
        w.i64(self.bank);
        w.bool(self.first);
        w.bool(self.used_bank);
        w.bool(self.pondering);
        w.bool(self.trend.prev.is_some());
        let empty = Snapshot::default();
        for s in [self.trend.prev.as_ref().unwrap_or(&empty), &self.trend.cur, &self.trend.last] {
            w.f32(s.t);
            w.list(&s.n);
        }
    }

    fn load_state(&mut self, r: &mut super::state::StateReader) -> Result<(), super::state::StateError> {
        for (x, name) in [
            (&mut self.r, "r"),
            (&mut self.nps, "nps"),
            (&mut self.u, "u"),
            (&mut self.avg_ms, "avg_ms"),
            (&mut self.alloc, "alloc"),
            (&mut self.last_time, "last_time"),
        ] {
            *x = r.f32(name)?;
        }
        self.reliable = r.bool("reliable")?;
        self.deadline = r.i64()?;
        self.hard = r.i64()?;
        self.last_final_nodes = r.u64()?;
        self.bank = r.i64()?;
        self.first = r.bool("first")?;
        self.used_bank = r.bool("used_bank")?;
        self.pondering = r.bool("pondering")?;
        let has_prev = r.bool("trend")?;
        let mut snap = || -> Result<Snapshot, super::state::StateError> {
            Ok(Snapshot { t: r.f32("trend")?, n: r.list("trend")? })
        };
        let prev = snap()?;
        self.trend = Trend { prev: has_prev.then_some(prev), cur: snap()?, last: snap()? };
        Ok(())
    }

    fn name(&self) -> &'static str {
        "lc0-smooth"
    }

    fn search_kind(&self) -> SearchKind {
        SearchKind::Mcts
    }

    fn new_game(&mut self) {
        *self = Smooth::new(self.cfg);
    }

    fn begin_move(&mut self, ctx: &MoveContext) -> Budget {
        self.pondering = ctx.ponder;
        if ctx.ponder {
            return ponder_budget();
        }
        let c = self.cfg;
        let clock_i = ctx.clock().floor() as i64;
        let clock = clock_i as f32;
        let inc = ctx.inc().floor() as f32;
        let overhead = c.move_overhead as f32;
        let reused = ctx.reused_nodes as f32;
        if self.first {
            self.bank = (clock * c.init_piggybank) as i64;
            self.first = false;
        }
        if self.last_final_nodes > 0 && self.last_time > 0.0 {
            let frac = if self.avg_ms > 0.0 { self.last_time / self.avg_ms } else { 0.0 };
            let reuse = reused / self.last_final_nodes as f32;
            self.r = c.max_tree_reuse.min(exponential_decay(self.r, reuse, c.tree_reuse_update_rate, frac));
        }
        self.last_time = 0.0;
        self.used_bank = false;
        self.trend = Trend::default();
        let mut rm = moves_left(ctx.ply, c.midpoint, c.steepness);
        if let Some(m) = ctx.movestogo()
            && (m as f32) < rm
        {
            rm = m as f32;
        }
        let max_bank = c.max_piggybank_moves * (clock + inc * (rm - 1.0) - overhead).max(0.0) / rm;
        if self.bank as f32 > max_bank {
            self.bank = max_bank as i64;
        }
        let bank = self.bank as f32;
        let total = (clock - bank + inc * (rm - 1.0) - overhead).max(0.0);
        self.avg_ms = total / rm;
        let target = (total * self.nps / MS_PER_S / rm) / (1.0 - self.r);
        let new = (target - reused).max(0.0);
        let brutto = new / self.nps * MS_PER_S;
        let to_bank = (max_bank - bank).min(brutto * c.per_move_piggybank);
        let expected = brutto - to_bank;
        let mut allowed_bank = (bank * c.max_piggybank_use) as i64;
        let mut alloc = expected / self.u;
        alloc = alloc.min(clock * c.max_move_budget);
        if alloc > clock - overhead {
            alloc = (clock - overhead).max(0.0);
        }
        if allowed_bank as f32 > clock - overhead - alloc {
            allowed_bank = (clock - overhead - alloc) as i64;
        }
        let allowed_bank = allowed_bank.max(0);
        self.bank = (bank + to_bank) as i64;
        self.alloc = alloc;
        // f32 rounding of huge clocks can lift `clock − O` above its integer value: cap both
        // limits at the integer room (lc0's `never past clock − O`).
        let room = (clock_i - c.move_overhead as i64).max(0);
        self.deadline = (alloc as i64).min(room);
        self.hard = (self.deadline + allowed_bank).min(room.max(self.deadline));
        let terms = vec![
            t32("rm", rm),
            t32("max_bank", max_bank),
            t32("total", total),
            t32("avg_ms", self.avg_ms),
            t32("nps", self.nps),
            t32("r", self.r),
            t32("u", self.u),
            t32("target", target),
            t32("new", new),
            t32("brutto", brutto),
            t32("to_bank", to_bank),
            t32("alloc", alloc),
            t64("deadline", self.deadline as f64),
            t64("allowed_bank", allowed_bank as f64),
            t64("bank", self.bank as f64),
        ];
        let (soft, hard) = (self.deadline as f64, self.hard as f64);
        finish(soft, hard, terms, ctx.clock(), overhead as f64, hard, "")
    }

    fn poll(&mut self, stats: &SearchStats, hints: &mut Hints) -> Decision {
        if self.pondering {
            return Decision::CONTINUE;
        }
        let deadline = self.deadline as f64;
        if !is_mcts(stats) {
            // Driven by alpha-beta: no batches, no NPS; the deadline is the limit.
            hints.remaining_ms = hints.remaining_ms.min(deadline - stats.elapsed_ms);
            return Decision::stop_if(stats.elapsed_ms >= deadline, StopReason::Deadline);
        }
        let c = self.cfg;
        let nps = self.update_nps(stats.since_first_batch_ms, stats.nodes_this_move);
        let elapsed = stats.elapsed_ms as f32;
        self.trend.update(elapsed, stats.root_visits, c.trend_nps_update_period_ms as f32);
        let force = stats.since_first_batch_ms <= c.force_piggybank_ms as f64;
        let use_bank = stats.need_more_time
            || force
            || self.trend.overtaken(self.hard as f32, c.bestmove_optimism, c.overtaker_optimism);
        let limit = if use_bank { self.hard as f64 } else { deadline };
        hints.nps = Some(nps as f64);
        hints.remaining_ms = hints.remaining_ms.min(limit - stats.elapsed_ms);
        if use_bank && stats.elapsed_ms >= deadline {
            self.used_bank = true;
        }
        let reason =
            if use_bank && self.hard > self.deadline { StopReason::HardLimit } else { StopReason::Deadline };
        Decision::stop_if(stats.elapsed_ms >= limit, reason)
    }

    fn iteration_done(&mut self, stats: &SearchStats) -> Decision {
        let mut hints = Hints::reset(0);
        self.poll(stats, &mut hints)
    }

    fn end_move(&mut self, end: &MoveEnd) {
        if self.pondering {
            return;
        }
        let c = self.cfg;
        let elapsed_i = ms_i64(end.elapsed_ms);
        let elapsed = elapsed_i as f32;
        self.reliable = true;
        let frac = if self.avg_ms > 0.0 { elapsed / self.avg_ms } else { 0.0 };
        let use_ = if self.alloc > 0.0 { elapsed / self.alloc } else { 1.0 };
        if self.used_bank {
            self.bank -= (elapsed_i - self.deadline).max(0);
        }
        let target = if self.used_bank { 1.0 } else { use_ };
        self.u = c.min_timeuse.max(exponential_decay(self.u, target, c.timeuse_update_rate, frac));
        self.last_final_nodes = end.total_nodes;
    }

    fn check_interval(&self) -> u64 {
        AB_CHECK_INTERVAL
    }

    fn overhead_ms(&self) -> f64 {
        self.cfg.move_overhead as f64
    }

    fn smart_pruning(&self) -> Option<SmartPruningConfig> {
        Some(self.cfg.smart_pruning)
    }

    fn state(&self) -> Vec<Term> {
        vec![
            t32("r", self.r),
            t32("nps", self.nps),
            t64("reliable", f64::from(u8::from(self.reliable))),
            t32("u", self.u),
            t32("avg_ms", self.avg_ms),
            t32("alloc", self.alloc),
            t64("deadline", self.deadline as f64),
            t64("last_final_nodes", self.last_final_nodes as f64),
            t32("last_time", self.last_time),
            t64("bank", self.bank as f64),
            t64("first", f64::from(u8::from(self.first))),
            t64("used_bank", f64::from(u8::from(self.used_bank))),
        ]
    }
}

#[cfg(test)]
mod tests;
