// @ts-check
// EngineClient: the page's side of the engine worker, a strict state machine in the manner of
// lichess's ceval protocol (shared/spec/playground.md §1).
//
//   loading → idle → searching → (stopping) → idle,   plus failed.
//
// Handshake and barriers: protocol.js. Ending a search early and crashes: workers.js.
//
// Events: `line` (every line of the active worker), `info` and `bestmove` ({line, request}) of
// the searches the page asked for (never of a dropped one), `state` ({state, error}) and `crash`
// ({reason, failures}).
//
// The steps live in protocol.js (lines, barriers, sending a search) and workers.js (spawning,
// the spare, replacing a worker, the watchdog, crashes); this class is the state and the API.
import * as protocol from './protocol.js';
import * as workers from './workers.js';

/** @typedef {import('./engine-worker.js').EngineWorker} EngineWorker */
/** Lines kept in `log`. */
const LOG_LINES = 500;

/**
 * A search the page asks for.
 * @typedef {object} SearchRequest
 * @property {string} position the `position …` line
 * @property {string} go the `go …` line
 * @property {number} [budgetMs] the search's time budget, for the watchdog (ms)
 * @property {string} [ponderMove] for a `go ponder` search: the expected reply (UCI)
 * @property {(line: string) => void} [onInfo] each `info` line of this search
 * @property {(line: string) => void} [onBestmove] its `bestmove` (never for a dropped search)
 */
/** @typedef {'loading' | 'idle' | 'searching' | 'stopping' | 'failed'} EngineState */
/** @typedef {import('./protocol.js').Running} Running */

export class EngineClient extends EventTarget {
  /**
   * @param {() => Worker} spawn creates a fresh worker
   * @param {{ spare?: boolean }} [options] `spare`: keep a second worker ready, so that a
   *   cancelled alpha-beta search is replaced without waiting for a worker to start
   */
  constructor(spawn, { spare = true } = {}) {
    super();
    this.spawn = spawn;
    this.keepSpare = spare;
    /** @type {EngineState} */
    this.state = 'loading';
    /** Consecutive crashes. */
    this.failures = 0;
    /** @type {string | null} the last crash's reason */
    this.lastError = null;
    /** @type {string[]} the active worker's last lines, `> sent` and `< received` */
    this.log = [];
    /** @type {string[]} the spare's start-up lines, the same way */
    this.spareLog = [];
    /** @type {Map<string, string>} option name → value, as the page wants it */
    this.wanted = new Map();
    /** @type {SearchRequest | null} the next search, sent once the engine is idle */
    this.pending = null;
    /** @type {Running | null} */
    this.running = null;
    /** @type {string | null} the manager's state after the last finished move (`tm-state` payload) */
    this.managerState = null;
    /** @type {string | null} a manager state to put back at the next barrier: a saved game's
     * (after its `ucinewgame`), or the one before a dropped search that finished anyway */
    this.restoreDue = null;
    /** A `ucinewgame` is due at the next barrier. */
    this.newGameDue = false;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.watchdog = null;
    /** @type {EngineWorker | null} */
    this.spare = null;
    /** A search was asked for: from then on a spare worker is kept (a page that never searches,
     * such as the Match view's, starts no second worker). */
    this.searched = false;
    /** The next search replaces a stopped alpha-beta search: only its bestmove counts. */
    this.stopQuietly = false;
    /** @type {EngineWorker} */
    this.active = this.spawnWorker(false);
  }

  // ---- public API ----

  /**
   * Ask for a search. A search already running or waiting is dropped (latest wins).
   * @param {SearchRequest} request
   */
  search(request) {
    if (!this.searched) {
      this.searched = true;
      setTimeout(() => this.ensureSpare(), 0);
    }
    this.drop();
    this.pending = request;
    this.flush();
  }

  /**
   * Drop the running and the waiting search: no more output of theirs reaches the page, and the
   * engine's manager is as before that search. Resolves when the engine is idle again.
   * @returns {Promise<void>}
   */
  cancel() {
    this.pending = null;
    this.drop();
    return this.whenIdle();
  }

  /** Ask the running search for its move now; its `bestmove` still arrives (workers.js, `stop`). */
  stop() {
    workers.stop(this);
  }

  /**
   * The person played `move` (UCI) while the engine ponders: turns the ponder search into the
   * real one if it ponders on that move and can hear it (MCTS). Returns whether it did; if not,
   * the page cancels and asks for a new search.
   * @param {string} move
   */
  ponderhit(move) {
    const r = this.running;
    if (!r || r.dropped || !r.ponder || this.state !== 'searching') return false;
    if (r.request.ponderMove !== move || r.searcher !== 'mcts') return false;
    r.ponder = false;
    this.send('ponderhit');
    return true;
  }

