// @ts-check
// The views' first screen after a cold load (issue 24): ms from the navigation's start until a
// view shows what it needs to be used (Play: the board; Sweep: the form's Start button), in the
// page's own clock, with the HTTP cache off. Two builds (dist/ folders) are served side by side,
// as a host would serve them (scripts/bench/serve.mjs: compressed, no special headers), and
// loaded in turns, so both are measured under the same load; the report is each one's median
// and the ratio. Also printed: when the engine charts module's wasm finished loading, and the
// load average, since wall-clock figures on a loaded machine are noise. `--throttled`: the
// bench's throttled profile (10 Mbit/s, 150 ms: embeds.mjs's THROTTLED).
//
//   node scripts/bench/first-screen.mjs [--runs N] [--views play,sweep] [--throttled] BEFORE_DIST AFTER_DIST
import { loadavg } from 'node:os';
import { serveDir } from './serve.mjs';
import { THROTTLED } from './embeds.mjs';
import { launch } from '../../tests/e2e/harness.mjs';

/** What each view's first screen is: the element that appears once it is mounted. */
const FIRST = {
  play: '#view-play cg-board',
  sweep: '#view-sweep #s-start',
};

/**
 * One cold load of `view`: `{ms, engineCharts}`, `engineCharts` the engine charts wasm's
 * responseEnd (null: not fetched by then).
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} base
 * @param {keyof typeof FIRST} view
 */
async function coldLoad(context, base, view) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttled) await cdp.send('Network.emulateNetworkConditions', THROTTLED);
  try {
    await page.addInitScript((sel) => {
      const g = /** @type {any} */ (globalThis);
      const look = () => {
        if (document.querySelector(sel)) g.__tmlabFirstScreen = performance.now();
        else requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    }, FIRST[view]);
    await page.goto(new URL(`?v=1&view=${view}`, base).href);
    const ms = await (await page.waitForFunction(() => /** @type {any} */ (globalThis).__tmlabFirstScreen, null, { timeout: 120000 })).jsonValue();
    // The engine charts module, if it came: wait for it (at most 10 s) to say when.
    const engineCharts = await page
      .waitForFunction(() => {
        const r = performance.getEntriesByType('resource').find((e) => /engine_charts_bg[^/]*\.wasm/.test(e.name));
        return r ? /** @type {PerformanceResourceTiming} */ (r).responseEnd : null;
      }, null, { timeout: 10000 })
      .then((h) => h.jsonValue())
      .catch(() => null);
    return { ms: Number(ms), engineCharts: engineCharts === null ? null : Number(engineCharts) };
  } finally {
    await page.close();
  }
}

const median = (/** @type {number[]} */ xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const args = process.argv.slice(2);
let runs = 5;
let throttled = false;
let views = /** @type {(keyof typeof FIRST)[]} */ (['play', 'sweep']);
const dirs = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else if (args[i] === '--throttled') throttled = true;
  else if (args[i] === '--views') views = /** @type {any} */ (args[++i].split(','));
  else dirs.push(args[i]);
}
if (dirs.length !== 2 || !(runs > 0)) {
  console.error('usage: node scripts/bench/first-screen.mjs [--runs N] [--views play,sweep] BEFORE_DIST AFTER_DIST');
  process.exit(2);
}
const servers = await Promise.all(dirs.map((d) => serveDir(d)));
const browser = await launch({ testHooks: false });
const load0 = loadavg()[0];
try {
  for (const view of views) {
    /** @type {{ms: number, engineCharts: number | null}[][]} */
    const got = [[], []];
    for (let r = 0; r < runs; r++) {
      // In turns, the side going first alternating.
      for (const side of r % 2 ? [1, 0] : [0, 1]) got[side].push(await coldLoad(browser.context, servers[side].url, view));
    }
    const med = got.map((g) => median(g.map((x) => x.ms)));
    for (const side of [0, 1]) {
      const ec = got[side].map((x) => (x.engineCharts === null ? '-' : x.engineCharts.toFixed(0)));
      console.log(`${view} ${side ? 'after ' : 'before'} (${dirs[side]}): first screen ms ${got[side].map((x) => x.ms.toFixed(0)).join(' ')}; median ${med[side].toFixed(0)}; engine charts wasm loaded at ${ec.join(' ')}`);
    }
    console.log(`${view}${throttled ? ' (throttled)' : ''}: after/before median ${(med[1] / med[0]).toFixed(2)}`);
  }
} finally {
  console.log(`load average ${load0.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end`);
  await browser.close();
  await Promise.all(servers.map((s) => s.close()));
}
