//! The parameter tables of every manager (spec §2–§9): keys, labels, sliders, valid ranges,
//! units, descriptions and sources. Values come from each manager's preset constants.

use super::super::guide::{GuideConfig, GuideMode};
use super::super::lc0_alphazero::AlphaZeroConfig;
use super::super::lc0_curve::CurveConfig;
use super::super::lc0_legacy::LegacyConfig;
use super::super::lc0_simple::SimpleConfig;
use super::super::lc0_smooth::{NpsDecay, SmoothConfig};
use super::super::mediocre::MediocreConfig;
use super::super::smart_pruning::SmartPruningConfig;
use super::super::stockfish::StockfishConfig;
use super::super::{
    SearchKind, TimeManager, guide, lc0_alphazero, lc0_curve, lc0_legacy, lc0_simple, lc0_smooth,
};
use super::super::{mediocre, stockfish};
use super::syntax::Dict;
use super::{
    Access, ManagerConfig, ManagerInfo, ManagerSchema, Param, Preset, SpecError, Value, find_preset,
    get_path, manager_schema, print, resolve, set_path,
};

/// `Access::F32` for a field path of config type `$c`.
macro_rules! f32_ {
    ($c:ty, $($f:ident).+) => {
        Access::F32(|c: &$c| c.$($f).+, |c: &mut $c, v| c.$($f).+ = v)
    };
}
/// `Access::F64` for a field path.
macro_rules! f64_ {
    ($c:ty, $($f:ident).+) => {
        Access::F64(|c: &$c| c.$($f).+, |c: &mut $c, v| c.$($f).+ = v)
    };
}
/// `Access::Int` for an integer field path of type `$t` (values are range-checked first).
macro_rules! int_ {
    ($c:ty, $t:ty, $($f:ident).+) => {
        Access::Int(|c: &$c| c.$($f).+ as i64, |c: &mut $c, v| c.$($f).+ = v as $t)
    };
}
/// `Access::Bool` for a field path.
macro_rules! bool_ {
    ($c:ty, $($f:ident).+) => {
        Access::Bool(|c: &$c| c.$($f).+, |c: &mut $c, v| c.$($f).+ = v)
    };
}

const SRC_LC0: &str = "lc0 src/search/classic/stoppers @909a4082";
const SRC_SP: &str = "lc0 stoppers.cc @909a4082";

/// A config with a SmartPruning sub-dictionary.
trait HasSmartPruning {
    fn sp(&self) -> &SmartPruningConfig;
    fn sp_mut(&mut self) -> &mut SmartPruningConfig;
}

macro_rules! has_sp {
    ($($c:ty),*) => {$(
        impl HasSmartPruning for $c {
            fn sp(&self) -> &SmartPruningConfig { &self.smart_pruning }
            fn sp_mut(&mut self) -> &mut SmartPruningConfig { &mut self.smart_pruning }
        }
    )*};
}
has_sp!(CurveConfig, LegacyConfig, SmoothConfig, AlphaZeroConfig, SimpleConfig);

/// The `smart-pruning(...)` parameters (§8). `lc0-curve` names the factor
/// `futile-search-aversion` at the top level instead, so it leaves `factor` out.
fn smart_pruning_params<C: HasSmartPruning>(with_factor: bool) -> Vec<Param<C>> {
    let g = "smart-pruning";
    let mut v = Vec::new();
    if with_factor {
        v.push(
            Param::new(
                "factor",
                "Smart pruning factor",
                Access::F64(|c: &C| c.sp().factor, |c: &mut C, x| c.sp_mut().factor = x),
            )
            .group(g)
            .lin(0.0, 10.0, 0.01)
            .desc("F: >1 prunes and stops earlier, <1 later, 0 disables (UCI SmartPruningFactor)")
            .src(SRC_SP),
        );
    }
    v.push(
        Param::new(
            "grace-ms",
            "Smart pruning grace",
            Access::Int(|c: &C| c.sp().grace_ms as i64, |c: &mut C, x| c.sp_mut().grace_ms = x as u32),
        )
        .group(g)
        .lin(0.0, 2000.0, 10.0)
        .unit("ms")
        .desc("no decision until this long after the first evaluation (kSmartPruningToleranceMs)")
        .src(SRC_SP),
    );
    v.push(
        Param::new(
            "tolerance-nodes",
            "Smart pruning node tolerance",
            Access::Int(
                |c: &C| c.sp().tolerance_nodes as i64,
                |c: &mut C, x| c.sp_mut().tolerance_nodes = x as u32,
            ),
        )
        .group(g)
        .lin(0.0, 5000.0, 10.0)
        .unit("nodes")
        .desc("added to the playouts in the NPS estimate (kSmartPruningToleranceNodes)")
        .src(SRC_SP),
    );
    v.push(
        Param::new(
            "minimum-batches",
            "Minimum batches",
            Access::Int(
                |c: &C| c.sp().minimum_batches as i64,
                |c: &mut C, x| c.sp_mut().minimum_batches = x as u32,
            ),
        )
        .group(g)
        .lin(0.0, 1000.0, 1.0)
        .unit("batches")
        .desc("no stop before this many batches (SmartPruningMinimumBatches)")
        .src(SRC_SP),
    );
    v.push(
        Param::new(
            "resign-q",
            "Resign Q",
            Access::F64(|c: &C| c.sp().resign_q, |c: &mut C, x| c.sp_mut().resign_q = x),
        )
        .group(g)
        .lin(-1.0, 0.0, 0.01)
        .unit("Q")
        .desc("may_resign is cleared if a visited root child has Q above this (hard-coded in lc0)")
        .src("lc0 search.cc @909a4082"),
    );
    v
}

