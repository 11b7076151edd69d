//! Koivisto's time manager: a target of two increments plus two shares of the clock per
//! remaining move, a hard bound of half the clock, and a root stop rule scaled by the best
//! move's share of the nodes and by a falling score, the node-based stop Stockfish and Ethereal
//! credit to Koivisto. The move overhead is taken per move or once per game.
//!
//! Reference: Koivisto (Luecx/Koivisto) @6de225ad: `src_files/timemanager.cpp`
//! (`setMatchTimeLimit`, `isTimeLeft`, `rootTimeLeft`), `src_files/search.cpp` (the root rule's
//! inputs, the 1024-node hard check), `src_files/uci.cpp` (movestogo 20 when absent,
//! `MoveOverhead` 0, `MoveOverheadType` PerMove). `docs/managers.md` gives the formulas; they are
//! implemented from there in Koivisto's integer milliseconds.
//!
//! ```text
//! O₀ = 50 if inc = 0 else 0;  Og = move-overhead if per-game else 0
//! t' = trunc(0.7·t) if t < 1000 and inc = 0, else t
//! time_to_use = min(t' − O₀ − inc − Og, 2·inc + ⌊2·t'/mtg⌋)     (mtg = movestogo or 20)
//! upper       = min(t' − O₀ − inc − Og, trunc(t'/2))
//! per move: both = max(10, x − move-overhead)
//! after each completed depth d: node = 110 − min(⌊100·best-move nodes/nodes⌋, 90)
//!   eval = clamp(50 + (s₅ − s), 50, 80)   (s₅ the last score before depth 6; 0 difference before)
//!   stop when ⌊⌊time_to_use·node/100⌋·eval/65⌋ < elapsed, or elapsed > upper
//! every 1024 nodes: stop when elapsed > upper
//! ```
//! Deviations, documented: the budget's soft limit is `min(time_to_use, upper)` (soft ≤ hard);
//! a negative limit (per-game overhead on a tiny clock) is 0, where Koivisto's unsigned field
//! would wrap to no limit at all; movestogo 0 counts as absent (Koivisto would divide by 0).
//! Koivisto also reduces more in LMR while elapsed < time_to_use/10 (`targetReached`): that is
//! search, not time management, and is not modelled. Driven by MCTS, it stops at the budget's
//! soft limit after a batch.

use crate::stop::{Budget, Decision, EffectiveLimit, Hints, LimitTerm, SearchStats, StopReason};

use super::common::{finish, from_config, is_mcts, no_game_state, ponder_start, t64};
use super::glossary::{Entry, Repo, Source, Unit, e};
use super::params::flags::searcher_only;
use super::params::tables::{bool_, f64_, int_, move_overhead};
use super::params::{ManagerConfig, ManagerInfo, Param, Preset};
use super::{MoveContext, SearchKind, TimeManager};

/// Nodes between two hard checks (`td->nodes % 1024 == 0`).
const CHECK_NODES: u64 = 1024;
/// The clock under which, without increment, Koivisto plays with 70 % of it, ms.
const SHORT_CLOCK_MS: i64 = 1000;
/// The floor of both limits with a per-move overhead, ms.
const MIN_LIMIT_MS: i64 = 10;

/// The manager's parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KoivistoConfig {
    /// `MoveOverhead`, ms.
    pub move_overhead: u32,
    /// `MoveOverheadType PerGame`: keep the overhead once on the clock instead of per move.
    pub per_game: bool,
    /// movestogo when the GUI sends none.
    pub default_mtg: u32,
    /// The hard bound is the clock divided by this.
    pub hard_divisor: f64,
    /// Kept back when the increment is 0, ms.
    pub no_inc_overhead: u32,
    /// The share of a clock under 1 s (without increment) Koivisto plays with.
    pub short_clock_factor: f64,
    /// Node score: this − min(share %, node-cap), over 100.
    pub node_base: u32,
    /// Cap on the best move's share, %.
    pub node_cap: u32,
    /// Eval score floor and base: clamp(this + fall, this, eval-max), over eval-div.
    pub eval_base: u32,
    /// Eval score ceiling.
    pub eval_max: u32,
    /// Eval score divisor.
    pub eval_div: u32,
    /// The last depth searched without aspiration windows + 1: its score is the reference.
    pub aspiration_depth: u32,
}

