//! [`RecordView`]: the fields of a game record's JSON that the chart reads (the browser's game
//! summaries), ignoring the rest; non-finite numbers read as absent.

use serde::{Deserialize, Deserializer, Serialize};

/// `x` if it is finite.
pub(super) fn finite(x: f64) -> Option<f64> {
    x.is_finite().then_some(x)
}

/// An optional number that reads a non-finite value as absent.
fn finite_opt<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    Ok(Option::<f64>::deserialize(d)?.and_then(finite))
}

/// The fields of a game record's JSON that the chart reads. Written back as JSON
/// ([`RecordView::chart_data`]) it is a game's chart data: what an embedded game chart carries
/// inline (`<tm-curve kind="game">`), a tenth of the whole record.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct RecordView {
    /// Players.
    pub setup: SetupView,
    /// Every move, book moves included.
    pub moves: Vec<MoveView>,
    /// The resolution of the recorded times, ms (an imported PGN's: 1, 10, 100 or 1000); a move
    /// is past its hard limit only when it used more than the limit plus this. 0 (absent) for
    /// games played here, whose times are exact.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub resolution_ms: f64,
}

fn is_zero(x: &f64) -> bool {
    *x == 0.0
}

/// The players of a record's setup.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct SetupView {
    /// White.
    pub white: SideView,
    /// Black.
    pub black: SideView,
}

/// A side's name.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct SideView {
    /// Name.
    pub name: String,
}

/// The fields of a move record the chart reads (non-finite numbers, written `null` in JSON, read
/// as none).
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct MoveView {
    /// Half-moves before it.
    pub ply: u32,
    /// `white` or `black`.
    pub color: String,
    /// SAN.
    #[serde(default)]
    pub san: String,
    /// A book move.
    pub book: bool,
    /// Time charged, ms.
    #[serde(deserialize_with = "finite_opt")]
    pub used_ms: Option<f64>,
    /// Clock after the move, ms.
    #[serde(deserialize_with = "finite_opt")]
    pub clock_after_ms: Option<f64>,
    /// Lost on time.
    pub flagged: bool,
    /// The engine's record.
    pub engine: Option<EngineView>,
}

/// The engine's side of a move: its budget.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct EngineView {
    /// Soft and hard budget.
    pub budget: BudgetView,
    /// The effective soft limit at the end of the search (absent in older records).
    #[serde(default)]
    pub effective: Option<EffectiveView>,
}

/// The effective soft limit of a move.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct EffectiveView {
    /// Effective soft limit, ms.
    #[serde(deserialize_with = "finite_opt")]
    pub soft_ms: Option<f64>,
}

/// A manager's budget.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct BudgetView {
    /// Soft budget, ms.
    #[serde(deserialize_with = "finite_opt")]
    pub soft_ms: Option<f64>,
    /// Hard limit, ms.
    #[serde(deserialize_with = "finite_opt")]
    pub hard_ms: Option<f64>,
}

impl RecordView {
    /// The chart data as compact JSON (absent numbers as `null`); it reads back as itself. (The
    /// wasm export `game_chart_data` writes the same fields through the page's `JSON.stringify`.)
    pub fn chart_data(&self) -> String {
        serde_json::to_string(self).expect("a record view is plain data")
    }
}
