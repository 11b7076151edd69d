//! fastchess-style adjudication (`--resign`, `--draw`, `--maxmoves`) in the experiments, through
//! the real binary: bad values are refused by every game-playing subcommand with the flag and
//! what is allowed, the rules change a sweep's games, a resume file refuses other adjudication,
//! and the leaderboard records the flags in its command so the command reproduces its numbers.

mod common;

use common::tmlab;
use serde_json::Value;

/// Tiny runs of each subcommand (the flags under test are appended).
fn base(sub: &str) -> Vec<&'static str> {
    match sub {
        "match" => vec!["match", "--a", "stockfish", "--b", "mediocre", "--tc", "1+0.01"],
        "sweep" => vec![
            "sweep",
            "--tm",
            "lc0-legacy",
            "--param",
            "slowmover",
            "--values",
            "0.5,1.5",
            "--vs",
            "stockfish",
            "--tc",
            "1+0.01",
            "--games",
            "4",
            "--json",
        ],
        "tune" => {
            vec!["tune", "--tm", "lc0-legacy", "--params", "slowmover", "--tc", "1+0.01", "--games", "2"]
        }
        "leaderboard" => {
            vec!["leaderboard", "--tc", "1+0.01", "--games", "2", "--engine", "ab", "--only", "lc0-simple"]
        }
        _ => unreachable!(),
    }
}

fn run(sub: &str, extra: &[&str]) -> (i32, String, String) {
    let mut args = base(sub);
    args.extend_from_slice(extra);
    tmlab(&args)
}

fn temp(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("tmlab-cli-adjudication-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name).to_str().unwrap().to_string()
}

#[test]
fn bad_adjudication_is_refused_by_every_subcommand_before_any_game() {
    let cases: [(&[&str], &str); 11] = [
        (&["--resign", "3"], "--resign: expected movecount,score[,twosided], got \"3\"; allowed: e.g. 3,600"),
        (&["--resign", "3,400,true,1"], "--resign: expected movecount,score[,twosided]"),
        (
            &["--resign", "0,400"],
            "--resign: movecount 0 is out of range; allowed: a whole number of moves from 1 to 10000",
        ),
        (
            &["--resign", "3,x"],
            "--resign: score \"x\" is not a whole number of centipawns; allowed: a score in centipawns above 0",
        ),
        (&["--resign", "3,-400"], "--resign: score -400 cp is not above 0"),
        (
            &["--resign", "3,400,yes"],
            "--resign: twosided \"yes\" is neither true nor false; allowed: true or false",
        ),
        (
            &["--draw", "40,8"],
            "--draw: expected movenumber,movecount,score, got \"40,8\"; allowed: e.g. 40,8,10",
        ),
        (
            &["--draw", "x,8,10"],
            "--draw: movenumber \"x\" is not a whole number; allowed: a whole number of moves from 0 to 10000",
        ),
        (&["--draw", "40,0,10"], "--draw: movecount 0 is out of range"),
        (
            &["--draw", "40,8,-1"],
            "--draw: score -1 cp is below 0; allowed: a score in centipawns of 0 or more",
        ),
        (
            &["--maxmoves", "0"],
            "--maxmoves: 0 moves is out of range; allowed: a whole number of full moves from 1 to 100000",
        ),
    ];
    for sub in ["match", "sweep", "tune", "leaderboard"] {
        for (extra, want) in cases {
            let (code, out, err) = run(sub, extra);
            assert_eq!(code, 2, "{sub} {extra:?}: {out}");
            assert!(out.is_empty(), "{sub} {extra:?}: {out}");
            assert!(err.starts_with(&format!("tmlab: {want}")), "{sub} {extra:?}: {err}");
            assert!(!err.contains("[1/"), "{sub} {extra:?}: a game was played: {err}");
        }
        // The shared options keep their checks everywhere.
        for c in ["0", "65"] {
            let (code, out, err) = run(sub, &["--concurrency", c]);
            assert_eq!(code, 2, "{sub} --concurrency {c}: {out}");
            let want = format!("tmlab: --concurrency: {c} is not allowed; allowed: 1 … 64 (games at once)\n");
            assert_eq!(err, want, "{sub}: one line, no panic");
        }
        let (code, _, err) = run(sub, &["--nps", "0"]);
        assert_eq!(code, 2, "{sub}");
        assert!(
            err.contains(
                "--nps: 0 is not allowed; allowed: virtual nodes per second above 0 and at most 1e10"
            ),
            "{sub}: {err}"
        );
    }
}

/// Per value of a `--json` sweep: (wins, losses, draws) and the swept manager's mean time left.
fn results(out: &str) -> Vec<([u64; 3], f64)> {
    let v: Value = serde_json::from_str(out).unwrap_or_else(|e| panic!("{e}: {out}"));
    v["report"]["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let w = &p["wdl"];
            let n = |k: &str| w[k].as_u64().unwrap();
            ([n("wins"), n("losses"), n("draws")], p["a"]["time_left_ms"].as_f64().unwrap())
        })
        .collect()
}

