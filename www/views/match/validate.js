// @ts-check
// Restored IndexedDB records are untrusted (anyone with the page's storage can edit them, and
// storage can be damaged): each record is sealed with its checksum (../../ui/saved-records.js),
// and every field the page reads is checked before a summary reaches the book or the table. A
// bad record is dropped alone with a message naming it (issues #17.18 and #30): a damaged game
// is played again, a damaged status restores the match as stopped, and only a damaged setup
// (without which no game can be checked) loses the match.

import { droppedMessage, unseal } from '../../ui/saved-records.js';

const RESULTS = ['1-0', '0-1', '1/2-1/2', '*'];
const isObj = (/** @type {unknown} */ x) => x !== null && typeof x === 'object' && !Array.isArray(x);
const isStr = (/** @type {unknown} */ x, max = 10000) => typeof x === 'string' && x.length <= max;
/** A game's PGN carries a comment per move: far longer than a name (a 300-move game ≈ 40 kB). */
const MAX_PGN = 4_000_000;
const isNum = (/** @type {unknown} */ x) => typeof x === 'number' && Number.isFinite(x);
const isNumOrNull = (/** @type {unknown} */ x) => x === null || x === undefined || isNum(x);

/**
 * Why a restored game summary is unusable, or '' when it is fine.
 * @param {any} s
 * @param {number} games the match's number of games
 */
export function summaryProblem(s, games) {
  if (!isObj(s)) return 'not an object';
  if (!Number.isInteger(s.index) || s.index < 0 || s.index >= games) return 'index out of range';
  if (typeof s.a_white !== 'boolean') return 'a_white is not a boolean';
  const r = s.record;
  if (!isObj(r)) return 'no record';
  if (!isObj(r.setup) || !isObj(r.setup.white) || !isObj(r.setup.black)) return 'no setup';
  if (!isStr(r.setup.white.name) || !isStr(r.setup.black.name)) return 'player names are not text';
  if (!isStr(r.opening)) return 'opening is not text';
  if (!isStr(r.pgn, MAX_PGN)) return 'no PGN';
  if (!Array.isArray(r.moves)) return 'moves is not a list';
  for (const m of r.moves) {
    if (!isObj(m) || !isStr(m.san) || (m.color !== 'white' && m.color !== 'black')) return 'a move is malformed';
    if (!isNumOrNull(m.clock_after_ms)) return 'a move’s clock is not a number';
  }
  const o = r.outcome;
  if (o !== null && o !== undefined) {
    if (!isObj(o) || !RESULTS.includes(o.result)) return 'result is not one of 1-0, 0-1, 1/2-1/2, *';
    if (!isStr(o.termination) || !isStr(o.reason ?? '')) return 'termination is not text';
  }
  return '';
}

/**
 * Why a restored match setup is unusable, or ''.
 * @param {any} meta
 */
export function metaProblem(meta) {
  if (!isObj(meta)) return 'not an object';
  if (!isStr(meta.id) || !isStr(meta.spec, 4_000_000) || !isObj(meta.state)) return 'id, spec or state missing';
  if (!Number.isInteger(meta.games) || meta.games < 1) return 'games is not a positive integer';
  return '';
}

const STATUSES = ['running', 'stopped', 'complete'];

/**
 * The saved match (as `loadSaved` returns it) checked record by record: `{meta, summaries,
 * dropKeys, notice}` when it can be restored, `{error}` when it cannot (no usable setup).
 * `notice` names every record dropped; `dropKeys` are their keys, to delete.
 * @param {{old: boolean, setup: unknown, status: unknown, keys: string[], games: unknown[]}} raw
 */
export function openSaved(raw) {
  if (raw.old) return { error: 'A match saved by an older version of tmlab (without checksums) was dropped; start a new one.', dropAll: true };
  const setup = unseal(raw.setup);
  const bad = setup.why ?? metaProblem(setup.record);
  if (bad) {
    const n = raw.games.length;
    return { error: `The saved match's setup was damaged (${bad}), so its ${n} saved game${n === 1 ? '' : 's'} cannot be checked; start a new match (it replaces them).` };
  }
  const { id, spec, state, games } = setup.record;
  const notes = [];
  const status = unseal(raw.status);
  let st = status.record?.id === id ? status.record.status : undefined;
  if (!STATUSES.includes(st)) {
    notes.push(`The saved match's status was damaged (${status.why ?? 'not running, stopped or complete'}); it is restored as stopped.`);
    st = 'stopped';
  }
  const prefix = `game:${id}:`;
  /** @type {{key: string, why: string}[]} */
  const dropped = [];
  /** @type {string[]} */
  const dropKeys = [];
  /** @type {unknown[]} */
  const opened = [];
  raw.games.forEach((value, i) => {
    const key = String(raw.keys[i]);
    if (!key.startsWith(prefix)) {
      dropKeys.push(key); // another match's game, left by a damaged setup: not this match's
      return;
    }
    const g = unseal(value);
    if (g.why) {
      dropped.push({ key: `game ${Number(key.slice(prefix.length)) + 1}`, why: g.why });
      dropKeys.push(key);
    } else opened.push(g.record);
  });
  const { good, message } = checkSummaries(opened, games);
  // A finished match whose saved games were partly dropped is not finished: Resume plays them.
  if (st === 'complete' && (dropped.length || message)) st = 'stopped';
  notes.unshift(droppedMessage(dropped, 'game', 'they are played again.'), message);
  return { meta: { id, spec, state, games, status: /** @type {'running'|'stopped'|'complete'} */ (st) }, summaries: good, dropKeys, notice: notes.filter(Boolean).join(' ') };
}

/**
 * Saved game records (as stored) opened and checked: the good summaries only.
 * @param {unknown[]} values
 * @param {number} games
 */
export function openGames(values, games) {
  const opened = [];
  for (const v of values) {
    const g = unseal(v);
    if (g.record) opened.push(g.record);
  }
  return checkSummaries(opened, games).good;
}

/**
 * Split restored summaries into usable ones and a message about the dropped ones ('' if none).
 * @param {any[]} summaries
 * @param {number} games
 */
export function checkSummaries(summaries, games) {
  const good = [];
  const bad = [];
  const seen = new Set();
  for (const s of summaries) {
    const why = summaryProblem(s, games) || (seen.has(s.index) ? 'a duplicate game' : '');
    if (why) bad.push(why);
    else {
      seen.add(s.index);
      good.push(s);
    }
  }
  const message = bad.length
    ? `${bad.length} saved game${bad.length > 1 ? 's were' : ' was'} damaged and dropped (${[...new Set(bad)].join('; ')}); ${bad.length > 1 ? 'they are' : 'it is'} played again.`
    : '';
  return { good, message };
}
