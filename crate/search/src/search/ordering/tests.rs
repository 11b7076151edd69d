use super::*;
use crate::search::position::parse_fen;
use shakmaty::Position;

#[test]
fn order_is_tt_move_then_mvv_lva_then_killers_then_history() {
    // Captures: pawn takes queen, queen takes queen, rook takes knight.
    let pos = parse_fen("k7/8/2n5/3q3Q/4P3/8/8/2R1K3 w - - 0 1").unwrap();
    let moves = pos.legal_moves();
    let find = |u: &str| *moves.iter().find(|m| crate::search::position::uci(**m) == u).unwrap();
    let tt = pack(find("e1f2"));
    let killer = pack(find("h5h7"));
    let mut history = History::default();
    history.update(Color::White, pack(find("c1c2")), 500);
    let (mut list, mut scores) = (moves.clone(), Scores::new());
    let mut picker = MovePicker::new(&mut list, &mut scores, tt, [killer, 0], Color::White);
    let order: Vec<String> =
        std::iter::from_fn(|| picker.next(&history)).map(crate::search::position::uci).collect();
    assert_eq!(order[0], "e1f2", "tt move first");
    assert_eq!(order[1], "e4d5", "pawn takes queen");
    assert_eq!(order[2], "h5d5", "queen takes queen");
    assert_eq!(order[3], "c1c6", "rook takes knight");
    assert_eq!(order[4], "h5h7", "killer");
    assert_eq!(order[5], "c1c2", "best history");
    assert_eq!(order.len(), moves.len());
    let mut list = moves.clone();
    list.retain(|m| is_tactical(*m));
    let mut picker = MovePicker::tactical(&mut list, &mut scores);
    let q: Vec<String> =
        std::iter::from_fn(|| picker.next(&history)).map(crate::search::position::uci).collect();
    assert_eq!(q, ["e4d5", "h5d5", "c1c6"]);
}

/// The picker's order equals the reference algorithm (selection of the first best for
/// the first picks, then a stable insertion sort of the rest) on lists full of ties.
#[test]
fn order_matches_selection_then_stable_insertion_sort() {
    let pos = parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
    let moves = pos.legal_moves();
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    for round in 0..200 {
        let mut history = History::default();
        for &m in moves.iter() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            // Few distinct values: many equal scores.
            history.update(Color::White, pack(m), (seed % 4) as i32 * 100 - 150);
        }
        let tt = if round % 3 == 0 { 0 } else { pack(moves[round % moves.len()]) };
        let killers = [pack(moves[(round * 7) % moves.len()]), 0];
        let (mut list, mut scores) = (moves.clone(), Scores::new());
        let mut picker = MovePicker::new(&mut list, &mut scores, tt, killers, Color::White);
        let got: Vec<Move> = std::iter::from_fn(|| picker.next(&history)).collect();

        // Reference: the same scores, then selection and insertion sort by hand.
        let (mut list, mut scores) = (moves.clone(), Scores::new());
        let mut picker = MovePicker::new(&mut list, &mut scores, tt, killers, Color::White);
        let mut next = usize::from(picker.tt_first);
        picker.next = next;
        picker.score(&history);
        let (mut m, mut s): (Vec<Move>, Vec<i32>) = (picker.moves.to_vec(), picker.scores.to_vec());
        while next < LAZY_PICKS.min(m.len()) {
            let max = s[next..].iter().copied().max().unwrap();
            let best = next + s[next..].iter().position(|&x| x == max).unwrap();
            m.swap(next, best);
            s.swap(next, best);
            next += 1;
        }
        for i in next + 1..m.len() {
            let (mi, si) = (m[i], s[i]);
            let mut j = i;
            while j > next && s[j - 1] < si {
                m[j] = m[j - 1];
                s[j] = s[j - 1];
                j -= 1;
            }
            m[j] = mi;
            s[j] = si;
        }
        assert_eq!(got, m, "round {round}");
    }
}

#[test]
fn static_exchange_evaluation() {
    let mv = |fen: &str, u: &str| {
        let pos = parse_fen(fen).unwrap();
        let m = *pos.legal_moves().iter().find(|m| crate::search::position::uci(**m) == u).unwrap();
        see(pos.board(), m)
    };
    // Chessprogramming Wiki SEE examples: an undefended pawn; a pawn defended by a knight
    // and x-rayed by a queen behind the bishop.
    assert_eq!(mv("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5"), 100);
    assert_eq!(mv("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5"), 100 - 320);
    // Queen takes a pawn defended by a pawn.
    assert_eq!(mv("4k3/8/3p4/4p3/8/8/8/4QK2 w - - 0 1", "e1e5"), 100 - 900);
    // Pawn takes a defended knight: wins knight for pawn.
    assert_eq!(mv("4k3/8/5p2/4n3/3P4/8/8/4K3 w - - 0 1", "d4e5"), 320 - 100);
    // A quiet move.
    assert_eq!(mv("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1e2"), 0);
    // The king may not recapture a defended piece: Rxd5 Kxd5?? is illegal with a rook behind.
    assert_eq!(mv("8/8/8/3pk3/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 100);
}

#[test]
fn history_saturates() {
    let mut h = History::default();
    for _ in 0..1000 {
        h.update(Color::Black, 77, 4000);
    }
    let v = h.get(Color::Black, 77);
    assert!(v > HISTORY_MAX - 100 && v <= HISTORY_MAX, "{v}");
    for _ in 0..1000 {
        h.update(Color::Black, 77, -4000);
    }
    assert!(h.get(Color::Black, 77) < -HISTORY_MAX + 100);
}
