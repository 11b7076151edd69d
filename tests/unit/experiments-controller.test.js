// @ts-check
// The Sweep and Tune views' controllers, with the crate's real plans, reports and SPSA steps
// (games played in Node with MatchGameRunner).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import tmlab from './wasm.js';
import * as sweep from '../../www/views/sweep/controller.js';
import * as tune from '../../www/views/tune/controller.js';

/** @param {string} spec a match spec (JSON) @param {number} index */
const play = (spec, index) => {
  const g = new tmlab.MatchGameRunner(spec, index);
  while (!g.done) g.step();
  const s = g.summary();
  g.free();
  return s;
};

test('sweep values: lists, ranges through the crate, and errors naming the field', () => {
  const values = (/** @type {string} */ text) => [...tmlab.sweep_values('lc0-legacy', 'slowmover', text)];
  assert.deepEqual(values('0.5, 1,1.5'), [0.5, 1, 1.5]);
  assert.deepEqual(values('0.5:1.5:3'), [0.5, 1, 1.5]);
  assert.deepEqual([...tmlab.sweep_values('stockfish', 'horizon', '9.6:12.4:5')], [10, 11, 12]);
  // The crate's one rule for the field (sweep_values: a list, or SweepRange::values), thrown as
  // typed errors of the field `values`.
  /** @param {[string, string, string]} args @param {string} message @param {string} allowed */
  const valuesError = (args, message, allowed) =>
    assert.throws(() => tmlab.sweep_values(...args), (/** @type {RuleError} */ e) => e.path === 'values' && e.message === message && e.allowed === allowed, JSON.stringify(args));
  /** @param {string} text @returns {[string, string, string]} */
  const slow = (text) => ['lc0-legacy', 'slowmover', text];
  valuesError(slow('0.5,x'), 'values: "x" is not a number', 'a float in 0.1 … 3 for slowmover');
  valuesError(slow('0.5,,1'), 'values: "" is not a number', 'a float in 0.1 … 3 for slowmover');
  valuesError(slow('1:2'), 'values: "1:2" is not LO:HI:N', 'LO:HI:N with numbers LO ≤ HI and N from 1 to 64, e.g. 0.5:1.5:5');
  valuesError(slow('0.5:1.5:65'), 'values: N = 65 is not allowed', '1 to 64 values');
  valuesError(slow('0.5:1.5:0'), 'values: N = 0 is not allowed', '1 to 64 values');
  valuesError(slow('1.5:0.5:3'), 'values: LO 1.5 is above HI 0.5', 'LO ≤ HI');
  valuesError(slow('NaN:1:3'), 'values: LO is not a number', 'a float in 0.1 … 3');
  valuesError(slow('0.5:3.5:3'), 'values: 3.5 is out of range for slowmover', 'a float in 0.1 … 3');
  assert.throws(() => tmlab.sweep_values('lc0-legacy', 'nope', '0.5:1.5:3'), (/** @type {RuleError} */ e) => e.path === 'param' && e.message === 'param: "nope" is not a parameter of lc0-legacy' && /slowmover/.test(e.allowed));
  assert.throws(() => tmlab.sweep_values('lc0-legasy', 'slowmover', '1'), (/** @type {RuleError} */ e) => e.path === 'a' && /^a: unknown time manager/.test(e.message) && /lc0-legacy/.test(e.allowed));
  const bad = JSON.stringify(sweep.specOf({ ...sweep.SWEEP_DEFAULTS }, [0.5, 9]));
  assert.throws(() => tmlab.sweep_plan(bad), (/** @type {RuleError} */ e) => e.path === 'values' && /9 is out of range for slowmover/.test(e.message));
  const noParam = JSON.stringify(sweep.specOf({ ...sweep.SWEEP_DEFAULTS, param: 'nope' }, [1]));
  assert.throws(() => tmlab.sweep_plan(noParam), (/** @type {RuleError} */ e) => e.path === 'param');
});

