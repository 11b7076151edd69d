// The Learn view: every lesson renders (title, prose, its live chart, tries, references, its
// own embed snippet), and each "try this" button changes the lesson's chart (the chart's
// canvas pixels before and after differ; engine charts are compared once their game or search
// has finished). Screenshots of three lessons go to target/screenshots/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, serveDist, launch, collectErrors } from './harness.mjs';

const SHOTS = join(ROOT, 'target', 'screenshots');
const SLUGS = [
  'the-problem', 'moves-left', 'increments-and-odds', 'soft-and-hard-limits', 'stability', 'mcts-smart-pruning',
  'smooth-manager', 'overhead-and-flagging', 'does-it-matter',
];
const SHOT = { 'the-problem': 'learn-1-problem.png', 'soft-and-hard-limits': 'learn-4-limits.png', 'mcts-smart-pruning': 'learn-6-smart-pruning.png' };

let server;
let browser;
let page;
let errors;

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await serveDist();
  browser = await launch({ viewport: { width: 1280, height: 1000 } });
  page = await browser.context.newPage();
  errors = collectErrors(page);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** Wait until the lesson's chart shows its settings; returns the chart canvas's pixels. */
async function settledPixels() {
  await page.waitForFunction(() => globalThis.tmlab?.views?.learn?.chart, null, { timeout: 30000 });
  await page.evaluate(() => globalThis.tmlab.views.learn.chart.settled());
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.$eval('.lesson-chart canvas', (c) => c.toDataURL());
}

test('the Learn tab lists the nine lessons in order', async () => {
  await page.goto(`${server.url}?v=1&view=learn`);
  await page.waitForSelector('#view-learn .lesson-list');
  assert.equal(await page.getAttribute('#tab-learn', 'aria-selected'), 'true');
  const slugs = await page.$$eval('.lesson-list a', (as) => as.map((a) => a.dataset.slug));
  assert.deepEqual(slugs, SLUGS);
});

for (const [i, slug] of SLUGS.entries()) {
  test(`lesson ${i + 1} (${slug}) renders, and each "try this" changes its chart`, { timeout: 600000 }, async () => {
    await page.goto(`${server.url}?v=1&view=learn&lesson=${slug}`);
    await page.waitForSelector(`.lesson[data-slug="${slug}"]`);
    const title = await page.textContent('#lesson-title');
    assert.match(title, new RegExp(`^${i + 1}\\. \\S`));
    const prose = await page.$$eval('.lesson > p, .lesson > ul', (els) => els.map((e) => e.textContent).join(' '));
    const words = prose.split(/\s+/).filter((w) => /\w/.test(w)).length;
    assert.ok(words > 60 && words <= 250, `${words} words`);
    assert.ok((await page.$$('.lesson-refs li')).length >= 2, 'references');
    const snippet = await page.inputValue('.lesson-embed textarea');
    assert.match(snippet, new RegExp(`<iframe class="tmlab" src="[^"]*/embed/\\?v=1&amp;view=learn&amp;lesson=${slug}"`));
    const base = await settledPixels();
    if (SHOT[slug]) await page.screenshot({ path: join(SHOTS, SHOT[slug]), fullPage: true });

    const tries = await page.$$('.try');
    assert.ok(tries.length >= 1 && tries.length <= 3);
    for (let t = 0; t < tries.length; t++) {
      await page.click(`.try[data-index="${t}"]`);
      assert.equal(await page.getAttribute(`.try[data-index="${t}"]`, 'aria-pressed'), 'true');
      assert.match(await page.textContent('.try-notice'), /^Notice: \S/);
      const pixels = await settledPixels();
      assert.notEqual(pixels, base, `try ${t + 1} (${await page.textContent(`.try[data-index="${t}"]`)}) left the chart unchanged`);
    }
    await page.click('.try-reset');
    assert.equal(await settledPixels(), base, 'back to the lesson’s setting draws the same chart');
  });
}

test('a lesson embeds on its own: /embed/?view=learn&lesson=…', async () => {
  await page.goto(`${server.url}embed/?v=1&view=learn&lesson=moves-left`);
  await page.waitForSelector('.lesson[data-slug="moves-left"]');
  assert.equal(await page.$$eval('.lesson-list, .lesson-embed, [role=tab]', (els) => els.length), 0, 'no lesson list, tabs or snippet in an embed');
  await settledPixels();
  // Next lesson writes the URL's lesson key.
  await page.click('.lesson-next');
  await page.waitForSelector('.lesson[data-slug="increments-and-odds"]');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('lesson') === 'increments-and-odds');
  assert.deepEqual(errors, []);
});
