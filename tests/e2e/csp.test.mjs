// @ts-check
// The Content-Security-Policy (#17.19): every page in dist/ carries the strict policy in a meta
// tag, has no inline script or inline handler, and no view, the embed or the embed demo
// triggers a `securitypolicyviolation` or requests anything from another origin.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveDist, launch, collectErrors, ROOT } from './harness.mjs';

/** @typedef {import('./harness.mjs').Page} Page */

const PAGES = ['index.html', 'embed/index.html', 'embed-demo.html'];

/** @type {import('./harness.mjs').Server} */
let server;
/** @type {import('./harness.mjs').Browser} */
let browser;

before(async () => {
  server = await serveDist();
  browser = await launch();
  // Every frame records violations from its first script on.
  await browser.context.addInitScript(() => {
    globalThis.__csp = [];
    addEventListener('securitypolicyviolation', (e) =>
      globalThis.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('every page in dist/ has the strict CSP meta tag and no inline script or handler', () => {
  for (const p of PAGES) {
    const html = readFileSync(join(ROOT, 'dist', p), 'utf8');
    const meta = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]+)"/);
    assert.ok(meta, `${p}: no CSP meta tag`);
    assert.match(meta[1], /script-src 'self' 'wasm-unsafe-eval';/, p);
    assert.match(meta[1], /default-src 'self'/, p);
    assert.doesNotMatch(meta[1], /script-src[^;]*unsafe-inline/, p);
    for (const tag of html.match(/<script\b[^>]*>/g) || []) assert.match(tag, /\ssrc=/, `${p}: inline script ${tag}`);
    assert.doesNotMatch(html, /\son[a-z]+=/i, `${p}: an inline event handler`);
  }
});

/**
 * Open `path`, let it work for a while, and return its CSP violations (all frames) and off-origin requests.
 * @param {string} path
 * @param {(page: Page) => Promise<unknown>} act what the test does on the page before the wait
 */
async function visit(path, act = async () => {}) {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  const origin = new URL(server.url).origin;
  /** @type {string[]} */
  const offOrigin = [];
  page.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:')) offOrigin.push(u);
  });
  await page.goto(server.url + path);
  await page.waitForFunction(() => globalThis.tmlab?.views && Object.keys(globalThis.tmlab.views).length > 0, null, { timeout: 30000 }).catch(() => {});
  await act(page);
  await page.waitForTimeout(800);
  /** @type {string[]} */
  const violations = [];
  for (const f of page.frames()) violations.push(...(await f.evaluate(() => globalThis.__csp || []).catch(() => [])));
  await page.close();
  return { violations, offOrigin, errors };
}

for (const [name, path, act] of /** @type {[string, string, (page: Page) => Promise<unknown>][]} */ ([
  ['curves', '?v=1&view=curves', async (page) => page.hover('#view-curves canvas')],
  ['play', '?v=1&view=play', async () => {}],
  ['match', '?v=1&view=match', async (page) => {
    await page.waitForSelector('#m-start:not([disabled])');
    await page.evaluate(() => globalThis.tmlab.views.match.restored);
  }],
  ['embed (curves)', 'embed/?v=1&view=curves', async () => {}],
  ['embed (match)', 'embed/?v=1&view=match', async () => {}],
  ['embed demo', 'embed-demo.html', async (page) => {
    await page.locator('#demo-allocation').scrollIntoViewIfNeeded();
    await page.locator('#demo-frame').scrollIntoViewIfNeeded();
    await page.waitForFunction(
      () => /** @type {(Window & typeof globalThis) | null} */ (/** @type {HTMLIFrameElement} */ (document.querySelector('#demo-frame')).contentWindow)?.tmlab?.views?.curves,
      null,
      { timeout: 30000 },
    );
  }],
])) {
  test(`no CSP violation and no off-origin request: ${name}`, async () => {
    const { violations, offOrigin, errors } = await visit(path, act);
    assert.deepEqual(violations, [], `${name}: CSP violations`);
    assert.deepEqual(offOrigin, [], `${name}: requests to other origins`);
    assert.deepEqual(errors.filter((e) => /Content Security Policy|Refused/.test(e)), [], `${name}: CSP console errors`);
  });
}