/// A manager's typed config, one variant per manager.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TmConfig {
    /// `mediocre` (§2).
    Mediocre(MediocreConfig),
    /// `guide` (§3).
    Guide(GuideConfig),
    /// `lc0-curve` (§4).
    Lc0Curve(CurveConfig),
    /// `lc0-legacy` (§5).
    Lc0Legacy(LegacyConfig),
    /// `lc0-smooth` (§6).
    Lc0Smooth(SmoothConfig),
    /// `lc0-alphazero` (§7).
    Lc0AlphaZero(AlphaZeroConfig),
    /// `lc0-simple` (§7).
    Lc0Simple(SimpleConfig),
    /// `stockfish` (§9).
    Stockfish(StockfishConfig),
}

/// Runs `$e` with `$c` bound to the typed config of any variant.
macro_rules! dispatch {
    ($v:expr, $c:ident => $e:expr) => {
        match $v {
            TmConfig::Mediocre($c) => $e,
            TmConfig::Guide($c) => $e,
            TmConfig::Lc0Curve($c) => $e,
            TmConfig::Lc0Legacy($c) => $e,
            TmConfig::Lc0Smooth($c) => $e,
            TmConfig::Lc0AlphaZero($c) => $e,
            TmConfig::Lc0Simple($c) => $e,
            TmConfig::Stockfish($c) => $e,
        }
    };
}

/// Runs `$body` with `$t` bound to each config type, in the spec's order.
macro_rules! for_each_type {
    ($t:ident => $body:block) => {{
        {
            type $t = MediocreConfig;
            $body
        }
        {
            type $t = GuideConfig;
            $body
        }
        {
            type $t = CurveConfig;
            $body
        }
        {
            type $t = LegacyConfig;
            $body
        }
        {
            type $t = SmoothConfig;
            $body
        }
        {
            type $t = AlphaZeroConfig;
            $body
        }
        {
            type $t = SimpleConfig;
            $body
        }
        {
            type $t = StockfishConfig;
            $body
        }
    }};
}

fn name_of<C: ManagerConfig>(_: &C) -> &'static str {
    C::NAME
}

fn preset_of<C: ManagerConfig>(_: &C, name: &str) -> Result<(&'static str, TmConfig), SpecError> {
    let p = find_preset::<C>(name)?;
    Ok((p.name, wrap(p.config)))
}

/// Wraps a typed config in its variant.
fn wrap<C: ManagerConfig>(c: C) -> TmConfig {
    c.wrap()
}

impl TmConfig {
    /// The manager's canonical name.
    pub fn name(&self) -> &'static str {
        dispatch!(self, c => name_of(c))
    }

    /// A fresh manager with this config.
    pub fn build(&self) -> Box<dyn TimeManager> {
        dispatch!(self, c => c.build())
    }

    pub(super) fn get(&self, path: &str) -> Option<Value> {
        dispatch!(self, c => get_path(c, path))
    }

    pub(super) fn set(&mut self, path: &str, token: &str) -> Result<(), SpecError> {
        dispatch!(self, c => set_path(c, path, token))
    }

    pub(super) fn print(&self, preset: &'static str) -> String {
        dispatch!(self, c => print(preset, c))
    }

    pub(super) fn preset(&self, name: &str) -> Result<(&'static str, TmConfig), SpecError> {
        dispatch!(self, c => preset_of(c, name))
    }

    /// Resolves a manager name (or alias) and its dictionary to a preset and a typed config.
    pub(super) fn resolve(name: &str, dict: &Dict) -> Result<(&'static str, TmConfig), SpecError> {
        for_each_type!(C => {
            if C::NAME == name || C::ALIASES.contains(&name) {
                let (preset, config) = resolve::<C>(dict)?;
                return Ok((preset, config.wrap()));
            }
        });
        Err(SpecError::UnknownManager { name: name.to_string() })
    }
}

/// The schema of every manager, in the spec's order.
pub(super) fn all_schemas() -> Vec<ManagerSchema> {
    let mut out = Vec::new();
    for_each_type!(C => { out.push(manager_schema::<C>()); });
    out
}

/// Internal: wrapping into [`TmConfig`], implemented beside [`ManagerConfig`].
pub trait Wrap {
    /// The config as a [`TmConfig`] variant.
    fn wrap(self) -> TmConfig;
}

macro_rules! wrap_impl {
    ($($c:ty => $v:ident),*) => {$(
        impl Wrap for $c {
            fn wrap(self) -> TmConfig { TmConfig::$v(self) }
        }
    )*};
}
wrap_impl!(
    MediocreConfig => Mediocre,
    GuideConfig => Guide,
    CurveConfig => Lc0Curve,
    LegacyConfig => Lc0Legacy,
    SmoothConfig => Lc0Smooth,
    AlphaZeroConfig => Lc0AlphaZero,
    SimpleConfig => Lc0Simple,
    StockfishConfig => Stockfish
);

