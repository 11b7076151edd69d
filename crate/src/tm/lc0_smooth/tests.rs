//! Tests for the lc0 smooth manager: reference vectors and behaviour.

use super::*;

fn term(b: &Budget, name: &str) -> f64 {
    b.terms.iter().find(|t| t.name == name).unwrap_or_else(|| panic!("no term {name}")).value
}

#[test]
fn reference_vector_d() {
    // §11(d): preset=lc0, first move, 60 s + 1 s, fresh manager.
    let mut m = Smooth::new(SmoothConfig::LC0);
    let b = m.begin_move(&MoveContext::new(60_000.0, 1000.0, 0));
    let close = |name: &str, want: f64, tol: f64| {
        let got = term(&b, name);
        assert!((got - want).abs() <= tol, "{name}: {got} vs {want}");
    };
    close("rm", 45.2, 1e-4);
    close("max_bank", 83_982.3, 0.05);
    close("total", 98_600.0, 0.0);
    close("avg_ms", 2181.416, 0.001);
    close("brutto", 4544.616, 0.002);
    close("to_bank", 545.354, 0.001);
    close("alloc", 5713.232, 0.002);
    assert_eq!(term(&b, "deadline"), 5713.0);
    assert_eq!(term(&b, "allowed_bank"), 5076.0);
    assert_eq!((b.soft_ms, b.hard_ms), (5713.0, 10_789.0));
    assert_eq!(m.bank, 5945);
}

#[test]
fn seed_preset_has_no_bank_and_cancels_nps() {
    // With no reuse, alloc = (total/rm)/(1 − r)/u, whatever the NPS.
    let mut m = Smooth::new(SmoothConfig::SEED);
    m.nps = 12_345.0;
    let b = m.begin_move(&MoveContext::new(60_000.0, 1000.0, 0));
    let total = 60_000.0f32 + 1000.0 * 50.5 - 200.0;
    let want = total / 51.5 / 0.5 / 0.7;
    assert!((term(&b, "alloc") as f32 - want).abs() < 0.05, "{} vs {want}", term(&b, "alloc"));
    assert_eq!(b.soft_ms, b.hard_ms, "allowed bank is always 0");
    assert_eq!(m.bank, 0);
}

#[test]
fn reuse_at_target_moves_instantly_and_max_move_budget_caps() {
    let mut m = Smooth::new(SmoothConfig::SEED);
    let b = m.begin_move(&MoveContext::new(60_000.0, 0.0, 0).with_reused_nodes(10_000_000));
    assert_eq!(b.hard_ms, 0.0, "reused ≥ target: instant move (lc0 #1585)");
    let mut m = Smooth::new(SmoothConfig { init_timeuse: 0.1, min_timeuse: 0.05, ..SmoothConfig::SEED });
    let b = m.begin_move(&MoveContext::new(10_000.0, 5000.0, 0));
    assert_eq!(b.hard_ms, 3000.0, "alloc ≤ 0.3 × clock");
}

fn mcts_stats<'a>(elapsed: f64, nodes: u64, visits: &'a [u64]) -> SearchStats<'a> {
    SearchStats {
        elapsed_ms: elapsed,
        since_first_batch_ms: elapsed,
        nodes_this_move: nodes,
        total_nodes: nodes,
        batches: nodes / 100,
        root_visits: visits,
        ..Default::default()
    }
}

#[test]
fn nps_estimate_and_state_evolve_over_moves() {
    let mut m = Smooth::new(SmoothConfig::LC0);
    let b = m.begin_move(&MoveContext::new(60_000.0, 1000.0, 0));
    let visits = [600, 300, 100];
    let mut h = Hints::reset(0);
    // First move: raw NPS is adopted (50 000 nps).
    m.poll(&mcts_stats(1000.0, 50_000, &visits), &mut h);
    assert_eq!(m.nps, 50_000.0);
    assert_eq!(h.nps, Some(50_000.0));
    assert!(h.remaining_ms <= b.hard_ms - 1000.0);
    m.end_move(&MoveEnd::new(b.soft_ms, 300_000));
    assert!(m.reliable);
    let u_after = m.u;
    assert!(u_after > 0.7, "used the whole allocation: u moves toward 1 ({u_after})");
    // Second move with 40 % reuse: r moves toward 0.4 by the previous move's length.
    let r0 = m.r;
    let b2 = m.begin_move(&MoveContext::new(56_000.0, 1000.0, 2).with_reused_nodes(120_000));
    assert!(m.r < r0, "reuse 0.4 pulls r down from {r0} to {}", m.r);
    assert!(b2.soft_ms > 0.0);
    // Reliable now: the NPS glides toward a lower measurement (LinearDecay).
    m.poll(&mcts_stats(2000.0, 60_000, &visits), &mut h);
    assert!(m.nps < 50_000.0 && m.nps > 30_000.0, "{}", m.nps);
}

