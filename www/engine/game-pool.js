// @ts-check
// The page's game workers (www/game-worker.js): one pool class and one crash/respawn policy for
// every view that plays engine games off the page: Match (and its Scaling section), Sweep, Tune,
// the lessons' matches, the cost estimate's calibration and the Curves view's engine-mode traces.
//
// `run(message)` queues a job (a game, a trace, a calibration); a free worker, or a new one while
// fewer than `size` run, gets it. Workers are loaded once and reused job after job. A job ends:
// - `done`: its promise resolves with the worker's `done` message;
// - `error` (the crate refused the spec): it rejects with a GameError of kind 'refused' (`data`
//   holds the worker's message, with its typed `error`); the worker is kept;
// - a crash (the worker's `crash` message after a Rust panic, a worker `error` or
//   `messageerror`, a malformed message): the worker is terminated and the job played again from
//   the start in a fresh worker, `onRespawn({message, attempt})` told; after MAX_RESPAWNS
//   restarts it rejects with a GameError of kind 'crashed';
// - `cancel()`: it resolves with null; the worker drops the game between two moves (or, with
//   `cancel(true)`, is terminated: a synchronous calibration hears nothing until it ends);
// - `stop()` of the pool: every worker is terminated and every job rejects with kind 'stopped'.
//
// The worker is created by `spawn(name)` (a real module Worker by default): the policy is unit
// tested with a scripted worker in tests/unit/game-pool.test.js, and for real in the e2e tests
// (a real Rust panic in a Match game, tests/e2e/match.test.mjs).

/** Fresh workers a crashed job gets before it fails. */
export const MAX_RESPAWNS = 2;

/**
 * @typedef {{postMessage: (m: any) => void, terminate: () => void, onmessage: ((e: {data: any}) => void) | null,
 *   onerror: ((e: any) => void) | null, onmessageerror: ((e: any) => void) | null}} WorkerLike
 * @typedef {{type: string, [k: string]: any}} JobMessage
 * @typedef {{id: number, message: (attempt: number) => JobMessage, attempt: number,
 *   onMessage: (data: any) => void, onRespawn: (r: {message: string, attempt: number}) => void,
 *   valid: (data: any) => boolean, resolve: (v: any) => void, reject: (e: any) => void, slot: Slot | null}} Job
 * @typedef {{worker: WorkerLike, job: Job | null}} Slot
 */

/** Why a job did not end with `done`: 'refused' (the spec), 'crashed' (too often), 'stopped'. */
export class GameError extends Error {
  /**
   * @param {'refused'|'crashed'|'stopped'} kind
   * @param {string} message
   * @param {any} [data] the worker's `error` message, for 'refused'
   */
  constructor(kind, message, data) {
    super(message);
    this.kind = kind;
    this.data = data;
  }
}

/** @param {string} name @returns {WorkerLike} */
const moduleWorker = (name) =>
  /** @type {WorkerLike} */ (/** @type {unknown} */ (new Worker(new URL('../game-worker.js', import.meta.url), { type: 'module', name })));

let ids = 0;

export class GamePool {
  /**
   * @param {{size?: number, name?: string, spawn?: (name: string) => WorkerLike, respawns?: number}} [o]
   */
  constructor({ size = 1, name = 'tmlab-game', spawn = moduleWorker, respawns = MAX_RESPAWNS } = {}) {
    this.size = Math.max(1, Math.floor(size) || 1);
    this.name = name;
    this.spawnWorker = spawn;
    this.respawns = respawns;
    /** @type {Slot[]} */
    this.slots = [];
    /** @type {Job[]} */
    this.queue = [];
  }

  /** Jobs being played now. */
  get busy() {
    return this.slots.filter((s) => s.job).length;
  }

  /**
   * Queue a job.
   * @param {JobMessage | ((attempt: number) => JobMessage)} message posted to the worker (with the
   *   job's `id`); a function gets the attempt (0 first, then 1, 2 … after crashes)
   * @param {{onMessage?: (data: any) => void, onRespawn?: (r: {message: string, attempt: number}) => void,
   *   valid?: (data: any) => boolean}} [o] `onMessage` hears the job's `start` and `move` messages;
   *   `valid` checks each message's shape (a false is a crash)
   * @returns {{id: number, promise: Promise<any>, cancel: (terminate?: boolean) => void}}
   */
  run(message, { onMessage = () => {}, onRespawn = () => {}, valid = () => true } = {}) {
    const id = ++ids;
    /** @type {Job} */
    const job = {
      id,
      message: typeof message === 'function' ? message : () => message,
      attempt: 0,
      onMessage,
      onRespawn,
      valid,
      resolve: () => {},
      reject: () => {},
      slot: null,
    };
    const promise = new Promise((resolve, reject) => {
      job.resolve = resolve;
      job.reject = reject;
    });
    this.queue.push(job);
    this.pump();
    return { id, promise, cancel: (terminate = false) => this.cancel(job, terminate) };
  }

