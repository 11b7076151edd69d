// @ts-check
// The Play view's controller, fed real game states from the crate (PlayBoard in Node).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import tmlab from './wasm.js';
import { initialState, update, clockMs, running, outOfTime, nextAction, statusText, canMove, panelTime, lastEngineMove } from '../../www/views/play/controller.js';

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
  assert.throws(() => b.play_text('Nf6', 1), (/** @type {RuleError} */ e) => e.path === 'move' && /`Nf6` is not a legal move here/.test(e.message) && /SAN/.test(e.allowed));
  const bad = tmlab.PlayBoard.check(JSON.stringify({ ...SETUP, black_tc: '3+x' }));
  assert.equal(bad.path, 'black_tc');
  assert.doesNotMatch(bad.message, /allowed/);
  assert.match(bad.allowed, /3m\+2/);
  assert.equal(tmlab.PlayBoard.check(JSON.stringify(SETUP)), null);
  assert.equal(tmlab.read_time_control('3m+2').reading, '3 min + 2 s per move');
  b.free();
});

test('one state for the whole view: the engine panel follows the searches, reports only while one runs', () => {
  const b = board({ tm: 'stockfish' });
  let s = update(update(initialState(), { type: 'begin', gs: b.state(), now: 0 }), { type: 'ready', now: 0 });
  assert.equal(s.engine.label, 'ready');
  b.play_text('e4', 100);
  s = update(s, { type: 'moved', gs: b.state(), now: 100 });
  s = update(s, { type: 'report', report: { depth: 9 }, now: 150 });
  assert.equal(s.engine.report, null, 'no search runs: a stray report is ignored');
  s = update(s, { type: 'search', kind: 'move', now: 200 });
  assert.deepEqual([s.engine.mode, s.engine.label, s.engine.since], ['thinking', 'thinking', 200]);
  assert.equal(panelTime(s, 1200), 1000, 'the panel’s clock runs from the search’s start');
  b.begin_search();
  b.engine_line('info string tm soft 4000 hard 12000');
  b.engine_line('info depth 4 seldepth 6 score cp 20 nodes 900 nps 9000 time 100 pv e7e5');
  b.engine_line('info string stop soft-limit');
  s = update(s, { type: 'report', report: b.report(), now: 300 });
  assert.equal(s.engine.report.depth, 4);
  const final = b.report();
  b.play_engine('bestmove e7e5', 1500);
  s = update(s, { type: 'moved', gs: b.state(), report: final, now: 1700 });
  assert.deepEqual([s.engine.mode, s.engine.label, s.engine.report.stop, panelTime(s, 2000)], ['idle', 'idle', 'soft-limit', null]);
  const last = lastEngineMove(s);
  assert.equal(last.san, 'e5');
  assert.match(last.engine.why, /^Stopped at 1\.50 s, at the end of an iteration past the soft limit of 4\.00 s/, last.engine.why);
  // A person's move keeps the engine's last move shown; a cancel or a pause clears the panel.
  b.play_text('Nf3', 500);
  s = update(s, { type: 'moved', gs: b.state(), now: 2200 });
  assert.equal(s.engine.report.stop, 'soft-limit');
  s = update(s, { type: 'search', kind: 'move', now: 2200 });
  s = update(s, { type: 'pause', reason: 'tab hidden', now: 2300 });
  assert.deepEqual([s.active, s.engine.label, s.engine.report], [null, 'paused', null]);
  b.free();
});

test('a ponder hit turns the ponder search into the move in one event', () => {
  const b = board({ searcher: 'mcts', ponder: true });
  let s = update(update(initialState(), { type: 'begin', gs: b.state() }), { type: 'ready', now: 0 });
  b.play_text('e4', 100);
  b.begin_search();
  b.play_engine('bestmove e7e5 ponder g1f3', 500);
  s = update(s, { type: 'moved', gs: b.state(), now: 600 });
  s = update(s, { type: 'search', kind: 'ponder', ponderMove: 'g1f3', now: 600 });
  assert.deepEqual([s.engine.mode, s.turn?.who], ['pondering', 'person']);
  b.play_text('Nf3', 900);
  s = update(s, { type: 'ponderhit', gs: b.state(), now: 1500 });
  assert.deepEqual([s.active?.kind, s.engine.mode, s.engine.label, s.turn?.who, s.gs.to_move], ['move', 'thinking', 'thinking (ponder hit)', 'engine', 'engine']);
  b.free();
});