// ---------------------------------------------------------------------------------------------
// mediocre (§2)

impl ManagerConfig for MediocreConfig {
    const NAME: &'static str = "mediocre";
    const ALIASES: &'static [&'static str] = &[];
    const SEARCH: SearchKind = SearchKind::AlphaBeta;

    fn info() -> ManagerInfo {
        ManagerInfo {
            label: "Mediocre",
            reference: "seed 001 (Mediocre v0.12b, 2007)",
            description: "clock/40 + inc/2; hard stop inside the search; no new depth past half the budget",
        }
    }

    fn params() -> Vec<Param<Self>> {
        type C = MediocreConfig;
        let s = "seed 001";
        vec![
            Param::new("divisor", "Divisor", int_!(C, u32, divisor))
                .lin(10.0, 100.0, 1.0)
                .desc("budget = clock/divisor + …")
                .src(s),
            Param::new("inc-frac", "Increment share", f64_!(C, inc_frac))
                .lin(0.0, 1.0, 0.05)
                .desc("share of the increment added")
                .src(s),
            Param::new("safety-ms", "Safety margin", int_!(C, u32, safety_ms))
                .lin(0.0, 2000.0, 10.0)
                .unit("ms")
                .desc("if the budget reaches the clock, use clock − safety")
                .src(s),
            Param::new("fallback-ms", "Fallback", int_!(C, u32, fallback_ms))
                .lin(0.0, 1000.0, 10.0)
                .unit("ms")
                .desc("used when the result is negative (can exceed a tiny clock, as in the seed)")
                .src(s),
            Param::new("next-depth-factor", "Next-depth factor", f64_!(C, next_depth_factor))
                .lin(1.0, 5.0, 0.1)
                .unit("×")
                .desc("do not start the next depth if elapsed × factor > budget")
                .src(s),
            Param::new("check-interval", "Check interval", int_!(C, u32, check_interval))
                .log_factor(1.0, 65536.0, 2.0)
                .unit("nodes")
                .desc("hard-check cadence (TIME_CHECK_INTERVAL); the seed gives no value, 1024 as Ethereal")
                .src("project"),
        ]
    }

    fn presets() -> Vec<Preset<Self>> {
        vec![Preset { name: "default", description: "the seed's values", config: MediocreConfig::SEED }]
    }

    fn build(&self) -> Box<dyn TimeManager> {
        Box::new(mediocre::Mediocre::new(*self))
    }
}

// ---------------------------------------------------------------------------------------------
// guide (§3)

