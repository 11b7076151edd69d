// @ts-check
// Restored IndexedDB records are untrusted (anyone with the page's storage can edit them):
// every field the page reads is checked before a summary reaches the book or the table, and a
// bad one is dropped with a message naming it (issue #17.18).

const RESULTS = ['1-0', '0-1', '1/2-1/2', '*'];
const isObj = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
const isStr = (x, max = 10000) => typeof x === 'string' && x.length <= max;
/** A game's PGN carries a comment per move: far longer than a name (a 300-move game ≈ 40 kB). */
const MAX_PGN = 4_000_000;
const isNum = (x) => typeof x === 'number' && Number.isFinite(x);
const isNumOrNull = (x) => x === null || x === undefined || isNum(x);

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
 * Why restored match meta data is unusable, or ''.
 * @param {any} meta
 */
export function metaProblem(meta) {
  if (!isObj(meta)) return 'not an object';
  if (!isStr(meta.id) || !isStr(meta.spec) || !isObj(meta.state)) return 'id, spec or state missing';
  if (!['running', 'stopped', 'complete'].includes(meta.status)) return 'unknown status';
  if (!Number.isInteger(meta.games) || meta.games < 1) return 'games is not a positive integer';
  return '';
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
