// @ts-check
// Every chart's own Embed button (issue 24 point 3): the snippet it gives, pasted into a page of
// another origin, shows that chart in the same state. The playground runs from the production
// build on a server that sends CORS headers (as a docs author's playground host must for
// <tm-curve>); the docs page is on a second server (another port: another origin).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ROOT, launch, collectErrors, textOf } from './harness.mjs';

/** @typedef {import('./harness.mjs').Page} Page */
import { serveDir } from '../../scripts/bench/serve.mjs';

/** @type {Awaited<ReturnType<typeof serveDir>>} */
let playground;
/** @type {Awaited<ReturnType<typeof serveDir>>} */
let host;
/** @type {import('./harness.mjs').Browser} */
let browser;
/** The docs site's pages by path (its server reads this map per request). Real pages: a page
 * fulfilled by the test has no address, and Chromium's local network access checks would block
 * its requests to the playground. */
/** @type {Record<string, string>} */
const pages = {};
/** Puts `body` on the docs site at `path`; its URL. */
/** @param {string} path @param {string} body */
const docsPage = (path, body) => {
  pages[path] = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>docs</title></head><body style="margin:0">${body}</body></html>`;
  return new URL(path, host.url).href;
};
before(async () => {
  playground = await serveDir(join(ROOT, 'dist'), { cors: true });
  host = await serveDir(join(ROOT, 'dist', 'embed-kit'), { pages });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await Promise.all([playground, host].map((s) => s?.close()));
});

/** Opens the chart's Embed panel under `card` and returns its snippet. */
/** @param {Page} page @param {string} card */
async function snippetOf(page, card) {
  await page.click(`${card} .chart-embed-button`);
  const box = page.locator(`${card} .chart-embed-panel textarea`);
  await box.waitFor();
  return box.inputValue();
}

/** A page of the docs site (the host's origin) whose body holds `snippet`; waits until its element is drawn. */
/** @param {string} snippet @param {{width?: number | null, path?: string}} [options] */
async function pasted(snippet, { width = null, path = '/docs.html' } = {}) {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await page.goto(docsPage(path, `<style>tm-curve { ${width ? `width: ${width}px` : ''} }</style>${snippet}`));
  await page.waitForFunction(() => /** @type {(string | undefined)[]} */ (['drawn', 'static', 'error']).includes(document.querySelector('tm-curve')?.state), null, { timeout: 30000 });
  return { page, errors };
}

/** The canvas's pixels as one number per channel sum and its size (same drawing: same numbers). */
const PIXELS = (/** @type {HTMLCanvasElement} */ c) => {
  const d = /** @type {CanvasRenderingContext2D} */ (c.getContext('2d')).getImageData(0, 0, c.width, c.height).data;
  let sum = 0;
  let ink = 0;
  for (let i = 0; i < d.length; i += 4) {
    sum = (sum * 31 + d[i] * 7 + d[i + 1] * 3 + d[i + 2]) % 2147483647;
    if (d[i] < 200 || d[i + 1] < 200 || d[i + 2] < 200) ink++;
  }
  return { width: c.width, height: c.height, sum, ink };
};

test('the decay chart’s Embed button: a <tm-curve> that draws the same chart on another origin', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${playground.url}?v=1&ed.decay.from=0.3&ed.decay.step=4`);
  await page.waitForSelector('#chart-decay canvas[data-draws]');
  const snippet = await snippetOf(page, '#chart-decay');
  assert.ok(snippet.includes(`<script type="module" src="${playground.url}tm-curve.js"></script>`), snippet);
  assert.ok(snippet.includes('<tm-curve kind="decay" from="0.3" step="4"></tm-curve>'), snippet);
  // A slider moved while the panel is open: the snippet follows.
  await page.fill('.param[data-key="decay.step"] input[type=number]', '3');
  await page.waitForFunction(() => /** @type {HTMLTextAreaElement} */ (document.querySelector('#chart-decay .chart-embed-panel textarea')).value.includes('step="3"'));
  const now = await page.inputValue('#chart-decay .chart-embed-panel textarea');
  assert.ok(now.includes('<tm-curve kind="decay" from="0.3" step="3"></tm-curve>'), now);
  const canvas = page.locator('#chart-decay canvas');
  await canvas.evaluate((c) => c.scrollIntoView());
  const width = await canvas.evaluate((c) => Math.round(c.getBoundingClientRect().width));
  // Wait for the redraw at step 3, then read the playground's pixels (no hover anywhere).
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  const mine = await canvas.evaluate(PIXELS);
  assert.deepEqual(errors, []);
  await page.close();

  // The element's plot is its width less the figure's border and padding (2 × 9 px).
  const docs = await pasted(now, { width: width + 18, path: '/decay.html' });
  const el = docs.page.locator('tm-curve');
  assert.equal(await el.evaluate((e) => /** @type {TmCurveElement} */ (e).state), 'drawn');
  assert.deepEqual(await el.evaluate((e) => /** @type {TmCurveElement} */ (e).current?.values), { from: 0.3, to: 1, step: 3 });
  const theirs = await (await el.evaluateHandle((e) => /** @type {TmCurveElement} */ (e).shadowRoot.querySelector('canvas'))).evaluate(PIXELS);
  assert.ok(theirs.ink > 1000, `the element drew (${theirs.ink} inked pixels)`);
  assert.deepEqual(theirs, mine, 'the same chart, pixel for pixel');
  assert.deepEqual(docs.errors, []);
  await docs.page.close();
});

