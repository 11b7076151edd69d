//! The MCTS searcher's parameters and their slider schema.
//!
//! Every parameter has a row in [`MctsParams::SCHEMA`] (key, range, step, scale, unit, meaning,
//! and the field it reads and writes; its default is [`MctsParams::default`]'s), in the column
//! layout of `shared/spec/time-managers.md` §0.8, so a UI can build a slider for each without
//! knowing the searcher. Keys are kebab-case, as in the spec strings.

use serde::{Deserialize, Serialize};

use crate::error::FieldError;
use SliderScale::{Lin, Log};

/// How a slider moves between its bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SliderScale {
    /// Equal steps in value.
    Lin,
    /// Equal steps in the logarithm of the value.
    Log,
}

/// One row of the parameter schema: everything a UI needs to build a slider, and the field it
/// reads and writes. The default is the field's value in [`MctsParams::default`].
#[derive(Clone, Copy, Debug, Serialize)]
pub struct ParamSpec {
    /// The key used by [`MctsParams::set`] and in serialized parameters.
    pub key: &'static str,
    /// Smallest allowed value.
    pub min: f64,
    /// Largest allowed value.
    pub max: f64,
    /// Slider step (for `log` sliders: the resolution of the value).
    pub step: f64,
    /// How the slider moves.
    pub scale: SliderScale,
    /// Unit shown beside the value (`""` when dimensionless).
    pub unit: &'static str,
    /// Whether only whole numbers are allowed.
    pub integer: bool,
    /// What the parameter does.
    pub description: &'static str,
    /// Reads the parameter.
    #[serde(skip)]
    pub get: fn(&MctsParams) -> f64,
    /// Writes the parameter (already checked against the row).
    #[serde(skip)]
    set: fn(&mut MctsParams, f64),
}

/// A row of real values: `(min, max, step)`, scale, unit, meaning and the field's accessors.
const fn row(
    key: &'static str,
    (min, max, step): (f64, f64, f64),
    scale: SliderScale,
    unit: &'static str,
    description: &'static str,
    get: fn(&MctsParams) -> f64,
    set: fn(&mut MctsParams, f64),
) -> ParamSpec {
    ParamSpec { key, min, max, step, scale, unit, integer: false, description, get, set }
}

impl ParamSpec {
    /// The same row, whole numbers only.
    const fn whole(self) -> Self {
        ParamSpec { integer: true, ..self }
    }
}

/// Parameters of the MCTS searcher. Construct with [`Default`] and change with [`MctsParams::set`]
/// (which checks the range) or by deserializing (then call [`MctsParams::validate`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", default, deny_unknown_fields)]
pub struct MctsParams {
    /// PUCT exploration constant: `U = c_puct · P · √(N_parent − 1) / (1 + N_child)`.
    pub c_puct: f32,
    /// First-play urgency reduction: an unvisited child is valued at the parent's Q minus this
    /// times √(sum of the priors of the visited children) (lc0's "reduction" FPU strategy).
    pub fpu_reduction: f32,
    /// Softmax temperature of the move-ordering policy: higher flattens the priors.
    pub policy_temperature: f32,
    /// Logistic scale in centipawns: win probability `p = 1/(1 + e^(−cp/scale))`, `Q = 2p − 1`.
    pub value_scale: f32,
    /// Node budget of the quiescence search behind every leaf evaluation (0 = static eval).
    pub qsearch_nodes: u32,
    /// Playouts between two stopper polls (lc0's minibatch, here only the poll cadence).
    pub batch_size: u32,
    /// Most tree nodes kept in memory; at the cap the tree stops growing (see the module doc).
    pub node_cap: u32,
    /// `may_resign` is cleared when a visited root child has Q above this (lc0 hard-codes −0.98).
    pub resign_q: f32,
    /// Minimum elapsed time between two visit-race snapshots, in ms.
    pub telemetry_ms: f64,
}

/// The default node cap: a round number of nodes whose worst case stays under 256 MB
/// (1.4 M × [`super::MAX_BYTES_PER_NODE`] = 1.4 M × 176 B = 246.4 MB, plus at most one partly used
/// chunk per arena, 1.2 MB).
pub const DEFAULT_NODE_CAP: u32 = 1_400_000;

impl Default for MctsParams {
    fn default() -> Self {
        MctsParams {
            c_puct: 1.75,
            fpu_reduction: 0.33,
            policy_temperature: 1.0,
            value_scale: 200.0,
            qsearch_nodes: 16,
            batch_size: 128,
            node_cap: DEFAULT_NODE_CAP,
            resign_q: -0.98,
            telemetry_ms: 25.0,
        }
    }
}

