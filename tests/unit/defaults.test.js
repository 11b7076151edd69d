// @ts-check
// The views' defaults against the crate's, and the cost rule the views show (the crate's own
// functions through the wasm: the page never computes an estimate itself).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import tmlab from './wasm.js';
import { DEFAULT_NPS } from '../../www/engine/defaults.js';
import { MATCH_DEFAULTS } from '../../www/views/match/spec.js';
import { SWEEP_DEFAULTS } from '../../www/views/sweep/controller.js';
import { TUNE_DEFAULTS } from '../../www/views/tune/controller.js';

test('one virtual node rate: the crate’s, in every view', () => {
  assert.equal(DEFAULT_NPS, tmlab.default_nps());
  for (const d of [MATCH_DEFAULTS, SWEEP_DEFAULTS, TUNE_DEFAULTS]) assert.equal(d.nps, tmlab.default_nps());
});

test('the estimate is the crate’s rule: rounds of games at the calibrated rate, and the precision', () => {
  const spec = JSON.stringify({ a: 'lc0-legacy', b: 'stockfish', tc_a: '1+0.01', games: 100 });
  // 65 moves in 1 s of a game that ended: a typical game (130 moves) takes 2 s on one worker.
  const e = tmlab.experiment_estimate(spec, 100, 100, 2, { plies: 65, ms: 1000, clock_ms: 700, finished: true });
  assert.equal(e.games, 100);
  assert.ok(Math.abs(e.seconds - 100) < 1e-9, String(e.seconds));
  assert.equal(e.duration, '1 min 40 s');
  assert.equal(Math.round(e.precision), 57);
  assert.match(e.text, /1 ms = 1000 nodes/);
  // Cut short by the budget: by the clock (1 s of wall per 700 ms of clock; a game spends 2.7 s).
  const cut = tmlab.experiment_estimate(spec, 100, 100, 2, { plies: 65, ms: 1000, clock_ms: 700, finished: false });
  assert.ok(Math.abs(cut.game_seconds - 2700 / 700) < 1e-9, String(cut.game_seconds));
  const tune = tmlab.experiment_estimate(spec, 40, 0, 2, { plies: 65, ms: 1000, clock_ms: 700, finished: true });
  assert.ok(!Number.isFinite(tune.precision), 'a tune promises no Elo');
  assert.throws(() => tmlab.experiment_estimate('{"a":"x","b":"stockfish"}', 2, 2, 1, { plies: 1, ms: 1, clock_ms: 1, finished: true }), (/** @type {RuleError} */ e) => e.path === 'a');
  // A calibration is one object; a malformed one is a typed error naming the field.
  assert.throws(() => tmlab.experiment_estimate(spec, 2, 2, 1, { plies: 'x', ms: 1, clock_ms: 1, finished: true }), (/** @type {RuleError} */ e) => /plies|invalid type/.test(e.message));
  assert.equal(tmlab.games_for_precision(60), 92);
  assert.throws(() => tmlab.games_for_precision(0), (/** @type {RuleError} */ e) => e.path === 'precision' && /100000 games/.test(e.allowed));
  assert.equal(tmlab.experiment_eta(10, 2, 3000, 2, 2).text, '15 s');
  assert.equal(tmlab.experiment_eta(10, 1, 3000, 2, 2).text, '10 s');
});

test('the defaults say what they trade: the precision their games buy (docs/experiments.md’s table)', () => {
  assert.equal(Math.round(tmlab.expected_precision(MATCH_DEFAULTS.games)), 92);
  assert.equal(Math.round(tmlab.expected_precision(SWEEP_DEFAULTS.games)), 134);
  assert.equal(tmlab.games_for_precision(60), 92, 'what ±60 costs');
  assert.equal(MATCH_DEFAULTS.same, true, 'Match defaults to equal controls');
  assert.equal(MATCH_DEFAULTS.tca, MATCH_DEFAULTS.tcb);
});
