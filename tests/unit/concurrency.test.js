// @ts-check
// Games at once (www/engine/concurrency.js), the one rule the Match, Sweep and Tune views share:
// the default leaves a core free for the page, the maximum is every core.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { concurrencyLabel, concurrencyOf, gamesAtOnce } from '../../www/engine/concurrency.js';

test('default is cores − 1 (at least 1), the maximum every core', () => {
  assert.deepEqual(concurrencyOf(8), { cores: 8, byDefault: 7, max: 8 });
  assert.deepEqual(concurrencyOf(2), { cores: 2, byDefault: 1, max: 2 });
  assert.deepEqual(concurrencyOf(1), { cores: 1, byDefault: 1, max: 1 });
  // A browser that does not say (0, NaN) counts as 2 cores.
  assert.deepEqual(concurrencyOf(0), { cores: 2, byDefault: 1, max: 2 });
  assert.deepEqual(concurrencyOf(Number.NaN), { cores: 2, byDefault: 1, max: 2 });
});

test("a view's own ceiling (Tune: one pair of games per iteration) bounds both", () => {
  assert.deepEqual(concurrencyOf(8, 2), { cores: 8, byDefault: 2, max: 2 });
  assert.deepEqual(concurrencyOf(2, 2), { cores: 2, byDefault: 1, max: 2 });
  assert.deepEqual(concurrencyOf(1, 2), { cores: 1, byDefault: 1, max: 1 });
});

test('the field: 0 is the default, other values rounded and clamped to 1 … every core', () => {
  const c = concurrencyOf(4);
  assert.equal(gamesAtOnce(0, c), 3);
  assert.equal(gamesAtOnce(-2, c), 3);
  assert.equal(gamesAtOnce(Number.NaN, c), 3);
  assert.equal(gamesAtOnce(1, c), 1);
  assert.equal(gamesAtOnce(4, c), 4, 'every core is allowed');
  assert.equal(gamesAtOnce(9, c), 4);
  assert.equal(gamesAtOnce(2.6, c), 3);
});

test('the label names the default and the maximum', () => {
  assert.equal(concurrencyLabel(concurrencyOf(4)), 'Games at once (default 3, one core left for the page; at most 4 = every core)');
  assert.equal(concurrencyLabel(concurrencyOf(2), true), 'Games at once (0 = default 1, one core left for the page; at most 2 = every core)');
  assert.equal(concurrencyLabel(concurrencyOf(8, 2), true), 'Games at once (0 = default 2; at most 2)');
  assert.equal(concurrencyLabel(concurrencyOf(1)), 'Games at once (default 1; at most 1 = every core)');
});
