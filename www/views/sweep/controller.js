// @ts-check
// The Sweep view's state (pure: no DOM, node-tested). The form, the checked plan (from the
// crate's sweep_plan), each value's finished games, the run's status and speed. The rules (what
// a valid sweep is, the statistics and the fit) are the crate's.

import { DEFAULT_NPS } from '../../engine/defaults.js';

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
  return {
    form: { ...SWEEP_DEFAULTS, ...form },
    plan: null,
    spec: null,
    error: null,
    run: null,
    status: 'idle',
    message: '',
    notice: '',
    session: { games: 0, ms: 0 },
  };
}

/**
 * @param {SweepState} s
 * @param {any} e
 * @returns {SweepState}
 */
export function update(s, e) {
  switch (e.type) {
    case 'form':
      return { ...s, form: e.form, plan: e.plan ?? null, spec: e.spec ?? null, error: e.error ?? null, reading: e.reading ?? s.reading };
    case 'start': {
      const scores = e.plan.values.map(() => Array(e.plan.games).fill(null));
      const run = { id: e.id, spec: e.spec, plan: e.plan, form: s.form, scores };
      return { ...s, run, status: 'running', message: '', notice: '', session: { games: 0, ms: 0 } };
    }
    case 'restore':
      return { ...s, form: e.run.form, run: e.run, status: e.status, message: '' };
    case 'resume':
      return { ...s, status: 'running', message: '', session: { games: 0, ms: 0 } };
    case 'game': {
      if (!s.run) return s;
      const scores = s.run.scores.map((row, v) => (v === e.value ? row.map((x, g) => (g === e.game ? e.score : x)) : row));
      const run = { ...s.run, scores };
      const session = { games: s.session.games + 1, ms: e.ms ?? s.session.ms };
      const status = pendingTasks({ ...s, run }).length === 0 ? 'complete' : s.status;
      return { ...s, run, session, status };
    }
    case 'stop':
      return s.status === 'running' ? { ...s, status: 'stopped' } : s;
    case 'recount': // after a restore: a run with games still to play is not complete
      return s.status === 'complete' && pendingTasks(s).length > 0 ? { ...s, status: 'stopped' } : s;
    case 'notice':
      return { ...s, notice: e.notice };
    case 'fail':
      return { ...s, status: 'failed', message: e.message };
    case 'clear':
      return { ...s, run: null, status: 'idle', message: '' };
    default:
      return s;
  }
}

/**
 * The games still to play, pair by pair across the values (pair 1 of every value, then pair 2,
 * …), so a sweep stopped part-way has every value measured on the same openings: `[{value, game}]`.
 * @param {SweepState} s
 */
export function pendingTasks(s) {
  if (!s.run) return [];
  const out = [];
  const games = s.run.scores[0]?.length ?? 0;
  for (let pair = 0; 2 * pair < games; pair++) {
    s.run.scores.forEach((row, value) => {
      for (let game = 2 * pair; game < Math.min(2 * pair + 2, games); game++) if (row[game] == null) out.push({ value, game });
    });
  }
  return out;
}

/** Progress: finished and total games, and the share. @param {SweepState} s */
export function progressOf(s) {
  if (!s.run) return { finished: 0, total: 0, share: 0 };
  const total = s.run.scores.reduce((n, row) => n + row.length, 0);
  const finished = s.run.scores.reduce((n, row) => n + row.filter((x) => x != null).length, 0);
  return { finished, total, share: total ? finished / total : 0 };
}

/** Games per second of this session (since Start or Resume). @param {SweepState} s */
export function rateOf(s) {
  return s.session.ms > 0 ? (1000 * s.session.games) / s.session.ms : 0;
}

/** The JSON download: the spec, the report and the finished games' scores. */
export function exportOf(s, report) {
  if (!s.run) return null;
  return { spec: JSON.parse(s.run.spec), report, scores: s.run.scores };
}
