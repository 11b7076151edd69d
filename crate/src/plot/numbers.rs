//! The numbers a lesson's text says about its chart, computed when the lesson is shown.
//!
//! A lesson never types a number that describes a chart (a budget, a clock level, a ratio, a
//! count): it writes a placeholder such as
//! `{{= sim spec=stockfish tc=2+0.1 at=10 field=soft unit=ms}}`, and the page asks [`evaluate`]
//! for its text. The expression is the placeholder without its `{{= … }}`: a kind, then
//! `key=value` or `key="a value"` pairs.
//!
//! Kinds:
//! - `sim`: one side's simulated game ([`simulate_spec`]) with `spec`, `tc` and the usage model
//!   (`moves`, `use`, `reuse`, `nps`, as the allocation chart's); a `field` (`soft`, `hard`,
//!   `used`, `clock` before the move, `clock-after`, `reused` nodes, `move`, `movestogo`, or
//!   `term:NAME`, a term of
//!   the budget) read
//!   `at` one move, or over `from`…`to` with `stat` = `min`, `max`, `mean`, `argmin`, `argmax`
//!   (a move number), `count` (moves whose field is `eq`, `le` or `ge` a value), `first` (the
//!   first such move), or `flag` (the move that lost on time).
//! - `ratio`: the sum of `field` over `from`…`to` in one simulation (`spec`, `tc`) divided by the
//!   same sum in another (`over-spec`, `over-tc`, each defaulting to the first's).
//! - `budget`: the first budget of a fresh manager (`spec`), as `tmlab budget` gives it, for a
//!   `clock` and `inc` in ms at `ply` (default 0), with an optional `movestogo`, `ponder=true`
//!   and `reused` nodes (the tree the move starts with: after a ponder hit, the ponder tree);
//!   `field` = `soft`, `hard` or `term:NAME` (the live search charts start from such a budget).
//! - `moves-left`: lc0's estimate with `midpoint` and `steepness`, `at` a move, or `stat=min` /
//!   `argmin` / `max-share` (1 / the minimum: the largest share of the pool one move can get).
//!
//! Every kind takes `add` and `mul` (applied in that order: (v + add) · mul), a `unit` (`ms`,
//! `s`, `x` for a ratio, `%`, `moves`, `inc` for a clock in increments, or none) and `dp`
//! decimal places.

use crate::error::FieldError;
use crate::tm::simulate::{SimConfig, SimRow, Simulation, simulate_spec};

use super::curves::{MOVES_LEFT_LAST_MOVE, MovesLeftParams};

/// The expression's `key=value` pairs, in order.
type Attrs = Vec<(String, String)>;

/// Split `kind key=value key="a value"` into the kind and its pairs.
fn parse(expr: &str) -> Result<(String, Attrs), FieldError> {
    let expr = expr.trim();
    let (kind, mut rest) = expr.split_once(char::is_whitespace).unwrap_or((expr, ""));
    if kind.is_empty() {
        return Err(FieldError::new("", "an empty number placeholder", "sim, ratio, moves-left"));
    }
    let mut attrs = Vec::new();
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            break;
        }
        let eq = rest.find('=').ok_or_else(|| {
            FieldError::new("", format!("cannot read `{rest}`"), "key=value or key=\"a value\"")
        })?;
        let key = &rest[..eq];
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            return Err(FieldError::new("", format!("`{key}` is not a key"), "letters, digits and -"));
        }
        let after = &rest[eq + 1..];
        let (value, next) = if let Some(q) = after.strip_prefix('"') {
            let end = q
                .find('"')
                .ok_or_else(|| FieldError::message(format!("`{key}`'s value has no closing quote")))?;
            (&q[..end], &q[end + 1..])
        } else {
            let end = after.find(char::is_whitespace).unwrap_or(after.len());
            (&after[..end], &after[end..])
        };
        attrs.push((key.to_string(), value.to_string()));
        rest = next;
    }
    Ok((kind.to_string(), attrs))
}

/// Reads the pairs, refusing keys the kind does not take.
pub struct Args {
    kind: String,
    attrs: Attrs,
}

impl Args {
    /// The expression's kind (`sim`, `ratio`, …).
    pub fn kind(&self) -> &str {
        &self.kind
    }

