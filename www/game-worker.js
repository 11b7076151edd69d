// @ts-check
// The game worker: plays engine games for the page's one game pool (www/engine/game-pool.js),
// one game at a time, one move per turn of its event loop, and reports every move, so the page
// shows progress and can drop a game between two moves. Match, Sweep, Scaling, Tune, the cost
// estimate's calibration and the Curves view's engine-mode traces all play here.
//
// In (every job carries the pool's `id`; every answer echoes it):
//   { type: 'play', id, spec: '<match spec JSON>', index, panicAfter? }: game `index` of a match
//     (Rust's MatchGameRunner); `panicAfter` is a test hook, a real Rust panic after that many
//     moves, so the pool's respawn can be tested;
//   { type: 'trace', id, spec: {tm, tc, opening, nps, moves, searcher?, latency?, ponder?} }: an
//     engine-mode self-play game on the virtual clock (Rust's TraceRunner);
//   { type: 'calibrate', id, spec }: game 0 of the match spec until it ends or the crate's
//     calibration budget (calibration_ms) is spent, for the experiment's cost estimate;
//   { type: 'cancel', id }: drop job `id` if it still runs (between two moves).
// Out: { type: 'ready' } once the wasm is loaded;
//   play:      { type: 'start', id, index, records } (book moves), { type: 'move', id, index, record }
//              after every engine move (a MoveRecord), { type: 'done', id, index, summary } (a
//              GameSummary with its PGN);
//   trace:     { type: 'start', id, searcher, opening }, { type: 'move', id, move } (a TraceMove),
//              { type: 'done', id, result, ms } (ms: wall time of the game);
//   calibrate: { type: 'done', id, plies, ms, clock_ms, finished } (engine moves, their wall ms
//              and clock ms, whether the game ended);
//   { type: 'error', id, message, error: {path, message, allowed} } if the spec is refused;
//   { type: 'crash', id, message } if the engine panicked (the worker then closes).
import init, { MatchGameRunner, TraceRunner, calibration_ms, debug_panic } from './pkg/tmlab.js';
import { messageOf } from './ui/typed-error.js';

/** The job playing: its id, kind and Rust runner; null when idle. */
/**
 * The game in hand: a match game (`play`) or an engine-mode trace (`trace`).
 * @typedef {{kind: 'play', runner: MatchGameRunner} | {kind: 'trace', runner: TraceRunner}} JobRunner
 * @typedef {JobRunner & {id: number, index: number, panicAfter: number | null, moves: number, t0: number}} Job
 */
/** @type {Job | null} */
let job = null;

/** An error's message, or the thrown value as text. */
const text = messageOf;

function crash(/** @type {unknown} */ message) {
  postMessage({ type: 'crash', id: job?.id ?? null, message: String(message).replace(/\s+/g, ' ') });
  job = null;
  close();
}
// The Rust panic hook calls this (see crate/src/wasm/mod.rs) before the trap unwinds.
globalThis.__tmlabPanic = (/** @type {unknown} */ message) => crash(message);

function drop() {
  job?.runner.free();
  job = null;
}

// Between moves the worker yields to its event loop with a MessageChannel task (no timer clamp).
const tick = new MessageChannel();
tick.port1.onmessage = (/** @type {MessageEvent<number>} */ { data: id }) => {
  if (!job || job.id !== id) return;
  const j = job;
  try {
    if (j.panicAfter != null && j.moves >= j.panicAfter) debug_panic(`game ${j.index + 1}, requested by the page`);
    const step = j.runner.step();
    j.moves += 1;
    if (j.kind === 'play') {
      if (step) postMessage({ type: 'move', id, index: j.index, record: step });
      if (j.runner.done) {
        const summary = j.runner.summary();
        drop();
        postMessage({ type: 'done', id, index: j.index, summary });
        return;
      }
    } else {
      if (step) postMessage({ type: 'move', id, move: step });
      if (j.runner.done || !step) {
        const result = j.runner.result;
        drop();
        postMessage({ type: 'done', id, result, ms: performance.now() - j.t0 });
        return;
      }
    }
  } catch (err) {
    crash(text(err));
    return;
  }
  tick.port2.postMessage(id);
};

const ready = init().then(
  () => postMessage({ type: 'ready' }),
  (err) => {
    postMessage({ type: 'crash', id: null, message: `wasm failed to load: ${text(err)}` });
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

/** A refused spec: the crate's typed error `{path, message, allowed}` and its message. */
function refused(/** @type {number} */ id, /** @type {unknown} */ err) {
  const error =
    err && typeof err === 'object' && 'message' in err
      ? { path: ('path' in err ? err.path : undefined) ?? '', message: String(err.message), allowed: ('allowed' in err ? err.allowed : undefined) ?? '' }
      : { path: '', message: String(err), allowed: '' };
  postMessage({ type: 'error', id, message: error.message, error });
}

onmessage = async ({ data }) => {
  await ready;
  const id = data?.id;
  if (data?.type === 'cancel') {
    if (job && job.id === id) drop();
    return;
  }
  // A new job replaces any running one (the pool cancels first; this keeps the worker sane).
  drop();
  if (data?.type === 'calibrate') {
    try {
      postMessage({ type: 'done', id, ...calibrate(data.spec) });
    } catch (err) {
      refused(id, err);
    }
    return;
  }
  if (data?.type !== 'play' && data?.type !== 'trace') return;
  try {
    job =
      data.type === 'play'
        ? {
            id,
            kind: 'play',
            index: data.index,
            runner: new MatchGameRunner(data.spec, data.index),
            panicAfter: Number.isInteger(data.panicAfter) ? data.panicAfter : null,
            moves: 0,
            t0: performance.now(),
          }
        : { id, kind: 'trace', index: 0, runner: new TraceRunner(data.spec), panicAfter: null, moves: 0, t0: performance.now() };
  } catch (err) {
    job = null;
    refused(id, err);
    return;
  }
  if (job.kind === 'play') postMessage({ type: 'start', id, index: job.index, records: job.runner.records() });
  else postMessage({ type: 'start', id, searcher: job.runner.searcher, opening: job.runner.opening });
  tick.port2.postMessage(id);
};
