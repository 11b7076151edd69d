// @ts-check
// The Play clock's text, as lichess draws it: m:ss, h:mm:ss from one hour, tenths under 10 s;
// and the coarse words a screen reader hears.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatClock, verbalClock } from '../../www/views/play/clock.js';

test('m:ss, h:mm:ss, tenths under ten seconds, never negative', () => {
  assert.equal(formatClock(180_000), '3:00');
  assert.equal(formatClock(179_001), '2:59');
  assert.equal(formatClock(3_600_000), '1:00:00');
  assert.equal(formatClock(5_405_000), '1:30:05');
  assert.equal(formatClock(10_000), '0:10');
  assert.equal(formatClock(9_999), '0:09.9');
  assert.equal(formatClock(-500), '0:00.0');
  assert.equal(formatClock(null), '∞');
});

test('verbal clock for screen readers', () => {
  assert.equal(verbalClock(185_000), '3 minutes 5 seconds');
  assert.equal(verbalClock(3_661_000), '1 hour 1 minute 1 second');
  assert.equal(verbalClock(400), 'less than a second');
  assert.equal(verbalClock(0), 'no time left');
  assert.equal(verbalClock(null), 'no time limit');
});