test('the allocation chart’s Embed button: a <tm-curve> in the usage model, an iframe of that chart alone in engine mode', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${playground.url}?v=1&al.tc=40%2F60&al.specs=lc0-smooth&al.specs=stockfish&al.use=0.8`);
  await page.waitForSelector('#chart-allocation canvas[data-draws]');
  const usage = await snippetOf(page, '#chart-allocation');
  assert.ok(usage.includes('<tm-curve kind="allocation" specs="lc0-smooth;stockfish" tc="40/60" use="0.8"></tm-curve>'), usage);
  await page.check('input[name="allocation-mode"][value="engine"]');
  await page.waitForFunction(() => /** @type {HTMLElement} */ (document.querySelector('#chart-allocation .chart-embed')).dataset.kind === 'iframe');
  const frame = await page.inputValue('#chart-allocation .chart-embed-panel textarea');
  const src = new URL(/** @type {RegExpMatchArray} */ (frame.match(/src="([^"]+)"/))[1].replaceAll('&amp;', '&'));
  assert.equal(src.pathname, '/embed/');
  assert.equal(src.searchParams.get('chart'), 'allocation');
  assert.equal(src.searchParams.get('al.mode'), 'engine');
  assert.equal(src.searchParams.get('al.tc'), '40/60');
  assert.match(frame, /class="tmlab-fallback"/);
  assert.deepEqual(errors, []);
  await page.close();

  const docs = await pasted(usage, { path: '/allocation.html' });
  const el = docs.page.locator('tm-curve');
  assert.equal(await el.evaluate((e) => /** @type {TmCurveElement} */ (e).state), 'drawn');
  const v = /** @type {{[setting: string]: unknown} | undefined} */ (await el.evaluate((e) => /** @type {TmCurveElement} */ (e).current?.values));
  assert.ok(v, 'the element has its settings');
  assert.deepEqual([v.specs, v.tc, v.use], [['lc0-smooth', 'stockfish'], '40/60', 0.8]);
  assert.deepEqual(docs.errors, []);
  await docs.page.close();

  // The iframe shows the allocation chart alone, in engine mode, with the link's settings.
  const host2 = await browser.context.newPage();
  await host2.goto(docsPage('/frame.html', frame));
  const inner = await (await host2.waitForSelector('iframe.tmlab')).contentFrame();
  assert.ok(inner, 'the iframe has a document');
  await inner.waitForSelector('#chart-allocation[data-mode="engine"]', { timeout: 30000 });
  assert.equal(await inner.locator('#chart-decay, #chart-moves-left').count(), 0, 'that chart alone');
  assert.equal(await inner.inputValue('#allocation-tc'), '40/60');
  await host2.waitForFunction(() => /** @type {HTMLElement} */ (document.querySelector('.tmlab-fallback')).hidden, null, { timeout: 30000 });
  await host2.close();
});

test('the match game chart’s Embed button: a <tm-curve kind="game"> with that game’s chart, on another origin', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${playground.url}?v=1&view=match&m.tca=1%2B0.01&m.tcb=0.8%2B0.01&m.games=2&m.nps=100000`);
  await page.waitForSelector('#m-start:not([disabled])', { timeout: 30000 });
  await page.evaluate(() => globalThis.tmlab.views.match.restored);
  await page.click('#m-start');
  await page.waitForFunction(() => Number(/** @type {HTMLElement} */ (document.querySelector('#m-progress')).dataset.finished || 0) >= 2, null, { timeout: 120000 });
  await page.click('#m-games-table tr[data-index="1"]');
  await page.waitForFunction(() => /** @type {HTMLElement} */ (document.querySelector('#m-chart')).dataset.game === '1');
  const moves = Number(await page.getAttribute('#m-chart', 'data-moves'));
  const snippet = await snippetOf(page, '.match-chart');
  assert.match(snippet, /^<script type="module" src="[^"]+tm-curve\.js"><\/script>\n<tm-curve kind="game"><script type="application\/json">\{.*\}<\/script><\/tm-curve>$/s);
  assert.ok(snippet.length < 40000, `${snippet.length} characters`);
  const label = await page.getAttribute('#m-chart', 'aria-label');
  assert.deepEqual(errors, []);
  await page.close();

  const docs = await pasted(snippet, { path: '/game.html' });
  const el = docs.page.locator('tm-curve');
  assert.equal(await el.evaluate((e) => /** @type {TmCurveElement} */ (e).state), 'drawn', await el.evaluate((e) => /** @type {TmCurveElement} */ (e).shadowRoot.textContent));
  assert.equal(await el.evaluate((e) => /** @type {{drawn: {moves: number}}} */ (/** @type {unknown} */ (e)).drawn.moves), moves, 'the same game: as many engine moves');
  assert.ok(label);
  assert.match(await el.evaluate((e) => /** @type {Element} */ (/** @type {TmCurveElement} */ (e).shadowRoot.querySelector('canvas')).getAttribute('aria-label') ?? ''), / – /);
  // Hovering the middle reads a move's numbers, as the Match view's readout does.
  const box = await el.evaluate((e) => /** @type {Element} */ (/** @type {TmCurveElement} */ (e).shadowRoot.querySelector('canvas')).getBoundingClientRect().toJSON());
  await docs.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await docs.page.waitForFunction(() => /used \d/.test(/** @type {Element} */ (/** @type {TmCurveElement} */ (document.querySelector('tm-curve')).shadowRoot.querySelector('.note')).textContent));
  assert.deepEqual(docs.errors, []);
  await docs.page.close();
});