    /// The value of `key`, if given.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.attrs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// `key`'s value as a finite number, if given.
    pub fn num(&self, key: &str) -> Result<Option<f64>, FieldError> {
        self.get(key)
            .map(|v| {
                v.parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite())
                    .ok_or_else(|| FieldError::message(format!("{key}={v} is not a number")))
            })
            .transpose()
    }

    /// `key`'s value as a whole number ≥ 0, if given.
    pub fn whole(&self, key: &str) -> Result<Option<u32>, FieldError> {
        self.num(key)?
            .map(|x| {
                (x >= 0.0 && x.fract() == 0.0 && x <= 100_000.0)
                    .then_some(x as u32)
                    .ok_or_else(|| FieldError::message(format!("{key}={x} must be a whole number ≥ 0")))
            })
            .transpose()
    }

    /// `key`'s value, or an error naming it.
    pub fn need(&self, key: &str) -> Result<&str, FieldError> {
        self.get(key).ok_or_else(|| FieldError::message(format!("`{}` needs {key}=…", self.kind)))
    }

    /// Refuses keys outside `allowed` (and the common `add`, `mul`, `unit`, `dp`).
    pub fn check(&self, allowed: &[&str]) -> Result<(), FieldError> {
        const COMMON: [&str; 4] = ["add", "mul", "unit", "dp"];
        for (k, _) in &self.attrs {
            if !allowed.contains(&k.as_str()) && !COMMON.contains(&k.as_str()) {
                return Err(FieldError::new(
                    k.as_str(),
                    format!("`{}` takes no `{k}`", self.kind),
                    allowed.iter().chain(COMMON.iter()).copied().collect::<Vec<_>>().join(", "),
                ));
            }
        }
        Ok(())
    }
}

/// The computed number and how to print it.
struct Value {
    v: f64,
    /// The increment of the row a clock was read at (for `unit=inc`).
    inc_ms: Option<f64>,
}

/// Evaluate one placeholder expression (without its braces) to the text the lesson shows.
pub fn evaluate(expr: &str) -> Result<String, FieldError> {
    evaluate_with(expr, &[], &|_| None)
}

/// [`evaluate`] with more kinds, computed by modules above this one (the engine build's
/// `tmlab::experiment::lesson_numbers`: match statistics and PGN replays): `more` names them
/// (for the error message) and `value` returns `None` for a kind it does not know.
pub fn evaluate_with(
    expr: &str,
    more: &[&str],
    value: &dyn Fn(&Args) -> Option<Result<f64, FieldError>>,
) -> Result<String, FieldError> {
    let (kind, attrs) = parse(expr)?;
    let a = Args { kind, attrs };
    let value = match a.kind.as_str() {
        "sim" => sim_value(&a)?,
        "ratio" => ratio_value(&a)?,
        "moves-left" => moves_left_value(&a)?,
        "budget" => budget_value(&a)?,
        other => match value(&a) {
            Some(v) => Value { v: v?, inc_ms: None },
            None => {
                let kinds = ["sim", "ratio", "budget", "moves-left"].iter().chain(more).copied();
                return Err(FieldError::new(
                    "",
                    format!("unknown number kind `{other}`"),
                    kinds.collect::<Vec<_>>().join(", "),
                ));
            }
        },
    };
    let v = (value.v + a.num("add")?.unwrap_or(0.0)) * a.num("mul")?.unwrap_or(1.0);
    format_value(v, value.inc_ms, a.get("unit").unwrap_or(""), a.whole("dp")?)
}