  /**
   * Resolves once the engine is idle with nothing waiting (or failed).
   * @returns {Promise<void>}
   */
  whenIdle() {
    const done = () => this.state === 'failed' || (this.state === 'idle' && !this.pending);
    if (done()) return Promise.resolve();
    return new Promise((resolve) => {
      const f = () => {
        if (!done()) return;
        this.removeEventListener('state', f);
        resolve();
      };
      this.addEventListener('state', f);
    });
  }

  /**
   * Set engine options (UCI name → value); they are sent at the next barrier, never during a
   * search. `newGame`: a `ucinewgame` goes first (the manager starts a new game); `state`: then
   * the manager's state is put back from this `tm-state` payload (`tmlab restore`), as for a
   * game restored after a reload.
   * @param {Record<string, string | number | boolean>} options
   * @param {{ newGame?: boolean, state?: string }} [how]
   */
  configure(options, { newGame = false, state } = {}) {
    for (const [name, value] of Object.entries(options)) this.wanted.set(name, String(value));
    if (newGame) {
      this.newGameDue = true;
      this.managerState = state ?? null;
      this.restoreDue = state ?? null;
    }
    this.flush();
  }

  /**
   * The manager's state after the last finished move (a `tm-state` payload), or null: a page
   * saves it with its game and hands it back with `configure(…, {newGame: true, state})`.
   * @returns {string | null}
   */
  managerSnapshot() {
    return this.managerState;
  }

  /** End both workers. */
  terminate() {
    this.clearWatchdog();
    this.active.send('quit');
    this.active.kill();
    this.spare?.kill();
  }

  // ---- workers ----

  /** See workers.js, `spawnWorker`.
   * @param {boolean} spare
   * @returns {EngineWorker}
   */
  spawnWorker(spare) {
    return workers.spawnWorker(this, spare);
  }

  /** See workers.js, `ensureSpare`. */
  ensureSpare() {
    workers.ensureSpare(this);
  }

  /** See workers.js, `replace`.
   * @param {{ barrier?: boolean }} [how]
   */
  replace(how = {}) {
    workers.replace(this, how);
  }

  /** See workers.js, `drop`. */
  drop() {
    workers.drop(this);
  }

  // ---- lines ----

  /**
   * @param {string} line
   * @param {boolean} [spare] a line of the spare
   */
  record(line, spare = false) {
    const log = spare ? this.spareLog : this.log;
    log.push(line);
    if (log.length > LOG_LINES) log.splice(0, log.length - LOG_LINES);
  }

  /** @param {string} line */
  send(line) {
    this.active.send(line);
  }

  /** @param {EngineState} state */
  setState(state) {
    if (this.state === state) return;
    this.state = state;
    this.dispatchEvent(new CustomEvent('state', { detail: { state, error: this.lastError } }));
  }

  /** See protocol.js, `receive`.
   * @param {EngineWorker} w
   * @param {string} line
   */
  receive(w, line) {
    protocol.receive(this, w, line);
  }

  /** See protocol.js, `readState`.
   * @param {EngineWorker} w
   * @param {string} payload
   */
  readState(w, payload) {
    protocol.readState(this, w, payload);
  }

  /**
   * @param {SearchRequest} request
   * @param {string} line
   */
  deliverInfo(request, line) {
    request.onInfo?.(line);
    this.dispatchEvent(new CustomEvent('info', { detail: { line, request } }));
  }

  /**
   * @param {SearchRequest} request
   * @param {string} line
   */
  deliverBestmove(request, line) {
    request.onBestmove?.(line);
    this.dispatchEvent(new CustomEvent('bestmove', { detail: { line, request } }));
  }

  /** The running search ended: idle. */
  finish() {
    this.running = null;
    this.clearWatchdog();
    this.setState('idle');
  }

  // ---- barriers and searches ----

  /** See protocol.js, `barrier`.
   * @param {EngineWorker} w
   */
  barrier(w) {
    protocol.barrier(this, w);
  }

  /** See protocol.js, `barrierDone`.
   * @param {EngineWorker} w
   */
  barrierDone(w) {
    protocol.barrierDone(this, w);
  }

  /** See protocol.js, `dirty`. */
  dirty() {
    return protocol.dirty(this);
  }

  /** See protocol.js, `flush`. */
  flush() {
    protocol.flush(this);
  }

  // ---- failures ----

  armWatchdog() {
    workers.armWatchdog(this);
  }

  clearWatchdog() {
    workers.clearWatchdog(this);
  }

  /** See workers.js, `crashed`.
   * @param {EngineWorker} w
   * @param {string} reason
   */
  crashed(w, reason) {
    workers.crashed(this, w, reason);
  }
}