impl ManagerConfig for GuideConfig {
    const NAME: &'static str = "guide";
    const ALIASES: &'static [&'static str] = &[];
    const SEARCH: SearchKind = SearchKind::AlphaBeta;

    fn info() -> ManagerInfo {
        ManagerInfo {
            label: "Engine guide",
            reference: "seed 004 (engine guide, time management); tricks' constants from Ethereal timeman.c @0e47e9b6",
            description: "fixed chunks, fixed fraction, or clock/20 + ¾ inc with soft ½ and hard ×3; optional PV, score and node scalings",
        }
    }

    fn params() -> Vec<Param<Self>> {
        type C = GuideConfig;
        let s = "seed 004";
        let e = "Ethereal timeman.c @0e47e9b6";
        vec![
            Param::new(
                "mode",
                "Allocation rule",
                Access::Enum(
                    GuideMode::NAMES,
                    |c: &C| c.mode.name(),
                    |c: &mut C, v| {
                        if let Some(m) = GuideMode::from_name(v) {
                            c.mode = m
                        }
                    },
                ),
            )
            .desc("chunks: initial/divisor; fraction: clock/divisor; recap: clock/20 + ¾ inc with soft/hard")
            .src(s),
            Param::new("chunk-divisor", "Chunk divisor", int_!(C, u32, chunk_divisor))
                .lin(10.0, 200.0, 1.0)
                .desc("chunks: L = initial clock / divisor")
                .src(s),
            Param::new("fraction-divisor", "Fraction divisor", int_!(C, u32, fraction_divisor))
                .lin(2.0, 100.0, 1.0)
                .desc("fraction: L = clock / divisor")
                .src(s),
            Param::new("base-divisor", "Base divisor", int_!(C, u32, base_divisor))
                .lin(5.0, 100.0, 1.0)
                .desc("recap: base = clock/divisor + …")
                .src(s),
            Param::new("inc-frac", "Increment share", f64_!(C, inc_frac))
                .lin(0.0, 1.0, 0.05)
                .desc("recap: share of the increment added (3/4)")
                .src(s),
            Param::new("soft-hard", "Soft/hard split", bool_!(C, soft_hard))
                .desc("recap: soft/hard split (false: single limit L = base)")
                .src(s),
            Param::new("soft-frac", "Soft share", f64_!(C, soft_frac))
                .lin(0.1, 1.0, 0.05)
                .desc("soft = base·soft-frac")
                .src(s),
            Param::new("hard-mult", "Hard multiple", f64_!(C, hard_mult))
                .lin(1.0, 10.0, 0.1)
                .desc("hard = base·hard-mult")
                .src(s),
            Param::new("move-overhead", "Move overhead", int_!(C, u32, move_overhead))
                .lin(0.0, 1000.0, 5.0)
                .unit("ms")
                .desc("added to elapsed at every check")
                .src(s),
            Param::new("clear-one-depth", "Clear one depth", bool_!(C, clear_one_depth))
                .desc("depth 1 is never aborted, and its result is kept")
                .src(s),
            Param::new("check-interval", "Check interval", int_!(C, u32, check_interval))
                .log_factor(1.0, 65536.0, 2.0)
                .unit("nodes")
                .desc("hard-check cadence (the seed checks in every node)")
                .src(s),
            Param::new("pv-stability", "PV stability", bool_!(C, pv_stability))
                .desc("enable the PV-stability scaling")
                .src(s),
            Param::new("pv-base", "PV factor base", f64_!(C, pv_base))
                .lin(0.5, 2.0, 0.01)
                .desc("factor = base − step·min(cap, s)")
                .src(e),
            Param::new("pv-step", "PV factor step", f64_!(C, pv_step))
                .lin(0.0, 0.1, 0.005)
                .desc("factor step per stable iteration")
                .src(e),
            Param::new("pv-cap", "PV stability cap", int_!(C, u32, pv_cap))
                .lin(0.0, 20.0, 1.0)
                .unit("iterations")
                .desc("cap on the stable-iteration count s")
                .src(e),
            Param::new("score-stability", "Score stability", bool_!(C, score_stability))
                .desc("enable the score-stability scaling")
                .src(s),
            Param::new("score-min-depth", "Score min depth", int_!(C, u32, score_min_depth))
                .lin(1.0, 20.0, 1.0)
                .unit("plies")
                .desc("first depth at which the score factor applies")
                .src(s),
            Param::new("score-lag", "Score lag", int_!(C, u32, score_lag))
                .lin(1.0, 6.0, 1.0)
                .unit("iterations")
                .desc("compare score[d − lag] with score[d]")
                .src(e),
            Param::new("score-slope", "Score slope", f64_!(C, score_slope))
                .lin(0.0, 0.2, 0.005)
                .unit("1/cp")
                .desc("factor = clamp(slope·drop, min, max)")
                .src(e),
            Param::new("score-min", "Score factor min", f64_!(C, score_min))
                .lin(0.25, 1.0, 0.05)
                .desc("lower clamp of the score factor")
                .src(e),
            Param::new("score-max", "Score factor max", f64_!(C, score_max))
                .lin(1.0, 3.0, 0.05)
                .desc("upper clamp of the score factor")
                .src(e),
            Param::new("node-tm", "Node-based TM", bool_!(C, node_tm))
                .desc("enable the node-based scaling")
                .src(s),
            Param::new("node-slope", "Node slope", f64_!(C, node_slope))
                .lin(0.0, 4.0, 0.05)
                .desc("factor = max(min, slope·(1 − f) + offset)")
                .src(e),
            Param::new("node-offset", "Node offset", f64_!(C, node_offset))
                .lin(0.0, 1.5, 0.05)
                .desc("offset of the node factor")
                .src(e),
            Param::new("node-min", "Node factor min", f64_!(C, node_min))
                .lin(0.1, 1.0, 0.05)
                .desc("floor of the node factor")
                .src(e),
            Param::new("tricks-min-depth", "Tricks min depth", int_!(C, u32, tricks_min_depth))
                .lin(1.0, 12.0, 1.0)
                .unit("depths")
                .desc("the PV and node factors apply from this completed depth on")
                .src(e),
        ]
    }

    fn presets() -> Vec<Preset<Self>> {
        vec![
            Preset {
                name: "recap",
                description: "clock/20 + ¾ inc, soft ½, hard ×3 (the guide's recap)",
                config: GuideConfig::RECAP,
            },
            Preset {
                name: "chunks",
                description: "initial clock / 50 per move: flags after 50 moves",
                config: GuideConfig::CHUNKS,
            },
            Preset {
                name: "fraction",
                description: "10 % of the remaining clock per move",
                config: GuideConfig::FRACTION,
            },
            Preset {
                name: "tricks",
                description: "recap with PV, score and node scalings on",
                config: GuideConfig::TRICKS,
            },
        ]
    }

    fn build(&self) -> Box<dyn TimeManager> {
        Box::new(guide::Guide::new(*self))
    }
}

// ---------------------------------------------------------------------------------------------
// lc0-curve (§4)

