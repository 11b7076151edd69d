// @ts-check
// The Replay view's controller and selectors, fed the crate's real replay of the shipped sample.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import tmlab from './wasm.js';
import { provideRules } from '../../www/ui/rules.js';
import { initialState, update, specsOf, summaryOf, moveRowsOf, chartRecordOf, headlineOf, chartChoicesOf, showsOwnLimits, tracedOf } from '../../www/views/replay/controller.js';

// The views ask the crate's rules through ui/rules.js, answered here by the engine module.
provideRules(tmlab);

const SAMPLE = readFileSync(new URL('../../www/public/replay/lichess-style-3+2.pgn', import.meta.url), 'utf8');

const TMLAB = readFileSync(new URL('../../www/public/replay/tmlab-lc0-legacy-vs-stockfish-60+0.6.pgn', import.meta.url), 'utf8');
const FASTCHESS = readFileSync(new URL('../../www/public/replay/fastchess-1.8.2-40-10.pgn', import.meta.url), 'utf8');

function replayed(tm = 'stockfish; lc0-legacy ;', pgn = SAMPLE) {
  let s = update(initialState({ tm }), { type: 'pgn', pgn, source: 'sample' });
  return update(s, { type: 'replayed', result: tmlab.replay_pgn(s.pgn, specsOf(s)) });
}

test('specs are the `;`-separated managers, blanks dropped', () => {
  assert.deepEqual(specsOf(initialState({ tm: ' stockfish; ;lc0-legacy(slowmover=1.2);' })), ['stockfish', 'lc0-legacy(slowmover=1.2)']);
});

