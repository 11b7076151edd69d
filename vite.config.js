// Vite builds the playground in www/ into dist/. The wasm-bindgen output lives in www/pkg/
// (built by scripts/build-wasm.sh); the page and the engine worker share its one .wasm asset.
//
// Pages: the playground (index.html), the /embed route (embed/index.html, the same main.js in
// embed mode) and a demo of embedding (embed-demo.html). Plus one script entry with a stable
// name, dist/tm-curve.js: the <tm-curve> custom element docs sites load.
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { precompressed } from './scripts/precompressed.mjs';

const www = (p) => resolve(import.meta.dirname, 'www', p);

/**
 * The strict Content-Security-Policy (#17.19): scripts only from this origin (plus wasm
 * compilation), no inline scripts or handlers, no requests to other origins. Styles allow
 * inline: <tm-curve>'s shadow root and the view's CSSOM sizes.
 */
const CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "font-src 'self'; connect-src 'self'; worker-src 'self' blob:; frame-src 'self'; media-src 'self'; object-src 'none'; " +
  "base-uri 'self'; form-action 'self'";

/**
 * The head every page shares, written at the top of each page's <head> by the dev server and
 * the build: charset, the CSP, the viewport, and no favicon request. Each page keeps its own
 * title, description, styles and scripts. Written as text (Vite's tag objects would write the
 * policy's quotes as `&#39;`).
 */
const SHARED_HEAD = [
  '<meta charset="utf-8" />',
  `<meta http-equiv="Content-Security-Policy" content="${CSP}" />`,
  '<meta name="viewport" content="width=device-width, initial-scale=1" />',
  '<link rel="icon" href="data:," />',
];

function sharedHead() {
  return {
    name: 'tmlab-shared-head',
    transformIndexHtml: {
      order: 'pre',
      handler(html, { filename }) {
        const at = html.indexOf('<head>');
        if (at < 0) throw new Error(`${filename}: no <head> for the shared head`);
        const end = at + '<head>'.length;
        return `${html.slice(0, end)}\n    ${SHARED_HEAD.join('\n    ')}${html.slice(end)}`;
      },
    },
  };
}

export default defineConfig({
  root: 'www',
  // The build's .br and .gz copies (scripts/precompressed.mjs), served with Content-Encoding.
  plugins: [sharedHead(), precompressed({ dev: resolve(import.meta.dirname, 'www'), preview: resolve(import.meta.dirname, 'dist') })],
  // Relative asset URLs, so a docs site can host the build under any sub-path.
  base: './',
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
    // <tm-curve> adds nothing to its host page's <head>: no modulepreload links for the chunks
    // its dynamic import of the charts module needs (the playground keeps them).
    modulePreload: { resolveDependencies: (_file, deps, { hostId }) => (hostId === 'tm-curve.js' ? [] : deps) },
    rolldownOptions: {
      input: {
        main: www('index.html'),
        embed: www('embed/index.html'),
        'embed-demo': www('embed-demo.html'),
        'tm-curve': www('tm-curve.js'),
        // Loaded by the two pages as they are (`vite-ignore`): an async script that starts the
        // charts module's download before main.js arrives (www/charts-prefetch.js).
        'charts-prefetch': www('charts-prefetch.js'),
      },
      // The custom element's script keeps its name: host pages link to it.
      preserveEntrySignatures: 'exports-only',
      output: {
        entryFileNames: (chunk) => (['tm-curve', 'charts-prefetch'].includes(chunk.name) ? `${chunk.name}.js` : 'assets/[name]-[hash].js'),
      },
    },
  },
  // The engine runs in a module worker; Vite's default worker format is iife.
  worker: { format: 'es' },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
});
