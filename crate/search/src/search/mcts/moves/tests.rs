use super::*;
use shakmaty::{CastlingMode, Chess, Position, fen::Fen};

fn all_round_trip(fen: &str) {
    let pos: Chess = fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
    let moves = pos.legal_moves();
    let mut seen = std::collections::HashSet::new();
    for &m in &moves {
        let p = PackedMove::pack(m);
        assert_eq!(p.unpack(pos.board()), m, "{fen}: {m:?}");
        assert!(seen.insert(p), "two moves pack equally in {fen}");
    }
}

#[test]
fn every_legal_move_round_trips() {
    all_round_trip("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    // castling both ways, promotions with and without capture, en passant
    all_round_trip("r3k2r/1P4P1/8/3pP3/8/8/6p1/R3K2R w KQkq d6 0 1");
    all_round_trip("r3k2r/1P4P1/8/8/3Pp3/8/6p1/R3K2R b KQkq d3 0 1");
}

#[test]
fn uci_text_of_castling_is_the_king_move() {
    let pos: Chess = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    let ucis: Vec<String> =
        pos.legal_moves().iter().map(|&m| PackedMove::pack(m).to_uci(pos.board())).collect();
    assert!(ucis.contains(&"e1g1".to_string()));
    assert!(ucis.contains(&"e1c1".to_string()));
}
