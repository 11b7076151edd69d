// @ts-check
// docs/experiments.md's leaderboard tables are computed, never typed: they must equal what
// scripts/leaderboard-table.mjs makes of www/public/leaderboard.json and the crate's rank ranges.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import tmlab from './wasm.js';
import { DOC, DATA, README, README_BEGIN, README_END, tables, readmeTable, rewrite } from '../../scripts/leaderboard-table.mjs';

test('the leaderboard tables in docs/experiments.md are the committed data, ranked by the crate', () => {
  const doc = readFileSync(DOC, 'utf8');
  const data = JSON.parse(readFileSync(DATA, 'utf8'));
  assert.equal(rewrite(doc, tables(data, tmlab.leaderboardRanks)), doc, 'run node scripts/leaderboard-table.mjs');
  for (const run of data.runs) assert.ok(run.wall_s > 0 && run.cores > 0, `${run.command}: its cost is recorded`);
  // The README's table too: every manager, with its interval at each alpha-beta control.
  const readme = readFileSync(README, 'utf8');
  assert.equal(rewrite(readme, readmeTable(data, tmlab.leaderboardRanks), README_BEGIN, README_END), readme, 'run node scripts/leaderboard-table.mjs');
  assert.match(readme, /\| reckless \| \d+(–\d+)?: [+−]\d+ ± \d+ \|/);
});

test('ranks: a self-play reference at 0 ± 0 and a manager far below it do not tie', () => {
  /** @param {number} elo @param {number} elo_error @param {[number, number, number]} wdl */
  const e = (elo, elo_error, wdl) => ({ elo, elo_error, wdl, games: wdl[0] + wdl[1] + wdl[2] });
  assert.deepEqual(tmlab.leaderboardRanks([e(0, 0, [5, 5, 10]), e(-300, 100, [1, 15, 4]), e(-20, 40, [4, 5, 11])]), [
    [1, 2],
    [3, 3],
    [1, 2],
  ]);
  assert.throws(() => tmlab.leaderboardRanks([{ elo: 'x' }]), (/** @type {RuleError} */ err) => err.path === 'entries');
});
