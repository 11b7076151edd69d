// @ts-check
// The Curves view's controller: the building-block charts' sliders start from the crate's
// defaults and ranges, the allocation chart's settings move by events (mode, time control,
// managers, engine fields) with the crate's schema and time-control reader (real wasm), the
// engine game's progress messages become the progress line, and arrow keys step the hover.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import tmlab from './wasm.js';
import { provideRules } from '../../www/ui/rules.js';
import {
  defaultSpec, curveInit, curveUpdate, allocationInit, allocationUpdate, engineKey, traceSpec, stepHover,
} from '../../www/views/curves/controller.js';
import { CURVE_PARAMS, ALLOCATION_DEFAULTS, ALLOCATION_LIMITS, MAX_MANAGERS, SPEEDS } from '../../www/ui/curve-params.js';

// The views ask the crate's rules through ui/rules.js, answered here by the engine module.
provideRules(tmlab);

const reading = (/** @type {string} */ tc) => {
  try {
    return tmlab.read_time_control(tc).reading;
  } catch {
    return '';
  }
};

test('a building-block chart starts from the crate defaults, clamps the URL, and keeps its last readout', () => {
  const params = CURVE_PARAMS['moves-left'];
  const mid = params.find((p) => p.key === 'midpoint');
  const steepness = params.find((p) => p.key === 'steepness');
  assert.ok(mid && steepness, 'moves-left has a midpoint and a steepness');
  let s = curveInit(params, {});
  assert.deepEqual(s.values, Object.fromEntries(params.map((p) => [p.key, p.defaultValue])));
  s = curveInit(params, { midpoint: mid.max * 10, steepness: NaN });
  assert.equal(s.values.midpoint, mid.max);
  assert.equal(s.values.steepness, steepness.defaultValue);
  for (const p of params) assert.equal(tmlab.check_curve_value('moves-left', p.key, s.values[p.key]), null);
  s = curveUpdate(s, { type: 'slider', key: 'midpoint', value: 40 });
  assert.equal(s.values.midpoint, 40);
  s = curveUpdate(s, { type: 'drawn', note: { text: 'move 10', x: 10, y: 30 } });
  s = curveUpdate(s, { type: 'drawn', note: null });
  assert.equal(s.note?.text, 'move 10');
  s = curveUpdate(s, { type: 'failed', message: 'midpoint out of range' });
  assert.equal(s.error, 'midpoint out of range');
  assert.equal(curveUpdate(s, { type: 'drawn', note: null }).error, '');
});

test('the allocation chart: mode, time control read by the crate, managers from the schema', () => {
  let s = allocationInit({ mode: 'bogus', enps: 12345 }, reading(ALLOCATION_DEFAULTS.tc));
  assert.equal(s.settings.mode, 'usage');
  assert.equal(s.settings.enps, ALLOCATION_DEFAULTS.enps);
  assert.deepEqual(s.settings.specs, ALLOCATION_DEFAULTS.specs);
  assert.notEqual(s.settings.specs, ALLOCATION_DEFAULTS.specs, 'a copy, never the defaults');
  assert.ok(s.tcReading.length > 0, 'the default time control reads');
  s = allocationUpdate(s, { type: 'mode', value: 'engine' });
  assert.equal(s.settings.mode, 'engine');
  s = allocationUpdate(s, { type: 'tc', value: ' 40/60 ', reading: reading('40/60') });
  assert.equal(s.settings.tc, '40/60');
  assert.match(s.tcReading, /40/);
  const bad = allocationUpdate(s, { type: 'tc', value: '60+x', reading: reading('60+x') });
  assert.equal(bad.tcReading, '');

  const names = tmlab.tm_schema().map((/** @type {{name: string}} */ m) => m.name);
  while (s.settings.specs.length < MAX_MANAGERS) s = allocationUpdate(s, { type: 'add', names });
  assert.equal(new Set(s.settings.specs.map(defaultSpec)).size, MAX_MANAGERS, 'each added manager is a new one');
  for (const spec of s.settings.specs) tmlab.check_spec(spec);
  s = allocationUpdate(s, { type: 'spec', index: 1, spec: `${s.settings.specs[1]}(move-overhead=50)` });
  assert.equal(defaultSpec(s.settings.specs[1]), tmlab.spec_manager(s.settings.specs[1]));
  // The crate reads the manager: an alias is its canonical name, a wrong value still names it.
  assert.equal(defaultSpec(' smooth(preset=lc0) '), 'lc0-smooth');
  assert.equal(defaultSpec('stockfish(bogus=1)'), 'stockfish');
  tmlab.check_spec(s.settings.specs[1]);
  const before = s.settings.specs;
  s = allocationUpdate(s, { type: 'remove', index: 0 });
  assert.deepEqual(s.settings.specs, before.slice(1));
  let one = allocationInit({ specs: ['stockfish'] });
  assert.equal(allocationUpdate(one, { type: 'remove', index: 0 }), one, 'the last manager stays');
  s = allocationUpdate(s, { type: 'usage', key: 'use', value: 0.5 });
  assert.equal(s.settings.use, 0.5);
});

