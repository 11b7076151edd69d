// @ts-check
// What an experiment will cost on this device, before it starts: a short calibration (a game
// worker of the game pool plays the experiment's first game at its control, virtual speed and
// searcher for the crate's calibration budget and counts its engine moves), cached in
// localStorage per build, searcher, controls and speed, turned into a duration and a precision
// by the crate (experiment_estimate: the rule `tmlab … --dry-run` prints). The ETA while
// running is the crate's too (experiment_eta).

import { experiment_estimate, experiment_eta } from '../pkg/tmlab.js';
import { GamePool } from './game-pool.js';

const STORE = 'tmlab-calibration-v2';
/** The build: the wasm's URL (Vite fingerprints it), so a new engine calibrates again. */
const BUILD = new URL('../pkg/tmlab_bg.wasm', import.meta.url).href;

/** @typedef {{ plies: number, ms: number, clock_ms: number, finished: boolean }} Calibration */

/**
 * What a calibration of this match spec depends on.
 * @param {string} specJson
 */
export function calibrationKey(specJson) {
  const s = JSON.parse(specJson);
  const clock = s.clock ?? {};
  return JSON.stringify([BUILD, s.engine ?? 'ab', s.tc_a ?? '', s.tc_b ?? s.tc_a ?? '', clock.mode ?? 'virtual', clock.nps ?? null]);
}

/** @returns {Record<string, Calibration>} */
function loadAll() {
  try {
    const v = JSON.parse(localStorage.getItem(STORE) ?? '{}');
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}

/** A cached calibration of this spec, or null. @param {string} specJson */
export function cachedCalibration(specJson) {
  const c = loadAll()[calibrationKey(specJson)];
  return c && Number.isFinite(c.plies) && c.plies > 0 && Number.isFinite(c.ms) && Number.isFinite(c.clock_ms) && typeof c.finished === 'boolean' ? c : null;
}

/** @param {string} specJson @param {Calibration} c */
function remember(specJson, c) {
  try {
    const all = loadAll();
    all[calibrationKey(specJson)] = { plies: c.plies, ms: c.ms, clock_ms: c.clock_ms, finished: c.finished };
    const keys = Object.keys(all);
    // Keep the 50 latest.
    for (const k of keys.slice(0, Math.max(0, keys.length - 50))) delete all[k];
    localStorage.setItem(STORE, JSON.stringify(all));
  } catch {
    // No storage: the next estimate calibrates again.
  }
}

/** Calibrations play in the game pool; a caller's newer request cancels its older one. */
const pool = new GamePool({ size: 2, name: 'tmlab-calibration' });

/**
 * The running calibration of each caller, one at a time per caller: a newer request of the same
 * caller drops its older one (two forms on one page, e.g. Match and its Scaling section, do not
 * cancel each other).
 * @type {Map<string, { cancel: (terminate?: boolean) => void }>}
 */
const running = new Map();

/**
 * The calibration of this match spec: cached, or measured in a game worker.
 * @param {string} specJson game 0 of this spec is played
 * @param {string} [caller] who asks (a view or section): its older request is superseded
 * @returns {Promise<Calibration>}
 */
export function calibrate(specJson, caller = 'default') {
  const cached = cachedCalibration(specJson);
  if (cached) return Promise.resolve(cached);
  // The older calibration is synchronous in its worker: only terminating the worker ends it.
  running.get(caller)?.cancel(true);
  const job = pool.run({ type: 'calibrate', spec: specJson });
  running.set(caller, job);
  const settle = () => {
    if (running.get(caller) === job) running.delete(caller);
    // No worker is kept idle for the next estimate.
    if (!pool.busy && !pool.queue.length) pool.stop();
  };
  return job.promise.then(
    (data) => {
      settle();
      if (!data) throw new Error('superseded');
      const c = { plies: data.plies, ms: data.ms, clock_ms: data.clock_ms, finished: data.finished };
      remember(specJson, c);
      return c;
    },
    (e) => {
      settle();
      throw new Error(e?.message || 'the calibration failed');
    },
  );
}

/**
 * The crate's plan: `{games, games_per_point, workers, game_seconds, seconds, precision, nps,
 * text, duration}`.
 * @param {{spec: string, games: number, perPoint: number, workers: number}} p
 * @param {Calibration} c
 */
export function estimateOf(p, c) {
  return experiment_estimate(p.spec, p.games, p.perPoint, Math.max(1, p.workers), c);
}

/**
 * The time left of a running experiment, in words (the crate's rule).
 * @param {{remaining: number, done: number, elapsedMs: number, gameSeconds: number, workers: number}} p
 * @returns {string}
 */
export function etaText(p) {
  return experiment_eta(p.remaining, p.done, p.elapsedMs, p.gameSeconds, Math.max(1, p.workers)).text;
}
