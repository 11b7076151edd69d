//! Tests of `game_clock`.

use super::*;
use shakmaty::Color;

fn clock(s: &str) -> Clock {
    Clock::new(&s.parse::<TimeControl>().unwrap())
}

fn view(c: &Clock) -> (u64, u64, Option<u32>) {
    let v = c.uci_view().unwrap();
    (v.time_ms, v.inc_ms, v.movestogo)
}

#[test]
fn fischer_credits_the_increment_before_move_one() {
    let mut c = clock("60+0.6");
    assert_eq!(view(&c), (60_600, 600, None));
    let out = c.charge(1000.0);
    assert!(!out.flagged);
    assert_eq!(c.remaining_ms(), 60_200.0);
    assert!(!c.charge(60_200.0).flagged, "using exactly the clock does not flag");
    assert_eq!(c.remaining_ms(), 600.0);
    assert!(c.charge(600.5).flagged);
    assert_eq!(c.remaining_ms(), 600.0, "clamped at 0, then credited");
    assert!(c.is_flagged());
}

#[test]
fn lichess_shows_the_base_and_times_from_the_second_move() {
    let tc: TimeControl = "180+2".parse().unwrap();
    let mut c = Clock::with_convention(&tc, Convention::Lichess);
    assert_eq!(c.remaining_ms(), 180_000.0, "3+2 shows 3:00");
    assert_eq!(view(&c), (180_000, 2000, None));
    assert!(!c.runs(), "the clock does not run before the side's first move");
    let first = c.charge(50_000.0);
    assert!(!first.flagged && first.charged_ms == 0.0);
    assert_eq!(c.remaining_ms(), 180_000.0, "the first move is not timed, no increment");
    assert!(c.runs());
    c.charge(5_000.0);
    assert_eq!(c.remaining_ms(), 177_000.0, "then c - u + inc after each move");
    assert!(c.charge(177_000.5).flagged);
    // An untimed first move never flags, whatever the page measured.
    let mut short = Clock::with_convention(&"1+0".parse().unwrap(), Convention::Lichess);
    assert!(!short.charge(10_000.0).flagged);
    assert!(short.charge(1_001.0).flagged);
    // cutechess is unchanged: every move timed, the increment before move 1.
    let g = GameClock::new(&tc, &tc);
    assert_eq!(g.side(Color::White).remaining_ms(), 182_000.0);
    assert!(g.side(Color::White).runs());
}

#[test]
fn flag_margin_is_configurable() {
    let mut c = clock("1+0 timemargin=50");
    assert!(!c.charge(1049.0).flagged);
    let mut c = clock("1+0").with_margin(50.0);
    assert!(!c.charge(1050.0).flagged);
    let mut c = clock("1+0");
    assert!(c.charge(1000.5).flagged, "default margin is 0");
}

#[test]
fn repeating_periods_add_time_and_reset_movestogo() {
    let mut c = clock("40/60");
    assert_eq!(view(&c), (60_000, 0, Some(40)));
    for _ in 0..39 {
        c.charge(1000.0);
    }
    assert_eq!(view(&c), (21_000, 0, Some(1)));
    c.charge(1000.0);
    assert_eq!(view(&c), (80_000, 0, Some(40)));
    let mut c = clock("40/60+1");
    assert_eq!(view(&c), (61_000, 1000, Some(40)));
    c.charge(500.0);
    assert_eq!(view(&c), (61_500, 1000, Some(39)));
}

#[test]
fn pgn_stages_run_in_order_then_sudden_death() {
    let tc = TimeControl::from_pgn("2/10:5+1").unwrap().unwrap();
    let mut c = Clock::new(&tc);
    assert_eq!(view(&c), (10_000, 0, Some(2)));
    c.charge(3000.0);
    assert_eq!(view(&c), (7000, 0, Some(1)));
    c.charge(3000.0);
    assert_eq!(view(&c), (4000 + 5000 + 1000, 1000, None));
    c.charge(2000.0);
    assert_eq!(view(&c), (9000, 1000, None));
}