fn format_value(v: f64, inc_ms: Option<f64>, unit: &str, dp: Option<u32>) -> Result<String, FieldError> {
    let fixed = |x: f64, d: u32| {
        let s = format!("{x:.*}", d as usize);
        if s.starts_with('-') && s.trim_start_matches(['-', '0', '.']).is_empty() {
            s[1..].to_string()
        } else {
            s
        }
    };
    Ok(match unit {
        "" => fixed(v, dp.unwrap_or(0)),
        "ms" => format!("{} ms", fixed(v, dp.unwrap_or(0))),
        "s" => format!("{} s", fixed(v / 1000.0, dp.unwrap_or(1))),
        "x" => format!("×{}", fixed(v, dp.unwrap_or(2))),
        "%" => format!("{} %", fixed(100.0 * v, dp.unwrap_or(0))),
        "moves" => format!("{} moves", fixed(v, dp.unwrap_or(0))),
        "move" => format!("move {}", fixed(v, 0)),
        "inc" => {
            let inc = inc_ms.filter(|i| *i > 0.0).ok_or_else(|| {
                FieldError::message("unit=inc needs a clock read at a move with an increment")
            })?;
            format!("{} increments", fixed(v / inc, dp.unwrap_or(0)))
        }
        other => {
            return Err(FieldError::new(
                "",
                format!("unknown unit `{other}`"),
                "ms, s, x, %, moves, move, inc",
            ));
        }
    })
}

const SIM_KEYS: [&str; 15] = [
    "spec", "tc", "moves", "use", "reuse", "nps", "field", "at", "from", "to", "stat", "eq", "le", "ge",
    "over",
];

fn run_sim(a: &Args, spec: &str, tc: &str, last: u32) -> Result<Simulation, FieldError> {
    let base = SimConfig::default();
    let cfg = SimConfig {
        moves: a.whole("moves")?.unwrap_or(base.moves.max(last)),
        use_frac: a.num("use")?.unwrap_or(base.use_frac),
        nps: a.num("nps")?.unwrap_or(base.nps),
        reuse: a.num("reuse")?.unwrap_or(base.reuse),
    };
    simulate_spec(spec, tc, &cfg)
}

fn field_of(row: &SimRow, field: &str) -> Result<f64, FieldError> {
    Ok(match field {
        "soft" => row.soft_ms,
        "hard" => row.hard_ms,
        "used" => row.used_ms,
        "clock" => row.clock_before_ms,
        "clock-after" => row.clock_after_ms,
        "reused" => row.reused_nodes as f64,
        "move" => f64::from(row.move_no),
        "movestogo" => f64::from(row.movestogo.ok_or_else(|| {
            FieldError::message(format!("move {} has no movestogo (not a repeating control)", row.move_no))
        })?),
        _ => {
            let name = field.strip_prefix("term:").ok_or_else(|| {
                FieldError::new(
                    "field",
                    format!("unknown field `{field}`"),
                    "soft, hard, used, clock, clock-after, reused, move, movestogo, term:NAME",
                )
            })?;
            row.terms.iter().find(|t| t.name == name).map(|t| t.value).ok_or_else(|| {
                let names: Vec<&str> = row.terms.iter().map(|t| t.name).collect();
                FieldError::new(
                    "field",
                    format!("move {} has no term `{name}`", row.move_no),
                    names.join(", "),
                )
            })?
        }
    })
}

/// The rows `from`…`to` (inclusive) of a simulation.
fn rows(sim: &Simulation, from: u32, to: u32) -> Result<&[SimRow], FieldError> {
    let find = |mv: u32| sim.rows.iter().position(|r| r.move_no == mv);
    match (find(from), find(to)) {
        (Some(i), Some(j)) => Ok(&sim.rows[i..=j]),
        _ => Err(FieldError::message(format!(
            "{} at {} has no moves {from}…{to}: it has {} ({})",
            sim.manager,
            sim.tc,
            sim.rows.len(),
            if sim.flagged { "it lost on time" } else { "set moves=N for more" }
        ))),
    }
}

fn range(a: &Args) -> Result<(u32, u32), FieldError> {
    if let Some(at) = a.whole("at")? {
        if a.get("from").is_some() || a.get("to").is_some() {
            return Err(FieldError::message("give at=N or from=…/to=…, not both"));
        }
        return Ok((at, at));
    }
    let from = a.whole("from")?.unwrap_or(1);
    let to = a.whole("to")?.ok_or_else(|| FieldError::message(format!("`{}` needs at=N or to=N", a.kind)))?;
    if from == 0 || to < from {
        return Err(FieldError::message(format!("from={from} to={to}: moves count from 1 and to ≥ from")));
    }
    Ok((from, to))
}

