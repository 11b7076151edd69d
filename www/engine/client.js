// @ts-check
// EngineClient: the page's side of the engine worker, a strict state machine in the manner of
// lichess's ceval protocol (shared/spec/playground.md §1).
//
//   loading → idle → searching → (stopping) → idle,   plus failed.
//
// Handshake and barriers: `uci` → `uciok` → `setoption …` (only changed options) → `isready` →
// `readyok`; nothing else is sent before `readyok`, and options change only at a barrier, never
// during a search. One search at a time; a new request while busy drops the running search
// (latest wins).
//
// Ending a search early (see docs/engine-in-browser.md):
// - An alpha-beta search runs synchronously inside the worker, which hears nothing until it
//   ends. `cancel()` therefore terminates that worker and promotes a spare one, already
//   instantiated from the page's compiled WebAssembly.Module, handshaken and given the game's
//   options; the manager's last `tm-state` is restored (`tmlab restore`), so the dropped search
//   is as if it never ran. Without a ready spare, a new worker is started and the options are
//   replayed at its barrier. `stop()` does the same and answers with the best move of the
//   last completed iteration (the one the engine would have played).
// - An MCTS search runs in slices and hears lines between them: `cancel()` sends `tmlab cancel`
//   (the manager is put back and the tree kept for reuse), `stop()` sends `stop`.
// - A crash (`info string crash`, a worker `error`/`messageerror`, or the watchdog) also replaces
//   the worker and re-issues the interrupted search; after MAX_RESPAWNS consecutive failures the
//   state becomes `failed`.
//
// Events: `line` (every line of the active worker), `info` and `bestmove` ({line, request}) of
// the searches the page asked for (never of a dropped one), `state` ({state, error}) and `crash`
// ({reason, failures}).
//
// This class is the one owner of the client's state: no other module writes its fields.
// protocol.js holds the UCI wire's rules (pure functions of a line); engine-worker.js one worker.
import { EngineWorker } from './engine-worker.js';
import * as protocol from './protocol.js';

