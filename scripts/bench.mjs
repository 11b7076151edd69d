// npm run bench: the same benches natively and in the wasm engine worker in headless Chromium,
// in one run, and their ratios. Prints a table and writes target/bench.json.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, serveDist, launch } from '../tests/e2e/harness.mjs';

const DEPTH = Number(process.env.BENCH_DEPTH || 10);
const MCTS_PLAYOUTS = Number(process.env.BENCH_MCTS_PLAYOUTS || 100000);
const OVERSHOOT = [10, 50, 200];
/** Searches per position and move time: 3 × 40 positions, so p99 is not simply the maximum. */
const REPEATS = Number(process.env.BENCH_REPEATS || 3);

console.log(`native: tmlab bench --depth ${DEPTH} --repeats ${REPEATS} --mcts-playouts ${MCTS_PLAYOUTS} --json`);
const native = JSON.parse(
  execFileSync(join(ROOT, 'target', 'release', 'tmlab'), ['bench', '--depth', String(DEPTH), '--repeats', String(REPEATS), '--mcts-playouts', String(MCTS_PLAYOUTS), '--json'], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  }),
);

console.log('wasm: the same benches in the engine worker in headless Chromium');
const server = await serveDist();
const browser = await launch();
let wasm;
try {
  const page = await browser.context.newPage();
  await page.goto(server.url);
  await page.waitForSelector('#engine-state[data-state="idle"]', { timeout: 30000 });
  wasm = await page.evaluate(
    (options) =>
      new Promise((resolve, reject) => {
        const { engine } = globalThis.tmlab;
        const prefix = 'info string tmlab-bench-result ';
        const timer = setTimeout(() => reject(new Error('the worker bench took over 10 minutes')), 600000);
        engine.worker.addEventListener('message', (e) => {
          if (String(e.data).startsWith(prefix)) {
            clearTimeout(timer);
            resolve(JSON.parse(String(e.data).slice(prefix.length)));
          }
        });
        engine.worker.postMessage(`tmlab-bench ${JSON.stringify(options)}`);
      }),
    { depth: DEPTH, overshoot: OVERSHOOT, repeats: REPEATS, mctsPlayouts: MCTS_PLAYOUTS },
  );
} finally {
  await browser.close();
  await server.close();
}

const ratio = (a, b) => (a / b).toFixed(3);
const row = (name, n, w, unit, r) => console.log(`${name.padEnd(26)} ${String(n).padStart(12)} ${String(w).padStart(12)}  ${unit.padEnd(10)} ${r}`);
console.log(`\n${'measure'.padEnd(26)} ${'native'.padStart(12)} ${'wasm worker'.padStart(12)}  ${'unit'.padEnd(10)} wasm/native`);
if (native.total_nodes !== wasm.alphabeta.total_nodes) {
  console.log(`WARNING: node counts differ (native ${native.total_nodes}, wasm ${wasm.alphabeta.total_nodes})`);
}
row('alpha-beta nodes', native.total_nodes, wasm.alphabeta.total_nodes, 'nodes', native.total_nodes === wasm.alphabeta.total_nodes ? 'identical' : 'DIFFERENT');
row('alpha-beta speed', native.nps, Math.round(wasm.alphabeta.nps), 'nodes/s', ratio(wasm.alphabeta.nps, native.nps));
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
writeFileSync(out, JSON.stringify({ native, wasm }, null, 2));
console.log(`\nfull reports: ${out}`);
