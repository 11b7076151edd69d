//! The Guide manager's typed config ([`GuideConfig`]), its modes and presets, and the seed's
//! constants they are built from (see the parent module for the reference).

/// The seed's fixed-chunk divisor: initial time / 50.
pub const CHUNK_DIVISOR: u32 = 50;
/// The seed's fixed-fraction divisor: 10 % of the remaining time.
pub const FRACTION_DIVISOR: u32 = 10;
/// The recap rule's divisor: remaining / 20.
pub const BASE_DIVISOR: u32 = 20;
/// The recap rule's increment share: 3/4.
pub const INC_FRAC: f64 = 0.75;
/// soft = base / 2.
pub const SOFT_FRAC: f64 = 0.5;
/// hard = 3 · base.
pub const HARD_MULT: f64 = 3.0;
/// The seed's communication overhead, added to elapsed at every check.
pub const MOVE_OVERHEAD_MS: u32 = 50;
/// The seed checks the hard limit in every node.
pub const CHECK_INTERVAL: u32 = 1;
/// Ethereal's PV-stability factor at s = 0 …
pub const PV_BASE: f64 = 1.20;
/// … falling by this per stable iteration …
pub const PV_STEP: f64 = 0.04;
/// … for at most this many iterations (1.20 → 0.80).
pub const PV_CAP: u32 = 10;
/// The seed applies the score factor from depth 7.
pub const SCORE_MIN_DEPTH: u32 = 7;
/// Ethereal compares the score with the one 3 iterations earlier.
pub const SCORE_LAG: u32 = 3;
/// Ethereal: factor = 0.05 per cp of drop …
pub const SCORE_SLOPE: f64 = 0.05;
/// … clamped to 0.75 …
pub const SCORE_MIN: f64 = 0.75;
/// … and 1.25.
pub const SCORE_MAX: f64 = 1.25;
/// Ethereal's node factor: max(0.5, 2·(1 − f) + 0.4).
pub const NODE_SLOPE: f64 = 2.0;
/// See [`NODE_SLOPE`].
pub const NODE_OFFSET: f64 = 0.4;
/// See [`NODE_SLOPE`].
pub const NODE_MIN: f64 = 0.5;
/// Ethereal applies the PV and node factors from depth 4.
pub const TRICKS_MIN_DEPTH: u32 = 4;

/// The allocation rule (§3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GuideMode {
    /// L = initial clock / divisor, for every move.
    Chunks,
    /// L = clock / divisor.
    Fraction,
    /// base = clock/divisor + ¾ inc, with a soft/hard split.
    Recap,
}

impl GuideMode {
    /// Names in spec strings.
    pub const NAMES: &'static [&'static str] = &["chunks", "fraction", "recap"];

    /// The name in spec strings.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// From a name in [`GuideMode::NAMES`].
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "chunks" => Some(GuideMode::Chunks),
            "fraction" => Some(GuideMode::Fraction),
            "recap" => Some(GuideMode::Recap),
            _ => None,
        }
    }
}

/// The guide's parameters (§3.1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GuideConfig {
    /// Allocation rule.
    pub mode: GuideMode,
    /// chunks: L = initial clock / this.
    pub chunk_divisor: u32,
    /// fraction: L = clock / this.
    pub fraction_divisor: u32,
    /// recap: base = clock / this + …
    pub base_divisor: u32,
    /// recap: share of the increment added.
    pub inc_frac: f64,
    /// recap: soft/hard split (false: single limit L = base).
    pub soft_hard: bool,
    /// soft = base · this.
    pub soft_frac: f64,
    /// hard = base · this.
    pub hard_mult: f64,
    /// Added to elapsed at every check, ms.
    pub move_overhead: u32,
    /// Depth 1 is never aborted.
    pub clear_one_depth: bool,
    /// Hard-check cadence in nodes.
    pub check_interval: u32,
    /// Enable the PV-stability scaling.
    pub pv_stability: bool,
    /// PV factor at s = 0.
    pub pv_base: f64,
    /// PV factor step per stable iteration.
    pub pv_step: f64,
    /// Cap on s.
    pub pv_cap: u32,
    /// Enable the score-stability scaling.
    pub score_stability: bool,
    /// First depth for the score factor.
    pub score_min_depth: u32,
    /// Compare score[d − lag] with score[d].
    pub score_lag: u32,
    /// Score factor per cp of drop.
    pub score_slope: f64,
    /// Lower clamp of the score factor.
    pub score_min: f64,
    /// Upper clamp of the score factor.
    pub score_max: f64,
    /// Enable the node-based scaling.
    pub node_tm: bool,
    /// Node factor slope.
    pub node_slope: f64,
    /// Node factor offset.
    pub node_offset: f64,
    /// Node factor floor.
    pub node_min: f64,
    /// The PV and node factors apply from this completed depth.
    pub tricks_min_depth: u32,
}

impl GuideConfig {
    /// The recap rule with soft/hard limits and no tricks (the guide's "meat and bones").
    pub const RECAP: GuideConfig = GuideConfig {
        mode: GuideMode::Recap,
        chunk_divisor: CHUNK_DIVISOR,
        fraction_divisor: FRACTION_DIVISOR,
        base_divisor: BASE_DIVISOR,
        inc_frac: INC_FRAC,
        soft_hard: true,
        soft_frac: SOFT_FRAC,
        hard_mult: HARD_MULT,
        move_overhead: MOVE_OVERHEAD_MS,
        clear_one_depth: true,
        check_interval: CHECK_INTERVAL,
        pv_stability: false,
        pv_base: PV_BASE,
        pv_step: PV_STEP,
        pv_cap: PV_CAP,
        score_stability: false,
        score_min_depth: SCORE_MIN_DEPTH,
        score_lag: SCORE_LAG,
        score_slope: SCORE_SLOPE,
        score_min: SCORE_MIN,
        score_max: SCORE_MAX,
        node_tm: false,
        node_slope: NODE_SLOPE,
        node_offset: NODE_OFFSET,
        node_min: NODE_MIN,
        tricks_min_depth: TRICKS_MIN_DEPTH,
    };
    /// The seed's "bad idea": a fixed chunk of the initial time per move.
    pub const CHUNKS: GuideConfig = GuideConfig { mode: GuideMode::Chunks, ..Self::RECAP };
    /// The seed's "better idea": 10 % of the remaining time.
    pub const FRACTION: GuideConfig = GuideConfig { mode: GuideMode::Fraction, ..Self::RECAP };
    /// The recap rule with all three fancier tricks on.
    pub const TRICKS: GuideConfig =
        GuideConfig { pv_stability: true, score_stability: true, node_tm: true, ..Self::RECAP };
}
