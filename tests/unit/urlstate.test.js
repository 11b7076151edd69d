// @ts-check
// The URL state reader: defaults, typed values, per-value fallback with one problem per bad value.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UrlState, problemText } from '../../www/ui/urlstate.js';
import tmlab from './wasm.js';

const DEFAULTS = { a: 'stockfish', games: 20, same: false, specs: ['x'] };

test('missing keys mean defaults; present keys are typed from the defaults', () => {
  const url = new UrlState('https://x.test/?view=match&m.games=8&m.same=1', { history: false });
  assert.equal(url.view, 'match');
  assert.deepEqual(url.get('m', DEFAULTS), { a: 'stockfish', games: 8, same: true, specs: ['x'] });
  assert.deepEqual(url.problems, []);
});

test('each bad value falls back to its default and is named once', () => {
  const url = new UrlState('https://x.test/?view=match&m.games=ten&m.a=foo&m.same=2', { history: false });
  const state = url.get('m', DEFAULTS, { check: { a: (v) => (v === 'foo' ? 'unknown manager' : undefined) } });
  assert.deepEqual(state, DEFAULTS);
  assert.deepEqual(url.problems.map((p) => p.key).sort(), ['m.a', 'm.games', 'm.same']);
  assert.equal(url.params.has('m.a'), false, 'a bad value is dropped from the URL');
});

test('an unknown view falls back to the default view with a problem', () => {
  const url = new UrlState('https://x.test/?view=nope', { history: false });
  assert.equal(url.view, 'curves');
  assert.equal(url.problems.length, 1);
});

test("a note quotes a long bad value by the crate's excerpt rule, never whole", () => {
  const long = 'x'.repeat(100);
  const url = new UrlState(`https://x.test/?view=${long}`, { history: false });
  const text = problemText(url.problems[0], tmlab.excerpt);
  assert.equal(text, `view=${'x'.repeat(40)}…: is not a view (allowed: play, match, curves, learn, sweep, tune, replay, leaderboard); using the default curves.`);
  assert.equal(problemText({ key: 'm.a', value: 'foo', why: 'unknown manager' }, tmlab.excerpt), 'm.a=foo: unknown manager.');
});

test('set writes only what differs from the defaults', () => {
  const url = new UrlState('https://x.test/?view=match', { history: false });
  url.set('m', { ...DEFAULTS, games: 4 }, DEFAULTS);
  assert.equal(url.href(), 'https://x.test/?v=1&view=match&m.games=4');
});
