//! Tests of `match_spec`.

use super::*;
use crate::tm::SearchKind;

fn err(json: &str) -> String {
    match MatchSpec::from_json(json).and_then(|s| s.to_config()) {
        Ok(_) => panic!("accepted {json}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_full_spec_round_trips_and_builds_the_config() {
    let json = r#"{"engine":"mcts","a":"stockfish","b":"lc0-legacy(slowmover=1.2)","tc_a":"5+0.05",
            "tc_b":"4+0.05","games":10,"clock":{"mode":"virtual","nps":200000,"latency_ms":1},
            "openings":"builtin","seed":42,"sprt":{"elo0":0,"elo1":10},
            "adjudication":{"max_moves":120,"resign":{"move_count":3,"score_cp":600},
            "draw":{"move_number":40,"move_count":8,"score_cp":10}},"overhead_ms":2,"hash_mb":8}"#;
    let spec = MatchSpec::from_json(json).unwrap();
    assert_eq!(MatchSpec::from_json(&spec.to_json()).unwrap(), spec);
    let cfg = spec.to_config().unwrap();
    assert_eq!(cfg.a.searcher, SearchKind::Mcts);
    assert_eq!((cfg.tc_a.to_string(), cfg.tc_b.to_string()), ("5+0.05".into(), "4+0.05".into()));
    assert_eq!(cfg.games, 10);
    assert_eq!(cfg.seed, 42);
    assert_eq!(cfg.clock, ClockMode::Virtual { nps: 200_000.0, latency_ms: 1.0 });
    assert_eq!(cfg.sprt.unwrap().alpha, 0.05);
    assert_eq!(cfg.adjudication.max_moves, Some(120));
    assert_eq!(cfg.adjudication.resign.unwrap().score_cp, 600);
    assert_eq!(cfg.a.tm.get("move-overhead").map(|v| v.to_string()), Some("2".into()));
    assert_eq!(cfg.a.hash_mb, 8);
    assert!(cfg.name_a.starts_with("A stockfish"), "{}", cfg.name_a);
    assert!(cfg.name_b.starts_with("B lc0-legacy"));
    assert_eq!(spec.clock_label(), "virtual clock: 1 ms = 200 nodes, latency 1 ms");
}

#[test]
fn defaults_fill_what_is_left_out_and_tc_b_follows_tc_a() {
    let spec = MatchSpec::from_json(r#"{"a":"stockfish","b":"stockfish(preset=ponder)","tc_b":""}"#).unwrap();
    let cfg = spec.to_config().unwrap();
    assert_eq!(cfg.tc_a, cfg.tc_b);
    assert_eq!(cfg.openings.len(), openings::builtin().len());
    assert_eq!(cfg.clock, ClockMode::Virtual { nps: 1e6, latency_ms: 0.0 });
    let real = MatchSpec::from_json(r#"{"a":"stockfish","b":"mediocre","clock":{"mode":"real"}}"#).unwrap();
    assert_eq!(real.to_config().unwrap().clock, ClockMode::Real);
    assert_eq!(real.clock_label(), "real (wall) clock");
}

#[test]
fn one_manager_with_different_parameters_needs_different_names_only_when_equal() {
    let same = MatchSpec::from_json(r#"{"a":"stockfish","b":"stockfish(slowmover=1.5)"}"#);
    let cfg = same.and_then(|s| s.to_config());
    assert!(cfg.is_err_and(|e| e.path == "b"), "stockfish has no slowmover");
    let cfg = MatchSpec::from_json(r#"{"a":"lc0-legacy","b":"lc0-legacy(slowmover=1.5)"}"#)
        .and_then(|s| s.to_config())
        .unwrap();
    assert_eq!(cfg.a.tm.manager(), cfg.b.tm.manager());
    assert_ne!(cfg.name_a, cfg.name_b);
    let e = err(r#"{"a":"stockfish","b":"stockfish","name_a":"x","name_b":" x "}"#);
    assert!(e.starts_with("name_b:") && e.contains("different names"), "{e}");
}

#[test]
fn errors_name_the_field_and_what_is_allowed() {
    let cases: &[(&str, &str, &str)] = &[
        ("not json", "the match spec is not valid JSON", "allowed: a JSON object"),
        ("[1]", "the match spec is [1], not an object", "allowed: an object"),
        (r#"{"a":"stockfish","b":"mediocre","gmaes":3}"#, "gmaes: unknown field", "allowed: engine"),
        (r#"{"b":"mediocre"}"#, "a: missing", "stockfish"),
        (r#"{"a":"stockfish","b":"mediocre","engine":"nn"}"#, "engine: ", "allowed: ab, mcts"),
        (r#"{"a":"stokfish","b":"mediocre"}"#, "a: ", "stokfish"),
        (r#"{"a":"stockfish","b":"lc0-legacy(slowmover=99)"}"#, "b: ", "slowmover"),
        (r#"{"a":"stockfish","b":"mediocre","tc_a":"10+x"}"#, "tc_a: bad time control token", "x"),
        (r#"{"a":"stockfish","b":"mediocre","tc_b":"inf"}"#, "tc_b: `inf` bounds neither", "st=0.1"),
        (r#"{"a":"stockfish","b":"mediocre","games":0}"#, "games: 0 is out of range", "1 to 100000"),
        (
            r#"{"a":"stockfish","b":"mediocre","games":"ten"}"#,
            "games: \"ten\" is not allowed",
            "allowed: a whole number",
        ),
        (
            r#"{"a":"stockfish","b":"mediocre","games":2.5}"#,
            "games: 2.5 is not allowed",
            "allowed: a whole number from 0 to 100000",
        ),
        (r#"{"a":"stockfish","b":"mediocre","clock":{"mode":"sundial"}}"#, "clock.mode: ", "virtual, real"),
        (r#"{"a":"stockfish","b":"mediocre","clock":{"nps":0}}"#, "clock.nps: ", "above 0"),
        (
            r#"{"a":"stockfish","b":"mediocre","clock":{"nps":1e6,"latency_ms":-1}}"#,
            "clock.latency_ms: ",
            "0 to",
        ),
        (
            r#"{"a":"stockfish","b":"mediocre","clock":{"mode":"real","nps":5}}"#,
            "clock.nps: only a virtual",
            "",
        ),
        (
            r#"{"a":"stockfish","b":"mediocre","clock":{"speed":1}}"#,
            "clock.speed: unknown field",
            "mode, nps",
        ),
        (
            r#"{"a":"stockfish","b":"mediocre","openings":"mine"}"#,
            "openings: \"mine\" is not allowed",
            "allowed: \"builtin\" or {\"epd\"",
        ),
        (
            r#"{"a":"stockfish","b":"mediocre","openings":{"epd":"8/8 w"}}"#,
            "openings.epd: EPD line 1",
            "4 FEN",
        ),
        (r#"{"a":"stockfish","b":"mediocre","sprt":{"elo0":5,"elo1":0}}"#, "sprt: ", "elo0 must be less"),
        (r#"{"a":"stockfish","b":"mediocre","sprt":{"elo1":5}}"#, "sprt.elo0: missing", ""),
        (r#"{"a":"stockfish","b":"mediocre","sprt":{"elo0":0,"elo1":5,"alpha":1.5}}"#, "sprt: ", "alpha"),
        (
            r#"{"a":"stockfish","b":"mediocre","adjudication":{"resign":{"move_count":3,"score_cp":-5}}}"#,
            "adjudication.resign.score_cp: ",
            "above 0",
        ),
        (
            r#"{"a":"stockfish","b":"mediocre","adjudication":{"draw":{"move_count":2}}}"#,
            "adjudication.draw.score_cp: missing",
            "",
        ),
        (r#"{"a":"stockfish","b":"mediocre","adjudication":{"max_moves":0}}"#, "adjudication.max_moves:", ""),
        (r#"{"a":"stockfish","b":"mediocre","hash_mb":0}"#, "hash_mb: 0 MB is out of range", "1 to 1024"),
        (
            r#"{"a":"stockfish","b":"mediocre","overhead_ms":-3}"#,
            "overhead_ms: -3 ms is not allowed",
            "allowed: ≥ 0",
        ),
        (r#"{"a":"lc0-legacy","b":"mediocre","overhead_ms":3}"#, "overhead_ms: player b: ", "mediocre"),
    ];
    for (json, start, contains) in cases {
        let e = err(json);
        assert!(e.starts_with(start), "{json}: {e}");
        assert!(e.contains(contains), "{json}: {e} lacks {contains:?}");
    }
}

#[test]
fn config_errors_carry_the_field_and_the_allowed_list_apart() {
    let cases: &[(&str, &str, &str)] = &[
        (r#"{"a":"stokfish","b":"mediocre"}"#, "a", ""),
        (
            r#"{"a":"stockfish","b":"mediocre","tc_b":"inf"}"#,
            "tc_b",
            "a clock (10+0.1), a move time (st=0.1)",
        ),
        (r#"{"a":"stockfish","b":"mediocre","games":0}"#, "games", "1 to 100000"),
        (r#"{"a":"stockfish","b":"mediocre","hash_mb":0}"#, "hash_mb", "1 to 1024"),
        (
            r#"{"a":"stockfish","b":"mediocre","clock":{"nps":0}}"#,
            "clock.nps",
            "virtual nodes per second above 0",
        ),
        (
            r#"{"a":"stockfish","b":"mediocre","clock":{"nps":1e6,"latency_ms":-1}}"#,
            "clock.latency_ms",
            "0 to 60000 ms",
        ),
        (r#"{"a":"stockfish","b":"mediocre","overhead_ms":-3}"#, "overhead_ms", "≥ 0 ms"),
        (r#"{"a":"lc0-legacy","b":"mediocre","overhead_ms":3}"#, "overhead_ms", ""),
        (r#"{"a":"stockfish","b":"mediocre","sprt":{"elo0":5,"elo1":0}}"#, "sprt", ""),
        (
            r#"{"a":"stockfish","b":"mediocre","adjudication":{"resign":{"move_count":3,"score_cp":-5}}}"#,
            "adjudication.resign.score_cp",
            "above 0",
        ),
        (r#"{"a":"stockfish","b":"mediocre","openings":{"epd":"8/8 w"}}"#, "openings.epd", ""),
        (r#"{"a":"stockfish","b":"stockfish","name_a":"x","name_b":"x"}"#, "name_b", "different names"),
    ];
    for (json, field, allowed) in cases {
        let e = MatchSpec::from_json(json).unwrap().to_config().unwrap_err();
        assert_eq!(e.path, *field, "{json}: {e}");
        assert!(e.allowed.contains(allowed), "{json}: {e:?} lacks {allowed:?}");
        if !e.allowed.is_empty() {
            assert!(!e.message.contains("allowed:"), "{json}: the message repeats the list: {e:?}");
        }
        assert!(!e.message.starts_with(field), "{json}: the message repeats the field: {e:?}");
    }
}

#[test]
fn json_errors_carry_the_field_and_the_allowed_list_apart() {
    let cases: &[(&str, &str, &str)] = &[
        ("not json", "", "a JSON object"),
        (r#"{"a":"stockfish","b":"mediocre","gmaes":3}"#, "gmaes", "engine, a, b,"),
        (r#"{"a":"stockfish","b":"mediocre","clock":{"mode":"sundial"}}"#, "clock.mode", "virtual, real"),
        (r#"{"a":"stockfish","b":"mediocre","clock":{"speed":1}}"#, "clock.speed", "mode, nps, latency_ms"),
        (r#"{"a":"stockfish","b":"mediocre","games":"ten"}"#, "games", "a whole number from 0 to 100000"),
        (r#"{"a":"stockfish","b":"mediocre","sprt":{"elo1":5}}"#, "sprt.elo0", "a number (nElo)"),
        (r#"{"b":"mediocre"}"#, "a", "player A's manager"),
    ];
    for (json, field, allowed) in cases {
        let e = MatchSpec::from_json(json).unwrap_err();
        assert_eq!(e.path, *field, "{json}: {e}");
        assert!(e.allowed.contains(allowed), "{json}: {e:?} lacks {allowed:?}");
        assert!(!e.message.contains("allowed:"), "{json}: {e:?}");
    }
}

#[test]
fn strength_levels_per_player() {
    let spec = MatchSpec::from_json(r#"{"a":"stockfish","b":"stockfish","level_a":2,"level_b":3}"#).unwrap();
    assert_eq!((spec.level_a, spec.level_b), (2, 3));
    assert_eq!(MatchSpec::from_json(&spec.to_json()).unwrap(), spec);
    let cfg = spec.to_config().unwrap();
    assert_eq!((cfg.a.level.level, cfg.b.level.level), (2, 3));
    assert_eq!((cfg.name_a.as_str(), cfg.name_b.as_str()), ("A stockfish level 2", "B stockfish level 3"));
    assert_eq!(cfg.a.label(), "ab stockfish level 2");
    let full = MatchSpec::from_json(r#"{"a":"stockfish","b":"mediocre"}"#).unwrap().to_config().unwrap();
    assert_eq!((full.a.level.level, full.name_a.as_str()), (5, "A stockfish"));
    let e = err(r#"{"a":"stockfish","b":"stockfish","level_b":9}"#);
    assert!(e.starts_with("level_b: 9 is out of range") && e.contains("1 (beginner) to 5"), "{e}");
    let e = err(r#"{"a":"stockfish","b":"stockfish","level_a":"high"}"#);
    assert!(e.starts_with("level_a:"), "{e}");
}
