use super::*;
use crate::search::ordering::is_tactical;
use crate::search::position::{parse_fen, uci};

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
            let mut pos = parse_fen(fen).unwrap();
            for _ in 0..60 {
                let all = pos.legal_moves();
                if all.is_empty() {
                    break;
                }
                if !pos.is_check() {
                    let mut expected: Vec<String> =
                        all.iter().filter(|m| is_tactical(**m)).map(|&m| uci(m)).collect();
                    let mut got = MoveList::new();
                    tactical_moves(&pos, &mut got);
                    let mut got: Vec<String> = got.iter().map(|&m| uci(m)).collect();
                    expected.sort();
                    got.sort();
                    assert_eq!(
                        got,
                        expected,
                        "{}",
                        shakmaty::fen::Fen::from_position(&pos, shakmaty::EnPassantMode::Always)
                    );
                    checked += 1;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos.play_unchecked(all[(seed % all.len() as u64) as usize]);
            }
        }
    }
    assert!(checked > 1000);
}
