// @ts-check
// npm run bench: the search benches natively and in the wasm engine worker in headless Chromium,
// in one run, with their worker/native ratios; with `--against REV` the same for another revision,
// built in a scratch directory (scripts/bench-revision.sh), side by side and with this tree's
// ratio to it. Prints a table and writes target/bench.json.
//
//   node scripts/bench.mjs [--against REV]... [--depth 10] [--rounds 5] [--mcts-playouts 100000]
//                          [--repeats 3] [--no-overshoot] [--native PATH] [--smoke] [--embeds-only]
//
// Method. Speeds are measured in ROUNDS rounds. In each round every figure (the alpha-beta
// search to DEPTH over the 40 bench positions, perft over the Chessprogramming Wiki positions,
// MCTS playouts on 4 positions) is run for each side natively (`tmlab bench` with the other
// sections off) and in the worker back to back, native first or worker first alternately (A B,
// then B A), the order of the sides reversed every other round. A speed is the figure's count
// over the CPU time of the thread that ran it (scripts/bench/cpu.mjs: the native process's
// user + system time, the worker thread's time on a CPU from /proc), so the time a shared
// machine keeps the process waiting does not count; the speed each bench timed itself (wall
// clock) is shown beside it. Each ratio is the median over the rounds of that round's ratio,
// printed with its range and interquartile range. Before the first round every worker runs the
// benches once uncounted, shallower: V8 first runs wasm with its baseline compiler and moves hot
// functions to its optimising compiler while they run, so an unwarmed first search would
// measure the compilers rather than the engine. The movetime overshoot is measured once per
// side at the end.
//
// The embeds' figures (scripts/bench/embeds.mjs), per side, after the speeds: the size of every
// wasm module (raw, gzip -9, brotli 11), the bytes a host page with one <tm-curve> transfers
// until its chart is drawn and those of the compact Play embed (/embed, view=play, layout=compact), and the Curves
// view's first live chart after a cold load (the median of 3, alternating the sides), on the
// desktop profile and throttled to 10 Mbit/s with 150 ms latency.
//
// Every figure must be produced, and the node counts must be the same natively and in the worker
// (and in every round); if not, the script prints what is missing or different and exits with 1.
// `--smoke` (a step of `npm test`) runs the whole thing tiny: depth 2, one round, 500 playouts,
// each overshoot limit once per position, no warm-up. `--embeds-only` measures the wasm modules'
// sizes and the embeds' figures only (no search benches, no native build in bench.sh).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, launch } from '../tests/e2e/harness.mjs';
import { Side } from './bench/side.mjs';
import { collect, check, printTable } from './bench/figures.mjs';
import { THROTTLED, curvesFirstChart, oneCurveTransfer, playEmbedTransfer } from './bench/embeds.mjs';

const { values: args } = parseArgs({
  options: {
    against: { type: 'string', multiple: true, default: [] },
    depth: { type: 'string' },
    rounds: { type: 'string' },
    'mcts-playouts': { type: 'string' },
    repeats: { type: 'string' },
    'no-overshoot': { type: 'boolean', default: false },
    native: { type: 'string' },
    smoke: { type: 'boolean', default: false },
    'embeds-only': { type: 'boolean', default: false },
  },
});
/**
 * A whole-number option, or its default (the smoke run's default with --smoke).
 * @param {'depth' | 'rounds' | 'mcts-playouts' | 'repeats'} name
 * @param {number} normal
 * @param {number} smoke
 */
