// @ts-check
// Errors shown on a page as the crate's typed error `{path, message, allowed}`.

/**
 * `e` as it is when it is already a typed error (the crate's), else as one with no path.
 * @param {any} e
 * @returns {{path: string, message: string, allowed: string}}
 */
export const typedError = (e) =>
  e && typeof e === 'object' && 'path' in e ? e : { path: '', message: String(e?.message || e), allowed: '' };