#[test]
fn bank_is_used_when_forced_or_when_the_leader_is_in_doubt() {
    let mut m = Smooth::new(SmoothConfig::LC0);
    let b = m.begin_move(&MoveContext::new(60_000.0, 1000.0, 0));
    let visits = [600, 300, 100];
    let mut h = Hints::reset(0);
    // Past the deadline, after the force window, the leader safe: stop at the deadline.
    let s = mcts_stats(b.soft_ms, 100_000, &visits);
    let s = SearchStats { since_first_batch_ms: 5000.0, ..s };
    assert_eq!(m.poll(&s, &mut h).stop, Some(StopReason::Deadline));
    assert!(!m.used_bank);
    // need_more_time: the bank extends the move to the hard limit.
    let s2 = SearchStats { need_more_time: true, ..s.clone() };
    assert!(!m.poll(&s2, &mut h).is_stop());
    assert!(m.used_bank);
    let s3 = SearchStats { elapsed_ms: b.hard_ms, ..s2 };
    assert_eq!(m.poll(&s3, &mut h).stop, Some(StopReason::HardLimit));
    let avg = m.avg_ms;
    m.end_move(&MoveEnd::new(b.soft_ms + 1000.0, 200_000));
    assert_eq!(m.bank, 5945 - 1000, "time beyond the deadline comes out of the bank");
    let frac = (b.soft_ms as f32 + 1000.0) / avg;
    assert_eq!(m.u, exponential_decay(0.7, 1.0, 5.51, frac), "u moves toward 1 after using the bank");
}

#[test]
fn trend_watcher_rotates_after_a_period_and_predicts_overtaking() {
    let mut t = Trend::default();
    let intended = TrendRotation::Intended;
    t.update(100.0, &[100, 10], 3000.0, intended);
    t.update(200.0, &[150, 60], 3000.0, intended);
    assert_eq!(t.prev.as_ref().unwrap().t, 100.0, "no rotation within a period");
    // Rates: best 0.5/ms, other 0.5/ms; by 1200: goal 150 + 0.2·0.5·1000 = 250,
    // other 60 + 4·0.5·1000 = 2060 → overtaken.
    assert!(t.overtaken(1200.0, 0.2, 4.0));
    assert!(!t.overtaken(200.0, 0.2, 4.0), "no time left");
    t.update(3200.0, &[1650, 100], 3000.0, intended);
    assert_eq!(t.cur.t, 3200.0);
    assert_eq!(t.prev.as_ref().unwrap().t, 100.0);
    assert!(!t.overtaken(4000.0, 0.2, 4.0));
    t.update(3150.0, &[0, 0], 3000.0, intended);
    assert_eq!(t.last.t, 3200.0, "older samples are ignored");
}

/// Issue 23, spec §6.3: lc0 keeps a negative allowed bank. Move 1 at 2407 ms (20 000 nps) runs
/// into the bank (used at 120 ms, past the 115 ms deadline) and ends at 407 ms, leaving the bank
/// at −65; move 2 at 2000 ms with 475 reused nodes gets deadline 37 and a raw hard limit
/// 37 + trunc(−65·0.94) = −24, so lc0 stops at the first poll (7 ms, inside the forced bank
/// window). Before: the allowed bank was clamped at 0 and the search ran to 37 ms.
#[test]
fn an_overdrawn_bank_stops_below_the_deadline() {
    let mut m = Smooth::new(SmoothConfig::LC0);
    let b1 = m.begin_move(&MoveContext::new(2407.0, 0.0, 0));
    assert_eq!((term(&b1, "deadline"), term(&b1, "allowed_bank")), (115.0, 203.0));
    let visits = [1998, 1, 1];
    let mut h = Hints::reset(0);
    assert!(!m.poll(&mcts_stats(100.0, 2000, &visits), &mut h).is_stop());
    let visits = [2398, 1, 1];
    assert!(!m.poll(&mcts_stats(120.0, 2400, &visits), &mut h).is_stop(), "forced bank: hard 318");
    assert!(m.used_bank);
    m.end_move(&MoveEnd::new(407.0, 8140));
    assert_eq!(m.bank, 227 - (407 - 115), "the overshoot beyond the deadline is charged to the bank");
    let b2 = m.begin_move(&MoveContext::new(2000.0, 0.0, 2).with_reused_nodes(475));
    assert_eq!(term(&b2, "deadline"), 37.0);
    assert_eq!(m.hard, -24, "deadline 37 + trunc(−65 · 0.94)");
    assert_eq!(term(&b2, "allowed_bank"), 0.0, "reported terms show max(0, ·) (convention C2)");
    assert_eq!(term(&b2, "overdraft"), 61.0);
    assert_eq!((b2.soft_ms, b2.hard_ms), (37.0, 37.0), "the reported budget keeps soft ≤ hard");
    let visits = [523, 1, 1];
    let first = SearchStats { nodes_this_move: 50, total_nodes: 525, ..mcts_stats(7.0, 525, &visits) };
    let mut h = Hints::reset(525);
    assert_eq!(m.poll(&first, &mut h).stop, Some(StopReason::HardLimit), "lc0 stops at its first poll");
    assert_eq!(h.remaining_ms, -24.0 - 7.0, "SmartPruning's time hint uses the raw limit");
    // Outside the forced window and without a reason to use the bank, the deadline applies.
    let late = SearchStats { since_first_batch_ms: 2000.0, ..first };
    let mut fresh = m.clone();
    fresh.trend = Trend::default();
    assert!(!fresh.poll(&late, &mut Hints::reset(525)).is_stop());
}

