// The engine-mode allocation worker: plays ONE self-play game on the virtual clock (Rust's
// TraceRunner), one move per turn of its event loop, and posts every move, so the page shows
// progress. A new 'play' replaces the running game between two moves (latest wins).
//
// In:  { type: 'play', id, spec: {tm, tc, opening, nps, moves, searcher?, latency?, ponder?} }
// Out: { type: 'ready' } once the wasm is loaded;
//      { type: 'start', id, searcher, opening } after the game is set up;
//      { type: 'move', id, move } after every engine move (a TraceMove);
//      { type: 'done', id, result, ms } when the game is over (ms: wall time of the game);
//      { type: 'error', id, error: {path, message, allowed} } if the spec is refused;
//      { type: 'crash', id, message } if the engine panicked (the worker then closes).
import init, { TraceRunner } from './pkg/tmlab.js';

let id = null;
let runner = null;
let t0 = 0;

function crash(message) {
  postMessage({ type: 'crash', id, message: String(message).replace(/\s+/g, ' ') });
  runner = null;
  close();
}
globalThis.__tmlabPanic = (message) => crash(message);

const tick = new MessageChannel();
tick.port1.onmessage = ({ data: gen }) => {
  if (!runner || gen !== id) return;
  try {
    const move = runner.step();
    if (move) postMessage({ type: 'move', id, move });
    if (runner.done || !move) {
      const result = runner.result;
      runner.free();
      runner = null;
      postMessage({ type: 'done', id, result, ms: performance.now() - t0 });
      return;
    }
  } catch (err) {
    crash(err && err.message ? err.message : err);
    return;
  }
  tick.port2.postMessage(id);
};

const ready = init().then(
  () => postMessage({ type: 'ready' }),
  (err) => {
    postMessage({ type: 'crash', id, message: `wasm failed to load: ${err && err.message ? err.message : err}` });
    close();
  },
);

onmessage = async ({ data }) => {
  await ready;
  if (data?.type !== 'play') return;
  if (runner) runner.free();
  runner = null;
  id = data.id;
  t0 = performance.now();
  try {
    runner = new TraceRunner(data.spec);
  } catch (err) {
    const error = err && typeof err === 'object' && 'message' in err ? { path: err.path ?? '', message: String(err.message), allowed: err.allowed ?? '' } : { path: '', message: String(err), allowed: '' };
    postMessage({ type: 'error', id, error });
    return;
  }
  postMessage({ type: 'start', id, searcher: runner.searcher, opening: runner.opening });
  tick.port2.postMessage(id);
};
