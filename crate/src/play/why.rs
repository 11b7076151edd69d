//! Why an engine search stopped when it did, in one sentence with its numbers: built from the
//! stop reason, the budget and the effective soft limit the manager was really using (its
//! factors named and explained by the glossary), so the Play view can say after every engine
//! move, for example, "Stopped at 2.15 s, at the end of an iteration past the soft limit: the
//! in-search factors shrank it to 2.05 s from the 5.40 s optimum, mostly because the best move
//! had been stable for several iterations (best-move stability ×0.50)."

use super::engine::Thought;
use crate::stop::{EffectiveLimit, LimitTerm, StopReason};
use crate::tm::glossary;

/// A time in seconds: two decimals under 10 s, one above (`0.25 s`, `5.4 s`); `∞` for none.
fn s(ms: f64) -> String {
    if !ms.is_finite() {
        "∞".into()
    } else if ms < 10_000.0 {
        format!("{:.2} s", ms / 1000.0)
    } else {
        format!("{:.1} s", ms / 1000.0)
    }
}

/// A factor counts as moving the limit when it differs from 1 by more than this.
const NEUTRAL: f64 = 0.005;

/// The factor that moved the soft limit most (largest |ln f|), if any moved it.
fn main_factor(factors: &[LimitTerm]) -> Option<&LimitTerm> {
    factors
        .iter()
        .filter(|t| t.value.is_finite() && t.value > 0.0 && (t.value - 1.0).abs() > NEUTRAL)
        .max_by(|a, b| a.value.ln().abs().total_cmp(&b.value.ln().abs()))
}

/// What a factor's value says about the search, for the in-search factors whose direction has
/// a plain reading: `(manager, key, below 1, above 1)`.
const READINGS: [(&str, &str, &str, &str); 7] = [
    ("stockfish", "falling_eval", "the score did not fall", "the score fell"),
    (
        "stockfish",
        "reduction",
        "the best move had been stable for several iterations",
        "the best move changed recently",
    ),
    ("stockfish", "instability", "", "the best move changed during the last iterations"),
    ("stockfish", "nodes_effort", "the best move took most of the nodes", ""),
    ("guide", "pv", "the best move stayed the same", ""),
    ("guide", "score", "the score rose", "the score fell"),
    ("guide", "node", "most nodes went to the best move", "the nodes were spread over several moves"),
];

/// `mostly because the best move had been stable … (best-move stability ×0.62)`, else the
/// factor with the glossary's label and meaning for `manager`, else the limit's own label.
fn factor_words(t: &LimitTerm, manager: &str) -> String {
    let entry = glossary::lookup(manager, &t.key);
    let label = entry.map_or(t.label.as_str(), |e| e.label);
    let reading = READINGS
        .iter()
        .find(|(m, k, _, _)| *m == manager && *k == t.key)
        .map(|(_, _, below, above)| if t.value < 1.0 { *below } else { *above })
        .filter(|r| !r.is_empty());
    match (reading, entry) {
        (Some(r), _) => format!("mostly because {r} ({label} ×{:.2})", t.value),
        (None, Some(e)) => format!("mostly {label} ×{:.2} ({})", t.value, e.meaning),
        (None, None) => format!("mostly {label} ×{:.2}", t.value),
    }
}

/// The clause on a soft limit that in-search factors moved: `the in-search factors shrank it
/// to 2.00 s from the 5.40 s optimum, mostly …`.
fn moved_limit(l: &EffectiveLimit, manager: &str) -> Option<String> {
    let (base, factors) = l.terms.split_first()?;
    if factors.is_empty() {
        return None;
    }
    let product = factors.iter().fold(base.value, |p, t| p * t.value);
    let capped = l.cap_ms.is_some_and(|c| product > c && l.soft_ms >= c);
    let verb = if l.soft_ms < base.value * (1.0 - NEUTRAL) {
        "shrank it"
    } else if l.soft_ms > base.value * (1.0 + NEUTRAL) {
        "grew it"
    } else {
        "kept it"
    };
    let base_label = glossary::lookup(manager, &base.key).map_or(base.label.as_str(), |e| e.label);
    let mut out =
        format!("the in-search factors {verb} to {} from the {} {base_label}", s(l.soft_ms), s(base.value));
    if capped {
        out.push_str(&format!(" (capped at {})", s(l.cap_ms.unwrap_or(l.soft_ms))));
    }
    match main_factor(factors) {
        Some(f) => out.push_str(&format!(", {}", factor_words(f, manager))),
        None => out.push_str(", every factor near 1"),
    }
    Some(out)
}

