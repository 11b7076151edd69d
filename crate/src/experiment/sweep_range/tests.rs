use super::*;
use crate::tm::TmSpec;

fn param(tm: &str, path: &str) -> NumericParam {
    NumericParam::find(&tm.parse::<TmSpec>().unwrap(), path).unwrap()
}

fn slowmover() -> NumericParam {
    param("lc0-legacy", "slowmover")
}

fn range(text: &str) -> SweepRange {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn ranges_are_even_and_integers_rounded() {
    assert_eq!(range_values(0.5, 1.5, 5, Kind::Float), [0.5, 0.75, 1.0, 1.25, 1.5]);
    assert_eq!(range_values(0.1, 0.3, 3, Kind::Float), [0.1, 0.2, 0.3]);
    assert_eq!(range_values(10.0, 12.0, 5, Kind::Int), [10.0, 11.0, 12.0]);
    assert_eq!(range_values(2.0, 9.0, 1, Kind::Int), [2.0]);
}

#[test]
fn lo_hi_n_parses_with_spaces_and_gives_checked_values() {
    assert_eq!(range(" 0.5 : 1.5 :3 "), SweepRange { lo: 0.5, hi: 1.5, n: 3 });
    assert_eq!(range("0.5:1.5:3").values(&slowmover()).unwrap(), [0.5, 1.0, 1.5]);
    assert_eq!(range("0.1:3:1").values(&slowmover()).unwrap(), [0.1]);
    assert_eq!(range("1:1:64").values(&slowmover()).unwrap().len(), 64);
}

#[test]
fn malformed_text_is_a_syntax_error_naming_the_form() {
    for text in ["1:2", "a:b:3", "1:2:x", "1:2:3:4", "", "1:2:-1", "1:2:2.5"] {
        let e = text.parse::<SweepRange>().unwrap_err();
        assert_eq!(e, RangeError::Syntax(text.into()), "{text}");
        assert_eq!(
            e.to_string(),
            format!(
                "{text:?} is not LO:HI:N; allowed: LO:HI:N with numbers LO ≤ HI and N from 1 to 64, e.g. 0.5:1.5:5"
            )
        );
    }
    let long = "1:".repeat(100);
    assert!(long.parse::<SweepRange>().unwrap_err().message().contains('…'), "a long text is cut");
}

#[test]
fn n_must_be_1_to_64() {
    for n in [0, 65, u32::MAX] {
        let e = SweepRange { lo: 0.5, hi: 1.5, n }.values(&slowmover()).unwrap_err();
        assert_eq!(e, RangeError::Count(n));
        assert_eq!(e.to_string(), format!("N = {n} is not allowed; allowed: 1 to 64 values"));
    }
    assert_eq!(range("0.5:1.5:0").values(&slowmover()).unwrap_err(), RangeError::Count(0));
}

#[test]
fn lo_above_hi_and_nan_ends_are_refused() {
    let e = range("1:0.5:3").values(&slowmover()).unwrap_err();
    assert_eq!(e, RangeError::Reversed { lo: 1.0, hi: 0.5 });
    assert_eq!(e.to_string(), "LO 1 is above HI 0.5; allowed: LO ≤ HI");
    for (lo, hi, end) in [(f64::NAN, 1.0, "LO"), (0.5, f64::NAN, "HI"), (f64::NAN, f64::NAN, "LO")] {
        let e = SweepRange { lo, hi, n: 3 }.values(&slowmover()).unwrap_err();
        assert_eq!(e.message(), format!("{end} is not a number"));
        assert_eq!(e.allowed(), "a float in 0.1 … 3");
    }
    // Rust reads "NaN" as a number, so the text form reaches the same check.
    assert!(matches!(range("NaN:1:3").values(&slowmover()), Err(RangeError::NotANumber { end: "LO", .. })));
}

#[test]
fn an_end_outside_the_parameter_is_refused_with_its_range() {
    let e = range("0.05:1:3").values(&slowmover()).unwrap_err();
    assert_eq!(e.to_string(), "0.05 is out of range for slowmover; allowed: a float in 0.1 … 3");
    let e = range("0.5:3.5:3").values(&slowmover()).unwrap_err();
    assert_eq!(e.message(), "3.5 is out of range for slowmover");
    let e = range("0.5:inf:3").values(&slowmover()).unwrap_err();
    assert!(matches!(e, RangeError::OutOfRange { value, .. } if value == f64::INFINITY), "{e:?}");
    let f: FieldError = e.into();
    assert_eq!((f.path.as_str(), f.allowed.as_str()), ("range", "a float in 0.1 … 3"));
}

#[test]
fn an_integer_parameter_takes_ends_that_round_into_its_range() {
    let horizon = param("stockfish", "horizon");
    assert_eq!(range("9.6:12.4:5").values(&horizon).unwrap(), [10.0, 11.0, 12.0]);
    assert_eq!(range("10:100:2").values(&horizon).unwrap(), [10.0, 100.0]);
    let e = range("9.4:12:3").values(&horizon).unwrap_err();
    assert_eq!(e.to_string(), "9.4 is out of range for horizon; allowed: an integer in 10 … 100");
    // A float parameter takes no rounding.
    assert!(range("0.06:1:3").values(&slowmover()).is_err());
}

#[test]
fn the_values_field_reads_a_list_or_a_range_and_names_values_in_its_errors() {
    let p = slowmover();
    assert_eq!(sweep_values(" 0.5, 1 ,1.5", &p).unwrap(), [0.5, 1.0, 1.5]);
    assert_eq!(sweep_values("0.5:1.5:3", &p).unwrap(), [0.5, 1.0, 1.5]);
    for (text, message, allowed) in [
        ("0.5,x", "\"x\" is not a number", "a float in 0.1 … 3 for slowmover"),
        ("", "\"\" is not a number", "a float in 0.1 … 3 for slowmover"),
        ("1,NaN", "\"NaN\" is not a number", "a float in 0.1 … 3 for slowmover"),
        ("1:2", "\"1:2\" is not LO:HI:N", "LO:HI:N with numbers LO ≤ HI and N from 1 to 64, e.g. 0.5:1.5:5"),
        ("0.5:1.5:65", "N = 65 is not allowed", "1 to 64 values"),
        ("0.5:3.5:3", "3.5 is out of range for slowmover", "a float in 0.1 … 3"),
    ] {
        let e = sweep_values(text, &p).unwrap_err();
        assert_eq!(
            (e.path.as_str(), e.message.as_str(), e.allowed.as_str()),
            ("values", message, allowed),
            "{text:?}"
        );
    }
    // The CLI's --values is the list half: a range there is not a number.
    assert_eq!(values_list("0.5:1.5:3", &p).unwrap_err().message, "\"0.5:1.5:3\" is not a number");
}
