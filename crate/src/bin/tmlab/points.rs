//! The games of a resumable experiment measured at several points (a sweep's values, a scaling
//! run's controls): the games still to play, pair by pair across the points, and playing them
//! with each score kept in its point's slot and in the resume file, and a progress line.

use std::io::{IsTerminal, Write};

use crate::estimate;
use crate::game_args::GameArgs;
use crate::output::{OutFile, after_results, print, report_damage};
use tmlab::experiment::cost::CostEstimate;
use tmlab::experiment::journal::JournalFile;
use tmlab::experiment::pool::{Task, play_tasks};
use tmlab::experiment::resume::{SweepRecord, SweepResumed};
use tmlab::experiment::scaling::ScalingReport;
use tmlab::experiment::sweep_report::SweepReport;
use tmlab::play::game::ClockMode;
use tmlab::play::match_::{GameScore, MatchConfig};
use tmlab::play::match_spec::MatchSpec;

/// The options `sweep` and `scaling` share after their own: how many games per point, the game
/// options, the resume file and the outputs. Each command words `--games`, `--precision`,
/// `--resume` and `--svg` for its points (a value, a control) with `mut_arg`.
#[derive(clap::Args)]
pub struct PointsArgs {
    /// Games per point (colour-reversed pairs).
    #[arg(long, value_name = "N", required_unless_present = "precision")]
    pub games: Option<u32>,
    /// Play per point the games whose expected 95 % interval is ±ELO or narrower (instead of --games).
    #[arg(long, value_name = "ELO", conflicts_with = "games")]
    pub precision: Option<f64>,
    /// Searcher, concurrency, virtual speed, seed and adjudication.
    #[command(flatten)]
    pub game: GameArgs,
    /// Record every finished game in FILE and skip those already in it (continue a stopped run).
    #[arg(long, value_name = "FILE")]
    pub resume: Option<String>,
    /// Print JSON instead of the table.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print CSV instead of the table.
    #[arg(long)]
    pub csv: bool,
    /// Write the chart as SVG to FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<String>,
}

/// What the base match and the run need from [`PointsArgs`].
pub struct Base {
    /// The match every point varies: `a` against `b` on the virtual clock.
    pub spec: MatchSpec,
    /// `--concurrency`, checked.
    pub concurrency: usize,
    /// Games per point (`--games`, or the count `--precision` asks for).
    pub games: u32,
}

impl PointsArgs {
    /// The match every point varies: `a` against `b`, the searcher, the virtual clock, the seed
    /// and the adjudication from the flags, `event` in its PGN headers.
    pub fn base(&self, a: &str, b: &str, event: &str) -> Result<Base, String> {
        let engine = self.game.searcher()?;
        let concurrency = self.game.concurrency()?;
        let adjudication = self.game.adjudication()?;
        let games = estimate::games_or_precision(self.games, self.precision)?;
        let spec = MatchSpec {
            engine,
            a: a.to_string(),
            b: b.to_string(),
            games,
            clock: ClockMode::Virtual { nps: self.game.nps, latency_ms: 0.0 },
            seed: self.game.seed,
            adjudication,
            event: event.to_string(),
            ..MatchSpec::default()
        };
        Ok(Base { spec, concurrency, games })
    }

    /// `--svg`'s file, opened before the calibration and the first game so that a bad path costs
    /// no game (a dry run opens none).
    pub fn svg_out(&self) -> Result<Option<OutFile>, String> {
        if self.game.dry_run { Ok(None) } else { OutFile::maybe("--svg", &self.svg) }
    }

    /// The virtual clock and the seed, as the table's head line words them.
    pub fn clock_and_seed(&self) -> String {
        format!("virtual clock {} nodes/ms, seed {}", self.game.nps / 1000.0, self.game.seed)
    }
}

/// A points experiment's report, printed as a table or as CSV (JSON by serde).
pub trait Report: serde::Serialize {
    /// The table.
    fn to_text(&self) -> String;
    /// The CSV.
    fn to_csv(&self) -> String;
}

impl Report for ScalingReport {
    fn to_text(&self) -> String {
        ScalingReport::to_text(self)
    }
    fn to_csv(&self) -> String {
        ScalingReport::to_csv(self)
    }
}

impl Report for SweepReport {
    fn to_text(&self) -> String {
        SweepReport::to_text(self)
    }
    fn to_csv(&self) -> String {
        SweepReport::to_csv(self)
    }
}

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

/// Prints the report (`--json`: with the spec and this session's games and seconds; `--csv`; else
/// the table between `head` and the session's rate), then writes the chart; a chart that cannot be
/// written or a resume file that stopped the run is reported after the results.
pub fn finish<S: serde::Serialize, R: Report>(
    p: &Points<'_, S>,
    args: &PointsArgs,
    report: &R,
    head: String,
    played: &Played,
    svg: Option<(OutFile, String)>,
) -> Result<(), String> {
    let (n, wall) = (played.games, played.wall_s);
    let text = if args.json {
        let json =
            serde_json::json!({ "spec": p.spec, "report": report, "games_played_now": n, "wall_s": wall });
        serde_json::to_string_pretty(&json).map_err(|e| e.to_string())? + "\n"
    } else if args.csv {
        report.to_csv()
    } else {
        let rate = if wall > 0.0 { f64::from(n) / wall } else { 0.0 };
        format!("{head}{}{n} games played in {wall:.1} s ({rate:.2} games/s)\n", report.to_text())
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
