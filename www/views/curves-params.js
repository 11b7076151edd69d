// @ts-check
// The Curves view's parameters, without any wasm: their ranges, defaults and URL keys. The view,
// the URL reader (which checks links against these ranges) and the <tm-curve> element share them.

/** The building-block charts' sliders: chart id → parameter definitions. */
export const CURVE_PARAMS = {
  decay: [
    { key: 'from', label: 'from', min: -10, max: 10, step: 0.05, defaultValue: 0, description: 'ED at value 0: the old estimate.' },
    { key: 'to', label: 'to', min: -10, max: 10, step: 0.05, defaultValue: 1, description: 'The value approached: the new measurement.' },
    { key: 'step', label: 'step', min: 0.1, max: 20, step: 0.01, defaultValue: 1, scale: 'log', description: 'Half-life: how much value makes half the way (smooth: average moves).' },
  ],
  'moves-left': [
    { key: 'midpoint', label: 'midpoint', min: 20, max: 100, step: 0.5, defaultValue: 51.5, unit: 'moves', description: 'Median game length in moves (m).', source: 'lc0 legacy.cc @909a4082' },
    { key: 'steepness', label: 'steepness', min: 2, max: 15, step: 0.1, defaultValue: 7.0, description: 'How sharply game lengths fall off around the midpoint (s).', source: 'lc0 legacy.cc @909a4082' },
  ],
};

/** The URL prefix of the building-block charts (`ed.decay.from`, `ed.moves-left.midpoint`). */
export const CURVES_PREFIX = 'ed';

/** Every chart's default values: chart id → { key: value } (the URL writes only changes). */
export const CURVES_DEFAULTS = Object.fromEntries(
  Object.entries(CURVE_PARAMS).map(([id, params]) => [id, Object.fromEntries(params.map((p) => [p.key, p.defaultValue]))]),
);

/** The URL reader's ranges for the charts: `chart.key` → [min, max]. */
export const CURVES_LIMITS = Object.fromEntries(
  Object.entries(CURVE_PARAMS).flatMap(([id, params]) => params.map((p) => [`${id}.${p.key}`, [p.min, p.max]])),
);

/** The URL prefix of the allocation chart (`al.specs`, `al.tc`, …). */
export const ALLOCATION_PREFIX = 'al';

/** Compared managers at most (the chart's palette). */
export const MAX_MANAGERS = 4;

/** What the allocation chart opens with: the lc0 default against Stockfish, at a common blitz control. */
export const ALLOCATION_DEFAULTS = {
  specs: ['lc0-legacy', 'stockfish'],
  tc: '60+0.6',
  moves: 80,
  use: 1,
  nps: 20000,
  reuse: 0,
};

/**
 * The allocation chart's usage-model sliders.
 * @type {{key: string, label: string, min: number, max: number, step: number, unit?: string, description: string, scale?: 'lin'|'log'}[]}
 */
export const USAGE_PARAMS = [
  { key: 'moves', label: 'moves', min: 10, max: 300, step: 1, unit: 'moves', description: 'Moves of one side to simulate.' },
  { key: 'use', label: 'budget used', min: 0.05, max: 3, step: 0.05, unit: '× soft', description: 'Each move uses this share of the soft budget, capped at the hard budget.' },
  { key: 'nps', label: 'nps', min: 1000, max: 1000000, step: 1, scale: 'log', unit: 'nodes/s', description: 'Speed of the simulated MCTS search (fed to the lc0 managers).' },
  { key: 'reuse', label: 'tree reuse', min: 0, max: 0.95, step: 0.01, description: 'Share of the previous move’s tree kept for the next move (lc0 managers).' },
];

/**
 * The URL reader's ranges for the allocation chart; for `specs`, the number of entries.
 * @type {Record<string, [number, number]>}
 */
export const ALLOCATION_LIMITS = {
  ...Object.fromEntries(USAGE_PARAMS.map((p) => [p.key, [p.min, p.max]])),
  specs: [1, MAX_MANAGERS],
};
