//! The terms of the alpha-beta managers: Mediocre, the engine guide and Stockfish (their budget
//! terms, their effective-limit factors and their per-game state).

use super::{Entry, Repo, Source, Unit, e};

const MED: &str = "mediocre";
const GUIDE: &str = "guide";
const SF: &str = "stockfish";

const SEED_MED: Source = Source::Seed("001_17165174847994fc.txt");
const SEED_GUIDE: Source = Source::Seed("004_5553bfcd042ba4ed.txt");
const ETH: Source = Source::Upstream(Repo::Ethereal, "src/timeman.c");
const TIMEMAN: Source = Source::Upstream(Repo::Stockfish, "src/timeman.cpp");
const SEARCH: Source = Source::Upstream(Repo::Stockfish, "src/search.cpp");
const THREAD: Source = Source::Upstream(Repo::Stockfish, "src/thread.cpp");

/// The entries.
#[rustfmt::skip]
pub(super) const ENTRIES: &[Entry] = &[
    // Mediocre (spec §2)
    e(MED, "base", "clock share", Unit::Ms,
        "the clock spread over the next 40 moves",
        "⌊clock/divisor⌋", SEED_MED),
    e(MED, "inc_part", "increment share", Unit::Ms,
        "the part of the increment spent on this move",
        "⌊inc·inc-frac⌋", SEED_MED),
    e(MED, "guard", "guard", Unit::Code,
        "0: the plain budget; 1: it reached the clock, so clock − safety-ms; 2: negative, so fallback-ms",
        "b ≥ clock → clock − safety-ms; b < 0 → fallback-ms", SEED_MED),
    e(MED, "budget", "budget (hard)", Unit::Ms,
        "the hard limit: the search stops inside an iteration here",
        "b = base + inc_part, guarded", SEED_MED),
    e(MED, "next_depth_factor", "next-depth factor", Unit::Factor,
        "no new depth once elapsed × this passes the budget: do not start a depth you cannot finish",
        "soft = budget/next-depth-factor", SEED_MED),
    // The guide (spec §3)
    e(GUIDE, "clock0", "first clock", Unit::Ms,
        "the clock at the first move of the game (fixed chunks divide it)",
        "clock₀", SEED_GUIDE),
    e(GUIDE, "L", "limit", Unit::Ms,
        "the one limit of the chunks and fraction modes (soft = hard)",
        "chunks: ⌊clock₀/chunk-divisor⌋; fraction: ⌊clock/fraction-divisor⌋", SEED_GUIDE),
    e(GUIDE, "clock_part", "clock share", Unit::Ms,
        "the clock divided by base-divisor",
        "⌊clock/base-divisor⌋", SEED_GUIDE),
    e(GUIDE, "inc_part", "increment share", Unit::Ms,
        "the part of the increment spent on this move",
        "⌊inc·inc-frac⌋", SEED_GUIDE),
    e(GUIDE, "base", "base", Unit::Ms,
        "the recap rule's budget before the soft/hard split",
        "clock_part + inc_part", SEED_GUIDE),
    e(GUIDE, "soft", "soft limit", Unit::Ms,
        "no new iteration after this (scaled by the tricks when they are on)",
        "⌊base·soft-frac⌋", SEED_GUIDE),
    e(GUIDE, "hard", "hard limit", Unit::Ms,
        "the search stops inside an iteration here",
        "⌊base·hard-mult⌋", SEED_GUIDE),
    e(GUIDE, "overhead", "move overhead", Unit::Ms,
        "added to elapsed at every check: time lost to the GUI and the network",
        "stop when elapsed + O ≥ limit", SEED_GUIDE),
    e(GUIDE, "soft_eff", "effective soft limit", Unit::Ms,
        "the soft limit after the last iteration's PV, score and node scalings",
        "soft·pv·score·node", ETH),
    e(GUIDE, "pv", "PV stability", Unit::Factor,
        "shrinks the soft limit while the best move stays the same",
        "pv-base − pv-step·min(pv-cap, s)", ETH),
    e(GUIDE, "score", "score stability", Unit::Factor,
        "0.75 (less time) while the score is stable or rising (drop ≤ 15 cp); above 1 only for drops over 20 cp, 1.25 from 25 cp",
        "clamp(score-slope·(score[d − lag] − score[d]), score-min, score-max)", ETH),
    e(GUIDE, "node", "node share", Unit::Factor,
        "shrinks the soft limit when most nodes went to the best move",
        "max(node-min, node-slope·(1 − best_nodes/nodes) + node-offset)", ETH),
    // Stockfish (spec §9)
    e(SF, "mtg", "move horizon", Unit::Moves,
        "the moves the time is planned over",
        "movestogo ? min(movestogo, horizon) : horizon; below 1 s: trunc(0.05·clock)", TIMEMAN),
    e(SF, "timeLeft", "time left", Unit::Ms,
        "the clock plus the increments of the horizon, less overhead per move",
        "max(1, clock + inc·(mtg − 1) − O·(2 + mtg))", TIMEMAN),
    e(SF, "adj", "time adjust", Unit::Factor,
        "originalTimeAdjust: set from timeLeft at the first move and kept, but recomputed every move while negative (timeLeft ≤ 18 ms)",
        "adj < 0 (−1 at a new game) ? 0.3272·log10(timeLeft) − 0.4141 : adj", TIMEMAN),
    e(SF, "optScale", "optimum share", Unit::Share,
        "the share of timeLeft the optimum takes",
        "min(0.012112 + (ply + 3.22713)^0.46866·optC, 0.19404·clock/timeLeft)·adj", TIMEMAN),
    e(SF, "maxScale", "maximum multiple", Unit::Factor,
        "how many optimums the maximum may be",
        "min(6.873, maxC + ply/12.352)", TIMEMAN),
    e(SF, "optimum", "optimum", Unit::Ms,
        "the planned time: the soft stop before the in-search factors",
        "trunc(max(1, optScale·timeLeft)) (+ ponder bonus)", TIMEMAN),
    e(SF, "maximum", "maximum", Unit::Ms,
        "the hard stop, and the cap on the soft stop",
        "trunc(max(optimum, min(max-clock-frac·clock − O, maxScale·optimum)))", TIMEMAN),
    e(SF, "falling_eval", "falling eval", Unit::Factor,
        "more time when the score falls below the last move's average and 4 iterations ago (first move: prevAvg = VALUE_INFINITE)",
        "clamp((11.48 + 2.30·k·(prevAvg − best) + 1.10·k·(iterValue − best))/100, 0.576, 1.728)", SEARCH),
    e(SF, "reduction", "best-move stability", Unit::Factor,
        "less time while the best move has not changed for many depths",
        "(1.468 + prevTimeRed)/(2.284·timeRed)", SEARCH),
    e(SF, "instability", "best-move instability", Unit::Factor,
        "more time after recent best-move changes",
        "1.077 + 2.229·changes", SEARCH),
    e(SF, "nodes_effort", "node effort", Unit::Factor,
        "less time when the best move took most of the nodes",
        "clamp(lerp(effort; 75800→0.969, 104510→0.714), 0.693, 0.838)", SEARCH),
    e(SF, "prevTimeReduction", "previous time reduction", Unit::Factor,
        "the last search's timeRed, carried into the next move's reduction",
        "time-reduction-init at a new game", THREAD),
    e(SF, "prevScore", "previous score", Unit::Score,
        "the previous move's final score, filling the 4-iteration ring",
        "final score·score-unit", SEARCH),
    e(SF, "prevAvg", "previous average score", Unit::Score,
        "the previous move's average score, for falling eval",
        "average score·score-unit", SEARCH),
];
