// @ts-check
// Runs a match's games in game workers: one worker per game, at most `concurrency` at once,
// each game's summary added to the page's MatchBook. Stop terminates the workers; their
// unfinished games are discarded and played again on resume.
//
// A game worker that crashes (a Rust panic, a worker error) is terminated and its game played
// again from the start in a fresh worker, up to MAX_RESPAWNS times per game; only then does the
// match stop with 'failed'.
//
// Events: 'start' {index, records}, 'move' {index, record}, 'game' {summary}, 'complete',
// 'stopped', 'respawn' {index, message, attempt}, 'failed' {message}, 'idle' (nothing running
// while dispatch is paused).

import { concurrencyOf, gamesAtOnce } from '../../engine/concurrency.js';

/** Fresh workers a crashed game gets before the match gives up. */
const MAX_RESPAWNS = 2;

export class MatchRunner extends EventTarget {
  /**
   * @param {object} o
   * @param {string} o.spec        the match spec JSON
   * @param {object} o.book        the wasm MatchBook (already holding any saved games)
   * @param {number} o.concurrency games at once
   * @param {() => boolean} [o.mayStart] false to hold back new games (a hidden tab, real clock)
   */
  constructor({ spec, book, concurrency, mayStart = () => true }) {
    super();
    this.spec = spec;
    this.book = book;
    this.concurrency = gamesAtOnce(concurrency, concurrencyOf());
    this.mayStart = mayStart;
    /** index → { worker, records } */
    this.running = new Map();
    /** index → crashes so far */
    this.crashes = new Map();
    this.active = false;
  }

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
      if (!this.running.has(index)) this.spawn(index);
    }
  }

  spawn(index) {
    const worker = new Worker(new URL('../../match-worker.js', import.meta.url), {
      type: 'module',
      name: `tmlab-game-${index}`,
    });
    const slot = { worker, records: [] };
    this.running.set(index, slot);
    worker.onmessage = ({ data }) => this.onMessage(index, slot, data);
    worker.onerror = (e) => {
      e.preventDefault?.();
      this.crashed(index, slot, `the game worker failed (${e.message || 'error'})`);
    };
    worker.onmessageerror = () => this.fail(`game ${index + 1}: a message from the game worker could not be read`);
    // A test hook: `globalThis.__tmlabDebugGamePanic = {index, afterMoves}` makes that game's first
    // worker panic for real (through the Rust panic hook) after that many moves.
    const debug = globalThis.__tmlabDebugGamePanic;
    const panicAfter = debug && debug.index === index && !this.crashes.has(index) ? debug.afterMoves : undefined;
    worker.postMessage({ type: 'play', spec: this.spec, index, panicAfter });
  }

  /** A game's worker died: play the game again in a fresh worker, or give up after MAX_RESPAWNS. */
  crashed(index, slot, message) {
    if (this.running.get(index) !== slot) return;
    slot.worker.terminate();
    this.running.delete(index);
    const attempt = (this.crashes.get(index) || 0) + 1;
    this.crashes.set(index, attempt);
    if (attempt > MAX_RESPAWNS) {
      this.fail(`game ${index + 1}: the engine crashed ${attempt} times (${message})`);
      return;
    }
    this.emit('respawn', { index, message, attempt });
    this.dispatch();
  }

  onMessage(index, slot, data) {
    if (this.running.get(index) !== slot) return; // a stopped game's late message
    // Only our own worker talks here, but a message of the wrong shape is a crash, not a guess.
    const ok =
      data && typeof data === 'object' && typeof data.type === 'string' &&
      (data.type !== 'start' || Array.isArray(data.records)) &&
      (data.type !== 'move' || (data.record && typeof data.record === 'object')) &&
      (data.type !== 'done' || (data.summary && typeof data.summary === 'object'));
    if (!ok) {
      this.crashed(index, slot, 'a malformed message from the game worker');
      return;
    }
    switch (data.type) {
      case 'start':
        slot.records = data.records;
        this.emit('start', { index, records: data.records });
        break;
      case 'move':
        slot.records.push(data.record);
        this.emit('move', { index, record: data.record });
        break;
      case 'done': {
        slot.worker.terminate();
        this.running.delete(index);
        this.book.add(data.summary);
        this.emit('game', { summary: data.summary });
        this.dispatch();
        break;
      }
      case 'error':
        this.fail(`game ${index + 1}: ${data.message}`);
        break;
      case 'crash':
        this.crashed(index, slot, data.message);
        break;
      default:
        break;
    }
  }

  terminateAll() {
    for (const { worker } of this.running.values()) worker.terminate();
    this.running.clear();
  }

  finish() {
    this.active = false;
    this.terminateAll();
    this.emit('complete');
  }

  /** Stop: terminate every game worker; unfinished games are played again on resume. */
  stop() {
    if (!this.active) return;
    this.active = false;
    this.terminateAll();
    this.emit('stopped');
  }

  fail(message) {
    this.active = false;
    this.terminateAll();
    this.emit('failed', { message });
  }
}
