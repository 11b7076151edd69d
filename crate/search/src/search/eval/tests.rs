use super::*;
use shakmaty::{CastlingMode, fen::Fen};

fn pos(fen: &str) -> Chess {
    fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
}

#[test]
fn start_position_is_balanced() {
    assert_eq!(evaluate(&Chess::default()), 0);
}

#[test]
fn mirrored_positions_evaluate_equal() {
    // Same structure with colours swapped and the board flipped: the side to move's view
    // must agree.
    let a = pos("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    let b = pos("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3");
    assert_eq!(evaluate(&a), evaluate(&b));
}

#[test]
fn extra_queen_is_winning_and_tapering_moves_towards_endgame_values() {
    let p = pos("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    // Phase 4 of 24: mostly endgame values.
    let e = evaluate(&p);
    assert!(e > 850 && e < 1100, "{e}");
    let q = pos("4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
    assert_eq!(evaluate(&q), -e);
}

#[test]
fn incremental_update_matches_from_scratch_on_special_moves() {
    // Castling both ways, en passant, promotion with capture.
    for (fen, uci) in [
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"),
        ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8"),
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"),
        ("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q"),
    ] {
        let p = pos(fen);
        let m = uci.parse::<shakmaty::uci::UciMove>().unwrap().to_move(&p).unwrap();
        let inc = EvalState::from_board(p.board()).update(&p, m);
        let mut q = p.clone();
        q.play_unchecked(m);
        assert_eq!(inc, EvalState::from_board(q.board()), "{fen} {uci}");
    }
}
