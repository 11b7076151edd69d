// @ts-check
// The README's embed snippet, exactly as printed there, works on a docs site of another origin:
// the site (a made-up origin, served by request interception) hosts the production build under
// /tmlab/ as the snippet says, its page holds nothing but the snippet, and the <tm-curve>
// elements draw their charts while the iframe shows the /embed route's view and posts its height.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, serveDist, launch, collectErrors, attrOf } from './harness.mjs';

/** @typedef {import('./harness.mjs').Page} Page */

/** The docs site: another origin than the build's preview server. */
const SITE = 'http://docs-site.test';

/** The first ```html block after the README's "## Embed" heading. */
function readmeSnippet() {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('\n## Embed'));
  const m = section.match(/```html\n([\s\S]*?)```/);
  assert.ok(m, 'README.md has an ```html block under "## Embed"');
  return m[1];
}

/** @type {import('./harness.mjs').Server} */
let server;
/** @type {import('./harness.mjs').Browser} */
let browser;

before(async () => {
  server = await serveDist();
  browser = await launch({ testHooks: false });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test("the README's embed snippet works on another origin with dist/ under /tmlab/", async () => {
  const snippet = readmeSnippet();
  assert.ok(snippet.split('\n').filter(Boolean).length <= 5, `at most five lines:\n${snippet}`);
  assert.match(snippet, /src="\/tmlab\/tm-curve\.js"/);
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  const build = new URL(server.url);
  /** @type {string[]} */
  const served = [];
  await page.route(`${SITE}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/docs/page.html') {
      return route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>docs</title>
<body style="margin:0;width:900px"><h1>A docs page</h1>
${snippet}</body>`,
      });
    }
    if (!url.pathname.startsWith('/tmlab/')) return route.fulfill({ status: 404, body: 'not found' });
    // The site's copy of dist/: the same files, under /tmlab/.
    const res = await route.fetch({ url: `${build.origin}/${url.pathname.slice('/tmlab/'.length)}${url.search}` });
    served.push(url.pathname);
    return route.fulfill({ response: res });
  });
  /** @type {number[]} */
  const heights = [];
  await page.exposeFunction('__height', (/** @type {number} */ h) => heights.push(h));
  await page.addInitScript(() => {
    addEventListener('message', (e) => {
      if (e.data && e.data.type === 'tmlab-height') globalThis.__height(e.data.height);
    });
  });
  await page.goto(`${SITE}/docs/page.html`);

  // Every <tm-curve> of the snippet draws (scrolled into view one by one, as a reader would).
  const curves = await page.$$eval('tm-curve', (els) => els.length);
  assert.ok(curves >= 1, 'the snippet has a <tm-curve>');
  for (let i = 0; i < curves; i++) {
    await page.evaluate((k) => document.querySelectorAll('tm-curve')[k].scrollIntoView(), i);
    await page.waitForFunction((k) => document.querySelectorAll('tm-curve')[k].state === 'drawn', i, { timeout: 30000 });
    const error = await page.evaluate((k) => document.querySelectorAll('tm-curve')[k].shadowRoot.querySelector('.error')?.textContent ?? '', i);
    assert.equal(error, '', `tm-curve ${i}: no attribute refused`);
    // The link back points at the playground beside the script, on the docs site.
    const link = await page.evaluate((k) => /** @type {HTMLAnchorElement} */ (document.querySelectorAll('tm-curve')[k].shadowRoot.querySelector('a.open')).href, i);
    assert.ok(link.startsWith(`${SITE}/tmlab/`), link);
  }

  // The iframe (if the snippet has one) shows one view of the /embed route and reports its height.
  const src = await page.$eval('iframe', (f) => f.getAttribute('src')).catch(() => null);
  if (src) {
    await page.evaluate(() => /** @type {Element} */ (document.querySelector('iframe')).scrollIntoView());
    const frame = await (await page.waitForSelector('iframe')).contentFrame();
    assert.ok(frame);
    await frame.waitForSelector('#open-full', { timeout: 30000 });
    assert.equal(await frame.locator('[role=tab], [role=tablist]').count(), 0, 'no tabs');
    const view = new URL(src, SITE).searchParams.get('view');
    await frame.waitForSelector(`#view-${view}`, { state: 'visible' });
    const back = await attrOf(frame, '#open-full', 'href');
    assert.ok(new URL(back, frame.url()).href.startsWith(`${SITE}/tmlab/`), back);
    for (let t = 0; t < 100 && heights.length === 0; t++) await page.waitForTimeout(100);
    assert.ok(heights.length > 0 && heights[heights.length - 1] > 100, `heights posted: ${heights}`);
  }
  assert.ok(served.includes('/tmlab/tm-curve.js'), served.join(', '));
  assert.ok(served.some((p) => p.endsWith('.wasm')), 'the wasm came from the site copy');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the /embed route works framed by a page of another origin', async () => {
  // Two public sites: the docs page on SITE, the build on PLAYGROUND (both served by
  // interception; the build's files come from the preview server). A public page may not frame
  // 127.0.0.1 itself (Chromium's local-network-access rule), which no real docs site meets.
  const PLAYGROUND = 'http://tmlab-site.test';
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  const build = new URL(server.url);
  await page.route(`${SITE}/**`, (route) => route.fulfill({
    status: 200,
    contentType: 'text/html',
    body: `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>docs</title>
<body style="margin:0"><iframe src="${PLAYGROUND}/embed/?v=1&view=curves&ed.moves-left.midpoint=40" title="tmlab"
  style="width: 100%; height: 720px; border: 0"></iframe></body>`,
  }));
  await page.route(`${PLAYGROUND}/**`, async (route) => {
    const url = new URL(route.request().url());
    return route.fulfill({ response: await route.fetch({ url: `${build.origin}${url.pathname}${url.search}` }) });
  });
  await page.goto(`${SITE}/docs/other.html`);
  const frame = await (await page.waitForSelector('iframe')).contentFrame();
  assert.ok(frame);
  for (const id of ['decay', 'moves-left', 'allocation']) await frame.waitForSelector(`#chart-${id} canvas[data-draws]`, { timeout: 30000 });
  const back = await attrOf(frame, '#open-full', 'href');
  assert.ok(new URL(back, frame.url()).href.startsWith(`${PLAYGROUND}/`), back);
  assert.match(back, /ed\.moves-left\.midpoint=40/);
  assert.deepEqual(errors, []);
  await page.close();
});