fn sim_value(a: &Args) -> Result<Value, FieldError> {
    a.check(&SIM_KEYS)?;
    let spec = a.need("spec")?;
    let tc = a.need("tc")?;
    let stat = a.get("stat").unwrap_or("");
    if stat == "flag" {
        let sim = run_sim(a, spec, tc, a.whole("moves")?.unwrap_or(60))?;
        let row = sim.rows.last().filter(|_| sim.flagged).ok_or_else(|| {
            FieldError::message(format!("{spec} at {tc} does not lose on time in {} moves", sim.rows.len()))
        })?;
        return Ok(Value { v: f64::from(row.move_no), inc_ms: None });
    }
    let field = a.need("field")?;
    let (from, to) = range(a)?;
    let sim = run_sim(a, spec, tc, to)?;
    let rows = rows(&sim, from, to)?;
    let values = rows.iter().map(|r| field_of(r, field)).collect::<Result<Vec<_>, _>>()?;
    let pick = |better: fn(f64, f64) -> bool| {
        let mut best = 0;
        for (i, v) in values.iter().enumerate() {
            if better(*v, values[best]) {
                best = i;
            }
        }
        best
    };
    let test = || -> Result<Box<dyn Fn(f64) -> bool>, FieldError> {
        let tol = 1e-9;
        Ok(match (a.num("eq")?, a.num("le")?, a.num("ge")?) {
            (Some(x), None, None) => Box::new(move |v: f64| (v - x).abs() <= tol),
            (None, Some(x), None) => Box::new(move |v: f64| v <= x + tol),
            (None, None, Some(x)) => Box::new(move |v: f64| v >= x - tol),
            _ => return Err(FieldError::message(format!("stat={stat} needs one of eq=, le=, ge="))),
        })
    };
    let one = |i: usize| Value { v: values[i], inc_ms: Some(rows[i].inc_ms) };
    Ok(match stat {
        "" if from == to => one(0),
        "" => {
            return Err(FieldError::message(
                "from=…/to=… needs stat=min, max, mean, argmin, argmax, count or first",
            ));
        }
        "min" => one(pick(|v, b| v < b)),
        "max" => one(pick(|v, b| v > b)),
        "argmin" => Value { v: f64::from(rows[pick(|v, b| v < b)].move_no), inc_ms: None },
        "argmax" => Value { v: f64::from(rows[pick(|v, b| v > b)].move_no), inc_ms: None },
        "mean" => Value { v: values.iter().sum::<f64>() / values.len() as f64, inc_ms: None },
        "count" => {
            let t = test()?;
            Value { v: values.iter().filter(|v| t(**v)).count() as f64, inc_ms: None }
        }
        "first" => {
            let t = test()?;
            let i = values.iter().position(|v| t(*v)).ok_or_else(|| {
                FieldError::message(format!("no move {from}…{to} of {spec} at {tc} has that {field}"))
            })?;
            Value { v: f64::from(rows[i].move_no), inc_ms: None }
        }
        other => {
            return Err(FieldError::new(
                "stat",
                format!("unknown stat `{other}`"),
                "min, max, mean, argmin, argmax, count, first, flag",
            ));
        }
    })
}

fn ratio_value(a: &Args) -> Result<Value, FieldError> {
    a.check(&[
        "spec",
        "tc",
        "over-spec",
        "over-tc",
        "moves",
        "use",
        "reuse",
        "nps",
        "field",
        "at",
        "from",
        "to",
    ])?;
    let spec = a.need("spec")?;
    let tc = a.need("tc")?;
    let over_spec = a.get("over-spec").unwrap_or(spec);
    let over_tc = a.get("over-tc").unwrap_or(tc);
    if over_spec == spec && over_tc == tc {
        return Err(FieldError::message("`ratio` needs over-spec=… or over-tc=… different from spec/tc"));
    }
    let field = a.need("field")?;
    let (from, to) = range(a)?;
    let sum = |spec: &str, tc: &str| -> Result<f64, FieldError> {
        let sim = run_sim(a, spec, tc, to)?;
        rows(&sim, from, to)?.iter().map(|r| field_of(r, field)).sum()
    };
    let (top, bottom) = (sum(spec, tc)?, sum(over_spec, over_tc)?);
    if bottom == 0.0 {
        return Err(FieldError::message(format!("{over_spec} at {over_tc} sums to 0 {field}: no ratio")));
    }
    Ok(Value { v: top / bottom, inc_ms: None })
}

