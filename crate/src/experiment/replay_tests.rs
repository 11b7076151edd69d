use super::*;
use crate::clock::Convention;
use crate::drive::SearcherKind;
use crate::play::engine::{EngineConfig, EnginePlayer};
use crate::play::game::{Adjudication, ClockMode, Game};
use crate::play::game::{GameSetup, SideSetup, play_game};

fn specs(s: &[&str]) -> Vec<TmSpec> {
    s.iter().map(|x| x.parse().unwrap()).collect()
}

/// lichess-style 3+2: both first moves at 3:00, then White spends 3.5 s and Black 100 s.
const LICHESS: &str = r#"[Event "Rated Blitz game"]
[White "alice"]
[Black "bob"]
[Result "*"]
[TimeControl "180+2"]

1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } 2. Nf3 { [%clk 0:02:58.5] } 2... Nc6 { [%clk 0:01:22] } *
"#;

/// The budgets a manager gives when fed these (clock, inc, ply, used) moves in order.
fn fed(spec: &str, moves: &[(f64, f64, u32, f64)]) -> Vec<Limits> {
    let mut tm = spec.parse::<TmSpec>().unwrap().build();
    tm.new_game();
    moves
        .iter()
        .map(|&(clock, inc, ply, used)| {
            let b = tm.begin_move(&MoveContext::new(clock, inc, ply));
            tm.end_move(&MoveEnd::new(used, (used * 1000.0) as u64));
            Limits { soft_ms: b.soft_ms.min(clock), hard_ms: b.hard_ms.min(clock) }
        })
        .collect()
}

#[test]
fn lichess_clocks_give_used_time_and_budgets() {
    let r = replay_pgn(LICHESS, &specs(&["stockfish", "lc0-legacy"])).unwrap();
    let g = &r.games[0];
    assert_eq!(g.source, "clk");
    let [w, b] = &g.sides;
    // First moves: no time, told 3:00. Second: 180 000 + 2 000 − 178 500 = 3 500 ms.
    let used: Vec<_> = w.moves.iter().map(|m| (m.used_ms, m.clock_before_ms, m.clock_after_ms)).collect();
    assert_eq!(used, vec![(0.0, 180_000.0, 180_000.0), (3500.0, 180_000.0, 178_500.0)]);
    let used: Vec<_> = b.moves.iter().map(|m| (m.used_ms, m.clock_before_ms, m.clock_after_ms)).collect();
    assert_eq!(used, vec![(0.0, 180_000.0, 180_000.0), (100_000.0, 180_000.0, 82_000.0)]);
    // lichess's rule: Black's clock shows 3:00 before its first move (not 3:02, cutechess's).
    assert_eq!(g.convention, Convention::Lichess);
    assert_eq!(w.moves[0].opponent_clock_ms, 180_000.0);
    assert_eq!(w.moves[1].opponent_clock_ms, 180_000.0);
    assert_eq!(b.moves[1].opponent_clock_ms, 178_500.0);
    for (i, spec) in ["stockfish", "lc0-legacy"].iter().enumerate() {
        let expect_w = fed(spec, &[(180_000.0, 2000.0, 0, 0.0), (180_000.0, 2000.0, 2, 3500.0)]);
        let got: Vec<_> = w.moves.iter().map(|m| m.budgets[i]).collect();
        assert_eq!(got, expect_w, "{spec}");
        // 100 s is over every manager's hard limit at 3+2; 3.5 s is not.
        assert_eq!(b.managers[i].over_hard, vec!["2... Nc6".to_string()], "{spec}");
        assert!(w.managers[i].over_hard.is_empty(), "{spec}");
    }
    // Two moves: no share by move 20; a manager's own profile on 3+2 has one.
    assert_eq!(w.share_by_20, None);
    let sf = &w.managers[0];
    assert!(sf.share_by_20.unwrap() > 0.05 && sf.share_by_20.unwrap() < sf.share_by_40.unwrap());
    assert_eq!(w.time_left_ms, Some(178_500.0));
}

