//! What a manager allocated and why: the [`Budget`] with its explaining [`Term`]s, and the
//! [`EffectiveLimit`] a manager is really using at a moment of the search.

use serde::{Deserialize, Serialize};

/// One named intermediate value that explains a budget, e.g. `("moves left", 31.5)`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Term {
    /// The name used in the spec, e.g. `mtg`, `base`, `slowmover_applied`.
    pub name: &'static str,
    /// Its value (ms for times, a factor for multipliers, a count for moves).
    pub value: f64,
    /// A warning the UI shows beside the budget, e.g. "fallback exceeds the clock".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub warning: Option<String>,
}

impl Term {
    /// A term without a warning.
    pub fn new(name: &'static str, value: f64) -> Self {
        Term { name, value, warning: None }
    }
}

/// The limits of one move: soft (checked at iteration boundaries), hard (checked inside), and
/// the named terms that produced them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Budget {
    /// Soft limit in ms (`f64::INFINITY` for none).
    pub soft_ms: f64,
    /// Hard limit in ms (`f64::INFINITY` for none).
    pub hard_ms: f64,
    /// The intermediate values, in the order they were computed.
    pub terms: Vec<Term>,
}

impl Budget {
    /// No limit at all (infinite analysis, pondering).
    pub fn unlimited() -> Self {
        Budget { soft_ms: f64::INFINITY, hard_ms: f64::INFINITY, terms: Vec::new() }
    }
}

/// One factor of an effective soft limit, e.g. Stockfish's `fallingEval`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LimitTerm {
    /// A stable key (`optimum`, `falling_eval`, …).
    pub key: String,
    /// The label the UI shows (`falling`, …).
    pub label: String,
    /// The value (ms for times, else a factor).
    pub value: f64,
}

/// The soft limit a manager is actually using at a check, with the factors that make it
/// (contract point 5: `info string tm-limit <json>`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EffectiveLimit {
    /// The soft limit in use, ms.
    pub soft_ms: f64,
    /// The move's base soft budget, ms.
    pub base_ms: f64,
    /// A cap on the soft limit (Stockfish's maximum), ms.
    pub cap_ms: Option<f64>,
    /// The hard limit, ms.
    pub hard_ms: f64,
    /// The factors, in the order they multiply.
    pub terms: Vec<LimitTerm>,
    /// The human sentence, e.g. `soft 7.1 s = 7.1 s × falling 1.20 = 8.5 s, cap 26.0 s`.
    pub text: String,
}

/// Seconds with one decimal (`7.1 s`), `∞` for none.
pub fn secs(ms: f64) -> String {
    if ms.is_finite() { format!("{} s", crate::decimal::fixed(ms / 1000.0, 1)) } else { "∞".into() }
}

impl LimitTerm {
    /// A term.
    pub fn new(key: &str, label: &str, value: f64) -> Self {
        LimitTerm { key: key.into(), label: label.into(), value }
    }
}

impl EffectiveLimit {
    /// A manager that does not move its soft limit during a search: the base soft budget.
    pub fn base(budget: &Budget) -> Self {
        EffectiveLimit {
            soft_ms: budget.soft_ms,
            base_ms: budget.soft_ms,
            cap_ms: None,
            hard_ms: budget.hard_ms,
            terms: Vec::new(),
            text: format!(
                "soft {} (the base soft limit: this manager does not move it during a search), hard {}",
                secs(budget.soft_ms),
                secs(budget.hard_ms)
            ),
        }
    }

    /// A soft limit that is the base times `factors`, capped by `cap`:
    /// `soft S = base × f1 … = product, cap C`.
    pub fn product(budget: &Budget, base: LimitTerm, factors: Vec<LimitTerm>, cap: Option<f64>) -> Self {
        let product = factors.iter().fold(base.value, |p, t| p * t.value);
        let soft = cap.map_or(product, |c| product.min(c));
        let mut text = format!("soft {} = {}", secs(soft), secs(base.value));
        for t in &factors {
            text.push_str(&format!(" × {} {}", t.label, crate::decimal::fixed(t.value, 2)));
        }
        if !factors.is_empty() {
            text.push_str(&format!(" = {}", secs(product)));
        }
        if let Some(c) = cap {
            text.push_str(&format!(", cap {}", secs(c)));
        }
        let mut terms = vec![base];
        terms.extend(factors);
        EffectiveLimit {
            soft_ms: soft,
            base_ms: budget.soft_ms,
            cap_ms: cap,
            hard_ms: budget.hard_ms,
            terms,
            text,
        }
    }
}
