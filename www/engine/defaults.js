// @ts-check
// The project's defaults the views' forms need before the wasm is loaded (their URL types are
// read at import). Each is the crate's, exported through the wasm; tests/unit/defaults.test.js
// checks every one against it, so they cannot drift.

/** The one virtual node rate of every match, sweep, tune and leaderboard (the crate's
 * experiment::cost::DEFAULT_NPS, wasm `default_nps()`): 1 ms of the virtual clock = 1 000 nodes. */
export const DEFAULT_NPS = 1_000_000;
