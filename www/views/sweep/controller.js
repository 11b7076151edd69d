// @ts-check
// The Sweep view's state (pure: no DOM, node-tested). The form, the checked plan (from the
// crate's sweep_plan), each value's finished games, the run's status and speed. The rules (what
// a valid sweep is, the statistics and the fit) are the crate's.

import { DEFAULT_NPS } from '../../engine/defaults.js';
import { gridInitial, gridUpdate } from '../../ui/grid-experiment.js';

export { pendingTasks, progressOf, rateOf, exportOf } from '../../ui/grid-experiment.js';

export const SWEEP_PREFIX = 's';

/**
 * The form's defaults (and the URL's types): three values × 20 games at 1+0.01, about a minute
 * and a half on a 2-core laptop, which buys ±134 Elo per value (95 %): enough to see a large
 * difference, not a small one. A target precision of ±60 Elo needs 92 games per value.
 */
export const SWEEP_DEFAULTS = {
  engine: 'ab',
  tm: 'lc0-legacy',
  param: 'slowmover',
  values: '0.5,1,2',
  vs: 'stockfish',
  tc: '1+0.01',
  tcb: '',
  games: 20,
  precision: 0,
  nps: DEFAULT_NPS,
  seed: 1,
  maxmoves: 0,
  conc: 0,
};

/** @typedef {typeof SWEEP_DEFAULTS} SweepForm */

/**
 * The sweep spec (JSON form of the crate's SweepSpec) for the form and its values.
 * @param {SweepForm} f
 * @param {number[]} values
 */
export function specOf(f, values) {
  /** @type {any} */
  const match = {
    engine: f.engine,
    a: f.tm,
    b: f.vs,
    tc_a: f.tc,
    tc_b: f.tcb.trim() || null,
    games: f.games,
    seed: f.seed,
    clock: { mode: 'virtual', nps: f.nps },
    event: 'tmlab sweep',
  };
  if (f.maxmoves > 0) match.adjudication = { max_moves: f.maxmoves };
  return { param: f.param.trim(), values, match };
}

/**
 * @typedef {{ form: SweepForm, plan: any, spec: string|null, error: any, reading?: {tc: string, tcb: string},
 *   run: null | { id: string, spec: string, plan: any, form: SweepForm, scores: (any|null)[][] },
 *   status: 'idle'|'running'|'stopped'|'complete'|'failed', message: string, notice: string,
 *   session: { games: number, ms: number } }} SweepState
 */

/** @param {SweepForm} form @returns {SweepState} */
export function initialState(form) {
  return gridInitial(SWEEP_DEFAULTS, form);
}

/**
 * @param {SweepState} s
 * @param {any} e
 * @returns {SweepState}
 */
export function update(s, e) {
  return gridUpdate(s, e, (plan) => plan.values.length);
}
