//! The options every game-playing subcommand shares (`match`, `sweep`, `tune`, `leaderboard`):
//! searcher, concurrency, virtual speed, seed and fastchess-style adjudication. Flattened into
//! each subcommand's `Args`; a subcommand whose default differs changes it with `mut_arg`.

use tmlab::error::FieldError;
use tmlab::play::adjudication::{Adjudication, AdjudicationError};
use tmlab::tm::SearchKind;

use crate::flags;

/// Largest `--concurrency`: each game holds two engines (two hash tables) and a thread.
pub const MAX_CONCURRENCY: usize = 64;
/// Default `--nps`: the project's one virtual node rate (the views' too).
pub use tmlab::experiment::cost::DEFAULT_NPS;

#[derive(clap::Args)]
pub struct GameArgs {
    /// The searcher both players use: ab or mcts.
    #[arg(long, default_value = "ab")]
    pub engine: String,
    /// Games played at once (threads).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub concurrency: usize,
    /// Virtual nodes per second (the virtual clock: time = nodes ÷ nps).
    #[arg(long, default_value_t = DEFAULT_NPS)]
    pub nps: f64,
    /// Seed of the opening order.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// fastchess `-resign`: `movecount,score[,twosided]`, e.g. `3,400` or `3,600,true`.
    #[arg(long, value_name = "N,CP[,TWOSIDED]")]
    pub resign: Option<String>,
    /// fastchess `-draw`: `movenumber,movecount,score`, e.g. `40,8,10`.
    #[arg(long, value_name = "M,N,CP")]
    pub draw: Option<String>,
    /// fastchess `-maxmoves`: a draw after this many full moves.
    #[arg(long, value_name = "N")]
    pub maxmoves: Option<u32>,
    /// Print the plan (the duration on this machine, from a calibration of about a second,
    /// and the expected precision) and exit without playing.
    #[arg(long)]
    pub dry_run: bool,
}

/// A library adjudication error with the flag it came from (`--resign`, `--draw`, `--maxmoves`).
fn adjudication_error(e: &AdjudicationError) -> String {
    let e = FieldError::new(e.path.as_str(), e.message.as_str(), e.allowed.as_str()).within("adjudication");
    flags::flag_error(flags::Cmd::Match, &e)
}

impl GameArgs {
    /// `--engine` as a searcher.
    pub fn searcher(&self) -> Result<SearchKind, String> {
        self.engine.parse().map_err(|e| format!("--engine: {e}"))
    }

    /// `--concurrency`, checked.
    pub fn concurrency(&self) -> Result<usize, String> {
        if !(1..=MAX_CONCURRENCY).contains(&self.concurrency) {
            return Err(format!(
                "--concurrency: {} is not allowed; allowed: 1 … {MAX_CONCURRENCY} (games at once)",
                self.concurrency
            ));
        }
        Ok(self.concurrency)
    }

    /// `--resign`, `--draw` and `--maxmoves`, parsed and checked.
    pub fn adjudication(&self) -> Result<Adjudication, String> {
        let adj = Adjudication {
            resign: self.resign.as_deref().map(str::parse).transpose().map_err(|e| adjudication_error(&e))?,
            draw: self.draw.as_deref().map(str::parse).transpose().map_err(|e| adjudication_error(&e))?,
            max_moves: self.maxmoves,
        };
        adj.check().map_err(|e| adjudication_error(&e))?;
        Ok(adj)
    }
}

/// The adjudication flags in canonical form (empty when none), for a command line that
/// reproduces a run.
pub fn adjudication_flags(adj: &Adjudication) -> String {
    let mut s = String::new();
    if let Some(r) = adj.resign {
        s += &format!(" --resign {r}");
    }
    if let Some(d) = adj.draw {
        s += &format!(" --draw {d}");
    }
    if let Some(n) = adj.max_moves {
        s += &format!(" --maxmoves {n}");
    }
    s
}