impl ManagerConfig for CurveConfig {
    const NAME: &'static str = "lc0-curve";
    const ALIASES: &'static [&'static str] = &[];
    const SEARCH: SearchKind = SearchKind::Mcts;

    fn info() -> ManagerInfo {
        ManagerInfo {
            label: "lc0 time curve (2018)",
            reference: "seed 002 (lc0 blog 2018); lc0 v0.17 engine.cc @62035fe5, v0.18 @a4273d39, v0.20 @0eeaa8d0",
            description: "shares the time to the next control along a bell curve over the plies, × slowmover",
        }
    }

    fn params() -> Vec<Param<Self>> {
        type C = CurveConfig;
        let s = "seed 002; lc0 v0.17";
        let mut v = vec![
            Param::new("time-curve-peak", "Curve peak", f32_!(C, peak))
                .lin(-20.0, 150.0, 0.1)
                .unit("plies")
                .desc("where the weight curve peaks (the blog says move 26; the code 26.2 plies)")
                .src(s),
            Param::new("time-curve-left", "Curve left width", f32_!(C, left))
                .lin(1.0, 300.0, 1.0)
                .unit("plies")
                .desc("width left of the peak (upstream time-curve-left-width)")
                .src(s),
            Param::new("time-curve-right", "Curve right width", f32_!(C, right))
                .lin(1.0, 300.0, 1.0)
                .unit("plies")
                .desc("width right of the peak (upstream time-curve-right-width)")
                .src(s),
            Param::new("slowmover", "Slowmover", f32_!(C, slowmover))
                .lin(0.1, 5.0, 0.05)
                .unit("×")
                .desc("budget multiplier compensating early SmartPruning exits (v0.18+: 1.0)")
                .src(s),
            Param::new("move-overhead", "Move overhead", int_!(C, u32, move_overhead))
                .lin(0.0, 2000.0, 10.0)
                .unit("ms")
                .desc("overhead (v0.19+: 200)")
                .src(s),
            Param::new("futile-search-aversion", "Futile search aversion", f64_!(C, smart_pruning.factor))
                .lin(0.0, 10.0, 0.01)
                .desc("SmartPruning factor F (§8); 0 disables it")
                .src("seed 002; lc0 v0.17 src/mcts/search.cc"),
            Param::new("ponder", "Ponder", bool_!(C, ponder))
                .desc("ponder on the opponent's time: no limit and no SmartPruning while pondering")
                .src("seed 002"),
            Param::new("overhead-per-move", "Overhead per move", bool_!(C, overhead_per_move))
                .desc("true: O charged per remaining move (v0.17); false: once (v0.18+)")
                .src("seed 002; v0.17 vs v0.18"),
            Param::new("immediate-time-use", "Immediate time use", f32_!(C, immediate_time_use))
                .lin(0.0, 1.0, 0.05)
                .desc("share of spared time spent on the next move (v0.17: none; v0.18–v0.20: 0.6)")
                .src("lc0 v0.18, v0.20"),
            Param::new("default-mtg", "Default moves to go", int_!(C, u32, default_mtg))
                .lin(10.0, 100.0, 1.0)
                .unit("moves")
                .desc("horizon when movestogo is absent")
                .src("seed 002"),
        ];
        v.extend(smart_pruning_params(false));
        v
    }

    fn presets() -> Vec<Preset<Self>> {
        vec![
            Preset {
                name: "v0.17",
                description: "lc0 v0.17.0: the blog's defaults",
                config: CurveConfig::V0_17,
            },
            Preset {
                name: "v0.18",
                description: "lc0 v0.18.0: overhead once, slowmover 1.0, 60 % of spared time at once",
                config: CurveConfig::V0_18,
            },
            Preset {
                name: "v0.20",
                description: "lc0 v0.20.0: as v0.18 with 200 ms overhead",
                config: CurveConfig::V0_20,
            },
        ]
    }

    fn build(&self) -> Box<dyn TimeManager> {
        Box::new(lc0_curve::Curve::new(*self))
    }
}

// ---------------------------------------------------------------------------------------------
// lc0-legacy (§5)

impl ManagerConfig for LegacyConfig {
    const NAME: &'static str = "lc0-legacy";
    const ALIASES: &'static [&'static str] = &["legacy"];
    const SEARCH: SearchKind = SearchKind::Mcts;

    fn info() -> ManagerInfo {
        ManagerInfo {
            label: "lc0 legacy",
            reference: "lc0 src/search/classic/stoppers/legacy.cc @909a4082",
            description: "pool ÷ estimated moves left, first-move bonus, slowmover, spared time carried over",
        }
    }

    fn params() -> Vec<Param<Self>> {
        type C = LegacyConfig;
        let mut v = vec![
            Param::new("slowmover", "Slowmover", f32_!(C, slowmover))
                .lin(0.1, 3.0, 0.05)
                .unit("×")
                .desc("budget multiplier (UCI Slowmover)")
                .src(SRC_LC0),
            Param::new("midpoint-move", "MLE midpoint", f32_!(C, midpoint_move))
                .lin(20.0, 100.0, 0.5)
                .unit("moves")
                .desc("moves-left estimator: median game length m")
                .src(SRC_LC0),
            Param::new("steepness", "MLE steepness", f32_!(C, steepness))
                .lin(2.0, 15.0, 0.1)
                .desc("moves-left estimator: steepness s")
                .src(SRC_LC0),
            Param::new("immediate-use", "Immediate use", f32_!(C, immediate_use))
                .lin(0.0, 1.0, 0.05)
                .desc("share of spared time spent on the next move")
                .src(SRC_LC0),
            Param::new("first-move-bonus", "First-move bonus", f32_!(C, first_move_bonus))
                .lin(0.0, 5.0, 0.1)
                .unit("×")
                .desc("extra budget on the first move of a manager object (#1891)")
                .src(SRC_LC0),
            Param::new("book-ply-bonus", "Book-ply bonus", f32_!(C, book_ply_bonus))
                .lin(0.0, 1.0, 0.01)
                .unit("×/ply")
                .desc("extra budget per book ply on that first move, up to 12 plies (#1493)")
                .src(SRC_LC0),
            Param::new("move-overhead", "Move overhead", int_!(C, u32, move_overhead))
                .lin(0.0, 2000.0, 10.0)
                .unit("ms")
                .desc("lc0 MoveOverheadMs")
                .src("lc0"),
        ];
        v.extend(smart_pruning_params(true));
        v
    }

    fn presets() -> Vec<Preset<Self>> {
        vec![
            Preset { name: "lc0", description: "lc0 @909a4082 defaults", config: LegacyConfig::LC0 },
            Preset {
                name: "no-bonus",
                description: "without the first-move and book-ply bonuses (lc0 before #1493/#1891)",
                config: LegacyConfig::NO_BONUS,
            },
        ]
    }

    fn build(&self) -> Box<dyn TimeManager> {
        Box::new(lc0_legacy::Legacy::new(*self))
    }
}

