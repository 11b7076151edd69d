// @ts-check
// Errors shown on a page as the crate's typed error `{path, message, allowed}` (`RuleError` in
// the wasm module's .d.ts): read by field, never parsed from text.

/** @typedef {import('../pkg/tmlab.js').RuleError} RuleError */

/**
 * `e` as it is when it is already a typed error (the crate's), else as one with no path.
 * @param {unknown} e
 * @returns {RuleError}
 */
export const typedError = (e) =>
  e && typeof e === 'object' && 'path' in e && 'message' in e
    ? /** @type {RuleError} */ (e)
    : { path: '', message: messageOf(e), allowed: '' };

/**
 * The message of anything thrown or rejected: a typed error's or an `Error`'s, else its text.
 * @param {unknown} e
 * @returns {string}
 */
export const messageOf = (e) =>
  e && typeof e === 'object' && 'message' in e && e.message ? String(e.message) : String(e);

/**
 * One line for a form's error: the message, then what is allowed in parentheses when the crate
 * gave a list.
 * @param {RuleError} e
 * @returns {string}
 */
export const errorText = (e) => `${e.message}${e.allowed ? ` (allowed: ${e.allowed})` : ''}`;
