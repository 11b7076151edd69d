// @ts-check
// A pool of match game workers (www/match-worker.js) for experiments: `size` workers, each
// loaded once and reused game after game. `play(spec, index)` resolves with the game's summary
// (GameSummary: result, time usage, record); `stop()` terminates every worker, rejecting the
// games in flight (they are played again on resume). A worker that crashes is replaced and its
// game rejected with the message.

export class GamePool {
  /** @param {number} size */
  constructor(size) {
    this.size = Math.max(1, size);
    /** @type {{worker: Worker, busy: boolean}[]} */
    this.workers = [];
    /** @type {{spec: string, index: number, resolve: (s: any) => void, reject: (e: Error) => void}[]} */
    this.queue = [];
    this.stopped = false;
  }

  spawn() {
    const worker = new Worker(new URL('../../match-worker.js', import.meta.url), { type: 'module', name: 'tmlab-experiment-game' });
    const slot = { worker, busy: false, job: /** @type {any} */ (null) };
    worker.onmessage = ({ data }) => {
      const job = slot.job;
      if (!job) return;
      if (data.type === 'done') {
        slot.job = null;
        slot.busy = false;
        job.resolve(data.summary);
        this.pump();
      } else if (data.type === 'error' || data.type === 'crash') {
        slot.job = null;
        this.retire(slot);
        job.reject(new Error(`game ${job.index + 1}: ${data.message}`));
        this.pump();
      }
    };
    worker.onerror = (e) => {
      e.preventDefault?.();
      const job = slot.job;
      slot.job = null;
      this.retire(slot);
      job?.reject(new Error(`the game worker failed (${e.message || 'error'})`));
      this.pump();
    };
    this.workers.push(slot);
    return slot;
  }

  retire(slot) {
    slot.worker.terminate();
    this.workers = this.workers.filter((w) => w !== slot);
  }

  /**
   * Play game `index` of the match spec JSON `spec`.
   * @param {string} spec
   * @param {number} index
   * @returns {Promise<any>}
   */
  play(spec, index) {
    return new Promise((resolve, reject) => {
      if (this.stopped) return reject(new Error('stopped'));
      this.queue.push({ spec, index, resolve, reject });
      this.pump();
    });
  }

  pump() {
    while (this.queue.length && !this.stopped) {
      let slot = this.workers.find((w) => !w.busy);
      if (!slot && this.workers.length < this.size) slot = this.spawn();
      if (!slot) return;
      const job = this.queue.shift();
      slot.busy = true;
      /** @type {any} */ (slot).job = job;
      slot.worker.postMessage({ type: 'play', spec: job.spec, index: job.index });
    }
  }

  /** Terminate every worker; queued and running games are rejected with 'stopped'. */
  stop() {
    this.stopped = true;
    for (const w of this.workers) {
      const job = /** @type {any} */ (w).job;
      w.worker.terminate();
      job?.reject(new Error('stopped'));
    }
    this.workers = [];
    for (const job of this.queue.splice(0)) job.reject(new Error('stopped'));
  }
}

/** The fields of a game summary that the statistics need (drops the record and its PGN). */
export function scoreOf(summary) {
  const { index, outcome_a, a_white, termination, usage_a, usage_b, overshoot } = summary;
  return { index, outcome_a, a_white, termination, usage_a, usage_b, overshoot };
}
