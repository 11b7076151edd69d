//! Tests for the glossary.

use super::*;

#[test]
fn units_format_values() {
    assert_eq!(Unit::Ms.format(2420.0), "2420 ms");
    assert_eq!(Unit::Moves.format(17.433), "17.43 moves");
    assert_eq!(Unit::Factor.format(6.873), "×6.87");
    assert_eq!(Unit::Share.format(0.0441), "4.41 %");
    assert_eq!(Unit::Flag.format(1.0), "yes");
    assert_eq!(Unit::Ms.format(f64::INFINITY), "∞");
    assert_eq!(Unit::Ms.format(-25542.0), "-25542 ms");
}

#[test]
fn lookup_prefers_the_scope_then_the_common_terms() {
    assert_eq!(lookup("stockfish", "mtg").unwrap().label, "move horizon");
    assert_eq!(lookup("lc0-legacy", "mtg").unwrap().label, "moves left (estimate)");
    assert_eq!(lookup("lc0-legacy", "exceeds_clock").unwrap().scope, SCOPE_BUDGET);
    assert!(lookup("lc0-legacy", "no-such-term").is_none());
    assert_eq!(lookup("", "falling_eval").unwrap().scope, "stockfish");
    assert!(lookup("", "mtg").is_none(), "ambiguous without a scope");
}

#[test]
fn readouts_of_unknown_terms_say_so() {
    let r = readout("stockfish", "nope", 3.0);
    assert!(!r.known);
    assert_eq!(r.label, "nope");
    let r = readout("stockfish", "optScale", 0.0441);
    assert_eq!(r.line(), "optimum share 4.41 %");
    assert!(r.help().contains("timeman.cpp"), "{}", r.help());
}
