// @ts-check
// The Curves view's parameters, without loading the wasm: their ranges, defaults and URL keys,
// from the crate (plot/curve_params.rs, exported by the build as www/pkg/curve-params.json). The
// view, the URL reader (which checks links against these ranges) and <tm-curve> share them.

import SCHEMA from '../pkg/curve-params.json' with { type: 'json' };

/**
 * The building-block charts' sliders: chart id → parameter definitions (the crate's
 * curve_schema, written to www/pkg/curve-params.json by the build).
 * @type {Record<string, {key: string, label: string, min: number, max: number, step: number, scale: 'lin'|'log', unit: string, description: string, source: string, defaultValue: number}[]>}
 */
export const CURVE_PARAMS = /** @type {any} */ (SCHEMA.charts);

/** The URL prefix of the building-block charts (`ed.decay.from`, `ed.moves-left.midpoint`). */
export const CURVES_PREFIX = 'ed';

/** Every chart's default values: chart id → { key: value } (the URL writes only changes). */
export const CURVES_DEFAULTS = Object.fromEntries(
  Object.entries(CURVE_PARAMS).map(([id, params]) => [id, Object.fromEntries(params.map((p) => [p.key, p.defaultValue]))]),
);

/**
 * The URL reader's ranges for the charts: `chart.key` → [min, max].
 * @type {Record<string, [number, number]>}
 */
export const CURVES_LIMITS = Object.fromEntries(
  Object.entries(CURVE_PARAMS).flatMap(([id, params]) => params.map((p) => [`${id}.${p.key}`, [p.min, p.max]])),
);

/** The URL prefix of the allocation chart (`al.specs`, `al.tc`, …). */
export const ALLOCATION_PREFIX = 'al';

/** The separator of several specs in one field (`specs=stockfish;lc0-legacy`), the crate's. */
export const SPEC_SEPARATOR = /** @type {string} */ (SCHEMA.spec_separator);

/** Compared managers at most (the chart's palette). */
export const MAX_MANAGERS = SCHEMA.max_managers;

/** The engine mode's fields from the crate (plot/curve_params.rs): each is [default, range]. */
const ENGINE = /** @type {{opening: [number, [number, number]], nps: [number, number[]], moves: [number, [number, number]], latency: [number, [number, number]]}} */ (
  /** @type {any} */ (SCHEMA.engine)
);

/**
 * The allocation chart's engine mode (a real self-play game on the virtual clock): mode
 * (`usage` or `engine`), builtin opening index, virtual nodes/s, full moves, latency per move (ms),
 * pondering (0/1), side shown.
 */
export const ENGINE_DEFAULTS = {
  mode: 'usage',
  opening: ENGINE.opening[0],
  enps: ENGINE.nps[0],
  emoves: ENGINE.moves[0],
  elat: ENGINE.latency[0],
  /** Both sides ponder (1) or not (0). */
  eponder: 0,
  side: 'white',
};

/** The engine mode's virtual speeds on offer, nodes per second (the crate's). */
export const SPEEDS = ENGINE.nps[1];

/** What the allocation chart opens with: the lc0 default against Stockfish, at a common blitz control. */
export const ALLOCATION_DEFAULTS = {
  ...ENGINE_DEFAULTS,
  specs: [...SCHEMA.allocation.specs],
  tc: SCHEMA.allocation.tc,
  moves: SCHEMA.allocation.moves,
  use: SCHEMA.allocation.use,
  nps: SCHEMA.allocation.nps,
  reuse: SCHEMA.allocation.reuse,
};

/**
 * The allocation chart's usage-model sliders.
 * @type {{key: string, label: string, min: number, max: number, step: number, unit?: string, description: string, scale?: 'lin'|'log'}[]}
 */
export const USAGE_PARAMS = /** @type {any} */ (SCHEMA.usage);

/**
 * The URL reader's ranges for the allocation chart; for `specs`, the number of entries.
 * @type {Record<string, [number, number]>}
 */
export const ALLOCATION_LIMITS = {
  ...Object.fromEntries(USAGE_PARAMS.map((p) => [p.key, [p.min, p.max]])),
  specs: [1, MAX_MANAGERS],
  opening: ENGINE.opening[1],
  enps: [Math.min(...SPEEDS), Math.max(...SPEEDS)],
  emoves: ENGINE.moves[1],
  elat: ENGINE.latency[1],
};
