// @ts-check
// The engine worker: instantiates the wasm and speaks UCI-style lines over postMessage.
//
// Inbound: first, optionally, `{ module }`: the page's compiled WebAssembly.Module, instantiated
// here at once (no second download or compilation; a replacement worker is ready in
// milliseconds). Without it the worker loads the wasm by URL itself. Then one UCI line per message
// (a string). Outbound: one line per message. A Rust panic is reported as
// `info string crash <message>` and the worker closes itself; the page's EngineClient then
// replaces it.
import init, { initSync, WorkerEngine, debug_panic, bench_alphabeta, bench_perft, bench_overshoot, bench_mcts } from './pkg/tmlab.js';

/** @type {WorkerEngine | null} */
let engine = null;
/** @type {string[]} lines that arrived before the wasm was ready */
const queue = [];
/** Every engine line goes to the page as it is written (during an alpha-beta search too). */
const send = (/** @type {string} */ line) => postMessage(line);

/** MCTS batches per slice: a few milliseconds of work, so `stop` and `ponderhit` get through. */
const PUMP_BATCHES = 8;
// A search advances in slices; between slices the worker yields to its event loop (a
// MessageChannel task, not setTimeout's clamped delay), so incoming lines are handled.
const pumpChannel = new MessageChannel();
let pumping = false;
pumpChannel.port1.onmessage = () => {
  pumping = false;
  if (!engine) return;
  try {
    engine.pump_with(PUMP_BATCHES, send);
  } catch (err) {
    crash(err);
    return;
  }
  schedulePump();
};
function schedulePump() {
  if (engine && engine.searching && !pumping) {
    pumping = true;
    pumpChannel.port2.postMessage(0);
  }
}

// The Rust panic hook calls this (see crate/src/wasm/mod.rs) before the trap unwinds.
globalThis.__tmlabPanic = (/** @type {unknown} */ message) => crash(message);

/** An error (or a message) as one line of text, for an `info string`. */
const oneLine = (/** @type {unknown} */ err) =>
  String(err && typeof err === 'object' && 'message' in err && err.message ? err.message : err).replace(/\s+/g, ' ');

function crash(/** @type {unknown} */ err) {
  postMessage(`info string crash ${oneLine(err)}`);
  engine = null;
  close();
}

/**
 * `tmlab-bench {json}`: run the benches here, in the worker, as `npm run bench` asks; the answer
 * is one line `info string tmlab-bench-result {json}`, or `info string tmlab-bench-error <message>`.
 * `depth: 0` skips the fixed-depth search, `perft: false` the perft speed, `overshoot: []` the
 * move-time searches and `mctsPlayouts: 0` the MCTS bench.
 */
/** @param {{depth?: number, hash?: number, perft?: boolean, overshoot?: number[], repeats?: number, mctsPlayouts?: number}} options */
function bench(options) {
  const o = { depth: 10, hash: 16, perft: true, overshoot: [10, 50, 200], repeats: 1, mctsPlayouts: 100000, ...options };
  /** @type {{alphabeta: unknown, perft: unknown, overshoot: unknown[], mcts: unknown}} */
  const out = { alphabeta: o.depth > 0 ? bench_alphabeta(o.depth, o.hash) : null, perft: null, overshoot: [], mcts: null };
  if (o.perft) out.perft = bench_perft();
  for (const limit of o.overshoot) out.overshoot.push(bench_overshoot(limit, o.hash, o.repeats));
  if (o.mctsPlayouts > 0) out.mcts = bench_mcts(BigInt(o.mctsPlayouts));
  postMessage(`info string tmlab-bench-result ${JSON.stringify(out)}`);
}

/**
 * @param {WorkerEngine} engine
 * @param {string} line
 */
function handle(engine, line) {
  if (line.startsWith('tmlab-bench')) {
    try {
      bench(JSON.parse(line.slice('tmlab-bench'.length).trim() || '{}'));
    } catch (err) {
      postMessage(`info string tmlab-bench-error ${oneLine(err)}`);
    }
    return;
  }
  if (line === 'tmlab-debug-panic') {
    // A real panic through the real hook, for the crash-recovery test.
    debug_panic('requested by the page');
    return;
  }
  engine.handle_with(line, send);
  if (engine.quit) close();
  else schedulePump();
}

/**
 * Instantiate the wasm (from the page's Module if it sent one), then handle the queued lines.
 * @param {unknown} module
 */
async function start(module) {
  /** @type {WorkerEngine} */
  let ready;
  try {
    if (module instanceof WebAssembly.Module) initSync({ module });
    else await init();
    ready = new WorkerEngine();
    engine = ready;
  } catch (err) {
    postMessage(`info string crash wasm failed to load: ${oneLine(err)}`);
    close();
    return;
  }
  for (const line of queue.splice(0)) {
    try {
      handle(ready, line);
    } catch (err) {
      crash(err);
      break;
    }
  }
}

let started = false;
onmessage = (event) => {
  const data = event.data;
  if (!started) {
    started = true;
    const handOff = data !== null && typeof data === 'object';
    start(handOff ? data.module : undefined);
    if (handOff) return;
  }
  const line = String(data).trim();
  if (!line) return;
  if (!engine) {
    queue.push(line);
    return;
  }
  try {
    handle(engine, line);
  } catch (err) {
    crash(err);
  }
};
