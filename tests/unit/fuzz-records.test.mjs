// @ts-check
// Replays the saved-records fuzzer's committed corpus and crash regressions (tests/fuzz/records/):
// every input keeps every invariant of tests/fuzz/records.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inputs, runOne } from '../fuzz/records.mjs';

test('the saved-records fuzz corpus and crash regressions pass every invariant', () => {
  const all = inputs();
  assert.ok(all.some((i) => i.name.startsWith('corpus/')), 'a corpus is committed');
  const failures = [];
  for (const { name, text } of all) {
    try {
      runOne(text);
    } catch (e) {
      failures.push(`${name}: ${String((/** @type {{message?: unknown} | undefined} */ (e))?.message || e).slice(0, 300)}`);
    }
  }
  assert.deepEqual(failures, []);
});
