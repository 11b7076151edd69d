// @ts-check
// The Leaderboard view's controller and selectors, on the committed data.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import tmlab from './wasm.js';
import { initialState, update, groupsOf, rowsOf, curvesOf, eloText, provenanceOf, runsOf, rankText } from '../../www/views/leaderboard/controller.js';

const DOC = JSON.parse(readFileSync(new URL('../../www/public/leaderboard.json', import.meta.url), 'utf8'));

test('the committed data has runs with their command, seed and version', () => {
  assert.ok(runsOf(DOC).length >= 1);
  for (const r of runsOf(DOC)) {
    // The flags that change the games follow the seed (`--nps`, adjudication, `--only`) when not default.
    assert.match(r.command, /^tmlab leaderboard --tc \S+ --games \d+ --engine (ab|mcts|both) --seed \d+( --(nps|resign|draw|maxmoves|only) \S+)* --json$/);
    // A run at another speed says so in its clock.
    const nps = r.command.match(/--nps (\d+)/);
    assert.equal(r.clock, `virtual, 1 ms = ${nps ? Number(nps[1]) / 1000 : 1000} nodes`);
    assert.equal(typeof r.tmlab_version, 'string');
    assert.ok(r.results && r.results.length > 0);
  }
});

test('rows are sorted by Elo and formatted; curves follow the table', () => {
  let s = update(initialState({ engine: 'ab', tc: '1+0.01' }), { type: 'loaded', doc: DOC });
  assert.equal(s.tc, '1+0.01');
  const rows = rowsOf(s);
  // Every manager of the registry has an alpha-beta row (the crate's schema lists them).
  assert.equal(rows.length, tmlab.tm_schema().length);
  assert.ok(rows.some((r) => r.reference && r.manager === 'stockfish'));
  const curves = curvesOf(s);
  assert.deepEqual(curves.map((c) => c.name), rows.map((r) => r.manager));
  assert.ok(curves[0].points.length > 10 && curves[0].points[0][0] === 1);
  assert.match(provenanceOf(s), /^tmlab leaderboard --tc 1\+0\.01 /);
  // An unknown control falls back to the first group.
  s = update(s, { type: 'group', engine: 'mcts', tc: '9+9' });
  assert.deepEqual([s.engine, s.tc], [groupsOf(DOC)[0].engine, groupsOf(DOC)[0].tc]);
});

test('Elo text', () => {
  assert.equal(eloText(/** @type {import('../../www/views/leaderboard/controller.js').LeaderboardEntry} */ ({ elo: -82.6, elo_error: 78.8, wdl: [1, 2, 3], games: 6 })), '−83 ± 79');
  assert.equal(eloText(/** @type {import('../../www/views/leaderboard/controller.js').LeaderboardEntry} */ ({ elo: 0, elo_error: 0, wdl: [1, 1, 0], games: 2 })), '+0 ± 0');
  assert.equal(eloText(/** @type {import('../../www/views/leaderboard/controller.js').LeaderboardEntry} */ ({ elo: null, elo_error: null, wdl: [4, 0, 0], games: 4 })), '+∞');
  assert.equal(eloText(/** @type {import('../../www/views/leaderboard/controller.js').LeaderboardEntry} */ ({ elo: null, elo_error: null, wdl: [1, 0, 1], games: 2 })), '–');
  assert.equal(update(initialState(), { type: 'loaded', doc: { runs: [] } }).error, 'The leaderboard data has no results.');
});

test('rank ranges: given by the page (from the crate), shown per row', () => {
  assert.equal(rankText([2, 2]), '2');
  assert.equal(rankText([2, 6]), '2–6');
  assert.equal(rankText(undefined), '–');
  const e = DOC.runs[0].results[0];
  /** @type {Map<string, [number, number]>} */
  const ranks = new Map([[`${e.engine} ${e.tc} ${e.manager}`, [1, 3]]]);
  const s = update(initialState({ engine: e.engine, tc: e.tc }), { type: 'loaded', doc: DOC, ranks });
  const rows = rowsOf(s);
  assert.equal(rows.find((r) => r.manager === e.manager)?.rank, '1–3');
  assert.ok(rows.filter((r) => r.manager !== e.manager).every((r) => r.rank === '–'));
});
