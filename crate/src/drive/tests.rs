use crate::tm::SearchKind;
use shakmaty::Chess;
use shakmaty::uci::UciMove;

use super::*;
use crate::clock::UciView;
use crate::clock::timer::Timer;
use crate::search::SearchControl;
use crate::search::mcts::MctsParams;
use crate::stop::{Score, Term};
use crate::tm::{MoveContext, MoveEnd, TmSpec, schema};

fn bits(terms: &[Term]) -> Vec<(&'static str, u64)> {
    terms.iter().map(|t| (t.name, t.value.to_bits())).collect()
}

fn budget_bits(b: &Budget) -> (u64, u64, Vec<(&'static str, u64)>) {
    (b.soft_ms.to_bits(), b.hard_ms.to_bits(), bits(&b.terms))
}

/// Every manager, over a grid of clocks and plies: a snapshot taken mid-game, sent through its
/// payload and restored into a fresh manager, gives the same `state()`, the same words and the
/// same next budget as the original.
#[test]
fn snapshot_restore_gives_identical_state_and_next_budget_for_every_manager() {
    let mut checked = 0;
    for m in schema() {
        let spec: TmSpec = m.name.parse().unwrap();
        for clock in [800.0, 10_000.0, 60_000.0, 900_000.0] {
            for inc in [0.0, 2_000.0] {
                for plies in [0u32, 1, 7, 40] {
                    for mtg in [None, Some(20)] {
                        let mut tm = spec.build();
                        tm.new_game();
                        let mut left = clock;
                        for ply in 0..plies {
                            let ctx = MoveContext::new(left, inc, ply).with_movestogo(mtg);
                            let b = tm.begin_move(&ctx.with_reused_nodes(u64::from(ply) * 300));
                            let used = (b.soft_ms * 0.7).min(left * 0.5);
                            let mut end = MoveEnd::new(used, 10_000 + u64::from(ply) * 997);
                            end.final_score = Score::Cp(ply as i32 * 13 - 40);
                            end.final_avg_score = f64::from(ply) * 11.5 - 30.0;
                            tm.end_move(&end);
                            left = (left - used + inc).max(1.0);
                        }
                        let payload = TmSnapshot::take(&spec, tm.as_ref()).to_payload();
                        assert!(!payload.contains('\n'));
                        let snap = TmSnapshot::from_payload(&payload).unwrap();
                        assert_eq!(snap, TmSnapshot::take(&spec, tm.as_ref()), "{} payload", m.name);
                        let mut fresh = spec.build();
                        fresh.new_game();
                        snap.restore(&spec, fresh.as_mut()).unwrap();
                        assert_eq!(bits(&fresh.state()), bits(&tm.state()), "{} state", m.name);
                        let ctx =
                            MoveContext::new(left, inc, plies).with_movestogo(mtg).with_reused_nodes(500);
                        let (a, b) = (tm.begin_move(&ctx), fresh.begin_move(&ctx));
                        assert_eq!(
                            budget_bits(&a),
                            budget_bits(&b),
                            "{} next budget, clock {clock} ply {plies}",
                            m.name
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked >= 8 * 64, "{checked}");
}

#[test]
fn infinities_and_nan_round_trip_through_the_payload() {
    use crate::tm::state::{StateReader, StateWriter};
    let mut w = StateWriter::new();
    for x in [f64::INFINITY, f64::NEG_INFINITY, f64::NAN, -0.0, 1e300] {
        w.f64(x);
    }
    w.f32(f32::NAN);
    w.opt_f64(Some(f64::INFINITY));
    let snap = TmSnapshot { spec: "x".into(), words: w.into_words() };
    let back = TmSnapshot::from_payload(&snap.to_payload()).unwrap();
    assert_eq!(back, snap);
    let mut r = StateReader::new(back.words());
    assert_eq!(r.f64().unwrap(), f64::INFINITY);
    assert_eq!(r.f64().unwrap(), f64::NEG_INFINITY);
    assert!(r.f64().unwrap().is_nan());
    assert!(r.f64().unwrap().is_sign_negative());
    assert_eq!(r.f64().unwrap(), 1e300);
    assert!(r.f32("x").unwrap().is_nan());
    assert_eq!(r.opt_f64("x").unwrap(), Some(f64::INFINITY));
    r.finish().unwrap();
}

#[test]
fn bad_payloads_are_named_and_leave_the_manager_alone() {
    let spec: TmSpec = "lc0-legacy".parse().unwrap();
    let mut tm = spec.build();
    tm.new_game();
    let before = TmSnapshot::take(&spec, tm.as_ref());
    let other: TmSpec = "stockfish".parse().unwrap();
    let sf = other.build();
    let cases = [
        ("not json".to_string(), "malformed"),
        (r#"{"tm":"lc0-legacy","state":"12"}"#.to_string(), "16 hex digits"),
        (r#"{"tm":"lc0-legacy","state":""}"#.to_string(), "too short"),
        (TmSnapshot::take(&other, sf.as_ref()).to_payload(), "is for \"stockfish\""),
        (before.to_payload().replace("\"}", ".0000000000000000\"}"), "too long"),
        (
            // `first` must be 0 or 1.
            before.to_payload().replacen("0000000000000001", "0000000000000002", 1),
            "not valid for first",
        ),
    ];
    for (payload, want) in cases {
        let err = TmSnapshot::from_payload(&payload).and_then(|s| s.restore(&spec, tm.as_mut())).unwrap_err();
        assert!(err.to_string().contains(want), "{payload}: {err}");
        assert_eq!(TmSnapshot::take(&spec, tm.as_ref()), before);
    }
}

/// A payload of the right shape whose values are impossible (an infinite Stockfish `adj`, which
/// made `go wtime 1000` search forever; an infinite lc0-smooth nps, which made its budget NaN;
/// a NaN guide limit) is refused and leaves the manager alone.
#[test]
fn payloads_with_impossible_values_are_refused() {
    for (name, word, value) in [("stockfish", 1, f64::INFINITY.to_bits()), ("guide", 2, f64::NAN.to_bits())] {
        let spec: TmSpec = name.parse().unwrap();
        let mut tm = spec.build();
        tm.new_game();
        let b = tm.begin_move(&MoveContext::new(1_000.0, 0.0, 0));
        tm.end_move(&MoveEnd::new(b.soft_ms, 1000));
        let mut snap = TmSnapshot::take(&spec, tm.as_ref());
        let before = snap.clone();
        snap.words[word] = value;
        let err = snap.restore(&spec, tm.as_mut()).unwrap_err();
        assert!(err.to_string().starts_with("tm-state payload holds an impossible state"), "{name}: {err}");
        assert_eq!(TmSnapshot::take(&spec, tm.as_ref()), before, "{name}: unchanged");
    }
    let spec: TmSpec = "lc0-smooth".parse().unwrap();
    let mut tm = spec.build();
    tm.new_game();
    let mut snap = TmSnapshot::take(&spec, tm.as_ref());
    snap.words[1] = u64::from(f32::INFINITY.to_bits());
    let err = snap.restore(&spec, tm.as_mut()).unwrap_err();
    assert!(err.to_string().contains("is NaN"), "{err}");
}

fn request(searcher: SearchKind, moves: &[&str], time_ms: u64, control: &SearchControl) -> MoveRequest {
    let mut pos = Chess::default();
    let mut list = Vec::new();
    for u in moves {
        let m = u.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        pos.play_unchecked(m);
        list.push(m);
    }
    MoveRequest {
        searcher,
        start: Chess::default(),
        moves: list,
        clock: Some(UciView { time_ms, inc_ms: 500, movestogo: None }),
        movetime_ms: None,
        depth: None,
        nodes: None,
        max_visits: None,
        searchmoves: Vec::new(),
        ponder: false,
        open_ended: false,
        timer: Timer::virtual_nps(200_000.0),
        control: control.clone(),
        ponderhit_at_ms: None,
    }
}

fn budget_of(d: &mut MoveDriver, req: MoveRequest) -> Budget {
    let mut got = None;
    d.start(req, &mut |e| {
        if let Event::Budget(b) = e {
            got = Some(b.clone());
        }
    })
    .unwrap();
    got.expect("a budget at the start")
}

/// A dropped move leaves the manager as before it began, and the restarted move gets the
/// budget an undisturbed one gets, for both searchers (MCTS: with the undisturbed reuse).
#[test]
fn a_dropped_move_costs_nothing_and_the_restart_gets_the_undisturbed_budget() {
    for (searcher, spec) in [
        (SearchKind::AlphaBeta, "lc0-legacy"),
        (SearchKind::AlphaBeta, "stockfish"),
        (SearchKind::Mcts, "lc0-smooth"),
    ] {
        let drivers = || MoveDriver::new(spec.parse().unwrap(), 4, MctsParams::default());
        let (mut undisturbed, mut dropped) = (drivers(), drivers());
        let c = SearchControl::new();
        for d in [&mut undisturbed, &mut dropped] {
            let first = d.run(request(searcher, &[], 2_000, &c), &mut |_| {}).unwrap();
            assert!(!first.dropped);
        }
        let reply = ["e2e4", "e7e5"];
        let reference = budget_of(&mut undisturbed, request(searcher, &reply, 60_000, &c));
        let state = dropped.snapshot();
        let cancel = SearchControl::new();
        let b1 = budget_of(&mut dropped, request(searcher, &reply, 60_000, &cancel));
        assert_eq!(budget_bits(&b1), budget_bits(&reference), "{spec}");
        if searcher == SearchKind::Mcts {
            assert!(dropped.step(16, &mut |_| {}).is_none(), "MCTS searches in slices");
        }
        cancel.cancel();
        let out = dropped.step(16, &mut |_| {}).unwrap().unwrap();
        assert!(out.dropped, "{spec}");
        assert_eq!(dropped.snapshot(), state, "{spec}: the manager is as before the move");
        let b2 = budget_of(&mut dropped, request(searcher, &reply, 60_000, &SearchControl::new()));
        assert_eq!(budget_bits(&b2), budget_bits(&reference), "{spec}: the restart's budget");
    }
}