// ---------------------------------------------------------------------------------------------
// lc0-smooth (§6)

impl ManagerConfig for SmoothConfig {
    const NAME: &'static str = "lc0-smooth";
    const ALIASES: &'static [&'static str] = &["smooth"];
    const SEARCH: SearchKind = SearchKind::Mcts;

    fn info() -> ManagerInfo {
        ManagerInfo {
            label: "lc0 smooth",
            reference: "seed: seeds 000/003 (PR1195 design doc), lc0 @e0b6ef38; lc0: lc0 smooth.cc @909a4082",
            description: "same tree size at every move: tracks NPS, tree reuse and timeuse; lc0 preset adds the piggybank",
        }
    }

    fn params() -> Vec<Param<Self>> {
        type C = SmoothConfig;
        let s = "lc0 smooth.cc @909a4082; seeds 000/003";
        let mut v = vec![
            Param::new("init-tree-reuse", "Initial tree reuse", f32_!(C, init_tree_reuse))
                .lin(0.0, 0.9, 0.01)
                .desc("initial tree-reuse factor r")
                .src(s),
            Param::new("max-tree-reuse", "Max tree reuse", f32_!(C, max_tree_reuse)).lin(0.0, 0.95, 0.01).desc("cap on r").src(s),
            Param::new("tree-reuse-update-rate", "Tree reuse update rate", f32_!(C, tree_reuse_update_rate))
                .log(0.5, 20.0, 0.1)
                .unit("avg moves")
                .desc("average moves for a half update of r (ExponentialDecay step)")
                .src(s),
            Param::new("init-nps", "Initial NPS", f32_!(C, init_nps))
                .log(100.0, 1e6, 0.0)
                .unit("nodes/s")
                .desc("initial NPS (hard-coded 20000 in lc0; a parameter in the seed)")
                .src(s),
            Param::new(
                "nps-decay",
                "NPS smoothing",
                Access::Enum(NpsDecay::NAMES, |c: &C| c.nps_decay.name(), |c: &mut C, v| {
                    if let Some(d) = NpsDecay::from_name(v) {
                        c.nps_decay = d
                    }
                }),
            )
            .desc("linear: LinearDecay over nps-update-period (lc0 #1596); exponential: ED with nps-update-rate (seed)")
            .src(s),
            Param::new("nps-update-period", "NPS update period", f32_!(C, nps_update_period))
                .log(1.0, 120.0, 1.0)
                .unit("s")
                .desc("LinearDecay window W")
                .src(s),
            Param::new("nps-update-rate", "NPS update rate", f32_!(C, nps_update_rate))
                .log(0.5, 60.0, 0.5)
                .unit("s")
                .desc("ExponentialDecay half-life")
                .src(s),
            Param::new("init-timeuse", "Initial timeuse", f32_!(C, init_timeuse)).lin(0.1, 1.0, 0.01).desc("initial timeuse u").src(s),
            Param::new("min-timeuse", "Min timeuse", f32_!(C, min_timeuse)).lin(0.05, 1.0, 0.01).desc("floor on u").src(s),
            Param::new("timeuse-update-rate", "Timeuse update rate", f32_!(C, timeuse_update_rate))
                .log(0.5, 30.0, 0.1)
                .unit("avg moves")
                .desc("average moves for a half update of u")
                .src(s),
            Param::new("max-move-budget", "Max move budget", f32_!(C, max_move_budget))
                .lin(0.05, 0.95, 0.01)
                .desc("alloc ≤ this × clock")
                .src(s),
            Param::new("init-piggybank", "Initial piggybank", f32_!(C, init_piggybank))
                .lin(0.0, 0.5, 0.01)
                .desc("bank at the first move = clock × this")
                .src(s),
            Param::new("per-move-piggybank", "Per-move piggybank", f32_!(C, per_move_piggybank))
                .lin(0.0, 0.5, 0.01)
                .desc("share of each move's expected time that is banked")
                .src(s),
            Param::new("max-piggybank-use", "Max piggybank use", f32_!(C, max_piggybank_use))
                .lin(0.0, 1.0, 0.01)
                .desc("share of the bank usable on one move")
                .src(s),
            Param::new("max-piggybank-moves", "Max piggybank moves", f32_!(C, max_piggybank_moves))
                .lin(0.0, 100.0, 0.5)
                .unit("avg moves")
                .desc("bank cap")
                .src(s),
            Param::new("trend-nps-update-period-ms", "Trend period", int_!(C, u32, trend_nps_update_period_ms))
                .log(100.0, 20000.0, 100.0)
                .unit("ms")
                .desc("trend-watcher window")
                .src(s),
            Param::new("bestmove-optimism", "Best-move optimism", f32_!(C, bestmove_optimism))
                .lin(0.0, 2.0, 0.05)
                .desc("expected future rate of the best move relative to its current rate")
                .src(s),
            Param::new("overtaker-optimism", "Overtaker optimism", f32_!(C, overtaker_optimism))
                .lin(0.0, 10.0, 0.1)
                .desc("the same for the other moves")
                .src(s),
            Param::new("force-piggybank-ms", "Forced bank window", int_!(C, u32, force_piggybank_ms))
                .lin(0.0, 5000.0, 50.0)
                .unit("ms")
                .desc("the bank may be used during the first ms after the first batch")
                .src(s),
            Param::new("move-overhead", "Move overhead", int_!(C, u32, move_overhead))
                .lin(0.0, 2000.0, 10.0)
                .unit("ms")
                .desc("overhead")
                .src(s),
            Param::new("midpoint", "MLE midpoint", f32_!(C, midpoint))
                .group("mle-legacy")
                .lin(20.0, 100.0, 0.1)
                .unit("moves")
                .desc("moves-left estimator: median game length m")
                .src(s),
            Param::new("steepness", "MLE steepness", f32_!(C, steepness))
                .group("mle-legacy")
                .lin(2.0, 15.0, 0.01)
                .desc("moves-left estimator: steepness s")
                .src(s),
        ];
        v.extend(smart_pruning_params(true));
        v
    }

    fn presets() -> Vec<Preset<Self>> {
        vec![
            Preset {
                name: "seed",
                description: "the PR1195 design document (seeds 000/003): ExponentialDecay NPS, no piggybank",
                config: SmoothConfig::SEED,
            },
            Preset {
                name: "lc0",
                description: "lc0 @909a4082 code defaults: piggybank, LinearDecay NPS, trend watcher",
                config: SmoothConfig::LC0,
            },
        ]
    }

    fn build(&self) -> Box<dyn TimeManager> {
        Box::new(lc0_smooth::Smooth::new(*self))
    }
}

