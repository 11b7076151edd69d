//! The games of a resumable experiment measured at several points (a sweep's values, a scaling
//! run's controls): the games still to play, pair by pair across the points, and playing them
//! with each score kept in its point's slot and in the resume file, and a progress line.

use std::io::{IsTerminal, Write};

use crate::output::{OutFile, after_results, print, report_damage};
use tmlab::experiment::cost::CostEstimate;
use tmlab::experiment::journal::JournalFile;
use tmlab::experiment::pool::{Task, play_tasks};
use tmlab::experiment::resume::{SweepRecord, SweepResumed};
use tmlab::play::match_::{GameScore, MatchConfig};

/// The games without a score, pair by pair across the points (pair 1 of every point, then pair
/// 2, …): a run stopped part-way has every point measured on the same openings so far.
pub fn pending(scores: &[Vec<Option<GameScore>>], games: u32) -> Vec<Task> {
    let points = scores.len();
    (0..games.div_ceil(2))
        .flat_map(|pair| {
            (0..points).flat_map(move |v| {
                (2 * pair..(2 * pair + 2).min(games)).map(move |g| Task { cfg: v, game: g })
            })
        })
        .filter(|t| scores[t.cfg][t.game as usize].is_none())
        .collect()
}

/// What one session played.
pub struct Played {
    /// Games played in this session.
    pub games: u32,
    /// Its wall-clock seconds.
    pub wall_s: f64,
    /// The resume file could not record a game: the session stopped there.
    pub write_error: Option<String>,
}

/// Plays `tasks` of `configs` (one config per point), `concurrency` at once. Each game's score
/// goes to `scores` and to `journal`; a game the journal cannot record stops the run (the results
/// so far are kept). Each game prints `[done/total games] LABEL game N RESULT | S s, about T
/// left` on stderr, `label` naming its point; the time left is `cost`'s rate for the games of
/// this session.
pub fn play_recorded(
    configs: &[MatchConfig],
    tasks: &[Task],
    concurrency: usize,
    scores: &mut [Vec<Option<GameScore>>],
    journal: &mut Option<JournalFile>,
    cost: &CostEstimate,
    label: &dyn Fn(Task) -> String,
) -> Result<Played, String> {
    let total: u32 = scores.iter().map(|s| s.len() as u32).sum();
    let mut done = total - tasks.len() as u32;
    if done > 0 {
        eprintln!("resuming: {done} of {total} games already in the resume file");
    }
    let tty = std::io::stderr().is_terminal();
    let start = std::time::Instant::now();
    let mut write_error = None;
    let mut played = 0;
    // The time left: this session's games against the ones still to play.
    let rest = CostEstimate { games: tasks.len() as u32, ..cost.clone() };
    play_tasks(configs, tasks, concurrency, &mut |t, g| {
        scores[t.cfg][t.game as usize] = Some(g.score);
        played += 1;
        if let Some(j) = journal.as_mut()
            && let Err(e) = j.append(&SweepRecord { value: t.cfg, game: g.score })
        {
            write_error = Some(format!("--resume {}", e.text()));
            return false;
        }
        done += 1;
        let line = format!(
            "[{done}/{total} games] {} game {} {} | {:.0} s, {}",
            label(t),
            t.game + 1,
            g.record.outcome.as_ref().map_or("*", |o| o.result.as_str()),
            start.elapsed().as_secs_f64(),
            rest.left_text(played, start.elapsed().as_secs_f64())
        );
        let mut err = std::io::stderr().lock();
        let _ = if tty { write!(err, "\r\x1b[2K{line}") } else { writeln!(err, "{line}") };
        true
    })?;
    if tty {
        eprintln!();
    }
    Ok(Played { games: played, wall_s: start.elapsed().as_secs_f64(), write_error })
}

/// The games of each point recorded in a resume file's records (`(line, record)`), checked.
pub type Resumed<'a> = dyn Fn(&[(usize, serde_json::Value)]) -> SweepResumed + 'a;

