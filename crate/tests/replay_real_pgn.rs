//! `tmlab replay` reads what the real match tools write. The three games are verbatim output:
//! cutechess-cli 1.4.0 (`+0.49/7 0.006s`, the last comment ending `, Draw by 3-fold
//! repetition`), fastchess 1.8.2 with `-show-latency` (`0.819s, tl=9.181s, latency=0.359s`) and
//! fastchess with OpenBench's pgnout flags (`0.003s, n=8998, sd=13`), each playing tmlab's
//! managers. Every move's time is the tool's, to the millisecond.

use tmlab::experiment::replay::replay_pgn;
use tmlab::tm::TmSpec;

/// cutechess-cli 1.4.0, `-each tc=5+0.05`.
const CUTECHESS: &str = r#"[Event "?"]
[Site "?"]
[Date "2026.11.27"]
[Round "10"]
[White "sf"]
[Black "legacy"]
[Result "1/2-1/2"]
[FEN "r1bqk2r/pp1pppbp/2n2np1/8/3NP3/2N1B3/PPP2PPP/R2QKB1R w KQkq - 0 1"]
[GameDuration "00:00:02"]
[GameEndTime "2026-11-27T00:02:02.325 UTC"]
[GameStartTime "2026-11-27T00:02:00.006 UTC"]
[PlyCount "28"]
[SetUp "1"]
[TimeControl "5+0.05"]

1. Nxc6 {+0.49/7 0.006s} dxc6 {-0.45/15 0.44s} 2. Qxd8+ {+0.66/7 0.001s}
Kxd8 {-0.41/14 0.14s} 3. Bd3 {+0.56/7 0.004s} Ng4 {-0.17/13 0.14s}
4. Bf4 {+0.28/6 0.006s} Be6 {-0.09/12 0.14s} 5. h3 {+0.25/9 0.003s}
Ne5 {-0.06/12 0.14s} 6. O-O {+0.21/8 0.002s} Kc8 {+0.03/11 0.14s}
7. Be2 {+0.09/6 0.004s} Nc4 {+0.04/11 0.14s} 8. Bxc4 {-0.11/7 0.006s}
Bxc4 {0.00/14 0.14s} 9. Rfd1 {-0.02/6 0.003s} Re8 {0.00/13 0.14s}
10. e5 {-0.03/5 0.004s} b5 {-0.02/12 0.14s} 11. Ne4 {-0.04/7 0.001s}
Bd5 {-0.01/12 0.14s} 12. Nc3 {0.00/6 0.002s} Bc4 {0.00/16 0.14s}
13. Ne4 {0.00/7 0.001s} Bd5 {0.00/14 0.14s} 14. Nc3 {0.00/8 0.001s}
Bc4 {0.00/18 0.14s, Draw by 3-fold repetition} 1/2-1/2
"#;

/// fastchess 1.8.2, `tc=40/10`, `-show-latency`.
const FASTCHESS_LATENCY: &str = r#"[Event "Fastchess Tournament"]
[Site "?"]
[Date "2026.11.26"]
[Round "2"]
[White "legacy"]
[Black "sf"]
[Result "0-1"]
[EngineWhiteName "tmlab 0.1.0"]
[EngineWhiteAuthor "the tmlab developers"]
[EngineBlackName "tmlab 0.1.0"]
[EngineBlackAuthor "the tmlab developers"]
[SetUp "1"]
[FEN "r2qkb1r/pp1npppp/2p2n2/3p4/6b1/3P1NP1/PPP1PPBP/RNBQ1RK1 w kq - 0 1"]
[GameDuration "00:00:08"]
[GameStartTime "2026-11-26T23:39:18 +0000"]
[GameEndTime "2026-11-26T23:39:27 +0000"]
[PlyCount "39"]
[Termination "adjudication"]
[TimeControl "40/10"]