#[test]
fn emt_with_moves_per_period_follows_the_control() {
    // cutechess: 2 moves in 10 s repeating; times from the prefix and [%emt].
    let pgn = "[White \"a\"]\n[Black \"b\"]\n[TimeControl \"2/10\"]\n\n1. e4 {book} e5 {book} \
               2. Nf3 {+0.10/9 1.5s} Nc6 {[%emt 0:00:02]} 3. Bb5 {+0.2/9 4s} a6 {-0.1/8 0.25s} \
               4. Ba4 {0.5s} *\n";
    let r = replay_pgn(pgn, &specs(&["mediocre"])).unwrap();
    let [w, b] = &r.games[0].sides;
    let rows: Vec<_> =
        w.moves.iter().map(|m| (m.ply, m.used_ms, m.clock_before_ms, m.clock_after_ms)).collect();
    // 10 000 − 1 500 = 8 500; − 4 000 = 4 500, then the period completes: + 10 000.
    assert_eq!(
        rows,
        vec![(2, 1500.0, 10_000.0, 8500.0), (4, 4000.0, 8500.0, 14_500.0), (6, 500.0, 14_500.0, 14_000.0)]
    );
    assert_eq!(b.moves.iter().map(|m| m.clock_after_ms).collect::<Vec<_>>(), vec![8000.0, 17_750.0]);
    assert_eq!(r.games[0].source, "emt");
    // Mediocre: clock/40 (movestogo 2 → clock/2?) — compare with a manager fed the same way.
    let mut tm = "mediocre".parse::<TmSpec>().unwrap().build();
    tm.new_game();
    let b0 = tm.begin_move(&MoveContext::new(10_000.0, 0.0, 2).with_movestogo(Some(2)));
    assert_eq!(
        w.moves[0].budgets[0],
        Limits { soft_ms: b0.soft_ms.min(10_000.0), hard_ms: b0.hard_ms.min(10_000.0) }
    );
}

#[test]
fn games_without_clocks_or_controls_are_named() {
    let one = |pgn: &str| replay_pgn(pgn, &specs(&["stockfish"])).unwrap_err().to_string();
    let no_clk = LICHESS.replace("{ [%clk 0:02:58.5] }", "");
    assert_eq!(
        one(&no_clk),
        "game 1 (alice vs bob, Rated Blitz game), move 2. Nf3: no clock: the move has neither [%clk] \
         nor [%emt] (nor cutechess's `1.21s`); replay needs one of them on every move that is not {book}"
    );
    let e = one(&LICHESS.replace("180+2", "-"));
    assert!(e.starts_with("game 1 (alice vs bob, Rated Blitz game): the TimeControl tag is `-`"), "{e}");
    let e = one(&LICHESS.replace("[TimeControl \"180+2\"]\n", ""));
    assert!(e.contains("the TimeControl tag is `?` (unknown)"), "{e}");
    let e = one(&LICHESS.replace("180+2", "abc"));
    assert!(
        e.starts_with("game 1 (alice vs bob, Rated Blitz game): TimeControl tag: bad time control"),
        "{e}"
    );
    let e = one(&LICHESS.replace("180+2", "*60"));
    assert!(e.contains("is not supported"), "{e}");
    assert!(replay_pgn(LICHESS, &[]).unwrap_err().to_string().contains("1 … 8 managers"));
}

#[test]
fn every_pgn_tmlab_writes_replays_with_its_own_times() {
    for (tc_w, tc_b) in [("3+0.03", "3+0.03"), ("40/2", "2+0.1")] {
        let side = |name: &str, tc: &str| SideSetup {
            name: name.into(),
            tc: tc.parse().unwrap(),
            engine: String::new(),
        };
        let mut setup = GameSetup {
            white: side("W", tc_w),
            black: side("B", tc_b),
            clock: ClockMode::Virtual { nps: 1_000_000.0, latency_ms: 0.0 },
            adjudication: Adjudication::default(),
            event: "round trip".into(),
            date: "2026.11.24".into(),
            round: "1".into(),
        };
        setup.adjudication.max_moves = Some(30);
        let op = crate::play::openings::builtin().remove(3);
        let mut g = Game::new(setup, &op).unwrap();
        let cfg = |s: &str| EngineConfig::new(SearcherKind::Ab, s.parse().unwrap());
        let (mut w, mut b) = (EnginePlayer::new(cfg("stockfish")), EnginePlayer::new(cfg("lc0-legacy")));
        play_game(&mut g, &mut w, &mut b);
        let text = g.to_pgn().to_pgn();
        let r = replay_pgn(&text, &specs(&["stockfish"])).unwrap();
        assert_eq!(r.games[0].source, "clk+emt");
        // An engine match: cutechess's rule, Black's clock starts with the increment credited.
        assert_eq!(r.games[0].convention, Convention::Cutechess);
        // White's first timed move shows Black's clock as Black then started its own first move.
        let first = &r.games[0].sides[0].moves[0];
        let black_first = g.records().iter().find(|r| !r.book && !r.color.is_white()).unwrap();
        assert!(
            (first.opponent_clock_ms - black_first.clock_before_ms).abs() <= 2.0,
            "{tc_b}: {} vs {}",
            first.opponent_clock_ms,
            black_first.clock_before_ms
        );
        let recs: Vec<_> = g.records().iter().filter(|r| !r.book && !r.flagged).collect();
        let got: Vec<_> = r.games[0].sides.iter().flat_map(|s| &s.moves).collect();
        assert_eq!(got.len(), recs.len());
        assert!(r.games[0].has_own_limits());
        assert_eq!(r.games[0].sides[1].own.as_ref().unwrap().moves as usize, r.games[0].sides[1].moves.len());
        for rec in recs {
            let m = got.iter().find(|m| m.ply == rec.ply).unwrap();
            assert_eq!(m.used_ms, rec.used_ms.round(), "{tc_w}/{tc_b} {}", m.label);
            assert_eq!(m.clock_after_ms, rec.clock_after_ms.round(), "{tc_w}/{tc_b} {}", m.label);
            assert!(
                (m.clock_before_ms - rec.clock_before_ms).abs() <= 2.0,
                "{} {}",
                m.clock_before_ms,
                rec.clock_before_ms
            );
            // The comment carries the engine's own limits, to the millisecond.
            let budget = &rec.engine.as_ref().unwrap().budget;
            let own = m.own.expect("tmlab writes soft= and hard= on engine moves");
            for (got, set) in [(own.soft_ms, budget.soft_ms), (own.hard_ms, budget.hard_ms)] {
                assert!((got - set.min(m.clock_before_ms)).abs() <= 1.0, "{} {got} {set}", m.label);
            }
            // White's manager is stockfish: the replay's budget is the one it gave in the game,
            // up to the clock's rounding to the millisecond in the PGN.
            if rec.color.is_white() {
                let soft = rec.engine.as_ref().unwrap().budget.soft_ms;
                assert!(
                    (m.budgets[0].soft_ms - soft).abs() <= 0.02 * soft + 2.0,
                    "{} {soft}",
                    m.budgets[0].soft_ms
                );
            }
        }
    }
}