#[test]
fn delays_never_add_time_and_flag_beyond_clock_plus_delay() {
    for s in ["60+b2", "60+d2"] {
        let mut c = clock(s);
        assert_eq!(view(&c), (62_000, 2000, None), "{s}");
        assert_eq!(c.charge(1500.0).charged_ms, 0.0);
        assert_eq!(c.remaining_ms(), 60_000.0, "{s}: unused delay is not banked");
        c.charge(5000.0);
        assert_eq!(c.remaining_ms(), 57_000.0);
        assert!(!c.clone().charge(59_000.0).flagged, "{s}: spending wtime never flags");
        assert!(c.charge(59_000.5).flagged);
    }
}

#[test]
fn hourglass_moves_time_to_the_opponent() {
    let tc: TimeControl = "hg60".parse().unwrap();
    let mut g = GameClock::even(&tc);
    assert_eq!(
        g.side(Color::White).uci_view().unwrap(),
        UciView { time_ms: 60_000, inc_ms: 0, movestogo: None }
    );
    g.play(Color::White, 5000.0);
    assert_eq!(g.side(Color::White).remaining_ms(), 55_000.0);
    assert_eq!(g.side(Color::Black).remaining_ms(), 65_000.0);
    g.play(Color::Black, 1000.0);
    assert_eq!(g.side(Color::White).remaining_ms(), 56_000.0);
    assert!(g.play(Color::White, 56_001.0).flagged);
    assert_eq!(g.side(Color::Black).remaining_ms(), 64_000.0 + 56_000.0, "only the drained time flows");
    assert_eq!(g.pgn_tags(), vec![("TimeControl", "*60".to_string())]);
}

#[test]
fn japanese_byoyomi_uses_up_periods() {
    let mut c = clock("10byo3x5");
    assert_eq!(view(&c), (15_000, 5000, None));
    c.charge(12_000.0); // 2 s into overtime: within one period
    assert_eq!(view(&c), (5000, 5000, None));
    assert_eq!(c.remaining_ms(), 5000.0);
    assert!(!c.charge(12_000.0).flagged); // three started periods: two used up
    assert!(!c.clone().charge(5000.0).flagged, "the last period still allows p");
    assert!(c.charge(5000.5).flagged);
}

#[test]
fn canadian_overtime_counts_moves_per_period() {
    let mut c = clock("10byo2/5");
    assert_eq!(view(&c), (10_000, 0, None));
    c.charge(10_000.0); // main time used exactly: not yet overtime
    assert_eq!(view(&c), (5000, 0, Some(2)));
    c.charge(3000.0);
    assert_eq!(view(&c), (2000, 0, Some(1)));
    assert!(!c.charge(2000.0).flagged);
    assert_eq!(view(&c), (5000, 0, Some(2)), "a new period after k moves");
    assert!(c.charge(5001.0).flagged);
}

#[test]
fn move_time_and_infinite() {
    let mut c = clock("st=1");
    assert_eq!(c.uci_view(), None);
    assert_eq!(c.move_time_ms(), Some(1000));
    assert!(!c.charge(1000.0).flagged);
    assert!(c.charge(1000.1).flagged);
    let mut c = clock("inf");
    assert_eq!(c.uci_view(), None);
    assert!(!c.charge(1e12).flagged);
    assert!(!c.charge(f64::NAN).flagged);
}

#[test]
fn time_odds_per_side() {
    let w: TimeControl = "300".parse().unwrap();
    let b: TimeControl = "240".parse().unwrap();
    let mut g = GameClock::new(&w, &b);
    assert_eq!(g.side(Color::White).uci_view().unwrap().time_ms, 300_000);
    assert_eq!(g.side(Color::Black).uci_view().unwrap().time_ms, 240_000);
    g.play(Color::Black, 1000.0);
    assert_eq!(g.side(Color::White).remaining_ms(), 300_000.0, "no transfer outside hourglass");
    assert_eq!(
        g.pgn_tags(),
        vec![
            ("TimeControl", "?".to_string()),
            ("WhiteTimeControl", "300".to_string()),
            ("BlackTimeControl", "240".to_string())
        ]
    );
}
