//! Values and proofs: visit counts, determinism, terminal positions, draws, mates, node caps.

use super::*;

#[test]
fn visit_counts_add_up() {
    for fen in [START, KIWIPETE, MATE_OR_STALEMATE] {
        let (r, s) = run(tree_at(fen), virtual_go(5_000), &mut never());
        let arena = &s.tree().arena;
        let interior = assert_invariants(arena, false);
        assert!(interior > 10, "{fen}: a real tree was built");
        assert_eq!(arena.root_kid.n as u64, 5_000);
        assert_eq!(r.total_nodes, 5_000);
        assert_eq!(r.playouts, 5_000);
        let sum: u64 = r.root.iter().map(|m| m.visits).sum();
        assert_eq!(sum + 1, r.total_nodes, "{fen}: root N = 1 + sum of root moves");
        assert_eq!(r.reason, StopReason::Nodes);
    }
}

#[test]
fn determinism_with_a_virtual_clock_and_sliced_steps() {
    let capture = |slices: Option<u32>| {
        let mut chain = Chain::new(150.0, Some(SmartPruning::default()));
        let mut infos: Vec<InfoLine> = Vec::new();
        let mut s =
            MctsSearch::new(tree_at(KIWIPETE), small_params(), GoOptions::new(Timer::virtual_nps(80_000.0)))
                .unwrap();
        let r = match slices {
            None => s.run_to_end(&mut chain, &mut |l| infos.push(l.clone())),
            Some(k) => loop {
                match s.step(&mut chain, k, &mut |l| infos.push(l.clone())) {
                    Progress::Running => continue,
                    Progress::Done(r) => break r,
                }
            },
        };
        let race = s.visit_race().clone();
        (r, infos, race, signature(&s.tree().arena, s.tree().arena.root_kid))
    };
    let a = capture(None);
    let b = capture(None);
    let c = capture(Some(1));
    let d = capture(Some(3));
    assert_eq!(a, b);
    assert_eq!(a, c, "one batch per step gives the same search");
    assert_eq!(a, d);
    assert!(!a.1.is_empty());
    assert!(a.2.snapshots.len() > 3);
}

#[test]
fn terminal_positions_are_valued_exactly() {
    let (r, s) = run(tree_at(MATE_OR_STALEMATE), virtual_go(3_000), &mut never());
    let by = |uci: &str| r.root.iter().find(|m| m.uci == uci).unwrap().clone();
    let mate = by("c5c8");
    assert_eq!(mate.bound, Bound::Win);
    assert_eq!(mate.q, Some(1.0));
    let stalemate = by("c5c7");
    assert_eq!(stalemate.bound, Bound::Draw);
    if stalemate.visits > 0 {
        assert_eq!(stalemate.q, Some(0.0));
    }
    assert!(matches!(r.score, Score::MateIn(1)));
    assert_eq!(by(&r.best_move).bound, Bound::Win);
    drop(s);

    // Fifty-move rule: any non-zeroing move draws (no mate available).
    let (r, _) = run(tree_at("8/8/4k3/8/8/3K4/8/3R4 w - - 99 80"), virtual_go(2_000), &mut never());
    for m in &r.root {
        if m.visits > 0 {
            assert_eq!(m.bound, Bound::Draw, "{}", m.uci);
            assert_eq!(m.q, Some(0.0));
        }
    }
}

#[test]
fn insufficient_material_and_repetition_are_draws() {
    // White knight takes the last black piece: K+N vs K.
    let (r, _) = run(tree_at("8/8/4k3/8/2r5/4N3/8/3K4 w - - 0 1"), virtual_go(2_000), &mut never());
    let nxc4 = r.root.iter().find(|m| m.uci == "e3c4").unwrap();
    assert_eq!(nxc4.bound, Bound::Draw);
    // Repetition: after Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1, Ng8 repeats the position.
    let mut tree = MctsTree::new();
    tree.set_position_uci(None, &["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"]).unwrap();
    let (r, _) = run(tree, virtual_go(2_000), &mut never());
    let back = r.root.iter().find(|m| m.uci == "f6g8").unwrap();
    assert_eq!(back.bound, Bound::Draw);
    assert!(r.root.iter().filter(|m| m.visits > 0 && m.bound == Bound::Draw).count() >= 1);
}

#[test]
fn the_cheap_legal_move_test_never_claims_a_move_that_is_not_there() {
    use super::super::search::surely_has_move;
    // Random games (a fixed linear congruential sequence) through many kinds of positions,
    // plus stalemates and checkmates.
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let (mut checked, mut sure) = (0, 0);
    for _ in 0..40 {
        let mut pos = Chess::default();
        for _ in 0..200 {
            let moves = pos.legal_moves();
            let claim = surely_has_move(&pos);
            assert!(!claim || !moves.is_empty(), "claimed a move in a game-over position");
            checked += 1;
            sure += claim as u32;
            if moves.is_empty() {
                break;
            }
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            pos.play_unchecked(moves[(seed >> 33) as usize % moves.len()]);
        }
    }
    assert!(sure * 10 > checked * 8, "the shortcut should decide most positions: {sure}/{checked}");
    for fen in ["k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", MATE_OR_STALEMATE] {
        let pos = parse_fen(fen).unwrap();
        assert!(!surely_has_move(&pos) || !pos.legal_moves().is_empty(), "{fen}");
    }
    // A position whose only piece moves are pinned: the king decides.
    let pos = parse_fen("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1").unwrap();
    assert!(surely_has_move(&pos));
}

