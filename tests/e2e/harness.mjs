// @ts-check
// Shared end-to-end harness: serves the production build (dist/) with Vite's preview server and
// drives Debian's Chromium with playwright-core (no browser download).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { preview } from 'vite';
import { chromium } from 'playwright-core';

export const ROOT = resolve(import.meta.dirname, '..', '..');

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {Awaited<ReturnType<typeof serveDist>>} Server the preview server `serveDist` starts */
/** @typedef {Awaited<ReturnType<typeof launch>>} Browser the Chromium context `launch` starts */

/** Chromium flags this machine needs: no sandbox as root, no network beyond localhost. */
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

function chromiumPath() {
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
    } catch {
      /* try the next name */
    }
  }
  throw new Error('chromium not found: run `npm test` (it installs Debian’s chromium) or apt-get install chromium');
}

/** Start the preview server on a free port; returns { url, close }. */
export async function serveDist() {
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
    throw new Error('dist/ is missing: run `npm run build` first');
  }
  const server = await preview({
    configFile: join(ROOT, 'vite.config.js'),
    logLevel: 'warn',
    preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('the preview server reported no local URL');
  return { url, close: () => new Promise((res) => server.httpServer.close(() => res(undefined))) };
}

/**
 * Launch Chromium with a fresh profile; returns { context, close }. `deviceScaleFactor` and
 * `hasTouch` emulate a HiDPI or touch screen. `testHooks` (default true): every page gets the
 * flag that makes main.js load www/test-hooks.js (`globalThis.tmlab`); without it a page is
 * exactly what a visitor gets.
 * @param {{viewport?: {width: number, height: number}, deviceScaleFactor?: number, hasTouch?: boolean,
 *   testHooks?: boolean}} [options]
 */
export async function launch({ viewport = { width: 1280, height: 900 }, deviceScaleFactor = undefined, hasTouch = undefined, testHooks = true } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'tmlab-e2e-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
    deviceScaleFactor,
    hasTouch,
  });
  if (testHooks) {
    await context.addInitScript(() => {
      globalThis.__tmlabTestHooks = true;
    });
  }
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Record main-thread long tasks from the first script on. Read them with `longTasks(page)`.
 * Chromium reports tasks over 50 ms as `longtask` entries.
 */
/** @param {Page} page */
export async function watchLongTasks(page) {
  await page.addInitScript(() => {
    globalThis.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) globalThis.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
}

/**
 * The blocking guards' bound, in ms: a main-thread task this long means the page waited on work
 * that belongs in a worker or a later frame (a game or a search on the page takes seconds). It
 * is 200 ms on a machine with a core to spare; when the load average exceeds the cores (other
 * jobs on the 2-core machine) every task of the page stretches by about that factor, so the
 * bound does too. Frame-budget figures (50 ms) are the bench's business, not a test's.
 */
export function blockedMs() {
  return Math.round(200 * Math.max(1, loadavg()[0] / cpus().length));
}

/**
 * Long tasks recorded since `sinceMs` (performance.now() time).
 * @param {Page} page
 */
export async function longTasks(page, sinceMs = 0) {
  return page.evaluate((since) => globalThis.__longTasks.filter((t) => t.start >= since), sinceMs);
}

/**
 * The element's box in CSS pixels (playwright's `boundingBox()`), for mouse moves; fails the test
 * when the element has none (not visible).
 * @param {import('playwright-core').Locator} locator
 */
export async function boxOf(locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} is not visible: it has no bounding box`);
  return box;
}

/** @typedef {Page | import('playwright-core').Frame} Scope a page or a frame, for the queries below */

/**
 * The text content of the element `selector` finds in `scope` (playwright's `textContent`, whose
 * `null` means no such text); fails the test when there is none.
 * @param {Scope} scope
 * @param {string} selector
 */
export async function textOf(scope, selector) {
  const text = await scope.textContent(selector);
  if (text === null) throw new Error(`${selector} has no text content`);
  return text;
}

/**
 * The text content of the element a locator finds (playwright's `textContent`); fails the test
 * when there is none.
 * @param {import('playwright-core').Locator} locator
 */
export async function textAt(locator) {
  const text = await locator.textContent();
  if (text === null) throw new Error(`${locator} has no text content`);
  return text;
}

/**
 * The attribute `name` of the element `selector` finds in `scope`; fails the test when the
 * element lacks it (playwright's `getAttribute` gives `null`).
 * @param {Scope} scope
 * @param {string} selector
 * @param {string} name
 */
export async function attrOf(scope, selector, name) {
  const value = await scope.getAttribute(selector, name);
  if (value === null) throw new Error(`${selector} has no ${name} attribute`);
  return value;
}

/**
 * Fail the test on any page error or console error.
 * @param {Page} page
 */
export function collectErrors(page) {
  /** @type {string[]} */
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}