impl MctsParams {
    /// One row per parameter, in declaration order.
    #[rustfmt::skip]
    pub const SCHEMA: &'static [ParamSpec] = &[
        row("c-puct", (0.1, 10.0, 0.05), Log, "",
            "PUCT exploration constant: higher spreads visits over more moves",
            |p| f64::from(p.c_puct), |p, v| p.c_puct = v as f32),
        row("fpu-reduction", (0.0, 2.0, 0.01), Lin, "Q",
            "first-play urgency: an unvisited move is valued at the parent's Q minus this times the square root of the visited policy",
            |p| f64::from(p.fpu_reduction), |p, v| p.fpu_reduction = v as f32),
        row("policy-temperature", (0.1, 10.0, 0.05), Log, "",
            "softmax temperature of the move-ordering policy (captures, checks, promotions, piece-square gains): higher flattens the priors",
            |p| f64::from(p.policy_temperature), |p, v| p.policy_temperature = v as f32),
        row("value-scale", (20.0, 2000.0, 10.0), Log, "cp",
            "logistic scale mapping the quiescence eval to a win probability: p = 1/(1 + e^(-cp/scale)), Q = 2p - 1",
            |p| f64::from(p.value_scale), |p, v| p.value_scale = v as f32),
        row("qsearch-nodes", (0.0, 1000.0, 1.0), Lin, "nodes",
            "node budget of the capture search behind each leaf evaluation (0 = static evaluation only)",
            |p| f64::from(p.qsearch_nodes), |p, v| p.qsearch_nodes = v as u32).whole(),
        row("batch-size", (1.0, 4096.0, 1.0), Log, "playouts",
            "playouts between two stop checks",
            |p| f64::from(p.batch_size), |p, v| p.batch_size = v as u32).whole(),
        row("node-cap", (1000.0, 20_000_000.0, 1000.0), Log, "nodes",
            "most tree nodes in memory; at the cap the tree stops growing and playouts revisit existing leaves",
            |p| f64::from(p.node_cap), |p, v| p.node_cap = v as u32).whole(),
        row("resign-q", (-1.0, 0.0, 0.01), Lin, "Q",
            "may_resign is cleared when a visited root move has Q above this",
            |p| f64::from(p.resign_q), |p, v| p.resign_q = v as f32),
        row("telemetry-ms", (1.0, 1000.0, 1.0), Log, "ms",
            "minimum time between two snapshots of the root visit race",
            |p| p.telemetry_ms, |p, v| p.telemetry_ms = v),
    ];

    /// The schema row of `key`, if it exists.
    pub fn spec(key: &str) -> Option<&'static ParamSpec> {
        Self::SCHEMA.iter().find(|s| s.key == key)
    }

    /// The current value of `key`, if it exists.
    pub fn get(&self, key: &str) -> Option<f64> {
        Self::spec(key).map(|s| (s.get)(self))
    }

    /// Set `key` to `value` after checking it against the schema.
    ///
    /// # Errors
    /// An unknown key, a non-finite or out-of-range value, or a fraction for an integer key.
    pub fn set(&mut self, key: &str, value: f64) -> Result<(), FieldError> {
        let spec = Self::spec(key).ok_or_else(|| {
            let keys: Vec<&str> = Self::SCHEMA.iter().map(|s| s.key).collect();
            FieldError::new(
                "",
                format!("unknown MCTS parameter `{}`", crate::excerpt::excerpt(key)),
                keys.join(", "),
            )
        })?;
        check(spec, value)?;
        (spec.set)(self, value);
        Ok(())
    }

    /// Check every value against the schema (after deserializing, for example).
    ///
    /// # Errors
    /// The first parameter out of its range, named with its allowed range.
    pub fn validate(&self) -> Result<(), FieldError> {
        for spec in Self::SCHEMA {
            check(spec, (spec.get)(self))?;
        }
        Ok(())
    }
}

fn check(spec: &ParamSpec, value: f64) -> Result<(), FieldError> {
    if !value.is_finite() || value < spec.min || value > spec.max {
        return Err(FieldError::new(
            spec.key,
            format!("MCTS parameter {value} is out of range"),
            format!("{} … {}", spec.min, spec.max),
        ));
    }
    if spec.integer && value.fract() != 0.0 {
        return Err(FieldError::new(spec.key, format!("MCTS parameter {value} is not a whole number"), ""));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
