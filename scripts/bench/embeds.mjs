// @ts-check
// The embeds' figures of `npm run bench` (issue 24): bytes transferred by a host page with one
// <tm-curve> and by the Play embed, and the Curves view's first live chart after a cold load, on a desktop profile
// (no throttling) and throttled to 10 Mbit/s down, 150 ms latency (Chromium's
// Network.emulateNetworkConditions). Cold: the page's HTTP cache is disabled, so every byte is
// fetched. The transfer is the sum of Network.loadingFinished's encodedDataLength (what went over
// the wire, headers included), compressed as the bench's server compresses (serve.mjs).

/** The throttled profile: 10 Mbit/s down, 5 Mbit/s up, 150 ms round trip. */
export const THROTTLED = { offline: false, latency: 150, downloadThroughput: (10e6 / 8), uploadThroughput: (5e6 / 8) };
/** Longest a page may take to draw its chart. */
const TIMEOUT_MS = 60000;

/**
 * A new page with the cache off and `conditions` (or none), counting the bytes it transfers.
 * @param {import('playwright-core').BrowserContext} context
 * @param {{offline: boolean, latency: number, downloadThroughput: number, uploadThroughput: number} | null} [conditions]
 *   CDP's Network.emulateNetworkConditions
 */
async function coldPage(context, conditions) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (conditions) await cdp.send('Network.emulateNetworkConditions', conditions);
  const meter = { bytes: 0, requests: 0 };
  cdp.on('Network.loadingFinished', (e) => {
    meter.bytes += e.encodedDataLength;
    meter.requests += 1;
  });
  return { page, cdp, meter };
}

/** Until no request has finished for a second (at most 15 s): whatever was still in flight counts. */
/** @param {{bytes: number, requests: number}} meter */
async function settle(meter) {
  const end = Date.now() + 15000;
  let seen = -1;
  while (seen !== meter.requests && Date.now() < end) {
    seen = meter.requests;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/**
 * The host page with one <tm-curve>: bytes transferred until its live chart is drawn.
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} base the side's server URL
 */
export async function oneCurveTransfer(context, base) {
  const { page, meter } = await coldPage(context, null);
  try {
    await page.goto(new URL('__bench/one-curve.html', base).href);
    await page.waitForFunction(() => document.querySelector('tm-curve')?.state === 'drawn', null, { timeout: TIMEOUT_MS });
    await settle(meter);
    return { bytes: meter.bytes, requests: meter.requests };
  } finally {
    await page.close();
  }
}

/**
 * The compact Play embed (`embed/?view=play&layout=compact`; a revision without the compact
 * layout ignores the key and shows the whole view, whose downloads are the same modules): bytes
 * transferred until the view is mounted with its board and no request has finished for a second
 * (the engine worker's module included).
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} base the side's server URL
 */
export async function playEmbedTransfer(context, base) {
  const { page, meter } = await coldPage(context, null);
  try {
    await page.goto(new URL('embed/?v=1&view=play&layout=compact', base).href);
    await page.waitForFunction(() => globalThis.tmlab?.views?.play && document.querySelector('#view-play cg-board'), null, { timeout: TIMEOUT_MS });
    await settle(meter);
    return { bytes: meter.bytes, requests: meter.requests };
  } finally {
    await page.close();
  }
}

/**
 * The Curves view's first live chart after a cold load: ms from the navigation's start until a
 * chart canvas of the view has been drawn (an init script watches for it, in the page's own
 * clock), under `conditions` (null: no throttling).
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} base the side's server URL
 * @param {Parameters<typeof coldPage>[1]} [conditions]
 */
export async function curvesFirstChart(context, base, conditions) {
  const { page } = await coldPage(context, conditions);
  try {
    await page.addInitScript(() => {
      const g = globalThis;
      const look = () => {
        const c = /** @type {HTMLCanvasElement | null} */ (document.querySelector('#view-curves canvas'));
        // A canvas the wasm has sized is a chart drawn in that task (the views draw on mount).
        if (c && c.width > 0 && !g.__tmlabFirstChart) g.__tmlabFirstChart = performance.now();
        else requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await page.goto(new URL('?v=1&view=curves', base).href);
    const ms = await page.waitForFunction(() => globalThis.__tmlabFirstChart, null, { timeout: TIMEOUT_MS * 3 });
    const first = await ms.jsonValue();
    // Where the time went (resource timing, the page's clock): the HTML and scripts, then the
    // charts module's download; the rest until the first chart is its compile, instantiation
    // and the first drawing.
    const parts = await page.evaluate(() => {
      const res = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource'));
      const nav = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0]);
      // The charts module (charts_bg…), not the engine charts module (engine_charts_bg…).
      const wasm = res.find((r) => /\/charts_bg[^/]*\.wasm$/.test(r.name));
      const scripts = res.filter((r) => r.initiatorType === 'script' || /\.js$/.test(r.name));
      return {
        html: nav ? nav.responseEnd : null,
        scripts: scripts.length ? Math.max(...scripts.map((r) => r.responseEnd)) : null,
        wasmStart: wasm ? wasm.startTime : null,
        wasmEnd: wasm ? wasm.responseEnd : null,
        wasmBytes: wasm ? wasm.encodedBodySize : null,
      };
    });
    return { ms: first, parts };
  } finally {
    await page.close();
  }
}
