// @ts-check
// The Scaling section's and the Flag risk card's controllers (pure state) against the real wasm
// (tests/unit/wasm.js): the form becomes the crate's scaling spec, the crate checks it and
// names the bad field, a run's games fill their controls and complete it; the flag-risk form
// becomes the crate's, a newer run supersedes an older one's messages, and the crate answers a
// latency beyond the clock with probability 1 at every overhead.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import tmlab from './wasm.js';
import { SCALING_DEFAULTS, initialState, pendingTasks, progressOf, specOf, update } from '../../www/views/scaling/controller.js';
import { FLAG_RISK_DEFAULTS, formOf, initialState as frInit, update as frUpdate } from '../../www/views/curves/flag-risk-controller.js';

/** @param {typeof SCALING_DEFAULTS} form */
const specJson = (form) => JSON.stringify(specOf(form, tmlab.scaling_tcs(form.tcs)));

test('the scaling form is the crate spec; bad controls are refused by field', () => {
  const plan = tmlab.scaling_plan(specJson(SCALING_DEFAULTS));
  assert.deepEqual(plan.tcs, ['1+0.01', '2+0.02', '4+0.04']);
  assert.equal(plan.games, SCALING_DEFAULTS.games);
  assert.equal(plan.longest, 2);
  assert.equal(JSON.parse(plan.specs[1]).tc_a, '2+0.02');
  /** @param {string} tcs @returns {RuleError | null} */
  const bad = (tcs) => {
    try {
      tmlab.scaling_plan(specJson({ ...SCALING_DEFAULTS, tcs }));
    } catch (e) {
      return /** @type {RuleError} */ (e);
    }
    return null;
  };
  assert.equal(bad('1+0.01')?.path, 'tcs');
  assert.match(bad('1+0.01')?.message ?? '', /1 time controls is not allowed/);
  assert.match(bad('1+0.01,hg60')?.message ?? '', /no typical game time/);
  assert.equal(bad('1+0.01,2+0.02, nope')?.path, 'tcs');
  assert.throws(() => tmlab.scaling_plan(specJson({ ...SCALING_DEFAULTS, a: 'nope' })), (/** @type {RuleError} */ e) => e.path === 'a');
});

test('a run fills each control and completes; pending games go pair by pair across the controls', () => {
  // initialState fills the form's other fields from SCALING_DEFAULTS; its JSDoc gives no
  // @returns, so the state's `status` reads as a string: GridState is what it returns.
  let s = /** @type {import('../../www/ui/grid-experiment.js').GridState} */ (initialState({ ...SCALING_DEFAULTS, tcs: '1+0.01,2+0.02', games: 2 }));
  const spec = specJson(s.form);
  const plan = tmlab.scaling_plan(spec);
  s = update(s, { type: 'start', id: '1', spec, plan });
  assert.equal(s.status, 'running');
  assert.deepEqual(pendingTasks(s), [{ value: 0, game: 0 }, { value: 0, game: 1 }, { value: 1, game: 0 }, { value: 1, game: 1 }]);
  for (const t of pendingTasks(s)) s = update(s, { type: 'game', ...t, score: { index: t.game } });
  assert.equal(s.status, 'complete');
  assert.deepEqual(progressOf(s), { finished: 4, total: 4, share: 1 });
});

test('the flag-risk form is the crate form; a newer run supersedes; fixed latency beyond the clock flags always', () => {
  const f = formOf({ ...FLAG_RISK_DEFAULTS, tc: '1+0.01', latency: 'fixed:2000', games: 200, risk: 0.02 });
  assert.deepEqual(Object.keys(f).sort(), ['elo_per_doubling', 'games', 'latency', 'risk', 'seed', 'tc', 'tm', 'to_hard']);
  const overheads = tmlab.overhead_check(f);
  assert.equal(overheads[0], 0);
  const report = tmlab.overhead_report(f, () => {});
  assert.ok(report.points.every((/** @type {{flags: number, p: number}} */ p) => p.flags === 200 && p.p === 1));
  assert.ok(report.required == null, 'no overhead is safe');
  assert.match(report.sentence, /no Move Overhead tried/);
  assert.throws(() => tmlab.overhead_check({ ...f, latency: 'gauss:1' }), (/** @type {RuleError} */ e) => e.path === 'latency' && /not a latency model/.test(e.message));
  assert.throws(() => tmlab.overhead_check({ ...f, risk: 0.0001 }), (/** @type {RuleError} */ e) => e.path === 'risk');
  let s = frInit({});
  s = frUpdate(s, { type: 'run', run: 1 });
  s = frUpdate(s, { type: 'run', run: 2 });
  s = frUpdate(s, { type: 'done', run: 1, report: { old: true } });
  assert.equal(s.status, 'running', "the older run's answer is ignored");
  s = frUpdate(s, { type: 'done', run: 2, report });
  assert.equal(s.status, 'done');
  assert.equal(s.report, report);
});
