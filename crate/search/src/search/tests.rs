//! Behaviour tests of the alpha-beta search: mates, draws, determinism, aborted iterations, and
//! the contract with the stopper (cadence, soft/hard checks, increase_depth, ponder, stop).
//! The shared helpers are here; `scores` holds mates and draws, `determinism` determinism,
//! limits and aborted iterations, `stopper` the contract with the stopper.

use std::cell::RefCell;
use std::rc::Rc;

use shakmaty::{Chess, Position};

use super::alphabeta::{MATE, move_key};
use super::position::{parse_fen, uci};
use super::*;
use crate::clock::timer::Timer;
use crate::stop::{Budget, Decision, Hints, NeverStop, Score, SearchStats, StopReason, Stopper};

/// One random game from `fen` (at most `plies` moves, each picked by a xorshift step of `seed`):
/// `visit` sees every position with its legal moves, the last one included when it has none.
/// The move generation, packing and ordering tests walk their positions with it.
pub(super) fn random_game(
    fen: &str,
    plies: usize,
    seed: &mut u64,
    mut visit: impl FnMut(&Chess, &shakmaty::MoveList),
) {
    let mut pos = parse_fen(fen).unwrap();
    for _ in 0..plies {
        let legal = pos.legal_moves();
        visit(&pos, &legal);
        if legal.is_empty() {
            break;
        }
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        pos.play_unchecked(legal[(*seed % legal.len() as u64) as usize]);
    }
}

/// Virtual speed used by the tests: 1 M nodes per virtual second (1000 nodes per ms).
const VNPS: f64 = 1_000_000.0;

fn search_with(
    root: &RootPosition,
    stopper: &mut dyn Stopper,
    limits: Limits,
    control: SearchControl,
) -> (SearchResult, Vec<IterationReport>) {
    let mut engine = Searcher::new(1);
    let mut reports = Vec::new();
    let req = SearchRequest { stopper, timer: Timer::virtual_nps(VNPS), limits, control };
    let result = engine.search(root, req, &mut |r| reports.push(r.clone())).unwrap();
    (result, reports)
}

fn search(fen: &str, limits: Limits) -> (SearchResult, Vec<IterationReport>) {
    search_with(
        &RootPosition::from_fen(fen).unwrap(),
        &mut NeverStop::default(),
        limits,
        SearchControl::new(),
    )
}

/// Brute force: can the side to move mate within `moves` of its moves?
fn mates_within(pos: &Chess, moves: u32) -> bool {
    if moves == 0 {
        return false;
    }
    pos.legal_moves().iter().any(|&m| {
        let mut child = pos.clone();
        child.play_unchecked(m);
        let replies = child.legal_moves();
        if replies.is_empty() {
            return child.is_check();
        }
        replies.iter().all(|&r| {
            let mut grand = child.clone();
            grand.play_unchecked(r);
            mates_within(&grand, moves - 1)
        })
    })
}

/// Checks that `fen` is a mate in exactly `n` (brute force), that the search finds a mate in
/// `n` within `node_budget` nodes, and that its move keeps the mate in `n`.
fn assert_mate(fen: &str, n: u32, node_budget: u64) {
    let pos = parse_fen(fen).unwrap();
    assert!(mates_within(&pos, n), "{fen} is not a mate in {n}");
    assert!(n == 1 || !mates_within(&pos, n - 1), "{fen} is a mate in fewer than {n}");
    let limits = Limits { nodes: Some(node_budget), depth: Some(2 * n + 2), ..Limits::default() };
    let (result, _) = search(fen, limits);
    assert_eq!(result.score, Score::MateIn(2 * n - 1), "{fen}");
    assert!(result.nodes <= node_budget);
    let mut after = pos.clone();
    after.play_unchecked(result.best_move);
    if n == 1 {
        assert!(after.is_checkmate());
    } else {
        assert!(after.legal_moves().iter().all(|&r| {
            let mut g = after.clone();
            g.play_unchecked(r);
            mates_within(&g, n - 1)
        }));
    }
}

mod determinism;
mod scores;
mod stopper;
