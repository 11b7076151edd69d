use super::*;

fn run(fen: &str, expected: &[u64]) {
    let sp = SearchPosition::new(parse_fen(fen).unwrap());
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(perft(&sp, d as u32 + 1), n, "{fen} depth {}", d + 1);
    }
}

// Counts from the Chessprogramming Wiki "Perft Results" page.

#[test]
fn speed_checks_every_count() {
    let shallow: Vec<PerftCase> =
        SPEED_CASES.iter().map(|c| PerftCase { depth: 2, leaves: perft_at(c.fen, 2), ..*c }).collect();
    let s = speed(&shallow).unwrap();
    assert_eq!(s.leaves, shallow.iter().map(|c| c.leaves).sum::<u64>());
    assert!(s.ms >= 0.0 && s.leaves_per_s > 0.0);
    // Depth 2 of the start position is 400; a wrong published count is an error.
    let wrong = [PerftCase { fen: SPEED_CASES[0].fen, depth: 2, leaves: 401 }];
    assert!(speed(&wrong).unwrap_err().to_string().contains("is 400, published 401"));
    // The speed cases' first two plies agree with the counts the tests below check.
    assert_eq!(shallow[0].leaves, 400);
    assert_eq!(shallow[1].leaves, 2_039);
}

fn perft_at(fen: &str, depth: u32) -> u64 {
    perft(&SearchPosition::new(parse_fen(fen).unwrap()), depth)
}

#[test]
fn perft_startpos() {
    run("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &[20, 400, 8_902, 197_281]);
}

#[test]
fn perft_kiwipete() {
    run("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", &[48, 2_039, 97_862]);
}

#[test]
fn perft_position_3() {
    run("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", &[14, 191, 2_812, 43_238, 674_624]);
}

#[test]
fn perft_position_4() {
    run("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", &[6, 264, 9_467, 422_333]);
}

#[test]
fn perft_position_5() {
    run("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", &[44, 1_486, 62_379]);
}

#[test]
fn perft_position_6() {
    run("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", &[46, 2_079, 89_890]);
}

#[test]
fn divide_sums_to_perft() {
    let sp = SearchPosition::new(parse_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1").unwrap());
    let d = divide(&sp, 3);
    assert_eq!(d.len(), 14);
    assert_eq!(d.iter().map(|(_, n)| n).sum::<u64>(), 2_812);
}
