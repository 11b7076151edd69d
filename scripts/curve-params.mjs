// @ts-check
// Writes the Curves view's parameters (the crate's curve_schema) to www/pkg/curve-params.json,
// for the page code that runs before the wasm loads (the URL reader, <tm-curve>'s attributes,
// share links). Run by build-wasm.sh after wasm-bindgen; the data exists once, in Rust.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as tmlab from '../www/pkg/tmlab.js';

const pkg = (/** @type {string} */ f) => fileURLToPath(new URL(`../www/pkg/${f}`, import.meta.url));
tmlab.initSync({ module: readFileSync(pkg('tmlab_bg.wasm')) });
writeFileSync(pkg('curve-params.json'), `${JSON.stringify(tmlab.curve_schema(), null, 1)}\n`);