impl KoivistoConfig {
    /// Koivisto @6de225ad with its UCI defaults.
    pub const KOIVISTO: KoivistoConfig = KoivistoConfig {
        move_overhead: 0,
        per_game: false,
        default_mtg: 20,
        hard_divisor: 2.0,
        no_inc_overhead: 50,
        short_clock_factor: 0.7,
        node_base: 110,
        node_cap: 90,
        eval_base: 50,
        eval_max: 80,
        eval_div: 65,
        aspiration_depth: 6,
    };
    /// A 100 ms overhead, kept once per game.
    const PER_GAME: KoivistoConfig = KoivistoConfig { move_overhead: 100, per_game: true, ..Self::KOIVISTO };
    /// A 100 ms overhead, taken from every move.
    const PER_MOVE: KoivistoConfig = KoivistoConfig { move_overhead: 100, ..Self::KOIVISTO };
}

const TM: Source = Source::Upstream(Repo::Koivisto, "src_files/timemanager.cpp");
const UCI: Source = Source::Upstream(Repo::Koivisto, "src_files/uci.cpp");
const SEARCH: Source = Source::Upstream(Repo::Koivisto, "src_files/search.cpp");
/// The parameters that act only inside a search: all of them in the alpha-beta rule.
const IN_SEARCH: [&str; 3] = ["node-*", "eval-*", "aspiration-depth"];
/// Why an in-search parameter does nothing under MCTS.
const AB_ONLY: &str = "it acts in Koivisto's root rule after each completed alpha-beta iteration; under MCTS the manager stops at the budget's soft limit, so this does nothing there";

/// Where the rows come from.
const S: &str = "Koivisto @6de225ad timemanager.cpp";
const U: &str = "Koivisto @6de225ad uci.cpp";

