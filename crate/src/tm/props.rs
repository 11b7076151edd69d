//! Property tests over every manager (issue 3 §6): random clocks (0 ms … 10 h), increments,
//! movestogo 1…100, ply 0…400 and random in-range parameters; 300-move simulated games; and
//! the no-flag matrix of the default presets.

use proptest::prelude::*;

use super::common::EXCEEDS_CLOCK;
use super::params::tests::props::token;
use super::simulate::{SimConfig, simulate};
use super::{MoveContext, TimeManager, TmSpec, schema};
use crate::clock::TimeControl;
use crate::stop::{Budget, Hints, SearchStats};

/// Ten hours in ms.
const TEN_HOURS_MS: f64 = 36_000_000.0;

/// A manager spec with random in-range values for every parameter (`xs` in [0, 1)).
fn random_spec(name: &str, xs: &[f64]) -> TmSpec {
    let m = schema().into_iter().find(|m| m.name == name).expect("manager in schema");
    let mut s: TmSpec = name.parse().expect("default spec");
    for (i, p) in m.params.iter().enumerate() {
        let t = token(p, xs[i % xs.len()]);
        s.set(&p.path, &t).unwrap_or_else(|e| panic!("{name} {}: {e}", p.path));
    }
    s
}

/// The budget invariants: finite, 0 ≤ soft ≤ hard, and the hard stop within clock − overhead
/// unless a warning term says otherwise (never for the lc0 managers).
fn check_budget(tm: &dyn TimeManager, ctx: &MoveContext, b: &Budget) -> Result<(), TestCaseError> {
    prop_assert!(b.soft_ms.is_finite() && b.hard_ms.is_finite(), "{}: {b:?}", tm.name());
    prop_assert!(0.0 <= b.soft_ms && b.soft_ms <= b.hard_ms, "{}: {b:?}", tm.name());
    for t in &b.terms {
        prop_assert!(t.value.is_finite(), "{}: term {} = {}", tm.name(), t.name, t.value);
    }
    let o = tm.overhead_ms();
    let clock = ctx.clock_ms;
    // The guide compares elapsed + overhead with its limits: its hard stop comes O earlier.
    let hard_stop = if tm.name() == "guide" { b.hard_ms - o } else { b.hard_ms };
    let warned = b.terms.iter().any(|t| t.name == EXCEEDS_CLOCK && t.warning.is_some());
    if clock > o && hard_stop > clock - o {
        prop_assert!(
            warned,
            "{}: hard {} past clock {clock} − {o} without a warning: {b:?}",
            tm.name(),
            b.hard_ms
        );
    }
    if tm.name().starts_with("lc0-") {
        prop_assert!(!warned, "{}: lc0 managers never pass clock − O: {b:?}", tm.name());
    }
    Ok(())
}

fn check_state(tm: &dyn TimeManager) -> Result<(), TestCaseError> {
    for t in tm.state() {
        prop_assert!(t.value.is_finite(), "{}: state {} = {}", tm.name(), t.name, t.value);
    }
    Ok(())
}

fn budget_property(
    name: &str,
    xs: &[f64],
    clock: f64,
    inc: f64,
    mtg: Option<u32>,
    ply: u32,
) -> Result<(), TestCaseError> {
    let spec = random_spec(name, xs);
    let mut tm = spec.build();
    tm.new_game();
    let ctx = MoveContext::new(clock, inc, ply).with_movestogo(mtg);
    let b = tm.begin_move(&ctx);
    check_budget(tm.as_ref(), &ctx, &b).map_err(|e| TestCaseError::fail(format!("{spec}: {e}")))?;
    // The first poll and end of the move keep the state finite.
    let visits = [10u64, 5, 1];
    let stats = SearchStats {
        elapsed_ms: b.soft_ms,
        since_first_batch_ms: b.soft_ms,
        nodes_this_move: 16,
        total_nodes: 16,
        batches: 1,
        root_visits: &visits,
        ..Default::default()
    };
    let mut hints = Hints::reset(16);
    tm.poll(&stats, &mut hints);
    prop_assert!(!hints.remaining_ms.is_nan() && !hints.remaining_playouts.is_nan());
    tm.end_move(&super::MoveEnd::new(b.soft_ms, 16));
    check_state(tm.as_ref())
}

