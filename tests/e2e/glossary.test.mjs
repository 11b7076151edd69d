// @ts-check
// The glossary and the parameter help in a real browser (issue #15 §1, §2): every parameter's
// "?" opens by keyboard (and by a tap) with its description, unit, default, range and source;
// every term in a hover readout shows a label and a unit; Play disables the parameters its
// searcher does not use, with the crate's reason.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { serveDist, launch, collectErrors, ROOT, boxOf, textOf } from './harness.mjs';

/** @typedef {import('./harness.mjs').Page} Page */

/** Screenshots for the closing note (never committed). */
const SHOTS = join(ROOT, 'target', 'screenshots');

/** @type {import('./harness.mjs').Server} */
let server;
/** @type {import('./harness.mjs').Browser} */
let browser;
/** @type {import('./harness.mjs').Page} */
let page;
/** @type {string[]} */
let errors;

before(async () => {
  server = await serveDist();
  browser = await launch();
  page = await browser.context.newPage();
  errors = collectErrors(page);
  await page.goto(`${server.url}?v=1&view=curves`);
  await page.waitForSelector('#chart-allocation canvas[data-draws]', { timeout: 30000 });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** The managers the schema offers (from the first panel's menu). */
const managers = () => page.$$eval('#alloc0-manager option', (os) => os.map((o) => /** @type {HTMLOptionElement} */ (o).value));

/** @param {string} name */
async function selectManager(name) {
  await page.selectOption('#alloc0-manager', name);
  await page.waitForFunction((n) => document.querySelector('[data-panel="alloc0"] .spec')?.textContent.startsWith(n), name);
}

test('every parameter of every manager has a "?" that opens and closes by keyboard', async () => {
  let opened = 0;
  for (const m of await managers()) {
    await selectManager(m);
    const keys = await page.$$eval('[data-panel="alloc0"] .param', (rows) => rows.map((r) => r.dataset.key));
    assert.ok(keys.length > 0, m);
    for (const key of keys) {
      const row = `[data-panel="alloc0"] .param[data-key="${key}"]`;
      const toggle = page.locator(`${row} .param-help-toggle`);
      assert.equal(await toggle.count(), 1, `${key} has one "?"`);
      await toggle.focus();
      await page.keyboard.press(opened % 2 ? 'Space' : 'Enter');
      const help = page.locator(`${row} .param-help`);
      assert.ok(await help.isVisible(), `${key}: the help opens by keyboard`);
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
      const facts = await help.evaluate((h) => ({
        text: h.textContent,
        unit: h.querySelector('[data-fact="unit"]')?.textContent,
        def: h.querySelector('[data-fact="default"]')?.textContent,
        range: h.querySelector('[data-fact="range"]')?.textContent,
        link: /** @type {HTMLAnchorElement | null} */ (h.querySelector('a.source'))?.href || null,
        source: h.querySelector('.source')?.textContent || '',
      }));
      assert.ok(facts.unit && facts.def && facts.range, `${key}: ${JSON.stringify(facts)}`);
      assert.match(facts.source, /^Source: ([\w-]+ @[0-9a-f]{8} |seed )/, `${key}: ${facts.source}`);
      if (facts.link) assert.match(facts.link, /^https:\/\/github\.com\/[^/]+\/[^/]+\/blob\/[0-9a-f]{8,40}\/src/);
      else assert.match(facts.source, /seed \d{3}_[0-9a-f]{16}\.txt/);
      await page.keyboard.press('Escape');
      assert.ok(!(await help.isVisible()), `${key}: Escape closes the help`);
      assert.equal(await page.evaluate(() => document.activeElement?.className), 'param-help-toggle', 'focus stays on the "?"');
      opened++;
    }
  }
  console.log(`parameter help opened by keyboard: ${opened} parameters`);
  assert.ok(opened >= 100, `${opened}`);
  // In-search parameters are marked, with the explanation in their help.
  await selectManager('stockfish');
  const marked = await page.$$eval('[data-panel="alloc0"] .param', (rows) =>
    rows.filter((r) => r.querySelector('.param-badge.in-search')).map((r) => r.dataset.key));
  assert.deepEqual(marked.sort(), ['alloc0.check-calls', 'alloc0.increase-depth-frac', 'alloc0.score-unit', 'alloc0.single-move-cap-ms', 'alloc0.time-reduction-init']);
  assert.deepEqual(errors, []);
});

test('a tap opens the help on a touch screen', async () => {
  const b = await launch({ hasTouch: true, viewport: { width: 390, height: 844 } });
  try {
    const p = await b.context.newPage();
    await p.goto(`${server.url}?v=1&view=curves`);
    await p.waitForSelector('#chart-allocation canvas[data-draws]', { timeout: 30000 });
    const row = '[data-panel="alloc0"] .param[data-key="alloc0.slowmover"]';
    await p.locator(`${row} .param-help-toggle`).scrollIntoViewIfNeeded();
    await p.tap(`${row} .param-help-toggle`);
    assert.ok(await p.locator(`${row} .param-help`).isVisible());
    assert.match(await textOf(p, `${row} .param-help`), /budget multiplier/);
  } finally {
    await b.close();
  }
});

test('every hover term of every manager shows a label and a unit', async () => {
  const seen = new Map();
  for (const m of await managers()) {
    await selectManager(m);
    const box = await boxOf(page.locator('#chart-allocation canvas'));
    await page.locator('#chart-allocation canvas').scrollIntoViewIfNeeded();
    for (const share of [0.1, 0.5, 0.9]) {
      const b = await boxOf(page.locator('#chart-allocation canvas'));
      await page.mouse.move(b.x + b.width * share, b.y + b.height / 2);
      await page.waitForFunction(() => document.querySelectorAll('#chart-allocation .point .term').length > 0);
      const terms = await page.$$eval('#chart-allocation .point .term', (els) =>
        els.map((e) => ({
          key: e.dataset.key,
          unit: e.dataset.unit,
          label: e.querySelector('.term-label')?.textContent,
          value: e.querySelector('.term-value')?.textContent,
          title: /** @type {HTMLElement} */ (e).title,
        })));
      for (const t of terms) {
        assert.ok(t.label && t.label.length > 1, `${m}/${t.key}: no label`);
        assert.ok(t.unit, `${m}/${t.key}: no unit`);
        assert.ok(t.title.length > 10, `${m}/${t.key}: no meaning`);
        seen.set(`${m}/${t.key}`, `${t.label} = ${t.value}`);
      }
    }
    assert.ok(box.width > 0);
  }
  console.log(`hover terms with label and unit: ${seen.size}`);
  assert.ok(seen.size >= 40, [...seen.keys()].join(' '));
  // The raw identifiers of the issue are gone from the readout.
  await selectManager('lc0-legacy');
  // Hover again and wait for lc0-legacy's readout (the chart repaints on the next frame).
  const b = await boxOf(page.locator('#chart-allocation canvas'));
  await page.mouse.move(b.x + b.width * 0.4, b.y + b.height / 2);
  await page.waitForFunction(() => /moves left/.test(document.querySelector('#chart-allocation .point')?.textContent ?? ''), null, { timeout: 10000 });
  const text = await textOf(page, '#chart-allocation .point');
  assert.match(text, /moves left \(estimate\) [\d.]+ moves/);
  assert.match(text, /first-move multiplier ×[\d.]+/);
  // What the terms mean, with their sources, is one keyboard press away.
  await page.focus('#chart-allocation .terms-explained summary');
  await page.keyboard.press('Enter');
  const explained = await page.$$eval('#chart-allocation .terms-explained dt', (els) => els.map((e) => e.textContent));
  assert.ok(explained.some((t) => t.startsWith('moves left (estimate) [moves]')), explained.join(' | '));
  assert.ok(await page.locator('#chart-allocation .terms-explained a.source[href*="/blob/909a40826db9e8b221d9209a487daba6ab57e3b7/src/search/classic/stoppers/legacy.cc"]').count());
  mkdirSync(SHOTS, { recursive: true });
  await page.locator('[data-panel="alloc0"] .param[data-key="alloc0.slowmover"] .param-help-toggle').click();
  await page.locator('#chart-allocation').screenshot({ path: join(SHOTS, 'glossary-allocation.png') });
});

test('Play disables the smart-pruning parameters with alpha-beta, with the reason, and enables them with MCTS', async () => {
  const p = await browser.context.newPage();
  await p.goto(`${server.url}?v=1&view=play&p.tm=lc0-legacy&p.s=ab`);
  const row = '[data-panel="play-tm"] .param[data-key="play-tm.smart-pruning.factor"]';
  await p.waitForSelector(row, { timeout: 30000 });
  await p.selectOption('#play-searcher', 'ab');
  await p.waitForSelector(`${row}.not-applicable`);
  assert.match(await textOf(p, `${row} .param-na`), /^Not used with alpha-beta: SmartPruning is an MCTS stopper/);
  assert.ok(await p.locator(`${row} input[type=range]`).isDisabled());
  // Its help stays reachable.
  await p.locator(`${row} .param-help-toggle`).focus();
  await p.keyboard.press('Enter');
  assert.ok(await p.locator(`${row} .param-help`).isVisible());
  await p.selectOption('#play-searcher', 'mcts');
  await p.waitForFunction((r) => !/** @type {Element} */ (document.querySelector(r)).classList.contains('not-applicable'), row);
  assert.ok(!(await p.locator(`${row} input[type=range]`).isDisabled()));
  await p.close();
});

test('the engine panel labels Stockfish’s effective-limit factors from the glossary, with units', async () => {
  const p = await browser.context.newPage();
  await p.addInitScript(() => localStorage.clear());
  const q = new URLSearchParams({ view: 'play', 'p.side': 'black', 'p.s': 'ab', 'p.tm': 'stockfish', 'p.wtc': '1+0', 'p.btc': '1+0' });
  await p.goto(`${server.url}?${q}`);
  await p.waitForFunction(() => globalThis.tmlab?.views?.play?.state, null, { timeout: 20000 });
  await p.evaluate(() => globalThis.tmlab.views.play.ready);
  await p.click('#view-play button.new-game');
  await p.waitForSelector('.engine-panel .ep-terms .term', { timeout: 30000 });
  const chips = await p.$$eval('.engine-panel .ep-terms .term', (els) =>
    els.map((e) => ({ key: e.dataset.key, unit: e.dataset.unit, label: /** @type {Element} */ (e.querySelector('.term-label')).textContent, value: /** @type {Element} */ (e.querySelector('.term-value')).textContent, title: /** @type {HTMLElement} */ (e).title })));
  const byKey = Object.fromEntries(chips.map((c) => [c.key, c]));
  assert.equal(byKey.optimum?.label, 'optimum', JSON.stringify(chips));
  assert.match(byKey.optimum.value, / ms$/);
  assert.equal(byKey.falling_eval?.label, 'falling eval');
  assert.match(byKey.falling_eval.value, /^×[\d.]+$/);
  assert.equal(byKey.reduction?.label, 'best-move stability');
  for (const c of chips) assert.ok(c.unit && /search\.cpp|timeman\.cpp/.test(c.title), JSON.stringify(c));
  await p.close();
});

test('Match disables what its searcher does not use: smart pruning with alpha-beta, Stockfish’s check-calls with MCTS', async () => {
  const p = await browser.context.newPage();
  await p.addInitScript(() => indexedDB.deleteDatabase('tmlab'));
  await p.goto(`${server.url}?v=1&view=match`);
  // The defaults: A lc0-legacy (smart pruning), B stockfish (check-calls).
  const sp = '[data-panel="ma"] .param[data-key="ma.smart-pruning.factor"]';
  const calls = '[data-panel="mb"] .param[data-key="mb.check-calls"]';
  await p.waitForSelector(sp, { timeout: 30000 });
  await p.selectOption('#m-engine', 'ab');
  await p.waitForSelector(`${sp}.not-applicable`);
  assert.ok(!(await p.locator(calls).evaluate((r) => r.classList.contains('not-applicable'))));
  await p.selectOption('#m-engine', 'mcts');
  await p.waitForSelector(`${calls}.not-applicable`);
  assert.match(await textOf(p, `${calls} .param-na`), /^Not used with MCTS: /);
  assert.ok(!(await p.locator(sp).evaluate((r) => r.classList.contains('not-applicable'))));
  await p.close();
});