test('the crate says whose move and check for every position, and which promotions exist', () => {
  const b = board();
  for (const [m, who] of [['f3', 'person'], ['e7e5', 'engine'], ['g4', 'person'], ['d8h4', 'engine']]) {
    if (who === 'person') b.play_text(m, 10);
    else {
      b.begin_search();
      b.play_engine(`bestmove ${m}`, 10);
    }
  }
  const rows = b.state().moves;
  assert.deepEqual(rows.map((/** @type {PlayMoveRow} */ r) => r.turn), ['black', 'white', 'black', 'white']);
  assert.deepEqual(rows.map((/** @type {PlayMoveRow} */ r) => r.check), [false, false, false, true], 'Qh4# gives check');
  assert.equal(b.state().outcome.result, '0-1');
  const g = board();
  assert.deepEqual(g.promotions('e2', 'e4'), [], 'not a promotion');
  for (const [uci, who] of [['a2a4', 'p'], ['h7h5', 'e'], ['a4a5', 'p'], ['h5h4', 'e'], ['a5a6', 'p'], ['h4h3', 'e'], ['a6b7', 'p'], ['h3g2', 'e']]) {
    if (who === 'p') g.play_person(uci.slice(0, 2), uci.slice(2), '', 10);
    else {
      g.begin_search();
      g.play_engine(`bestmove ${uci}`, 10);
    }
  }
  assert.deepEqual(g.promotions('b7', 'a8').map((/** @type {{letter: string, role: string}} */ c) => [c.letter, c.role]), [['q', 'queen'], ['r', 'rook'], ['b', 'bishop'], ['n', 'knight']]);
  assert.deepEqual(g.promotions('b7', 'b8'), [], 'b8 is not reachable');
  g.play_person('b7', 'a8', 'n', 10);
  assert.equal(g.state().moves.at(-1).san, 'bxa8=N');
  g.free();
  b.free();
});

test('the manager state is kept with the game, checked against its manager', () => {
  const b = board({ tm: 'stockfish', move_overhead_ms: 10 });
  assert.equal(b.manager_state, undefined);
  assert.deepEqual(b.state().engine_options, { Level: '5', 'Move Overhead': '10', Searcher: 'ab', TimeManager: 'stockfish' });
  // A real payload: the wasm engine's state after a move.
  const engine = new tmlab.WorkerEngine();
  for (const l of ['uci', 'setoption name TimeManager value stockfish', 'setoption name Move Overhead value 10', 'setoption name VirtualNps value 1000000', 'setoption name TmlabState value true']) engine.handle(l);
  engine.handle('position startpos moves e2e4');
  const lines = [...engine.handle('go wtime 60000 btime 60000')];
  while (engine.searching) lines.push(...engine.pump(64));
  const payload = /** @type {string} */ (lines.find((l) => l.startsWith('info string tm-state '))).slice('info string tm-state '.length);
  engine.free();
  // Refusals cross as the crate's typed error {path, message, allowed}.
  /** @param {RegExp} re */
  const refused = (re) => (/** @type {RuleError} */ e) => typeof e.path === 'string' && re.test(e.message);
  assert.throws(() => b.set_manager_state(payload.replace('"stockfish"', '"lc0-legacy"')), refused(/this game's manager is "stockfish"/));
  assert.throws(() => b.set_manager_state('nonsense'), refused(/malformed/));
  assert.throws(() => b.set_manager_state('{"tm":"stockfish","state":"0000000000000001"}'), refused(/state too short/));
  b.set_manager_state(payload);
  assert.equal(b.manager_state, payload);
  const again = tmlab.PlayBoard.restore(b.save());
  assert.equal(again.manager_state, payload, 'saved and restored with the game');
  again.free();
  b.free();
});
