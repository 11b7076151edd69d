// @ts-check
// The first screen on a slow link (issue #15 §5): with Chromium throttled to 10 Mbit/s and
// 150 ms latency (CDP Network.emulateNetworkConditions, cache off), the first chart (the static
// picture that stands in while the wasm loads, or a live one) appears within 1 s; the page says
// what a time manager is and where to start; the live charts then replace the pictures.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { serveDist, launch, collectErrors, ROOT, textOf } from './harness.mjs';

/** @typedef {import('./harness.mjs').Page} Page */

/** 10 Mbit/s both ways, 150 ms round-trip latency. */
const SLOW = { offline: false, latency: 150, downloadThroughput: 10e6 / 8, uploadThroughput: 10e6 / 8 };
/** Loads measured; the median must be within the bound. */
const TRIALS = 3;
const BOUND_MS = 1000;

/** @type {import('./harness.mjs').Server} */
let server;
/** @type {import('./harness.mjs').Browser} */
let browser;

before(async () => {
  server = await serveDist();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * Record, in page time (ms since navigation start), when the first chart image finished
 * loading and when the first live chart drew.
 */
function timing() {
  globalThis.__chart = { picture: null, live: null, lcp: null };
  document.addEventListener(
    'load',
    (e) => {
      const t = /** @type {Element} */ (e.target);
      if (t instanceof HTMLImageElement && t.closest('.placeholder-chart, .static-chart') && t.naturalWidth > 0) {
        globalThis.__chart.picture ??= performance.now();
      }
    },
    true,
  );
  // A live chart counts once a drawn canvas is in a chart card, whether it was drawn in place
  // (an attribute change) or drawn first and then inserted (a child-list change).
  new MutationObserver(() => {
    if (document.querySelector('.chart-card canvas[data-draws]')) globalThis.__chart.live ??= performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-draws'] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) globalThis.__chart.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/** @param {string | null} [shot] a screenshot's file name */
async function slowLoad(shot = null) {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW);
  await page.addInitScript(timing);
  await page.goto(`${server.url}?v=1&view=curves`, { waitUntil: 'commit' });
  await page.waitForFunction(() => globalThis.__chart && (globalThis.__chart.picture ?? globalThis.__chart.live) != null, null, {
    timeout: 30000,
  });
  if (shot) {
    // The first screen while the wasm loads (for the issue's closing note; never committed).
    mkdirSync(join(ROOT, 'target', 'screenshots'), { recursive: true });
    await page.waitForFunction(() => globalThis.__chart.picture != null, null, { timeout: 30000 });
    await page.screenshot({ path: join(ROOT, 'target', 'screenshots', shot) });
  }
  const intro = {
    what: await textOf(page, '#intro-what'),
    start: await textOf(page, '#intro-start'),
  };
  // The live charts take over once the wasm is in (1.7 MB at 10 Mbit/s: a few seconds).
  await page.waitForSelector('#chart-allocation canvas[data-draws]', { timeout: 60000 });
  const t = await page.evaluate(() => globalThis.__chart);
  const placeholdersLeft = await page.locator('#view-curves .placeholder-chart').count();
  await page.close();
  return { ...t, first: Math.min(t.picture ?? Infinity, t.live ?? Infinity), intro, placeholdersLeft, errors };
}

test('on a 10 Mbit/s, 150 ms link the first chart appears within 1 s; the live charts replace the pictures', async () => {
  const runs = [];
  for (let i = 0; i < TRIALS; i++) runs.push(await slowLoad(i === 0 ? 'first-screen-loading.png' : null));
  const firsts = runs.map((r) => r.first).sort((a, b) => a - b);
  const median = firsts[Math.floor(firsts.length / 2)];
  console.log(
    `throttled first chart (10 Mbit/s, 150 ms): ${runs.map((r) => `${r.first.toFixed(0)} ms`).join(', ')} (median ${median.toFixed(0)} ms); ` +
      `live allocation chart at ${runs.map((r) => `${r.live?.toFixed(0)} ms`).join(', ')}; LCP ${runs.map((r) => `${r.lcp?.toFixed(0)} ms`).join(', ')}`,
  );
  assert.ok(median <= BOUND_MS, `median first chart ${median.toFixed(0)} ms > ${BOUND_MS} ms`);
  for (const r of runs) {
    // The charts module now downloads from the HTML's first moments (charts-prefetch.js): the
    // live chart may come before a static picture has finished loading, and then replaces it
    // unseen. A picture that was shown came first.
    assert.ok(r.live != null && (r.picture == null || r.picture < r.live), 'a static picture, when one was shown, came before the live chart');
    assert.equal(r.placeholdersLeft, 0, 'the live charts replaced the pictures');
    assert.match(r.intro.what, /time manager.*decides how much of its clock/);
    assert.match(r.intro.start, /^Start here:/);
    assert.deepEqual(r.errors, []);
  }
});

test('another view hides the Curves pictures at once', async () => {
  const page = await browser.context.newPage();
  await page.goto(`${server.url}?v=1&view=match`);
  await page.waitForFunction(() => /** @type {HTMLElement} */ (document.querySelector('#view-curves')).hidden);
  await page.waitForSelector('#m-start', { timeout: 30000 });
  assert.ok(await page.locator('#view-curves').isHidden());
  await page.close();
});
