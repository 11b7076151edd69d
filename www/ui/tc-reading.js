// @ts-check
// The echo of a time-control field: the crate's reading (read_time_control, the rule Play and
// Match use), so `3+2` shows "3 s + 2 s per move" and never silently means something else.

import { read_time_control } from '../pkg/tmlab.js';

/** The crate's reading of `tc` ("1 s + 0.01 s per move"), '' if it does not read. */
export function tcReading(/** @type {string} */ tc) {
  try {
    return tc.trim() ? read_time_control(tc.trim()).reading : '';
  } catch {
    return '';
  }
}
