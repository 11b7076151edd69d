// @ts-check
// The Match form's state, its URL defaults and the match spec built from it (pure, node-tested).
// The rules (what a valid spec is, the readings) are the crate's: see read_match_spec.

import { pgnDate } from './format.js';
import { DEFAULT_NPS } from '../../engine/defaults.js';

export const MATCH_PREFIX = 'm';

/**
 * The form's defaults (and the URL's types): lc0's legacy manager against Stockfish's at equal
 * controls, 1+0.01 on the project's virtual clock (1 ms = 1 000 nodes, the leaderboard's), 40
 * games: about a minute and a half on a 2-core laptop for ±92 Elo (95 %) on A. ±60 needs 92
 * games (the target precision field), about three and a half minutes.
 */
export const MATCH_DEFAULTS = {
  engine: 'ab',
  a: 'lc0-legacy',
  b: 'stockfish',
  same: true,
  tca: '1+0.01',
  tcb: '1+0.01',
  games: 40,
  precision: 0,
  clock: 'virtual',
  nps: DEFAULT_NPS,
  lat: 0,
  open: 'builtin',
  epd: '',
  seed: 1,
  sprt: false,
  elo0: 0,
  elo1: 10,
  alpha: 0.05,
  beta: 0.05,
  maxmoves: 0,
  conc: 0,
};

/** @typedef {typeof MATCH_DEFAULTS} MatchForm */

/** The choices of the form's menus: a link with anything else falls back to the default. */
export const MATCH_CHOICES = { engine: ['ab', 'mcts'], clock: ['virtual', 'real'], open: ['builtin', 'epd'] };

/** Time-control presets: [label, A, B] in cutechess syntax (seconds). */
export const TC_PRESETS = [
  ['equal 1+0.01 (the default)', '1+0.01', '1+0.01'],
  ['equal 5+0.05', '5+0.05', '5+0.05'],
  ['5 vs 4 (time odds)', '5+0.05', '4+0.05'],
  ['2:1 time', '4+0.04', '2+0.02'],
  ['blitz 10+0.1 vs 8+0.1', '10+0.1', '8+0.1'],
  ['sudden death 3 vs 2', '3', '2'],
];
/** SPRT presets: [label, elo0, elo1] (nElo). */
export const SPRT_PRESETS = [
  ['gainer [0, 10]', 0, 10],
  ['gainer [0, 5]', 0, 5],
  ['non-regression [-10, 0]', -10, 0],
];

/**
 * The match spec (see crate/src/play/match_spec.rs) for the form's state.
 * @param {MatchForm} s
 * @param {string} [date]
 */
export function specOf(s, date = pgnDate()) {
  /** @type {Record<string, unknown>} */
  const spec = {
    engine: s.engine,
    a: s.a,
    b: s.b,
    tc_a: s.tca,
    games: s.games,
    seed: s.seed,
    clock: s.clock === 'real' ? { mode: 'real' } : { mode: 'virtual', nps: s.nps, latency_ms: s.lat },
    openings: s.open === 'epd' ? { epd: s.epd } : 'builtin',
    event: 'tmlab match',
    date,
  };
  if (!s.same) spec.tc_b = s.tcb;
  if (s.sprt) spec.sprt = { elo0: s.elo0, elo1: s.elo1, alpha: s.alpha, beta: s.beta };
  if (s.maxmoves > 0) spec.adjudication = { max_moves: s.maxmoves };
  return spec;
}
