// @ts-check
// The Replay view's worker: reads a PGN and replays its games against the managers off the
// page's main thread (a 12 MB upload froze the page for 40 s), a few games per turn of its event
// loop, reporting progress; a newer request replaces the running one between two steps.
//
// In:  { type: 'replay', id, pgn, specs }; { type: 'chart', id, game, manager } after `done`
// Out: { type: 'ready' } once the wasm is loaded;
//      { type: 'progress', id, replayed, total } after reading and after every step;
//      { type: 'done', id, result } ({replay, charts: []}: the charts come one by one);
//      { type: 'chart', id, game, manager, record } (the game chart's record, or null);
//      { type: 'error', id, error: {path, message, allowed} } if the PGN or a spec is refused;
//      { type: 'crash', id, message } if the crate panicked (the worker then closes).
import init, { ReplaySession } from './pkg/tmlab.js';
import { messageOf } from './ui/typed-error.js';

/** Games replayed per step (a step stays short, so a new request is taken soon). */
const STEP = 8;

/** @type {number | null} the request being replayed (or last replayed) */
let id = null;
/** @type {any} */ let session = null;
/** The finished session of request `id`, kept for its charts. */
/** @type {any} */ let finished = null;

function crash(/** @type {unknown} */ message) {
  postMessage({ type: 'crash', id, message: String(message).replace(/\s+/g, ' ') });
  session = null;
  close();
}
globalThis.__tmlabPanic = (/** @type {unknown} */ message) => crash(message);

/** The crate's typed error as `{path, message, allowed}` strings (anything else as its message). */
const typed = (/** @type {unknown} */ err) =>
  err && typeof err === 'object' && 'message' in err
    ? {
      path: String(('path' in err ? err.path : undefined) ?? ''),
      message: String(err.message),
      allowed: String(('allowed' in err ? err.allowed : undefined) ?? ''),
    }
    : { path: '', message: String(err), allowed: '' };

const tick = new MessageChannel();
tick.port1.onmessage = (/** @type {MessageEvent<number>} */ { data: gen }) => {
  if (!session || gen !== id) return;
  try {
    const done = session.step(STEP);
    postMessage({ type: 'progress', id, replayed: session.replayed, total: session.total });
    if (done) {
      const result = session.result();
      finished = session;
      session = null;
      postMessage({ type: 'done', id, result });
      return;
    }
  } catch (err) {
    session?.free();
    session = null;
    postMessage({ type: 'error', id, error: typed(err) });
    return;
  }
  tick.port2.postMessage(gen);
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
  if (data?.type === 'chart') {
    if (data.id !== id || !finished) return;
    try {
      postMessage({ type: 'chart', id, game: data.game, manager: data.manager, record: finished.chart(data.game, data.manager) });
    } catch (err) {
      crash(messageOf(err));
    }
    return;
  }
  if (data?.type !== 'replay') return;
  session?.free();
  session = null;
  finished?.free();
  finished = null;
  id = data.id;
  try {
    session = new ReplaySession(data.pgn, data.specs);
  } catch (err) {
    postMessage({ type: 'error', id, error: typed(err) });
    return;
  }
  postMessage({ type: 'progress', id, replayed: 0, total: session.total });
  tick.port2.postMessage(id);
};
