// @ts-check
// Runs a match's games in the game pool (./game-pool.js): at most `concurrency` at once, each
// game's summary added to the MatchBook. Stop terminates the workers; their unfinished games are
// discarded and played again on resume. Used by the Match view and the lessons' matches.
//
// A crashed game (a Rust panic, a worker error, a malformed message) is played again from the
// start in a fresh worker by the pool's one policy (MAX_RESPAWNS restarts); only then does the
// match stop with 'failed'.
//
// Events: 'start' {index, records}, 'move' {index, record}, 'game' {summary}, 'complete',
// 'stopped', 'respawn' {index, message, attempt}, 'failed' {message}, 'idle' (nothing running
// while dispatch is paused).

import { concurrencyOf, gamesAtOnce } from './concurrency.js';
import { GamePool } from './game-pool.js';

/** A game worker's message has the shape its type promises. @param {any} data */
const wellFormed = (data) =>
  (data.type !== 'start' || Array.isArray(data.records)) &&
  (data.type !== 'move' || (data.record && typeof data.record === 'object')) &&
  (data.type !== 'done' || (data.summary && typeof data.summary === 'object'));

export class MatchRunner extends EventTarget {
  /**
   * @param {object} o
   * @param {string} o.spec        the match spec JSON
   * @param {{complete: boolean, pending: () => number[], add: (summary: any) => void}} o.book
   *   the wasm MatchBook (already holding any saved games), or an object that behaves as one
   * @param {number} o.concurrency games at once
   * @param {() => boolean} [o.mayStart] false to hold back new games (a hidden tab, real clock)
   * @param {(name: string) => import('./game-pool.js').WorkerLike} [o.spawn] the pool's workers
   *   (real module workers by default; a unit test scripts them)
   */
  constructor({ spec, book, concurrency, mayStart = () => true, spawn }) {
    super();
    this.spec = spec;
    this.book = book;
    this.concurrency = gamesAtOnce(concurrency, concurrencyOf());
    this.mayStart = mayStart;
    this.pool = new GamePool({ size: this.concurrency, name: 'tmlab-match-game', spawn });
    /** index → { job, records } */
    this.running = new Map();
    this.active = false;
  }

  /** @param {string} type @param {any} [detail] */
  emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  /** Start (or resume) handing out games. */
  start() {
    this.active = true;
    this.dispatch();
  }

  /** Start games until `concurrency` run (if allowed now). */
  dispatch() {
    if (!this.active) return;
    if (this.book.complete) {
      this.finish();
      return;
    }
    if (!this.mayStart()) {
      if (this.running.size === 0) this.emit('idle');
      return;
    }
    for (const index of this.book.pending()) {
      if (this.running.size >= this.concurrency) break;
      if (!this.running.has(index)) this.play(index);
    }
  }

  /** @param {number} index */
  play(index) {
    // A test hook: `globalThis.__tmlabDebugGamePanic = {index, afterMoves}` makes that game's first
    // worker panic for real (through the Rust panic hook) after that many moves.
    const debug = /** @type {any} */ (globalThis).__tmlabDebugGamePanic;
    const slot = { records: /** @type {any[]} */ ([]), job: /** @type {any} */ (null) };
    slot.job = this.pool.run(
      (attempt) => ({
        type: 'play',
        spec: this.spec,
        index,
        panicAfter: debug && debug.index === index && attempt === 0 ? debug.afterMoves : undefined,
      }),
      {
        valid: wellFormed,
        onMessage: (data) => {
          if (this.running.get(index) !== slot) return;
          if (data.type === 'start') {
            slot.records = data.records;
            this.emit('start', { index, records: data.records });
          } else if (data.type === 'move') {
            slot.records.push(data.record);
            this.emit('move', { index, record: data.record });
          }
        },
        onRespawn: ({ message, attempt }) => this.running.get(index) === slot && this.emit('respawn', { index, message, attempt }),
      },
    );
    this.running.set(index, slot);
    slot.job.promise.then(
      (/** @type {any} */ done) => {
        if (this.running.get(index) !== slot || !done) return;
        this.running.delete(index);
        this.book.add(done.summary);
        this.emit('game', { summary: done.summary });
        this.dispatch();
      },
      (/** @type {import('./game-pool.js').GameError} */ err) => {
        if (this.running.get(index) !== slot || err.kind === 'stopped') return;
        this.fail(`game ${index + 1}: ${err.message}`);
      },
    );
  }

  end() {
    this.active = false;
    this.running.clear();
    this.pool.stop();
  }

  finish() {
    this.end();
    this.emit('complete');
  }

  /** Stop: terminate every game worker; unfinished games are played again on resume. */
  stop() {
    if (!this.active) return;
    this.end();
    this.emit('stopped');
  }

  /** @param {string} message */
  fail(message) {
    this.end();
    this.emit('failed', { message });
  }
}
