//! Resuming a sweep or a tune from its records: the lines of a `--resume` journal natively, the
//! saved records of the Sweep and Tune views in the browser (both sealed by
//! [`super::journal`]). One rule for both: every record is checked against the plan, a bad one
//! is a [`Damage`] that costs that record only (its game or iteration is played again), and
//! everything else is kept.
//!
//! A sweep's record is one finished game, `{"value": i, "game": GameScore}`; a tune's is one
//! finished iteration ([`SpsaIteration`]). An iteration depends on the ones before it, so a
//! tune keeps the records after a missing one aside ([`TuneResumed::held`]): once the missing
//! iteration is played again (on the virtual clock, to the same result), each held record is
//! taken as it comes due if it still follows ([`take_held`]).

use crate::error::FieldError;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::journal::Damage;
use super::scaling::ScalingPlan;
use super::spsa::SpsaIteration;
use super::sweep::SweepPlan;
use super::tune::TunePlan;
use crate::excerpt::excerpt_n;
use crate::play::match_::{GameScore, MatchConfig};

/// One finished game of a sweep (value `value`'s game `game.index`) or of a scaling (control
/// `value`'s game).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SweepRecord {
    /// The value's index in the sweep's values.
    pub value: usize,
    /// The game.
    pub game: GameScore,
}

/// A sweep's finished games recovered from its records.
#[derive(Clone, Debug, Serialize)]
pub struct SweepResumed {
    /// `scores[i][g]`: value `i`'s game `g`, if recorded.
    pub scores: Vec<Vec<Option<GameScore>>>,
    /// Records kept.
    pub kept: usize,
    /// Records refused, each with its position and why.
    pub damaged: Vec<Damage>,
}

/// Why a decoded record is refused (serde's message, kept short).
fn undecodable(what: &str, e: &serde_json::Error) -> String {
    format!("not {what} ({})", excerpt_n(&e.to_string(), 120))
}

/// The games of `plan` recorded in `records` (`(position, record)`), each checked.
pub fn sweep_resume(plan: &SweepPlan, records: &[(usize, Value)]) -> SweepResumed {
    points_resume(plan.spec.values.len(), plan.games(), "value", records)
}

/// The games of a scaling's controls recorded in `records`, each checked (the same record as a
/// sweep's: `value` is the control's index).
pub fn scaling_resume(plan: &ScalingPlan, records: &[(usize, Value)]) -> SweepResumed {
    points_resume(plan.spec.tcs.len(), plan.games(), "control", records)
}

/// The games of `n` measured points of `games` games each (`what` names a point in messages).
fn points_resume(n: usize, games: u32, what: &str, records: &[(usize, Value)]) -> SweepResumed {
    let mut scores: Vec<Vec<Option<GameScore>>> = vec![vec![None; games as usize]; n];
    let mut first_line = vec![vec![0usize; games as usize]; n];
    let mut damaged = Vec::new();
    let mut kept = 0;
    for (line, v) in records {
        let r: SweepRecord = match serde_json::from_value(v.clone()) {
            Ok(r) => r,
            Err(e) => {
                damaged.push(Damage::new(*line, undecodable("a game record", &e)));
                continue;
            }
        };
        let g = r.game.index;
        let why = if r.value >= n {
            format!("it names {what} {}, but there are {n} {what}s", r.value)
        } else if g >= games {
            format!("it names game {}, but each {what} plays {games}", g + 1)
        } else if r.game.a_white != MatchConfig::a_is_white(g) {
            format!("its colours are not game {}'s", g + 1)
        } else if scores[r.value][g as usize].is_some() {
            format!(
                "a second record of {what} {}'s game {} (line {} is kept)",
                r.value + 1,
                g + 1,
                first_line[r.value][g as usize]
            )
        } else {
            scores[r.value][g as usize] = Some(r.game);
            first_line[r.value][g as usize] = *line;
            kept += 1;
            continue;
        };
        damaged.push(Damage::new(*line, why));
    }
    SweepResumed { scores, kept, damaged }
}

/// A tune's finished iterations recovered from its records.
#[derive(Clone, Debug, Serialize)]
pub struct TuneResumed {
    /// Iterations 1 … k, each checked to follow from the ones before.
    pub history: Vec<SpsaIteration>,
    /// Intact records of iterations after a missing one, by iteration (`(position, record)`):
    /// taken as they come due ([`take_held`]).
    pub held: Vec<(usize, SpsaIteration)>,
    /// Records refused, each with its position and why.
    pub damaged: Vec<Damage>,
}

