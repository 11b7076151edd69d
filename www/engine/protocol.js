// @ts-check
// The engine client's protocol steps (see client.js for the state machine they serve): reading
// the active worker's lines, the barriers (`ucinewgame`, changed options, the manager's state,
// `isready` → `readyok`), and sending the waiting search once the engine is idle.
//
// Handshake and barriers: `uci` → `uciok` → `setoption …` (only changed options) → `isready` →
// `readyok`; nothing else is sent before `readyok`, and options change only at a barrier, never
// during a search. One search at a time; a new request while busy drops the running search
// (latest wins).
/** @typedef {import('./engine-worker.js').EngineWorker} EngineWorker */
/**
 * The search the active worker runs.
 * @typedef {object} Running
 * @property {import('./client.js').SearchRequest} request
 * @property {string} searcher `ab` or `mcts`, as the worker was configured
 * @property {boolean} ponder a ponder search without its ponder hit yet
 * @property {string[]} pv the moves of the last `info … pv` line
 * @property {string | null} tmState a `tm-state` printed during it, kept if its bestmove comes
 * @property {boolean} dropped cancelled: its remaining output is swallowed
 * @property {boolean} [completed] a dropped search ended on its own (its stop line was not
 *   `cancelled`): its manager counted a move the page never played
 * @property {boolean} quiet the replacement for a stopped alpha-beta search: only its bestmove counts
 */

/** The option through which the engine prints its manager's state (contract 2). */
export const STATE_OPTION = 'TmlabState';
const STATE_PREFIX = 'info string tm-state ';

/**
 * @param {EngineWorker} w
 * @param {string} line
 * @param {import('./client.js').EngineClient} c
 */
export function receive(c, w, line) {
  if (line.startsWith('info string crash')) {
    c.crashed(w, line.slice('info string crash'.length).trim());
    return;
  }
  if (w !== c.active) {
    // The spare: handshake and its first barrier only.
    c.record(`< ${line}`, true);
    if (w.handshake(line) && line === 'uciok') c.barrier(w);
    return;
  }
  c.record(`< ${line}`);
  c.dispatchEvent(new CustomEvent('line', { detail: line }));
  if (w.handshake(line)) {
    if (line === 'uciok') c.barrier(w);
    else if (line === 'readyok') c.barrierDone(w);
    return;
  }
  if (line.startsWith(STATE_PREFIX)) {
    c.readState(w, line.slice(STATE_PREFIX.length));
    return;
  }
  const r = c.running;
  if (!r) return;
  if (r.dropped) {
    if (line.startsWith('info string stop ')) r.completed = line !== 'info string stop cancelled';
    if (line.startsWith('bestmove')) {
      // It ended before the cancel reached it (a race of a few ms, or smart pruning stopping a
      // slow search early): its manager has moved on; the next barrier puts it back.
      if (r.completed && c.managerState != null) c.restoreDue = c.managerState;
      c.finish();
      c.flush();
    }
    return;
  }
  c.armWatchdog();
  if (line.startsWith('bestmove')) {
    if (r.tmState != null) c.managerState = r.tmState;
    c.failures = 0;
    c.finish();
    if (r.quiet) c.deliverInfo(r.request, 'info string stop command');
    c.deliverBestmove(r.request, line);
    c.flush();
  } else if (line.startsWith('info') && !r.quiet) {
    const pv = / pv (.+)$/.exec(line);
    if (pv) r.pv = pv[1].trim().split(/\s+/);
    c.deliverInfo(r.request, line);
  }
}

/**
 * A `tm-state` payload: the manager's state after a finished move, a `ucinewgame` or a
 * rebuilding `setoption`. One printed during a search counts only if that search's bestmove
 * is delivered.
 * @param {EngineWorker} w
 * @param {string} payload
 * @param {import('./client.js').EngineClient} c
 */
export function readState(c, w, payload) {
  if (w.quiet) return;
  if (c.running) {
    if (!c.running.dropped) c.running.tmState = payload;
  } else {
    c.managerState = payload;
  }
}

/**
 * Send what the worker lacks, then `isready`: `ucinewgame` if due, the changed options (with
 * `TmlabState true` when the engine has it), and the manager's state: a saved game's after its
 * `ucinewgame`, the state before a dropped search that finished anyway, the game's for a
 * replacement worker.
 * @param {EngineWorker} w
 * @param {import('./client.js').EngineClient} c
 */
export function barrier(c, w) {
  if (w.advertised.has(STATE_OPTION)) c.wanted.set(STATE_OPTION, 'true');
  const isActive = w === c.active;
  const newGame = isActive && c.newGameDue;
  if (newGame) {
    c.newGameDue = false;
    w.send('ucinewgame');
  }
  for (const [name, value] of c.wanted) {
    if (name === STATE_OPTION && !w.advertised.has(STATE_OPTION)) continue;
    if (w.options.get(name) !== value) {
      w.send(`setoption name ${name} value ${value}`);
      w.options.set(name, value);
    }
  }
  // A replacement's own setoptions print the state of a fresh manager: not the game's.
  w.quiet = !isActive || (w.replay && !newGame);
  if (isActive && c.restoreDue != null) {
    // A saved game's manager state (after `ucinewgame`), or the state before a dropped search
    // that finished anyway (the engine prints it back).
    w.send(`tmlab restore ${c.restoreDue}`);
    c.restoreDue = null;
  } else if (isActive && w.replay && !newGame && c.managerState != null) {
    w.send(`tmlab restore ${c.managerState}`);
  }
  w.replay = false;
  w.awaiting = true;
  w.send('isready');
}

/**
 * @param {EngineWorker} w
 * @param {import('./client.js').EngineClient} c
 */
export function barrierDone(c, w) {
  w.quiet = false;
  if (c.state === 'failed') return;
  // After a crash the re-issued search must end before the failures are forgotten.
  if (!c.pending) c.failures = 0;
  c.setState('idle');
  c.flush();
  if (c.state !== 'loading') c.ensureSpare();
}

/**
 * Whether a barrier is due before the next search.
 * @param {import('./client.js').EngineClient} c
 */
export function dirty(c) {
  if (c.newGameDue || c.restoreDue != null) return true;
  for (const [name, value] of c.wanted) {
    if (name === STATE_OPTION && !c.active.advertised.has(STATE_OPTION)) continue;
    if (c.active.options.get(name) !== value) return true;
  }
  return false;
}

/**
 * When idle: run a due barrier, else send the waiting search.
 * @param {import('./client.js').EngineClient} c
 */
export function flush(c) {
  if (c.state !== 'idle') return;
  if (c.dirty()) {
    c.setState('loading');
    c.barrier(c.active);
    return;
  }
  const request = c.pending;
  if (!request) return;
  c.pending = null;
  c.running = {
    request,
    searcher: c.active.options.get('Searcher') ?? 'ab',
    ponder: /\bponder\b/.test(request.go),
    pv: [],
    tmState: null,
    dropped: false,
    quiet: Boolean(c.stopQuietly),
  };
  c.stopQuietly = false;
  c.setState('searching');
  c.send(request.position);
  c.send(request.go);
  c.armWatchdog();
}
