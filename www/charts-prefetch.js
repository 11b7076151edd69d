// @ts-check
// The charts module's download, started the moment the page's HTML is parsed: index.html and
// embed/index.html load this file as an `async` module script with no imports, so it runs before
// main.js and its imports have arrived, and on a page that opens the Curves view the wasm comes
// in parallel with the JavaScript instead of after it (the first live chart's critical path,
// issue 24). main.js hands the response to the charts module's init (`chartsPrefetch()`); any
// other view fetches nothing here. What it hands over is a compiled `WebAssembly.Module` (or the
// response, when it cannot be compiled while streaming).

/** The view a link opens: the `view=` key, else the Curves view (urlstate.js's DEFAULT_VIEW). */
const view = new URLSearchParams(location.search).get('view') ?? 'curves';
if (view === 'curves') {
  // Compiled while it downloads, before main.js has arrived: the compilation is off the first
  // chart's critical path too. A response that cannot be streamed (an error status, another
  // MIME type) goes to the charts module's init as it is, which reports or falls back.
  const chartsWasm = fetch(new URL('./pkg/charts/charts_bg.wasm', import.meta.url)).then((response) =>
    response.ok && /^application\/wasm\b/.test(response.headers.get('content-type') || '')
      ? WebAssembly.compileStreaming(response)
      : response,
  );
  // A failure (offline, no wasm SIMD) is main.js's to report when it awaits this, not an
  // unhandled rejection on a page that never gets that far (main.js stops first without SIMD).
  chartsWasm.catch(() => {});
  /** @type {any} */ (globalThis).__tmlabChartsWasm = chartsWasm;
}
