// @ts-check
// The state of an experiment measured on a grid of points, each point a row of games (Sweep: its
// values; the Match view's Scaling section: its time controls): the reducer, the pending games in
// pair order, the progress, the speed and the JSON download. Pure (no DOM), node-tested through
// both views' controllers (tests/unit/experiments-controller.test.js, scaling-controller.test.js).

/**
 * @typedef {{ form: any, plan: any, spec: string|null, error: any, reading?: any,
 *   run: null | { id: string, spec: string, plan: any, form: any, scores: (any|null)[][] },
 *   status: 'idle'|'running'|'stopped'|'complete'|'failed', message: string, notice: string,
 *   session: { games: number, ms: number } }} GridState
 */

/**
 * The state before any run: the form (`defaults` overridden by `form`), nothing planned yet.
 * @param {object} defaults
 * @param {object} [form]
 * @returns {GridState}
 */
export function gridInitial(defaults, form) {
  return {
    form: { ...defaults, ...form },
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
 * The next state.
 * @template {GridState} S
 * @param {S} s
 * @param {any} e
 * @param {(plan: any) => number} pointsOf the number of points of a plan (a row of games each)
 * @returns {S}
 */
export function gridUpdate(s, e, pointsOf) {
  switch (e.type) {
    case 'form':
      return { ...s, form: e.form, plan: e.plan ?? null, spec: e.spec ?? null, error: e.error ?? null, reading: e.reading ?? s.reading };
    case 'start': {
      const scores = Array.from({ length: pointsOf(e.plan) }, () => Array(e.plan.games).fill(null));
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
 * @param {GridState} s
 */
export function pendingTasks(s) {
  if (!s.run) return [];
  /** @type {{value: number, game: number}[]} */
  const out = [];
  const games = s.run.scores[0]?.length ?? 0;
  for (let pair = 0; 2 * pair < games; pair++) {
    s.run.scores.forEach((row, value) => {
      for (let game = 2 * pair; game < Math.min(2 * pair + 2, games); game++) if (row[game] == null) out.push({ value, game });
    });
  }
  return out;
}

/** Progress: finished and total games, and the share. @param {GridState} s */
export function progressOf(s) {
  if (!s.run) return { finished: 0, total: 0, share: 0 };
  const total = s.run.scores.reduce((n, row) => n + row.length, 0);
  const finished = s.run.scores.reduce((n, row) => n + row.filter((x) => x != null).length, 0);
  return { finished, total, share: total ? finished / total : 0 };
}

/** Games per second of this session (since Start or Resume). @param {GridState} s */
export function rateOf(s) {
  return s.session.ms > 0 ? (1000 * s.session.games) / s.session.ms : 0;
}

/** The JSON download: the spec, the report and the finished games' scores. */
export function exportOf(/** @type {GridState} */ s, /** @type {any} */ report) {
  if (!s.run) return null;
  return { spec: JSON.parse(s.run.spec), report, scores: s.run.scores };
}