impl ManagerConfig for KoivistoConfig {
    const NAME: &'static str = "koivisto";
    const SEARCH: SearchKind = SearchKind::AlphaBeta;
    const IN_SEARCH: &'static [&'static str] = &IN_SEARCH;
    const ONLY_FOR: &'static [(&'static str, SearchKind, &'static str)] =
        &searcher_only(IN_SEARCH, SearchKind::AlphaBeta, AB_ONLY);
    const SOURCES: &'static [(&'static str, Source)] = &[
        ("move-overhead", UCI),
        ("per-game", UCI),
        ("default-mtg", UCI),
        ("aspiration-depth", SEARCH),
        ("*", TM),
    ];
    #[rustfmt::skip]
    const TERMS: &'static [Entry] = &[
        e(Self::NAME, "time_to_use", "time to use", Unit::Ms,
            "the target the root rule scales: two increments plus two clock shares per remaining move",
            "max(10, min(t' − O₀ − inc, 2·inc + ⌊2·t'/mtg⌋) − O); per game: − O inside the min, no floor", TM),
        e(Self::NAME, "upper_bound", "upper time bound", Unit::Ms,
            "the hard stop, checked every 1024 nodes and at each iteration",
            "max(10, min(t' − O₀ − inc, t'/2) − O); per game: − O inside the min, no floor", TM),
        e(Self::NAME, "node_factor", "node factor", Unit::Factor,
            "less time when the best move took most of the nodes: 0.2 at 90 % or more, 1.1 at 0 %",
            "(110 − min(⌊100·best-move nodes/nodes⌋, 90))/100", TM),
        e(Self::NAME, "eval_factor", "eval factor", Unit::Factor,
            "more time when the score fell since the last depth before the aspiration windows (depth 5)",
            "clamp(50 + (s₅ − s), 50, 80)/65", TM),
    ];

    const INFO: ManagerInfo = ManagerInfo {
        label: "Koivisto",
        reference: "Koivisto @6de225ad src_files/timemanager.cpp, search.cpp, uci.cpp",
        description: "2·inc + 2·clock/mtg with a hard bound of half the clock; a root stop rule scaled by the best move's node share (the origin of node-based stopping) and a falling score; overhead per move or per game",
    };

    const PARAMS: &'static [Param<Self>] = &[
        move_overhead(int_!(Self, u32, move_overhead))
            .log(0.0, 10_000.0, 1.0)
            .desc("MoveOverhead (default 0): taken from both limits per move, or once from the clock per game")
            .src(U),
        Param::new("per-game", "Overhead per game", bool_!(Self, per_game))
            .desc("MoveOverheadType PerGame: the overhead stays on the clock (t − O inside the min) instead of being taken from every move")
            .src(U),
        Param::new("default-mtg", "Default movestogo", int_!(Self, u32, default_mtg))
            .lin(2.0, 100.0, 1.0)
            .unit("moves")
            .desc("movestogo when the GUI sends none (uci.cpp): time to use = 2·inc + 2·t/this")
            .src(U),
        Param::new("hard-divisor", "Hard divisor", f64_!(Self, hard_divisor))
            .lin(1.0, 10.0, 0.1)
            .desc("division: the upper time bound is t/this")
            .src(S),
        Param::new("no-inc-overhead", "No-increment overhead", int_!(Self, u32, no_inc_overhead))
            .lin(0.0, 1000.0, 10.0)
            .unit("ms")
            .desc("kept back from both limits when the increment is 0")
            .src(S),
        Param::new("short-clock-factor", "Short-clock factor", f64_!(Self, short_clock_factor))
            .lin(0.1, 1.0, 0.05)
            .desc("below 1 s without increment Koivisto plans with this share of the clock")
            .src(S),
        Param::new("node-base", "Node score base", int_!(Self, u32, node_base))
            .lin(90.0, 200.0, 1.0)
            .unit("%")
            .desc("node factor = (this − min(best-move share %, node-cap))/100")
            .src(S),
        Param::new("node-cap", "Node share cap", int_!(Self, u32, node_cap))
            .lin(0.0, 100.0, 1.0)
            .unit("%")
            .desc("the best move's share counts up to this; the node factor's floor is (node-base − this)/100")
            .src(S),
        Param::new("eval-base", "Eval score base", int_!(Self, u32, eval_base))
            .lin(0.0, 200.0, 1.0)
            .unit("cp")
            .desc("eval factor = clamp(this + fall, this, eval-max)/eval-div; the fall in cp since depth 5")
            .src(S),
        Param::new("eval-max", "Eval score max", int_!(Self, u32, eval_max))
            .lin(0.0, 300.0, 1.0)
            .unit("cp")
            .desc("the eval score's ceiling")
            .src(S),
        Param::new("eval-div", "Eval score divisor", int_!(Self, u32, eval_div))
            .lin(1.0, 200.0, 1.0)
            .unit("cp")
            .desc("the eval score's divisor (65: a stable score gives 50/65 = 0.77)")
            .src(S),
        Param::new("aspiration-depth", "Aspiration depth", int_!(Self, u32, aspiration_depth))
            .lin(2.0, 20.0, 1.0)
            .unit("plies")
            .desc("the eval factor compares with the score of the last depth below this (Koivisto's prevScore)")
            .src("Koivisto @6de225ad search.cpp"),
    ];

    const PRESETS: &'static [Preset<Self>] = &[
        Preset {
            name: "koivisto",
            description: "Koivisto's UCI defaults (no overhead)",
            config: Self::KOIVISTO,
        },
        Preset { name: "per-move", description: "100 ms taken from every move", config: Self::PER_MOVE },
        Preset { name: "per-game", description: "100 ms kept on the clock once", config: Self::PER_GAME },
    ];

    type Manager = Koivisto;
    const NEW: fn(Self) -> Koivisto = Koivisto::new;
}

/// The factors of the last root check.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RootCheck {
    /// 110 − min(share %, 90).
    pub node_score: i64,
    /// clamp(50 + fall, 50, 80).
    pub eval_score: i64,
    /// The scaled time to use, ms.
    pub limit: i64,
}

/// The manager. It keeps no state between moves.
#[derive(Clone, Debug)]
pub struct Koivisto {
    cfg: KoivistoConfig,
    time_to_use: i64,
    upper: i64,
    last: Option<RootCheck>,
    pondering: bool,
}

impl Koivisto {
    /// A manager with this config.
    pub fn new(cfg: KoivistoConfig) -> Self {
        Koivisto { cfg, time_to_use: 0, upper: 0, last: None, pondering: false }
    }

    /// The root rule's factors for a completed iteration at `depth` with score `s` (cp), the
    /// reference score `s5` and the best move's node share in whole percent.
    pub fn root_check(&self, share_pct: i64, s5: i64, s: i64) -> RootCheck {
        let c = self.cfg;
        let node_score = i64::from(c.node_base) - share_pct.min(i64::from(c.node_cap));
        let base = i64::from(c.eval_base);
        let eval_score = (base + (s5 - s)).max(base).min(i64::from(c.eval_max));
        let limit = self.time_to_use * node_score / 100 * eval_score / i64::from(c.eval_div.max(1));
        RootCheck { node_score, eval_score, limit }
    }

