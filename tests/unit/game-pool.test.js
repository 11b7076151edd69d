// @ts-check
// The game pool (www/engine/game-pool.js): the one crash/respawn policy of every game worker
// (Match, Sweep, Scaling, Tune, the calibration, the Curves view's traces), and the MatchRunner on
// top of it. The workers here are scripted (they answer what the test says); the real worker and a
// real Rust panic are in tests/e2e/match.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GamePool, MAX_RESPAWNS } from '../../www/engine/game-pool.js';
import { MatchRunner } from '../../www/engine/match-runner.js';

/** A scripted worker: records what it is sent; the test makes it answer, fail or crash. */
class Scripted {
  /** @param {string} name */
  constructor(name) {
    this.name = name;
    /** @type {any[]} */
    this.sent = [];
    this.terminated = false;
    /** @type {any} */ this.onmessage = null;
    /** @type {any} */ this.onerror = null;
    /** @type {any} */ this.onmessageerror = null;
  }
  postMessage(/** @type {any} */ m) {
    this.sent.push(m);
  }
  terminate() {
    this.terminated = true;
  }
  /** The last job sent (not a cancel). */
  get job() {
    return this.sent.filter((m) => m.type !== 'cancel').at(-1);
  }
  reply(/** @type {any} */ data) {
    this.onmessage({ data });
  }
  done(/** @type {any} */ extra = {}) {
    this.reply({ type: 'done', id: this.job.id, ...extra });
  }
}

