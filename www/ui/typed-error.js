// @ts-check
// Errors shown on a page as the crate's typed error `{path, message, allowed}` (`RuleError` in
// the wasm module's .d.ts): read by field, never parsed from text.

/** @typedef {import('../pkg/tmlab.js').RuleError} RuleError */

/**
 * `e` as it is when it is already a typed error (the crate's), else as one with no path.
 * @param {any} e
 * @returns {RuleError}
 */
export const typedError = (e) =>
  e && typeof e === 'object' && 'path' in e ? e : { path: '', message: String(e?.message || e), allowed: '' };

/**
 * One line for a form's error: the message, then what is allowed in parentheses when the crate
 * gave a list.
 * @param {RuleError} e
 * @returns {string}
 */
export const errorText = (e) => `${e.message}${e.allowed ? ` (allowed: ${e.allowed})` : ''}`;
