// EngineClient: the page's side of the worker protocol, a strict state machine in the manner of
// lichess's ceval protocol (shared/spec/playground.md §1).
//
//   loading → idle → searching → stopping → idle,   plus failed.
//
// The handshake is `uci` → `uciok` → `setoption …` (only changed options) → `isready` →
// `readyok`; nothing else is sent before `readyok`. A new search request while searching is kept
// as *pending* (latest wins), `stop` is sent, and the pending request goes out only after that
// search's `bestmove`. A crash (a `info string crash` line, a worker `error` or `messageerror`,
// or the watchdog) terminates the worker, spawns a fresh one, replays the handshake and re-issues
// the pending request; after MAX_RESPAWNS consecutive failures the state becomes `failed`.

/** Consecutive crashes tolerated before giving up. */
const MAX_RESPAWNS = 3;
/** The watchdog's floor: a search that says nothing for this long is considered hung (ms). */
const WATCHDOG_FLOOR_MS = 4000;
/** The watchdog allows this multiple of the search's own time budget. */
const WATCHDOG_BUDGET_FACTOR = 3;

export class EngineClient extends EventTarget {
  /** @param {() => Worker} spawn creates a fresh worker */
  constructor(spawn) {
    super();
    this.spawn = spawn;
    this.state = 'loading';
    this.options = new Map(); // name → value, as last sent to the engine
    this.wanted = new Map(); // name → value, as the page wants it
    this.pending = null; // { position, go, budgetMs, onInfo, onBestmove }
    this.current = null;
    this.failures = 0;
    this.lastError = null;
    this.log = [];
    this.watchdog = null;
    this.boot();
  }

  /** Start a worker and run the handshake. */
  boot() {
    this.setState('loading');
    this.worker = this.spawn();
    this.worker.onmessage = (e) => this.receive(String(e.data));
    this.worker.onerror = (e) => {
      e.preventDefault?.();
      this.crashed(`worker error: ${e.message || 'unknown'}`);
    };
    this.worker.onmessageerror = () => this.crashed('worker message could not be deserialised');
    this.handshake = 'uci';
    this.send('uci');
  }

  send(line) {
    this.log.push(`> ${line}`);
    this.worker.postMessage(line);
  }

  setState(state) {
    if (this.state === state) return;
    this.state = state;
    this.dispatchEvent(new CustomEvent('state', { detail: { state, error: this.lastError } }));
  }

  receive(line) {
    this.log.push(`< ${line}`);
    if (this.log.length > 500) this.log.splice(0, this.log.length - 500);
    if (line.startsWith('info string crash')) {
      this.crashed(line.slice('info string crash'.length).trim());
      return;
    }
    this.dispatchEvent(new CustomEvent('line', { detail: line }));
    if (this.handshake === 'uci' && line === 'uciok') {
      this.syncOptions();
      return;
    }
    if (this.handshake === 'ready' && line === 'readyok') {
      this.handshake = null;
      this.failures = 0;
      this.setState('idle');
      this.flush();
      return;
    }
    if (this.current) {
      this.armWatchdog();
      if (line.startsWith('bestmove')) {
        const done = this.current;
        this.current = null;
        this.clearWatchdog();
        done.onBestmove?.(line);
        this.setState('idle');
        this.flush();
      } else if (line.startsWith('info')) {
        this.current.onInfo?.(line);
      }
    }
  }

  /** Send changed options, then the isready barrier. */
  syncOptions() {
    for (const [name, value] of this.wanted) {
      if (this.options.get(name) !== value) {
        this.send(`setoption name ${name} value ${value}`);
        this.options.set(name, value);
      }
    }
    this.handshake = 'ready';
    this.send('isready');
  }

  /** Set an engine option; it is sent at the next barrier, never during a search. */
  setOption(name, value) {
    this.wanted.set(name, String(value));
    if (this.state === 'idle') {
      this.setState('loading');
      this.syncOptions();
    }
  }

  /**
   * Ask for a search. `request` = { position: 'position …', go: 'go …', budgetMs, onInfo, onBestmove }.
   * Latest wins: a request made while another is waiting replaces it.
   */
  search(request) {
    this.pending = request;
    if (this.state === 'searching') {
      this.stop();
    } else {
      this.flush();
    }
  }

  /** Stop the running search (its bestmove still arrives). */
  stop() {
    if (this.state === 'searching') {
      this.setState('stopping');
      this.send('stop');
    }
  }

  flush() {
    if (this.state !== 'idle' || !this.pending) return;
    this.current = this.pending;
    this.pending = null;
    this.setState('searching');
    this.send(this.current.position);
    this.send(this.current.go);
    this.armWatchdog();
  }

  armWatchdog() {
    this.clearWatchdog();
    const budget = this.current?.budgetMs ?? 0;
    const ms = Math.max(WATCHDOG_FLOOR_MS, WATCHDOG_BUDGET_FACTOR * budget);
    this.watchdog = setTimeout(() => this.crashed(`no answer from the engine for ${ms} ms`), ms);
  }

  clearWatchdog() {
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = null;
  }

  crashed(reason) {
    this.clearWatchdog();
    this.lastError = reason;
    this.failures += 1;
    this.worker.onmessage = this.worker.onerror = this.worker.onmessageerror = null;
    this.worker.terminate();
    this.options.clear();
    // Re-issue the interrupted search after the respawn, unless a newer request replaced it.
    if (this.current && !this.pending) this.pending = this.current;
    this.current = null;
    this.dispatchEvent(new CustomEvent('crash', { detail: { reason, failures: this.failures } }));
    if (this.failures > MAX_RESPAWNS) {
      this.setState('failed');
      return;
    }
    this.boot();
  }

  /** For tests and the crash-recovery demo: make the worker panic for real. */
  debugPanic() {
    this.worker.postMessage('tmlab-debug-panic');
  }

  terminate() {
    this.clearWatchdog();
    this.send('quit');
    this.worker.terminate();
  }
}
