// @ts-check
// The Curves view's controller: plain JS, no DOM. Each building-block chart and the allocation
// chart is a state machine: `update(state, event)` returns the next state from a slider, the
// mode switch, a field, what the wasm chart drew (or refused), and the engine-mode game's
// progress messages. Ranges and defaults come from the crate's schema (ui/curve-params.js); the
// renderers (render.js) draw the state, index.js feeds the events.

import { ALLOCATION_DEFAULTS, ALLOCATION_LIMITS, ENGINE_DEFAULTS, SPEEDS } from '../../ui/curve-params.js';
import { spec_manager } from '../../ui/rules.js';

/** The default configuration of a spec's manager (its name alone, the crate's reading). */
export function defaultSpec(/** @type {string} */ spec) {
  return spec_manager(spec);
}

/**
 * @typedef {{text: string, x: number, y: number}} Note
 * @typedef {{values: Record<string, number>, note: Note|null, error: string}} CurveState
 */

/**
 * A building-block chart's state: each value from `initial` if finite, else its default,
 * clamped to the parameter's range.
 * @param {{key: string, min: number, max: number, defaultValue: number}[]} params
 * @param {Record<string, number>} [initial]
 * @returns {CurveState}
 */
export function curveInit(params, initial = {}) {
  /** @type {Record<string, number>} */
  const values = {};
  for (const p of params) {
    const start = Number.isFinite(initial[p.key]) ? initial[p.key] : p.defaultValue;
    values[p.key] = Math.min(p.max, Math.max(p.min, start));
  }
  return { values, note: null, error: '' };
}

/**
 * @param {CurveState} s
 * @param {{type: 'slider', key: string, value: number} | {type: 'drawn', note: Note|null} | {type: 'failed', message: string}} e
 * @returns {CurveState}
 */
export function curveUpdate(s, e) {
  switch (e.type) {
    case 'slider':
      return { ...s, values: { ...s.values, [e.key]: e.value } };
    case 'drawn':
      // A draw without a hovered point keeps the last readout.
      return { ...s, error: '', note: e.note ?? s.note };
    case 'failed':
      return { ...s, error: e.message };
    default:
      return s;
  }
}

/**
 * The engine game's progress line: the bar (value of max plies), the status text, whether a
 * game runs and how many finished.
 * @typedef {{running: boolean, value: number, max: number, status: string, runs: number}} Progress
 * @typedef {typeof ALLOCATION_DEFAULTS} Settings
 * @typedef {{settings: Settings, readout: any, error: string, tcInvalid: boolean, tcReading: string, progress: Progress}} AllocationState
 */

/**
 * The allocation chart's state from the URL's (or a lesson's) settings; `tcReading` is the
 * crate's reading of the time control ('' if it does not read).
 * @param {Partial<Settings>} [initial]
 * @param {string} [tcReading]
 * @returns {AllocationState}
 */
export function allocationInit(initial = {}, tcReading = '') {
  const settings = { ...ALLOCATION_DEFAULTS, ...initial, specs: [...(initial.specs || ALLOCATION_DEFAULTS.specs)] };
  if (settings.mode !== 'engine') settings.mode = 'usage';
  if (!SPEEDS.includes(settings.enps)) settings.enps = ENGINE_DEFAULTS.enps;
  return {
    settings,
    readout: null,
    error: '',
    tcInvalid: false,
    tcReading,
    progress: { running: false, value: 0, max: 1, status: '', runs: 0 },
  };
}

/** What the engine game depends on: a change of it replays the game (the side shown is a redraw). */
export function engineKey(/** @type {Settings} */ s) {
  return JSON.stringify([s.specs[0], s.tc, s.opening, s.enps, s.emoves, s.elat, s.eponder ? 1 : 0]);
}

/** The engine game's spec for manager `tm` under the settings (the trace worker's input). */
export function traceSpec(/** @type {Settings} */ s, /** @type {string} */ tm) {
  return { tm, tc: s.tc, opening: s.opening, nps: s.enps, moves: s.emoves, latency: s.elat, ponder: Boolean(s.eponder) };
}

const clampInt = (/** @type {any} */ v, /** @type {[number, number]} */ [lo, hi], /** @type {number} */ fallback, round = true) => {
  const n = round ? Math.round(Number(v)) : Number(v);
  return Number.isFinite(n) ? Math.min(hi, Math.max(lo, n)) : fallback;
};

