// @ts-check
// The checks of `npm run bench` (scripts/bench/figures.mjs): its smoke run in `npm test` passes
// only if every figure was produced and the node counts agree natively and in the worker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { collect, check, spreadText } from '../../scripts/bench/figures.mjs';

const mcts = (best = 'e2e4') => ({
  total_playouts: 2000,
  playouts_per_s: 30000,
  positions: [{ name: 'start', playouts: 2000, tree_nodes: 1900, best_move: best, bytes_per_node: 120.5 }],
});
const perft = { leaves: 41812668, leaves_per_s: 6e7 };
const overshoot = [10, 50, 200].map((limit_ms) => ({ limit_ms, p50_ms: 0.05, p99_ms: 0.1, max_ms: 0.2 }));
const side = { label: 'abc1234', wasmSizes: () => [{ module: 'tmlab_bg', file: 'tmlab_bg-x.wasm', raw: 2e6, gzip: 6e5, brotli: 4e5 }] };
const method = { overshoot: [10, 50, 200] };
/** CPU seconds per bench section (scripts/bench/cpu.mjs). */
const cpu = { alphabeta: 0.04, perft: 0.7, mcts: 0.07 };

const embedFigures = { curveBytes: 180e3, curveRequests: 5, playBytes: 7e5, playRequests: 30, firstChartDesktop: 250, firstChartThrottled: 900 };

/**
 * The checks over one round of made-up reports; each option replaces one figure (null or
 * undefined: a figure not produced).
 * @param {{workerCpu?: {[bench: string]: number | undefined}, nativeNodes?: number, workerNodes?: number,
 *   workerMcts?: ReturnType<typeof mcts>, workerPerft?: typeof perft | null,
 *   sizes?: {module: string, file: string, raw: number, gzip: number, brotli: number}[],
 *   embeds?: {[figure: string]: number | null} | null}} [options]
 */
function run({ workerCpu = cpu, nativeNodes = 16932, workerNodes = 16932, workerMcts = mcts(), workerPerft = perft, sizes, embeds = embedFigures } = {}) {
  const rounds = [[{ side: side.label, native: { total_nodes: nativeNodes, nps: 4e5, perft, mcts: mcts(), cpu }, worker: { alphabeta: { total_nodes: workerNodes, nps: 3e5 }, perft: workerPerft, mcts: workerMcts, cpu: workerCpu } }]];
  const s = sizes ? { ...side, wasmSizes: () => sizes } : side;
  // Reports as JSON gives them: a test's missing figure is what the checks must catch.
  const reports = /** @type {import('../../scripts/bench/figures.mjs').RoundReport[][]} */ (/** @type {unknown} */ (rounds));
  const figures = [collect(/** @type {import('../../scripts/bench/side.mjs').Side} */ (/** @type {unknown} */ (s)), reports, { native: { overshoot }, worker: { overshoot } }, /** @type {import('../../scripts/bench/figures.mjs').EmbedFigures | undefined} */ (/** @type {unknown} */ (embeds ?? undefined)))];
  return check(figures, method);
}

test('a complete, agreeing report passes', () => {
  assert.deepEqual(run(), []);
});

test('a missing figure fails and is named', () => {
  const problems = run({ workerPerft: null });
  assert.ok(problems.some((p) => p.includes('perft speed (CPU) (worker) was not produced')), problems.join('\n'));
});

test('a section without its CPU time fails: its speed per CPU second was not produced', () => {
  const problems = run({ workerCpu: { ...cpu, mcts: undefined } });
  assert.ok(problems.some((p) => p.includes('MCTS speed (CPU) (worker) was not produced')), problems.join('\n'));
});

test('spreadText gives the median, the range and the interquartile range', () => {
  assert.equal(spreadText([0.9, 0.8, 1.0, 0.85, 0.95]), 'median 0.900 [0.800–1.000] IQR 0.850–0.950');
  assert.equal(spreadText([1, Number.NaN]), '');
});

test('different node counts natively and in the worker fail', () => {
  const problems = run({ workerNodes: 16933 });
  assert.ok(problems.some((p) => p.includes('alpha-beta nodes differ: native 16932, worker 16933')), problems.join('\n'));
});

test('a different MCTS outcome in the worker fails', () => {
  assert.ok(run({ workerMcts: mcts('d2d4') }).some((p) => p.includes('MCTS')));
});

test('a build without a wasm module fails', () => {
  assert.ok(run({ sizes: [] }).some((p) => p.includes('no .wasm module')));
});

test('the embeds\' figures are required: missing ones, or one not produced, fail', () => {
  assert.ok(run({ embeds: null }).some((p) => p.includes('no embed figures')));
  const problems = run({ embeds: { ...embedFigures, firstChartThrottled: null } });
  assert.ok(problems.some((p) => p.includes('Curves 1st chart, 10Mb/150 (worker) was not produced')), problems.join('\n'));
});

test('every wasm module is reported raw, gzipped and as brotli', () => {
  const sizes = [{ module: 'charts_bg', file: 'charts_bg-x.wasm', raw: 5e5, gzip: 2e5, brotli: 1.7e5 }, { module: 'tmlab_bg', file: 'tmlab_bg-y.wasm', raw: 2e6, gzip: 6e5, brotli: 4e5 }];
  assert.deepEqual(run({ sizes }), []);
  assert.ok(run({ sizes: [{ ...sizes[0], brotli: 0 }] }).some((p) => p.includes('wasm charts_bg brotli (worker) was not produced')));
});