/// The sentence for an engine move that took `used_ms` (the time charged): why its search
/// stopped then. `mcts`: the searcher was MCTS (no iterations: limits are checked after every
/// batch). `manager`: the manager's canonical name, for the glossary.
pub fn stop_sentence(t: &Thought, used_ms: f64, mcts: bool, manager: &str) -> String {
    let at = s(used_ms);
    let soft = t.effective.as_ref().map_or(t.budget.soft_ms, |l| l.soft_ms);
    let hard = t.budget.hard_ms;
    let checked = if mcts { "checked after every batch" } else { "at the end of an iteration" };
    match t.stop_reason {
        StopReason::SoftLimit => match t.effective.as_ref().and_then(|l| moved_limit(l, manager)) {
            Some(why) => format!("Stopped at {at}, {checked} past the soft limit: {why}."),
            None => format!(
                "Stopped at {at}, {checked} past the soft limit of {}: this manager does not move it during a search (hard limit {}).",
                s(t.budget.soft_ms),
                s(hard)
            ),
        },
        StopReason::HardLimit => {
            let cut = if mcts { "was reached" } else { "cut the iteration short" };
            format!("Stopped at {at}: the hard limit of {} {cut} (the soft limit was {}).", s(hard), s(soft))
        }
        StopReason::Deadline => {
            format!(
                "Stopped at {at}: the manager's one deadline, {}, passed (it has no separate soft limit).",
                s(hard)
            )
        }
        StopReason::SmartPruning => format!(
            "Stopped at {at} of a {} budget: smart pruning, no other move could catch up with the best in the time left.",
            s(hard)
        ),
        StopReason::OnlyMove => {
            format!("Stopped at {at} of a {} soft limit: only one sensible move.", s(soft))
        }
        StopReason::ForcedWin => {
            format!("Stopped at {at} of a {} soft limit: a forced win was found.", s(soft))
        }
        StopReason::MateFound => {
            format!("Stopped at {at} of a {} soft limit: a short mate was found.", s(soft))
        }
        other => format!("Stopped at {at}: {}.", other.describe(mcts)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stop::{Budget, Score};

    fn thought(reason: StopReason, effective: Option<EffectiveLimit>) -> Thought {
        Thought {
            uci: "e2e4".into(),
            told: None,
            budget: Budget { soft_ms: 5400.0, hard_ms: 16_000.0, terms: Vec::new() },
            engine_ms: 2100.0,
            nodes: 1000,
            depth: 9,
            visits: None,
            score: Score::Cp(20),
            reused_nodes: 0,
            stop_reason: reason,
            pondered_ms: None,
            effective,
        }
    }

    fn stockfish_limit(reduction: f64) -> EffectiveLimit {
        let b = Budget { soft_ms: 5400.0, hard_ms: 16_000.0, terms: Vec::new() };
        let t = LimitTerm::new;
        EffectiveLimit::product(
            &b,
            t("optimum", "optimum", 5400.0),
            vec![
                t("falling_eval", "falling", 1.0),
                t("reduction", "reduction", reduction),
                t("instability", "instability", 1.077),
                t("nodes_effort", "nodes effort", 0.838),
            ],
            Some(16_000.0),
        )
    }

    #[test]
    fn a_stockfish_soft_stop_names_the_factor_that_moved_the_limit_most() {
        let l = stockfish_limit(0.5);
        let soft = l.soft_ms;
        let text = stop_sentence(&thought(StopReason::SoftLimit, Some(l)), 2150.0, false, "stockfish");
        assert!(
            text.starts_with("Stopped at 2.15 s, at the end of an iteration past the soft limit"),
            "{text}"
        );
        assert!(text.contains(&format!("shrank it to {} from the 5.40 s optimum", s(soft))), "{text}");
        assert!(
            text.ends_with("mostly because the best move had been stable for several iterations (best-move stability ×0.50)."),
            "{text}"
        );
        let grown = stop_sentence(
            &thought(StopReason::SoftLimit, Some(stockfish_limit(3.0))),
            9000.0,
            false,
            "stockfish",
        );
        assert!(
            grown.contains("grew it to")
                && grown.contains("because the best move changed recently (best-move stability ×3.00)"),
            "{grown}"
        );
        // A factor without a plain reading is named with the glossary's meaning.
        let mut l = stockfish_limit(1.0);
        l.terms[2].key = "nodes_effort".into();
        l.terms[2].value = 1.5;
        let other = stop_sentence(&thought(StopReason::SoftLimit, Some(l)), 2000.0, false, "stockfish");
        assert!(
            other.contains("mostly node effort ×1.50 (less time when the best move took most of the nodes)"),
            "{other}"
        );
        let capped = stockfish_limit(4.0);
        assert_eq!(capped.soft_ms, 16_000.0);
        let c = stop_sentence(&thought(StopReason::SoftLimit, Some(capped)), 16_100.0, false, "stockfish");
        assert!(c.contains("(capped at 16.0 s)"), "{c}");
    }

    #[test]
    fn managers_that_keep_their_soft_limit_say_so() {
        let b = Budget { soft_ms: 5400.0, hard_ms: 16_000.0, terms: Vec::new() };
        let t = thought(StopReason::SoftLimit, Some(EffectiveLimit::base(&b)));
        let text = stop_sentence(&t, 5600.0, false, "lc0-legacy");
        assert_eq!(
            text,
            "Stopped at 5.60 s, at the end of an iteration past the soft limit of 5.40 s: this manager does not move it during a search (hard limit 16.0 s)."
        );
        let m = stop_sentence(&thought(StopReason::SoftLimit, None), 5600.0, true, "lc0-legacy");
        assert!(m.contains("checked after every batch"), "{m}");
    }

    #[test]
    fn every_reason_gets_a_sentence_with_the_time() {
        for r in StopReason::ALL {
            for mcts in [false, true] {
                let text = stop_sentence(&thought(r, None), 1234.0, mcts, "stockfish");
                assert!(text.starts_with("Stopped at 1.23 s"), "{r:?}: {text}");
                assert!(text.ends_with('.'), "{r:?}: {text}");
            }
        }
        let h = stop_sentence(&thought(StopReason::HardLimit, None), 16_050.0, false, "stockfish");
        assert_eq!(
            h,
            "Stopped at 16.1 s: the hard limit of 16.0 s cut the iteration short (the soft limit was 5.40 s)."
        );
        let sp = stop_sentence(&thought(StopReason::SmartPruning, None), 800.0, true, "lc0-legacy");
        assert!(sp.contains("of a 16.0 s budget: smart pruning"), "{sp}");
    }
}