#[test]
fn chart_record_is_what_the_game_chart_reads() {
    let r = replay_pgn(LICHESS, &specs(&["stockfish", "lc0-legacy"])).unwrap();
    let v = r.games[0].chart_record(1);
    let view: crate::plot::game::RecordView = serde_json::from_value(v).unwrap();
    let t = crate::plot::game::Timeline::from_view(view);
    assert_eq!(t.moves.len(), 4);
    assert_eq!(t.moves[3].used_ms, 100_000.0);
    assert_eq!(t.moves[2].hard_ms, Some(r.games[0].sides[0].moves[1].budgets[1].hard_ms));
    assert_eq!(t.white, "alice");
    assert_eq!(
        t.resolution_ms, r.games[0].resolution_ms,
        "the chart judges 'past the hard limit' as the summary does"
    );
}

/// A game a person played in tmlab's Play view ([`crate::play::person`], lichess's rule) writes
/// `[%clk]` and `[%emt]`: the replay reads it under lichess's rule, with the game's own clocks.
#[test]
fn a_person_game_from_tmlab_replays_under_lichess_rule() {
    use crate::play::person::{PersonGame, PlaySetup};
    let setup = PlaySetup {
        person: "white".into(),
        white_tc: "180+2".into(),
        black_tc: "180+2".into(),
        searcher: "ab".into(),
        tm: "stockfish".into(),
        move_overhead_ms: 0.0,
        ponder: false,
        level: 5,
        date: "2026.11.24".into(),
    };
    let mut g = PersonGame::new(setup).unwrap();
    g.play_text("e4", 5000.0).unwrap();
    g.play_engine("bestmove e7e5", 1500.0).unwrap();
    g.play_text("Nf3", 4000.0).unwrap();
    g.play_engine("bestmove b8c6", 2500.0).unwrap();
    let r = replay_pgn(&g.pgn(), &specs(&["stockfish"])).unwrap();
    let game = &r.games[0];
    assert_eq!((game.source, game.convention), ("clk+emt", Convention::Lichess));
    let rows = |i: usize| -> Vec<_> {
        game.sides[i].moves.iter().map(|m| (m.used_ms, m.clock_before_ms, m.clock_after_ms)).collect()
    };
    // First moves are not timed: 3:00 before and after; then 3:00 − used + 2 s.
    assert_eq!(rows(0), vec![(5000.0, 180_000.0, 180_000.0), (4000.0, 180_000.0, 178_000.0)]);
    assert_eq!(rows(1), vec![(1500.0, 180_000.0, 180_000.0), (2500.0, 180_000.0, 179_500.0)]);
    // Black's clock shows 3:00 (not 3:02) while White makes its first move.
    assert_eq!(game.sides[0].moves[0].opponent_clock_ms, 180_000.0);
    // The game's own records agree.
    let recs: Vec<_> = g.game().records().iter().map(|r| (r.clock_before_ms, r.clock_after_ms)).collect();
    let got: Vec<_> = [0, 1, 0, 1]
        .iter()
        .zip([0, 0, 1, 1])
        .map(|(&s, i)| (game.sides[s].moves[i].clock_before_ms, game.sides[s].moves[i].clock_after_ms))
        .collect();
    assert_eq!(got, recs);
}
