//! Mates found and scored, draws by rule, repetition and material.

use super::*;

#[test]
fn finds_mate_in_one() {
    assert_mate("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1, 5_000);
}

#[test]
fn finds_mate_in_two() {
    assert_mate("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10", 2, 50_000);
}

#[test]
fn finds_mate_in_three() {
    assert_mate("8/8/6k1/8/8/8/R7/1R5K w - - 0 1", 3, 400_000);
}

#[test]
fn mated_side_sees_mated_score_and_checkmate_is_an_error() {
    // Black to move, mated in one whatever it does: Rd1 covers the back rank, Qe8 ... Rxe8#.
    let (r, _) = search("4r1k1/5ppp/8/8/8/8/5PPP/3RR1K1 b - - 0 1", Limits::depth(4));
    assert!(r.score.as_cp() < 0, "{:?}", r.score);
    let mut engine = Searcher::new(1);
    let mated = RootPosition::from_fen("3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1").unwrap();
    let req = SearchRequest {
        stopper: &mut NeverStop::default(),
        timer: Timer::virtual_nps(VNPS),
        limits: Limits::depth(3),
        control: SearchControl::new(),
    };
    assert_eq!(engine.search(&mated, req, &mut |_| {}).unwrap_err(), SearchError::Checkmate);
    let stalemate = RootPosition::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    let req = SearchRequest {
        stopper: &mut NeverStop::default(),
        timer: Timer::virtual_nps(VNPS),
        limits: Limits::depth(3),
        control: SearchControl::new(),
    };
    assert_eq!(engine.search(&stalemate, req, &mut |_| {}).unwrap_err(), SearchError::Stalemate);
}

#[test]
fn fifty_move_rule_scores_zero_but_mate_still_counts() {
    // KR vs K is winning, but every move reaches the 100th half-move without a capture.
    let (r, _) = search("8/8/3k4/8/8/8/8/R3K3 w - - 99 80", Limits::depth(5));
    assert_eq!(r.score, Score::Cp(0));
    let (r, _) = search("8/8/3k4/8/8/8/8/R3K3 w - - 0 80", Limits::depth(5));
    assert!(r.score.as_cp() > 300, "{:?}", r.score);
    // Checkmate on the 100th half-move is still checkmate.
    let (r, _) = search("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 99 80", Limits::depth(3));
    assert_eq!(r.score, Score::MateIn(1));
}

#[test]
fn repetition_of_a_game_position_is_a_draw_the_losing_side_seeks() {
    // Black, a queen down, can repeat the position after 1...Kf7 from the game history.
    let mut root = RootPosition::from_fen("4k3/8/8/8/8/8/8/3QK3 b - - 0 1").unwrap();
    for m in ["e8f7", "d1d2", "f7e8", "d2d1"] {
        root.play_uci(m).unwrap();
    }
    let (r, _) = search_with(&root, &mut NeverStop::default(), Limits::depth(5), SearchControl::new());
    assert_eq!(r.best_move_uci, "e8f7");
    assert_eq!(r.score, Score::Cp(0));
    // Without the history the same position is simply lost.
    let (r, _) = search("4k3/8/8/8/8/8/8/3QK3 b - - 0 1", Limits::depth(5));
    assert!(r.score.as_cp() < -500, "{:?}", r.score);
}

#[test]
fn insufficient_material_is_a_draw() {
    // K+N vs K and K+B vs K: every position below the root is a dead draw.
    let (r, _) = search("8/8/8/4k3/8/2N5/8/1K6 w - - 0 1", Limits::depth(6));
    assert_eq!(r.score, Score::Cp(0));
    let (r, _) = search("8/8/8/4k3/8/2B5/8/1K6 b - - 0 1", Limits::depth(6));
    assert_eq!(r.score, Score::Cp(0));
    // With a pawn left it is not.
    let (r, _) = search("8/8/8/5k2/8/2B5/P7/1K6 w - - 0 1", Limits::depth(6));
    assert!(r.score.as_cp() > 100, "{:?}", r.score);
}