/// Issue 23, spec §6.5: lc0 @909a4082 rotates the snapshots at every check within a period of
/// the current one, so the rates span the last two checks; `intended` measures from the first
/// sample until a period has passed. A move that surges in the last 100 ms is projected to
/// overtake under `upstream` only.
#[test]
fn trend_rotation_upstream_and_intended() {
    let feed = |rotation| {
        let mut t = Trend::default();
        for (time, n) in [(100.0, [100, 10]), (2000.0, [2000, 20]), (2100.0, [2010, 120])] {
            t.update(time, &n, 3000.0, rotation);
        }
        t
    };
    let up = feed(TrendRotation::Upstream);
    assert_eq!((up.prev.as_ref().unwrap().t, up.cur.t), (2000.0, 2100.0), "rates over the last two checks");
    // Best 10/100 ms, other 100/100 ms; by 2600: 2010 + 0.2·0.1·500 = 2020 < 120 + 4·1·500 = 2120.
    assert!(up.overtaken(2600.0, 0.2, 4.0));
    let int = feed(TrendRotation::Intended);
    assert_eq!((int.prev.as_ref().unwrap().t, int.cur.t), (100.0, 100.0), "no rotation within 3 s");
    // Best 1910/2000 ms, other 110/2000 ms: 2010 + 95.5 = 2105.5 > 120 + 110 = 230.
    assert!(!int.overtaken(2600.0, 0.2, 4.0));
    // Upstream never rotates again after one gap longer than the period.
    let mut t = Trend::default();
    for (time, n) in [(100.0, [100, 10]), (3200.0, [3000, 30]), (3300.0, [3100, 40])] {
        t.update(time, &n, 3000.0, TrendRotation::Upstream);
    }
    assert_eq!((t.prev.as_ref().unwrap().t, t.cur.t, t.last.t), (100.0, 100.0, 3300.0));
}

/// lc0 ignores a trend sample at t = 0 (`timestamp <= last_timestamp_`, which starts at 0), and
/// its clock is whole ms: a poll at 0.4 ms is at 0.
#[test]
fn trend_ignores_a_sample_at_zero() {
    let mut t = Trend::default();
    t.update(0.0, &[5, 5], 3000.0, TrendRotation::Upstream);
    assert!(t.prev.is_none(), "a reused tree polled before the first batch is not a sample");
    t.update(1.0, &[6, 5], 3000.0, TrendRotation::Upstream);
    assert_eq!(t.prev.as_ref().unwrap().t, 1.0);
    let mut m = Smooth::new(SmoothConfig::LC0);
    m.begin_move(&MoveContext::new(60_000.0, 1000.0, 0));
    let visits = [3, 1];
    m.poll(&mcts_stats(0.4, 4, &visits), &mut Hints::reset(4));
    assert!(m.trend.prev.is_none());
}

/// A negative `by` (an overdrawn bank) reaches lc0's watcher as a huge unsigned time: the
/// projection then compares rates alone (4 · 0.1 > 0.2 · 1.0 here).
#[test]
fn trend_takes_a_negative_deadline_as_lc0_does() {
    let mut t = Trend::default();
    t.update(100.0, &[100, 10], 3000.0, TrendRotation::Upstream);
    t.update(200.0, &[200, 20], 3000.0, TrendRotation::Upstream);
    assert!(!t.overtaken(250.0, 0.2, 4.0), "50 ms ahead: 210 > 40");
    assert!(t.overtaken(-24.0, 0.2, 4.0));
    assert!(!t.overtaken(-24.0, 0.2, 1.0), "1 · 0.1 < 0.2 · 1.0");
}

#[test]
fn presets_pick_their_trend_rotation() {
    assert_eq!(SmoothConfig::LC0.trend_rotation, TrendRotation::Upstream);
    assert_eq!(SmoothConfig::SEED.trend_rotation, TrendRotation::Intended);
    let spec: crate::tm::TmSpec = "lc0-smooth(preset=lc0,trend-rotation=intended)".parse().unwrap();
    assert_eq!(spec.to_string(), "lc0-smooth(preset=lc0,trend-rotation=intended)");
}
