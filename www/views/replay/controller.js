// @ts-check
// The Replay view's state and selectors (no DOM): the PGN text and the managers as typed, the
// crate's replay (`replay_pgn`) or its typed error, and which game, side and manager are shown.
// Every rule (parsing the PGN, the clocks, the budgets) is the crate's; this file only keeps
// and selects.

import { spec_list } from '../../ui/rules.js';

/** The URL keys (prefix `rp`) and their defaults. */
export const REPLAY_PREFIX = 'rp';
export const REPLAY_DEFAULTS = { tm: 'stockfish;lc0-legacy', sample: 'lichess' };
export { SAMPLES, sampleOf } from '../../ui/replay-samples.js';

/**
 * @typedef {{path: string, message: string, allowed: string}} RuleError
 * `progress` is set while the worker replays: games replayed of the PGN's total.
 * @typedef {{
 *   tm: string, pgn: string, source: string,
 *   result: import('../../ui/crate-types.js').ReplayResult | null, error: RuleError|null,
 *   game: number, manager: number,
 *   progress: null | {replayed: number, total: number},
 * }} ReplayState
 */

/** @param {Partial<typeof REPLAY_DEFAULTS>} url @returns {ReplayState} */
export function initialState(url = {}) {
  return { tm: url.tm ?? REPLAY_DEFAULTS.tm, pgn: '', source: '', result: null, error: null, game: 0, manager: 0, progress: null };
}

/** The managers as the crate takes them: the `;`-separated specs, blanks dropped. */
export function specsOf(/** @type {ReplayState} */ s) {
  return spec_list(s.tm);
}

/**
 * @param {ReplayState} s
 * @param {{type: 'tm', tm: string} | {type: 'pgn', pgn: string, source: string}
 *   | {type: 'replaying'} | {type: 'progress', replayed: number, total: number}
 *   | {type: 'chart', game: number, manager: number, record: any}
 *   | {type: 'replayed', result: any} | {type: 'failed', error: any}
 *   | {type: 'game', game: number} | {type: 'manager', manager: number}} e
 * @returns {ReplayState}
 */
export function update(s, e) {
  switch (e.type) {
    case 'tm':
      return { ...s, tm: e.tm };
    case 'pgn':
      return { ...s, pgn: e.pgn, source: e.source };
    case 'replaying':
      return { ...s, error: null, progress: { replayed: 0, total: 0 } };
    case 'progress':
      return s.progress ? { ...s, progress: { replayed: e.replayed, total: e.total } } : s;
    case 'chart': { // one chart record, fetched from the worker when first shown
      if (!s.result) return s;
      const charts = [...s.result.charts];
      charts[e.game] = [...(charts[e.game] ?? [])];
      charts[e.game][e.manager] = e.record;
      return { ...s, result: { ...s.result, charts } };
    }
    case 'replayed': {
      const games = e.result.replay.games.length;
      const managers = e.result.replay.managers.length;
      return { ...s, result: e.result, error: null, progress: null, game: Math.max(0, Math.min(s.game, games - 1)), manager: Math.max(0, Math.min(s.manager, managers - 1)) };
    }
    case 'failed': {
      const err = e.error && typeof e.error === 'object' && 'message' in e.error
        ? { path: String(e.error.path ?? ''), message: String(e.error.message), allowed: String(e.error.allowed ?? '') }
        : { path: '', message: String(e.error), allowed: '' };
      return { ...s, result: null, error: err, progress: null };
    }
    case 'game':
      return s.result ? { ...s, game: clamp(e.game, s.result.replay.games.length) } : s;
    case 'manager':
      return s.result ? { ...s, manager: clamp(e.manager, chartChoicesOf(s).length) } : s;
    default:
      return s;
  }
}

const clamp = (/** @type {unknown} */ i, /** @type {number} */ n) => Math.max(0, Math.min(n - 1, Math.trunc(Number(i) || 0)));

/** The shown game, or null. */
export function gameOf(/** @type {ReplayState} */ s) {
  return s.result?.replay.games[s.game] ?? null;
}

