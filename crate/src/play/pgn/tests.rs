//! Tests of `pgn`: clock formats, move comments, writing and reading back.

use super::*;
use crate::stop::Score;

#[test]
fn clock_formats_round_trip() {
    assert_eq!(format_clock(175_300.0), "0:02:55.3");
    assert_eq!(format_clock(1_210.0), "0:00:01.21");
    assert_eq!(format_clock(3_723_004.0), "1:02:03.004");
    assert_eq!(format_clock(60_000.0), "0:01:00");
    assert_eq!(format_clock(-5.0), "0:00:00");
    for ms in [0.0, 1.0, 999.0, 59_999.0, 3_600_000.0, 36_000_123.0] {
        assert_eq!(parse_clock(&format_clock(ms)), Some(ms));
    }
    assert_eq!(parse_clock("2:30"), Some(150_000.0));
    assert_eq!(parse_clock("x:00:01"), None);
}

#[test]
fn move_comment_matches_the_conventions() {
    let c = MoveComment {
        eval: Some((Score::Cp(31), 14)),
        emt_ms: 1210.0,
        clk_ms: 175_300.0,
        extras: vec![("n".into(), "12345".into())],
    };
    assert_eq!(c.render(), "+0.31/14 1.21s [%clk 0:02:55.3] [%emt 0:00:01.21] n=12345");
    assert_eq!(format_eval(Score::MateIn(5)), "+M3");
    assert_eq!(format_eval(Score::MatedIn(2)), "-M1");
    assert_eq!(format_eval(Score::Cp(-120)), "-1.20");
}

fn sample() -> PgnGame {
    let mut moves = Vec::new();
    for (i, san) in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"].iter().enumerate() {
        let comment = if i < 2 {
            "book".to_string()
        } else {
            MoveComment {
                eval: Some((Score::Cp(20 - i as i32 * 7), 10 + i as u32)),
                emt_ms: 100.0 * i as f64 + 0.5,
                clk_ms: 60_000.0 - 250.0 * i as f64,
                extras: vec![],
            }
            .render()
        };
        moves.push(PgnMove { san: san.to_string(), comment: Some(comment) });
    }
    PgnGame {
        tags: vec![
            ("Event".into(), "tmlab match".into()),
            ("Site".into(), "tmlab".into()),
            ("Date".into(), "2026.11.22".into()),
            ("Round".into(), "1".into()),
            ("White".into(), "lc0-smooth(preset=lc0)".into()),
            ("Black".into(), "stockfish \"quoted\"".into()),
            ("Result".into(), "1/2-1/2".into()),
            ("TimeControl".into(), "60+0.6".into()),
            ("Termination".into(), "adjudication".into()),
        ],
        moves,
        result: PgnResult::Draw,
    }
}

#[test]
fn round_trip_through_pgn_reader() {
    let game = sample();
    let text = game.to_pgn();
    assert!(text.lines().all(|l| l.len() < LINE_WIDTH), "{text}");
    assert!(text.contains("1. e4 {book} e5 {book} 2. Nf3"), "{text}");
    assert!(text.contains("{-0.01/13 0.301s [%clk 0:00:59.25] [%emt 0:00:00.301]}"), "{text}");
    let back = parse_pgn(&(text.clone() + &text)).unwrap();
    assert_eq!(back.len(), 2);
    assert_eq!(back[0], game);
    let c = back[0].moves[9].comment.as_deref().unwrap();
    assert_eq!(comment_command(c, "clk").and_then(parse_clock), Some(60_000.0 - 2250.0));
    assert_eq!(comment_command(c, "emt").and_then(parse_clock), Some(901.0));
}

#[test]
fn games_from_a_fen_and_bad_moves() {
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let game = PgnGame {
        tags: vec![("SetUp".into(), "1".into()), ("FEN".into(), fen.into())],
        moves: vec![PgnMove { san: "Bb5".into(), comment: None }],
        result: PgnResult::Unfinished,
    };
    let text = game.to_pgn();
    assert!(text.contains("3. Bb5 *"), "{text}");
    assert_eq!(parse_pgn(&text).unwrap()[0], game);
    let err = parse_pgn("[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n").unwrap_err();
    assert!(
        err.to_string().contains("game 1")
            && err.to_string().contains("ply 3")
            && err.to_string().contains("Ke3"),
        "{err}"
    );
}

#[test]
fn every_comment_field_is_explained_in_the_docs() {
    let doc = include_str!("../../../../docs/play.md");
    let section = doc.split("## PGN comments").nth(1).expect("docs/play.md has a PGN comments section");
    for f in super::COMMENT_FIELDS {
        assert!(
            section.contains(&format!("| `{}` | `{}` |", f.field, f.example)),
            "{} is not in docs/play.md",
            f.field
        );
        let words = f.meaning.split_whitespace().take(6).collect::<Vec<_>>().join(" ");
        assert!(
            section.replace('`', "").contains(&words.replace('`', "")),
            "{}: docs/play.md says otherwise",
            f.field
        );
    }
}
