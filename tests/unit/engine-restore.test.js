// @ts-check
// The engine client's manager state (www/engine/): a saved game's state goes back to the engine
// after `ucinewgame`, and a dropped search that finished before its cancel arrived (its manager
// counted a move the page never played) is undone before the next search. The worker here is a
// scripted stand-in that speaks the protocol's lines: the real engine's side (`tmlab restore`
// printing the state back) is tested in crate/tests/uci_level.rs, the whole path in
// tests/e2e/play-engine.test.mjs and engine-live.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EngineClient } from '../../www/engine/client.js';

/** A worker that answers the handshake and lets the test script each search's end. */
class ScriptedWorker {
  /** @type {ScriptedWorker | undefined} the worker made last */
  static last;
  constructor() {
    /** @type {((e: {data: string}) => void) | null} set by the client */
    this.onmessage = null;
    /** @type {string[]} */
    this.sent = [];
    /** @type {((line: string) => void) | null} what to answer the next `tmlab cancel` with */
    this.onCancel = null;
    this.state = 'S0';
    ScriptedWorker.last = this;
  }
  /** @param {...string} lines */
  emit(...lines) {
    for (const line of lines) setTimeout(() => this.onmessage?.({ data: line }), 0);
  }
  /** @param {string} line */
  postMessage(line) {
    this.sent.push(line);
    if (line === 'uci') this.emit('option name TmlabState type check default false', 'uciok');
    else if (line === 'isready') this.emit('readyok');
    else if (line === 'ucinewgame') this.emit(`info string tm-state ${(this.state = 'S0')}`);
    else if (line.startsWith('tmlab restore ')) this.emit(`info string tm-state ${(this.state = line.slice(14))}`);
    else if (line === 'tmlab cancel') this.onCancel?.(line);
  }
  /** The running search ends on its own with `reason`, its manager now in `state`. */
  /** @param {string} reason @param {string} state */
  finish(reason, state, move = 'e2e4') {
    this.state = state;
    this.emit(`info string stop ${reason}`, `info string tm-state ${state}`, `bestmove ${move}`);
  }
  terminate() {}
}

const tick = () => new Promise((r) => setTimeout(r, 5));

async function client() {
  const c = new EngineClient(() => /** @type {any} */ (new ScriptedWorker()), { spare: false });
  await c.whenIdle();
  // MCTS: a dropped search gets `tmlab cancel` (an alpha-beta one loses its worker instead).
  c.configure({ Searcher: 'mcts', TimeManager: 'lc0-legacy' }, { newGame: true });
  await c.whenIdle();
  const w = ScriptedWorker.last;
  assert.ok(w, 'the client made its worker');
  return { c, w };
}

/** A search that ends on its own; resolves with its bestmove. */
/** @param {EngineClient} c @param {ScriptedWorker} w @param {string} state */
async function move(c, w, state) {
  const done = new Promise((resolve) => c.search({ position: 'position startpos', go: 'go wtime 1000 btime 1000', onBestmove: resolve }));
  await tick();
  w.finish('soft-limit', state);
  return done;
}

test('a saved game’s manager state goes back after ucinewgame, and the client keeps it', async () => {
  const { c, w } = await client();
  w.sent.length = 0;
  c.configure({ Searcher: 'mcts', TimeManager: 'lc0-legacy' }, { newGame: true, state: 'SAVED' });
  await c.whenIdle();
  await tick();
  assert.deepEqual(w.sent, ['ucinewgame', 'tmlab restore SAVED', 'isready']);
  assert.equal(c.managerSnapshot(), 'SAVED', 'the engine printed it back: the client holds it');
});

test('the state after each finished move is the client’s snapshot', async () => {
  const { c, w } = await client();
  assert.equal(await move(c, w, 'S1'), 'bestmove e2e4');
  assert.equal(c.managerSnapshot(), 'S1');
});

test('a dropped search that finished before its cancel arrived is undone before the next search', async () => {
  const { c, w } = await client();
  await move(c, w, 'S1');
  c.search({ position: 'position startpos moves e2e4 e7e5', go: 'go wtime 900 btime 1000' });
  await tick();
  // The search ends on its own while `tmlab cancel` is on its way: its bestmove is swallowed.
  w.onCancel = () => w.finish('smart-pruning', 'S2-not-played', 'g1f3');
  w.sent.length = 0;
  await c.cancel();
  await tick();
  assert.equal(c.managerSnapshot(), 'S1', 'the page never played that move');
  assert.equal(w.state, 'S1', 'the engine’s manager is put back');
  await move(c, w, 'S2');
  assert.deepEqual(w.sent.slice(0, 3), ['tmlab cancel', 'tmlab restore S1', 'isready'], `before the next search: ${w.sent.join(' | ')}`);
  assert.equal(c.managerSnapshot(), 'S2');
});

test('a search the cancel reached needs nothing more (the engine put its manager back itself)', async () => {
  const { c, w } = await client();
  await move(c, w, 'S1');
  c.search({ position: 'position startpos moves e2e4 e7e5', go: 'go wtime 900 btime 1000' });
  await tick();
  w.onCancel = () => w.emit('info string stop cancelled', 'bestmove g1f3');
  await c.cancel();
  w.sent.length = 0;
  await move(c, w, 'S2');
  assert.ok(!w.sent.some((l) => l.startsWith('tmlab restore')), w.sent.join(' | '));
  assert.equal(w.sent[0], 'position startpos');
});