1. Bf4 {+0.35/9 0.819s, tl=9.181s, latency=0.359s}
Qb6 {-0.25/8 0.236s, tl=9.764s, latency=0.040s}
2. Nbd2 {+0.32/7 0.401s, tl=8.780s, latency=0.395s}
O-O-O {-0.22/7 0.044s, tl=9.720s, latency=0.000s}
3. Rb1 {+0.32/9 0.220s, tl=8.560s, latency=0.051s}
e6 {-0.19/7 0.048s, tl=9.672s, latency=0.002s}
4. c3 {+0.23/8 0.233s, tl=8.327s, latency=0.149s}
Be7 {-0.21/7 0.049s, tl=9.623s, latency=0.001s}
5. e4 {+0.15/7 0.237s, tl=8.090s, latency=0.082s}
Qa6 {-0.15/6 0.457s, tl=9.166s, latency=0.449s}
6. Qc2 {+0.28/8 0.288s, tl=7.802s, latency=0.272s}
Nc5 {-0.28/7 0.098s, tl=9.068s, latency=0.003s}
7. e5 {-0.05/9 0.223s, tl=7.579s, latency=0.065s}
Nfd7 {+0.36/10 0.048s, tl=9.020s, latency=0.000s}
8. c4 {-0.44/12 0.220s, tl=7.359s, latency=0.038s}
Bf5 {+0.44/11 0.045s, tl=8.975s, latency=0.001s}
9. Ne1 {-0.90/12 0.218s, tl=7.141s, latency=0.067s}
g5 {+0.99/14 0.042s, tl=8.933s, latency=-0.004s}
10. Be3 {-0.98/13 0.223s, tl=6.918s, latency=0.119s}
Nxd3 {+0.98/14 0.073s, tl=8.860s, latency=0.000s}
11. Nxd3 {-0.97/13 0.224s, tl=6.694s, latency=0.078s}
Nxe5 {+1.15/13 0.037s, tl=8.823s, latency=0.001s}
12. Qc3 {-1.04/12 0.223s, tl=6.471s, latency=0.093s}
Nxd3 {+1.04/14 0.052s, tl=8.771s, latency=0.000s}
13. cxd5 {-0.92/11 0.223s, tl=6.248s, latency=0.133s}
exd5 {+1.04/9 0.100s, tl=8.671s, latency=0.022s}
14. Bxd5 {-1.00/10 0.229s, tl=6.019s, latency=0.145s}
Rhf8 {+0.93/12 0.158s, tl=8.513s, latency=0.005s}
15. Bg2 {-0.78/8 0.244s, tl=5.775s, latency=0.198s}
h6 {+0.93/10 0.465s, tl=8.048s, latency=0.000s}
16. Qg7 {-0.91/6 0.236s, tl=5.539s, latency=0.227s}
c5 {+1.01/9 0.231s, tl=7.817s, latency=0.003s}
17. Rbd1 {-1.01/8 0.418s, tl=5.121s, latency=0.369s}
Bf6 {+5.06/13 0.111s, tl=7.706s, latency=-0.004s}
18. Qxh6 {-4.85/12 0.350s, tl=4.771s, latency=0.186s}
Rh8 {+4.84/14 0.164s, tl=7.542s, latency=0.009s}
19. Qxh8 {-4.83/12 0.215s, tl=4.556s, latency=0.084s}
Rxh8 {+4.83/12 0.103s, tl=7.439s, latency=0.001s}
20. Ne4 {-4.59/11 0.235s, tl=4.321s, latency=0.053s, Black wins by adjudication}
0-1
"#;

/// fastchess 1.8.2 with OpenBench's `-pgnout … nodes=true seldepth=true`.
const FASTCHESS_OPENBENCH: &str = r#"[Event "Fastchess Tournament"]
[Site "?"]
[Date "2026.11.27"]
[Round "1"]
[White "sf"]
[Black "legacy"]
[Result "0-1"]
[EngineWhiteName "tmlab 0.1.0"]
[EngineWhiteAuthor "the tmlab developers"]
[EngineBlackName "tmlab 0.1.0"]
[EngineBlackAuthor "the tmlab developers"]
[SetUp "1"]
[FEN "rnbq1rk1/pppp1ppp/5n2/4B3/1bP5/8/P2PPPPP/RN1QKBNR w KQ - 0 1"]
[GameDuration "00:00:00"]
[GameStartTime "2026-11-27T00:08:16 +0000"]
[GameEndTime "2026-11-27T00:08:17 +0000"]
[PlyCount "29"]
[Termination "adjudication"]
[TimeControl "1+0.01"]