/// Whether `rec` is iteration `k` played from the values `theta`: the same step (flips, gains,
/// both players' values), a full iteration of games, and the update its result gives.
///
/// # Errors
/// What differs.
pub fn check_iteration(
    plan: &TunePlan,
    theta: &[f64],
    k: u32,
    rec: &SpsaIteration,
) -> Result<(), FieldError> {
    let cfg = &plan.cfg;
    let step = cfg.step(theta, k);
    if rec.step != step {
        return Err(FieldError::message(format!(
            "iteration {k} does not follow from the iterations before it (its step differs: another tune's record, or edited)"
        )));
    }
    let played = u64::from(rec.wins) + u64::from(rec.losses) + u64::from(rec.draws);
    if played != u64::from(2 * cfg.pairs_per) {
        return Err(FieldError::message(format!(
            "iteration {k} scores {played} games, but an iteration plays {}",
            2 * cfg.pairs_per
        )));
    }
    if rec.theta != cfg.update(theta, &step, rec.wins, rec.losses) {
        return Err(FieldError::message(format!("iteration {k}'s values are not what its result gives")));
    }
    Ok(())
}

/// The iterations of `plan` recorded in `records` (`(position, record)`, any order).
pub fn tune_resume(plan: &TunePlan, records: &[(usize, Value)]) -> TuneResumed {
    let n = plan.cfg.iterations;
    let mut damaged = Vec::new();
    let mut by_k: Vec<(usize, SpsaIteration)> = Vec::new();
    for (line, v) in records {
        match serde_json::from_value::<SpsaIteration>(v.clone()) {
            Ok(r) if r.step.k == 0 || r.step.k > n => damaged.push(Damage::new(
                *line,
                format!("it names iteration {}, but the tune has 1 … {n}", r.step.k),
            )),
            Ok(r) => match by_k.iter().find(|(_, x)| x.step.k == r.step.k) {
                Some((first, _)) => damaged.push(Damage::new(
                    *line,
                    format!("a second record of iteration {} (line {first} is kept)", r.step.k),
                )),
                None => by_k.push((*line, r)),
            },
            Err(e) => damaged.push(Damage::new(*line, undecodable("a tune iteration record", &e))),
        }
    }
    by_k.sort_by_key(|(_, r)| r.step.k);
    let mut history = Vec::new();
    let mut theta = plan.cfg.start();
    let mut rest = by_k.into_iter().peekable();
    while let Some((line, r)) = rest.next_if(|(_, r)| r.step.k == history.len() as u32 + 1) {
        let k = r.step.k;
        match check_iteration(plan, &theta, k, &r) {
            Ok(()) => {
                theta = r.theta.clone();
                history.push(r);
            }
            Err(why) => {
                damaged.push(Damage::new(line, why));
                break;
            }
        }
    }
    damaged.sort_by_key(|d| d.line);
    TuneResumed { history, held: rest.collect(), damaged }
}