test('the summary and moves come from the crate’s replay (hand-checked numbers)', () => {
  const s = replayed();
  assert.match(headlineOf(s), /^Game 1: Morphy vs Allies .*times from \[%clk\], to 100 ms; lichess's clock rule\.$/);
  const [white, black] = summaryOf(s);
  assert.equal(white.moves, 17);
  assert.equal(black.left, '82.90 s');
  assert.equal(black.managers[1].spec, 'lc0-legacy');
  assert.equal(black.managers[1].overHard, 5);
  assert.equal(black.managers[0].overHard, 0);
  const rows = moveRowsOf(update(s, { type: 'manager', manager: 1 }), 1);
  assert.deepEqual(rows[8], { key: 17, label: '9... b5', used: '41.30 s', clock: '156.30 s', opponent: '173.70 s', soft: '20.80 s', hard: '20.80 s', overHard: true, eval: '–', nodes: '–', latency: '–' });
  assert.equal(tracedOf(s), false);
  assert.deepEqual(chartChoicesOf(s), ['stockfish', 'lc0-legacy'], 'no own limits in a lichess game');
  // The chart's record as the crate sends it (ChartRecord in www names only the fields the view reads).
  const rec = /** @type {{moves: {engine: {budget: {soft_ms: number | null}}}[], setup: {white: {name: string}}} | null} */ (/** @type {unknown} */ (chartRecordOf(s)));
  assert.ok(rec, 'a chart record');
  assert.equal(rec.moves.length, 33);
  assert.equal(rec.setup.white.name, 'Morphy');
});

test('an engine game’s own limits are one more choice; a tester’s comments fill the trace columns', () => {
  let s = replayed('lc0-legacy', TMLAB);
  assert.deepEqual(chartChoicesOf(s), ['lc0-legacy', 'the engines’ own limits (from their comments)']);
  assert.equal(tracedOf(s), true);
  const [white] = summaryOf(s);
  assert.ok(white.own, 'own limits');
  assert.equal(white.own.moves, white.moves);
  assert.equal(white.own.overHard, 0);
  const managerRow = moveRowsOf(s, 0)[0];
  s = update(s, { type: 'manager', manager: 1 });
  assert.equal(showsOwnLimits(s), true);
  const ownRow = moveRowsOf(s, 0)[0];
  // lc0-legacy replayed on White's clocks gives White's own (lc0-legacy) limits back.
  assert.equal(ownRow.soft, managerRow.soft);
  assert.match(ownRow.eval, /^[+-]\d+\.\d\d\/\d+$/);
  assert.match(ownRow.nodes, /^\d+$/);
  // The chart's budgets are the engines' own limits.
  // The chart's record as the crate sends it (ChartRecord in www names only the fields the view reads).
  const rec = /** @type {{moves: {engine: {budget: {soft_ms: number | null}}}[], setup: {white: {name: string}}} | null} */ (/** @type {unknown} */ (chartRecordOf(s)));
  assert.ok(rec, 'a chart record');
  assert.ok(s.result, 'replayed');
  const g = s.result.replay.games[0];
  assert.equal(rec.moves.length, g.sides[0].moves.length + g.sides[1].moves.length);
  assert.equal(rec.moves[0].engine.budget.soft_ms, g.sides[0].moves[0].own?.soft_ms);
  assert.equal(update(s, { type: 'manager', manager: 5 }).manager, 1);

  const f = replayed('stockfish', FASTCHESS);
  assert.deepEqual(chartChoicesOf(f), ['stockfish'], 'fastchess writes no limits');
  const first = moveRowsOf(f, 0)[0];
  assert.deepEqual([first.label, first.eval, first.latency], ['1. Nc3', '-0.26/9', '0.001 s']);
});

test('a typed error replaces the result; game and manager choices are clamped', () => {
  let s = replayed();
  assert.equal(update(s, { type: 'manager', manager: 9 }).manager, 1);
  assert.equal(update(s, { type: 'game', game: -3 }).game, 0);
  /** @type {RuleError | undefined} */
  let error;
  try {
    tmlab.replay_pgn('[White "a"]\n[TimeControl "60"]\n\n1. e4 *\n', ['stockfish']);
  } catch (e) {
    error = /** @type {RuleError} */ (e);
  }
  assert.ok(error, 'the crate refused it');
  assert.equal(error.path, 'pgn');
  assert.match(error.message, /^game 1 \(a vs \?, \?\), move 1\. e4: no clock/);
  s = update(s, { type: 'failed', error });
  assert.equal(s.result, null);
  assert.deepEqual(summaryOf(s), []);
  assert.equal(s.error?.path, 'pgn');
  try {
    tmlab.replay_pgn(SAMPLE, ['stockfish', 'nosuch']);
  } catch (e) {
    error = /** @type {RuleError} */ (e);
  }
  assert.ok(error, 'the crate refused it');
  assert.equal(error.path, 'tm.1');
  assert.match(error.message, /^manager 2: unknown time manager `nosuch`/);
});

test('the worker’s session replays game by game to the result replay_pgn gives; charts come on demand', async () => {
  const { sampleOf, SAMPLES } = await import('../../www/views/replay/controller.js');
  assert.equal(sampleOf('constructor'), SAMPLES.lichess, 'a key that is not a sample’s own is not a sample');
  assert.equal(sampleOf('__proto__'), SAMPLES.lichess);
  assert.equal(sampleOf('tmlab'), SAMPLES.tmlab);
  const two = `${SAMPLE}\n\n${SAMPLE}`;
  const session = new tmlab.ReplaySession(two, ['stockfish', 'lc0-legacy']);
  assert.equal(session.total, 2);
  assert.equal(session.step(1), false);
  assert.equal(session.replayed, 1);
  assert.equal(session.step(8), true);
  const result = session.result();
  const whole = tmlab.replay_pgn(two, ['stockfish', 'lc0-legacy']);
  assert.deepEqual(result.replay, whole.replay);
  assert.deepEqual(result.charts, []);
  assert.deepEqual(session.chart(1, 1), whole.charts[1][1]);
  assert.equal(session.chart(2, 0), null);
  session.free();
  // In the controller: progress while replaying, then the result; a chart record is added later.
  let s = update(initialState({ tm: 'stockfish;lc0-legacy' }), { type: 'replaying' });
  s = update(s, { type: 'progress', replayed: 1, total: 2 });
  assert.deepEqual(s.progress, { replayed: 1, total: 2 });
  s = update(s, { type: 'replayed', result });
  assert.equal(s.progress, null);
  assert.equal(chartRecordOf(s), null);
  s = update(s, { type: 'chart', game: 0, manager: 0, record: whole.charts[0][0] });
  assert.deepEqual(chartRecordOf(s), whole.charts[0][0]);
  // The size rule is the crate's: over 4 MB is refused, naming the size.
  assert.throws(() => tmlab.replay_check_size(5 * 1024 * 1024), (/** @type {RuleError} */ e) => e.path === 'pgn' && /the PGN is 5\.0 MB; the page replays at most 4 MB/.test(e.message));
  tmlab.replay_check_size(4 * 1024 * 1024);
});
