// @ts-check
// The Learn view: every lesson renders (title, prose with numbers the crate computed, its live
// chart, tries, references, its own embed snippet), and each "try this" asks before it reveals:
// pressing it shows a question and leaves the chart as it was; answering changes the chart
// (canvas pixels differ once any engine game or search has finished), shows the notice and
// scrolls the chart into view. A `&try=N` link opens that state, in the full view and in an
// embed. Screenshots of three lessons (one new) go to target/screenshots/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, serveDist, launch, collectErrors, attrOf, textOf } from './harness.mjs';

/** @typedef {import('./harness.mjs').Page} Page */

const SHOTS = join(ROOT, 'target', 'screenshots');
const SLUGS = [
  'the-problem', 'increments-and-odds', 'overhead-and-flagging', 'soft-and-hard-limits', 'stability', 'moves-left',
  'mcts-smart-pruning', 'smooth-manager', 'smooth-estimates', 'does-it-matter', 'delay-byoyomi-hourglass', 'the-last-seconds', 'the-40-x-bug',
  'your-clock', 'pondering', 'measuring-a-manager',
];
/** @type {Record<string, string>} Screenshots, taken once the lesson's first try is answered. */
const SHOT = { 'the-problem': 'lesson-1-problem.png', 'overhead-and-flagging': 'lesson-3-overhead.png', 'delay-byoyomi-hourglass': 'lesson-11-delay.png',
  'pondering': 'lesson-15-pondering.png', 'measuring-a-manager': 'lesson-16-sprt.png' };

/** Lessons whose tries mark a move of an engine game (the notice's number drawn there). */
const ENGINE_MARKS = ['overhead-and-flagging', 'mcts-smart-pruning', 'pondering'];

/** @type {import('./harness.mjs').Server} */
let server;
/** @type {import('./harness.mjs').Browser} */
let browser;
/** @type {import('./harness.mjs').Page} */
let page;
/** @type {string[]} */
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
  await page.evaluate(() => {
    const { chart } = globalThis.tmlab.views.learn;
    if (!chart) throw new Error('the lesson has no chart');
    return chart.settled();
  });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.$eval('.lesson-chart canvas', (c) => /** @type {HTMLCanvasElement} */ (c).toDataURL());
}

test('the Learn tab lists the lessons in order', async () => {
  await page.goto(`${server.url}?v=1&view=learn`);
  await page.waitForSelector('#view-learn .lesson-list');
  assert.equal(await page.getAttribute('#tab-learn', 'aria-selected'), 'true');
  const slugs = await page.$$eval('.lesson-list a', (as) => as.map((a) => a.dataset.slug));
  assert.deepEqual(slugs, SLUGS);
});

/** Whether the lesson's chart is (at least partly) inside the viewport. */
const chartInView = () =>
  page.$eval('.lesson-chart', (el) => {
    const r = el.getBoundingClientRect();
    return r.bottom > 0 && r.top < innerHeight;
  });

