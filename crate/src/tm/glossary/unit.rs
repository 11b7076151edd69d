//! [`Unit`]: what a glossary term's value counts, and how a value is printed in it.

use serde::Serialize;

/// What a term's value counts, and how it is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Unit {
    /// Milliseconds.
    Ms,
    /// Moves of one side.
    Moves,
    /// A multiplier.
    Factor,
    /// A share of a whole, stored as a fraction and printed as a percentage.
    Share,
    /// Nodes (MCTS visits or alpha-beta nodes).
    Nodes,
    /// Nodes per second.
    Nps,
    /// 0 or 1, printed as no or yes.
    Flag,
    /// A small code whose values the meaning lists.
    Code,
    /// Stockfish's internal score units (PawnValue 208; the centipawns it prints are ≈ 385 units).
    Score,
    /// Not a number: a stop reason.
    Reason,
}

impl Unit {
    /// The unit as the readouts print it (`ms`, `moves`, `×`, `%`, …; empty for none).
    pub fn symbol(self) -> &'static str {
        match self {
            Unit::Ms => "ms",
            Unit::Moves => "moves",
            Unit::Factor => "×",
            Unit::Share => "%",
            Unit::Nodes => "nodes",
            Unit::Nps => "nodes/s",
            Unit::Flag => "yes/no",
            Unit::Code => "code",
            Unit::Score => "internal units",
            Unit::Reason => "reason",
        }
    }

    /// The unit in words, for help texts.
    pub fn name(self) -> &'static str {
        match self {
            Unit::Ms => "milliseconds",
            Unit::Moves => "moves",
            Unit::Factor => "a multiplier",
            Unit::Share => "a share (percent)",
            Unit::Nodes => "nodes",
            Unit::Nps => "nodes per second",
            Unit::Flag => "yes or no",
            Unit::Code => "a code (see the meaning)",
            Unit::Score => {
                "Stockfish internal units (PawnValue = 208 in its evaluation; a pawn of the centipawns it prints is ≈ 385 units, its win-rate model's a at material 58)"
            }
            Unit::Reason => "a stop reason",
        }
    }

    /// `value` with this unit: `2420 ms`, `17.43 moves`, `×1.25`, `4.41 %`, `yes`.
    pub fn format(self, value: f64) -> String {
        if value.is_nan() {
            return "–".into();
        }
        if value.is_infinite() {
            return if value > 0.0 { "∞".into() } else { "−∞".into() };
        }
        match self {
            Unit::Ms => format!("{} ms", short(value)),
            Unit::Moves => format!("{} moves", short(value)),
            Unit::Factor => format!("×{}", short(value)),
            Unit::Share => format!("{} %", short(100.0 * value)),
            Unit::Nodes => format!("{} nodes", short(value)),
            Unit::Nps => format!("{} nodes/s", short(value)),
            Unit::Flag => (if value != 0.0 { "yes" } else { "no" }).into(),
            Unit::Code | Unit::Reason => short(value),
            Unit::Score => format!("{} internal", short(value)),
        }
    }
}

/// A number with at most two decimals (four below 1) and no trailing zeros.
pub(super) fn short(v: f64) -> String {
    let s = if v.abs() >= 1000.0 {
        crate::decimal::fixed(v, 0)
    } else if v.abs() >= 1.0 {
        crate::decimal::fixed(v, 2)
    } else {
        crate::decimal::fixed(v, 4)
    };
    if s.contains('.') { s.trim_end_matches('0').trim_end_matches('.').to_string() } else { s }
}
