// @ts-check
// The Match view's controller and selectors, fed real game summaries from the crate (games
// played in Node with MatchGameRunner) and the crate's standings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import tmlab from './wasm.js';
import { initialState, update, statsOf, timeRowsOf, gameRowsOf, progressOf } from '../../www/views/match/controller.js';
import { specOf, MATCH_DEFAULTS } from '../../www/views/match/spec.js';
import { checkSummaries } from '../../www/views/match/validate.js';

const FORM = { ...MATCH_DEFAULTS, same: false, tca: '1+0.01', tcb: '0.8+0.01', games: 6, nps: 100000 };
const SPEC = JSON.stringify(specOf(FORM, '2026.01.01'));

/** Play the match's games in order, yielding each summary with the book's standing after it. */
/** @param {number} n */
function* games(n) {
  const book = new tmlab.MatchBook(SPEC);
  for (let i = 0; i < n; i++) {
    const g = new tmlab.MatchGameRunner(SPEC, i);
    while (!g.done) g.step();
    const summary = g.summary();
    book.add(summary);
    yield { summary, standing: book.standing(), complete: book.complete };
  }
}

function started() {
  let s = initialState(FORM);
  s = update(s, { type: 'form', form: FORM, reading: tmlab.read_match_spec(SPEC) });
  return update(s, { type: 'start', meta: { id: 'x', spec: SPEC, state: FORM, status: 'running', games: 6 } });
}

test('the form event keeps the crate’s reading or its typed error', () => {
  const reading = tmlab.read_match_spec(SPEC);
  assert.equal(reading.reading, '1 s + 0.01 s per move vs 0.8 s + 0.01 s per move');
  /** @type {RuleError | undefined} */
  let error;
  try {
    tmlab.read_match_spec(JSON.stringify(specOf({ ...FORM, tcb: '4+x' })));
  } catch (e) {
    error = /** @type {RuleError} */ (e);
  }
  assert.ok(error, 'the crate refused it');
  assert.equal(error.path, 'tc_b');
  assert.match(error.allowed, /cutechess/);
  const s = update(initialState(FORM), { type: 'form', form: FORM, reading: null, error });
  assert.equal(s.reading, null);
  assert.equal(s.formError?.path, 'tc_b');
});

test('statistics read "–" until two pairs, then the pentanomial estimate', () => {
  let s = started();
  const seen = [];
  for (const g of games(5)) {
    s = update(s, { type: 'game', summary: g.summary, standing: g.standing, sprt: null, complete: g.complete });
    const elo = statsOf(s).find((x) => x.key === 'elo')?.value;
    seen.push(elo);
  }
  assert.deepEqual(seen.slice(0, 3), ['–', '–', '–'], 'games 1–3 (under two pairs)');
  assert.notEqual(seen[3], '–', 'after 4 games (2 pairs) the estimate is defined');
  assert.equal(statsOf(s).find((x) => x.key === 'los')?.value === '–', false);
});

test('rows: players by name, games keyed by index, selection follows the latest until chosen', () => {
  let s = started();
  const all = [...games(3)];
  s = update(s, { type: 'game-start', index: 2, records: [] });
  for (const g of all.slice(0, 2)) s = update(s, { type: 'game', summary: g.summary, standing: g.standing, sprt: null, complete: false });
  assert.equal(s.selected, 1);
  s = update(s, { type: 'select', index: 0 });
  s = update(s, { type: 'game', summary: all[2].summary, standing: all[2].standing, sprt: null, complete: false });
  assert.equal(s.selected, 0, 'a chosen game stays selected');
  const rows = gameRowsOf(s);
  assert.deepEqual(rows.map((r) => r.index), [0, 1, 2]);
  assert.ok(rows.every((r) => r.done));
  const names = timeRowsOf(s).map((r) => r.name);
  assert.deepEqual(names, [s.standing.name_a, s.standing.name_b]);
  assert.ok(!names[0].startsWith('A: '), names[0]);
  assert.equal(timeRowsOf(s)[0].cells.length, 9);
  assert.match(progressOf(s).text, /^3\/6 games · waiting/);
  s = update(s, { type: 'stopped' });
  assert.equal(progressOf(s).status, 'stopped');
});

test('restored records are validated: a tampered result is dropped with a message', () => {
  const [g] = games(1);
  const bad = structuredClone(g.summary);
  bad.index = 1;
  bad.record.outcome.result = '<img src=x onerror=alert(1)>';
  const { good, message } = checkSummaries([g.summary, bad, null, { ...g.summary }], 6);
  assert.deepEqual(good.map((x) => x.index), [0]);
  assert.match(message, /3 saved games were damaged and dropped/);
  assert.match(message, /result is not one of/);
});
