// @ts-check
// Replay view end to end: the shipped lichess-style sample loads and is replayed by the real wasm
// (the numbers the CLI test computes by hand), the chart is drawn with the chosen manager's
// limits, the tmlab sample and a pasted PGN replay, and a PGN without clocks or a bad manager
// gets a message naming the game and move (or the manager). Screenshot:
// target/screenshots/replay.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { serveDist, launch, collectErrors, ROOT, textAt, textOf } from './harness.mjs';

/** @typedef {import('./harness.mjs').Page} Page */

const SHOTS = join(ROOT, 'target', 'screenshots');
/** @type {import('./harness.mjs').Server} */
let server;
/** @type {import('./harness.mjs').Browser} */
let browser;

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await serveDist();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const state = (/** @type {Page} */ page) => page.getAttribute('#view-replay', 'data-state');

test('the shipped %clk sample replays: summary, chart, moves; errors name the game and move', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${server.url}?v=1&view=replay`);
  await page.waitForFunction(() => globalThis.tmlab?.views?.replay, null, { timeout: 30000 });
  await page.evaluate(() => globalThis.tmlab.views.replay.loaded);
  assert.equal(await state(page), 'replayed');
  assert.match(await textOf(page, '#rp-headline'), /Game 1: Morphy vs Allies .* 1-0; times from \[%clk\], to 100 ms;/);
  // lichess's clock rule: before Black's first move its clock shows 3:00, not 3:02.
  assert.match(await textOf(page, '#rp-headline'), /lichess's clock rule\.$/);
  await page.evaluate(() => { /** @type {HTMLDetailsElement} */ (document.querySelector('details.replay-moves')).open = true; });
  /** @param {string} side @param {number} row */
  const opponentAt = (side, row) => page.locator(`table[data-side="${side}"] tbody tr`).nth(row).locator('td').nth(3).textContent();
  assert.equal(await opponentAt('white', 0), '180.00 s');
  // Black's 9... b5 took 41.3 s: over lc0-legacy's hard limit, never over Stockfish's.
  const legacy = page.locator('#rp-summary tr.replay-manager[data-side="black"][data-spec="lc0-legacy"] td.over-hard');
  assert.match(await textAt(legacy), /^5 \(9\.\.\. b5, 10\.\.\. cxb5, 11\.\.\. Nbd7, 12\.\.\. Rd8, 14\.\.\. Qe6\)/);
  const sf = page.locator('#rp-summary tr.replay-manager[data-side="black"][data-spec="stockfish"] td.over-hard');
  assert.equal((await textAt(sf)).trim(), '0');
  // The chart is drawn (Rust plot code on the canvas) with every timed move.
  await page.waitForFunction(() => /** @type {HTMLCanvasElement | null} */ (document.querySelector('#m-chart'))?.dataset.moves === '33');
  const inked = await page.evaluate(() => {
    const c = /** @type {HTMLCanvasElement} */ (document.querySelector('#m-chart'));
    const ctx = c.getContext('2d');
    if (!ctx) throw new Error('#m-chart has no 2d context');
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] < 200 || d[i + 1] < 200 || d[i + 2] < 200) n++;
    return n;
  });
  assert.ok(inked > 2000, `chart ink ${inked}`);
  // Switching the chart's manager changes the moves table's limits.
  await page.evaluate(() => { /** @type {HTMLDetailsElement} */ (document.querySelector('details.replay-moves')).open = true; });
  const hardB5 = () => textAt(page.locator('table[data-side="black"] tbody tr').nth(8).locator('td').nth(5));
  const sfHard = await hardB5();
  assert.match(sfHard, /^\d+\.\d\d s$/);
  await page.selectOption('#rp-manager', '1');
  const legacyHard = await hardB5();
  assert.notEqual(sfHard, legacyHard);
  assert.equal(legacyHard, '20.80 s');
  assert.equal(await page.locator('table[data-side="black"] tbody tr.over').count(), 5);
  await page.screenshot({ path: join(SHOTS, 'replay.png'), fullPage: true });

  // The tmlab sample: [%clk] and [%emt], 60+0.6.
  await page.click('button[data-sample="tmlab"]');
  await page.waitForFunction(() => /tmlab match/.test(document.querySelector('#rp-headline')?.textContent ?? ''));
  assert.match(await textOf(page, '#rp-headline'), /times from \[%clk\] and \[%emt\], to 1 ms; cutechess's clock rule\./);
  // An engine match keeps cutechess's rule: 60+0.6 starts at 60.6 s.
  await page.evaluate(() => { /** @type {HTMLDetailsElement} */ (document.querySelector('details.replay-moves')).open = true; });
  assert.equal(await opponentAt('white', 0), '60.60 s');

  // A pasted game without clocks: the message names the game and the move.
  await page.fill('#rp-pgn', '[Event "Club"]\n[White "Ann"]\n[Black "Bo"]\n[TimeControl "300+3"]\n\n1. e4 { [%clk 0:05:00] } e5 2. Nf3 *\n');
  await page.dispatchEvent('#rp-pgn', 'change');
  await page.waitForFunction(() => /** @type {HTMLElement} */ (document.querySelector('#view-replay')).dataset.state === 'error');
  assert.equal(
    await textOf(page, '#rp-error'),
    'game 1 (Ann vs Bo, Club), move 1... e5: no clock: the move has neither [%clk] nor [%emt] (nor cutechess\'s `1.21s`); replay needs one of them on every move that is not {book} (allowed: a PGN with [%clk] or [%emt] on every move and a TimeControl tag)',
  );
  // A bad manager is named.
  await page.click('button[data-sample="lichess"]');
  await page.waitForFunction(() => /** @type {HTMLElement} */ (document.querySelector('#view-replay')).dataset.state === 'replayed');
  await page.fill('#rp-tm', 'stockfish; lc0-legacy(slowmover=9)');
  await page.dispatchEvent('#rp-tm', 'change');
  await page.waitForFunction(() => /** @type {HTMLElement} */ (document.querySelector('#view-replay')).dataset.state === 'error');
  assert.match(await textOf(page, '#rp-error'), /^manager 2: .*slowmover.*out of range/);
  assert.ok(await page.locator('#rp-tm.invalid').count());
  // The managers live in the URL (written on the next frame).
  await page.waitForFunction(() => new URL(location.href).searchParams.get('rp.tm') === 'stockfish; lc0-legacy(slowmover=9)', null, { timeout: 5000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test('engine traces: a fastchess sample fills eval/depth and latency; a tmlab game overlays its own limits', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${server.url}?v=1&view=replay&rp.tm=${encodeURIComponent('lc0-legacy;stockfish')}`);
  await page.waitForFunction(() => globalThis.tmlab?.views?.replay, null, { timeout: 30000 });
  await page.evaluate(() => globalThis.tmlab.views.replay.loaded);

  // fastchess 40/10, `timeleft=true`: 1. Nc3 {-0.26/9 0.190s, tl=9.810s, latency=0.001s}.
  await page.click('button[data-sample="fastchess"]');
  await page.waitForFunction(() => /Fastchess Tournament/.test(document.querySelector('#rp-headline')?.textContent ?? ''));
  await page.evaluate(() => { /** @type {HTMLDetailsElement} */ (document.querySelector('details.replay-moves')).open = true; });
  /** @param {string} side @param {number} row */
  const cells = (side, row) => page.locator(`table[data-side="${side}"] tbody tr`).nth(row).locator('td').allTextContents();
  const first = await cells('white', 0);
  assert.deepEqual([first[0], first[1], first[6], first[8]], ['1. Nc3', '0.19 s', '-0.26/9', '0.001 s']);
  assert.equal(await page.locator('#rp-manager option').count(), 2, 'fastchess writes no limits: only the managers');
  // With the trace columns, each side's table fits its box at 1200 px (the sides stack), no scroll bar.
  await page.setViewportSize({ width: 1200, height: 900 });
  const overflow = await page.$$eval('table.replay-table[data-side]', (ts) => ts.map((t) => t.scrollWidth - t.clientWidth));
  assert.deepEqual(overflow.map((x) => x <= 1), [true, true], `overflow of each table: ${overflow} px`);

  // A tmlab game: its comments carry soft=/hard=; "its own limits" is one more chart choice.
  await page.click('button[data-sample="tmlab"]');
  await page.waitForFunction(() => /tmlab match/.test(document.querySelector('#rp-headline')?.textContent ?? ''));
  assert.equal(await page.locator('#rp-manager option').count(), 3);
  assert.match(await textOf(page, '#rp-summary tr.replay-own[data-side="white"]'), /its own limits \(from its comments, \d+ moves\)/);
  await page.evaluate(() => { /** @type {HTMLDetailsElement} */ (document.querySelector('details.replay-moves')).open = true; });
  const legacySoft = (await cells('white', 0))[4];
  await page.selectOption('#rp-manager', '2');
  await page.waitForFunction(() => /own limits/.test(/** @type {Element} */ (document.querySelector('details.replay-moves summary')).textContent));
  // White played with lc0-legacy: replaying it gives White's own limits back.
  assert.equal((await cells('white', 0))[4], legacySoft);
  // The chart redraws with the engines' own limits (a record fetched from the worker).
  await page.waitForFunction(() => {
    const c = /** @type {HTMLCanvasElement | null} */ (document.querySelector('#m-chart'));
    return c && Number(c.dataset.moves) > 80;
  }, null, { timeout: 30000 });
  assert.deepEqual(errors, []);
  await page.close();
});
