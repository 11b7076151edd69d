//! Perft: counts the leaf nodes of the legal move tree, through exactly the move generation and
//! copy-make ([`SearchPosition::play`]) the search uses. It validates both against the published
//! counts.

use serde::Serialize;
use shakmaty::MoveList;

use super::movegen::legal_moves;

use super::position::{SearchPosition, parse_fen};
use crate::clock::timer::now_ms;

/// Leaf nodes at `depth` plies below `sp` (bulk-counted at the last ply).
pub fn perft(sp: &SearchPosition, depth: u32) -> u64 {
    let mut moves = MoveList::new();
    legal_moves(sp.pos(), sp.is_check(), &mut moves);
    match depth {
        0 => 1,
        1 => moves.len() as u64,
        _ => moves.iter().map(|&m| perft(&sp.play(m), depth - 1)).sum(),
    }
}

/// Perft per root move, in UCI notation, in move generation order.
pub fn divide(sp: &SearchPosition, depth: u32) -> Vec<(String, u64)> {
    let mut moves = MoveList::new();
    legal_moves(sp.pos(), sp.is_check(), &mut moves);
    moves
        .iter()
        .map(|&m| (super::position::uci(m), if depth <= 1 { 1 } else { perft(&sp.play(m), depth - 1) }))
        .collect()
}

/// A position with its published perft count.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct PerftCase {
    /// The position.
    pub fen: &'static str,
    /// Plies.
    pub depth: u32,
    /// The published leaf count at `depth`.
    pub leaves: u64,
}

/// The six positions of the Chessprogramming Wiki "Perft Results" page, at depths that take
/// about a quarter of a second together natively: the speed bench of the move generation and
/// copy-make alone, which checks every count against the published one.
pub const SPEED_CASES: &[PerftCase] = &[
    PerftCase {
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        depth: 5,
        leaves: 4_865_609,
    },
    PerftCase {
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        depth: 4,
        leaves: 4_085_603,
    },
    PerftCase { fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", depth: 6, leaves: 11_030_083 },
    PerftCase {
        fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        depth: 5,
        leaves: 15_833_292,
    },
    PerftCase {
        fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        depth: 4,
        leaves: 2_103_487,
    },
    PerftCase {
        fen: "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        depth: 4,
        leaves: 3_894_594,
    },
];

/// Perft speed over a set of cases.
#[derive(Clone, Debug, Serialize)]
pub struct PerftSpeed {
    /// Leaves counted over all cases.
    pub leaves: u64,
    /// Wall time, ms.
    pub ms: f64,
    /// Leaves per second.
    pub leaves_per_s: f64,
}

/// Runs perft on `cases` and times it. An error names the first count that differs from the
/// published one (the move generation or copy-make is broken then, and the time means nothing).
pub fn speed(cases: &[PerftCase]) -> Result<PerftSpeed, crate::error::FieldError> {
    let mut leaves = 0;
    let mut ms = 0.0;
    for case in cases {
        let sp = SearchPosition::new(parse_fen(case.fen)?);
        let start = now_ms();
        let n = perft(&sp, case.depth);
        ms += now_ms() - start;
        if n != case.leaves {
            return Err(crate::error::FieldError::message(format!(
                "perft {} of {} is {n}, published {}",
                case.depth, case.fen, case.leaves
            )));
        }
        leaves += n;
    }
    Ok(PerftSpeed { leaves, ms, leaves_per_s: leaves as f64 * 1000.0 / ms.max(1e-9) })
}

#[cfg(test)]
mod tests;