function whole(name, normal, smoke) {
  const text = args[name];
  if (text === undefined) return args.smoke ? smoke : normal;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} ${text}: a whole number is required`);
  return n;
}
const method = {
  depth: whole('depth', 10, 2),
  rounds: whole('rounds', 7, 1),
  mctsPlayouts: whole('mcts-playouts', 100000, 500),
  repeats: whole('repeats', 3, 1),
  overshoot: args['no-overshoot'] || args['embeds-only'] ? [] : [10, 50, 200],
  warmup: !args.smoke && !args['embeds-only'],
  searches: !args['embeds-only'],
};
if (method.depth < 1 || method.rounds < 1 || method.mctsPlayouts < 1 || method.repeats < 1) {
  throw new Error('--depth, --rounds, --mcts-playouts and --repeats must be at least 1');
}

const git = (/** @type {string[]} */ ...a) => execFileSync('git', a, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
/** This tree's name in the report: its commit, `+` if it has uncommitted changes. */
function thisTree() {
  try {
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? '+' : ''}`;
  } catch {
    return 'this'; // not a git checkout
  }
}
const sides = [new Side(thisTree(), join(ROOT, 'dist'), args.native || join(ROOT, 'target', 'release', 'tmlab'))];
for (const rev of args.against) {
  const out = execFileSync('bash', [join(ROOT, 'scripts', 'bench-revision.sh'), rev], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  process.stdout.write(out.split('\n').slice(0, -2).join('\n') + '\n');
  const dir = out.trim().split('\n').at(-1);
  if (!dir) throw new Error(`scripts/bench-revision.sh ${rev} printed no folder`);
  sides.push(new Side(git('rev-parse', '--short', `${rev}^{commit}`), join(dir, 'dist'), join(dir, 'tmlab-native')));
}

const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
const loadBefore = load();
console.log(`load average (1, 5, 15 min) before: ${loadBefore}`);
const browser = await launch();
/** @type {{side: string, native: any, worker: any}[][]} per round, per side */
const rounds = [];
/** @type {Record<string, number>} per side: CPU s of the native depth-1 run (the cost in perft and MCTS runs) */
const baseline = {};
/** @type {Record<string, {native: any, worker: any}>} the overshoot, per side */
const overshoot = {};
/** Cold loads of the Curves view per side and profile (the figure is their median). */
const COLD_LOADS = 3;
const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** @type {Record<string, any>} the embeds' figures, per side */
const embeds = {};
try {
  for (const side of sides) await side.open(browser.context);
  // One bench section per run, so each run's CPU time belongs to one figure. Natively the
  // section's flags switch the others off (the fixed-depth search cannot be: depth 1 with a 1 MiB
  // table, which costs a few ms); in the worker `depth: 0` skips it.
  const D = String(method.depth);
  const N = String(method.mctsPlayouts);
  const off = ['--no-overshoot', '--hash', '1'];
  const sections = [
    { key: 'alphabeta', native: ['--depth', D, '--no-perft', '--no-overshoot', '--mcts-playouts', '0'], worker: { depth: method.depth, perft: false, overshoot: [], mctsPlayouts: 0 } },
    { key: 'perft', native: ['--depth', '1', ...off, '--mcts-playouts', '0'], worker: { depth: 0, perft: true, overshoot: [], mctsPlayouts: 0 } },
    { key: 'mcts', native: ['--depth', '1', '--no-perft', ...off, '--mcts-playouts', N], worker: { depth: 0, perft: false, overshoot: [], mctsPlayouts: method.mctsPlayouts } },
  ];
  if (method.warmup) {
    console.log('warm-up (not counted): every worker runs the benches once, shallower');
    for (const side of sides) {
      await side.workerBench({ depth: Math.max(1, method.depth - 2), perft: true, overshoot: [], mctsPlayouts: Math.min(method.mctsPlayouts, 20000) });
    }
  }
  if (method.searches) {
    console.log(`speed: ${method.rounds} round(s); in each, per figure and side, native and worker back to back (A B, then B A next round)`);
    // What the fixed-depth search at depth 1 costs the native perft and MCTS runs (CPU, s).
    for (const side of sides) {
      const base = side.nativeTimed(['--depth', '1', '--no-perft', ...off, '--mcts-playouts', '0']);
      baseline[side.label] = base.cpu_s;
    }
  }
  for (let r = 0; method.searches && r < method.rounds; r++) {
    const sideOrder = r % 2 === 0 ? sides : [...sides].reverse();
    /** @type {Record<string, {native: any, worker: any}>} */
    const bySide = Object.fromEntries(sides.map((s) => [s.label, { native: { cpu: {}, wall: {} }, worker: { cpu: {}, wall: {} } }]));
    for (const [i, section] of sections.entries()) {
      for (const side of sideOrder) {
        // A B in one round, B A in the next, and the other way round for the next figure.
        const nativeFirst = (r + i) % 2 === 0;
        let native;
        let worker;
        if (nativeFirst) {
          native = side.nativeTimed(section.native);
          worker = await side.workerTimed(section.worker);
        } else {
          worker = await side.workerTimed(section.worker);
          native = side.nativeTimed(section.native);
        }
        const runs = { native, worker };
        const into = bySide[side.label];
        if (section.key === 'alphabeta') {
          Object.assign(into.native, { total_nodes: runs.native.report.total_nodes, nps: runs.native.report.nps, depth: runs.native.report.depth });
          into.worker.alphabeta = runs.worker.report.alphabeta;
        } else {
          into.native[section.key] = runs.native.report[section.key];
          into.worker[section.key] = runs.worker.report[section.key];
        }
        for (const where of /** @type {const} */ (['native', 'worker'])) {
          into[where].cpu[section.key] = runs[where].cpu_s;
          into[where].wall[section.key] = runs[where].wall_s;
        }
      }
    }
    rounds.push(sides.map((s) => ({ side: s.label, ...bySide[s.label] })));
  }
  if (method.overshoot.length) {
    console.log('overshoot: once for each side, natively then in the worker');
    for (const side of sides) {
      const native = side.nativeBench(['--depth', '1', '--no-perft', '--repeats', String(method.repeats), '--mcts-playouts', '0']);
      const worker = await side.workerBench({ depth: 0, perft: false, overshoot: method.overshoot, repeats: method.repeats, mctsPlayouts: 0 });
      overshoot[side.label] = { native, worker };
    }
  }
  console.log('embeds: a page with one <tm-curve>; the Curves view cold, desktop and throttled');
  for (const side of sides) {
    const curve = await oneCurveTransfer(browser.context, side.url);
    const play = await playEmbedTransfer(browser.context, side.url);
    embeds[side.label] = {
      curveBytes: curve.bytes,
      curveRequests: curve.requests,
      playBytes: play.bytes,
      playRequests: play.requests,
      firstChartDesktop: [],
      firstChartThrottled: [],
    };
  }
  // The cold loads alternate between the sides, three of each; the figure is their median.
  for (let i = 0; i < COLD_LOADS; i++) {
    for (const side of i % 2 ? [...sides].reverse() : sides) {
      const e = embeds[side.label];
      for (const [key, conditions] of /** @type {[string, typeof THROTTLED | null][]} */ ([['Desktop', null], ['Throttled', THROTTLED]])) {
        const r = await curvesFirstChart(browser.context, side.url, conditions);
        e[`firstChart${key}`].push(r.ms);
        (e[`firstChart${key}Parts`] ??= []).push(r.parts);
      }
    }
  }
  for (const side of sides) {
    const e = embeds[side.label];
    for (const key of ['Desktop', 'Throttled']) {
      for (const [i, p] of e[`firstChart${key}Parts`].entries()) {
        const f = (/** @type {number | null | undefined} */ x) => (x == null ? '–' : Math.round(x));
        console.log(`  ${side.label} ${key.toLowerCase()} cold load ${i + 1}: first chart ${f(e[`firstChart${key}`][i])} ms; HTML done ${f(p.html)}, last script ${f(p.scripts)}, charts wasm ${f(p.wasmStart)}–${f(p.wasmEnd)} ms (${p.wasmBytes ?? '–'} B); after it: compile, instantiate, draw ${p.wasmEnd == null ? '–' : f(e[`firstChart${key}`][i] - p.wasmEnd)} ms`);
      }
    }
    e.firstChartDesktopRuns = e.firstChartDesktop;
    e.firstChartThrottledRuns = e.firstChartThrottled;
    e.firstChartDesktop = median(e.firstChartDesktop);
    e.firstChartThrottled = median(e.firstChartThrottled);
  }
} finally {
  await browser.close();
  for (const side of sides) await side.close();
}
const loadAfter = load();

const figures = sides.map((side) => collect(side, rounds, overshoot[side.label], embeds[side.label]));
printTable(figures);
console.log(`\nnative depth-1 run (inside each native perft and MCTS run), CPU: ${Object.entries(baseline).map(([k, v]) => `${k} ${(v * 1000).toFixed(0)} ms`).join(', ')}`);
console.log(`\nload average (1, 5, 15 min): before ${loadBefore}, after ${loadAfter} (2 cores: above 2 the machine was shared)`);
const out = join(ROOT, 'target', 'bench.json');
writeFileSync(out, JSON.stringify({ method, load: { before: loadBefore, after: loadAfter }, baseline, figures, rounds, overshoot, embeds }, null, 2));
console.log(`full reports: ${out}`);
const problems = check(figures, method);
if (problems.length) {
  for (const p of problems) console.log(`FAILED: ${p}`);
  process.exit(1);
}
console.log(method.searches
  ? `every figure produced${method.overshoot.length ? '' : ' (overshoot skipped)'}; node counts identical natively and in the worker`
  : 'every embed figure produced (search benches skipped: --embeds-only)');
