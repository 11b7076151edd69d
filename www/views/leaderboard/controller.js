// @ts-check
// The Leaderboard view's state and selectors (no DOM): the committed results
// (www/public/leaderboard.json, written by `tmlab leaderboard --json`) and which searcher and
// time control are shown.

export const LEADERBOARD_PREFIX = 'lb';
export const LEADERBOARD_DEFAULTS = { engine: 'ab', tc: '' };

/**
 * One manager's result at one searcher and control (`experiment::leaderboard`'s JSON entry), the
 * fields the page reads.
 * @typedef {object} LeaderboardEntry
 * @property {string} engine
 * @property {string} tc
 * @property {string} manager
 * @property {string} reference
 * @property {number} games
 * @property {number | null} elo
 * @property {number | null} [elo_error]
 * @property {[number, number, number]} wdl
 * @property {number | null} share_by_20
 * @property {number | null} share_by_40
 * @property {number | null} used_over_allocated
 * @property {number | null} time_left_ms
 * @property {number} timeouts
 * @property {{move: number, share: number}[]} curve
 */
/**
 * One `tmlab leaderboard --json` run.
 * @typedef {{results?: LeaderboardEntry[], command: string, tmlab_version: string, seed: number, games: number, clock: string}} LeaderboardRun
 */
/**
 * The document: `{runs: [run, …]}`, or a bare run.
 * @typedef {{runs: LeaderboardRun[]} | LeaderboardRun} LeaderboardDoc
 */
/**
 * @typedef {{doc: LeaderboardDoc | null, ranks?: Map<string, [number, number]>, error: string, engine: string, tc: string, highlight: number|null}} LeaderboardState
 */

/** @param {Partial<typeof LEADERBOARD_DEFAULTS>} url @returns {LeaderboardState} */
export function initialState(url = {}) {
  return { doc: null, ranks: new Map(), error: '', engine: url.engine ?? 'ab', tc: url.tc ?? '', highlight: null };
}

/**
 * The runs of the document: `{runs: [run, …]}`, one per `tmlab leaderboard --json` command
 * (a bare run is read as one).
 * @param {LeaderboardDoc | null} doc
 * @returns {LeaderboardRun[]}
 */
export function runsOf(doc) {
  if (!doc) return [];
  return typeof doc === 'object' && 'runs' in doc && Array.isArray(doc.runs) ? doc.runs : [/** @type {LeaderboardRun} */ (doc)];
}

/** Every entry of every run. @param {LeaderboardDoc | null} doc */
function resultsOf(doc) {
  return runsOf(doc).flatMap((r) => (Array.isArray(r.results) ? r.results : []));
}

/**
 * The (engine, tc) groups present in the document, in its order.
 * @param {LeaderboardDoc | null} doc
 */
export function groupsOf(doc) {
  /** @type {Map<string, {engine: string, tc: string, games: number, reference: string}>} */
  const seen = new Map();
  for (const e of resultsOf(doc)) {
    const k = `${e.engine} ${e.tc}`;
    if (!seen.has(k)) seen.set(k, { engine: e.engine, tc: e.tc, games: e.games, reference: e.reference });
  }
  return [...seen.values()];
}

/** Keeps the choice when the document has it, else the first group. @param {LeaderboardState} s */
function settle(s) {
  const groups = groupsOf(s.doc);
  if (!groups.length) return s;
  const hit = groups.find((g) => g.engine === s.engine && (g.tc === s.tc || !s.tc)) ?? groups[0];
  return { ...s, engine: hit.engine, tc: hit.tc };
}

/**
 * @param {LeaderboardState} s
 * @param {{type: 'loaded', doc: LeaderboardDoc, ranks?: Map<string, [number, number]>} | {type: 'failed', error: string} | {type: 'group', engine: string, tc: string}
 *   | {type: 'highlight', index: number|null}} e
 * @returns {LeaderboardState}
 */
export function update(s, e) {
  switch (e.type) {
    case 'loaded':
      if (!resultsOf(e.doc).length) return { ...s, doc: null, error: 'The leaderboard data has no results.' };
      return settle({ ...s, doc: e.doc, ranks: e.ranks ?? new Map(), error: '' });
    case 'failed':
      return { ...s, doc: null, error: e.error };
    case 'group':
      return settle({ ...s, engine: e.engine, tc: e.tc, highlight: null });
    case 'highlight':
      return { ...s, highlight: e.index };
    default:
      return s;
  }
}

/** The shown group's entries, best Elo first (an entry without an Elo last). */
export function entriesOf(/** @type {LeaderboardState} */ s) {
  const rows = resultsOf(s.doc).filter((e) => e.engine === s.engine && e.tc === s.tc);
  const key = (/** @type {LeaderboardEntry} */ e) => (e.elo == null ? -Infinity : e.elo);
  return [...rows].sort((a, b) => key(b) - key(a));
}

const pct = (/** @type {number | null | undefined} */ x) => (x == null ? '–' : `${(100 * x).toFixed(1)} %`);

/** Elo as `+12 ± 34`, `–` before two pairs. @param {LeaderboardEntry} e */
export function eloText(e) {
  if (e.elo == null) return e.wdl[0] === e.games ? '+∞' : e.wdl[1] === e.games ? '−∞' : '–';
  const sign = e.elo >= 0 ? '+' : '−';
  return `${sign}${Math.abs(Math.round(e.elo))}${e.elo_error == null ? '' : ` ± ${Math.round(e.elo_error)}`}`;
}

/** A rank range from the crate as `3` or `2–6` (tied with the managers it overlaps), `–` without one. */
export function rankText(/** @type {[number, number] | undefined} */ r) {
  if (!r) return '–';
  return r[0] === r[1] ? String(r[0]) : `${r[0]}–${r[1]}`;
}

/** The table rows. */
export function rowsOf(/** @type {LeaderboardState} */ s) {
  return entriesOf(s).map((e) => ({
    key: e.manager,
    manager: e.manager,
    rank: rankText(s.ranks?.get(`${e.engine} ${e.tc} ${e.manager}`)),
    reference: e.manager === e.reference,
    elo: eloText(e),
    wdl: `${e.wdl[0]}-${e.wdl[1]}-${e.wdl[2]}`,
    by20: pct(e.share_by_20),
    by40: pct(e.share_by_40),
    usedSoft: e.used_over_allocated == null ? '–' : e.used_over_allocated.toFixed(2),
    left: e.time_left_ms == null ? '–' : `${(e.time_left_ms / 1000).toFixed(2)} s`,
    timeouts: e.timeouts,
  }));
}

/** The curves for the chart (`UsageCanvas.draw`), in the table's order. */
export function curvesOf(/** @type {LeaderboardState} */ s) {
  return entriesOf(s).map((e) => ({ name: e.manager, points: e.curve.map((p) => [p.move, p.share]) }));
}

/** What the shown group's data is: the command of its run, seed, version, size. */
export function provenanceOf(/** @type {LeaderboardState} */ s) {
  const d = runsOf(s.doc).find((r) => (r.results ?? []).some((e) => e.engine === s.engine && e.tc === s.tc));
  if (!d) return '';
  return `${d.command} (tmlab ${d.tmlab_version}, seed ${d.seed}, ${d.games} games per manager and control, ${d.clock}).`;
}
