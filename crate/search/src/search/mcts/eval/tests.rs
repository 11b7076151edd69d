use super::*;
use shakmaty::{CastlingMode, Chess, Position, fen::Fen};

fn pos(fen: &str) -> Chess {
    fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
}

#[test]
fn start_position_is_balanced_and_symmetric() {
    let p = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(evaluate(p.board(), Color::White), TEMPO);
    assert_eq!(evaluate(p.board(), Color::Black), TEMPO);
    assert_eq!(phase(p.board()), PHASE_MAX);
}

#[test]
fn material_counts() {
    // White is a queen up.
    let p = pos("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let e = evaluate(p.board(), Color::White);
    assert!(e > 800 && e < 1100, "{e}");
    assert_eq!(evaluate(p.board(), Color::Black), -e + 2 * TEMPO);
}

#[test]
fn capture_search_sees_a_hanging_queen_and_a_defended_one() {
    // White to move can take the undefended queen on d5 with the e4 pawn.
    let p = pos("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1");
    let stand = evaluate(p.board(), Color::White);
    let mut qs = QSearch::default();
    let v = qs.value(p.board(), Color::White, 16);
    assert!(v > stand + 800, "stand {stand}, qsearch {v}");
    // Queen takes a pawn defended by a pawn: the capture search must not count it as a gain.
    let p = pos("4k3/2p5/3p4/8/8/8/8/3QK3 w - - 0 1");
    let stand = evaluate(p.board(), Color::White);
    let v = qs.value(p.board(), Color::White, 16);
    assert_eq!(v, stand, "QxP?? PxQ is refuted, so the stand-pat value stays");
    // With budget 0 it is the static evaluation.
    let p = pos("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1");
    assert_eq!(qs.value(p.board(), Color::White, 0), evaluate(p.board(), Color::White));
}

#[test]
fn pinned_piece_captures_are_skipped() {
    // The e2 knight is pinned by the e8 rook... capturing on d4 would expose the king.
    let p = pos("4r1k1/8/8/8/3q4/8/4N3/4K3 w - - 0 1");
    let stand = evaluate(p.board(), Color::White);
    let mut qs = QSearch::default();
    assert_eq!(qs.value(p.board(), Color::White, 16), stand);
}

#[test]
fn exp_and_ln_match_the_library() {
    for i in -870..=880 {
        let x = i as f32 / 10.0;
        let (a, b) = (exp(x), x.exp());
        assert!((a - b).abs() <= 2e-6 * b, "exp({x}) = {a}, library {b}");
    }
    assert_eq!(exp(-100.0), 0.0);
    for x in [1e-6f32, 0.01, 0.5, 0.9999, 1.0, 1.5, 2.0, 19_999.0, 3.0e7] {
        assert!((ln(x) - x.ln()).abs() < 2e-6 * x.ln().abs().max(1.0), "ln({x}) = {}", ln(x));
    }
}

#[test]
fn logistic_round_trip() {
    for cp in [-900, -150, -1, 0, 37, 250, 1200] {
        let q = cp_to_q(cp, 200.0);
        assert!((-1.0..=1.0).contains(&q));
        assert!((q_to_cp(q, 200.0) - cp).abs() <= 1, "{cp}");
    }
    assert_eq!(cp_to_q(0, 200.0), 0.0);
    // p = 1/(1+e^-1) at cp = scale.
    let p = (1.0 + cp_to_q(200, 200.0)) / 2.0;
    assert!((p - 1.0 / (1.0 + (-1.0f32).exp())).abs() < 1e-6);
    assert!(q_to_cp(1.0, 200.0) > 1800);
}
