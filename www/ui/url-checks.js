// @ts-check
// The checks the URL reader (urlstate.js) runs on a link's values, each from a rule of the
// crate's (a parser or a range): nothing when the value is usable, else a short message.

import { check_curve_value, check_spec, read_time_control } from './rules.js';
import { CURVE_PARAMS, USAGE_PARAMS } from './curve-params.js';
import { typedError } from './typed-error.js';

/**
 * A URL check from a Rust parser: nothing when the value parses, else the typed error's message
 * as the crate wrote it (it quotes at most an excerpt of the value, crate/search/src/excerpt.rs, and
 * never holds the list of allowed values: one message names each bad value; the lists stay in
 * the views' own field errors).
 * @param {(text: string) => unknown} parse
 * @returns {(value: string) => string | undefined}
 */
export const parserCheck = (parse) => (value) => {
  try {
    parse(value);
    return undefined;
  } catch (e) {
    return typedError(e).message;
  }
};
/**
 * A URL check from the crate's range of a Curves value (`chart`: a chart id or `usage`).
 * @param {string} chart
 * @param {string} key
 * @returns {(v: number) => string | undefined}
 */
export const rangeCheck = (chart, key) => (v) => {
  const bad = check_curve_value(chart, key, v);
  return bad ? bad.message : undefined;
};
/** The URL checks of every Curves chart's values, by `chart.key`. */
export const curveChecks = Object.fromEntries(
  Object.entries(CURVE_PARAMS).flatMap(([id, params]) => params.map((p) => [`${id}.${p.key}`, rangeCheck(id, p.key)])),
);
/** The URL checks of the usage model's values (the Allocation view). */
export const usageChecks = Object.fromEntries(USAGE_PARAMS.map((p) => [p.key, rangeCheck('usage', p.key)]));
/**
 * A URL check for a value that must be one of `allowed`.
 * @template {string | number} V
 * @param {readonly V[]} allowed
 * @returns {(v: V) => string | undefined}
 */
export const choice = (allowed) => (v) => (allowed.includes(v) ? undefined : `is not one of ${allowed.join(', ')}`);
/** A URL check for a manager spec. */
export const checkSpec = parserCheck(check_spec);
/** A URL check for a time control. */
export const checkTimeControl = parserCheck(read_time_control);
