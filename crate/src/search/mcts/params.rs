//! The MCTS searcher's parameters and their slider schema.
//!
//! Every parameter has a row in [`MctsParams::SCHEMA`] (key, default, range, step, scale, unit,
//! meaning), in the column layout of `shared/spec/time-managers.md` §0.8, so a UI can build a
//! slider for each without knowing the searcher. Keys are kebab-case, as in the spec strings.

use serde::{Deserialize, Serialize};

use crate::error::FieldError;

/// How a slider moves between its bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SliderScale {
    /// Equal steps in value.
    Lin,
    /// Equal steps in the logarithm of the value.
    Log,
}

/// One row of the parameter schema: everything a UI needs to build a slider.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ParamSpec {
    /// The key used by [`MctsParams::set`] and in serialized parameters.
    pub key: &'static str,
    /// The default value.
    pub default: f64,
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
    /// One row per parameter, in declaration order. Defaults equal [`MctsParams::default`].
    pub const SCHEMA: &'static [ParamSpec] = &[
        ParamSpec {
            key: "c-puct",
            default: 1.75,
            min: 0.1,
            max: 10.0,
            step: 0.05,
            scale: SliderScale::Log,
            unit: "",
            integer: false,
            description: "PUCT exploration constant: higher spreads visits over more moves",
        },
        ParamSpec {
            key: "fpu-reduction",
            default: 0.33,
            min: 0.0,
            max: 2.0,
            step: 0.01,
            scale: SliderScale::Lin,
            unit: "Q",
            integer: false,
            description: "first-play urgency: an unvisited move is valued at the parent's Q minus \
                          this times the square root of the visited policy",
        },
        ParamSpec {
            key: "policy-temperature",
            default: 1.0,
            min: 0.1,
            max: 10.0,
            step: 0.05,
            scale: SliderScale::Log,
            unit: "",
            integer: false,
            description: "softmax temperature of the move-ordering policy (captures, checks, \
                          promotions, piece-square gains): higher flattens the priors",
        },
        ParamSpec {
            key: "value-scale",
            default: 200.0,
            min: 20.0,
            max: 2000.0,
            step: 10.0,
            scale: SliderScale::Log,
            unit: "cp",
            integer: false,
            description: "logistic scale mapping the quiescence eval to a win probability: \
                          p = 1/(1 + e^(-cp/scale)), Q = 2p - 1",
        },
        ParamSpec {
            key: "qsearch-nodes",
            default: 16.0,
            min: 0.0,
            max: 1000.0,
            step: 1.0,
            scale: SliderScale::Lin,
            unit: "nodes",
            integer: true,
            description: "node budget of the capture search behind each leaf evaluation \
                          (0 = static evaluation only)",
        },
        ParamSpec {
            key: "batch-size",
            default: 128.0,
            min: 1.0,
            max: 4096.0,
            step: 1.0,
            scale: SliderScale::Log,
            unit: "playouts",
            integer: true,
            description: "playouts between two stop checks",
        },
        ParamSpec {
            key: "node-cap",
            default: DEFAULT_NODE_CAP as f64,
            min: 1000.0,
            max: 20_000_000.0,
            step: 1000.0,
            scale: SliderScale::Log,
            unit: "nodes",
            integer: true,
            description: "most tree nodes in memory; at the cap the tree stops growing and \
                          playouts revisit existing leaves",
        },
        ParamSpec {
            key: "resign-q",
            default: -0.98,
            min: -1.0,
            max: 0.0,
            step: 0.01,
            scale: SliderScale::Lin,
            unit: "Q",
            integer: false,
            description: "may_resign is cleared when a visited root move has Q above this",
        },
        ParamSpec {
            key: "telemetry-ms",
            default: 25.0,
            min: 1.0,
            max: 1000.0,
            step: 1.0,
            scale: SliderScale::Log,
            unit: "ms",
            integer: false,
            description: "minimum time between two snapshots of the root visit race",
        },
    ];

    /// The schema row of `key`, if it exists.
    pub fn spec(key: &str) -> Option<&'static ParamSpec> {
        Self::SCHEMA.iter().find(|s| s.key == key)
    }

    /// The current value of `key`, if it exists.
    pub fn get(&self, key: &str) -> Option<f64> {
        Some(match key {
            "c-puct" => self.c_puct as f64,
            "fpu-reduction" => self.fpu_reduction as f64,
            "policy-temperature" => self.policy_temperature as f64,
            "value-scale" => self.value_scale as f64,
            "qsearch-nodes" => self.qsearch_nodes as f64,
            "batch-size" => self.batch_size as f64,
            "node-cap" => self.node_cap as f64,
            "resign-q" => self.resign_q as f64,
            "telemetry-ms" => self.telemetry_ms,
            _ => return None,
        })
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
        match key {
            "c-puct" => self.c_puct = value as f32,
            "fpu-reduction" => self.fpu_reduction = value as f32,
            "policy-temperature" => self.policy_temperature = value as f32,
            "value-scale" => self.value_scale = value as f32,
            "qsearch-nodes" => self.qsearch_nodes = value as u32,
            "batch-size" => self.batch_size = value as u32,
            "node-cap" => self.node_cap = value as u32,
            "resign-q" => self.resign_q = value as f32,
            "telemetry-ms" => self.telemetry_ms = value,
            _ => unreachable!("every schema key is handled"),
        }
        Ok(())
    }

    /// Check every value against the schema (after deserializing, for example).
    ///
    /// # Errors
    /// The first parameter out of its range, named with its allowed range.
    pub fn validate(&self) -> Result<(), FieldError> {
        for spec in Self::SCHEMA {
            let value = self.get(spec.key).expect("every schema key has a value");
            check(spec, value)?;
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
