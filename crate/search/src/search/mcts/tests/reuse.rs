//! Tree reuse across moves, pondering and ponderhit.

use super::*;

#[test]
fn reuse_keeps_exactly_the_chosen_subtree() {
    let mut tree = MctsTree::new();
    tree.set_position_uci(None, &["e2e4"]).unwrap();
    let (r, s) = run(tree, virtual_go(20_000), &mut never());
    let mut tree = s.into_tree();
    // Our move (black's best) and white's most-visited reply.
    let ours = r.best_move.clone();
    let (_, our_kid) = tree.arena.kid_by_move(tree.arena.root, pm(&tree, &ours)).unwrap();
    assert_ne!(our_kid.node, NONE);
    let reply_kid = *tree.arena.kids_of(our_kid.node).iter().max_by_key(|k| k.n).unwrap();
    let reply = tree.arena.edges_of(our_kid.node)[reply_kid.edge as usize].mv;
    let mut p = tree.root_position().clone();
    p.play_unchecked(pm(&tree, &ours).unpack(p.board()));
    let reply_uci = reply.to_uci(p.board());
    let expected = signature(&tree.arena, reply_kid);
    let expected_n = reply_kid.n as u64;
    let expected_nodes = count_nodes(&tree.arena, reply_kid);
    let before_nodes = tree.node_count();
    let reuse = tree.set_position_uci(None, &["e2e4", &ours, &reply_uci]).unwrap();
    assert_eq!(reuse.head_n, expected_n);
    assert_eq!(reuse.kept_nodes + reuse.freed_nodes, before_nodes);
    assert_eq!(reuse.kept_nodes, tree.node_count());
    assert_eq!(tree.node_count() as usize, expected_nodes, "exactly the subtree's nodes are kept");
    assert_eq!(signature(&tree.arena, tree.arena.root_kid), expected);
    tree.arena.check_walks();
    assert_invariants(&tree.arena, false);
    // The reused tree searches on: total = head_n + playouts, and stays consistent.
    let mut go = virtual_go(3_000);
    go.max_playouts = Some(3_000);
    let mut chain = Chain::new(f64::INFINITY, None);
    let mut s = MctsSearch::new(tree, small_params(), go).unwrap();
    let r = s.run_to_end(&mut chain, &mut |_| {});
    assert_eq!(r.head_n, expected_n);
    assert_eq!(r.total_nodes, expected_n + 3_000);
    assert!(chain.polls.iter().all(|p| p.total == expected_n + p.this_move));
    assert_invariants(&s.tree().arena, false);
    // A different game (or a move not in the tree) starts afresh.
    let mut tree = s.into_tree();
    let reuse = tree.set_position_uci(Some(KIWIPETE), &[]).unwrap();
    assert_eq!(reuse.head_n, 0);
    assert_eq!(tree.node_count(), 0);
}

fn pm(tree: &MctsTree, uci: &str) -> super::super::PackedMove {
    let m = uci.parse::<shakmaty::uci::UciMove>().unwrap().to_move(tree.root_position()).unwrap();
    super::super::PackedMove::pack(m)
}

#[test]
fn measured_reuse_over_a_self_play_game() {
    // Ten plies of self-play at 4000 playouts (the engine plays both sides, so one move is added
    // per search): head_n is what the previous search left under the move played, and the
    // measured reuse fraction (what smooth's tree-reuse estimate tracks) is a proper fraction.
    let mut tree = MctsTree::new();
    let mut moves: Vec<String> = Vec::new();
    let mut last_total = 0u64;
    let mut fractions = Vec::new();
    for ply in 0..10 {
        let (r, s) = run(tree, virtual_go(4_000), &mut never());
        assert_eq!(r.total_nodes, r.head_n + 4_000, "ply {ply}");
        if ply >= 2 {
            fractions.push(r.head_n as f64 / last_total as f64);
        }
        last_total = r.total_nodes;
        moves.push(r.best_move.clone());
        tree = s.into_tree();
        tree.arena.check_walks();
        let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
        tree.set_position_uci(None, &refs).unwrap();
        tree.arena.check_walks();
    }
    assert!(fractions.iter().all(|f| (0.0..1.0).contains(f)), "{fractions:?}");
    assert!(fractions.iter().any(|&f| f > 0.0), "some subtree was reused: {fractions:?}");
}

#[test]
fn ponder_on_the_opponents_time_then_reuse_the_reply() {
    // After our 1.e4 we search with black to move (pondering): all replies get visits.
    let mut tree = MctsTree::new();
    tree.set_position_uci(None, &["e2e4"]).unwrap();
    let mut go = virtual_go(6_000);
    go.pondering = true;
    let mut chain = Chain::new(f64::INFINITY, Some(SmartPruning::default()));
    let (r, s) = run(tree, go, &mut chain);
    assert!(chain.polls.iter().all(|p| p.pondering));
    assert_eq!(r.reason, StopReason::Nodes, "SmartPruning is inactive while pondering");
    assert!(r.root.iter().filter(|m| m.visits > 0).count() > 5);
    // The opponent plays c7c5: its subtree becomes the root and its visits head_n.
    let expected = r.root.iter().find(|m| m.uci == "c7c5").unwrap().visits;
    let mut tree = s.into_tree();
    let reuse = tree.set_position_uci(None, &["e2e4", "c7c5"]).unwrap();
    assert_eq!(reuse.head_n, expected);
}

#[test]
fn ponderhit_turns_the_ponder_tree_into_reused_visits() {
    let mut go = GoOptions::new(Timer::virtual_nps(100_000.0));
    go.pondering = true;
    let mut s = MctsSearch::new(tree_at(START), small_params(), go).unwrap();
    let mut infinite = Chain::new(f64::INFINITY, None);
    for _ in 0..10 {
        assert_eq!(s.step(&mut infinite, 5, &mut |_| {}), Progress::Running);
    }
    assert!(infinite.polls.iter().all(|p| p.pondering));
    let head = s.ponderhit(Timer::virtual_nps(100_000.0));
    assert_eq!(head, 10 * 5 * 64);
    assert!(!s.is_pondering());
    let mut chain = Chain::new(50.0, None);
    let r = s.run_to_end(&mut chain, &mut |_| {});
    assert_eq!(r.reason, StopReason::Deadline);
    assert_eq!(r.head_n, head);
    assert_eq!(chain.polls[0].this_move, 64, "counters restart at ponderhit");
    assert_eq!(chain.polls[0].since_first, 0.0);
    assert!(chain.polls.iter().all(|p| p.total == head + p.this_move && !p.pondering));
    assert!(s.visit_race().snapshots.iter().any(|x| x.pondering));
    assert!(s.visit_race().snapshots.iter().any(|x| !x.pondering));
}
