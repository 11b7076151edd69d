// @ts-check
// The Match view keeps a light row per finished game, not the game's whole summary (a 1000-game
// soak must not grow the JS heap by every move record): the full summary of the selected game
// only, as `shown`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import tmlab from './wasm.js';
import { initialState, update, gameRowsOf, rowOf } from '../../www/views/match/controller.js';
import { specOf, MATCH_DEFAULTS } from '../../www/views/match/spec.js';

const FORM = { ...MATCH_DEFAULTS, tca: '1+0.01', tcb: '0.8+0.01', games: 4, nps: 100000 };
const SPEC = JSON.stringify(specOf(FORM, '2026.01.01'));

test('finished games are kept as rows; the selected game as its full summary', () => {
  const book = new tmlab.MatchBook(SPEC);
  let s = update(initialState(FORM), { type: 'start', meta: { id: 'x', spec: SPEC, state: FORM, status: 'running', games: 4 } });
  const all = [];
  for (let i = 0; i < 2; i++) {
    const g = new tmlab.MatchGameRunner(SPEC, i);
    while (!g.done) g.step();
    const summary = g.summary();
    book.add(summary);
    all.push(summary);
    s = update(s, { type: 'game', summary, standing: book.standing(), sprt: null, complete: false });
  }
  // A summary has a `record`; the table's row must not (GameRow has no such field).
  assert.equal(/** @type {{record?: unknown}} */ (s.summaries[0]).record, undefined, 'no move records in the table state');
  assert.ok(JSON.stringify(s.summaries[0]).length < 600, JSON.stringify(s.summaries[0]));
  assert.deepEqual(s.summaries[1], rowOf(all[1]));
  assert.equal(s.shown, all[1], 'the latest game is shown');
  const first = gameRowsOf(s)[0];
  assert.ok(first.done && 'result' in first, 'the first game is finished');
  assert.equal(first.result, all[0].record.outcome.result);
  s = update(s, { type: 'select', index: 0, summary: all[0] });
  assert.equal(s.shown, all[0]);
  s = update(s, { type: 'game', summary: all[1], standing: book.standing(), sprt: null, complete: false });
  assert.equal(s.shown, all[0], 'a chosen game stays shown');
  // The book exports the games it is given (the page passes its autosave's), in that order.
  const ex = book.export(all);
  assert.deepEqual(ex.games.map((/** @type {{index: number}} */ g) => g.index), [0, 1]);
  assert.equal(ex.standing.finished, 2);
});

/** A minimal summary with what a table row reads. */
const fake = (/** @type {number} */ index) => ({
  index,
  a_white: index % 2 === 0,
  record: { setup: { white: { name: 'A' }, black: { name: 'B' } }, opening: 'x', moves: [], outcome: { result: '1-0', termination: 'checkmate', reason: '' } },
});

test('a long match holds the latest TABLE_WINDOW rows; a page of earlier games replaces them', async () => {
  const { TABLE_WINDOW, tableNavOf } = await import('../../www/views/match/controller.js');
  let s = update(initialState(FORM), { type: 'start', meta: { id: 'x', spec: SPEC, state: FORM, status: 'running', games: 300 } });
  for (let i = 0; i < 250; i++) s = update(s, { type: 'game', summary: fake(i), standing: null, sprt: null, complete: false });
  const keys = Object.keys(s.summaries).map(Number);
  assert.equal(keys.length, TABLE_WINDOW);
  assert.equal(Math.min(...keys), 250 - TABLE_WINDOW);
  assert.deepEqual(tableNavOf(s), { pages: 3, following: true, page: null, earlier: 1, later: null });
  s = update(s, { type: 'page', page: 0, rows: [0, 1, 2].map((i) => rowOf(fake(i))) });
  assert.deepEqual(Object.keys(s.summaries).map(Number), [0, 1, 2]);
  assert.deepEqual(tableNavOf(s), { pages: 3, following: false, page: 0, earlier: null, later: 1 });
  s = update(s, { type: 'game', summary: fake(250), standing: null, sprt: null, complete: false });
  assert.equal(s.summaries[250], undefined, 'a game outside the page shown is not added');
  s = update(s, { type: 'page', page: 2, rows: [] });
  assert.equal(tableNavOf(s).later, 'latest');
});

test('a restored game with a long PGN (a long game) is kept, not dropped as damaged', async () => {
  const { checkSummaries } = await import('../../www/views/match/validate.js');
  const g = new tmlab.MatchGameRunner(SPEC, 0);
  while (!g.done) g.step();
  const summary = g.summary();
  summary.record.pgn += ' '.repeat(30000);
  const { good, message } = checkSummaries([summary], 4);
  assert.equal(message, '');
  assert.equal(good.length, 1);
});