test('engine fields: clamped, and only what the game depends on replays it', () => {
  let s = allocationInit({ mode: 'engine' });
  const key = engineKey(s.settings);
  s = allocationUpdate(s, { type: 'emoves', value: '999' });
  assert.equal(s.settings.emoves, 200);
  s = allocationUpdate(s, { type: 'emoves', value: 'abc' });
  assert.equal(s.settings.emoves, ALLOCATION_DEFAULTS.emoves);
  s = allocationUpdate(s, { type: 'elat', value: '-5' });
  assert.equal(s.settings.elat, 0);
  s = allocationUpdate(s, { type: 'enps', value: String(SPEEDS[2]) });
  assert.equal(s.settings.enps, SPEEDS[2]);
  assert.notEqual(engineKey(s.settings), key);
  const k2 = engineKey(s.settings);
  s = allocationUpdate(s, { type: 'side', value: 'black' });
  assert.equal(s.settings.side, 'black');
  assert.equal(engineKey(s.settings), k2, 'the side shown does not replay the game');
  s = allocationUpdate(s, { type: 'opening', value: String(tmlab.trace_openings().length - 1) });
  const spec = traceSpec(s.settings, s.settings.specs[0]);
  assert.deepEqual(spec, { tm: s.settings.specs[0], tc: s.settings.tc, opening: s.settings.opening, nps: SPEEDS[2], moves: ALLOCATION_DEFAULTS.emoves, latency: 0, ponder: false });
  // Pondering replays the game and reaches the worker's spec.
  const k3 = engineKey(s.settings);
  s = allocationUpdate(s, { type: 'eponder', value: '1' });
  assert.equal(s.settings.eponder, 1);
  assert.notEqual(engineKey(s.settings), k3, 'pondering replays the game');
  assert.equal(traceSpec(s.settings, 'stockfish').ponder, true);
  s = allocationUpdate(s, { type: 'eponder', value: 'nonsense' });
  assert.equal(s.settings.eponder, 0);
});

test('the engine game progress messages become the progress line', () => {
  let s = allocationInit({ mode: 'engine', emoves: 30 });
  s = allocationUpdate(s, { type: 'run', tm: 'stockfish', plies: 60 });
  assert.deepEqual(s.progress, { running: true, value: 0, max: 60, status: 'Playing stockfish against itself…', runs: 0 });
  s = allocationUpdate(s, { type: 'move', tm: 'stockfish', count: 7, moveNumber: 4 });
  assert.equal(s.progress.value, 7);
  assert.equal(s.progress.status, 'Playing stockfish: move 4 of at most 30…');
  s = allocationUpdate(s, { type: 'ghost', tm: 'stockfish' });
  assert.equal(s.progress.status, 'Playing the default stockfish for the ghost…');
  const result = { moves: new Array(60), searcher: 'alphabeta', opening: 'Italian', result: '1/2-1/2', ms: 2345 };
  s = allocationUpdate(s, { type: 'done', result, plies: 60 });
  assert.deepEqual(s.progress, {
    running: false, value: 60, max: 60, runs: 1, status: '60 moves, alpha-beta, Italian; 1/2-1/2. Played in 2.3 s.',
  });
  s = allocationUpdate(s, { type: 'run', tm: 'lc0-legacy', plies: 60 });
  s = allocationUpdate(s, { type: 'done', result: { ...result, searcher: 'mcts', cached: true }, plies: 60 });
  assert.equal(s.progress.runs, 2);
  assert.match(s.progress.status, /MCTS.*Replayed from memory\.$/);
  s = allocationUpdate(s, { type: 'run', tm: 'stockfish', plies: 60 });
  s = allocationUpdate(s, { type: 'stopped' });
  assert.equal(s.progress.running, false);
  assert.equal(s.progress.status, '');
  s = allocationUpdate(s, { type: 'failed', message: 'bad time control', tc: true });
  assert.equal(s.tcInvalid, true);
  s = allocationUpdate(s, { type: 'cleared' });
  assert.equal(s.error, '');
  assert.equal(s.tcInvalid, false);
});

test('arrow keys step the hovered point within the plot', () => {
  const frame = { left: 50, right: 550, x_range: [1, 101] };
  assert.equal(stepHover(frame, null, 'ArrowRight', {}), 55);
  assert.equal(stepHover(frame, 548, 'ArrowRight', {}), 550);
  assert.equal(stepHover(frame, null, 'ArrowLeft', { share: 0.01 }), 295);
  assert.equal(stepHover(null, null, 'ArrowRight', { share: 0.01, fallbackRight: 400 }), 204);
  assert.equal(stepHover(null, 12, 'ArrowRight', {}), 12);
});

test("the engine mode's fields are the crate's: each bound is accepted by the game, one step beyond is refused", () => {
  const ok = { tm: 'stockfish', tc: '1+0.01', opening: 0, nps: SPEEDS[0], moves: 1, latency: 0 };
  /** @param {{[field: string]: unknown}} patch */
  const accepted = (patch) => new tmlab.TraceRunner({ ...ok, ...patch }).free();
  /** @param {{[field: string]: unknown}} patch @param {string} path */
  const refused = (patch, path) => assert.throws(() => new tmlab.TraceRunner({ ...ok, ...patch }), (/** @type {RuleError} */ e) => e.path === path);
  const [o0, o1] = ALLOCATION_LIMITS.opening;
  const [m0, m1] = ALLOCATION_LIMITS.emoves;
  const [l0, l1] = ALLOCATION_LIMITS.elat;
  for (const opening of [o0, o1]) accepted({ opening });
  for (const moves of [m0, m1]) accepted({ moves });
  for (const latency of [l0, l1]) accepted({ latency });
  for (const nps of SPEEDS) accepted({ nps });
  refused({ opening: o1 + 1 }, 'opening');
  refused({ moves: m0 - 1 }, 'moves');
  refused({ moves: m1 + 1 }, 'moves');
  refused({ latency: l1 + 1 }, 'latency');
  assert.ok(SPEEDS.includes(ALLOCATION_DEFAULTS.enps), 'the default speed is one on offer');
});