test('the search timeline’s Embed button: an iframe of that search alone, which replays it on another origin', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${playground.url}?v=1&view=learn&lesson=soft-and-hard-limits`);
  const card = '.timeline-card';
  await page.waitForSelector(`${card}[data-done="1"]`, { timeout: 120000 });
  const mine = await page.$eval(`${card} canvas`, (c) => /** @type {HTMLElement} */ (c).dataset.iterations);
  const limit = await textOf(page, `${card} .timeline-limit`);
  const snippet = await snippetOf(page, card);
  const src = new URL(/** @type {RegExpMatchArray} */ (snippet.match(/src="([^"]+)"/))[1].replaceAll('&amp;', '&'));
  assert.equal(src.pathname, '/embed/');
  assert.deepEqual(Object.fromEntries([...src.searchParams].filter(([k]) => k !== 'v')), {
    view: 'learn', chart: 'timeline', 'c.fen': 'startpos', 'c.tm': 'mediocre', 'c.clock': '60', 'c.inc': '0.6', 'c.nps': '1000000',
  });
  assert.deepEqual(errors, []);
  await page.close();

  const docs = await browser.context.newPage();
  await docs.goto(docsPage('/timeline.html', snippet));
  const frame = await (await docs.waitForSelector('iframe.tmlab')).contentFrame();
  assert.ok(frame, 'the iframe has a document');
  await frame.waitForSelector(`${card}[data-done="1"]`, { timeout: 120000 });
  assert.equal(await frame.locator('.lesson, .timeline-card').count(), 1, 'that chart alone');
  assert.equal(await frame.$eval(`${card} canvas`, (c) => /** @type {HTMLElement} */ (c).dataset.iterations), mine, 'the same search: as many iterations');
  assert.equal(await textOf(frame, `${card} .timeline-limit`), limit, 'and the same effective limit');
  await docs.waitForFunction(() => /** @type {HTMLElement} */ (document.querySelector('.tmlab-fallback')).hidden, null, { timeout: 30000 });
  await docs.close();
});
