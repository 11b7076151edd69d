// @ts-check
// The Flag risk card's state (pure: no DOM, node-tested): the form, the run in flight (one at a
// time: a newer form supersedes it) and the crate's report. The rules (the latency models, the
// simulation, the risk bound, the required overhead and its Elo cost) are the crate's
// (experiment::overhead).

export const FLAG_RISK_PREFIX = 'fr';

/**
 * Defaults: Stockfish's manager at 2+0.02 (the control of the shipped fastchess sample) with a
 * latency of 20 ± 10 ms, 4 000 simulated games per overhead (the fewest that can show a risk of
 * 1 in 1 000: no flag at all bounds it at 0.00096), 10 % of moves to the hard limit, and 263 Elo
 * per doubling of the thinking time (measured for tmlab's searcher at 2+0.02 against 1+0.01,
 * docs/experiments.md).
 */
export const FLAG_RISK_DEFAULTS = {
  tm: 'stockfish',
  tc: '2+0.02',
  latency: 'normal:20,10',
  games: 4000,
  risk: 0.001,
  hard: 0.1,
  elo: 263,
  seed: 1,
};

/** @typedef {typeof FLAG_RISK_DEFAULTS} FlagRiskForm */

/** The crate's form (`experiment::overhead`'s field names). @param {FlagRiskForm} f */
export function formOf(f) {
  return { tm: f.tm.trim(), tc: f.tc.trim(), latency: f.latency.trim(), games: f.games, risk: f.risk, to_hard: f.hard, elo_per_doubling: f.elo, seed: f.seed };
}

/**
 * What `overhead_report` (the crate's `experiment::overhead`) returns, as far as the view reads it.
 * @typedef {object} OverheadReport
 * @property {{games: number, moves: number}} spec
 * @property {{overhead_ms: number}[]} points
 * @property {string} sentence
 * @property {{overhead_ms: number} | null} required
 * @property {number} default_overhead_ms
 * @property {unknown} chart the curve as plain data (`plot::reports::OverheadChart`), for the engine charts module's `draw_overhead_chart`
 */
/**
 * @typedef {object} FlagRiskState
 * @property {FlagRiskForm} form
 * @property {number} run
 * @property {string} status
 * @property {{done: number, total: number}} progress
 * @property {OverheadReport | null} report
 * @property {import('../../ui/typed-error.js').RuleError | null} error
 */

/**
 * @param {Partial<FlagRiskForm>} form
 * @returns {FlagRiskState}
 */
export function initialState(form) {
  return { form: { ...FLAG_RISK_DEFAULTS, ...form }, run: 0, status: 'idle', progress: { done: 0, total: 0 }, report: null, error: null };
}

/**
 * @param {FlagRiskState} s
 * @param {any} e
 * @returns {FlagRiskState}
 */
export function update(s, e) {
  switch (e.type) {
    case 'form':
      return { ...s, form: e.form };
    case 'run': // a new simulation of the current form: the older one's messages are ignored
      return { ...s, run: e.run, status: 'running', progress: { done: 0, total: 0 }, error: null };
    case 'progress':
      return e.run === s.run ? { ...s, progress: { done: e.done, total: e.total } } : s;
    case 'done':
      return e.run === s.run ? { ...s, status: 'done', report: e.report, error: null } : s;
    case 'error':
      return e.run === s.run ? { ...s, status: 'error', error: e.error, report: null } : s;
    default:
      return s;
  }
}
