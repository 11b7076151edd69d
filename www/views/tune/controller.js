// @ts-check
// The Tune view's state (pure: no DOM, node-tested): the form, the checked plan (the crate's
// tune_plan), the finished SPSA iterations and the run's status. The SPSA steps themselves are
// the crate's (tune_next, tune_apply).

import { tune_param_list } from '../../pkg/tmlab.js';
import { DEFAULT_NPS } from '../../engine/defaults.js';

export const TUNE_PREFIX = 't';

/**
 * The form's defaults (and the URL's types): 30 iterations (60 games) at 1+0.01, about a minute
 * and a half on a 2-core laptop; c_end and r_end follow the run's length (the crate's rule).
 */
export const TUNE_DEFAULTS = {
  engine: 'ab',
  tm: 'lc0-legacy(slowmover=0.5)',
  params: 'slowmover',
  cend: '',
  rend: '',
  tc: '1+0.01',
  games: 60,
  nps: DEFAULT_NPS,
  seed: 1,
  maxmoves: 0,
  conc: 0,
};

/** @typedef {typeof TUNE_DEFAULTS} TuneForm */

/**
 * The tune spec (JSON form of the crate's TuneSpec).
 * @param {TuneForm} f
 * @param {{c_end: number[], r_end: number[]}} ends the `cend`/`rend` fields as the crate reads them
 */
export function specOf(f, ends) {
  /** @type {any} */
  const match = {
    engine: f.engine,
    a: f.tm,
    b: f.tm,
    tc_a: f.tc,
    games: f.games,
    seed: f.seed,
    clock: { mode: 'virtual', nps: f.nps },
    event: 'tmlab tune',
  };
  if (f.maxmoves > 0) match.adjudication = { max_moves: f.maxmoves };
  const params = tune_param_list(f.params);
  return { params, c_end: ends.c_end, r_end: ends.r_end, pairs_per: 1, match };
}

/**
 * A run: `history` the finished iterations 1 … k; `held` restored records of later iterations
 * (past a damaged one), each taken when it comes due if it still follows (the crate's
 * tune_next).
 * @typedef {{ form: TuneForm, plan: any, spec: string|null, error: any, reading?: {tc: string},
 *   run: null | { id: string, spec: string, plan: any, form: TuneForm, history: any[], held?: any[] },
 *   status: 'idle'|'running'|'stopped'|'complete'|'failed', message: string, notice: string }} TuneState
 */

/** @param {TuneForm} form @returns {TuneState} */
export function initialState(form) {
  return { form: { ...TUNE_DEFAULTS, ...form }, plan: null, spec: null, error: null, run: null, status: 'idle', message: '', notice: '' };
}

/**
 * @param {TuneState} s
 * @param {any} e
 * @returns {TuneState}
 */
export function update(s, e) {
  switch (e.type) {
    case 'form':
      return { ...s, form: e.form, plan: e.plan ?? null, spec: e.spec ?? null, error: e.error ?? null, reading: e.reading ?? s.reading };
    case 'start':
      return { ...s, run: { id: e.id, spec: e.spec, plan: e.plan, form: s.form, history: [], held: [] }, status: 'running', message: '', notice: '' };
    case 'restore':
      return { ...s, form: e.run.form, run: e.run, status: e.status, message: '' };
    case 'resume':
      return { ...s, status: 'running', message: '' };
    case 'iteration': {
      if (!s.run) return s;
      const history = [...s.run.history, e.record];
      const held = (s.run.held ?? []).filter(([, r]) => r.step.k > e.record.step.k);
      const done = history.length >= s.run.plan.spsa.iterations;
      return { ...s, run: { ...s.run, history, held }, status: done ? 'complete' : s.status };
    }
    case 'stop':
      return s.status === 'running' ? { ...s, status: 'stopped' } : s;
    case 'recount': // after a restore: a run with iterations still to play is not complete
      return s.status === 'complete' && s.run && s.run.history.length < s.run.plan.spsa.iterations ? { ...s, status: 'stopped' } : s;
    case 'notice':
      return { ...s, notice: e.notice };
    case 'fail':
      return { ...s, status: 'failed', message: e.message };
    default:
      return s;
  }
}

/** Iterations done and planned. @param {TuneState} s */
export function progressOf(s) {
  if (!s.run) return { done: 0, total: 0, share: 0 };
  const total = s.run.plan.spsa.iterations;
  return { done: s.run.history.length, total, share: total ? s.run.history.length / total : 0 };
}

/**
 * Player +'s wins, losses and draws in an iteration's game summaries.
 * @param {{outcome_a: string}[]} summaries
 */
export function tally(summaries) {
  const t = { wins: 0, losses: 0, draws: 0 };
  for (const g of summaries) {
    if (g.outcome_a === 'win') t.wins += 1;
    else if (g.outcome_a === 'loss') t.losses += 1;
    else t.draws += 1;
  }
  return t;
}
