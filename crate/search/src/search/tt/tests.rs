use super::*;
use crate::search::mate::MATE;

#[test]
fn size_is_bounded_and_a_power_of_two() {
    let tt = Tt::new(1);
    assert_eq!(tt.bytes(), 1024 * 1024);
    assert_eq!(tt.capacity(), 1024 * 1024 / 16);
    let tt = Tt::new(3);
    assert!(tt.bytes() <= 3 * 1024 * 1024 && tt.bytes() >= 1024 * 1024 * 2);
    assert_eq!(Tt::new(0).capacity(), BUCKET_SIZE);
}

#[test]
fn store_then_probe_round_trips_and_adjusts_mate_distance() {
    let mut tt = Tt::new(1);
    tt.store(42, 3, 0x123, 57, 10, 5, Bound::Exact);
    assert_eq!(tt.probe(42, 3), Some(Hit { mv: 0x123, score: 57, eval: 10, depth: 5, bound: Bound::Exact }));
    assert_eq!(tt.probe(43, 3), None);
    // Mate in 5 plies from the root found at ply 3 = mate in 2 from the node; probed at ply
    // 7 it is mate in 9 plies from the root.
    tt.store(99, 3, 1, MATE - 5, 0, 4, Bound::Lower);
    assert_eq!(tt.probe(99, 7).unwrap().score, MATE - 9);
    tt.store(100, 2, 1, -(MATE - 6), 0, 4, Bound::Upper);
    assert_eq!(tt.probe(100, 0).unwrap().score, -(MATE - 4));
}

#[test]
fn replacement_prefers_shallow_and_old_entries() {
    let mut tt = Tt::new(0); // one bucket: every key collides
    for (i, depth) in [(1u64, 9), (2, 3), (3, 7), (4, 5)] {
        tt.store(i, 0, 1, 0, 0, depth, Bound::Exact);
    }
    // Full: the shallowest (key 2, depth 3) goes.
    tt.store(5, 0, 1, 0, 0, 4, Bound::Exact);
    assert!(tt.probe(2, 0).is_none());
    assert!(tt.probe(5, 0).is_some());
    // After two new searches, old deep entries lose against a fresh shallow one.
    tt.new_search();
    tt.new_search();
    tt.store(6, 0, 1, 0, 0, 1, Bound::Exact);
    tt.store(7, 0, 1, 0, 0, 1, Bound::Exact);
    assert!(tt.probe(6, 0).is_some() && tt.probe(7, 0).is_some());
    assert!(tt.probe(1, 0).is_some(), "the deepest old entry survives longest");
    // Same key: a result without a move keeps the stored move.
    tt.store(7, 0, 0, 11, 0, 2, Bound::Exact);
    assert_eq!(tt.probe(7, 0).unwrap().mv, 1);
    assert_eq!(tt.probe(7, 0).unwrap().score, 11);
}

#[test]
fn hashfull_counts_current_generation_and_clear_empties() {
    let mut tt = Tt::new(1);
    assert_eq!(tt.hashfull(), 0);
    for k in 0..200_000u64 {
        tt.store(k.wrapping_mul(0x9E37_79B9_7F4A_7C15), 0, 1, 0, 0, 1, Bound::Exact);
    }
    assert!(tt.hashfull() > 900, "{}", tt.hashfull());
    tt.new_search();
    assert_eq!(tt.hashfull(), 0);
    tt.clear();
    assert!(tt.probe(0, 0).is_none());
}
