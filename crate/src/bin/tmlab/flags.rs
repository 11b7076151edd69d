//! The one table from a typed error's `path` (the library's field names: `tc_a`, `games`,
//! `adjudication.resign.move_count`, `a.base-pct`) to the command-line flag that set it, per
//! subcommand, so every subcommand names the flag the user typed: `--tc: bad time control
//! token …; allowed: …`. Nothing here reads message text.

use tmlab::error::FieldError;

/// A subcommand whose flags set library fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmd {
    Match,
    Sweep,
    /// `sweep` given `--range` instead of `--values`.
    SweepRange,
    Tune,
    Scaling,
    Leaderboard,
    Overhead,
    /// `simulate` and `curve allocation`.
    Simulate,
}

use Cmd::*;

/// Every subcommand that plays games (their shared flags: engine, seed, nps, adjudication).
const GAMES: &[Cmd] = &[Match, Sweep, SweepRange, Tune, Scaling, Leaderboard];
/// Both forms of `sweep`.
const SWEEPS: &[Cmd] = &[Sweep, SweepRange];

/// `(path, flag, subcommands)`: the first row whose path and subcommand match wins.
const FLAGS: &[(&str, &str, &[Cmd])] = &[
    // The two players.
    ("a", "--a", &[Match, Scaling]),
    ("a", "--tm", &[Sweep, SweepRange, Tune]),
    ("b", "--b", &[Match, Scaling]),
    ("b", "--vs", SWEEPS),
    ("tc_a", "--tc", GAMES),
    ("tc_b", "--tc-b", &[Match, Sweep, SweepRange]),
    ("games", "--games", GAMES),
    ("games", "--games", &[Overhead]),
    // `match`.
    ("sprt", "--sprt", &[Match]),
    ("clock.latency_ms", "--latency", &[Match]),
    ("hash_mb", "--hash", &[Match]),
    ("level_a", "--level-a", &[Match]),
    ("level_b", "--level-b", &[Match]),
    ("overhead_ms", "--overhead", &[Match]),
    ("openings", "--openings", &[Match]),
    ("openings.epd", "--openings", &[Match]),
    // `sweep`.
    ("values", "--values", &[Sweep]),
    ("values", "--range", &[SweepRange]),
    ("range", "--range", &[SweepRange]),
    ("param", "--param", SWEEPS),
    // `tune`.
    ("params", "--params", &[Tune]),
    ("pairs_per", "--pairs-per", &[Tune]),
    ("c_end", "--c-end", &[Tune]),
    ("r_end", "--r-end", &[Tune]),
    // `scaling`.
    ("tcs", "--tcs", &[Scaling]),
    // Shared by the game-playing subcommands (game_args.rs).
    ("engine", "--engine", GAMES),
    ("seed", "--seed", GAMES),
    ("clock.nps", "--nps", GAMES),
    ("adjudication.resign", "--resign", GAMES),
    ("adjudication.draw", "--draw", GAMES),
    ("adjudication.max_moves", "--maxmoves", GAMES),
    // `overhead`.
    ("tm", "--tm", &[Overhead, Simulate]),
    ("tc", "--tc", &[Overhead, Simulate]),
    ("latency", "--latency", &[Overhead]),
    ("moves", "--moves", &[Overhead, Simulate]),
    ("risk", "--risk", &[Overhead]),
    ("to_hard", "--to-hard", &[Overhead]),
    ("elo_per_doubling", "--elo-per-doubling", &[Overhead]),
    ("overheads", "--overheads", &[Overhead]),
    // `simulate`, `curve allocation`.
    ("use", "--use", &[Simulate]),
    ("nps", "--nps", &[Simulate]),
    ("reuse", "--reuse", &[Simulate]),
    ("specs", "--tm", &[Simulate]),
];

/// The flag of `path` in `cmd`: the row of the path, else of its parent (`a.base-pct` is
/// `a`'s flag, `adjudication.resign.move_count` is `--resign`).
pub fn flag_of(cmd: Cmd, path: &str) -> Option<&'static str> {
    let mut p = path;
    loop {
        if let Some((_, flag, _)) = FLAGS.iter().find(|(q, _, cmds)| *q == p && cmds.contains(&cmd)) {
            return Some(flag);
        }
        p = &p[..p.rfind('.')?];
    }
}

/// A library error as the CLI prints it: the flag that set the value, then the message and
/// what is allowed; a path no flag sets keeps its name.
pub fn flag_error(cmd: Cmd, e: &FieldError) -> String {
    match flag_of(cmd, &e.path) {
        Some(flag) => format!("{flag}: {}", e.text()),
        None => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_map_to_the_flag_of_their_subcommand() {
        assert_eq!(flag_of(Match, "tc_a"), Some("--tc"));
        assert_eq!(flag_of(Match, "a"), Some("--a"));
        assert_eq!(flag_of(Sweep, "a"), Some("--tm"));
        assert_eq!(flag_of(Sweep, "a.base-pct"), Some("--tm"), "a parameter of the player is its flag");
        assert_eq!(flag_of(SweepRange, "values"), Some("--range"));
        assert_eq!(flag_of(Leaderboard, "adjudication.resign.move_count"), Some("--resign"));
        assert_eq!(flag_of(Overhead, "to_hard"), Some("--to-hard"));
        assert_eq!(flag_of(Leaderboard, "sprt"), None, "leaderboard has no --sprt");
        let e = FieldError::new("tc_a", "bad time control token `x`: no", "60, 180+2");
        assert_eq!(flag_error(Match, &e), "--tc: bad time control token `x`: no; allowed: 60, 180+2");
        assert_eq!(flag_error(Leaderboard, &FieldError::new("sprt", "m", "")), "sprt: m");
    }

    #[test]
    fn every_row_is_a_flag_and_no_path_is_given_two_flags_in_one_subcommand() {
        for (i, (path, flag, cmds)) in FLAGS.iter().enumerate() {
            assert!(flag.starts_with("--"), "{path}: {flag}");
            for (other, other_flag, other_cmds) in &FLAGS[i + 1..] {
                if other == path && cmds.iter().any(|c| other_cmds.contains(c)) {
                    assert_eq!(flag, other_flag, "{path} has two flags in one subcommand");
                }
            }
        }
    }
}