1. Nc3 {-0.46/5 0.003s, n=8998, sd=13} Be7 {+0.26/8 0.078s, n=118066, sd=16}
2. Nd5 {-0.15/4 0.001s, n=4390, sd=9} d6 {+0.27/8 0.024s, n=34185, sd=16}
3. Bxf6 {-0.13/5 0.001s, n=4805, sd=6} Bxf6 {+0.37/9 0.028s, n=49341, sd=18}
4. d4 {-0.27/5 0.007s, n=7755, sd=11} c5 {+0.37/7 0.024s, n=26141, sd=14}
5. Nxf6+ {-0.49/7 0.003s, n=10656, sd=9} Qxf6 {+0.55/9 0.024s, n=40227, sd=19}
6. Nf3 {-0.37/6 0.001s, n=3795, sd=11} Nc6 {+0.44/8 0.024s, n=45889, sd=19}
7. e3 {-0.37/5 0.002s, n=10071, sd=16} Bg4 {+0.71/9 0.029s, n=65052, sd=17}
8. Rb1 {-0.43/5 0.002s, n=9973, sd=16} cxd4 {+0.92/8 0.025s, n=65378, sd=18}
9. Rxb7 {-0.56/6 0.002s, n=9673, sd=9} Rae8 {+0.93/6 0.025s, n=14721, sd=17}
10. Rc7 {-0.53/7 0.001s, n=5248, sd=15} dxe3 {+1.72/8 0.024s, n=63345, sd=19}
11. fxe3 {-1.26/7 0.007s, n=6734, sd=13} Qc3+ {+1.82/7 0.024s, n=27125, sd=12}
12. Qd2 {-1.26/5 0.001s, n=1903, sd=9} Rxe3+ {+5.07/8 0.025s, n=58893, sd=20}
13. Be2 {-5.62/8 0.002s, n=14154, sd=11} Rxe2+ {+5.30/9 0.029s, n=84642, sd=22}
14. Kxe2 {-5.52/7 0.001s, n=6051, sd=13} Bxf3+ {+5.46/9 0.029s, n=65929, sd=21}
15. gxf3 {-5.07/6 0.001s, n=4864, sd=14, Black wins by adjudication} 0-1
"#;

fn used(pgn: &str) -> Vec<Vec<f64>> {
    let specs: [TmSpec; 1] = ["stockfish".parse().unwrap()];
    let r = replay_pgn(pgn, &specs).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.games.len(), 1);
    let g = &r.games[0];
    g.sides.iter().map(|s| s.moves.iter().map(|m| m.used_ms).collect()).collect()
}

#[test]
fn cutechess_output_with_a_result_after_the_last_time() {
    let [white, black]: [Vec<f64>; 2] = used(CUTECHESS).try_into().unwrap();
    assert_eq!(white.len(), 14);
    assert_eq!(black.len(), 14);
    assert_eq!(white[0], 6.0); // 1. Nxc6 {+0.49/7 0.006s}
    assert_eq!(black[0], 440.0); // dxc6 {-0.45/15 0.44s}
    assert_eq!(black[13], 140.0); // Bc4 {0.00/18 0.14s, Draw by 3-fold repetition}
}

#[test]
fn fastchess_output_with_time_left_and_latency() {
    let [white, black]: [Vec<f64>; 2] = used(FASTCHESS_LATENCY).try_into().unwrap();
    assert_eq!(white.len(), 20);
    assert_eq!(black.len(), 19);
    assert_eq!(white[0], 819.0); // 1. Bf4 {+0.35/9 0.819s, tl=9.181s, latency=0.359s}
    assert_eq!(black[0], 236.0);
    assert_eq!(white[19], 235.0); // 20. Ne4 {… 0.235s, …, Black wins by adjudication}
}

#[test]
fn fastchess_output_with_openbench_flags() {
    let [white, black]: [Vec<f64>; 2] = used(FASTCHESS_OPENBENCH).try_into().unwrap();
    assert_eq!(white.len(), 15);
    assert_eq!(black.len(), 14);
    assert_eq!(white[0], 3.0); // 1. Nc3 {-0.46/5 0.003s, n=8998, sd=13}
    assert_eq!(black[0], 78.0); // Be7 {+0.26/8 0.078s, n=118066, sd=16}
}