fn budget_value(a: &Args) -> Result<Value, FieldError> {
    a.check(&["spec", "clock", "inc", "ply", "movestogo", "ponder", "reused", "field"])?;
    let mut tm = crate::tm::from_spec(a.need("spec")?).map_err(|e| FieldError::message(e.to_string()))?;
    let clock = a.num("clock")?.ok_or_else(|| FieldError::message("`budget` needs clock=MS"))?;
    let inc = a.num("inc")?.unwrap_or(0.0);
    let mut ctx = crate::tm::MoveContext::new(clock, inc, a.whole("ply")?.unwrap_or(0))
        .with_movestogo(a.whole("movestogo")?)
        .with_reused_nodes(match a.num("reused")? {
            None => 0,
            Some(n) if n >= 0.0 && n.fract() == 0.0 && n <= 1e12 => n as u64,
            Some(n) => {
                return Err(FieldError::new(
                    "reused",
                    format!("reused={n}"),
                    "a whole number of nodes, 0 … 10¹²",
                ));
            }
        });
    ctx.ponder = match a.get("ponder") {
        None | Some("false") => false,
        Some("true") => true,
        Some(other) => return Err(FieldError::new("ponder", format!("ponder={other}"), "true, false")),
    };
    tm.new_game();
    let b = tm.begin_move(&ctx);
    let field = a.need("field")?;
    let v = match field {
        "soft" => b.soft_ms,
        "hard" => b.hard_ms,
        _ => {
            let name = field.strip_prefix("term:").ok_or_else(|| {
                FieldError::new("field", format!("unknown field `{field}`"), "soft, hard, term:NAME")
            })?;
            b.terms.iter().find(|t| t.name == name).map(|t| t.value).ok_or_else(|| {
                let names: Vec<&str> = b.terms.iter().map(|t| t.name).collect();
                FieldError::new("field", format!("the budget has no term `{name}`"), names.join(", "))
            })?
        }
    };
    if !v.is_finite() {
        return Err(FieldError::message(format!("the {field} is unlimited here")));
    }
    Ok(Value { v, inc_ms: None })
}

