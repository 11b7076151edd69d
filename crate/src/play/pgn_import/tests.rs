//! Tests of the PGN clock import.

use super::*;
use crate::clock::Convention;

const LICHESS: &str = r#"[Event "Rated Blitz game"]
[White "alice"]
[Black "bob"]
[Result "0-1"]
[TimeControl "180+2"]

1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } 2. Nf3 { [%clk 0:02:58.5] } 2... Nc6 { [%eval 0.2] [%clk 0:02:55] } 0-1
"#;

#[test]
fn reads_lichess_clocks() {
    let g = &import_pgn(LICHESS).unwrap()[0];
    assert_eq!(g.id.to_string(), "game 1 (alice vs bob, Rated Blitz game)");
    let clk: Vec<_> = g.moves.iter().map(|m| m.clk_ms).collect();
    assert_eq!(clk, vec![Some(180_000.0), Some(180_000.0), Some(178_500.0), Some(175_000.0)]);
    assert!(g.moves.iter().all(|m| m.emt_ms.is_none() && !m.book));
    assert_eq!(g.moves[3].label(), "2... Nc6");
    assert_eq!(g.result, "0-1");
}

#[test]
fn reads_cutechess_and_emt_comments() {
    let pgn = "[Event \"x\"]\n[TimeControl \"40/60\"]\n\n1. e4 {book} e5 {book} 2. Nf3 {+0.31/14 1.21s} \
               Nc6 {-0.10/12 0.5s [%emt 0:00:00.75]} *\n";
    let g = &import_pgn(pgn).unwrap()[0];
    assert!(g.moves[0].book && g.moves[1].book);
    assert_eq!(g.moves[2].emt_ms, Some(1210.0));
    assert_eq!(g.moves[3].emt_ms, Some(750.0), "[%emt] wins over the prefix");
    assert_eq!(g.id.white, "?");
}

#[test]
fn errors_name_the_game_and_the_move() {
    let bad_clock = LICHESS.replace("0:02:58.5", "0:xx:58");
    let e = import_pgn(&bad_clock).unwrap_err().to_string();
    assert_eq!(
        e,
        "game 1 (alice vs bob, Rated Blitz game), move 2. Nf3: [%clk 0:xx:58] is not a time; \
         allowed: h:mm:ss or h:mm:ss.f (e.g. 0:02:55.3)"
    );
    let two = format!("{LICHESS}\n[Event \"B\"]\n[White \"w\"]\n[Black \"b\"]\n\n1. e4 e5 2. Ke3 *\n");
    let e = import_pgn(&two).unwrap_err().to_string();
    assert!(e.starts_with("game 2 (w vs b, B), move 2. Ke3: illegal move"), "{e}");
    let e = import_pgn("hello").unwrap_err().to_string();
    assert!(e.starts_with("no game found"), "{e}");
    let e = import_pgn("").unwrap_err().to_string();
    assert!(e.starts_with("no game found"), "{e}");
    let e = import_pgn("[White \"a\"]\n[FEN \"nonsense\"]\n\n1. e4 *").unwrap_err().to_string();
    assert!(e.starts_with("game 1 (a vs ?, ?): FEN tag"), "{e}");
}

#[test]
fn the_clock_rule_follows_the_pgn() {
    let start = [(180_000.0, 2000.0); 2];
    let convention = |pgn: &str| import_pgn(pgn).unwrap()[0].convention(start);
    // lichess: [%clk] only, each side's first move at the base time.
    assert_eq!(convention(LICHESS), Convention::Lichess);
    // chess.com: [%clk] only, but the first move is timed and credited (3:00 − 1 s + 2 s).
    let chess_com = "[TimeControl \"180+2\"]\n\n1. e4 {[%clk 0:03:01]} e5 {[%clk 0:03:00.2]} *\n";
    assert_eq!(convention(chess_com), Convention::ChessCom);
    // chess.com's download: [%timestamp] tenths beside the clock.
    let download = "[TimeControl \"180+2\"]\n\n1. e4 {[%clk 0:03:01][%timestamp 10]} *\n";
    assert_eq!(convention(download), Convention::ChessCom);
    // cutechess/fastchess: the prefix or [%emt] only.
    let cute = "[TimeControl \"180+2\"]\n\n1. e4 {book} e5 {+0.1/9 1.5s} 2. Nf3 {[%emt 0:00:02]} *\n";
    assert_eq!(convention(cute), Convention::Cutechess);
    // tmlab engine match: [%clk] = 180 + 2 − 1.5 + 2 on the first move (the increment before
    // and after it), as tmlab writes (www/public/replay's 60+0.6 game: 60.6 − 9.995 + 0.6).
    let engine = "[TimeControl \"180+2\"]\n\n1. e4 {1.5s [%clk 0:03:02.5] [%emt 0:00:01.5]} *\n";
    assert_eq!(convention(engine), Convention::Cutechess);
    // fastchess's tl= is the same clock.
    let fastchess = "[TimeControl \"180+2\"]\n\n1. e4 {+0.1/9 1.500s, tl=182.500s, latency=0.001s} *\n";
    assert_eq!(convention(fastchess), Convention::Cutechess);
    // tmlab game with a person: the first move took 5 s and left the clock at 3:00.
    let person = "[TimeControl \"180+2\"]\n\n1. e4 {5s [%clk 0:03:00] [%emt 0:00:05]} *\n";
    assert_eq!(convention(person), Convention::Lichess);
    // Taking exactly the increment leaves 3:00 under lichess's and chess.com's rules: chess.com
    // (both show 3:00 before move 1; the move's own time is its [%emt]).
    let tie = "[TimeControl \"180+2\"]\n\n1. e4 {2s [%clk 0:03:00] [%emt 0:00:02]} *\n";
    assert_eq!(convention(tie), Convention::ChessCom);
}

