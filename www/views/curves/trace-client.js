// @ts-check
// The page's way to the engine-mode worker (www/trace-worker.js): `run(spec, onMove)` plays a
// self-play game on the virtual clock and resolves with every move. Latest wins: a new run
// replaces the running one between two moves, and the replaced run resolves with null. Finished
// games are cached by their spec (runs are deterministic), so the default's ghost game and a
// slider moved back cost nothing.

/** @typedef {{tm: string, tc: string, opening: number, nps: number, moves: number, searcher?: string, latency?: number}} TraceSpec */
/** @typedef {{moves: any[], ms: number, result: string, searcher: string, opening: string, cached?: boolean}} TraceResult */

const CACHE_SIZE = 24;

export class TraceClient {
  constructor() {
    /** @type {Worker|null} */
    this.worker = null;
    this.gen = 0;
    /** @type {Map<string, TraceResult>} */
    this.cache = new Map();
    /** @type {{id: number, resolve: (r: TraceResult|null) => void, reject: (e: any) => void, onMove: (m: any, all: any[]) => void, moves: any[], key: string, info: any}|null} */
    this.current = null;
  }

  spawn() {
    const w = new Worker(new URL('../../trace-worker.js', import.meta.url), { type: 'module', name: 'tmlab-trace' });
    w.onmessage = ({ data }) => this.message(data);
    w.onerror = (e) => this.fail({ path: '', message: `the engine-mode worker failed: ${e.message || 'unknown error'}`, allowed: '' });
    this.worker = w;
  }

  /** @param {any} data */
  message(data) {
    const c = this.current;
    if (!c || data.id !== c.id) return;
    if (data.type === 'start') c.info = { searcher: data.searcher, opening: data.opening };
    else if (data.type === 'move') {
      c.moves.push(data.move);
      c.onMove(data.move, c.moves);
    } else if (data.type === 'done') {
      const r = { moves: c.moves, ms: data.ms, result: data.result ?? '', ...c.info };
      this.cache.set(c.key, r);
      while (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value);
      this.current = null;
      c.resolve(r);
    } else if (data.type === 'error') this.fail(data.error);
    else if (data.type === 'crash') {
      this.worker = null;
      this.fail({ path: '', message: `the engine crashed: ${data.message}`, allowed: '' });
    }
  }

  /** @param {{path: string, message: string, allowed: string}} error */
  fail(error) {
    const c = this.current;
    this.current = null;
    c?.reject(error);
  }

  /**
   * Play the game of `spec`; `onMove(move, movesSoFar)` after every move.
   * @param {TraceSpec} spec
   * @param {(m: any, all: any[]) => void} [onMove]
   * @returns {Promise<TraceResult|null>} null if a newer run replaced this one
   */
  run(spec, onMove = () => {}) {
    const key = JSON.stringify(spec);
    const hit = this.cache.get(key);
    if (this.current) {
      this.current.resolve(null);
      this.current = null;
    }
    if (hit) return Promise.resolve({ ...hit, cached: true });
    if (!this.worker) this.spawn();
    const id = ++this.gen;
    return new Promise((resolve, reject) => {
      this.current = { id, resolve, reject, onMove, moves: [], key, info: {} };
      this.worker?.postMessage({ type: 'play', id, spec });
    });
  }

  /** End the worker (the view is gone). */
  close() {
    this.current?.resolve(null);
    this.current = null;
    this.worker?.terminate();
    this.worker = null;
  }
}
