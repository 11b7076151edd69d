// Runs a match's games in game workers: one worker per game, at most `concurrency` at once,
// each game's summary added to the page's MatchBook. Stop terminates the workers; their
// unfinished games are discarded and played again on resume.
//
// Events: 'start' {index, records}, 'move' {index, record}, 'game' {summary}, 'complete',
// 'stopped', 'failed' {message}, 'idle' (nothing running while dispatch is paused).

/** The cap on games at once: one core stays free for the page (playground.md §7). */
export function maxConcurrency() {
  return Math.max(1, (navigator.hardwareConcurrency || 2) - 1);
}

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
    this.concurrency = Math.max(1, Math.min(concurrency, maxConcurrency()));
    this.mayStart = mayStart;
    /** index → { worker, records } */
    this.running = new Map();
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
    worker.onerror = (e) => this.fail(`game ${index + 1}: the game worker failed (${e.message || 'error'})`);
    worker.onmessageerror = () => this.fail(`game ${index + 1}: a message from the game worker could not be read`);
    worker.postMessage({ type: 'play', spec: this.spec, index });
  }

  onMessage(index, slot, data) {
    if (this.running.get(index) !== slot) return; // a stopped game's late message
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
        this.fail(`game ${index + 1}: the engine crashed (${data.message})`);
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
