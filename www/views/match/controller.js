// @ts-check
// The Match view's controller: a state machine with no DOM. `update(state, event)` returns the
// next state; the selectors below turn a state into what the renderer shows. Readings, checks
// and statistics come from the crate (read_match_spec, MatchBook.standing, sprt_status): they
// arrive inside events, the controller never computes a rule itself.

import { MATCH_DEFAULTS } from './spec.js';
import { fmt, pct, eloText, clockText } from './format.js';

/**
 * @typedef {{path: string, message: string, allowed?: string}} RuleError
 * @typedef {{tc_a: string, tc_b: string, reading_a: string, reading_b: string, reading: string,
 *   name_a: string, name_b: string, openings: number, clock: string}} Reading
 * @typedef {{id: string, spec: string, state: typeof MATCH_DEFAULTS, status: 'running'|'stopped'|'complete', games: number}} Meta
 * @typedef {{form: typeof MATCH_DEFAULTS, reading: Reading|null, formError: RuleError|null,
 *   meta: Meta|null, active: boolean, playing: number, standing: any, sprt: any,
 *   summaries: Record<number, GameRow>, tablePage: number|null, shown: any, live: Record<number, any[]>, liveVersion: number,
 *   selected: number|null, userSelected: boolean, notice: string, error: string}} MatchState
 * @typedef {{index: number, white: string, black: string, opening: string, result: string,
 *   termination: string, reason: string, moves: number, clock: string}} GameRow
 * @typedef {import('../../ui/crate-types.js').GameSummary} GameSummary
 */

/** @param {Partial<typeof MATCH_DEFAULTS>} [form] @returns {MatchState} */
export function initialState(form = {}) {
  return {
    form: { ...MATCH_DEFAULTS, ...form },
    reading: null,
    formError: null,
    meta: null,
    active: false,
    playing: 0,
    standing: null,
    sprt: null,
    summaries: {},
    tablePage: null,
    shown: null,
    live: {},
    liveVersion: 0,
    selected: null,
    userSelected: false,
    notice: '',
    error: '',
  };
}

/**
 * The next state after `e`.
 * @param {MatchState} s
 * @param {{type: string, [k: string]: any}} e
 * @returns {MatchState}
 */
export function update(s, e) {
  switch (e.type) {
    case 'form': // {form, reading} or {form, error}: the crate's verdict on the new form
      return { ...s, form: e.form, reading: e.error ? null : e.reading, formError: e.error || null };
    case 'start': // {meta}: a new match
      return { ...s, meta: e.meta, active: true, summaries: {}, tablePage: null, shown: null, live: {}, standing: null, sprt: null, selected: null, userSelected: false, notice: '', error: '' };
    case 'resume':
      return s.meta ? { ...s, active: true, error: '', meta: { ...s.meta, status: 'running' } } : s;
    case 'restored': { // {meta, summaries, standing, sprt, notice}
      const summaries = latest(Object.fromEntries(e.summaries.map((/** @type {GameSummary} */ x) => [x.index, rowOf(x)])));
      return { ...s, meta: e.meta, summaries, tablePage: null, shown: null, live: {}, standing: e.standing, sprt: e.sprt, notice: e.notice || '', selected: null };
    }
    case 'game-start':
      return { ...s, live: { ...s.live, [e.index]: e.records }, liveVersion: s.liveVersion + 1 };
    case 'game-move':
      return { ...s, liveVersion: s.liveVersion + 1 };
    case 'game': { // {summary, standing, sprt, complete}
      const live = { ...s.live };
      delete live[e.summary.index];
      const status = e.complete ? 'complete' : 'running';
      return {
        ...s,
        live,
        summaries: tableWith(s, e.summary),
        shown: s.userSelected ? s.shown : e.summary,
        standing: e.standing,
        sprt: e.sprt,
        selected: s.userSelected ? s.selected : e.summary.index,
        meta: s.meta && { ...s.meta, status },
      };
    }
    case 'standing':
      return { ...s, standing: e.standing, sprt: e.sprt };
    case 'playing':
      return { ...s, playing: e.count };
    case 'complete':
    case 'stopped':
      return { ...s, active: false, live: {}, playing: 0, meta: s.meta && { ...s.meta, status: e.type } };
    case 'failed':
      return {
        ...s,
        active: false,
        live: {},
        playing: 0,
        meta: s.meta && { ...s.meta, status: 'stopped' },
        error: `${e.message}. The finished games are kept; Resume plays the rest again, or change the setup and start a new match.`,
      };
    case 'respawn': {
      const live = { ...s.live };
      delete live[e.index];
      return { ...s, live, notice: `Game ${e.index + 1}: the engine crashed (${e.message}); the game is being played again in a fresh worker (restart ${e.attempt}).` };
    }
    case 'page': // {page: number|null, rows: GameRow[]}: a page of the games table (null: the latest)
      return { ...s, tablePage: e.page, summaries: Object.fromEntries(e.rows.map((/** @type {GameRow} */ r) => [r.index, r])) };
    case 'select': // {index, summary?}: the full summary, when the page has loaded it
      if (!s.summaries[e.index]) return s;
      return { ...s, selected: e.index, userSelected: true, shown: e.summary ?? (s.shown?.index === e.index ? s.shown : null) };
    case 'notice':
      return { ...s, notice: e.text };
    case 'error':
      return { ...s, error: e.text };
    default:
      throw new Error(`match controller: unknown event ${e.type}`);
  }
}

