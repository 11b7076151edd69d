// @ts-check
// The front end's source files, for the unit tests that check rules over all of them
// (import-rule.test.js, field-owner.test.js).
import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The front end's root folder. */
export const WWW = resolve(dirname(fileURLToPath(import.meta.url)), '../../www');

/** Every .js file under `dir` (www/pkg, generated, excluded). @param {string} dir @returns {string[]} */
export function jsFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'pkg' || e.name === 'node_modules' ? [] : jsFiles(p);
    return e.name.endsWith('.js') ? [p] : [];
  });
}
