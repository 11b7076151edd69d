// @ts-check
// docs/play.md's strength-levels table is computed, never typed: it must equal what
// scripts/strength-table.mjs makes of the crate's levels (play_levels) and the ladder's match
// reports in docs/experiments/strength-ladder/ (bash scripts/strength-ladder.sh rewrites both).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import tmlab from './wasm.js';
import { DOC, table, rewrite, ladderReport } from '../../scripts/strength-table.mjs';

test('the levels table in docs/play.md is the one the crate and the ladder matches give', () => {
  const doc = readFileSync(DOC, 'utf8');
  const levels = tmlab.play_levels();
  assert.equal(rewrite(doc, table(levels, ladderReport)), doc, 'run node scripts/strength-table.mjs');
  for (let k = 1; k < levels.length; k++) {
    const r = ladderReport(k);
    assert.ok(r, `the match of level ${k + 1} against level ${k} is recorded`);
    assert.equal(r.report.finished, r.report.block.wdl.wins + r.report.block.wdl.losses + r.report.block.wdl.draws);
    assert.ok(r.report.finished >= 40, `level ${k + 1} vs ${k}: ${r.report.finished} games`);
  }
});
