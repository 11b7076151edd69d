use super::tuning::{LMR, ln};
use super::*;

#[test]
fn deterministic_ln_is_accurate() {
    for x in [1.0, 1.5, 2.0, 3.0, 10.0, 63.0] {
        assert!((ln(x) - f64::ln(x)).abs() < 1e-12, "{x}");
    }
    assert_eq!(LMR[1][1], 0);
    assert_eq!(LMR[8][10], (0.75 + f64::ln(8.0) * f64::ln(10.0) / 2.25) as u8);
}

#[test]
fn mate_scores_convert() {
    assert_eq!(to_score(MATE - 3), Score::MateIn(3));
    assert_eq!(to_score(-MATE + 2), Score::MatedIn(2));
    assert_eq!(to_score(-35), Score::Cp(-35));
    assert_eq!(to_score(MATE - 3).as_cp(), MATE - 3);
}
