use super::*;
use crate::search::ordering::is_tactical;
use crate::search::position::uci;
use crate::search::tests::random_game;

/// The generator agrees with shakmaty's legal moves (filtered) on random positions.
#[test]
fn matches_filtered_legal_moves() {
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut checked = 0;
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/8/8/2k5/2pP4/8/B7/4K3 b - d3 0 1",
        "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
    ] {
        for _ in 0..40 {
            random_game(fen, 60, &mut seed, |pos, all| {
                if !pos.is_check() {
                    let mut expected: Vec<String> =
                        all.iter().filter(|m| is_tactical(**m)).map(|&m| uci(m)).collect();
                    let mut got = MoveList::new();
                    tactical_moves(pos, &mut got);
                    let mut got: Vec<String> = got.iter().map(|&m| uci(m)).collect();
                    expected.sort();
                    got.sort();
                    assert_eq!(
                        got,
                        expected,
                        "{}",
                        shakmaty::fen::Fen::from_position(pos, shakmaty::EnPassantMode::Always)
                    );
                    checked += 1;
                }
            });
        }
    }
    assert!(checked > 1000);
}

/// [`legal_moves`] gives shakmaty's legal moves in shakmaty's order (move ordering breaks ties
/// by it), in check and out of it, on random games from positions with castling, en passant,
/// promotions and pins.
#[test]
fn legal_moves_in_shakmaty_order() {
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let (mut checked, mut in_check) = (0, 0);
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "8/8/8/2k5/2pP4/8/B7/4K3 b - d3 0 1",
        "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
    ] {
        for _ in 0..40 {
            random_game(fen, 80, &mut seed, |pos, all| {
                let mut got = MoveList::new();
                legal_moves(pos, pos.is_check(), &mut got);
                assert_eq!(
                    got.as_slice(),
                    all.as_slice(),
                    "{}",
                    shakmaty::fen::Fen::from_position(pos, shakmaty::EnPassantMode::Always)
                );
                checked += 1;
                in_check += usize::from(pos.is_check());
            });
        }
    }
    assert!(checked > 10_000 && in_check > 500, "{checked} positions, {in_check} in check");
}
