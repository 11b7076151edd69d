// @ts-check
// The front-end conventions of issue #14 in a real browser: bad links fall back per value with
// one dismissible message; time-control fields echo their reading; chart canvases are backed
// at CSS size × devicePixelRatio; a tap shows the readout; Match statistics read "–" before two
// pairs; keyboard focus stays on a games-table row across updates; a tampered saved game never
// reaches the page (#17.18).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, collectErrors, boxOf, textAt, textOf } from './harness.mjs';

/** @typedef {import('./harness.mjs').Page} Page */

/** @type {import('./harness.mjs').Server} */
let server;
/** @type {import('./harness.mjs').Browser} */
let browser;

before(async () => {
  server = await serveDist();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * Run `fn(context)` in a browser of its own, closed even when an assertion fails.
 * @param {Parameters<typeof launch>[0]} options
 * @param {(context: import('playwright-core').BrowserContext) => Promise<void>} fn
 */
async function own(options, fn) {
  const b = await launch(options);
  try {
    return await fn(b.context);
  } finally {
    await b.close();
  }
}

const FAST = 'm.tca=1%2B0.01&m.tcb=0.8%2B0.01&m.nps=100000';

/**
 * @param {Page} page
 * @param {string} query the Match view's URL parameters
 */
async function openMatch(page, query) {
  await page.goto(`${server.url}?v=1&view=match&${query}`);
  await page.waitForSelector('#m-start:not([disabled])', { timeout: 30000 });
  await page.evaluate(() => globalThis.tmlab.views.match.restored);
}

/** @param {Page} page @param {string} k the statistic's name */
const stat = (page, k) => textOf(page, `[data-stat="${k}"] .stat-value`).then((t) => t.trim());

test('a bad Match link falls back per value with one concise, dismissible message', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await openMatch(page, 'm.a=foo&m.tca=banana&m.games=x&m.clock=sundial&m.b=lc0-simple');
  const st = await page.evaluate(() => globalThis.tmlab.views.match.state);
  assert.equal(st.a, 'lc0-legacy', 'm.a falls back to the default');
  assert.equal(st.b, 'lc0-simple', 'a good value beside bad ones is kept');
  assert.equal(st.tca, '1+0.01');
  assert.equal(st.games, 40);
  assert.equal(st.clock, 'virtual');
  assert.equal(await page.inputValue('#ma-manager'), 'lc0-legacy', 'player A’s panel is filled');
  const note = await textOf(page, '#url-note-text');
  for (const key of ['m.a=foo', 'm.tca=banana', 'm.games=x', 'm.clock=sundial']) {
    assert.equal(note.split(key).length - 1, 1, `${key} named once in: ${note}`);
  }
  assert.doesNotMatch(note, /allowed:|aliases/, 'the manager list is not repeated in the banner');
  assert.ok(note.length < 600, `concise: ${note.length} chars`);
  await page.click('#url-note-close');
  assert.equal(await page.isHidden('#url-note'), true, 'dismissed');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a bad Curves link falls back per value; the message can be dismissed', async () => {
  const page = await browser.context.newPage();
  await page.goto(`${server.url}?v=1&view=curves&ed.decay.step=abc&al.specs=nope&al.specs=stockfish`);
  await page.waitForSelector('#chart-allocation canvas[data-draws]');
  const note = await textOf(page, '#url-note-text');
  assert.match(note, /ed\.decay\.step=abc: is not a number/);
  assert.match(note, /al\.specs=nope: unknown time manager `nope`/);
  assert.doesNotMatch(note, /allowed:/);
  await page.click('#url-note-close');
  assert.equal(await page.isHidden('#url-note'), true);
  await page.close();
});

test('time-control fields echo their reading (seconds syntax everywhere)', async () => {
  const page = await browser.context.newPage();
  await openMatch(page, 'm.same=false');
  await page.fill('#m-tca', '180+2');
  await page.fill('#m-tcb', '40/60');
  assert.equal(await textOf(page, '#m-tc-echo .tc-reading'), '3 min + 2 s per move vs 40 moves in 1 min, repeating');
  await page.check('#m-same');
  assert.equal(await textOf(page, '#m-tc-echo .tc-reading'), 'both: 3 min + 2 s per move');
  await page.goto(`${server.url}?v=1&view=curves`);
  await page.waitForSelector('#allocation-tc');
  assert.equal(await textOf(page, '#allocation-tc-reading'), '1 min + 0.6 s per move');
  await page.fill('#allocation-tc', '300+3');
  assert.equal(await textOf(page, '#allocation-tc-reading'), '5 min + 3 s per move');
  // Sweep and Tune echo theirs too: `3+2` is 3 s + 2 s, said plainly.
  await page.goto(`${server.url}?v=1&view=sweep`);
  await page.waitForSelector('#s-tc-reading');
  assert.equal(await textOf(page, '#s-tc-reading'), '1 s + 0.01 s per move');
  await page.fill('#s-tc', '3+2');
  await page.waitForFunction(() => /** @type {Element} */ (document.querySelector('#s-tc-reading')).textContent === '3 s + 2 s per move');
  assert.equal(await textOf(page, '#s-tcb-reading'), 'the same');
  await page.fill('#s-tcb', '180+2');
  await page.waitForFunction(() => /** @type {Element} */ (document.querySelector('#s-tcb-reading')).textContent === '3 min + 2 s per move');
  await page.goto(`${server.url}?v=1&view=tune`);
  await page.waitForSelector('#t-tc-reading');
  await page.fill('#t-tc', '40/60');
  await page.waitForFunction(() => /** @type {Element} */ (document.querySelector('#t-tc-reading')).textContent === '40 moves in 1 min, repeating');
  await page.close();
});

test('at devicePixelRatio 2 chart canvases are backed at CSS size × 2', async () => {
  await own({ deviceScaleFactor: 2 }, async (context) => {
    const page = await context.newPage();
    await page.goto(`${server.url}?v=1&view=curves`);
    for (const id of ['decay', 'moves-left', 'allocation']) await page.waitForSelector(`#chart-${id} canvas[data-draws]`);
    await page.waitForTimeout(300);
    const sizes = await page.$$eval('.figure canvas', (/** @type {HTMLCanvasElement[]} */ cs) =>
      cs.map((c) => ({ w: c.width, h: c.height, cssW: c.getBoundingClientRect().width, cssH: c.getBoundingClientRect().height, dpr: c.dataset.dpr })),
    );
    assert.ok(sizes.length >= 3);
    for (const s of sizes) {
      assert.equal(s.dpr, '2');
      assert.ok(Math.abs(s.w - 2 * s.cssW) <= 1, `width ${s.w} vs CSS ${s.cssW}`);
      assert.ok(Math.abs(s.h - 2 * s.cssH) <= 1, `height ${s.h} vs CSS ${s.cssH}`);
    }
  });
});

test('a tap on a chart shows the readout', async () => {
  await own({ hasTouch: true, viewport: { width: 390, height: 844 } }, async (context) => {
    const page = await context.newPage();
    await page.goto(`${server.url}?v=1&view=curves`);
    const canvas = page.locator('#chart-decay canvas[data-draws]');
    await canvas.waitFor();
    const note = page.locator('#chart-decay .annotation');
    assert.equal(await note.getAttribute('data-x'), null, 'no readout before the tap');
    const box = await boxOf(canvas);
    await page.touchscreen.tap(box.x + box.width * 0.6, box.y + box.height * 0.5);
    await page.waitForFunction(() => /** @type {HTMLElement} */ (document.querySelector('#chart-decay .annotation')).dataset.x !== undefined);
    assert.match(await textAt(note), /\d/);
    await page.waitForTimeout(200);
    assert.notEqual(await note.getAttribute('data-x'), null, 'the readout stays after the finger lifts');
  });
});

test('Match statistics read "–" until two pairs have finished', async () => {
  await own({}, async (context) => {
    const page = await context.newPage();
    await openMatch(page, `${FAST}&m.games=2`);
    await page.click('#m-start');
    await page.waitForSelector('#m-progress[data-status="complete"]', { timeout: 60000 });
    for (const k of ['elo', 'nelo', 'los']) assert.equal(await stat(page, k), '–', `${k} after one pair`);
    assert.match(await stat(page, 'wdl'), /^\d+ \/ \d+ \/ \d+$/);
    assert.doesNotMatch(await textOf(page, '#m-block'), /Elo:/, 'the block has no estimate either');
  });
});

test('keyboard focus stays on a games-table row while the table updates', async () => {
  await own({}, async (context) => {
    const page = await context.newPage();
    const errors = collectErrors(page);
    // 12 games (the test ends after two more rows): with 6, a loaded machine could finish
    // the 5th before the focus is set, and no two rows would be left to update the table.
    await openMatch(page, `${FAST}&m.games=12&m.conc=1`);
    await page.click('#m-start');
    await page.waitForSelector('#m-games-table tr.done[data-index="0"]', { timeout: 60000 });
    await page.focus('#m-games-table tr.done[data-index="0"]');
    await page.evaluate(() => {
      const focused = document.activeElement;
      if (!(focused instanceof HTMLElement)) throw new Error('no row has the focus');
      /** @type {HTMLElement & {__mark?: string}} */ (focused).__mark = 'focused-row';
  });
  const before = await page.evaluate(() => document.querySelectorAll('#m-games-table tr.done').length);
  await page.waitForFunction((/** @type {number} */ n) => document.querySelectorAll('#m-games-table tr.done').length >= n + 2, before, { timeout: 60000 });
  const active = await page.evaluate(() => {
    const focused = /** @type {(HTMLElement & {__mark?: string}) | null} */ (document.activeElement);
    return { mark: focused?.__mark, index: focused?.dataset?.index };
  });
  assert.deepEqual(active, { mark: 'focused-row', index: '0' }, 'the same row element keeps focus');
  await page.keyboard.press('Enter');
  // Selecting loads the game's summary first, so the choice lands a moment later.
  await page.waitForFunction(() => globalThis.tmlab.views.match.selected === 0, null, { timeout: 10000 });
  await page.waitForSelector('#m-games-table tr.selected[data-index="0"]');
  assert.deepEqual(errors, []);
  });
});

test('a tampered saved game is dropped with a message and never reaches the page', async () => {
  await own({}, async (context) => {
    const page = await context.newPage();
    await openMatch(page, `${FAST}&m.games=2`);
    await page.click('#m-start');
    await page.waitForSelector('#m-progress[data-status="complete"]', { timeout: 60000 });
    await page.evaluate(async () => {
      const db = await new Promise((res, rej) => {
        const r = indexedDB.open('tmlab');
        r.onsuccess = () => res(r.result);
        r.onerror = () => rej(r.error);
      });
      const tx = db.transaction('match', 'readwrite');
      const store = tx.objectStore('match');
      /** @type {IDBValidKey[]} */
      const keys = await new Promise((res) => {
        const r = store.getAllKeys();
        r.onsuccess = () => res(r.result);
      });
      const key = keys.find((k) => String(k).startsWith('game:'));
      if (key === undefined) throw new Error('no saved game');
      /** @type {unknown} */
      const game = await new Promise((res) => {
        const r = store.get(key);
        r.onsuccess = () => res(r.result);
      });
      if (typeof game !== 'string') throw new Error(`the saved game is not sealed text: ${game}`);
      // The record is sealed with its CRC-32 (a plain edit is caught by the checksum): re-seal
      // the tampered payload so that the page's field checks are what stop it.
      const crc32 = (/** @type {string} */ text) => {
        let c = ~0;
        for (const b of new TextEncoder().encode(text)) {
          c ^= b;
          for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
        }
        return (~c >>> 0).toString(16).padStart(8, '0');
      };
      const payload = JSON.parse(game.slice(27, -1));
      payload.record.outcome.result = '<img src=x onerror="globalThis.__xss = 1">';
      const text = JSON.stringify(payload);
      store.put(`{"sum":"${crc32(text)}","record":${text}}`, key);
      await new Promise((res) => (tx.oncomplete = res));
      db.close();
  });
  await page.reload();
  await page.waitForSelector('#m-start:not([disabled])', { timeout: 30000 });
  await page.evaluate(() => globalThis.tmlab.views.match.restored);
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => globalThis.__xss), undefined, 'no handler ran');
  assert.equal(await page.locator('#m-games-table img').count(), 0);
  assert.match(await textOf(page, '#m-note'), /1 saved game was damaged and dropped \(result is not one of/);
  assert.equal(await page.locator('#m-games-table tr.done').count(), 1, 'the good game is kept');
  });
});
