//! A failed game does not lose the match: `run_match_keeping` (what `tmlab match` runs) plays
//! and counts the other games and names the failed one; `run_match_into` still stops with an
//! error naming the game. A broken opening (a book move that is not legal) makes its games
//! panic inside the worker threads, the hardest way a game can fail.

use tmlab::play::match_::{GameFailure, MatchState, run_match_into, run_match_keeping};
use tmlab::play::match_spec::MatchSpec;
use tmlab::play::openings::Opening;

fn config_with_a_broken_second_opening() -> tmlab::play::match_::MatchConfig {
    let spec = MatchSpec::from_json(
        r#"{"a":"stockfish","b":"mediocre","tc_a":"nodes=200","games":6,"clock":{"mode":"virtual","nps":1000000},
            "adjudication":{"max_moves":12}}"#,
    )
    .unwrap();
    let mut cfg = spec.to_config().unwrap();
    let good = cfg.openings[0].clone();
    let broken = Opening { name: "broken".into(), book_moves: vec!["e2e5".into()], ..good.clone() };
    // Pairs take openings in a seeded order: with [good, broken, good] one pair gets the broken one.
    cfg.openings = vec![good.clone(), broken, good];
    cfg
}

#[test]
fn a_failed_game_is_named_and_the_others_are_kept() {
    let cfg = config_with_a_broken_second_opening();
    let mut failures: Vec<GameFailure> = Vec::new();
    let mut finished = Vec::new();
    let state = run_match_keeping(
        &cfg,
        2,
        MatchState::scores_only(cfg.games),
        &mut |g, _| finished.push(g.score.index),
        &mut |f, _| failures.push(f.clone()),
    )
    .expect("the match runs");
    failures.sort_by_key(|f| f.index);
    finished.sort();
    assert_eq!(failures.len(), 2, "both games of the broken opening's pair fail: {failures:?}");
    assert_eq!(failures[0].index / 2, failures[1].index / 2, "one pair: {failures:?}");
    assert!(failures.iter().all(|f| f.message.contains("panicked")), "{failures:?}");
    assert!(failures[0].to_string().starts_with(&format!("game {}: ", failures[0].index + 1)));
    assert_eq!(state.finished(), 4, "the other four games are played and counted");
    assert_eq!(finished.len(), 4);
    assert!(finished.iter().all(|i| failures.iter().all(|f| f.index != *i)));
    let report = state.report(cfg.sprt);
    let w = &report.block.wdl;
    assert_eq!(w.wins + w.losses + w.draws, 4, "the statistics cover the finished games");
}

#[test]
fn run_match_into_stops_with_an_error_naming_the_game() {
    let cfg = config_with_a_broken_second_opening();
    let e = run_match_into(&cfg, 1, MatchState::scores_only(cfg.games), &mut |_, _| {}).unwrap_err();
    assert!(e.to_string().starts_with("game ") && e.to_string().contains("panicked"), "{e}");
}
