// @ts-check
// The client of the replay worker (www/replay-worker.js): one replay at a time, a newer one
// replacing an unfinished one, and the chart record of a game and manager once replayed. Used
// by the Replay view and by the Learn view's replay chart.

/** The replay worker, spawned on first use and again after a crash. */
/**
 * How a replay ends: its result, the crate's refusal, a crash of the worker, or replaced by a
 * newer replay.
 * @typedef {{type: 'done', id: number, result: import('../ui/crate-types.js').ReplayResult}
 *   | {type: 'error', id: number, error: import('../ui/typed-error.js').RuleError}
 *   | {type: 'crash', id?: number, message: string}
 *   | {type: 'replaced'}} ReplayEnd
 */

export function replayWorker() {
  /** @type {Worker|null} */ let worker = null;
  let next = 0;
  /** @type {null | {id: number, resolve: (m: ReplayEnd) => void, onProgress: (m: {replayed: number, total: number}) => void}} */ let job = null;
  const spawn = () => {
    const w = new Worker(new URL('../replay-worker.js', import.meta.url), { type: 'module', name: 'tmlab-replay' });
    w.onmessage = ({ data }) => {
      if (data.type === 'chart') {
        const key = `${data.id}:${data.game}:${data.manager}`;
        charts.get(key)?.(data.record);
        charts.delete(key);
        return;
      }
      if (!job || data.id !== job.id) return;
      if (data.type === 'done') doneId = data.id;
      if (data.type === 'progress') job.onProgress(data);
      else if (data.type === 'done' || data.type === 'error' || data.type === 'crash') {
        const j = job;
        job = null;
        if (data.type === 'crash') {
          w.terminate();
          worker = null;
        }
        j.resolve(data);
      }
    };
    w.onerror = (e) => {
      e.preventDefault?.();
      w.terminate();
      worker = null;
      const j = job;
      job = null;
      j?.resolve({ type: 'crash', message: e.message || 'the replay worker failed' });
    };
    return w;
  };
  /** @type {Map<string, (record: import('../ui/crate-types.js').ChartRecord | null) => void>} */
  const charts = new Map();
  let doneId = 0;
  return {
    /**
     * Game `game`'s chart record with manager `manager`'s limits, from the last finished replay
     * (null once a newer replay started).
     * @param {number} game
     * @param {number} manager
     * @returns {Promise<import('../ui/crate-types.js').ChartRecord | null>}
     */
    chart(game, manager) {
      if (!worker || !doneId || job) return Promise.resolve(null);
      return new Promise((resolve) => {
        charts.set(`${doneId}:${game}:${manager}`, resolve);
        worker?.postMessage({ type: 'chart', id: doneId, game, manager });
      });
    },
    /**
     * Replays `pgn` against `specs`; a newer call replaces an unfinished one (which resolves
     * with `{type: 'replaced'}`).
     * @param {string} pgn
     * @param {string[]} specs
     * @param {(m: {replayed: number, total: number}) => void} onProgress
     * @returns {Promise<ReplayEnd>}
     */
    replay(pgn, specs, onProgress) {
      job?.resolve({ type: 'replaced' });
      worker ??= spawn();
      doneId = 0;
      for (const r of charts.values()) r(null);
      charts.clear();
      const id = ++next;
      /** @type {Promise<ReplayEnd>} */
      const p = new Promise((resolve) => {
        job = { id, resolve, onProgress };
      });
      worker.postMessage({ type: 'replay', id, pgn, specs });
      return p;
    },
    dispose() {
      job?.resolve({ type: 'replaced' });
      job = null;
      worker?.terminate();
      worker = null;
    },
  };
}