const TIPS = {
  elo: 'Elo: the rating difference (A − B) that would produce this score, with its 95 % interval from the pentanomial; infinite while one side has scored every point. Defined from 2 pairs on.',
  nelo: 'nElo: normalised Elo, the score’s distance from 50 % in standard deviations, scaled so that tests at different draw rates compare. Defined from 2 pairs on.',
  los: 'LOS: likelihood of superiority, the probability that A is really stronger than B. Defined from 2 pairs on.',
  llr: 'LLR: the SPRT’s log-likelihood ratio; the test accepts H1 (A gains elo1) at the upper bound and H0 (A gains at most elo0) at the lower one.',
};

/**
 * The statistics cards: `{key, label, value, tip}`; "–" while an estimate is undefined.
 * @param {MatchState} s
 */
export function statsOf(s) {
  if (!s.standing) return [];
  const b = s.standing.report.block;
  const e = b.estimate;
  const p = b.penta;
  const out = [
    { key: 'elo', label: 'Elo', value: e ? eloText(e) : '–', tip: TIPS.elo },
    { key: 'nelo', label: 'nElo', value: e ? `${fmt(e.nelo)} ± ${fmt(e.nelo_error)}` : '–', tip: TIPS.nelo },
    { key: 'los', label: 'LOS', value: e ? pct(e.los, 2) : '–', tip: TIPS.los },
    { key: 'wdl', label: 'W / L / D (A)', value: `${b.wdl.wins} / ${b.wdl.losses} / ${b.wdl.draws}`, tip: '' },
    { key: 'penta', label: 'Ptnml(0-2)', value: `[${p.ll}, ${p.ld}, ${p.wl + p.dd}, ${p.wd}, ${p.ww}]`, tip: '' },
    { key: 'draws', label: 'DrawRatio', value: pct(b.draw_ratio, 2), tip: '' },
  ];
  if (b.sprt && s.sprt) {
    const [t, llr] = b.sprt;
    const x = s.sprt;
    out.push({ key: 'llr', label: 'LLR', value: `${fmt(llr)} (${fmt(100 * x.progress, 1)} %) of (${fmt(x.lower)}, ${fmt(x.upper)}) [${t.elo0}, ${t.elo1}] · ${x.label}`, tip: TIPS.llr });
  }
  out.push({ key: 'timeouts', label: 'Timeouts A / B', value: `${s.standing.report.a.timeouts} / ${s.standing.report.b.timeouts}`, tip: '' });
  return out;
}

/**
 * The time-usage rows, one per player, labelled with the player's name (which already says A or B).
 * @param {MatchState} s
 */
export function timeRowsOf(s) {
  if (!s.standing) return [];
  /**
   * @param {string} name
   * @param {import('../../ui/crate-types.js').PlayerTimeStats} t
   */
  const row = (name, t) => ({
    name,
    cells: [
      String(t.timeouts), pct(t.share_by_20), pct(t.share_by_40),
      t.time_left_ms == null ? '–' : `${fmt(t.time_left_ms / 1000)} s`, pct(t.time_trouble),
      fmt(t.used_over_allocated), fmt(t.used_over_effective),
      t.latency_ms == null ? '–' : `${fmt(t.latency_ms, 1)} ms`, `${fmt(t.max_overshoot_ms, 1)} ms`,
    ],
  });
  return [row(s.standing.name_a, s.standing.report.a), row(s.standing.name_b, s.standing.report.b)];
}

/** Finished games the table holds at once: the latest ones, or one page of earlier ones. */
export const TABLE_WINDOW = 100;

