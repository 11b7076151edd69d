//! Tests for the game plot.

use super::*;
use crate::play::game::GameRecord;
use crate::play::match_game::MatchGame;

fn record() -> GameRecord {
    let spec = r#"{"a":"stockfish","b":"lc0-legacy","tc_a":"1+0.01","games":2,
        "clock":{"mode":"virtual","nps":200000},"adjudication":{"max_moves":40}}"#;
    let mut g = MatchGame::from_spec_json(spec, 1).unwrap();
    while g.step().is_some() {}
    g.summary().record
}

#[test]
fn the_timeline_is_the_records_engine_moves_also_when_read_from_json() {
    let rec = record();
    let t = Timeline::from_record(&rec);
    let engine_moves = rec.moves.iter().filter(|r| !r.book).count();
    assert_eq!(t.moves.len(), engine_moves);
    assert_eq!(t.white, rec.setup.white.name);
    let first = rec.moves.iter().find(|r| !r.book).unwrap();
    assert_eq!(t.moves[0].used_ms, first.used_ms);
    assert_eq!(t.moves[0].clock_ms, Some(first.clock_after_ms));
    assert_eq!(t.moves[0].soft_ms, Some(first.engine.as_ref().unwrap().budget.soft_ms));
    let white_eff = t.moves.iter().filter(|m| m.white).filter(|m| m.effective_ms.is_some()).count();
    assert!(white_eff > 0, "stockfish's records carry an effective soft limit");
    assert!(t.moves.iter().any(|m| m.effective_ms.is_some() && m.effective_ms != m.soft_ms), "it moves");
    assert!(t.moves.windows(2).all(|w| w[0].white != w[1].white), "sides alternate");
    let json = serde_json::to_value(&rec).unwrap();
    let view: RecordView = serde_json::from_value(json).unwrap();
    assert_eq!(Timeline::from_view(view), t);
}

#[test]
fn the_chart_data_is_the_records_chart_and_much_smaller() {
    let rec = record();
    let whole = serde_json::to_string(&rec).unwrap();
    let view: RecordView = serde_json::from_str(&whole).unwrap();
    let data = view.chart_data();
    let again: RecordView = serde_json::from_str(&data).unwrap();
    assert_eq!(Timeline::from_view(again), Timeline::from_record(&rec));
    assert!(data.len() * 3 < whole.len(), "chart data {} bytes, record {} bytes", data.len(), whole.len());
}

#[test]
fn the_svg_has_a_bar_per_move_both_axes_and_the_players() {
    let t = Timeline::from_record(&record());
    let svg = game_svg(&t, 900, 420).unwrap();
    // A bar per move, plus the background and legend boxes.
    assert!(svg.matches("<rect").count() >= t.moves.len(), "{} rects", svg.matches("<rect").count());
    assert!(svg.contains("clock remaining") && svg.contains("used per move"));
    assert!(svg.contains(&t.white) && svg.contains(&t.black));
    let (first, last) = t.move_range();
    let mid = (first + last) / 2;
    let lines = t.describe(mid);
    assert_eq!(lines.len(), t.at(mid).len());
    assert!(lines[0].starts_with(&format!("{mid}.")) && lines[0].contains("used "), "{lines:?}");
    // One ring per move with an effective soft limit.
    let rings = t.moves.iter().filter(|m| m.effective_ms.is_some()).count();
    assert!(
        svg.matches("<circle").count() >= rings && rings > 0,
        "{} circles",
        svg.matches("<circle").count()
    );
    assert!(svg.contains("effective soft"));
}

#[test]
fn non_finite_budgets_are_left_out() {
    let json = serde_json::json!({
        "setup": {"white": {"name": "W"}, "black": {"name": "B"}},
        "moves": [
            {"ply": 0, "color": "white", "san": "e4", "book": true, "used_ms": 0, "clock_after_ms": null, "flagged": false, "engine": null},
            {"ply": 1, "color": "black", "san": "e5", "book": false, "used_ms": 12.5, "clock_after_ms": null,
             "flagged": false, "engine": {"budget": {"soft_ms": null, "hard_ms": 40, "terms": []}}}
        ]
    });
    let t = Timeline::from_view(serde_json::from_value(json).unwrap());
    assert_eq!(t.moves.len(), 1);
    assert_eq!((t.moves[0].soft_ms, t.moves[0].hard_ms, t.moves[0].clock_ms), (None, Some(40.0), None));
    assert_eq!(t.moves[0].move_no, 1);
    assert!(game_svg(&t, 400, 300).is_ok());
}

#[test]
fn moves_past_the_hard_limit_are_circled_and_named_in_the_legend() {
    let mv = |ply: u32, used: f64, hard: f64| {
        serde_json::json!({"ply": ply, "color": if ply.is_multiple_of(2) { "white" } else { "black" }, "san": "e4",
            "book": false, "used_ms": used, "clock_after_ms": 60000, "flagged": false,
            "engine": {"budget": {"soft_ms": 1000, "hard_ms": hard, "terms": []}}})
    };
    let svg_of = |moves: Vec<serde_json::Value>| {
        let json =
            serde_json::json!({"setup": {"white": {"name": "W"}, "black": {"name": "B"}}, "moves": moves});
        game_svg(&Timeline::from_view(serde_json::from_value(json).unwrap()), 900, 420).unwrap()
    };
    let within = svg_of(vec![mv(0, 900.0, 3000.0), mv(1, 2900.0, 3000.0)]);
    let past = svg_of(vec![mv(0, 900.0, 3000.0), mv(1, 4000.0, 3000.0)]);
    assert!(!within.contains("past the hard limit"));
    assert!(past.contains("past the hard limit"));
    assert_eq!(
        past.matches("<circle").count(),
        within.matches("<circle").count() + 1,
        "one ring for the one move"
    );
}

#[test]
fn a_move_within_the_times_resolution_of_its_hard_limit_is_not_past_it() {
    // A PGN with [%emt] in whole centiseconds: 3.00 s against a 2 995 ms hard limit may be the
    // limit itself, rounded; 3.02 s is past it whatever the rounding.
    let view = |used: f64, resolution: f64| {
        let json = serde_json::json!({"setup": {"white": {"name": "W"}, "black": {"name": "B"}},
            "resolution_ms": resolution,
            "moves": [{"ply": 0, "color": "white", "san": "e4", "book": false, "used_ms": used,
                "clock_after_ms": 60000, "flagged": false,
                "engine": {"budget": {"soft_ms": 1000, "hard_ms": 2995, "terms": []}}}]});
        Timeline::from_view(serde_json::from_value(json).unwrap())
    };
    let past = |t: &Timeline| t.past_hard(&t.moves[0]);
    assert!(!past(&view(3000.0, 10.0)));
    assert!(past(&view(3020.0, 10.0)));
    assert!(past(&view(3000.0, 0.0)), "exact times: 5 ms past is past");
    let svg = game_svg(&view(3000.0, 10.0), 600, 300).unwrap();
    assert!(!svg.contains("past the hard limit"));
    // Games played here carry no resolution, and chart data keeps it when there is one.
    let plain: RecordView = serde_json::from_value(serde_json::to_value(record()).unwrap()).unwrap();
    assert!(!plain.chart_data().contains("resolution_ms"));
    let t = view(3000.0, 10.0);
    assert_eq!(t.resolution_ms, 10.0);
}