// ---------------------------------------------------------------------------------------------
// lc0-alphazero (§7)

impl ManagerConfig for AlphaZeroConfig {
    const NAME: &'static str = "lc0-alphazero";
    const ALIASES: &'static [&'static str] = &["alphazero"];
    const SEARCH: SearchKind = SearchKind::Mcts;

    fn info() -> ManagerInfo {
        ManagerInfo {
            label: "lc0 AlphaZero",
            reference: "lc0 src/search/classic/stoppers/alphazero.cc @909a4082",
            description: "a fixed share of (clock − overhead) per move",
        }
    }

    fn params() -> Vec<Param<Self>> {
        type C = AlphaZeroConfig;
        let mut v = vec![
            Param::new("alphazero-time-pct", "Time share", f32_!(C, time_pct))
                .lin(0.5, 50.0, 0.5)
                .valid(0.0, 100.0)
                .unit("%")
                .desc("share of (clock − O) per move (5.0 before #1622)")
                .src(SRC_LC0),
            Param::new("move-overhead", "Move overhead", int_!(C, u32, move_overhead))
                .lin(0.0, 2000.0, 10.0)
                .unit("ms")
                .desc("lc0 MoveOverheadMs")
                .src("lc0"),
        ];
        v.extend(smart_pruning_params(true));
        v
    }

    fn presets() -> Vec<Preset<Self>> {
        vec![
            Preset { name: "lc0", description: "lc0 @909a4082: 12 %", config: AlphaZeroConfig::LC0 },
            Preset {
                name: "pr1201",
                description: "the first version (#1201): 5 %",
                config: AlphaZeroConfig::PR1201,
            },
        ]
    }

    fn build(&self) -> Box<dyn TimeManager> {
        Box::new(lc0_alphazero::AlphaZero::new(*self))
    }
}

// ---------------------------------------------------------------------------------------------
// lc0-simple (§7)

