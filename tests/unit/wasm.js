// @ts-check
// The crate's wasm module in Node (the build's www/pkg), initialised synchronously: unit tests
// use the real rules, never a stand-in.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as tmlab from '../../www/pkg/tmlab.js';

tmlab.initSync({ module: readFileSync(fileURLToPath(new URL('../../www/pkg/tmlab_bg.wasm', import.meta.url))) });
export default tmlab;
