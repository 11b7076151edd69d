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
//! As lc0 runs it (a check against lc0 @909a4082's compiled stoppers, spec §6.3–§6.5):
//! - the allowed bank may be negative: after a move that overshot its deadline the bank is below
//!   0, hard falls below the deadline, and while the bank is in use (always in the first
//!   `force-piggybank-ms`) the search stops there, often at its first poll. Only the reported
//!   `allowed_bank` term and budget show max(0, ·) (the spec's convention C2); an `overdraft` term
//!   says by how much the hard stop comes before the deadline;
//! - the trend watcher rotates its snapshots at every check (`trend-rotation=upstream`, the lc0
//!   preset), so its rates span the last two checks; `intended` (the seed preset) rotates a
//!   period apart as the design describes. Its clock is whole milliseconds, and a sample at 0 ms
//!   is ignored.

use crate::stop::{Budget, Decision, Hints, SearchStats, StopReason, Term};

use super::common::{finish, from_config, is_mcts, ms_i64, ponder_start, t32, t64};
use super::decay::exponential_decay;
use super::moves_left::moves_left;
use super::smart_pruning::SmartPruningConfig;
use super::{MoveContext, MoveEnd, TimeManager};

/// Milliseconds per second.
const MS_PER_S: f32 = 1000.0;

mod config;
mod nps;
mod saved;
mod table;
#[cfg(test)]
mod tests;
mod trend;

pub use config::{INIT_NPS, MOVE_OVERHEAD_MS, NpsDecay, SmoothConfig, TrendRotation};
use trend::Trend;

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
    /// deadline + allowed bank as lc0 uses it: below the deadline when the bank is overdrawn.
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
}

impl TimeManager for Smooth {
    from_config!(SmoothConfig);

    fn save_state(&self, w: &mut super::state::StateWriter) {
        self.write_state(w);
    }

    fn load_state(&mut self, r: &mut super::state::StateReader) -> Result<(), super::state::StateError> {
        self.read_state(r)
    }

    fn begin_move(&mut self, ctx: &MoveContext) -> Budget {
        if let Some(b) = ponder_start(&mut self.pondering, ctx) {
            return b;
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
        self.bank = (bank + to_bank) as i64;
        self.alloc = alloc;
        // f32 rounding of huge clocks can lift `clock − O` above its integer value: cap both
        // limits at the integer room (lc0's `never past clock − O`).
        let room = (clock_i - c.move_overhead as i64).max(0);
        self.deadline = (alloc as i64).min(room);
        self.hard = (self.deadline + allowed_bank).min(room.max(self.deadline));
        let mut terms = vec![
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
            t64("allowed_bank", allowed_bank.max(0) as f64),
            t64("bank", self.bank as f64),
        ];
        if self.hard < self.deadline {
            terms.push(t64("overdraft", (self.deadline - self.hard) as f64));
        }
        // Reported: hard ≥ soft (convention C2); the stop logic uses the raw `self.hard`.
        let (soft, hard) = (self.deadline as f64, self.hard.max(self.deadline) as f64);
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
        // lc0's clock is whole milliseconds.
        let elapsed = ms_i64(stats.elapsed_ms) as f32;
        self.trend.update(elapsed, stats.root_visits, c.trend_nps_update_period_ms as f32, c.trend_rotation);
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
            if use_bank && self.hard != self.deadline { StopReason::HardLimit } else { StopReason::Deadline };
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
