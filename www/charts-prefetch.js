// @ts-check
// The charts module's download and compilation, started the moment the page's HTML is parsed:
// index.html and embed/index.html load this file as an `async` module script with no imports,
// so it runs before main.js and its imports have arrived, and on a page that opens the Curves
// view the wasm is downloaded and compiled (streaming: V8 compiles while the bytes arrive) in
// parallel with the JavaScript instead of after it (the first live chart's critical path, issue
// 24). main.js hands the compiled module to the charts module's init (`chartsPrefetch()`); any
// other view fetches nothing here.

/** The view a link opens: the `view=` key, else the Curves view (urlstate.js's DEFAULT_VIEW). */
const view = new URLSearchParams(location.search).get('view') ?? 'curves';
if (view === 'curves') {
  const url = new URL('./pkg/charts/charts_bg.wasm', import.meta.url);
  /** @type {any} */ (globalThis).__tmlabChartsWasm = fetch(url).then((response) => {
    if (!response.ok) throw new Error(`the charts module (${url}) could not be loaded: HTTP ${response.status}`);
    // Streaming compilation needs the wasm MIME type; a server without it gets the bytes compiled.
    if (/^application\/wasm\b/.test(response.headers.get('content-type') || '')) {
      return WebAssembly.compileStreaming(response);
    }
    return response.arrayBuffer().then((bytes) => WebAssembly.compile(bytes));
  });
}