for (const [i, slug] of SLUGS.entries()) {
  test(`lesson ${i + 1} (${slug}) renders computed numbers, and each try asks, then changes its chart`, { timeout: 600000 }, async () => {
    await page.goto(`${server.url}?v=1&view=learn&lesson=${slug}`);
    await page.waitForSelector(`.lesson[data-slug="${slug}"]`);
    const title = await textOf(page, '#lesson-title');
    assert.match(title, new RegExp(`^${i + 1}\\. \\S`));
    const prose = await page.$$eval('.lesson > p, .lesson > ul', (els) => els.map((e) => e.textContent).join(' '));
    const words = prose.split(/\s+/).filter((w) => /\w/.test(w)).length;
    assert.ok(words > 60 && words <= 300, `${words} words`);
    assert.equal(await page.$$eval('.lesson .computed.error', (els) => els.length), 0, 'every number computed');
    assert.ok((await page.$$('.lesson-refs li')).length >= 2, 'references');
    assert.equal(await page.$$eval('.lesson-refs li', (els) => els.filter((e) => /seed|\.txt/.test(e.textContent)).length), 0, 'no seed file names');
    const snippet = await page.inputValue('.lesson-embed textarea');
    assert.match(snippet, new RegExp(`<iframe class="tmlab" src="[^"]*/embed/\\?v=1&amp;view=learn&amp;lesson=${slug}"`));
    const base = await settledPixels();

    const tries = await page.$$('.try');
    assert.ok(tries.length >= 1 && tries.length <= 3);
    let engineMarks = 0;
    for (let t = 0; t < tries.length; t++) {
      if (t > 0) {
        await page.click('.try-reset');
        assert.equal(await settledPixels(), base, 'back to the lesson’s setting draws the same chart');
      }
      await page.evaluate(() => scrollTo(0, 0));
      await page.click(`.try[data-index="${t}"]`);
      assert.equal(await page.getAttribute(`.try[data-index="${t}"]`, 'aria-pressed'), 'true');
      // Asked, not revealed: a question with its answers, no notice, the chart as it was.
      await page.waitForSelector(`.try-question[data-index="${t}"]`);
      const answers = await page.$$('.try-answer');
      assert.ok(answers.length >= 2 && answers.length <= 3, `${answers.length} answers`);
      assert.doesNotMatch(await textOf(page, '.try-notice'), /Notice:/, 'the notice waits for the answer');
      assert.equal(await settledPixels(), base, `try ${t + 1}: the chart waits for the answer`);
      // Answer (the first answer: right or wrong, the chart is revealed).
      await page.click('.try-answer[data-index="0"]');
      assert.match(await textOf(page, '.try-notice'), /(Right\.|Not quite\.) Notice: \S/);
      assert.ok((await page.$$('.try-notice .computed')).length >= 1, 'the notice names a computed number');
      assert.equal(await page.$$eval('.try-answer[data-right="true"]', (els) => els.length), 1, 'the right answer is shown');
      const pixels = await settledPixels();
      assert.notEqual(pixels, base, `try ${t + 1} (${await textOf(page, `.try[data-index="${t}"]`)}) left the chart unchanged`);
      await page.waitForFunction(() => {
        const r = document.querySelector('.lesson-chart')?.getBoundingClientRect();
        return r && r.bottom > 0 && r.top < innerHeight;
      }, null, { timeout: 5000 });
      assert.ok(await chartInView(), 'the chart scrolls into view after the answer');
      assert.equal(new URL(page.url()).searchParams.get('try'), String(t + 1), 'the URL names the try');
      // A marked move on an engine game: its numbers are drawn on the chart, one of them the notice's.
      const mark = await page.$eval('.try-mark', (e) => e.textContent).catch(() => null);
      const engineCanvas = await page.$('.lesson-chart [data-mode="engine"] canvas');
      if (mark && engineCanvas) {
        const moveNo = /move (\d+)/.exec(mark);
        assert.ok(moveNo, `try ${t + 1}: the mark names a move (${mark})`);
        const n = Number(moveNo[1]);
        const drawn = (await engineCanvas.getAttribute('data-mark')) ?? '';
        assert.ok(drawn.startsWith(`move ${n}: `), `try ${t + 1}: the marked move ${n} is drawn (${drawn})`);
        const numbers = await page.$$eval('.try-notice .computed', (els) => els.map((e) => e.textContent.trim()));
        const onChart = numbers.map((x) => /^(\d+) ms$/.exec(x)).filter((m) => m !== null).map((m) => `${(Number(m[1]) / 1000).toFixed(3)} s`);
        assert.ok(onChart.some((x) => drawn.includes(x)), `try ${t + 1}: a number of the notice (${numbers.join(', ')}) is on the chart: ${drawn}`);
        engineMarks++;
      }
      if (t === 0 && SHOT[slug]) await page.screenshot({ path: join(SHOTS, SHOT[slug]), fullPage: false });
    }
    if (ENGINE_MARKS.includes(slug)) assert.equal(engineMarks, tries.length, 'every try marks a move of the engine game');
    await page.click('.try-reset');
    assert.equal(await settledPixels(), base, 'back to the lesson’s setting draws the same chart');
    assert.equal(new URL(page.url()).searchParams.get('try'), null);
  });
}

test('a &try=N link opens the lesson at that try, revealed, in the full view and in an embed', async () => {
  for (const prefix of ['', 'embed/']) {
    await page.goto(`${server.url}${prefix}?v=1&view=learn&lesson=the-problem&try=2`);
    await page.waitForSelector('.lesson[data-slug="the-problem"]');
    assert.equal(await page.getAttribute('.try[data-index="1"]', 'aria-pressed'), 'true', prefix);
    assert.match(await textOf(page, '.try-notice'), /^Notice: \S/, prefix);
    const key = await page.getAttribute('.lesson-chart', 'data-key');
    assert.match(key ?? '', /"tc":"10\+1"/, `${prefix}: the chart shows the try's setting`);
    await settledPixels();
    assert.ok(await chartInView(), `${prefix}: the chart is in view`);
  }
  assert.equal(await page.$$eval('.lesson-list, .lesson-embed, [role=tab]', (els) => els.length), 0, 'no lesson list, tabs or snippet in an embed');
  // A new lesson's try in an embed: the replay chart against Mediocre's plan, its move marked.
  await page.goto(`${server.url}embed/?v=1&view=learn&lesson=your-clock&try=2`);
  await page.waitForSelector('.lesson[data-slug="your-clock"]');
  assert.equal(await page.getAttribute('.try[data-index="1"]', 'aria-pressed'), 'true');
  assert.match(await attrOf(page, '.lesson-chart', 'data-key'), /"tm":"mediocre"/);
  await settledPixels();
  assert.match(await textOf(page, '.lesson-chart .annotation'), /^9\. White .* · 9\.\.\. Black b5: time used 41\.300 s/, 'the marked move’s numbers');
  assert.ok(await chartInView(), 'the chart is in view');
});

test('a lesson embeds on its own: /embed/?view=learn&lesson=…', async () => {
  await page.goto(`${server.url}embed/?v=1&view=learn&lesson=moves-left`);
  await page.waitForSelector('.lesson[data-slug="moves-left"]');
  assert.equal(await page.$$eval('.lesson-list, .lesson-embed, [role=tab]', (els) => els.length), 0, 'no lesson list, tabs or snippet in an embed');
  await settledPixels();
  // Next lesson writes the URL's lesson key.
  await page.click('.lesson-next');
  await page.waitForSelector('.lesson[data-slug="mcts-smart-pruning"]');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('lesson') === 'mcts-smart-pruning');
  assert.deepEqual(errors, []);
});