/// Iteration `k`'s held record, if there is one and it follows from `theta` (removed from
/// `held` either way).
///
/// # Errors
/// The held record of iteration `k` does not follow: it is dropped and the iteration is played.
pub fn take_held(
    plan: &TunePlan,
    theta: &[f64],
    k: u32,
    held: &mut Vec<(usize, SpsaIteration)>,
) -> Result<Option<SpsaIteration>, Damage> {
    held.retain(|(_, r)| r.step.k >= k);
    match held.first() {
        Some((_, r)) if r.step.k == k => {
            let (line, r) = held.remove(0);
            check_iteration(plan, theta, k, &r).map(|()| Some(r)).map_err(|why| Damage::new(line, why))
        }
        _ => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::sweep::SweepSpec;
    use crate::experiment::tune::TuneSpec;
    use crate::play::match_spec::MatchSpec;
    use crate::play::stats::Outcome;

    fn tune_plan() -> TunePlan {
        let base = MatchSpec {
            a: "lc0-legacy(slowmover=0.5)".into(),
            b: "lc0-legacy".into(),
            games: 12,
            ..MatchSpec::default()
        };
        TuneSpec {
            params: vec!["slowmover".into(), "steepness".into()],
            c_end: vec![],
            r_end: vec![],
            pairs_per: 1,
            base,
        }
        .plan()
        .unwrap()
    }

    /// A tune's records as a run would write them, with made-up results.
    fn iterations(plan: &TunePlan) -> Vec<SpsaIteration> {
        let mut theta = plan.cfg.start();
        (1..=plan.cfg.iterations)
            .map(|k| {
                let step = plan.cfg.step(&theta, k);
                let (wins, losses) = [(2, 0), (0, 1), (1, 1), (0, 2)][k as usize % 4];
                theta = plan.cfg.update(&theta, &step, wins, losses);
                SpsaIteration { step, wins, losses, draws: 2 - wins - losses, theta: theta.clone() }
            })
            .collect()
    }

    fn lines(its: &[SpsaIteration]) -> Vec<(usize, Value)> {
        its.iter().enumerate().map(|(i, r)| (i + 2, serde_json::to_value(r).unwrap())).collect()
    }

    #[test]
    fn a_tune_resumes_every_iteration_through_text_exactly() {
        let plan = tune_plan();
        let its = iterations(&plan);
        // Through the sealed text, as a journal holds them.
        let text: String = its.iter().map(|r| super::super::journal::seal(r).unwrap() + "\n").collect();
        let (records, damaged) = super::super::journal::read(&text);
        assert!(damaged.is_empty());
        let r = tune_resume(&plan, &records);
        assert!(r.damaged.is_empty(), "{:?}", r.damaged);
        assert_eq!(r.history, its);
    }

    #[test]
    fn a_missing_iteration_holds_the_later_ones_until_it_is_played_again() {
        let plan = tune_plan();
        let its = iterations(&plan);
        let mut recs = lines(&its);
        recs.remove(2); // iteration 3
        let mut r = tune_resume(&plan, &recs);
        assert_eq!(r.history.len(), 2);
        assert_eq!(r.held.len(), 3);
        // Iteration 3 is played again (same result on the virtual clock): 4 … 6 are taken.
        let theta = its[2].theta.clone();
        assert_eq!(take_held(&plan, &theta, 4, &mut r.held).unwrap().as_ref(), Some(&its[3]));
        assert_eq!(take_held(&plan, &its[3].theta, 5, &mut r.held).unwrap().as_ref(), Some(&its[4]));
        // A different result for 5 would make 6 stale: it is refused, named by its line.
        let d = take_held(&plan, &its[3].theta, 6, &mut r.held).unwrap_err();
        assert_eq!(d.line, 7);
        assert!(d.why.contains("does not follow"), "{d:?}");
    }

    #[test]
    fn edited_and_foreign_tune_records_are_refused_alone() {
        let plan = tune_plan();
        let its = iterations(&plan);
        let mut recs = lines(&its);
        recs[1].1["wins"] = Value::from(9);
        recs[4].1["theta"][0] = Value::from(1.25);
        recs.push((99, serde_json::json!({"k": 1})));
        recs.push((100, serde_json::to_value(&its[0]).unwrap()));
        let r = tune_resume(&plan, &recs);
        assert_eq!(r.history.len(), 1);
        let why: Vec<(usize, &str)> = r.damaged.iter().map(|d| (d.line, d.why.as_str())).collect();
        assert_eq!(why[0], (3, "iteration 2 scores 10 games, but an iteration plays 2"));
        assert!(why[1].1.starts_with("not a tune iteration record"), "{why:?}");
        assert_eq!(why[2], (100, "a second record of iteration 1 (line 2 is kept)"));
        assert_eq!(r.held.len(), 4, "iterations 3 … 6 wait for iteration 2");
    }

    #[test]
    fn sweep_records_are_checked_one_by_one() {
        let base = MatchSpec {
            a: "lc0-legacy".into(),
            b: "stockfish".into(),
            tc_a: "1+0.01".into(),
            games: 2,
            ..MatchSpec::default()
        };
        let plan = SweepSpec { param: "slowmover".into(), values: vec![0.5, 1.5], base }.plan().unwrap();
        let score = |index: u32| {
            GameScore {
            index,
            outcome_a: Outcome::Win,
            a_white: MatchConfig::a_is_white(index),
            termination: None,
            usage_a: serde_json::from_value(serde_json::json!({"share_by_20": null, "share_by_40": null, "time_left_ms": 1.0, "time_trouble": false, "timeout": false, "used_over_allocated": null, "latency_ms": null, "moves": 3})).unwrap(),
            usage_b: serde_json::from_value(serde_json::json!({"share_by_20": null, "share_by_40": null, "time_left_ms": 1.0, "time_trouble": false, "timeout": false, "used_over_allocated": null, "latency_ms": null, "moves": 3})).unwrap(),
            overshoot: [0.0, 0.0],
        }
        };
        let rec = |value: usize, g: u32| serde_json::to_value(SweepRecord { value, game: score(g) }).unwrap();
        let mut wrong_colour = rec(1, 1);
        wrong_colour["game"]["a_white"] = Value::Bool(MatchConfig::a_is_white(0));
        let records = vec![
            (2, rec(0, 0)),
            (3, rec(0, 1)),
            (4, rec(2, 0)),
            (5, rec(1, 5)),
            (6, rec(0, 1)),
            (7, wrong_colour),
            (8, Value::from("x")),
            (9, rec(1, 0)),
        ];
        let r = sweep_resume(&plan, &records);
        assert_eq!(r.kept, 3);
        assert!(r.scores[0][0].is_some() && r.scores[0][1].is_some() && r.scores[1][0].is_some());
        assert!(r.scores[1][1].is_none());
        let lines: Vec<usize> = r.damaged.iter().map(|d| d.line).collect();
        assert_eq!(lines, [4, 5, 6, 7, 8]);
        assert_eq!(r.damaged[2].why, "a second record of value 1's game 2 (line 3 is kept)");
    }
}
