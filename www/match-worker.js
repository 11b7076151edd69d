// A match game worker: plays ONE game of a match, one move per turn of its event loop, and
// reports every move, so the page shows progress and can terminate it between moves (Stop).
//
// In:  { type: 'play', spec: '<match spec JSON>', index, panicAfter? } (panicAfter: a test
//      hook, a real Rust panic after that many moves, so the page's respawn can be tested);
//      { type: 'calibrate', spec } plays game 0 of the spec until it ends or the crate's
//      calibration budget (calibration_ms) is spent, for the experiment's cost estimate.
// Out: { type: 'ready' } once the wasm is loaded;
//      { type: 'calibrated', plies, ms, clock_ms, finished } after a calibration (engine moves,
//      their wall ms and clock ms, whether the game ended);
//      { type: 'start', index, records } (book moves) after the game is set up;
//      { type: 'move', index, record } after every engine move (a MoveRecord);
//      { type: 'done', index, summary } when the game is over (a GameSummary with its PGN);
//      { type: 'error', index, message } if the spec or index is refused;
//      { type: 'crash', index, message } if the engine panicked (the worker then closes).
import init, { MatchGameRunner, calibration_ms, debug_panic } from './pkg/tmlab.js';

let index = null;
let runner = null;
let panicAfter = null;
let moves = 0;

function crash(message) {
  postMessage({ type: 'crash', index, message: String(message).replace(/\s+/g, ' ') });
  runner = null;
  close();
}
// The Rust panic hook calls this (see crate/src/wasm/mod.rs) before the trap unwinds.
globalThis.__tmlabPanic = (message) => crash(message);

// Between moves the worker yields to its event loop with a MessageChannel task (no timer clamp).
const tick = new MessageChannel();
tick.port1.onmessage = () => {
  if (!runner) return;
  try {
    if (panicAfter != null && moves >= panicAfter) debug_panic(`game ${index + 1}, requested by the page`);
    const record = runner.step();
    moves += 1;
    if (record) postMessage({ type: 'move', index, record });
    if (runner.done) {
      const summary = runner.summary();
      runner.free();
      runner = null;
      postMessage({ type: 'done', index, summary });
      return;
    }
  } catch (err) {
    crash(err && err.message ? err.message : err);
    return;
  }
  tick.port2.postMessage(0);
};

const ready = init().then(
  () => postMessage({ type: 'ready' }),
  (err) => {
    postMessage({ type: 'crash', index, message: `wasm failed to load: ${err && err.message ? err.message : err}` });
    close();
  },
);

/** Game 0 of `spec`, played until it ends or the budget is spent: `{plies, ms, clock_ms, finished}`. */
function calibrate(/** @type {string} */ spec) {
  const game = new MatchGameRunner(spec, 0);
  const budget = calibration_ms();
  const t0 = performance.now();
  let plies = 0;
  let clockMs = 0;
  while (!game.done) {
    const r = game.step();
    if (r != null) {
      plies += 1;
      clockMs += r.used_ms;
    }
    if (performance.now() - t0 >= budget) break;
  }
  const ms = performance.now() - t0;
  const finished = game.done;
  game.free();
  return { plies, ms, clock_ms: clockMs, finished };
}

onmessage = async ({ data }) => {
  await ready;
  if (data?.type === 'calibrate') {
    try {
      postMessage({ type: 'calibrated', ...calibrate(data.spec) });
    } catch (err) {
      postMessage({ type: 'error', index: 0, message: String(err && err.message ? err.message : err) });
    }
    return;
  }
  if (data?.type !== 'play') return;
  index = data.index;
  panicAfter = Number.isInteger(data.panicAfter) ? data.panicAfter : null;
  try {
    runner = new MatchGameRunner(data.spec, data.index);
  } catch (err) {
    postMessage({ type: 'error', index, message: String(err && err.message ? err.message : err) });
    return;
  }
  postMessage({ type: 'start', index, records: runner.records() });
  tick.port2.postMessage(0);
};
