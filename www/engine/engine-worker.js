// @ts-check
// One engine worker as the EngineClient drives it: the Worker, the options it was sent, the
// options its `uci` answer advertised, and where it is in the handshake. It knows no protocol
// rule beyond that; the client (engine/client.js) decides what to send.

/**
 * What a worker reports to its client.
 * @typedef {object} WorkerListener
 * @property {(w: EngineWorker, line: string) => void} line  one output line
 * @property {(w: EngineWorker, reason: string) => void} crash  the worker failed
 */

let nextId = 1;

export class EngineWorker {
  /**
   * Spawns the worker and sends `uci`.
   * @param {() => Worker} spawn creates a fresh worker (the page hands it the compiled wasm)
   * @param {WorkerListener} listener
   * @param {(w: EngineWorker, line: string) => void} log records each line sent
   * @param {boolean} spare started as the client's spare
   */
  constructor(spawn, listener, log, spare) {
    /** A number for the logs. */
    this.id = nextId++;
    /** The client's spare (not yet the active worker). */
    this.spare = spare;
    /** @type {Map<string, string>} option name → value, as sent to this worker */
    this.options = new Map();
    /** @type {Set<string>} option names this engine advertised at `uci` */
    this.advertised = new Set();
    /** `uciok` arrived. */
    this.uciok = false;
    /** An `isready` was sent and its `readyok` has not arrived. */
    this.awaiting = false;
    /** The handshake and at least one barrier are through. */
    this.ready = false;
    /** The next barrier replays the game's state (a replacement worker). */
    this.replay = false;
    /** `tm-state` lines are ignored until the current barrier ends (a replay's own setoptions). */
    this.quiet = false;
    /** Terminated: nothing more is sent or received. */
    this.dead = false;
    this.log = log;
    this.worker = spawn();
    this.worker.onmessage = (e) => {
      if (!this.dead) listener.line(this, String(e.data));
    };
    this.worker.onerror = (e) => {
      e.preventDefault?.();
      if (!this.dead) listener.crash(this, `worker error: ${e.message || 'unknown'}`);
    };
    this.worker.onmessageerror = () => {
      if (!this.dead) listener.crash(this, 'worker message could not be deserialised');
    };
    this.send('uci');
  }

  /** @param {string} line one UCI line */
  send(line) {
    if (this.dead) return;
    this.log(this, line);
    this.worker.postMessage(line);
  }

  /** Post a raw message that is no UCI line (the debug panic). @param {string} message */
  post(message) {
    if (!this.dead) this.worker.postMessage(message);
  }

  /**
   * Reads the handshake lines (`option name …`, `uciok`, `readyok`); returns whether the line
   * was one of them.
   * @param {string} line
   */
  handshake(line) {
    if (!this.uciok) {
      const m = /^option name (.+?) type /.exec(line);
      if (m) this.advertised.add(m[1]);
      if (line === 'uciok') this.uciok = true;
      return Boolean(m) || line === 'uciok';
    }
    if (this.awaiting && line === 'readyok') {
      // The barrier is through: `tm-state` lines count again.
      this.awaiting = false;
      this.quiet = false;
      this.ready = true;
      return true;
    }
    return false;
  }

  /** The client promoted this spare to its active worker. */
  promote() {
    this.spare = false;
  }

  /** Its next barrier replays the game's options and state (a replacement worker). */
  markReplay() {
    this.replay = true;
  }

  /** @param {string} name @returns {string | undefined} the value sent for option `name` */
  option(name) {
    return this.options.get(name);
  }

  /**
   * Send `setoption` unless this worker already has that value.
   * @param {string} name
   * @param {string} value
   */
  setOption(name, value) {
    if (this.options.get(name) === value) return;
    this.send(`setoption name ${name} value ${value}`);
    this.options.set(name, value);
  }

  /**
   * End a barrier's lines with `isready`. `quiet`: ignore `tm-state` lines until `readyok`
   * (a replacement's own setoptions print a fresh manager's state, not the game's).
   * @param {boolean} quiet
   */
  awaitReady(quiet) {
    this.quiet = quiet;
    this.replay = false;
    this.awaiting = true;
    this.send('isready');
  }

  /** Terminate the worker at once: a running search ends with it, and nothing more arrives. */
  kill() {
    if (this.dead) return;
    this.dead = true;
    this.worker.onmessage = this.worker.onerror = this.worker.onmessageerror = null;
    this.worker.terminate();
  }
}
