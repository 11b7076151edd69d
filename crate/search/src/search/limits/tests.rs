use super::*;
use crate::stop::NeverStop;

#[test]
fn validate_rejects_bad_limits() {
    assert!(Limits::movetime(f64::NAN).validate().unwrap_err().to_string().contains("movetime"));
    assert!(Limits::movetime(-1.0).validate().is_err());
    let l = Limits { check_interval: Some(0), ..Limits::default() };
    assert!(l.validate().unwrap_err().to_string().contains("interval"));
    assert!(Limits::depth(3).validate().is_ok());
}

#[test]
fn governor_cadence_and_limits() {
    let mut never = NeverStop::default();
    let limits = Limits { nodes: Some(1000), movetime_ms: Some(5.0), ..Limits::default() };
    let control = SearchControl::new();
    let mut g = Governor::new(&mut never, limits, control.clone());
    assert_eq!(g.next_check(), u64::MAX, "disarmed until the search starts");
    g.arm(100);
    assert_eq!(g.next_check(), 356, "one interval into the search");
    let stats = SearchStats { elapsed_ms: 1.0, ..SearchStats::default() };
    assert_eq!(g.check(356, &stats), None);
    assert_eq!(g.next_check(), 356 + DEFAULT_CHECK_INTERVAL);
    g.depth_one_done(300);
    assert_eq!(g.next_check(), 300, "due at once at the end of depth 1");
    assert_eq!(g.check(300, &stats), None);
    assert_eq!(g.next_check(), 300 + DEFAULT_CHECK_INTERVAL);
    g.depth_one_done(356);
    let late = SearchStats { elapsed_ms: 5.0, ..SearchStats::default() };
    assert_eq!(g.check(612, &late), Some(StopReason::MoveTime));
    assert_eq!(g.check(1000, &stats), Some(StopReason::Nodes));
    control.stop();
    assert_eq!(g.check(900, &stats), None, "own limits not due before 1256");
    assert_eq!(g.check(1256, &stats), Some(StopReason::Command));
    assert_eq!(g.budget().hard_ms, 5.0);
}