/** Lines kept in `log`. */
const LOG_LINES = 500;
/** Consecutive crashes tolerated before giving up. */
const MAX_RESPAWNS = 3;
/** The watchdog's floor: a search that says nothing for this long is considered hung (ms). */
const WATCHDOG_FLOOR_MS = 4000;
/** The watchdog allows this multiple of the search's own time budget. */
const WATCHDOG_BUDGET_FACTOR = 3;

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

  /**
   * Ask the running search for its move now; its `bestmove` still arrives. MCTS hears `stop`;
   * an alpha-beta search is answered from a fresh worker with the best move of its last
   * completed iteration (or a depth-1 search when none completed).
   */
  stop() {
    const r = this.running;
    if (!r || r.dropped || this.state !== 'searching') return;
    if (r.searcher === 'mcts') {
      this.setState('stopping');
      this.send('stop');
      return;
    }
    // Alpha-beta: the worker hears nothing until the search ends; answer with the best move of
    // the last completed iteration, as the engine would, from a fresh worker.
    this.replace();
    const [best, ponder] = r.pv;
    if (best) {
      this.deliverInfo(r.request, 'info string stop command');
      this.deliverBestmove(r.request, `bestmove ${best}${ponder ? ` ponder ${ponder}` : ''}`);
    } else {
      // No iteration completed yet: a depth-1 search of the same position (no manager involved).
      this.pending = { ...r.request, go: 'go depth 1', budgetMs: 0 };
      this.stopQuietly = true;
      this.flush();
    }
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

  /** The crash tests: the active worker panics for real (through the Rust panic hook). */
  debugPanic() {
    this.active.post('tmlab-debug-panic');
  }

  // ---- workers ----

  /**
   * A new worker; a spare's lines go to `spareLog` until it is promoted.
   * @param {boolean} spare
   * @returns {EngineWorker}
   */
  spawnWorker(spare) {
    return new EngineWorker(
      this.spawn,
      { line: (w, line) => this.receive(w, line), crash: (w, reason) => this.crashed(w, reason) },
      (w, line) => this.record(`> ${line}`, w.spare),
      spare,
    );
  }

  /** Start a spare worker once the page has searched (no competition at start-up). */
  ensureSpare() {
    if (!this.keepSpare || !this.searched || this.spare || this.state === 'failed') return;
    this.spare = this.spawnWorker(true);
  }

  /**
   * Terminate the active worker (a running search ends with it) and carry on with the spare if
   * it is ready, else with a new worker whose barrier replays the options and the manager's
   * state. A ready spare already has the game's options (it passed its own barrier with them):
   * it only gets the manager's state, and the client is idle at once, since the worker handles
   * lines in order (the restore before any next search). After a crash the barrier is kept:
   * the page hears `readyok` from the new worker before it trusts it again.
   * @param {{ barrier?: boolean }} [how]
   */
  replace({ barrier = false } = {}) {
    this.clearWatchdog();
    this.active.kill();
    this.running = null;
    this.stopQuietly = false;
    const spare = this.spare?.ready && !this.spare.awaiting ? this.spare : null;
    if (!spare) this.spare?.kill();
    this.spare = null;
    this.active = spare ?? this.spawnWorker(false);
    this.active.promote();
    if (spare && !barrier && !this.dirty()) {
      if (this.managerState != null) spare.send(`tmlab restore ${this.managerState}`);
      this.setState('idle');
      this.flush();
      // The next spare starts after this task: nothing more on the page's critical path.
      setTimeout(() => this.ensureSpare(), 0);
      return;
    }
    this.active.markReplay();
    this.setState('loading');
    if (this.active.uciok) this.barrier(this.active);
  }

  /** Drop the running search, if any (see cancel()). */
  drop() {
    const r = this.running;
    if (!r || r.dropped) return;
    if (r.searcher === 'mcts') {
      r.dropped = true;
      // A `stop` already on its way ends the search anyway; only its output is swallowed.
      if (this.state === 'stopping') return;
      this.setState('stopping');
      // `tmlab cancel` (contract 3) puts the manager back; an engine without it gets `stop`.
      this.send(this.active.advertised.has(protocol.STATE_OPTION) ? 'tmlab cancel' : 'stop');
    } else {
      this.replace();
    }
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

  /**
   * A line of one of the client's workers.
   * @param {EngineWorker} w
   * @param {string} line
   */
  receive(w, line) {
    const crash = protocol.crashReason(line);
    if (crash != null) {
      this.crashed(w, crash);
      return;
    }
    if (w !== this.active) {
      // The spare: handshake and its first barrier only.
      this.record(`< ${line}`, true);
      if (w.handshake(line) && line === 'uciok') this.barrier(w);
      return;
    }
    this.record(`< ${line}`);
    this.dispatchEvent(new CustomEvent('line', { detail: line }));
    if (w.handshake(line)) {
      if (line === 'uciok') this.barrier(w);
      else if (line === 'readyok') this.barrierDone();
      return;
    }
    const payload = protocol.statePayload(line);
    if (payload != null) {
      this.readState(w, payload);
      return;
    }
    const r = this.running;
    if (!r) return;
    if (r.dropped) {
      if (line.startsWith('info string stop ')) r.completed = line !== 'info string stop cancelled';
      if (line.startsWith('bestmove')) {
        // It ended before the cancel reached it (a race of a few ms, or smart pruning stopping a
        // slow search early): its manager has moved on; the next barrier puts it back.
        if (r.completed && this.managerState != null) this.restoreDue = this.managerState;
        this.finish();
        this.flush();
      }
      return;
    }
    this.armWatchdog();
    if (line.startsWith('bestmove')) {
      if (r.tmState != null) this.managerState = r.tmState;
      this.failures = 0;
      this.finish();
      if (r.quiet) this.deliverInfo(r.request, 'info string stop command');
      this.deliverBestmove(r.request, line);
      this.flush();
    } else if (line.startsWith('info') && !r.quiet) {
      const pv = protocol.pvOf(line);
      if (pv) r.pv = pv;
      this.deliverInfo(r.request, line);
    }
  }

  /**
   * A `tm-state` payload: the manager's state after a finished move, a `ucinewgame` or a
   * rebuilding `setoption`. One printed during a search counts only if that search's bestmove
   * is delivered.
   * @param {EngineWorker} w
   * @param {string} payload
   */
  readState(w, payload) {
    if (w.quiet) return;
    if (this.running) {
      if (!this.running.dropped) this.running.tmState = payload;
    } else {
      this.managerState = payload;
    }
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

  /**
   * Send what the worker lacks, then `isready`: `ucinewgame` if due, the changed options (with
   * `TmlabState true` when the engine has it), and the manager's state: a saved game's after
   * its `ucinewgame`, the state before a dropped search that finished anyway, the game's for a
   * replacement worker.
   * @param {EngineWorker} w
   */
  barrier(w) {
    const STATE = protocol.STATE_OPTION;
    if (w.advertised.has(STATE)) this.wanted.set(STATE, 'true');
    const isActive = w === this.active;
    const newGame = isActive && this.newGameDue;
    if (newGame) {
      this.newGameDue = false;
      w.send('ucinewgame');
    }
    for (const [name, value] of this.wanted) {
      if (name === STATE && !w.advertised.has(STATE)) continue;
      w.setOption(name, value);
    }
    if (isActive && this.restoreDue != null) {
      // A saved game's manager state (after `ucinewgame`), or the state before a dropped search
      // that finished anyway (the engine prints it back).
      w.send(`tmlab restore ${this.restoreDue}`);
      this.restoreDue = null;
    } else if (isActive && w.replay && !newGame && this.managerState != null) {
      w.send(`tmlab restore ${this.managerState}`);
    }
    // A replacement's own setoptions print the state of a fresh manager: not the game's.
    w.awaitReady(!isActive || (w.replay && !newGame));
  }

  /** The active worker's barrier is through: searches may go. */
  barrierDone() {
    if (this.state === 'failed') return;
    // After a crash the re-issued search must end before the failures are forgotten.
    if (!this.pending) this.failures = 0;
    this.setState('idle');
    this.flush();
    if (this.state !== 'loading') this.ensureSpare();
  }

  /** Whether a barrier is due before the next search. */
  dirty() {
    if (this.newGameDue || this.restoreDue != null) return true;
    const STATE = protocol.STATE_OPTION;
    for (const [name, value] of this.wanted) {
      if (name === STATE && !this.active.advertised.has(STATE)) continue;
      if (this.active.option(name) !== value) return true;
    }
    return false;
  }

  /** When idle: run a due barrier, else send the waiting search. */
  flush() {
    if (this.state !== 'idle') return;
    if (this.dirty()) {
      this.setState('loading');
      this.barrier(this.active);
      return;
    }
    const request = this.pending;
    if (!request) return;
    this.pending = null;
    this.running = {
      request,
      searcher: this.active.option('Searcher') ?? 'ab',
      ponder: protocol.isPonder(request.go),
      pv: [],
      tmState: null,
      dropped: false,
      quiet: this.stopQuietly,
    };
    this.stopQuietly = false;
    this.setState('searching');
    this.send(request.position);
    this.send(request.go);
    this.armWatchdog();
  }

  // ---- failures ----

  armWatchdog() {
    this.clearWatchdog();
    const budget = this.running?.request.budgetMs ?? 0;
    const ms = Math.max(WATCHDOG_FLOOR_MS, WATCHDOG_BUDGET_FACTOR * budget);
    const w = this.active;
    this.watchdog = setTimeout(() => this.crashed(w, `no answer from the engine for ${ms} ms`), ms);
  }

  clearWatchdog() {
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = null;
  }

  /**
   * @param {EngineWorker} w
   * @param {string} reason
   */
  crashed(w, reason) {
    if (w !== this.active) {
      // A spare that failed to start: drop it; the next ready active worker makes another.
      w.kill();
      if (this.spare === w) this.spare = null;
      return;
    }
    this.lastError = reason;
    this.failures += 1;
    // Re-issue the interrupted search after the respawn, unless a newer request replaced it.
    const r = this.running;
    if (r && !r.dropped && !this.pending) this.pending = r.request;
    this.dispatchEvent(new CustomEvent('crash', { detail: { reason, failures: this.failures } }));
    if (this.failures > MAX_RESPAWNS) {
      this.clearWatchdog();
      this.active.kill();
      this.spare?.kill();
      this.spare = null;
      this.running = null;
      this.setState('failed');
      return;
    }
    this.replace({ barrier: true });
  }
}
