//! Tests of `adjudication`: the text forms and the checks of every rule.

use super::*;

fn resign_err(s: &str) -> AdjudicationError {
    s.parse::<ResignRule>().expect_err(s)
}

fn draw_err(s: &str) -> AdjudicationError {
    s.parse::<DrawRule>().expect_err(s)
}

#[test]
fn the_text_forms_parse_and_print_back() {
    let r: ResignRule = "3,600".parse().unwrap();
    assert_eq!(r, ResignRule { move_count: 3, score_cp: 600, two_sided: false });
    assert_eq!(r.to_string(), "3,600");
    let r: ResignRule = " 5 , 400 , true ".parse().unwrap();
    assert_eq!(r, ResignRule { move_count: 5, score_cp: 400, two_sided: true });
    assert_eq!(r.to_string().parse::<ResignRule>().unwrap(), r);
    assert!(!"3,600,false".parse::<ResignRule>().unwrap().two_sided);
    let d: DrawRule = "40,8,10".parse().unwrap();
    assert_eq!(d, DrawRule { move_number: 40, move_count: 8, score_cp: 10 });
    assert_eq!(d.to_string(), "40,8,10");
    // A draw score of 0 and a move number of 0 are allowed; the edges of the ranges too.
    assert_eq!("0,1,0".parse::<DrawRule>().unwrap().score_cp, 0);
    assert_eq!("10000,10000,5".parse::<DrawRule>().unwrap().move_count, 10_000);
}

#[test]
fn a_wrong_shape_names_the_rule_and_the_form() {
    let e = resign_err("3");
    assert_eq!((e.path.as_str(), e.rule()), ("resign", "resign"));
    assert_eq!(e.message, "expected movecount,score[,twosided], got \"3\"");
    assert_eq!(e.allowed, "e.g. 3,600 or 3,600,true");
    assert_eq!(resign_err("1,2,true,4").path, "resign");
    assert_eq!(resign_err("").path, "resign");
    let e = draw_err("40,8");
    assert_eq!(
        e.to_string(),
        "draw: expected movenumber,movecount,score, got \"40,8\"; allowed: e.g. 40,8,10"
    );
}

#[test]
fn each_bad_field_is_named_with_what_it_allows() {
    for (e, path, msg, allowed) in [
        (resign_err("x,600"), "resign.move_count", "movecount \"x\" is not a whole number", "1 to 10000"),
        (resign_err("0,600"), "resign.move_count", "movecount 0 is out of range", "1 to 10000"),
        (resign_err("10001,600"), "resign.move_count", "movecount 10001", "1 to 10000"),
        (resign_err("-1,600"), "resign.move_count", "\"-1\" is not a whole number", "moves"),
        (
            resign_err("3,6.5"),
            "resign.score_cp",
            "score \"6.5\" is not a whole number of centipawns",
            "above 0",
        ),
        (resign_err("3,0"), "resign.score_cp", "score 0 cp is not above 0", "above 0"),
        (resign_err("3,-600"), "resign.score_cp", "score -600 cp", "above 0"),
        (resign_err("3,600,yes"), "resign.two_sided", "twosided \"yes\" is neither", "true or false"),
        (draw_err("a,8,10"), "draw.move_number", "movenumber \"a\"", "0 to 10000"),
        (draw_err("10001,8,10"), "draw.move_number", "movenumber 10001 is out of range", "0 to 10000"),
        (draw_err("40,0,10"), "draw.move_count", "movecount 0 is out of range", "1 to 10000"),
        (draw_err("40,8,-1"), "draw.score_cp", "score -1 cp is below 0", "0 or more"),
        (draw_err("40,8,ten"), "draw.score_cp", "score \"ten\"", "0 or more"),
    ] {
        assert_eq!(e.path, path, "{e}");
        assert!(e.message.contains(msg), "{e}");
        assert!(e.allowed.contains(allowed), "{e}");
    }
    // A huge value is quoted in part.
    let e = resign_err(&format!("{},600", "9".repeat(100)));
    assert!(e.message.len() < 100 && e.message.contains('…'), "{e}");
}

#[test]
fn check_covers_every_rule() {
    assert_eq!(Adjudication::default().check(), Ok(()));
    let ok = Adjudication {
        resign: Some("3,600".parse().unwrap()),
        draw: Some("40,8,10".parse().unwrap()),
        max_moves: Some(150),
    };
    assert_eq!(ok.check(), Ok(()));
    let bad_resign = ResignRule { move_count: 3, score_cp: 0, two_sided: false };
    assert_eq!(Adjudication { resign: Some(bad_resign), ..ok }.check().unwrap_err().path, "resign.score_cp");
    let bad_draw = DrawRule { move_number: 40, move_count: 0, score_cp: 10 };
    assert_eq!(Adjudication { draw: Some(bad_draw), ..ok }.check().unwrap_err().path, "draw.move_count");
    for n in [0, MAX_MAX_MOVES + 1] {
        let e = Adjudication { max_moves: Some(n), ..ok }.check().unwrap_err();
        assert_eq!((e.path.as_str(), e.rule()), ("max_moves", "max_moves"));
        assert!(e.allowed.contains("1 to 100000"), "{e}");
    }
    assert_eq!(Adjudication { max_moves: Some(MAX_MAX_MOVES), ..ok }.check(), Ok(()));
}
