//! `tmlab match`'s output as the games finish: each game goes to the PGN file and the JSON
//! `games` array in game order, so the match itself keeps only the scores.

use std::collections::BTreeMap;
use std::io::Write;

use serde::Serialize;

use crate::output::print;
use tmlab::play::match_::GameSummary;

/// `value` as pretty JSON, every line after the first indented by `indent` spaces.
pub fn pretty<T: Serialize>(value: &T, indent: usize) -> Result<String, String> {
    let text = serde_json::to_string_pretty(value).map_err(|e| e.to_string())?;
    Ok(text.replace('\n', &format!("\n{}", " ".repeat(indent))))
}

/// Writes each game out as it finishes, in game order (holding the few that finish before an
/// earlier one): the PGN file and, with `--json`, the `games` array on stdout. The match keeps
/// only the scores in memory. A PGN write error is kept and reported after the results.
pub struct Sink {
    pgn: Option<(String, std::io::BufWriter<std::fs::File>)>,
    /// The first PGN write error, reported after the results.
    pub pgn_error: Option<String>,
    /// `--json`: the text before the first game, printed when the first game (or the end)
    /// comes; `None` without `--json`.
    json_head: Option<String>,
    json: bool,
    json_games: u32,
    next: u32,
    pending: BTreeMap<u32, GameSummary>,
}

impl Sink {
    /// A sink writing to `pgn` (path, open file) and, with `json_head` (the JSON text before
    /// the `games` array), the JSON games on stdout.
    pub fn new(pgn: Option<(String, std::io::BufWriter<std::fs::File>)>, json_head: Option<String>) -> Sink {
        let json = json_head.is_some();
        Sink { pgn, pgn_error: None, json_head, json, json_games: 0, next: 0, pending: BTreeMap::new() }
    }

    pub fn game(&mut self, g: &GameSummary) -> Result<(), String> {
        self.pending.insert(g.score.index, g.clone());
        while let Some(g) = self.pending.remove(&self.next) {
            self.write(&g)?;
            self.next += 1;
        }
        Ok(())
    }

    fn write(&mut self, g: &GameSummary) -> Result<(), String> {
        if let Some((path, w)) = &mut self.pgn
            && self.pgn_error.is_none()
            && let Err(e) = w.write_all(g.record.pgn.as_bytes())
        {
            self.pgn_error = Some(format!("--pgn {path}: {e}"));
        }
        if self.json {
            let head = self.json_head.take().unwrap_or_default();
            let sep = if self.json_games > 0 { "," } else { "" };
            print(&format!("{head}{sep}\n    {}", pretty(g, 4)?))?;
            self.json_games += 1;
        }
        Ok(())
    }

    /// Writes the games still held (after an SPRT stop) and flushes the PGN file.
    pub fn finish(&mut self) -> Result<(), String> {
        for (_, g) in std::mem::take(&mut self.pending) {
            self.write(&g)?;
        }
        if let Some((path, w)) = &mut self.pgn
            && self.pgn_error.is_none()
            && let Err(e) = w.flush()
        {
            self.pgn_error = Some(format!("--pgn {path}: {e}"));
        }
        if let Some(head) = self.json_head.take() {
            print(&head)?;
        }
        Ok(())
    }
}
