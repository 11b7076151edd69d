// The Play view's controller, fed real game states from the crate (PlayBoard in Node).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import tmlab from './wasm.js';
import { initialState, update, clockMs, running, outOfTime, nextAction, statusText, canMove } from '../../www/views/play/controller.js';

const SETUP = { person: 'white', white_tc: '3m+2', black_tc: '3m+2', searcher: 'ab', tm: 'lc0-legacy', move_overhead_ms: 0, ponder: false };
const board = (setup = {}) => new tmlab.PlayBoard(JSON.stringify({ ...SETUP, ...setup }));

test('lichess: 3m+2 shows 3:00 and the person’s clock stands before the first move', () => {
  const b = board();
  let s = update(initialState(), { type: 'begin', gs: b.state(), now: 0 });
  assert.equal(nextAction(s), 'none');
  s = update(s, { type: 'ready', now: 0 });
  assert.equal(clockMs(s, 'white', 5000), 180000, 'not running before the first move');
  assert.equal(running(s, 'white'), false);
  assert.equal(outOfTime(s, 1e9), false, 'never flags before the first move');
  assert.match(statusText(s), /your clock starts after this move/);
  b.play_text('e4', 5000);
  s = update(s, { type: 'moved', gs: b.state(), now: 5000 });
  assert.equal(nextAction(s), 'engine-move');
  s = update(s, { type: 'search', kind: 'move', now: 5000 });
  assert.equal(nextAction(s), 'none', 'one search at a time');
  b.begin_search();
  b.play_engine('bestmove e7e5', 800);
  s = update(s, { type: 'moved', gs: b.state(), now: 5800 });
  assert.equal(s.active, null);
  assert.equal(running(s, 'white'), true, 'from the second move on the clock runs');
  assert.equal(clockMs(s, 'white', 6800), 179000);
  b.free();
});

test('pauses stop the person’s clock and drop the engine’s search; resume restarts it', () => {
  const b = board();
  let s = update(update(initialState(), { type: 'begin', gs: b.state() }), { type: 'ready', now: 0 });
  b.play_text('d4', 100);
  b.begin_search();
  b.play_engine('bestmove d7d5', 100);
  s = update(s, { type: 'moved', gs: b.state(), now: 1000 });
  s = update(s, { type: 'pause', reason: 'tab hidden', now: 3000 });
  assert.equal(clockMs(s, 'white', 60000), 178000, 'two seconds used, then paused');
  assert.equal(canMove(s), false);
  s = update(s, { type: 'resume', reason: 'tab hidden', now: 60000 });
  assert.equal(clockMs(s, 'white', 61000), 177000);
  b.play_text('c4', 3000);
  s = update(s, { type: 'moved', gs: b.state(), now: 61000 });
  s = update(s, { type: 'search', kind: 'move', now: 61000 });
  s = update(s, { type: 'pause', reason: 'another view', now: 62000 });
  assert.equal(s.active, null, 'the search is dropped');
  assert.equal(nextAction(s), 'none');
  s = update(s, { type: 'resume', reason: 'another view', now: 63000 });
  assert.equal(nextAction(s), 'engine-move', 'and asked for again');
  b.free();
});

test('as Black a fresh game waits for “Start”', () => {
  const b = board({ person: 'black' });
  let s = update(initialState(), { type: 'begin', gs: b.state(), wait: true });
  s = update(s, { type: 'ready' });
  assert.equal(nextAction(s), 'none');
  assert.match(statusText(s), /Press “Start”/);
  s = update(s, { type: 'start' });
  assert.equal(nextAction(s), 'engine-move');
  b.free();
});

test('typed moves and setups: the crate’s typed errors', () => {
  const b = board();
  assert.throws(() => b.play_text('Nf6', 1), (e) => e.path === 'move' && /`Nf6` is not a legal move here/.test(e.message) && /SAN/.test(e.allowed));
  const bad = tmlab.PlayBoard.check(JSON.stringify({ ...SETUP, black_tc: '3+x' }));
  assert.equal(bad.path, 'black_tc');
  assert.doesNotMatch(bad.message, /allowed/);
  assert.match(bad.allowed, /3m\+2/);
  assert.equal(tmlab.PlayBoard.check(JSON.stringify(SETUP)), null);
  assert.equal(tmlab.read_time_control('3m+2').reading, '3 min + 2 s per move');
  b.free();
});
