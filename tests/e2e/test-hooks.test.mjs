// @ts-check
// Test hooks are test-only: a page opened the way a visitor opens it (no harness flag) never
// loads www/test-hooks.js and has no `globalThis.tmlab`; the harness's pages (its default) have
// them. Both on the production build, with the Play view mounted and its engine ready.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, serveDist, launch, collectErrors } from './harness.mjs';

/** @typedef {import('./harness.mjs').Page} Page */

/** @type {import('./harness.mjs').Server} */
let server;
before(async () => {
  server = await serveDist();
});
after(async () => {
  await server?.close();
});

/** Opens Play in a fresh browser; returns what the page exposes and which scripts it fetched. */
/** @param {boolean} testHooks */
async function openPlay(testHooks) {
  const browser = await launch({ testHooks });
  try {
    const page = await browser.context.newPage();
    const errors = collectErrors(page);
    /** @type {string[]} */
    const scripts = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.goto(`${server.url}?view=play`);
    // Mounted: the setup form and the board are drawn, and the engine is ready.
    await page.waitForSelector('#view-play #play-start');
    await page.waitForSelector('#view-play cg-board');
    await page.waitForFunction(() => /** @type {HTMLElement | null} */ (document.querySelector('#engine-state'))?.dataset.state === 'idle', null, { timeout: 30000 });
    const seen = await page.evaluate(() => ({
      tmlab: typeof globalThis.tmlab,
      play: typeof globalThis.tmlab?.views?.play?.ready,
      flag: typeof globalThis.__tmlabTestHooks,
    }));
    assert.deepEqual(errors, []);
    return { seen, scripts };
  } finally {
    await browser.close();
  }
}

test('the build ships the hooks as a chunk of their own', () => {
  const chunks = readdirSync(join(ROOT, 'dist', 'assets')).filter((f) => /^test-hooks-.*\.js$/.test(f));
  assert.equal(chunks.length, 1, 'one test-hooks chunk in dist/assets');
});

test('without the harness flag: no globalThis.tmlab, the hooks module never fetched', async () => {
  const { seen, scripts } = await openPlay(false);
  assert.deepEqual(seen, { tmlab: 'undefined', play: 'undefined', flag: 'undefined' });
  assert.ok(scripts.some((p) => /\/assets\/play-.*\.js$/.test(p)), `the Play view's chunk was loaded: ${scripts}`);
  assert.deepEqual(scripts.filter((p) => p.includes('test-hooks')), []);
});

test('with the harness flag (its default): globalThis.tmlab and the Play view’s hooks', async () => {
  const { seen, scripts } = await openPlay(true);
  assert.deepEqual(seen, { tmlab: 'object', play: 'object', flag: 'boolean' });
  assert.equal(scripts.filter((p) => p.includes('test-hooks')).length, 1);
});