#[test]
fn adjudication_changes_a_sweeps_games_and_is_recorded() {
    let (code, plain, err) = run("sweep", &[]);
    assert_eq!(code, 0, "{err}");
    let plain = results(&plain);
    assert!(plain.iter().any(|(wdl, _)| wdl[2] < 4), "the seed gives some decisive game: {plain:?}");
    assert!(plain.iter().any(|(wdl, _)| wdl[2] > 0), "and some draw: {plain:?}");
    // A 5-move limit, and a draw rule from move 0 on within ±1000 cp: every game drawn.
    for adj in [&["--maxmoves", "5"][..], &["--draw", "0,1,1000"]] {
        let (code, out, err) = run("sweep", adj);
        assert_eq!(code, 0, "{err}");
        assert!(results(&out).iter().all(|(wdl, _)| *wdl == [0, 0, 4]), "{adj:?}: {out}");
    }
    // Resign at the first move a side reports a score below 0: no draws, shorter games.
    let (code, out, err) = run("sweep", &["--resign", "1,1"]);
    assert_eq!(code, 0, "{err}");
    let resign = results(&out);
    for ((wdl, left), (_, plain_left)) in resign.iter().zip(&plain) {
        assert_eq!(wdl[2], 0, "{resign:?}");
        assert!(left > plain_left, "games cut short leave more time: {resign:?} vs {plain:?}");
    }
    let v: Value = serde_json::from_str(&out).unwrap();
    let adj = &v["spec"]["match"]["adjudication"];
    assert_eq!(adj["resign"], serde_json::json!({ "move_count": 1, "score_cp": 1, "two_sided": false }));
    assert!(adj["draw"].is_null() && adj["max_moves"].is_null(), "{adj}");
}

#[test]
fn a_resume_file_refuses_other_adjudication() {
    for sub in ["sweep", "tune"] {
        let file = temp(&format!("{sub}.jsonl"));
        let _ = std::fs::remove_file(&file);
        let (code, _, err) = run(sub, &["--resign", "3,400", "--resume", &file]);
        assert_eq!(code, 0, "{sub}: {err}");
        let header: Value =
            serde_json::from_str(std::fs::read_to_string(&file).unwrap().lines().next().unwrap()).unwrap();
        assert_eq!(
            header["record"]["settings"]["match"]["adjudication"]["resign"]["score_cp"], 400,
            "{header}"
        );
        for other in [
            &["--resign", "3,500"][..],
            &["--resign", "3,400", "--draw", "40,8,10"],
            &["--resign", "3,400", "--maxmoves", "60"],
            &[],
        ] {
            let mut extra = other.to_vec();
            extra.extend(["--resume", &file]);
            let (code, out, err) = run(sub, &extra);
            assert_eq!(code, 2, "{sub} {other:?}: {out}");
            assert!(
                err.contains(&format!("written by a {sub} with other settings")),
                "{sub} {other:?}: {err}"
            );
        }
        // The same flags continue (here: nothing left to play).
        let (code, _, err) = run(sub, &["--resign", "3,400", "--resume", &file]);
        assert_eq!(code, 0, "{sub}: {err}");
    }
}

#[test]
fn the_leaderboard_records_speed_and_adjudication_and_its_command_reproduces() {
    let (code, out, err) = run(
        "leaderboard",
        &["--nps", "500000", "--resign", " 3, 400", "--draw", "40,8,10", "--maxmoves", "60", "--json"],
    );
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let command = v["command"].as_str().unwrap();
    assert_eq!(
        command,
        "tmlab leaderboard --tc 1+0.01 --games 2 --engine ab --seed 1 --nps 500000 --resign 3,400 \
         --draw 40,8,10 --maxmoves 60 --only lc0-simple --json"
    );
    assert_eq!(v["clock"], "virtual, 1 ms = 500 nodes");
    assert_eq!(v["adjudication"]["resign"]["score_cp"], 400);
    assert_eq!(v["adjudication"]["draw"]["move_number"], 40);
    assert_eq!(v["adjudication"]["max_moves"], 60);
    // The recorded command gives the same document.
    let args: Vec<&str> = command.split_whitespace().skip(1).collect();
    let (code, again, err) = tmlab(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(again, out);
    // Without the flags the games differ (another clock speed), and nothing extra is recorded.
    let (code, plain, err) = run("leaderboard", &["--json"]);
    assert_eq!(code, 0, "{err}");
    let p: Value = serde_json::from_str(&plain).unwrap();
    assert_eq!(
        p["command"],
        "tmlab leaderboard --tc 1+0.01 --games 2 --engine ab --seed 1 --only lc0-simple --json"
    );
    assert_eq!(p["clock"], "virtual, 1 ms = 1000 nodes");
    assert!(p["adjudication"]["resign"].is_null() && p["adjudication"]["max_moves"].is_null(), "{p}");
    assert_ne!(p["results"], v["results"]);
}