test('a small sweep runs through the controller: pending games, progress, report and fit', () => {
  const form = { ...sweep.SWEEP_DEFAULTS, tc: '1+0.01', games: 4, maxmoves: 30, values: '0.5,1.5,2.5' };
  const spec = JSON.stringify(sweep.specOf(form, [...tmlab.sweep_values(form.tm, form.param, form.values)]));
  const plan = tmlab.sweep_plan(spec);
  assert.equal(plan.specs.length, 3);
  assert.match(JSON.parse(plan.specs[1]).a, /slowmover=1.5/);
  let s = sweep.initialState(form);
  s = sweep.update(s, { type: 'form', form, plan, spec });
  s = sweep.update(s, { type: 'start', id: 'x', spec, plan });
  assert.equal(sweep.pendingTasks(s).length, 12);
  for (const { value, game } of sweep.pendingTasks(s)) {
    s = sweep.update(s, { type: 'game', value, game, score: play(plan.specs[value], game), ms: 1000 });
    if (value === 0 && game === 1) {
      assert.deepEqual(sweep.progressOf(s), { finished: 2, total: 12, share: 2 / 12 });
      s = sweep.update(s, { type: 'stop' });
      assert.equal(s.status, 'stopped');
      s = sweep.update(s, { type: 'resume' });
    }
  }
  assert.equal(s.status, 'complete');
  assert.ok(s.run, 'a complete sweep has its run');
  const shown = tmlab.sweep_report(spec, s.run.scores);
  assert.equal(shown.report.points.length, 3);
  assert.equal(shown.report.points[2].finished, 4);
  assert.match(shown.text, /Elo: logistic Elo of the swept manager/);
  assert.match(shown.csv, /^slowmover,games,wins/);
  assert.ok(sweep.exportOf(s, shown.report)?.scores.length === 3);
});

test('tune: the form becomes a spec, the crate plans it, and iterations follow SPSA', () => {
  // The crate reads the c_end/r_end fields (tune_end_list, the rule of tmlab tune --c-end).
  assert.deepEqual([...tmlab.tune_end_list('c_end', ' 0.1, 2 ')], [0.1, 2]);
  assert.deepEqual([...tmlab.tune_end_list('r_end', '  ')], []);
  assert.throws(
    () => tmlab.tune_end_list('r_end', '0.1,a'),
    (/** @type {RuleError} */ e) => e.path === 'r_end' && e.message === 'r_end: "a" is not a number' && e.allowed === 'numbers, comma-separated, one per parameter (empty: the defaults)',
  );
  const form = { ...tune.TUNE_DEFAULTS, tc: '1+0.01', games: 4, maxmoves: 30, cend: '0.3', rend: '0.2' };
  const ends = { c_end: [...tmlab.tune_end_list('c_end', form.cend)], r_end: [...tmlab.tune_end_list('r_end', form.rend)] };
  const spec = JSON.stringify(tune.specOf(form, ends));
  const plan = tmlab.tune_plan(spec);
  assert.equal(plan.spsa.iterations, 2);
  assert.equal(plan.spsa.params[0].start, 0.5);
  assert.throws(() => tmlab.tune_plan(JSON.stringify(tune.specOf({ ...form, games: 5 }, ends))), (/** @type {RuleError} */ e) => e.path === 'games');
  let s = tune.update(tune.initialState(form), { type: 'form', form, plan, spec });
  s = tune.update(s, { type: 'start', id: 'x', spec, plan });
  for (;;) {
    assert.ok(s.run, 'a started tune has its run');
    const next = tmlab.tune_next(spec, s.run.history, undefined);
    if (!next) break;
    assert.deepEqual(next.games, [2 * s.run.history.length, 2 * s.run.history.length + 1]);
    const t = tune.tally(next.games.map((/** @type {number} */ g) => play(next.spec, g)));
    const record = tmlab.tune_apply(spec, s.run.history, t.wins, t.losses, t.draws);
    const before = s.run.history.length ? s.run.history.at(-1).theta[0] : 0.5;
    const st = record.step;
    assert.ok(Math.abs(record.theta[0] - Math.min(3, Math.max(0.1, before + st.r[0] * st.c[0] * (t.wins - t.losses) * st.flip[0]))) < 1e-12);
    s = tune.update(s, { type: 'iteration', record });
  }
  assert.equal(s.status, 'complete');
  assert.deepEqual(tune.progressOf(s), { done: 2, total: 2, share: 1 });
  assert.ok(s.run, 'a complete tune has its run');
  const r = tmlab.tune_result(spec, s.run.history);
  assert.match(r.tuned, /^lc0-legacy\(slowmover=/);
});