#[test]
fn repeated_finds_only_same_side_positions_within_the_clock() {
    use super::super::search::repeated;
    assert!(repeated(&[1, 2, 3, 4, 1], 4));
    assert!(!repeated(&[1, 2, 3, 4, 1], 3), "halfmove clock too short");
    assert!(!repeated(&[1, 5, 6, 1], 9), "an odd distance (other side to move) is not compared");
    assert!(repeated(&[9, 5, 2, 5], 2));
    assert!(!repeated(&[5], 10));
}

fn mate_in(pos: &Chess, n: u32) -> bool {
    pos.legal_moves().iter().any(|&m| {
        let mut p = pos.clone();
        p.play_unchecked(m);
        let replies = p.legal_moves();
        if replies.is_empty() {
            return p.is_check();
        }
        n > 1
            && replies.iter().all(|&r| {
                let mut q = p.clone();
                q.play_unchecked(r);
                mate_in(&q, n - 1)
            })
    })
}

#[test]
fn mate_in_one_and_mate_in_two_are_found_and_proven() {
    let mut go = virtual_go(200_000);
    go.stop_when_decided = true;
    let (r, _) = run(tree_at(MATE_OR_STALEMATE), go.clone(), &mut never());
    assert_eq!(r.reason, StopReason::ForcedWin);
    assert_eq!(r.score, Score::MateIn(1));
    let mut pos = parse_fen(MATE_OR_STALEMATE).unwrap();
    pos.play_unchecked(r.best);
    assert!(pos.is_checkmate());

    // A mate in two (checked by brute force) is proven through the propagation of bounds.
    let fen = "2k5/8/1K6/8/8/8/8/7R w - - 0 1";
    let pos = parse_fen(fen).unwrap();
    assert!(!mate_in(&pos, 1) && mate_in(&pos, 2));
    let (r, _) = run(tree_at(fen), go, &mut never());
    assert_eq!(r.reason, StopReason::ForcedWin);
    assert_eq!(r.score, Score::MateIn(3));
    let mut p = pos.clone();
    p.play_unchecked(r.best);
    assert!(p.legal_moves().iter().all(|&reply| {
        let mut q = p.clone();
        q.play_unchecked(reply);
        mate_in(&q, 1)
    }));
}

#[test]
fn node_cap_is_respected_and_the_search_keeps_visiting() {
    let params = MctsParams { node_cap: 1_000, batch_size: 64, ..MctsParams::default() };
    let mut s = MctsSearch::new(tree_at(KIWIPETE), params.clone(), virtual_go(20_000)).unwrap();
    let r = s.run_to_end(&mut never(), &mut |_| {});
    assert_eq!(r.playouts, 20_000);
    assert_eq!(r.total_nodes, 20_000);
    assert!(r.tree_full);
    assert!(r.tree_nodes <= 1_000, "{}", r.tree_nodes);
    let arena = &s.tree().arena;
    assert!(arena.edges.len() as usize <= 1_000 * super::super::EDGE_BUDGET_PER_NODE);
    assert!(arena.kids.len() as usize <= 1_000 * super::super::KID_BUDGET_PER_NODE);
    assert_eq!(r.root.iter().map(|m| m.visits).sum::<u64>() + 1, 20_000, "root N = 1 + Σ children");
    assert_invariants(arena, true);
    // With stop_when_full the search ends as soon as the tree is full.
    let mut go = virtual_go(20_000);
    go.stop_when_full = true;
    let mut s = MctsSearch::new(tree_at(KIWIPETE), params, go).unwrap();
    let r = s.run_to_end(&mut never(), &mut |_| {});
    assert_eq!(r.reason, StopReason::TreeFull);
    assert!(r.playouts < 2_000);
}

#[test]
fn the_default_node_cap_keeps_the_tree_under_256_mb() {
    use super::super::{DEFAULT_NODE_CAP, EDGE_BYTES, KID_BYTES, MAX_BYTES_PER_NODE, NODE_BYTES};
    // One partly used chunk per arena on top of the budgets.
    let chunks = (1 << 15) * NODE_BYTES + (1 << 16) * EDGE_BYTES + (1 << 15) * KID_BYTES;
    let worst = DEFAULT_NODE_CAP as usize * MAX_BYTES_PER_NODE + chunks;
    assert!(worst < 256_000_000, "{worst}");
    assert_eq!(MAX_BYTES_PER_NODE, 176);
}
