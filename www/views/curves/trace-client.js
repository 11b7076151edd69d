// @ts-check
// The Curves view's engine-mode games, in a worker of the page's game pool (engine/game-pool.js,
// www/game-worker.js): `run(spec, onMove)` plays a self-play game on the virtual clock and
// resolves with every move. Latest wins: a new run replaces the running one between two moves,
// and the replaced run resolves with null. Finished games are cached by their spec (runs are
// deterministic), so the default's ghost game and a slider moved back cost nothing. A crash
// follows the pool's policy (the game is played again in a fresh worker, then fails).

/** @typedef {{tm: string, tc: string, opening: number, nps: number, moves: number, searcher?: string, latency?: number}} TraceSpec */
/** @typedef {{moves: any[], ms: number, result: string, searcher: string, opening: string, cached?: boolean}} TraceResult */

import { GamePool } from '../../engine/game-pool.js';

const CACHE_SIZE = 24;

export class TraceClient {
  constructor() {
    /** One worker of the page's game pool, started on the first run. */
    this.pool = new GamePool({ size: 1, name: 'tmlab-trace' });
    /** @type {Map<string, TraceResult>} */
    this.cache = new Map();
    /** @type {{cancel: () => void} | null} */
    this.current = null;
  }

  /**
   * Play the game of `spec`; `onMove(move, movesSoFar)` after every move.
   * @param {TraceSpec} spec
   * @param {(m: any, all: any[]) => void} [onMove]
   * @returns {Promise<TraceResult|null>} null if a newer run replaced this one; a failure rejects
   *   with the crate's typed error `{path, message, allowed}`
   */
  async run(spec, onMove = () => {}) {
    const key = JSON.stringify(spec);
    // Latest wins: the running game is dropped between two moves (its worker is kept).
    this.current?.cancel();
    this.current = null;
    const hit = this.cache.get(key);
    if (hit) return { ...hit, cached: true };
    /** @type {any[]} */
    const moves = [];
    let info = {};
    const job = this.pool.run(
      { type: 'trace', spec },
      {
        onMessage: (data) => {
          if (data.type === 'start') info = { searcher: data.searcher, opening: data.opening };
          else if (data.type === 'move') {
            moves.push(data.move);
            onMove(data.move, moves);
          }
        },
        // A crash plays the game again from the start: its moves so far are forgotten.
        onRespawn: () => (moves.length = 0),
      },
    );
    this.current = job;
    let done;
    try {
      done = await job.promise;
    } catch (/** @type {any} */ e) {
      if (this.current === job) this.current = null;
      if (e?.kind === 'stopped') return null;
      throw e?.kind === 'refused' && e.data?.error ? e.data.error : { path: '', message: e?.message ?? String(e), allowed: '' };
    }
    if (this.current === job) this.current = null;
    if (!done) return null;
    /** @type {TraceResult} */
    const r = { moves, ms: done.ms, result: done.result ?? '', searcher: '', opening: '', ...info };
    this.cache.set(key, r);
    while (this.cache.size > CACHE_SIZE) this.cache.delete(/** @type {string} */ (this.cache.keys().next().value));
    return r;
  }

  /** End the worker (the view is gone). */
  close() {
    this.current?.cancel();
    this.current = null;
    this.pool.stop();
  }
}
