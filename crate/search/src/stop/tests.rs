//! Tests for the stoppers and their chaining.

use super::*;

#[test]
fn mate_scores_order_and_print() {
    assert!(Score::MateIn(1).as_cp() > Score::MateIn(3).as_cp());
    assert!(Score::MatedIn(2).as_cp() < Score::Cp(-5000).as_cp());
    assert_eq!(Score::MateIn(3).to_uci(), "mate 2");
    assert_eq!(Score::MatedIn(2).to_uci(), "mate -1");
    assert_eq!(Score::Cp(-31).to_uci(), "cp -31");
}

#[test]
fn hints_reset_to_lc0_values() {
    let h = Hints::reset(1000);
    assert_eq!(h.remaining_ms, 1e11);
    assert_eq!(h.remaining_playouts, 4e9 - 1000.0);
    assert_eq!(h.nps, None);
}