/** The rows with the TABLE_WINDOW highest indices. @param {Record<number, GameRow>} rows */
function latest(rows) {
  const keys = Object.keys(rows).map(Number);
  if (keys.length <= TABLE_WINDOW) return rows;
  const keep = keys.sort((x, y) => y - x).slice(0, TABLE_WINDOW);
  return Object.fromEntries(keep.map((i) => [i, rows[i]]));
}

/**
 * The table after a game finished: following the latest games, or on a page that holds it.
 * @param {MatchState} s
 * @param {GameSummary} summary
 */
function tableWith(s, summary) {
  const i = summary.index;
  if (s.tablePage === null) return latest({ ...s.summaries, [i]: rowOf(summary) });
  const from = s.tablePage * TABLE_WINDOW;
  return i >= from && i < from + TABLE_WINDOW ? { ...s.summaries, [i]: rowOf(summary) } : s.summaries;
}

/**
 * The games table's navigation: the page shown (null: the latest games), and the pages the
 * earlier/later buttons go to (null: none; 'latest': back to following the latest games).
 * @param {MatchState} s
 * @returns {{pages: number, following: boolean, page: number|null, earlier: number|null, later: number|'latest'|null}}
 */
export function tableNavOf(s) {
  const pages = Math.ceil((s.meta?.games ?? 0) / TABLE_WINDOW);
  const shown = Object.keys(s.summaries).map(Number);
  const lo = shown.length ? Math.min(...shown) : 0;
  if (s.tablePage === null) {
    return { pages, following: true, page: null, earlier: lo > 0 ? Math.floor((lo - 1) / TABLE_WINDOW) : null, later: null };
  }
  const p = s.tablePage;
  return { pages, following: false, page: p, earlier: p > 0 ? p - 1 : null, later: p + 1 < pages ? p + 1 : 'latest' };
}

/**
 * What the games table shows of a finished game: kept instead of the whole summary, so a long
 * match holds a few hundred bytes per game rather than every move record (the full summaries
 * stay in IndexedDB and the wasm MatchBook; the selected one is `shown`).
 * @param {GameSummary} sum
 * @returns {GameRow}
 */
export function rowOf(sum) {
  const r = sum.record;
  const o = r.outcome;
  const aMoves = r.moves.filter((m) => !m.book && (m.color === 'white') === sum.a_white);
  return {
    index: sum.index,
    white: r.setup.white.name,
    black: r.setup.black.name,
    opening: r.opening,
    result: o ? o.result : '*',
    termination: o ? o.termination.replace('-', ' ') : '',
    reason: o?.reason || '',
    moves: r.moves.filter((m) => !m.book && !m.flagged).length,
    clock: clockText(aMoves.length ? aMoves[aMoves.length - 1].clock_after_ms : null),
  };
}

/**
 * The games table: finished and running games by index.
 * @param {MatchState} s
 */
export function gameRowsOf(s) {
  const indices = [...new Set([...Object.keys(s.summaries), ...Object.keys(s.live)].map(Number))].sort((x, y) => x - y);
  return indices.map((i) => {
    const row = s.summaries[i];
    if (!row) {
      const recs = s.live[i] || [];
      const last = recs[recs.length - 1];
      return { index: i, done: /** @type {const} */ (false), moves: recs.filter((m) => !m.book).length, last: last ? last.san : '', clock: last ? clockText(last.clock_after_ms) : '' };
    }
    return { ...row, done: /** @type {const} */ (true), selected: i === s.selected };
  });
}

/**
 * The progress line and its status word.
 * @param {MatchState} s
 * @param {{hidden?: boolean}} [env]
 */
export function progressOf(s, { hidden = false } = {}) {
  if (!s.standing || !s.meta) return { text: 'No match yet.', finished: 0, games: 0, status: '', note: s.notice };
  const n = s.standing.finished;
  const N = s.standing.games;
  let word;
  if (s.meta.status === 'complete') {
    word = s.sprt && s.sprt.verdict !== 'running' ? `SPRT decided (${s.sprt.label}) after ${n} games` : 'match complete';
  } else if (s.active) word = s.playing ? `playing ${s.playing} game${s.playing > 1 ? 's' : ''} at once` : 'waiting';
  else word = 'stopped';
  const real = s.meta.state.clock === 'real';
  const note = s.active && real && hidden
    ? 'Paused between games: a wall-clock match waits while the tab is hidden (background tabs are throttled).'
    : [s.notice, s.active && !real ? 'Virtual clock: the match keeps running when the tab is hidden; results do not depend on wall time.' : ''].filter(Boolean).join(' ');
  return { text: `${n}/${N} games · ${word}`, finished: n, games: N, status: s.meta.status, note };
}