fn game_property(name: &str, xs: &[f64], tc: &TimeControl, cfg: &SimConfig) -> Result<(), TestCaseError> {
    let spec = random_spec(name, xs);
    let mut tm = spec.build();
    let sim = simulate(tm.as_mut(), tc, cfg).map_err(|e| TestCaseError::fail(e.to_string()))?;
    for r in &sim.rows {
        let ctx = MoveContext::new(r.told_ms, r.inc_ms, r.ply).with_movestogo(r.movestogo);
        let b = Budget { soft_ms: r.soft_ms, hard_ms: r.hard_ms, terms: r.terms.clone() };
        check_budget(tm.as_ref(), &ctx, &b)
            .map_err(|e| TestCaseError::fail(format!("{spec} at {tc}, move {}: {e}", r.move_no)))?;
        prop_assert!(r.used_ms.is_finite() && r.clock_after_ms.is_finite());
    }
    check_state(tm.as_ref()).map_err(|e| TestCaseError::fail(format!("{spec} at {tc}: {e}")))
}

fn arb_tc() -> impl Strategy<Value = TimeControl> {
    (1u64..3_600_000, 0u64..30_000, prop_oneof![Just(None), (1u32..100).prop_map(Some)]).prop_map(
        |(base, inc, moves)| {
            let s = match moves {
                Some(m) => format!("{m}/{}+{}", base as f64 / 1000.0, inc as f64 / 1000.0),
                None => format!("{}+{}", base as f64 / 1000.0, inc as f64 / 1000.0),
            };
            s.parse().expect("generated control parses")
        },
    )
}

fn arb_sim() -> impl Strategy<Value = SimConfig> {
    (0.0f64..2.0, 100.0f64..1e6, 0.0f64..=1.0).prop_map(|(use_frac, nps, reuse)| SimConfig {
        moves: 300,
        use_frac,
        nps,
        reuse,
    })
}

/// Every registered manager, by name (the registry is the only list).
fn managers() -> Vec<&'static str> {
    super::registry::names()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]
    /// Each case runs every registered manager on the same random move.
    #[test]
    fn budgets_are_sane(
        xs in proptest::collection::vec(0.0f64..1.0, 40),
        clock in prop_oneof![Just(0.0), 0.0f64..1000.0, 0.0f64..TEN_HOURS_MS],
        inc in prop_oneof![Just(0.0), 0.0f64..60_000.0],
        mtg in prop_oneof![Just(None), (1u32..=100).prop_map(Some)],
        ply in 0u32..=400,
    ) {
        for name in managers() {
            budget_property(name, &xs, clock.floor(), inc.floor(), mtg, ply)?;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    /// Each case plays the same random game with every registered manager.
    #[test]
    fn games_stay_finite(xs in proptest::collection::vec(0.0f64..1.0, 40), tc in arb_tc(), cfg in arb_sim()) {
        for name in managers() {
            game_property(name, &xs, &tc, &cfg)?;
        }
    }
}

/// Issue 3: no flag with F = 1 for any manager's default preset at 1+0.01, 10+0.1, 60+0, 40/60
/// and 300+3, over 200 moves (400 plies). Exceptions that belong to the references:
/// `guide(preset=chunks)` flags after ~50–100 moves (the seed's lesson), and Stockfish at 60+0
/// would flag only at move 294 of a 300-move game (its 1 ms floor), beyond this horizon;
/// `koivisto` at 60+0 flags near move 81 (10 % of the clock per move, a 10 ms floor).
#[test]
fn default_presets_never_flag_at_f_1() {
    let cfg = SimConfig { moves: 200, ..SimConfig::default() };
    let mut specs: Vec<String> = schema().iter().map(|m| m.name.to_string()).collect();
    specs.push("lc0-smooth(preset=lc0)".into());
    for spec in &specs {
        for tc in ["1+0.01", "10+0.1", "60+0", "40/60", "300+3"] {
            let mut tm = super::from_spec(spec).unwrap();
            let sim = simulate(tm.as_mut(), &tc.parse().unwrap(), &cfg).unwrap();
            if spec == "koivisto" && tc == "60+0" {
                // Koivisto plans 2·t/20 = 10 % of the clock per move without increment and keeps
                // a 10 ms floor: after ~80 moves the clock (60 s·0.9^80 ≈ 13 ms) runs out.
                assert!(sim.flagged && sim.rows.len() > 75, "koivisto at 60+0: {}", sim.rows.len());
                continue;
            }
            assert!(!sim.flagged, "{spec} flags at {tc} on move {}", sim.rows.len());
            assert_eq!(sim.rows.len(), 200);
        }
    }
    let mut chunks = super::from_spec("guide(preset=chunks)").unwrap();
    let sim = simulate(chunks.as_mut(), &"60+0".parse().unwrap(), &cfg).unwrap();
    assert!(sim.flagged && sim.rows.len() <= 51, "fixed chunks run out after 50 moves");
}