  /** Hand queued jobs to free workers, starting workers up to `size`. */
  pump() {
    while (this.queue.length) {
      let slot = this.slots.find((s) => !s.job);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const job = /** @type {Job} */ (this.queue.shift());
      slot.job = job;
      job.slot = slot;
      slot.worker.postMessage({ ...job.message(job.attempt), id: job.id });
    }
  }

  /** @returns {Slot} */
  spawn() {
    const worker = this.spawnWorker(`${this.name}-${this.slots.length + 1}`);
    /** @type {Slot} */
    const slot = { worker, job: null };
    worker.onmessage = ({ data }) => this.message(slot, data);
    worker.onerror = (e) => {
      e?.preventDefault?.();
      this.crashed(slot, `the game worker failed (${e?.message || 'error'})`);
    };
    worker.onmessageerror = () => this.crashed(slot, 'a message from the game worker could not be read');
    this.slots.push(slot);
    return slot;
  }

  /** @param {Slot} slot @param {any} data */
  message(slot, data) {
    if (!this.slots.includes(slot)) return; // a retired worker's late message
    if (!data || typeof data !== 'object' || typeof data.type !== 'string') {
      this.crashed(slot, 'a malformed message from the game worker');
      return;
    }
    // A crash closes the worker, whichever job it names.
    if (data.type === 'crash') {
      this.crashed(slot, String(data.message ?? 'the engine crashed'));
      return;
    }
    const job = slot.job;
    if (!job || data.id !== job.id) return; // `ready`, or a cancelled job's last words
    if (!job.valid(data)) {
      this.crashed(slot, 'a malformed message from the game worker');
      return;
    }
    if (data.type === 'done') {
      this.free(slot);
      job.resolve(data);
      this.pump();
    } else if (data.type === 'error') {
      this.free(slot);
      job.reject(new GameError('refused', String(data.message ?? data.error?.message ?? 'refused'), data));
      this.pump();
    } else {
      job.onMessage(data);
    }
  }

  /** @param {Slot} slot */
  free(slot) {
    if (slot.job) slot.job.slot = null;
    slot.job = null;
  }

  /** @param {Slot} slot */
  retire(slot) {
    slot.worker.terminate();
    this.free(slot);
    this.slots = this.slots.filter((s) => s !== slot);
  }

  /**
   * The one crash policy: the worker goes; its job is played again from the start in a fresh
   * worker, at most `respawns` times.
   * @param {Slot} slot @param {string} message
   */
  crashed(slot, message) {
    if (!this.slots.includes(slot)) return;
    const job = slot.job;
    this.retire(slot);
    if (job) {
      job.attempt += 1;
      if (job.attempt > this.respawns) {
        job.reject(new GameError('crashed', `the engine crashed ${job.attempt} times (${message})`));
      } else {
        job.onRespawn({ message, attempt: job.attempt });
        this.queue.unshift(job);
      }
    }
    this.pump();
  }

  /** @param {Job} job @param {boolean} terminate */
  cancel(job, terminate) {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) this.queue.splice(queued, 1);
    const slot = job.slot;
    if (slot) {
      if (terminate) this.retire(slot);
      else {
        slot.worker.postMessage({ type: 'cancel', id: job.id });
        this.free(slot);
      }
    } else if (queued < 0) return; // already over
    job.resolve(null);
    this.pump();
  }

  /** Terminate every worker; queued and running jobs reject with kind 'stopped'. */
  stop() {
    const jobs = [...this.slots.map((s) => s.job), ...this.queue.splice(0)];
    for (const s of this.slots) s.worker.terminate();
    this.slots = [];
    for (const job of jobs) {
      if (!job) continue;
      job.slot = null;
      job.reject(new GameError('stopped', 'stopped'));
    }
  }
}
