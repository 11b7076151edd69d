// @ts-check
// The Match view's Scaling section: its state (pure: no DOM, node-tested). The same run shape
// as a sweep (one row of finished games per measured point, here per time control), so the
// grid reducer, pending-games order and progress (ui/grid-experiment.js) serve it; its points
// are the plan's controls. The rules (a valid scaling, the statistics, the line fit and
// its verdict) are the crate's (scaling_plan, scaling_report).

import { DEFAULT_NPS } from '../../engine/defaults.js';
import { gridInitial, gridUpdate } from '../../ui/grid-experiment.js';

export { pendingTasks, progressOf, rateOf, exportOf } from '../../ui/grid-experiment.js';

export const SCALING_PREFIX = 'sc';

/**
 * The form's defaults (and the URL's types): three doublings from 1+0.01, 10 games each. About
 * a minute and a half on a 2-core laptop, which buys ±190 Elo per control (95 %): enough to see
 * a manager that collapses or thrives with time, not a small trend. The CLI's default runs six
 * controls to 32+0.32 (`tmlab scaling --dry-run` prints its cost).
 */
export const SCALING_DEFAULTS = {
  engine: 'ab',
  a: 'lc0-legacy',
  b: 'stockfish',
  tcs: '1+0.01,2+0.02,4+0.04',
  games: 10,
  precision: 0,
  nps: DEFAULT_NPS,
  seed: 1,
  maxmoves: 0,
  conc: 0,
};

/** @typedef {typeof SCALING_DEFAULTS} ScalingForm */

/**
 * The scaling spec (JSON form of the crate's ScalingSpec) for the form and its controls.
 * @param {ScalingForm} f
 * @param {string[]} tcs
 */
export function specOf(f, tcs) {
  /** @type {any} */
  const match = {
    engine: f.engine,
    a: f.a.trim(),
    b: f.b.trim(),
    games: f.games,
    seed: f.seed,
    clock: { mode: 'virtual', nps: f.nps },
    event: 'tmlab scaling',
  };
  if (f.maxmoves > 0) match.adjudication = { max_moves: f.maxmoves };
  return { tcs, match };
}

/** @param {Partial<ScalingForm>} form */
export function initialState(form) {
  return gridInitial(SCALING_DEFAULTS, form);
}

/**
 * @param {any} s
 * @param {any} e
 */
export function update(s, e) {
  return gridUpdate(s, e, (plan) => plan.tcs.length);
}