/// What `tmlab sweep` and `tmlab scaling` hand to [`run`]: their plan's matches and how to
/// name and print them.
pub struct Points<'a, S: serde::Serialize> {
    /// `sweep` or `scaling`: the resume file's kind and the name in messages.
    pub kind: &'static str,
    /// The spec, as the resume file's settings and `--json`'s `spec`.
    pub spec: &'a S,
    /// Point `i`'s match config.
    pub configs: &'a [MatchConfig],
    /// Games per point.
    pub games: u32,
    /// The resume file (`--resume`), if any.
    pub resume: Option<&'a str>,
    /// The games of each point recorded in a resume file, checked.
    pub resumed: &'a Resumed<'a>,
    /// A point's name in the progress lines.
    pub label: &'a dyn Fn(Task) -> String,
}

/// What [`run`] played: every point's scores so far, and this session.
pub struct Ran {
    /// `scores[i][g]`: point `i`'s game `g`.
    pub scores: Vec<Vec<Option<GameScore>>>,
    /// This session.
    pub played: Played,
}

/// Reads the resume file (its damaged records reported), then plays every game still missing,
/// pair by pair across the points, `concurrency` at once.
pub fn run<S: serde::Serialize>(
    p: &Points<'_, S>,
    concurrency: usize,
    cost: &CostEstimate,
) -> Result<Ran, String> {
    let mut scores: Vec<Vec<Option<GameScore>>> = vec![vec![None; p.games as usize]; p.configs.len()];
    let mut journal = match p.resume {
        Some(path) => {
            let settings = serde_json::to_value(p.spec).map_err(|e| e.to_string())?;
            let j =
                JournalFile::open(path, p.kind, &settings).map_err(|e| format!("--resume {}", e.text()))?;
            let r = (p.resumed)(&j.records);
            report_damage(
                path,
                &[j.damaged.as_slice(), r.damaged.as_slice()].concat(),
                "any game it held is played again",
            );
            scores = r.scores;
            Some(j)
        }
        None => None,
    };
    let tasks = pending(&scores, p.games);
    let played = play_recorded(p.configs, &tasks, concurrency, &mut scores, &mut journal, cost, p.label)?;
    Ok(Ran { scores, played })
}

/// How a points command prints its report.
pub struct Printed<'a, R: serde::Serialize> {
    /// The report.
    pub report: &'a R,
    /// `--json`, else `--csv`, else the table.
    pub json: bool,
    /// `--csv`.
    pub csv: bool,
    /// The report's CSV.
    pub csv_text: &'a dyn Fn() -> String,
    /// The table's first line, the report's table below it.
    pub head: String,
    /// The report's table.
    pub table: &'a dyn Fn() -> String,
}

/// Prints the report (JSON with the spec and this session's games and seconds, CSV, or the
/// table between a head line and the session's rate), then writes the chart; a chart that
/// cannot be written or a resume file that stopped the run is reported after the results.
pub fn finish<S: serde::Serialize, R: serde::Serialize>(
    p: &Points<'_, S>,
    out: Printed<'_, R>,
    played: &Played,
    svg: Option<(OutFile, String)>,
) -> Result<(), String> {
    let (n, wall) = (played.games, played.wall_s);
    let text = if out.json {
        let json = serde_json::json!({ "spec": p.spec, "report": out.report, "games_played_now": n, "wall_s": wall });
        serde_json::to_string_pretty(&json).map_err(|e| e.to_string())? + "\n"
    } else if out.csv {
        (out.csv_text)()
    } else {
        let rate = if wall > 0.0 { f64::from(n) / wall } else { 0.0 };
        format!("{}{}{n} games played in {wall:.1} s ({rate:.2} games/s)\n", out.head, (out.table)())
    };
    // The results first; a chart that cannot be written is reported after them.
    print(&text)?;
    let mut errors: Vec<String> =
        svg.into_iter().filter_map(|(f, svg)| f.write(svg.as_bytes()).err()).collect();
    if let Some(e) = &played.write_error {
        errors.insert(0, format!("{e}: the {} stopped after {n} games this run", p.kind));
    }
    after_results(errors)
}
