// @ts-check
// The rules the page asks the crate (wasm in Node), and the pure helpers beside them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import tmlab from './wasm.js';
import { niceStep } from '../../www/ui/slider.js';
import { clockText, eloText, fmt, pct } from '../../www/views/match/format.js';

test('time controls read the same everywhere: seconds syntax, with a reading in words', () => {
  assert.deepEqual(tmlab.read_time_control('180+2'), { canonical: '180+2', reading: '3 min + 2 s per move' });
  assert.equal(tmlab.read_time_control('40/60').reading, '40 moves in 1 min, repeating');
  assert.equal(tmlab.read_time_control('10+0.1').reading, '10 s + 0.1 s per move');
  assert.throws(() => tmlab.read_time_control('3+x'), (/** @type {RuleError} */ e) => e.path === 'tc' && /x/.test(e.message) && /cutechess/.test(e.allowed));
});

test('parameter bounds come from the crate, exclusive ones included', () => {
  const e = tmlab.check_param('lc0-simple', 'base-pct', '0');
  assert.equal(e.path, 'base-pct');
  assert.match(e.message, /out of range/);
  assert.ok(e.allowed.length > 0);
  assert.equal(tmlab.check_param('lc0-simple', 'base-pct', '1'), null);
  assert.equal(tmlab.check_param('stockfish', 'no-such-key', '1').path, 'no-such-key');
});

test('every thrown error is the typed object {path, message, allowed}: nothing to split', () => {
  /** @param {string} path @param {RegExp} allowed @returns {(e: RuleError) => boolean} */
  const typed = (path, allowed) => (e) => {
    assert.equal(e.path, path);
    assert.equal(typeof e.message, 'string');
    assert.ok(allowed.test(e.allowed), e.allowed);
    assert.ok(!e.message.includes('allowed:'), e.message);
    return true;
  };
  assert.throws(() => tmlab.normalize_time_control('40/'), typed('tc', /cutechess/));
  assert.throws(() => tmlab.normalize_spec('nosuch'), typed('manager', /stockfish.*aliases/));
  assert.throws(() => tmlab.describe_spec('stockfish(no-such-key=1)'), typed('no-such-key', /./));
  assert.throws(() => tmlab.sprt_status(10, 0, 0.05, 0.05, 0), typed('sprt', /elo0 < elo1/));
  assert.throws(() => tmlab.params_not_for('stockfish', 'minimax'), typed('searcher', /^ab, mcts$/));
});

test('SPRT bounds, progress and verdict; stop-reason labels', () => {
  const s = tmlab.sprt_status(0, 10, 0.05, 0.05, 1.47);
  assert.ok(Math.abs(s.upper - Math.log(0.95 / 0.05)) < 1e-12);
  assert.ok(Math.abs(s.lower + Math.log(0.95 / 0.05)) < 1e-12);
  assert.ok(Math.abs(s.progress - 1.47 / s.upper) < 1e-12);
  assert.equal(s.label, 'running');
  assert.equal(tmlab.sprt_status(0, 10, 0.05, 0.05, 3).label, 'H1 accepted');
  assert.throws(() => tmlab.sprt_status(10, 0, 0.05, 0.05, 0), (/** @type {RuleError} */ e) => e.path === 'sprt');
  assert.equal(tmlab.stop_reason_label('soft-limit', 'ab'), 'soft limit reached at an iteration boundary');
  assert.equal(tmlab.stop_reason_label('soft-limit', 'mcts'), 'soft limit reached (checked after every batch)');
  assert.equal(tmlab.stop_reason_label('weird', 'ab'), 'weird');
});

test('log sliders step through nice values', () => {
  assert.equal(niceStep(1000, 1), 1200);
  assert.equal(niceStep(1000, -1), 800);
  assert.equal(niceStep(20000, 1), 25000);
  assert.equal(niceStep(0.8, 1), 1);
});

test('match formatting: "–" for undefined values', () => {
  assert.equal(fmt(null), '–');
  assert.equal(fmt(Number.NaN), '–');
  assert.equal(pct(undefined), '–');
  assert.equal(pct(0.5), '50.0 %');
  assert.equal(eloText({ elo: Infinity, elo_error: Number.NaN }), '+∞');
  assert.equal(eloText({ elo: 12.345, elo_error: 3 }), '12.35 ± 3.00');
  assert.equal(clockText(9500), '9.5 s');
  assert.equal(clockText(75000), '1:15');
});
