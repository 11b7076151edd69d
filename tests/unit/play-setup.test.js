// @ts-check
// The Play view's setup form as state (setup-controller.js), checked by the real crate.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import tmlab from './wasm.js';
import {
  PLAY_DEFAULTS, PRESETS, initialForm, setupUpdate, urlState, setupOf, setupError, setupView, pgnDate, moveOverhead,
} from '../../www/views/play/setup-controller.js';

/** @param {'side' | 's' | 'ponder' | 'same' | 'level' | 'wtc' | 'btc'} key @param {string | boolean} value @returns {import('../../www/views/play/setup-controller.js').SetupEvent} */
const field = (key, value) => ({ type: 'field', key, value });

test('defaults: 3m+2 for both, read by the crate, no error', () => {
  const f = initialForm();
  assert.deepEqual(urlState(f), PLAY_DEFAULTS);
  const v = setupView(f, setupError(f));
  assert.equal(v.wReading, '3 min + 2 s per move');
  assert.equal(v.bReading, v.wReading);
  assert.equal(v.error, '');
  assert.equal(v.ponderOff, true, 'alpha-beta cannot ponder');
  assert.match(v.ponderTitle, /Pondering needs MCTS/);
});

test('same for both: Black’s control follows White’s; unticked it stays, then is free', () => {
  let f = setupUpdate(initialForm(), field('wtc', ' 5m+3 '));
  assert.equal(f.btc, ' 5m+3 ');
  assert.deepEqual([urlState(f).wtc, urlState(f).btc], ['5m+3', '5m+3'], 'the URL gets them trimmed');
  f = setupUpdate(f, field('same', false));
  assert.equal(f.btc, ' 5m+3 ');
  f = setupUpdate(f, field('btc', '4m'));
  assert.deepEqual([f.wtc, f.btc, f.same], [' 5m+3 ', '4m', false]);
  f = setupUpdate(f, field('same', true));
  assert.equal(f.btc, ' 5m+3 ', 'ticking it again copies White’s');
});

test('a link with same=false keeps two controls; same=true overrides Black’s', () => {
  assert.equal(initialForm({ wtc: '5m', btc: '4m', same: false }).btc, '4m');
  assert.equal(initialForm({ wtc: '5m', btc: '4m', same: true }).btc, '5m');
});

test('presets: odds presets untick "same", equal ones tick it', () => {
  const odds = PRESETS.find(([l]) => l === '5 vs 4 min');
  assert.ok(odds, 'the preset exists');
  let f = setupUpdate(initialForm(), { type: 'preset', white: odds[1], black: odds[2] });
  assert.deepEqual([f.wtc, f.btc, f.same], ['5m', '4m', false]);
  f = setupUpdate(f, { type: 'preset', white: '1m+0', black: '1m+0' });
  assert.deepEqual([f.wtc, f.btc, f.same], ['1m+0', '1m+0', true]);
});

test('a bad control: the crate’s typed error names the field, the reading is empty', () => {
  let f = setupUpdate(initialForm(), field('same', false));
  f = setupUpdate(f, field('btc', '3+x'));
  const err = setupError(f);
  assert.ok(err, 'a bad control is an error');
  assert.equal(err.path, 'black_tc');
  const v = setupView(f, err);
  assert.equal(v.bInvalid, true);
  assert.equal(v.wInvalid, false);
  assert.equal(v.bReading, '');
  assert.ok(v.error.length > 0);
  assert.equal(v.errorTitle, err.allowed ? `Allowed: ${err.allowed}` : '');
  f = setupUpdate(f, field('btc', '90'));
  assert.equal(setupError(f), null);
});

test('the setup PlayBoard takes: move overhead from the spec, ponder only with MCTS, PGN date', () => {
  let f = setupUpdate(initialForm(), field('ponder', true));
  f = setupUpdate(f, { type: 'tm', spec: 'lc0-legacy(move-overhead=120)' });
  const day = new Date(2026, 0, 5);
  assert.deepEqual(setupOf(f, day), {
    person: 'white', white_tc: '3m+2', black_tc: '3m+2', searcher: 'ab', tm: 'lc0-legacy(move-overhead=120)',
    move_overhead_ms: 120, ponder: false, level: 3, date: '2026.01.05',
  });
  assert.equal(setupView(f, null).moText, '120 ms');
  f = setupUpdate(f, field('s', 'mcts'));
  assert.equal(setupOf(f, day).ponder, true);
  assert.equal(setupView(f, null).ponderOff, false);
  assert.equal(pgnDate(new Date(2026, 10, 24)), '2026.11.24');
});

test('a manager without a move overhead (mediocre) says so', () => {
  const f = setupUpdate(initialForm(), { type: 'tm', spec: 'mediocre' });
  assert.equal(moveOverhead(f), null);
  assert.equal(setupView(f, null).moText, 'n/a (this manager has none)');
  assert.equal(setupOf(f).move_overhead_ms, 0);
});

test('strength levels: five from the crate, the default a club player can beat, caps per searcher', () => {
  const f = initialForm();
  assert.equal(f.level, PLAY_DEFAULTS.level);
  assert.equal(PLAY_DEFAULTS.tm, 'stockfish', 'the default manager acts inside the alpha-beta search');
  const v = setupView(f, null);
  assert.deepEqual(v.levels.map((l) => l.value), [1, 2, 3, 4, 5]);
  assert.match(v.levels[0].text, /^1 — beginner \(≤ 250 nodes\/s\)$/);
  assert.equal(v.levels[4].text, '5 — full strength');
  const m = setupView(setupUpdate(f, field('s', 'mcts')), null);
  assert.match(m.levels[0].text, /playouts\/s/);
  const g = setupUpdate(f, field('level', '5'));
  assert.equal(g.level, 5, 'the select’s text becomes a number');
  assert.equal(setupOf(g).level, 5);
  assert.equal(urlState(g).level, 5);
  // The crate checks the level like any other field.
  const bad = tmlab.PlayBoard.check(JSON.stringify({ ...setupOf(f), level: 9 }));
  assert.equal(bad.path, 'level');
  assert.equal(bad.message, "level 9 does not exist");
  assert.match(bad.allowed, /1 \(beginner\) … 5 \(full strength\)/);
});
