// @ts-check
// The crate's rules the views ask before and beside any chart (spec and time-control parsers,
// parameter ranges), answered by whichever wasm module this page loaded first: the charts
// module on the Curves view, the engine module everywhere else (its exports are a superset). A
// page that needs an engine then never downloads the charts module only for its rules (issue 24:
// the Play embed had grown from 546 to 786 kB that way). main.js hands the module in once it is
// instantiated; asking before that is a bug, and says so.

/**
 * @typedef {Pick<typeof import('../pkg/charts/charts.js'),
 *   'check_curve_value' | 'check_spec' | 'read_time_control' | 'describe_spec' | 'check_param' | 'params_not_for' |
 *   'spec_list' | 'join_spec_list' | 'spec_manager' | 'excerpt'>} Rules
 */

/** @type {Rules | null} */
let rules = null;

/** @type {(r: Rules) => void} */
let provided = () => {};
/** Resolves with the rules once a module is handed in (for what waits, like the link's notes). */
export const rulesReady = /** @type {Promise<Rules>} */ (new Promise((resolve) => (provided = resolve)));

/** Answer the rules from `module` (an instantiated wasm module); the first one handed in stays. */
export function provideRules(/** @type {Rules} */ module) {
  rules ??= module;
  provided(rules);
}

/** The module answering the rules. */
function loaded() {
  if (!rules) throw new Error('tmlab: a rule was asked before any wasm module was instantiated');
  return rules;
}

/** @type {Rules['check_curve_value']} */
export const check_curve_value = (chart, key, value) => loaded().check_curve_value(chart, key, value);
/** @type {Rules['check_spec']} */
export const check_spec = (spec) => loaded().check_spec(spec);
/** @type {Rules['read_time_control']} */
export const read_time_control = (tc) => loaded().read_time_control(tc);
/** @type {Rules['describe_spec']} */
export const describe_spec = (spec) => loaded().describe_spec(spec);
/** @type {Rules['check_param']} */
export const check_param = (manager, path, value) => loaded().check_param(manager, path, value);
/** @type {Rules['params_not_for']} */
export const params_not_for = (manager, searcher) => loaded().params_not_for(manager, searcher);
/** @type {Rules['spec_list']} */
export const spec_list = (text) => loaded().spec_list(text);
/** @type {Rules['join_spec_list']} */
export const join_spec_list = (specs) => loaded().join_spec_list(specs);
/** @type {Rules['spec_manager']} */
export const spec_manager = (spec) => loaded().spec_manager(spec);
/** @type {Rules['excerpt']} */
export const excerpt = (text) => loaded().excerpt(text);