#[test]
fn games_from_a_fen_count_plies_from_its_move_number() {
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let pgn = format!("[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n3. Bb5 {{[%clk 0:01:00]}} a6 *\n");
    let g = &import_pgn(&pgn).unwrap()[0];
    assert_eq!((g.moves[0].ply, g.moves[1].ply), (4, 5));
    assert_eq!(g.moves[1].label(), "3... a6");
}

#[test]
fn tester_suffixes_and_site_commands_are_read() {
    // fastchess/cutechess append `, …` after the time; OpenBench's flags; fastchess's tl=.
    assert_eq!(cutechess_seconds("-4.36/5 0.001s, Black wins by adjudication"), Ok(Some(1.0)));
    assert_eq!(cutechess_seconds("-0.46/5 0.003s, n=8998, sd=13"), Ok(Some(3.0)));
    assert_eq!(fastchess_time_left("-0.26/9 0.190s, tl=9.810s, latency=0.001s"), Ok(Some(9810.0)));
    assert_eq!(cutechess_seconds("Black mates"), Ok(None));
    // A flag (fastchess 1.8.2 at 10+0.1): the time left is negative, the clock at 0.
    let flag = "0.00/7 0.143s, tl=-0.006s, latency=0.027s, Black loses on time (6ms overrun)";
    assert_eq!((cutechess_seconds(flag), fastchess_time_left(flag)), (Ok(Some(143.0)), Ok(Some(0.0))));
    assert!(cutechess_seconds("+0.1/3 1e308s").unwrap_err().to_string().contains("`1e308s` is not a time"));
    assert!(cutechess_seconds("+0.1/3 -1s").is_err());
    // chess.com: tenths, and a command wrapped across lines.
    assert_eq!(timestamp_ms("[%clk 0:03:01][%timestamp\n17]"), Ok(Some(1700.0)));
    assert_eq!(command_ms("{[%clk\n0:02:59.2][%timestamp 12]}", "clk"), Ok(Some(179_200.0)));
    // A clock is digits: no sign, exponent, infinity.
    for bad in ["-0:01:00", "+0:01:00", "0:00:1e3", "inf", "0:0x:00", "0:00:.5", "1:2.5:00"] {
        assert_eq!(parse_clock(bad), None, "{bad}");
    }
    assert_eq!(parse_clock("1:30:00.25"), Some(5_400_250.0));
}

#[test]
fn one_time_word_parser_with_rounding_and_sign_as_options() {
    let trace = TimeWord { bare_ms: true, signed: true, round: false };
    assert_eq!(time_ms("0.0015s", SECONDS), Ok(Some(2.0)), "cutechess's seconds round to the ms");
    assert_eq!(time_ms("0.0015s", trace), Ok(Some(1.5)), "a trace's field keeps its fraction");
    assert_eq!(time_ms("15", SECONDS), Ok(None), "without `s` it is not a move time");
    assert_eq!(time_ms("15", trace), Ok(Some(15.0)), "a trace's bare number is ms");
    assert_eq!((time_ms("-0.001s", SECONDS), time_ms("-0.001s", trace)), (Err(()), Ok(Some(-1.0))));
    assert_eq!(time_ms("36000001s", SECONDS), Err(()), "more than 10 000 h");
}