fn moves_left_value(a: &Args) -> Result<Value, FieldError> {
    a.check(&["midpoint", "steepness", "at", "stat"])?;
    let d = MovesLeftParams::default();
    let p = MovesLeftParams {
        midpoint: a.num("midpoint")?.unwrap_or(d.midpoint),
        steepness: a.num("steepness")?.unwrap_or(d.steepness),
    };
    p.validate()?;
    if let Some(at) = a.whole("at")? {
        if at == 0 {
            return Err(FieldError::message("at=0: moves count from 1"));
        }
        return Ok(Value { v: p.at_move(at), inc_ms: None });
    }
    let rows = p.rows();
    let min = rows.iter().min_by(|x, y| x.moves_left.total_cmp(&y.moves_left)).expect("rows");
    Ok(Value {
        v: match a
            .get("stat")
            .ok_or_else(|| FieldError::message("`moves-left` needs at=N or stat=min, argmin or max-share"))?
        {
            "min" => min.moves_left,
            "argmin" => {
                if min.r#move == MOVES_LEFT_LAST_MOVE {
                    return Err(FieldError::message(format!(
                        "the minimum is past move {MOVES_LEFT_LAST_MOVE}"
                    )));
                }
                f64::from(min.r#move)
            }
            "max-share" => 1.0 / min.moves_left,
            other => {
                return Err(FieldError::new("", format!("unknown stat `{other}`"), "min, argmin, max-share"));
            }
        },
        inc_ms: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_at_a_move_is_the_simulation_row() {
        let sim = simulate_spec("stockfish", "2+0.1", &SimConfig::default()).unwrap();
        assert_eq!(
            evaluate("sim spec=stockfish tc=2+0.1 at=1 field=soft unit=ms").unwrap(),
            format!("{} ms", sim.rows[0].soft_ms)
        );
        assert_eq!(evaluate("sim spec=stockfish tc=2+0.1 at=1 field=term:mtg").unwrap(), "50");
        assert_eq!(
            evaluate("sim spec=stockfish tc=2+0.1 at=1 field=term:mtg add=2 mul=150 unit=s").unwrap(),
            "7.8 s"
        );
    }

    #[test]
    fn counts_ratios_and_the_moves_left_minimum() {
        // Issue 23: at 2+0.1 with 150 ms overhead Stockfish reserves 150 × (50 + 2) ms, more than
        // it plans with: its optimum is 1 ms until originalTimeAdjust, recomputed while negative,
        // turns positive (the clock grows in this model: each move uses 1 ms and gains 100).
        let sf = "spec=\"stockfish(move-overhead=150)\" tc=2+0.1";
        assert_eq!(evaluate(&format!("sim {sf} from=1 to=60 field=soft stat=count eq=1")).unwrap(), "12");
        assert_eq!(evaluate(&format!("sim {sf} from=1 to=60 field=soft stat=first ge=2")).unwrap(), "13");
        assert!(
            evaluate(&format!("sim {sf} at=13 field=term:adj dp=3")).unwrap().parse::<f64>().unwrap() > 0.0
        );
        assert_eq!(evaluate("moves-left stat=argmin").unwrap(), "64");
        assert_eq!(evaluate("moves-left stat=min dp=1").unwrap(), "7.7");
        assert_eq!(evaluate("moves-left stat=max-share unit=%").unwrap(), "13 %");
        let r =
            evaluate("ratio spec=mediocre tc=8+0.08 over-tc=4+0.04 from=1 to=10 field=soft unit=x").unwrap();
        assert_eq!(r, "×2.00", "Mediocre's budgets scale with the clock");
    }

    #[test]
    fn a_fresh_budget_is_what_the_manager_gives() {
        let mut tm = crate::tm::from_spec("mediocre").unwrap();
        let b = tm.begin_move(&crate::tm::MoveContext::new(60_000.0, 600.0, 0));
        assert_eq!(
            evaluate("budget spec=mediocre clock=60000 inc=600 field=hard").unwrap(),
            format!("{}", b.hard_ms)
        );
        assert_eq!(
            evaluate("budget spec=mediocre clock=60000 inc=600 field=soft unit=ms").unwrap(),
            format!("{} ms", b.soft_ms)
        );
        assert!(
            evaluate("budget spec=mediocre clock=60000 field=nope")
                .unwrap_err()
                .to_string()
                .contains("allowed: soft")
        );
        // A move that starts with a tree at least as big as the smooth manager's target (a ponder
        // hit after a long ponder) gets no time: lc0 moves at once (lc0 #1585).
        let target = evaluate("budget spec=lc0-smooth clock=60000 inc=600 field=term:target").unwrap();
        let target: f64 = target.parse().unwrap();
        assert!(target > 0.0);
        let fresh = evaluate("budget spec=lc0-smooth clock=60000 inc=600 field=soft").unwrap();
        assert!(fresh.parse::<f64>().unwrap() > 0.0, "{fresh}");
        let hit = format!("budget spec=lc0-smooth clock=60000 inc=600 reused={} field=soft", target.ceil());
        assert_eq!(evaluate(&hit).unwrap(), "0");
        assert!(
            evaluate("budget spec=lc0-smooth clock=60000 reused=-1 field=soft")
                .unwrap_err()
                .to_string()
                .contains("reused")
        );
    }

    #[test]
    fn errors_name_what_is_wrong() {
        assert!(
            evaluate("sim spec=stockfish tc=2+0.1 at=1 field=nope")
                .unwrap_err()
                .to_string()
                .contains("allowed: soft")
        );
        assert!(
            evaluate("sim spec=stockfish tc=2+0.1 at=1 field=soft colour=red")
                .unwrap_err()
                .to_string()
                .contains("no `colour`")
        );
        assert!(evaluate("bogus").unwrap_err().to_string().contains("allowed: sim"));
        assert!(
            evaluate("sim spec=stockfish tc=2+0.1 at=500 moves=60 field=soft")
                .unwrap_err()
                .to_string()
                .contains("no moves 500")
        );
        assert!(
            evaluate("sim spec=stockfish tc=2+0.1 at=1 field=soft unit=parsec")
                .unwrap_err()
                .to_string()
                .contains("unknown unit")
        );
    }
}
