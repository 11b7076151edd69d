// @ts-check
// Games at once, for every view that plays games in workers (Match, Sweep, Tune): the one rule.
// The default leaves one core free for the page (cores − 1, at least 1); the user may ask for
// every core. Pure (the core count is a parameter), node-tested.

/**
 * @typedef {{ cores: number, byDefault: number, max: number }} Concurrency
 */

/**
 * The default and the maximum games at once on a machine with `cores` logical cores
 * (navigator.hardwareConcurrency; 2 when the browser does not say).
 * @param {number} [cores]
 * @param {number} [ceiling] a view's own ceiling (Tune plays 2 games per iteration)
 * @returns {Concurrency}
 */
export function concurrencyOf(cores = globalThis.navigator?.hardwareConcurrency || 2, ceiling = Infinity) {
  const all = Math.max(1, Math.floor(Number.isFinite(cores) && cores > 0 ? cores : 2));
  const max = Math.max(1, Math.min(all, ceiling));
  return { cores: all, byDefault: Math.min(max, Math.max(1, all - 1)), max };
}

/**
 * The games at once a form's field asks for: 0 (or anything not positive) is the default,
 * anything else is rounded and clamped to 1 … max.
 * @param {number} asked
 * @param {Concurrency} c
 */
export function gamesAtOnce(asked, c) {
  const n = Number(asked);
  if (!Number.isFinite(n) || n <= 0) return c.byDefault;
  return Math.max(1, Math.min(c.max, Math.round(n)));
}

/**
 * The field's label: both numbers, and why the default leaves a core free.
 * @param {Concurrency} c
 * @param {boolean} [zeroIsDefault] the field takes 0 for the default (Sweep, Tune)
 */
export function concurrencyLabel(c, zeroIsDefault = false) {
  const spare = c.cores > 1 && c.byDefault === c.cores - 1 ? ', one core left for the page' : '';
  const every = c.max === c.cores ? ' = every core' : '';
  return `Games at once (${zeroIsDefault ? '0 = ' : ''}default ${c.byDefault}${spare}; at most ${c.max}${every})`;
}