/**
 * What the chart and the moves can be shown against: each manager, then the engines' own limits
 * when the shown game's comments carry them (the crate's chart index one past the managers).
 * @returns {string[]}
 */
export function chartChoicesOf(/** @type {ReplayState} */ s) {
  if (!s.result) return [];
  const own = gameOf(s)?.sides.some((side) => side.own) ? [s.result.replay.own_limits_label] : [];
  return [...s.result.replay.managers, ...own];
}

/** The shown choice is the engines' own limits, not a manager. */
export function showsOwnLimits(/** @type {ReplayState} */ s) {
  return !!s.result && s.manager === s.result.replay.managers.length;
}

/** The record the game chart draws: the shown game with the chosen manager's budgets. */
export function chartRecordOf(/** @type {ReplayState} */ s) {
  return s.result?.charts[s.game]?.[s.manager] ?? null;
}

const pct = (/** @type {number | null | undefined} */ x) => (x == null ? '–' : `${(100 * x).toFixed(1)} %`);
const secs = (/** @type {number | null | undefined} */ ms, digits = 2) => (ms == null ? '–' : `${(ms / 1000).toFixed(digits)} s`);

/**
 * The summary: per side, the player's own clock profile and, per manager, the moves over its
 * hard limit and its own profile on the same control.
 */
export function summaryOf(/** @type {ReplayState} */ s) {
  const g = gameOf(s);
  if (!g) return [];
  return g.sides.map((side) => ({
    color: side.color,
    player: side.player,
    tc: side.time_control,
    moves: side.moves.length,
    by20: pct(side.share_by_20),
    by40: pct(side.share_by_40),
    left: secs(side.time_left_ms),
    own: side.own
      ? { moves: side.own.moves, overHard: side.own.over_hard.length, overHardMoves: side.own.over_hard.join(', '), overSoft: side.own.over_soft }
      : null,
    managers: side.managers.map((m) => ({
      spec: m.spec,
      overHard: m.over_hard.length,
      overHardMoves: m.over_hard.join(', '),
      overSoft: m.over_soft,
      by20: pct(m.share_by_20),
      by40: pct(m.share_by_40),
    })),
  }));
}

/** True when a move of the shown game carries the engine's own account (eval, nodes…). */
export function tracedOf(/** @type {ReplayState} */ s) {
  return !!gameOf(s)?.sides.some((side) => side.moves.some((m) => m.engine));
}

/**
 * Per-move rows of one side, with the chosen manager's limits (or the engine's own), and the
 * engine's own account where its comments carry it.
 */
export function moveRowsOf(/** @type {ReplayState} */ s, /** @type {number} */ sideIndex) {
  const g = gameOf(s);
  if (!g) return [];
  const res = g.resolution_ms;
  const own = showsOwnLimits(s);
  return g.sides[sideIndex].moves.map((m) => {
    const t = m.engine;
    const b = own ? m.own : m.budgets[s.manager];
    return {
      eval: m.eval_text ?? '–',
      nodes: t?.nodes == null ? '–' : String(t.nodes),
      latency: t?.latency_ms == null ? '–' : secs(t.latency_ms, 3),
      key: m.ply,
      label: m.label,
      used: secs(m.used_ms),
      clock: secs(m.clock_before_ms),
      opponent: secs(m.opponent_clock_ms),
      soft: b ? secs(b.soft_ms) : '–',
      hard: b ? secs(b.hard_ms) : '–',
      overHard: b ? m.used_ms > b.hard_ms + res : false,
    };
  });
}

/** One line saying what was replayed. */
export function headlineOf(/** @type {ReplayState} */ s) {
  const g = gameOf(s);
  if (!g) return '';
  /** @type {Record<string, string>} */
  const sources = { clk: '[%clk]', emt: '[%emt]', 'clk+emt': '[%clk] and [%emt]' };
  const from = sources[g.source] ?? g.source;
  return `Game ${g.game.number}: ${g.game.white} vs ${g.game.black} (${g.game.event}), ${g.result}; times from ${from}, to ${g.resolution_ms} ms; ${g.convention}'s clock rule.`;
}
