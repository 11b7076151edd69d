//! The Curves view's parameters, once: each slider's key, label, range, step, scale, unit and
//! description, with the defaults taken from the chart code ([`DecayParams::default`],
//! [`MovesLeftParams::default`]) and the allocation chart's view defaults. The page reads them
//! through the wasm export `curve_schema` (the build also writes them to
//! `www/pkg/curve-params.json` for code that runs before wasm loads); the CLI's `curve` defaults
//! are the same `Default`s.

use serde::Serialize;

use super::curves::{DecayParams, MovesLeftParams};
use crate::tm::simulate::SimConfig;

/// One slider of the Curves view.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CurveParam {
    /// The URL and attribute key.
    pub key: &'static str,
    /// Short label.
    pub label: &'static str,
    /// Smallest accepted value.
    pub min: f64,
    /// Largest accepted value.
    pub max: f64,
    /// Slider step (linear) or display precision (log).
    pub step: f64,
    /// `lin` or `log`.
    pub scale: &'static str,
    /// Unit, if any.
    pub unit: &'static str,
    /// One-line description.
    pub description: &'static str,
    /// Where the formula comes from, if anywhere.
    pub source: &'static str,
    /// The default value.
    pub default_value: f64,
}

/// What the allocation chart opens with.
#[derive(Clone, Debug, Serialize)]
pub struct AllocationDefaults {
    /// Manager specs compared.
    pub specs: [&'static str; 2],
    /// Time control.
    pub tc: &'static str,
    /// Moves simulated.
    pub moves: f64,
    /// Share of the soft budget used.
    #[serde(rename = "use")]
    pub use_frac: f64,
    /// Simulated nodes per second.
    pub nps: f64,
    /// Tree reuse.
    pub reuse: f64,
}

/// The allocation chart's engine mode (a self-play game, [`crate::play::trace`]): its fields'
/// defaults and accepted ranges, the crate's own checks in [`crate::play::trace::TraceGame::new`].
#[derive(Clone, Debug, Serialize)]
pub struct EngineModeFields {
    /// Builtin opening index: default and `[min, max]`.
    pub opening: (usize, [usize; 2]),
    /// Virtual nodes per second: default and the speeds offered.
    pub nps: (f64, [f64; 5]),
    /// Full moves before the game is adjudicated a draw: default and `[min, max]`.
    pub moves: (u32, [u32; 2]),
    /// Latency charged per move, ms: default and `[min, max]`.
    pub latency: (f64, [f64; 2]),
}

/// Everything the Curves view and `<tm-curve>` need.
#[derive(Clone, Debug, Serialize)]
pub struct CurveSchema {
    /// The building-block charts' sliders: chart id → parameters, in the ids' sorted order
    /// (serialised as an object; a list rather than a B-tree, which the charts module would
    /// link for two entries: issue 24).
    #[serde(serialize_with = "as_object")]
    pub charts: Vec<(&'static str, Vec<CurveParam>)>,
    /// The allocation chart's usage-model sliders.
    pub usage: Vec<CurveParam>,
    /// The allocation chart's defaults.
    pub allocation: AllocationDefaults,
    /// The engine mode's fields (the engine build only: they come from the engine's rules; the
    /// page reads them from the build's `curve-params.json`, written by the engine module).
    #[cfg(feature = "engine")]
    pub engine: EngineModeFields,
    /// Compared managers at most.
    pub max_managers: usize,
    /// The separator of several specs in one field (`specs=stockfish;lc0-legacy`), for code that
    /// reads a link before any wasm is loaded (`<tm-curve>`, the share snippets).
    pub spec_separator: char,
}

impl CurveSchema {
    /// The sliders of the building-block chart `id`.
    pub fn chart(&self, id: &str) -> Option<&[CurveParam]> {
        self.charts.iter().find(|(c, _)| *c == id).map(|(_, ps)| ps.as_slice())
    }
}

/// Pairs as an object (`{id: params, …}`).
fn as_object<S: serde::Serializer>(
    pairs: &[(&'static str, Vec<CurveParam>)],
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_map(pairs.iter().map(|(k, v)| (k, v)))
}

/// The allocation chart's moves by default: a long game, past the moves-left midpoint.
const VIEW_MOVES: f64 = 80.0;

#[allow(clippy::too_many_arguments)]
fn param(
    key: &'static str,
    (min, max, step): (f64, f64, f64),
    scale: &'static str,
    unit: &'static str,
    description: &'static str,
    source: &'static str,
    default_value: f64,
) -> CurveParam {
    CurveParam { key, label: key, min, max, step, scale, unit, description, source, default_value }
}

/// The schema.
pub fn curve_schema() -> CurveSchema {
    let d = DecayParams::default();
    let m = MovesLeftParams::default();
    let s = SimConfig::default();
    let lc0 = "lc0 legacy.cc @909a4082";
    let charts = vec![
        (
            "decay",
            vec![
                param("from", (-10.0, 10.0, 0.05), "lin", "", "ED at value 0: the old estimate.", "", d.from),
                param(
                    "to",
                    (-10.0, 10.0, 0.05),
                    "lin",
                    "",
                    "The value approached: the new measurement.",
                    "",
                    d.to,
                ),
                param(
                    "step",
                    (0.1, 20.0, 0.01),
                    "log",
                    "",
                    "Half-life: how much value makes half the way (smooth: average moves).",
                    "",
                    d.step,
                ),
            ],
        ),
        (
            "moves-left",
            vec![
                param(
                    "midpoint",
                    (20.0, 100.0, 0.5),
                    "lin",
                    "moves",
                    "Median game length in moves (m).",
                    lc0,
                    m.midpoint,
                ),
                param(
                    "steepness",
                    (2.0, 15.0, 0.1),
                    "lin",
                    "",
                    "How sharply game lengths fall off around the midpoint (s).",
                    lc0,
                    m.steepness,
                ),
            ],
        ),
    ];
    let mut usage = vec![
        param("moves", (10.0, 300.0, 1.0), "lin", "moves", "Moves of one side to simulate.", "", VIEW_MOVES),
        param(
            "use",
            (0.05, 3.0, 0.05),
            "lin",
            "× soft",
            "Each move uses this share of the soft budget, capped at the hard budget.",
            "",
            s.use_frac,
        ),
        param(
            "nps",
            (1000.0, 1_000_000.0, 1.0),
            "log",
            "nodes/s",
            "Speed of the simulated MCTS search (fed to the lc0 managers).",
            "",
            s.nps,
        ),
        param(
            "reuse",
            (0.0, 0.95, 0.01),
            "lin",
            "",
            "Share of the previous move’s tree kept for the next move (lc0 managers).",
            "",
            s.reuse,
        ),
    ];
    usage[1].label = "budget used";
    usage[3].label = "tree reuse";
    let allocation = AllocationDefaults {
        specs: ["lc0-legacy", "stockfish"],
        tc: "60+0.6",
        moves: VIEW_MOVES,
        use_frac: s.use_frac,
        nps: s.nps,
        reuse: s.reuse,
    };
    CurveSchema {
        charts,
        usage,
        allocation,
        #[cfg(feature = "engine")]
        engine: engine_mode_fields(),
        max_managers: super::allocation::MAX_MANAGERS,
        spec_separator: crate::tm::params::SPEC_LIST_SEPARATOR,
    }
}

#[cfg(feature = "engine")]
fn engine_mode_fields() -> EngineModeFields {
    use crate::play::trace as t;
    EngineModeFields {
        opening: (0, [0, crate::play::openings::builtin().len() - 1]),
        nps: (t::TRACE_DEFAULT_NPS, t::TRACE_SPEEDS),
        moves: (t::TRACE_DEFAULT_MOVES, [1, t::MAX_TRACE_MOVES]),
        latency: (0.0, [0.0, t::MAX_TRACE_LATENCY_MS]),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn defaults_lie_in_their_ranges() {
        let s = super::curve_schema();
        for p in s.charts.iter().flat_map(|(_, ps)| ps).chain(&s.usage) {
            assert!(p.min <= p.default_value && p.default_value <= p.max, "{}", p.key);
        }
        assert_eq!(s.chart("moves-left").unwrap()[0].default_value, 51.5);
        assert!(s.charts.is_sorted_by_key(|(id, _)| *id), "ids in sorted order, as serialised before");
        assert_eq!(s.allocation.moves, 80.0);
    }
}