    fn past_upper(&self, elapsed: f64) -> bool {
        (elapsed.floor() as i64) > self.upper
    }
}

impl TimeManager for Koivisto {
    from_config!(KoivistoConfig);

    fn begin_move(&mut self, ctx: &MoveContext) -> Budget {
        self.last = None;
        if let Some(b) = ponder_start(&mut self.pondering, ctx) {
            return b;
        }
        let c = self.cfg;
        let clock = ctx.clock().floor().min(1e15) as i64;
        let inc = ctx.inc().floor().min(1e15) as i64;
        let o0 = if inc == 0 { i64::from(c.no_inc_overhead) } else { 0 };
        let mo = i64::from(c.move_overhead);
        let per_game = if c.per_game { mo } else { 0 };
        let t = if clock < SHORT_CLOCK_MS && inc == 0 {
            (clock as f64 * c.short_clock_factor) as i64
        } else {
            clock
        };
        let mtg = i64::from(ctx.movestogo().unwrap_or(c.default_mtg).max(1));
        let room = t - o0 - inc - per_game;
        let mut tu = (2 * inc + 2 * t / mtg).min(room);
        let mut upper = ((t as f64 / c.hard_divisor) as i64).min(room);
        if !c.per_game {
            tu = MIN_LIMIT_MS.max(tu - mo);
            upper = MIN_LIMIT_MS.max(upper - mo);
        }
        self.time_to_use = tu.max(0);
        self.upper = upper.max(0);
        let (tu, up) = (self.time_to_use as f64, self.upper as f64);
        let terms = vec![t64("time_to_use", tu), t64("upper_bound", up)];
        finish(
            tu.min(up),
            up,
            terms,
            ctx.clock(),
            self.overhead_ms(),
            up,
            "Koivisto keeps at least 10 ms per move after a per-move overhead",
        )
    }

    fn poll(&mut self, stats: &SearchStats, _hints: &mut Hints) -> Decision {
        if self.pondering || stats.pondering {
            return Decision::CONTINUE;
        }
        if is_mcts(stats) && stats.elapsed_ms >= self.time_to_use.min(self.upper) as f64 {
            return Decision::stop(StopReason::SoftLimit);
        }
        Decision::stop_if(self.past_upper(stats.elapsed_ms), StopReason::HardLimit)
    }

    fn iteration_done(&mut self, stats: &SearchStats) -> Decision {
        let Some(last) = stats.iterations.last() else { return Decision::CONTINUE };
        if self.pondering || stats.pondering {
            return Decision::CONTINUE;
        }
        if self.past_upper(stats.elapsed_ms) {
            return Decision::stop(StopReason::HardLimit);
        }
        let share_pct = (stats.best_move_nodes.saturating_mul(100) / stats.search_nodes.max(1)) as i64;
        let s = i64::from(last.score.as_cp());
        let s5 = if last.depth < self.cfg.aspiration_depth {
            s
        } else {
            stats
                .iterations
                .iter()
                .rev()
                .find(|it| it.depth < self.cfg.aspiration_depth)
                .map_or(s, |it| i64::from(it.score.as_cp()))
        };
        let r = self.root_check(share_pct, s5, s);
        self.last = Some(r);
        Decision::stop_if(r.limit < stats.elapsed_ms.floor() as i64, StopReason::SoftLimit)
    }

    fn effective_limit(&self, budget: &Budget) -> EffectiveLimit {
        let Some(r) = self.last else { return EffectiveLimit::base(budget) };
        let term = LimitTerm::new;
        let mut lim = EffectiveLimit::product(
            budget,
            term("time_to_use", "time to use", self.time_to_use as f64),
            vec![
                term("node_factor", "nodes", r.node_score as f64 / 100.0),
                term("eval_factor", "eval", r.eval_score as f64 / f64::from(self.cfg.eval_div.max(1))),
            ],
            Some(self.upper as f64),
        );
        // Koivisto truncates after each step: the limit it compares is the integer one.
        lim.soft_ms = (r.limit as f64).min(self.upper as f64);
        lim
    }

    fn check_interval(&self) -> u64 {
        CHECK_NODES
    }
    no_game_state!();
}

#[cfg(test)]
mod tests;
