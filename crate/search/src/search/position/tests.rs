use super::*;
use crate::search::tests::random_game;

/// Plays a fixed pseudo-random game and checks the incremental key and evaluation against
/// the from-scratch ones after every move (covers castling, ep, promotions, captures).
#[test]
fn incremental_key_and_eval_match_from_scratch() {
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    ] {
        for _game in 0..20 {
            let mut sp = SearchPosition::new(parse_fen(fen).unwrap());
            for _ply in 0..80 {
                let moves = sp.pos().legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let m = moves[(seed % moves.len() as u64) as usize];
                let (mut a, mut b) = (MaybeUninit::uninit(), MaybeUninit::uninit());
                let keyless = sp.play_into_keyless(m, &mut a).clone();
                let unless_quiet = sp.play_into_unless_quiet(m, &mut b).clone();
                let (may_check, eval) = (sp.may_give_check(m), sp.child_eval(m));
                sp = sp.play(m);
                assert_eq!(eval, sp.evaluate(), "child evaluation of {m}");
                assert!(may_check || !sp.is_check(), "{m} checks");
                if let Move::Normal { .. } = m {
                    assert_eq!(may_check, sp.is_check(), "check test of {m}");
                }
                // The same position, evaluation and check; the key only where asked for.
                for (other, keyed) in [(&keyless, false), (&unless_quiet, sp.is_check())] {
                    assert_eq!(other.pos(), sp.pos());
                    assert_eq!((other.eval_state(), other.is_check()), (sp.eval_state(), sp.is_check()));
                    assert_eq!(other.key(), if keyed { sp.key() } else { 0 }, "key after {m}");
                }
                assert_eq!(sp.key(), zobrist_key(sp.pos()), "key after {m}");
                assert_eq!(sp.is_check(), sp.pos().is_check(), "check after {m}");
                assert_eq!(*sp.eval_state(), EvalState::from_board(sp.pos().board()));
                if let Some(null) = sp.play_null() {
                    assert_eq!(null.key(), zobrist_key(null.pos()), "null key");
                    assert!(!null.is_check() && !null.pos().is_check());
                }
            }
        }
    }
}

#[test]
fn root_position_rejects_bad_input_with_messages() {
    // The typed error of a malformed and of an illegal FEN: its path and what is allowed.
    let e = RootPosition::from_fen("not a fen").unwrap_err();
    assert!(e.message.contains("invalid FEN \"not a fen\""), "{e}");
    assert_eq!((e.path.as_str(), e.allowed.as_str()), ("fen", super::FEN_ALLOWED));
    let e = RootPosition::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").unwrap_err();
    assert!(e.message.contains("not a legal"), "{e}");
    assert_eq!((e.path.as_str(), e.allowed.as_str()), ("fen", super::FEN_ALLOWED));
    let mut r = RootPosition::startpos();
    assert!(r.play_uci("e2e5").unwrap_err().to_string().contains("illegal move e2e5"));
    assert!(r.play_uci("zz").unwrap_err().to_string().contains("invalid UCI move"));
    r.play_uci("e2e4").unwrap();
    assert_eq!(r.history().len(), 1);
    assert_eq!(r.history()[0], zobrist_key(&Chess::default()));
}

#[test]
fn packed_moves_are_distinct_and_nonzero() {
    let pos = parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
    let moves = pos.legal_moves();
    let mut keys: Vec<u16> = moves.iter().map(|&m| pack(m)).collect();
    assert!(keys.iter().all(|&k| k != 0));
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), moves.len());
}

#[test]
fn special_moves_pack_as_documented_and_the_out_of_line_packer_agrees_on_normal_moves() {
    use shakmaty::Square::*;
    let castle = Move::Castle { king: E1, rook: H1 };
    assert_eq!(pack(castle), E1 as u16 | (H1 as u16) << 6);
    let ep = Move::EnPassant { from: E5, to: D6 };
    assert_eq!(pack(ep), E5 as u16 | (D6 as u16) << 6);
    let put = Move::Put { role: Role::Knight, to: F3 };
    assert_eq!(pack(put), F3 as u16 | (F3 as u16) << 6 | (Role::Knight as u16) << 12);
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    ] {
        for m in parse_fen(fen).unwrap().legal_moves() {
            assert_eq!(pack_special(m), pack(m), "{m}");
        }
    }
}

/// `unpack` is `pack`'s inverse on the legal moves: for every one of the 65 536 keys, it
/// returns the legal move that packs to the key, and `None` when no legal move does. The
/// positions hold castling both ways, en passant (legal, and pinned so illegal), promotions
/// with and without capture, and a check.
#[test]
fn unpack_finds_exactly_the_legal_move_of_every_key() {
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/Pp2P3/2N2Q1p/1PPBBPPP/R3K2R b KQkq a3 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
        "rnbqkbnr/ppp2ppp/8/3pp3/4P3/5P2/PPPPK1PP/RNBQ1BNR w kq - 0 3",
        "4k3/8/8/8/8/8/8/R3K2r w Q - 0 1",
    ] {
        let pos = parse_fen(fen).unwrap();
        let legal = pos.legal_moves();
        for key in 0..=u16::MAX {
            let expected = legal.iter().copied().find(|&m| pack(m) == key);
            assert_eq!(unpack(&pos, key), expected, "{fen}: key {key:#06x}");
        }
    }
}

/// `unpack` (and `unpack_in` with the check given) agrees with the legal move list for every
/// key on the positions of random games: pins, checks, promotions and en passant included.
#[test]
fn unpack_agrees_with_the_legal_moves_on_random_games() {
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut checked = 0;
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ] {
        random_game(fen, 40, &mut seed, |pos, legal| {
            for key in 0..=u16::MAX {
                let expected = legal.iter().copied().find(|&m| pack(m) == key);
                assert_eq!(unpack_in(pos, pos.is_check(), key), expected, "key {key:#06x}");
            }
            checked += 1;
        });
    }
    assert!(checked > 60);
}
