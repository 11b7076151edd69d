//! The plan every game-playing subcommand prints before its first game (`--dry-run`: prints it
//! and exits): the duration on this machine from a short calibration and the expected precision
//! (the rule of `tmlab::experiment::cost`, which the browser's views use too), and `--precision`,
//! the games a target Elo half-width needs.

use crate::output::print;
use tmlab::experiment::cost::{CostEstimate, calibrate, games_for_precision, typical_clock_ms};
use tmlab::play::game::ClockMode;
use tmlab::play::match_::MatchConfig;

/// The plan of `games` games of `cfg` (`per_point` per measured point, 0 for none) played
/// `workers` at once, calibrated on its first game.
pub fn estimate(
    cfg: &MatchConfig,
    games: u32,
    per_point: u32,
    workers: usize,
) -> Result<CostEstimate, String> {
    let cal = calibrate(cfg).map_err(|e| format!("calibration: {e}"))?;
    let nps = match cfg.clock {
        ClockMode::Virtual { nps, .. } => Some(nps),
        ClockMode::Real => None,
    };
    let clock = typical_clock_ms([&cfg.tc_a, &cfg.tc_b]);
    Ok(CostEstimate::new(games, per_point, workers as u32, &cal, clock, nps))
}

/// Shows the plan: on stdout for `--dry-run` (then the command stops: `Ok(true)`), else on
/// stderr before the first game.
pub fn announce(plan: &CostEstimate, dry_run: bool) -> Result<bool, String> {
    let text = plan.to_text();
    if dry_run {
        print(&format!("{text}\n"))?;
    } else {
        eprintln!("{text}");
    }
    Ok(dry_run)
}

/// The games of `--games`, or those `--precision ELO` needs (per measured point).
pub fn games_or_precision(games: Option<u32>, precision: Option<f64>) -> Result<u32, String> {
    match (games, precision) {
        (_, Some(p)) => games_for_precision(p).map_err(|e| format!("--precision: {}", e.text())),
        (Some(g), None) => Ok(g),
        (None, None) => {
            Err("give the games with --games N or a target precision with --precision ELO".into())
        }
    }
}