/**
 * @param {AllocationState} s
 * @param {any} e one of: mode {value}; tc {value, reading}; usage {key, value}; spec {index, spec};
 *   add {names}; remove {index}; opening|enps|emoves|elat|eponder|side {value}; drawn {readout}; point {readout};
 *   failed {message, tc}; cleared; run {tm, plies}; move {tm, moveNumber, count}; ghost {tm};
 *   done {result, plies}; stopped
 * @returns {AllocationState}
 */
export function allocationUpdate(s, e) {
  const set = (/** @type {Partial<Settings>} */ patch) => ({ ...s, settings: { ...s.settings, ...patch } });
  const specs = s.settings.specs;
  const p = s.progress;
  switch (e.type) {
    case 'mode':
      return set({ mode: e.value === 'engine' ? 'engine' : 'usage' });
    case 'tc':
      return { ...set({ tc: String(e.value).trim() }), tcReading: e.reading };
    case 'usage':
      return set({ [e.key]: e.value });
    case 'spec':
      return set({ specs: specs.map((x, i) => (i === e.index ? e.spec : x)) });
    case 'add': {
      const used = new Set(specs.map((x) => spec_manager(x)));
      const next = e.names.find((/** @type {string} */ n) => !used.has(n)) || 'lc0-legacy';
      return set({ specs: [...specs, next] });
    }
    case 'remove':
      return specs.length > 1 ? set({ specs: specs.filter((_, i) => i !== e.index) }) : s;
    case 'opening':
      return set({ opening: Number(e.value) });
    case 'enps':
      return set({ enps: SPEEDS.includes(Number(e.value)) ? Number(e.value) : ENGINE_DEFAULTS.enps });
    case 'emoves':
      return set({ emoves: clampInt(e.value, ALLOCATION_LIMITS.emoves, ENGINE_DEFAULTS.emoves) });
    case 'elat':
      return set({ elat: clampInt(e.value, ALLOCATION_LIMITS.elat, 0, false) });
    case 'eponder':
      return set({ eponder: e.value === true || e.value === 'on' || Number(e.value) === 1 ? 1 : 0 });
    case 'side':
      return set({ side: e.value === 'black' ? 'black' : 'white' });
    case 'drawn':
      return { ...s, error: '', tcInvalid: false, readout: e.readout ?? s.readout };
    case 'point':
      return { ...s, readout: e.readout };
    case 'failed':
      return { ...s, error: e.message, tcInvalid: e.tc ? true : s.tcInvalid };
    case 'cleared':
      return { ...s, error: '', tcInvalid: false };
    case 'run':
      return { ...s, progress: { ...p, running: true, max: e.plies, value: 0, status: `Playing ${e.tm} against itself…` } };
    case 'move':
      return {
        ...s,
        progress: { ...p, value: e.count, status: `Playing ${e.tm}: move ${e.moveNumber} of at most ${s.settings.emoves}…` },
      };
    case 'ghost':
      return { ...s, progress: { ...p, status: `Playing the default ${e.tm} for the ghost…` } };
    case 'done': {
      const r = e.result;
      const status = `${r.moves.length} moves, ${r.searcher === 'mcts' ? 'MCTS' : 'alpha-beta'}, ${r.opening}; ${r.result}. ` +
        (r.cached ? 'Replayed from memory.' : `Played in ${(r.ms / 1000).toFixed(1)} s.`);
      return { ...s, progress: { ...p, running: false, value: e.plies, status, runs: p.runs + 1 } };
    }
    case 'stopped':
      return { ...s, progress: { ...p, running: false, status: '' } };
    default:
      return s;
  }
}

/**
 * The hovered x after an arrow key: the building-block charts step by `share` of the plot width
 * (from its middle); the allocation chart by one move (from its left edge).
 * @param {{left: number, right: number, x_range?: number[]}|null} frame
 * @param {number|null} hoverPx
 * @param {'ArrowLeft'|'ArrowRight'} key
 * @param {{share?: number, fallbackRight?: number}} how
 */
export function stepHover(frame, hoverPx, key, { share, fallbackRight = 0 }) {
  const dir = key === 'ArrowRight' ? 1 : -1;
  if (share !== undefined) {
    const left = frame ? frame.left : 0;
    const right = frame ? frame.right : fallbackRight;
    const start = hoverPx ?? (left + right) / 2;
    return Math.min(right, Math.max(left, start + dir * (right - left) * share));
  }
  if (!frame || !frame.x_range) return hoverPx;
  const perMove = (frame.right - frame.left) / Math.max(1, frame.x_range[1] - frame.x_range[0]);
  const start = hoverPx ?? frame.left;
  return Math.min(frame.right, Math.max(frame.left, start + dir * perMove));
}
