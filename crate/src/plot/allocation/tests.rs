//! Tests for the allocation plot.

use super::*;
use crate::tm::simulate::{SimConfig, simulate_spec};

fn sim(spec: &str) -> Simulation {
    simulate_spec(spec, "60+0.6", &SimConfig { moves: 60, ..SimConfig::default() }).unwrap()
}

#[test]
fn draws_every_manager_and_its_clock() {
    let sims = vec![sim("lc0-legacy"), sim("stockfish")];
    let labels = vec!["lc0-legacy".to_string(), "stockfish".to_string()];
    let ghosts = vec![Some(sim("lc0-legacy(slowmover=1.5)")), None];
    let mut svg = String::new();
    {
        let area = SVGBackend::with_string(&mut svg, (900, 450)).into_drawing_area();
        let frame = draw_allocation(&area, &sims, &labels, &ghosts, Some(20)).unwrap();
        assert_eq!(frame.x_range, (1.0, 60.0));
    }
    // soft lines (2 + 1 ghost) + stockfish's dashed hard + clocks: many polylines/paths.
    assert!(svg.matches("<polyline").count() >= 3, "{svg}");
    assert!(svg.contains("lc0-legacy") && svg.contains("stockfish"));
    assert!(svg.contains("clock remaining"));
}

#[test]
fn hover_points_carry_the_simulated_rows_and_terms() {
    let sims = vec![sim("lc0-legacy"), sim("stockfish")];
    let labels = vec!["a".to_string(), "b".to_string()];
    let pts = allocation_points(&sims, &labels, 20);
    assert_eq!(pts.len(), 2);
    assert_eq!(pts[1].row, sims[1].rows[19]);
    assert_eq!(pts[1].row.move_no, 20);
    assert!(pts[0].text.starts_with("move 20: clock "), "{}", pts[0].text);
    assert!(
        pts[0].text.contains("moves left (estimate) ") && pts[0].text.contains("→ soft "),
        "{}",
        pts[0].text
    );
    assert!(pts[1].terms.iter().all(|t| t.known && !t.unit.is_empty()), "{:?}", pts[1].terms);
    assert!(pts[1].text.contains("optimum share ") && pts[1].text.contains(" %"), "{}", pts[1].text);
    assert!(allocation_points(&sims, &labels, 999).is_empty());
}

#[test]
fn numbers_are_short() {
    assert_eq!(short(2420.0), "2420");
    assert_eq!(short(31.51963), "31.5196");
    assert_eq!(short(0.5), "0.5");
    assert_eq!(short(f64::INFINITY), "∞");
    assert_eq!(nice_top(4.3), 5.0);
    assert_eq!(nice_top(0.0), 1.0);
    assert_eq!(nice_top(96.0), 100.0);
}

#[test]
fn a_lessons_ghost_is_its_own_setting_not_the_defaults() {
    let cfg = SimConfig { moves: 30, ..SimConfig::default() };
    let specs = vec!["stockfish".to_string()];
    let cmp = Comparison::run_against(&specs, "60", &cfg, &specs, "60+0.6", &cfg).unwrap();
    let ghost = cmp.ghosts[0].as_ref().expect("60+0.6 differs from 60");
    assert_eq!(ghost.tc, "60+0.6");
    assert_eq!(ghost.rows, simulate_spec("stockfish", "60+0.6", &cfg).unwrap().rows);
    // The same setting as the ghost: no ghost drawn.
    let same = Comparison::run_against(&specs, "60+0.6", &cfg, &specs, "60+0.6", &cfg).unwrap();
    assert!(same.ghosts[0].is_none());
    assert!(Comparison::run_against(&specs, "60", &cfg, &[], "60", &cfg).is_err());
    // A try that changes the usage model: the ghost keeps the lesson's own.
    let half = SimConfig { use_frac: 0.5, ..cfg };
    let used = Comparison::run_against(&specs, "60+0.6", &half, &specs, "60+0.6", &cfg).unwrap();
    assert_eq!(used.ghosts[0].as_ref().unwrap().config.use_frac, 1.0);
}
