//! The games of a resumable experiment measured at several points (a sweep's values, a scaling
//! run's controls): the games still to play, pair by pair across the points, and playing them
//! with each score kept in its point's slot and in the resume file, and a progress line.

use std::io::{IsTerminal, Write};

use tmlab::experiment::cost::CostEstimate;
use tmlab::experiment::journal::JournalFile;
use tmlab::experiment::pool::{Task, play_tasks};
use tmlab::experiment::resume::SweepRecord;
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
            write_error = Some(e);
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