impl ManagerConfig for SimpleConfig {
    const NAME: &'static str = "lc0-simple";
    const ALIASES: &'static [&'static str] = &["simple"];
    const SEARCH: SearchKind = SearchKind::Mcts;

    fn info() -> ManagerInfo {
        ManagerInfo {
            label: "lc0 simple",
            reference: "lc0 src/search/classic/stoppers/simple.cc @909a4082 (#1876)",
            description: "a share of the clock growing with ply and inc/clock, plus time unused last move",
        }
    }

    fn params() -> Vec<Param<Self>> {
        type C = SimpleConfig;
        let mut v = vec![
            Param::new("base-pct", "Base share", f32_!(C, base_pct))
                .lin(0.1, 10.0, 0.05)
                .valid_above(0.0, 100.0)
                .unit("%")
                .desc("base share of (clock − O)")
                .src(SRC_LC0),
            Param::new("ply-pct", "Share per ply", f32_!(C, ply_pct))
                .lin(0.0, 0.2, 0.001)
                .valid(0.0, 1.0)
                .unit("%/ply")
                .desc("growth with ply")
                .src(SRC_LC0),
            Param::new("time-factor", "Increment weight", f32_!(C, time_factor))
                .lin(0.0, 5.0, 0.05)
                .valid(0.0, 100.0)
                .desc("weight of inc/clock")
                .src(SRC_LC0),
            Param::new("opening-bonus-pct", "Opening bonus", f32_!(C, opening_bonus_pct))
                .lin(0.0, 300.0, 5.0)
                .valid(0.0, 1000.0)
                .unit("%")
                .desc("extra on the first move")
                .src(SRC_LC0),
            Param::new("move-overhead", "Move overhead", int_!(C, u32, move_overhead))
                .lin(0.0, 2000.0, 10.0)
                .unit("ms")
                .desc("lc0 MoveOverheadMs")
                .src("lc0"),
        ];
        v.extend(smart_pruning_params(true));
        v
    }

    fn presets() -> Vec<Preset<Self>> {
        vec![Preset { name: "lc0", description: "lc0 @909a4082 defaults", config: SimpleConfig::LC0 }]
    }

    fn build(&self) -> Box<dyn TimeManager> {
        Box::new(lc0_simple::Simple::new(*self))
    }
}

// ---------------------------------------------------------------------------------------------
// stockfish (§9)

impl ManagerConfig for StockfishConfig {
    const NAME: &'static str = "stockfish";
    const ALIASES: &'static [&'static str] = &[];
    const SEARCH: SearchKind = SearchKind::AlphaBeta;

    fn info() -> ManagerInfo {
        ManagerInfo {
            label: "Stockfish",
            reference: "Stockfish @762dd1da timeman.cpp, search.cpp, thread.cpp, engine.cpp, types.h",
            description: "optimum/maximum from clock and ply; soft stop scaled by falling eval, stability and node effort",
        }
    }

    fn params() -> Vec<Param<Self>> {
        type C = StockfishConfig;
        let s = "Stockfish @762dd1da";
        vec![
            Param::new("move-overhead", "Move overhead", int_!(C, u32, move_overhead))
                .log(0.0, 5000.0, 1.0)
                .unit("ms")
                .desc("Move Overhead (engine.cpp)")
                .src(s),
            Param::new("ponder", "Ponder", bool_!(C, ponder))
                .desc("Ponder option: optimum += optimum·ponder-bonus")
                .src(s),
            Param::new("ponder-bonus", "Ponder bonus", f64_!(C, ponder_bonus))
                .lin(0.0, 1.0, 0.05)
                .desc("Stockfish uses ⌊optimum/4⌋")
                .src(s),
            Param::new("score-unit", "Score unit", f64_!(C, score_unit))
                .lin(0.5, 5.0, 0.01)
                .unit("internal/cp")
                .desc("internal units per centipawn fed by the searcher (PawnValue 208 / 100)")
                .src("project (types.h PawnValue = 208)"),
            Param::new("horizon", "Move horizon", int_!(C, u32, horizon))
                .lin(10.0, 100.0, 1.0)
                .unit("moves")
                .desc("move horizon mtg")
                .src(s),
            Param::new("max-clock-frac", "Max clock share", f64_!(C, max_clock_frac))
                .lin(0.3, 0.95, 0.005)
                .desc("maximum ≤ this·clock − O")
                .src(s),
            Param::new("increase-depth-frac", "Increase-depth share", f64_!(C, increase_depth_frac))
                .lin(0.0, 1.0, 0.05)
                .desc("deepen only while elapsed ≤ this·totalTime")
                .src(s),
            Param::new("single-move-cap-ms", "Single-move cap", int_!(C, u32, single_move_cap_ms))
                .lin(0.0, 5000.0, 50.0)
                .unit("ms")
                .desc("soft cap with one legal move")
                .src(s),
            Param::new("check-calls", "Check calls", int_!(C, u32, check_calls))
                .log_factor(1.0, 65536.0, 2.0)
                .unit("calls")
                .desc("hard check every this many search() calls on the main thread")
                .src(s),
            Param::new("time-reduction-init", "Initial time reduction", f64_!(C, time_reduction_init))
                .lin(0.5, 1.6, 0.01)
                .desc("previousTimeReduction at a new game (thread.cpp)")
                .src(s),
        ]
    }

    fn presets() -> Vec<Preset<Self>> {
        vec![
            Preset {
                name: "sf",
                description: "Stockfish @762dd1da, Ponder off",
                config: StockfishConfig::SF,
            },
            Preset {
                name: "ponder",
                description: "Ponder on: a quarter more optimum",
                config: StockfishConfig::PONDER,
            },
        ]
    }

    fn build(&self) -> Box<dyn TimeManager> {
        Box::new(stockfish::Stockfish::new(*self))
    }
}
