//! The `tmlab` command line: curves, budgets, simulations, benches, matches and the UCI engine.
//!
//! Each subcommand lives in its own file beside this one with an `Args` struct (clap) and a
//! `run(args) -> Result<(), String>`; errors are printed as `tmlab: <message>` with exit code 2.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod bench;
mod budget;
mod curve;
#[cfg(not(target_arch = "wasm32"))]
mod estimate;
mod flags;
#[cfg(not(target_arch = "wasm32"))]
mod game_args;
#[cfg(not(target_arch = "wasm32"))]
mod leaderboard;
// Matches run on native threads (`play::match_::run_match` exists natively only); the binary
// still compiles for wasm32 because cargo builds it for the wasm integration tests.
#[cfg(not(target_arch = "wasm32"))]
mod match_cmd;
#[cfg(not(target_arch = "wasm32"))]
mod match_sink;
mod move_args;
mod output;
mod overhead;
mod params;
#[cfg(not(target_arch = "wasm32"))]
mod points;
mod replay;
#[cfg(not(target_arch = "wasm32"))]
mod scaling;
mod simulate;
mod spsa_inputs;
mod stopper;
#[cfg(not(target_arch = "wasm32"))]
mod sweep;
#[cfg(not(target_arch = "wasm32"))]
mod tune;
mod uci_cmd;

/// A laboratory for chess-engine time management.
#[derive(Parser)]
#[command(name = "tmlab", version, about, long_about = None)]
struct Cli {
    /// Without a subcommand `tmlab` is the UCI engine, as OpenBench, cutechess and fastchess
    /// start an engine (`cmd=tmlab`, no arguments).
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Draw or print a building-block curve: exponential decay or moves left.
    Curve(curve::Args),
    /// Print the parameter schema of every time manager (table, or JSON with --json).
    Params(params::Args),
    /// The soft and hard limit a fresh manager gives one move, with the terms behind them.
    Budget(budget::Args),
    /// One side's allocation over a simulated game.
    Simulate(simulate::Args),
    /// Search bench: fixed-depth nodes signature, nps, movetime overshoot, perft speed and MCTS.
    Bench(bench::Args),
    /// A match between two managers: colour-reversed pairs, fastchess result block, PGN, JSON.
    #[cfg(not(target_arch = "wasm32"))]
    Match(Box<match_cmd::Args>),
    /// Feed a manager a scripted search (JSON lines) and print every decision and its limits.
    Stopper(stopper::Args),
    /// The UCI engine on stdin/stdout.
    Uci(uci_cmd::Args),
    /// Replay a PGN's clocks against what each manager would have budgeted.
    Replay(replay::Args),
    /// OpenBench's SPSA input lines for a manager's UCI options.
    SpsaInputs(spsa_inputs::Args),
    /// Every manager's default settings against a fixed reference: Elo and time usage.
    #[cfg(not(target_arch = "wasm32"))]
    Leaderboard(leaderboard::Args),
    /// Sweep one manager parameter over values against a baseline; fit Elo and find the optimum.
    #[cfg(not(target_arch = "wasm32"))]
    Sweep(Box<sweep::Args>),
    /// Flag risk against Move Overhead under a latency model, by simulation on the virtual clock.
    Overhead(overhead::Args),
    /// The same two managers at several time controls: Elo per control and its slope in log time.
    #[cfg(not(target_arch = "wasm32"))]
    Scaling(Box<scaling::Args>),
    /// SPSA-tune manager parameters (fishtest/OpenBench formulation).
    #[cfg(not(target_arch = "wasm32"))]
    Tune(Box<tune::Args>),
}

fn main() -> ExitCode {
    // clap quotes a bad value whole; a huge one is cut to an excerpt.
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if e.use_stderr() => {
            let text = e.render().to_string();
            for line in text.lines() {
                eprintln!("{}", tmlab::excerpt::excerpt_line(line));
            }
            return ExitCode::from(2);
        }
        Err(e) => e.exit(),
    };
    let result = match cli.command.unwrap_or(Command::Uci(uci_cmd::Args {})) {
        Command::Curve(args) => curve::run(args),
        Command::Params(args) => params::run(args),
        Command::Budget(args) => budget::run(args),
        Command::Simulate(args) => simulate::run(args),
        Command::Bench(args) => bench::run(args),
        #[cfg(not(target_arch = "wasm32"))]
        Command::Match(args) => match_cmd::run(*args),
        Command::Stopper(args) => stopper::run(args),
        Command::Uci(args) => uci_cmd::run(args),
        Command::Replay(args) => replay::run(args),
        Command::SpsaInputs(args) => spsa_inputs::run(args),
        #[cfg(not(target_arch = "wasm32"))]
        Command::Leaderboard(args) => leaderboard::run(args),
        #[cfg(not(target_arch = "wasm32"))]
        Command::Sweep(args) => sweep::run(*args),
        #[cfg(not(target_arch = "wasm32"))]
        Command::Tune(args) => tune::run(*args),
        #[cfg(not(target_arch = "wasm32"))]
        Command::Scaling(args) => scaling::run(*args),
        Command::Overhead(args) => overhead::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("tmlab: {message}");
            ExitCode::from(2)
        }
    }
}
