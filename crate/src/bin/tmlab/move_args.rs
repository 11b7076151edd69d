//! The move a command asks a manager about (`budget`, `stopper`): the manager and the side to
//! move's clock, with one set of checks.

use tmlab::clock::tc::MAX_TIME_MS;
use tmlab::tm::{MoveContext, TmSpec};

/// `--tm --clock --inc --movestogo --ply`.
#[derive(clap::Args)]
pub struct MoveArgs {
    /// The manager, as a spec string, e.g. `stockfish` or `lc0-smooth(preset=lc0)`.
    #[arg(long, value_name = "SPEC")]
    pub tm: String,
    /// The side to move's clock in ms (UCI wtime, increment already credited).
    #[arg(long, value_name = "MS")]
    pub clock: f64,
    /// The increment in ms (UCI winc).
    #[arg(long, value_name = "MS", default_value_t = 0.0)]
    pub inc: f64,
    /// Moves to the next time control (absent: sudden death).
    #[arg(long, value_name = "N")]
    pub movestogo: Option<u32>,
    /// Half-moves played (0 = white's first move).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub ply: u32,
}

impl MoveArgs {
    /// The parsed spec, with `--clock` and `--inc` checked against the time controls' cap
    /// (10 000 h).
    pub fn spec(&self) -> Result<TmSpec, String> {
        let spec: TmSpec = self.tm.parse().map_err(|e: tmlab::tm::SpecError| format!("--tm: {e}"))?;
        let max = MAX_TIME_MS as f64;
        for (name, v) in [("--clock", self.clock), ("--inc", self.inc)] {
            if !(v.is_finite() && (0.0..=max).contains(&v)) {
                // 1e300 as `1e300`, not its 301 digits.
                let shown = if v.abs() >= 1e12 { format!("{v:e}") } else { v.to_string() };
                return Err(format!(
                    "{name} = {shown} is out of range; allowed: 0 … {max} ms (10 000 hours)"
                ));
            }
        }
        Ok(spec)
    }

    /// What the manager is told at the start of the move.
    pub fn context(&self) -> MoveContext {
        MoveContext::new(self.clock, self.inc, self.ply).with_movestogo(self.movestogo)
    }
}
