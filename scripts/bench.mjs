// npm run bench: the same benches natively and in the wasm engine worker in headless Chromium,
// in one run, and their ratios. Prints a table and writes target/bench.json.
//
// Method. The alpha-beta speed is measured in ROUNDS alternating pairs (native, then the worker)
// and each side's median is compared, so a slow moment of a shared machine does not land on one
// side only. Before the first pair the worker runs one shallower search over the same positions
// (not counted): V8 first runs wasm with its baseline compiler and switches hot functions to its
// optimising compiler while they run, so an unwarmed first search measures the compilers rather
// than the engine. Each round also times perft over the Chessprogramming Wiki positions (the
// move generation and copy-make alone, every count checked), so the report shows how fast the
// chess code runs in V8 before any search. The overshoot and MCTS benches then run once on
// each side.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, serveDist, launch } from '../tests/e2e/harness.mjs';

const DEPTH = Number(process.env.BENCH_DEPTH || 10);
const WARMUP_DEPTH = Math.max(1, DEPTH - 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);
const MCTS_PLAYOUTS = Number(process.env.BENCH_MCTS_PLAYOUTS || 100000);
const OVERSHOOT = [10, 50, 200];
/** Searches per position and move time: 3 × 40 positions, so p99 is not simply the maximum. */
const REPEATS = Number(process.env.BENCH_REPEATS || 3);

const tmlab = join(ROOT, 'target', 'release', 'tmlab');
function nativeBench(args) {
  console.log(`  native: tmlab bench ${args.join(' ')} --json`);
  return JSON.parse(execFileSync(tmlab, ['bench', ...args, '--json'], { encoding: 'utf8', maxBuffer: 64 << 20 }));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await serveDist();
const browser = await launch();
let native;
let wasm;
const rounds = [];
try {
  const page = await browser.context.newPage();
  await page.goto(server.url);
  await page.waitForSelector('#engine-state[data-state="idle"]', { timeout: 30000 });
  const workerBench = (options) => {
    console.log(`  wasm:   tmlab-bench ${JSON.stringify(options)} in the engine worker`);
    return page.evaluate(
      (options) =>
        new Promise((resolve, reject) => {
          const { engine } = globalThis.tmlab;
          const prefix = 'info string tmlab-bench-result ';
          const failed = 'info string tmlab-bench-error ';
          const timer = setTimeout(() => reject(new Error('the worker bench took over 10 minutes')), 600000);
          const onMessage = (e) => {
            const line = String(e.data);
            if (line.startsWith(prefix) || line.startsWith(failed)) {
              clearTimeout(timer);
              engine.worker.removeEventListener('message', onMessage);
              if (line.startsWith(prefix)) resolve(JSON.parse(line.slice(prefix.length)));
              else reject(new Error(`the worker bench failed: ${line.slice(failed.length)}`));
            }
          };
          engine.worker.addEventListener('message', onMessage);
          engine.worker.postMessage(`tmlab-bench ${JSON.stringify(options)}`);
        }),
      options,
    );
  };
  const searchOnly = { perft: true, overshoot: [], mctsPlayouts: 0 };

  console.log(`warm-up (not counted): the worker searches the positions to depth ${WARMUP_DEPTH}`);
  await workerBench({ depth: WARMUP_DEPTH, ...searchOnly });

  console.log(`alpha-beta and perft speed: ${ROUNDS} rounds of native then wasm, depth ${DEPTH}`);
  for (let r = 0; r < ROUNDS; r++) {
    const n = nativeBench(['--depth', String(DEPTH), '--no-overshoot', '--mcts-playouts', '0']);
    const w = await workerBench({ depth: DEPTH, ...searchOnly });
    rounds.push({ native: n, wasm: w.alphabeta, perft: { native: n.perft, wasm: w.perft } });
  }

  console.log('overshoot and MCTS: once on each side');
  native = nativeBench(['--depth', '1', '--no-perft', '--repeats', String(REPEATS), '--mcts-playouts', String(MCTS_PLAYOUTS)]);
  wasm = await workerBench({ depth: 0, perft: false, overshoot: OVERSHOOT, repeats: REPEATS, mctsPlayouts: MCTS_PLAYOUTS });
} finally {
  await browser.close();
  await server.close();
}

const ratio = (a, b) => (a / b).toFixed(3);
const row = (name, n, w, unit, r) => console.log(`${name.padEnd(26)} ${String(n).padStart(12)} ${String(w).padStart(12)}  ${unit.padEnd(10)} ${r}`);
console.log(`\n${'measure'.padEnd(26)} ${'native'.padStart(12)} ${'wasm worker'.padStart(12)}  ${'unit'.padEnd(10)} wasm/native`);
const nodes = rounds.map((r) => [r.native.total_nodes, r.wasm.total_nodes]);
const identical = nodes.every(([n, w]) => n === nodes[0][0] && w === nodes[0][0]);
if (!identical) console.log(`WARNING: node counts differ between sides or rounds: ${JSON.stringify(nodes)}`);
row('alpha-beta nodes', nodes[0][0], nodes[0][1], 'nodes', identical ? 'identical' : 'DIFFERENT');
rounds.forEach((r, i) =>
  row(`alpha-beta speed, round ${i + 1}`, r.native.nps, Math.round(r.wasm.nps), 'nodes/s', ratio(r.wasm.nps, r.native.nps)),
);
const nativeNps = median(rounds.map((r) => r.native.nps));
const wasmNps = median(rounds.map((r) => r.wasm.nps));
row(`alpha-beta speed, median`, nativeNps, Math.round(wasmNps), 'nodes/s', ratio(wasmNps, nativeNps));
// Perft (move generation and copy-make, no search) in the same rounds: the share of the gap that
// is the chess code itself in V8, before any search.
const perftNative = median(rounds.map((r) => r.perft.native.leaves_per_s));
const perftWasm = median(rounds.map((r) => r.perft.wasm.leaves_per_s));
row('perft speed, median', Math.round(perftNative), Math.round(perftWasm), 'leaves/s', ratio(perftWasm, perftNative));
for (const limit of OVERSHOOT) {
  const n = native.overshoot.find((o) => o.limit_ms === limit);
  const w = wasm.overshoot.find((o) => o.limit_ms === limit);
  row(`overshoot ${limit} ms p50`, n.p50_ms.toFixed(3), w.p50_ms.toFixed(3), 'ms', '');
  row(`overshoot ${limit} ms p99`, n.p99_ms.toFixed(3), w.p99_ms.toFixed(3), 'ms', '');
  row(`overshoot ${limit} ms max`, n.max_ms.toFixed(3), w.max_ms.toFixed(3), 'ms', '');
}
if (native.mcts && wasm.mcts) {
  row('mcts speed', Math.round(native.mcts.playouts_per_s), Math.round(wasm.mcts.playouts_per_s), 'playouts/s', ratio(wasm.mcts.playouts_per_s, native.mcts.playouts_per_s));
  const bpn = (m) => Math.max(...m.positions.map((p) => p.bytes_per_node)).toFixed(1);
  row('mcts bytes per node (max)', bpn(native.mcts), bpn(wasm.mcts), 'bytes', '');
}
const out = join(ROOT, 'target', 'bench.json');
writeFileSync(out, JSON.stringify({ method: { depth: DEPTH, warmupDepth: WARMUP_DEPTH, rounds: ROUNDS, repeats: REPEATS }, rounds, native, wasm }, null, 2));
console.log(`\nfull reports: ${out}`);
