//! Tests of `tc`.

use super::*;

fn tc(s: &str) -> TimeControl {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn nz(n: u32) -> NonZeroU32 {
    NonZeroU32::new(n).unwrap()
}

#[test]
fn cutechess_forms_parse_echo_and_tag() {
    // (input, control, fastchess echo, PGN tag)
    let cases = [
        ("10+0.1", TimeControl::fischer(10_000, 100), "10+0.1", "10+0.1"),
        ("60", TimeControl::fischer(60_000, 0), "60", "60"),
        ("tc=60+0.6", TimeControl::fischer(60_000, 600), "60+0.6", "60+0.6"),
        (
            "40/60+0.6",
            TimeControl::new(Timing::Classical(Classical::repeating(nz(40), 60_000, 600))),
            "40/60+0.6",
            "40/60+0.6",
        ),
        (
            "40/1:30+1",
            TimeControl::new(Timing::Classical(Classical::repeating(nz(40), 90_000, 1000))),
            "40/90+1",
            "40/90+1",
        ),
        ("1:00:00", TimeControl::fischer(3_600_000, 0), "3600", "3600"),
        ("st=1", TimeControl::new(Timing::MoveTime { ms: 1000 }), "1/move", "-"),
        ("0.25/move", TimeControl::new(Timing::MoveTime { ms: 250 }), "0.25/move", "-"),
        ("inf", TimeControl::infinite(), "inf", "-"),
        ("hg60", TimeControl::new(Timing::Hourglass { base_ms: 60_000 }), "hg60", "*60"),
        (
            "60+d2",
            TimeControl::new(Timing::Delay { base_ms: 60_000, delay_ms: 2000, kind: DelayKind::Simple }),
            "60+d2",
            "?",
        ),
        (
            "60+b2.5",
            TimeControl::new(Timing::Delay { base_ms: 60_000, delay_ms: 2500, kind: DelayKind::Bronstein }),
            "60+b2.5",
            "?",
        ),
        (
            "600byo5x30",
            TimeControl::new(Timing::Byoyomi {
                main_ms: 600_000,
                overtime: Overtime::Japanese { periods: nz(5), period_ms: 30_000 },
            }),
            "600byo5x30",
            "?",
        ),
        (
            "600byo25/300",
            TimeControl::new(Timing::Byoyomi {
                main_ms: 600_000,
                overtime: Overtime::Canadian { moves: nz(25), period_ms: 300_000 },
            }),
            "600byo25/300",
            "?",
        ),
    ];
    for (input, want, echo, tag) in cases {
        let got = tc(input);
        assert_eq!(got, want, "{input}");
        assert_eq!(got.to_string(), echo, "{input}");
        assert_eq!(got.pgn_tag(), tag, "{input}");
        assert_eq!(tc(&got.to_string()), got, "echo of {input} re-parses");
    }
}

#[test]
fn limits_and_margin_combine_with_a_clock() {
    let t = tc("10+0.1 nodes=5000 depth=8 timemargin=50");
    assert_eq!(t.timing, TimeControl::fischer(10_000, 100).timing);
    assert_eq!(t.nodes.map(|n| n.get()), Some(5000));
    assert_eq!(t.depth.map(|d| d.get()), Some(8));
    assert_eq!(t.margin_ms, 50);
    assert_eq!(t.to_string(), "10+0.1 5000 nodes depth 8 timemargin=50");
    assert_eq!(tc(&t.to_string()), t);
    let n = tc("nodes=1000");
    assert_eq!(n.timing, Timing::Infinite);
    assert_eq!(n.to_string(), "1000 nodes");
    assert_eq!(tc("1000 nodes"), n);
    assert_eq!(tc("depth 6").depth.map(|d| d.get()), Some(6));
    assert_eq!(n.pgn_tag(), "-");
    assert!(!n.has_clock() && t.has_clock());
}

#[test]
fn pgn_tags_import_and_round_trip() {
    let t = TimeControl::from_pgn("40/9000:4500+60").unwrap().unwrap();
    let Timing::Classical(c) = &t.timing else { panic!("classical expected") };
    assert_eq!(c.leading, vec![Period { moves: nz(40), time_ms: 9_000_000, inc_ms: 0 }]);
    assert_eq!(c.last, FinalStage::SuddenDeath { time_ms: 4_500_000, inc_ms: 60_000 });
    assert_eq!(t.pgn_tag(), "40/9000:4500+60");
    assert_eq!(t.to_string(), "40/9000;4500+60");
    assert_eq!(tc(&t.to_string()), t);
    for tag in ["180+2", "300", "40/9000", "*180", "-", "40/7200:20/3600:900+30"] {
        let t = TimeControl::from_pgn(tag).unwrap().unwrap();
        assert_eq!(t.pgn_tag(), tag);
    }
    assert_eq!(TimeControl::from_pgn("?").unwrap(), None);
    assert_eq!(TimeControl::from_pgn("1/move").unwrap().unwrap().timing, Timing::MoveTime { ms: 1000 });
    for bad in ["", "300:40/9000", "40/x", "3:00", "*", "180+"] {
        assert!(TimeControl::from_pgn(bad).is_err(), "{bad} must be rejected");
    }
}

#[test]
fn errors_name_the_bad_token() {
    let cases = [
        ("10+x", "10+x"),
        ("abc", "abc"),
        ("40/0", "40/0"),
        ("0/60", "0/60"),
        ("1:75", "1:75"),
        ("st=-1", "st=-1"),
        ("10+0.1 20+0.2", "20+0.2"),
        ("nodes=0", "nodes=0"),
        ("nodes=-3", "nodes=-3"),
        ("timemargin=abc", "timemargin=abc"),
        ("hgx", "hgx"),
        ("60+d", "60+d"),
        ("0", "0"),
        ("60;40/60", "60;40/60"),
        ("600byo5", "600byo5"),
        ("depth", "depth"),
        ("inf 60", "60"),
        ("1e3", "1e3"),
        ("nan", "nan"),
    ];
    for (input, token) in cases {
        let e = input.parse::<TimeControl>().expect_err(input);
        assert_eq!(e.token, token, "{input}: {e}");
        assert!(e.to_string().contains(token), "{e}");
    }
    assert!("".parse::<TimeControl>().is_err());
    assert!("timemargin=5".parse::<TimeControl>().is_err());
    assert!("99999999".parse::<TimeControl>().is_err(), "more than 10000 hours");
}

#[test]
fn explicit_units_only() {
    // Seconds unless a unit says otherwise: `3+2` is three seconds, `3m+2` three minutes.
    assert_eq!(tc("3+2"), TimeControl::fischer(3_000, 2_000));
    assert_eq!(tc("3m+2"), TimeControl::fischer(180_000, 2_000));
    assert_eq!(tc("3m+2").to_string(), "180+2");
    assert_eq!(tc("0.5m+0"), TimeControl::fischer(30_000, 0));
    assert_eq!(tc("1.5h+30s"), TimeControl::fischer(5_400_000, 30_000));
    assert_eq!(tc("tc=10m+5"), tc("600+5"));
    assert_eq!(tc("40/90m+30s"), tc("40/5400+30"));
    assert_eq!(tc("st=2s"), tc("st=2"));
    assert_eq!(tc("5m+d3"), tc("300+d3"));
    for bad in ["1:30m", "m+2", "3x+2", "3mm", "-3m", "20000h"] {
        let e = bad.parse::<TimeControl>().expect_err(bad);
        assert!(e.to_string().contains(bad), "{bad}: {e}");
    }
}

#[test]
fn seconds_render_without_trailing_zeros() {
    assert_eq!(secs(600), "0.6");
    assert_eq!(secs(60_000), "60");
    assert_eq!(secs(1_050), "1.05");
    assert_eq!(secs(1), "0.001");
}
