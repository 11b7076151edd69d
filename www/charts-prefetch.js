// @ts-check
// The charts module's download, started the moment the page's HTML is parsed: index.html and
// embed/index.html load this file as an `async` module script with no imports, so it runs before
// main.js and its imports have arrived, and on a page that opens the Curves view the wasm comes
// in parallel with the JavaScript instead of after it (the first live chart's critical path,
// issue 24). main.js hands the response to the charts module's init (`chartsPrefetch()`); any
// other view fetches nothing here.

/** The view a link opens: the `view=` key, else the Curves view (urlstate.js's DEFAULT_VIEW). */
const view = new URLSearchParams(location.search).get('view') ?? 'curves';
if (view === 'curves') {
  /** @type {any} */ (globalThis).__tmlabChartsWasm = fetch(new URL('./pkg/charts/charts_bg.wasm', import.meta.url));
}
