// @ts-check
// <tm-curve> from another origin (issue 24): a host page on a second port embeds one element
// from the production build's server, which sends CORS headers (the live chart draws) or not
// (the fallback: the static picture and one sentence naming CORS, through the classic-script
// loader tm-curve-loader.js); and the self-host kit (dist/embed-kit/) served by the host itself,
// same origin, no headers (the live chart draws, from the charts wasm module only).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ROOT, launch, boxOf, textOf } from './harness.mjs';

/** @typedef {import('./harness.mjs').Page} Page */
import { serveDir } from '../../scripts/bench/serve.mjs';

/** A docs page with one <tm-curve>, `script` loading it. @param {string} script */
const page = (script, attrs = 'kind="decay" step="4"') => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<link rel="icon" href="data:,"><title>host</title>${script}</head><body><h1>Docs</h1><tm-curve ${attrs}></tm-curve></body></html>`;

/** @type {Awaited<ReturnType<typeof serveDir>>} */
let withCors;
/** @type {Awaited<ReturnType<typeof serveDir>>} */
let withoutCors;
/** @type {Awaited<ReturnType<typeof serveDir>>} */
let host;
/** @type {import('./harness.mjs').Browser} */
let browser;
/** The docs site's pages by path (a test may add one: the server reads this map per request). */
/** @type {Record<string, string>} */
const pages = {};
before(async () => {
  withCors = await serveDir(join(ROOT, 'dist'), { cors: true });
  withoutCors = await serveDir(join(ROOT, 'dist'));
  // The docs site: its own pages, and the kit copied to its root.
  host = await serveDir(join(ROOT, 'dist', 'embed-kit'), {
    pages: Object.assign(pages, {
      '/cors.html': page(`<script type="module" src="${withCors.url}tm-curve.js"></script>`),
      '/no-cors-module.html': page(`<script type="module" src="${withoutCors.url}tm-curve.js"></script>`),
      '/no-cors.html': page(`<script src="${withoutCors.url}tm-curve-loader.js"></script>`, 'kind="moves-left"'),
      '/kit.html': page('<script type="module" src="./tm-curve.js"></script>'),
    }),
  });
  browser = await launch({ testHooks: false });
});
after(async () => {
  await browser?.close();
  await Promise.all([withCors, withoutCors, host].map((s) => s?.close()));
});

/** Opens `path` on the host and waits until the element is drawn or static; its state, sentence and requests. */
/** @param {string} path */
async function open(path) {
  const p = await browser.context.newPage();
  /** @type {string[]} */
  const requests = [];
  p.on('request', (r) => requests.push(r.url()));
  await p.goto(new URL(path, host.url).href);
  await p.waitForFunction(() => /** @type {(string | undefined)[]} */ (['drawn', 'static', 'error']).includes(document.querySelector('tm-curve')?.state), null, { timeout: 30000 });
  const shown = await p.evaluate(() => {
    const el = /** @type {TmCurveElement} */ (document.querySelector('tm-curve'));
    const root = el.shadowRoot;
    const img = root.querySelector('img');
    return {
      state: el.state,
      why: root.querySelector('[part=reason]')?.textContent ?? '',
      canvas: Boolean(root.querySelector('canvas')),
      img: img ? { src: img.src, loaded: img.complete && img.naturalWidth > 0 } : null,
    };
  });
  if (shown.img && !shown.img.loaded) {
    await p.waitForFunction(() => {
      const img = /** @type {HTMLImageElement} */ (/** @type {TmCurveElement} */ (document.querySelector('tm-curve')).shadowRoot.querySelector('img'));
      return img.complete && img.naturalWidth > 0;
    }, null, { timeout: 10000 });
    shown.img.loaded = true;
  }
  await p.close();
  return { ...shown, requests };
}

test('from another origin with CORS: the live chart draws, from the charts module only', async () => {
  const r = await open('/cors.html');
  assert.equal(r.state, 'drawn', r.why);
  assert.ok(r.canvas);
  const wasm = r.requests.filter((u) => u.endsWith('.wasm'));
  assert.equal(wasm.length, 1, wasm.join(', '));
  assert.match(wasm[0], /\/assets\/charts_bg-[\w-]+\.wasm$/);
  assert.ok(wasm[0].startsWith(withCors.url));
});

test('from another origin without CORS: the loader shows the static picture and names CORS', async () => {
  const r = await open('/no-cors.html');
  assert.equal(r.state, 'static');
  assert.ok(!r.canvas);
  assert.match(r.why, /does not allow this page .* Access-Control-Allow-Origin \(CORS\)/);
  assert.match(r.why, /static picture of the default moves-left chart/);
  assert.ok(r.img?.loaded, 'the static picture loaded');
  assert.ok(r.img.src.startsWith(`${withoutCors.url}static/moves-left.svg`), r.img.src);
});

test('a module script from another origin without CORS cannot run at all (why the loader exists)', async () => {
  const p = await browser.context.newPage();
  await p.goto(new URL('/no-cors-module.html', host.url).href);
  await p.waitForLoadState('networkidle');
  assert.equal(await p.evaluate(() => Boolean(customElements.get('tm-curve'))), false);
  await p.close();
});

test('the self-host kit, same origin and no headers: the live chart draws', async () => {
  const r = await open('/kit.html');
  assert.equal(r.state, 'drawn', r.why);
  assert.ok(r.canvas);
  assert.ok(r.requests.every((u) => u.startsWith(host.url) || u.startsWith('data:')), r.requests.join(', '));
  assert.ok(r.requests.some((u) => /charts_bg-[\w-]+\.wasm$/.test(u)));
});

test('a compact Play iframe from another origin: the link sets the game, it sizes itself within 560 px at 400 px wide, the engine answers 1. e4', async () => {
  // The snippet as the Play view's Embed dialog writes it, for a link with a manager and a control.
  const playground = await browser.context.newPage();
  await playground.goto(`${withoutCors.url}?v=1&view=play&p.tm=lc0-legacy&p.wtc=1m%2B1&p.level=5`);
  await playground.waitForSelector('#view-play cg-board', { timeout: 90000 });
  await playground.click('#embed-button');
  const snippet = await playground.inputValue('#embed-iframe');
  await playground.close();
  const src = new URL(/** @type {RegExpMatchArray} */ (snippet.match(/src="([^"]+)"/))[1].replaceAll('&amp;', '&'));
  assert.equal(src.searchParams.get('layout'), 'compact');
  assert.equal(src.origin, new URL(withoutCors.url).origin);
  assert.match(snippet, /<p class="tmlab-fallback">If no tmlab view appears above, it could not be loaded from/);

  const p = await browser.context.newPage();
  await p.setViewportSize({ width: 400, height: 900 });
  // A real page of the docs site (a page fulfilled by the test would have no address, and
  // Chromium's local network access checks would then block the frame).
  pages['/play.html'] = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>docs</title></head><body style="margin:0">${snippet}</body></html>`;
  await p.goto(new URL('/play.html', host.url).href);
  const iframe = await p.waitForSelector('iframe.tmlab');
  const frame = await iframe.contentFrame();
  assert.ok(frame, 'the iframe has a document');
  // The engine module compiles in the frame's own process: slow on a shared machine.
  await frame.waitForSelector('#view-play cg-board', { timeout: 90000 });
  // The host's listener sized the frame to the height it posted, and hid the fallback sentence.
  await p.waitForFunction(() => /** @type {HTMLElement} */ (document.querySelector('.tmlab-fallback')).hidden, null, { timeout: 30000 });
  const sized = async () => {
    const inner = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
    await p.waitForFunction((h) => Math.round(/** @type {Element} */ (document.querySelector('iframe.tmlab')).getBoundingClientRect().height) === h, inner, { timeout: 10000 });
    return inner;
  };
  const height = await sized();
  assert.ok(height <= 560 && height > 400, `compact Play embed is ${height} px tall at 400 px wide`);
  assert.equal(await frame.evaluate(() => document.documentElement.clientWidth), 400);
  // What the link set: the manager and the control (1m+1 shows 1:00), no setup form, no chart.
  assert.match(await textOf(frame, '.engine-line'), /lc0-legacy/);
  assert.equal((await textOf(frame, '.clock-white .clock-time')).trim(), '1:00');
  assert.equal(await frame.locator('.play-setup, .play-chart, .pgn-box').count(), 0);

  // 1. e4 on the board (click e2, then e4); the engine answers.
  const board = await boxOf(frame.locator('cg-board'));
  /** @param {number} file @param {number} rank @returns {[number, number]} */
  const square = (file, rank) => [board.x + (file + 0.5) * (board.width / 8), board.y + (8 - rank + 0.5) * (board.height / 8)];
  await p.mouse.click(...square(4, 2));
  await p.mouse.click(...square(4, 4));
  await frame.waitForFunction(() => document.querySelectorAll('.move-list li').length >= 2, null, { timeout: 60000 });
  const moves = await frame.$$eval('.move-list li button', (bs) => bs.map((b) => b.textContent.trim()));
  assert.equal(moves[0], '1. e4');
  assert.ok(moves[1].length >= 2, `the engine's reply: ${moves[1]}`);
  assert.ok((await sized()) <= 560, 'still within 560 px with moves played');
  await p.close();
});