function scripted() {
  /** @type {Scripted[]} */
  const workers = [];
  const spawn = (/** @type {string} */ name) => {
    const w = new Scripted(name);
    workers.push(w);
    return w;
  };
  return { workers, spawn };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

test('at most `size` workers; a free worker is reused for the next job', async () => {
  const { workers, spawn } = scripted();
  const pool = new GamePool({ size: 2, spawn });
  const jobs = [1, 2, 3].map((n) => pool.run({ type: 'play', n }));
  assert.equal(workers.length, 2);
  assert.deepEqual(workers.map((w) => w.job.n), [1, 2]);
  assert.equal(pool.busy, 2);
  workers[0].done({ summary: 'one' });
  assert.deepEqual(await jobs[0].promise, { type: 'done', id: jobs[0].id, summary: 'one' });
  // Job 3 went to the freed worker: no third worker.
  assert.equal(workers.length, 2);
  assert.equal(workers[0].job.n, 3);
  assert.equal(workers[0].job.id, jobs[2].id);
});

test('progress messages reach the job; messages of another job are ignored', async () => {
  const { workers, spawn } = scripted();
  const pool = new GamePool({ spawn });
  /** @type {any[]} */
  const heard = [];
  const job = pool.run({ type: 'trace' }, { onMessage: (d) => heard.push(d.type) });
  workers[0].reply({ type: 'ready' });
  workers[0].reply({ type: 'start', id: job.id });
  workers[0].reply({ type: 'move', id: job.id + 1000 });
  workers[0].reply({ type: 'move', id: job.id });
  assert.deepEqual(heard, ['start', 'move']);
});

test('a crash plays the job again from the start in a fresh worker, MAX_RESPAWNS times, then fails', async () => {
  const { workers, spawn } = scripted();
  const pool = new GamePool({ spawn });
  /** @type {any[]} */
  const respawns = [];
  const job = pool.run((attempt) => ({ type: 'play', attempt }), { onRespawn: (r) => respawns.push(r) });
  // Three ways to crash: a panic's message, a worker error, a malformed message.
  workers[0].reply({ type: 'crash', id: job.id, message: 'panicked at x' });
  assert.ok(workers[0].terminated, 'the crashed worker is terminated');
  assert.equal(workers.length, 2, 'a fresh worker');
  assert.equal(workers[1].job.attempt, 1, 'the message is built for the new attempt');
  workers[1].onerror({ message: 'boom', preventDefault() {} });
  assert.equal(workers[2].job.attempt, 2);
  assert.equal(MAX_RESPAWNS, 2);
  workers[2].reply('not an object');
  await assert.rejects(job.promise, (/** @type {import('../../www/engine/game-pool.js').GameError} */ e) => e.kind === 'crashed' && /crashed 3 times \(a malformed message/.test(e.message));
  assert.deepEqual(respawns, [
    { message: 'panicked at x', attempt: 1 },
    { message: 'the game worker failed (boom)', attempt: 2 },
  ]);
  assert.equal(workers.length, 3, 'no fourth worker');
  assert.ok(workers.every((w) => w.terminated));
  assert.equal(pool.busy, 0);
});

test("a job's own check of a message's shape counts as a crash too", async () => {
  const { workers, spawn } = scripted();
  const pool = new GamePool({ spawn, respawns: 0 });
  const job = pool.run({ type: 'play' }, { valid: (d) => d.type !== 'done' || Boolean(d.summary) });
  workers[0].done();
  await assert.rejects(job.promise, (/** @type {import('../../www/engine/game-pool.js').GameError} */ e) => e.kind === 'crashed' && /crashed 1 times/.test(e.message));
});

test('a refused spec rejects the job alone; the worker is kept', async () => {
  const { workers, spawn } = scripted();
  const pool = new GamePool({ spawn });
  const a = pool.run({ type: 'play' });
  const error = { path: 'tc_a', message: 'not a time control', allowed: '40/60+0.6' };
  workers[0].reply({ type: 'error', id: a.id, message: error.message, error });
  await assert.rejects(a.promise, (/** @type {import('../../www/engine/game-pool.js').GameError} */ e) => e.kind === 'refused' && e.message === 'not a time control' && e.data.error === error);
  assert.equal(workers[0].terminated, false);
  const b = pool.run({ type: 'play' });
  assert.equal(workers.length, 1);
  workers[0].done();
  assert.equal((await b.promise).id, b.id);
});

test('cancel: the job resolves with null; the worker drops it (or is terminated) and takes the next', async () => {
  const { workers, spawn } = scripted();
  const pool = new GamePool({ spawn });
  const a = pool.run({ type: 'trace', n: 1 });
  const b = pool.run({ type: 'trace', n: 2 });
  a.cancel();
  assert.equal(await a.promise, null);
  assert.deepEqual(workers[0].sent.map((m) => [m.type, m.id]), [['trace', a.id], ['cancel', a.id], ['trace', b.id]]);
  // The cancelled job's late messages are ignored; the next job's count.
  workers[0].reply({ type: 'done', id: a.id });
  workers[0].done({ result: '1-0' });
  assert.equal((await b.promise).result, '1-0');
  // A hard cancel terminates the worker (a synchronous calibration hears nothing).
  const c = pool.run({ type: 'calibrate' });
  c.cancel(true);
  assert.equal(await c.promise, null);
  assert.ok(workers[0].terminated);
  assert.equal(pool.slots.length, 0);
  // A queued job is cancelled without reaching a worker.
  const d = pool.run({ type: 'play', n: 4 });
  const e = pool.run({ type: 'play', n: 5 });
  e.cancel();
  assert.equal(await e.promise, null);
  assert.ok(!workers.some((w) => w.sent.some((m) => m.n === 5)));
  d.cancel();
});

test('stop terminates every worker and rejects every job with "stopped"; the pool can run again', async () => {
  const { workers, spawn } = scripted();
  const pool = new GamePool({ size: 1, spawn });
  const a = pool.run({ type: 'play' });
  const b = pool.run({ type: 'play' });
  pool.stop();
  await assert.rejects(a.promise, (/** @type {import('../../www/engine/game-pool.js').GameError} */ e) => e.kind === 'stopped' && e.message === 'stopped');
  await assert.rejects(b.promise, (/** @type {import('../../www/engine/game-pool.js').GameError} */ e) => e.kind === 'stopped');
  assert.ok(workers[0].terminated);
  // A terminated worker's late crash changes nothing.
  workers[0].reply({ type: 'crash', id: a.id, message: 'late' });
  assert.equal(workers.length, 1);
  const c = pool.run({ type: 'play' });
  assert.equal(workers.length, 2);
  workers[1].done();
  assert.ok(await c.promise);
});

/** A MatchBook stand-in: `games` games, complete when all are added. */
/** @param {number} games */
function book(games) {
  /** @type {any[]} */
  const added = [];
  return {
    added,
    get complete() {
      return added.length === games;
    },
    pending: () => [...Array(games).keys()].filter((i) => !added.some((s) => s.index === i)),
    add: (/** @type {any} */ s) => added.push(s),
  };
}

test('MatchRunner: a crashed game is replayed in a fresh worker (the panic hook only on its first attempt)', async () => {
  const { workers, spawn } = scripted();
  const b = book(2);
  const g = /** @type {any} */ (globalThis);
  g.__tmlabDebugGamePanic = { index: 1, afterMoves: 3 };
  try {
    const runner = new MatchRunner({ spec: '{}', book: b, concurrency: 2, spawn });
    /** @type {string[]} */
    const events = [];
    for (const t of ['start', 'move', 'game', 'respawn', 'complete', 'failed']) {
      runner.addEventListener(t, (e) => events.push(`${t}${t === 'respawn' ? ` ${/** @type {any} */ (e).detail.attempt}` : ''}`));
    }
    runner.start();
    assert.equal(workers.length, 2);
    assert.equal(workers[0].job.panicAfter, undefined);
    assert.equal(workers[1].job.panicAfter, 3);
    workers[0].reply({ type: 'start', id: workers[0].job.id, index: 0, records: [] });
    workers[0].reply({ type: 'move', id: workers[0].job.id, index: 0, record: { ply: 1 } });
    workers[1].reply({ type: 'crash', id: workers[1].job.id, message: 'debug_panic' });
    assert.equal(workers[2].job.index, 1);
    assert.equal(workers[2].job.panicAfter, undefined, 'the replayed game does not panic again');
    workers[0].done({ index: 0, summary: { index: 0 } });
    await settle();
    workers[2].done({ index: 1, summary: { index: 1 } });
    await settle();
    assert.deepEqual(b.added.map((s) => s.index), [0, 1]);
    assert.deepEqual(events, ['start', 'move', 'respawn 1', 'game', 'game', 'complete']);
    assert.equal(runner.running.size, 0);
    assert.ok(workers.every((w) => w.terminated), 'no game worker left');
  } finally {
    delete g.__tmlabDebugGamePanic;
  }
});

test('MatchRunner: a game that keeps crashing fails the match, naming the game', async () => {
  const { workers, spawn } = scripted();
  const runner = new MatchRunner({ spec: '{}', book: book(1), concurrency: 1, spawn });
  /** @type {string[]} */
  const failed = [];
  runner.addEventListener('failed', (e) => failed.push(/** @type {any} */ (e).detail.message));
  runner.start();
  for (let i = 0; i <= MAX_RESPAWNS; i++) workers[i].reply({ type: 'crash', id: workers[i].job.id, message: `panic ${i}` });
  await settle();
  assert.deepEqual(failed, ['game 1: the engine crashed 3 times (panic 2)']);
  assert.equal(runner.active, false);
});
