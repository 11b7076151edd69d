// @ts-check
// The Match view's Scaling section and the Curves view's Flag risk card, end to end in Chromium
// with the real wasm in real workers.
// Scaling: the section renders under the match with an estimate before it starts; a bad control
// is refused beside its field (the crate's message) and Start is disabled; a small run (2
// controls × 2 games) shows the time left while running, completes, equals `tmlab scaling
// --json` for the same seed, and draws the chart with the verdict sentence.
// Flag risk: the card draws the curve once on screen and answers with the required overhead; a
// latency beyond the clock (fixed:2000 at 1+0.01) makes every overhead lose (no answer, the
// sentence says so); a bad model is refused by the crate with what is allowed.
// Needs target/debug/tmlab (cargo build).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serveDist, launch, collectErrors, ROOT, textOf } from './harness.mjs';

/** @typedef {import('./harness.mjs').Page} Page */

const TCS = '1+0.01,2+0.02';
const QUERY = `?v=1&view=match&sc.tcs=${encodeURIComponent(TCS)}&sc.games=2&sc.maxmoves=30&sc.seed=2`;

/** @type {import('./harness.mjs').Server} */
let server;
/** @type {import('./harness.mjs').Browser} */
let browser;
/** @type {{points: unknown[], fit: unknown, sentence: string}} the `tmlab scaling --json` report */
let native;

before(async () => {
  const bin = join(ROOT, 'target', 'debug', 'tmlab');
  assert.ok(existsSync(bin), 'target/debug/tmlab is missing: run cargo build');
  const out = execFileSync(
    bin,
    ['scaling', '--a', 'lc0-legacy', '--b', 'stockfish', '--tcs', TCS, '--games', '2', '--maxmoves', '30', '--seed', '2', '--concurrency', '2', '--json'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  native = JSON.parse(JSON.stringify(JSON.parse(out).report));
  server = await serveDist();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('the Scaling section estimates, refuses a bad control, runs and equals tmlab scaling', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await page.goto(server.url + QUERY);
  await page.waitForSelector('#sc-start:not([disabled])', { timeout: 60000 });
  await page.evaluate(() => globalThis.tmlab.views.match.scaling.restored);
  assert.match(await textOf(page, '#sc-plan'), /2 controls: 1\+0.01, 2\+0.02; 2 games per control, 4 in all/);
  assert.match(await textOf(page, '#sc-tcs-reading'), /1\+0.01 = 1 s \+ 0.01 s per move/);
  await page.waitForSelector('#sc-estimate strong[data-seconds]', { timeout: 60000 });
  assert.match((await textOf(page, '#sc-estimate')).replace(/\s+/g, ' '), /Estimate: about .+ on this device \(4 games, .*per control with 2 games/);

  // A bad control: the crate's message beside the form, Start disabled; fixed, it comes back.
  await page.fill('#sc-tcs', '1+0.01,40/60');
  await page.waitForFunction(() => /** @type {Element} */ (document.querySelector('#sc-error')).textContent.includes('no typical game time'));
  assert.ok(await page.locator('#sc-start[disabled]').count(), 'Start is disabled');
  assert.ok(await page.locator('#sc-tcs.invalid').count(), 'the field is marked');
  await page.fill('#sc-tcs', '1+0.01');
  await page.waitForFunction(() => /** @type {Element} */ (document.querySelector('#sc-error')).textContent.includes('2 to 12 time controls'));
  await page.fill('#sc-tcs', TCS);
  await page.waitForSelector('#sc-start:not([disabled])');
  assert.equal(await textOf(page, '#sc-error'), '');

  await page.click('#sc-start');
  await page.waitForSelector('#sc-estimate-eta', { timeout: 60000 });
  await page.waitForSelector('#sc-progress[data-status="complete"]', { timeout: 300000 });
  const report = await page.evaluate(() => JSON.parse(JSON.stringify(globalThis.tmlab.views.match.scaling.report)));
  assert.deepEqual(report.points, native.points, 'per-control results = tmlab scaling --json');
  assert.deepEqual(report.fit, native.fit);
  assert.equal(report.sentence, native.sentence);
  assert.equal(await textOf(page, '#sc-verdict strong'), native.sentence);
  assert.equal(await page.locator('#sc-table tbody tr').count(), 2);
  // The chart is drawn (pixels that are not the background).
  const inked = await page.evaluate(() => {
    const c = /** @type {HTMLCanvasElement} */ (document.querySelector('#sc-chart'));
    const ctx = c.getContext('2d');
    if (!ctx) throw new Error('#sc-chart has no 2d context');
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] < 200) n++;
    return n;
  });
  assert.ok(inked > 500, `the chart has ink (${inked} dark pixels)`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the Flag risk card draws the curve, answers, and reacts to its inputs', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  // A small simulation: 400 games at a risk of 1 in 50.
  await page.goto(`${server.url}?v=1&view=curves&fr.games=400&fr.risk=0.02&fr.latency=${encodeURIComponent('normal:40,15')}`);
  await page.waitForSelector('#chart-flag-risk', { timeout: 60000 });
  await page.locator('#chart-flag-risk').scrollIntoViewIfNeeded();
  await page.waitForSelector('#fr-status[data-status="done"]', { timeout: 120000 });
  const answer = await textOf(page, '#fr-answer');
  assert.match(answer, /stockfish at 2\+0.02 with latency normal:40,15: a Move Overhead of \d+ ms keeps the flag risk under 1 in 50 games/);
  const required = Number(await page.getAttribute('#fr-answer', 'data-required'));
  assert.ok(required > 0, `a positive overhead is needed against 40 ms of latency (${required})`);
  const drawn = await page.getAttribute('#fr-chart', 'data-drawn');

  // A latency beyond the clock: every overhead flags; the answer says none is safe.
  await page.fill('#fr-tc', '1+0.01');
  await page.fill('#fr-latency', 'fixed:2000');
  await page.waitForFunction(() => /no Move Overhead tried/.test(/** @type {Element} */ (document.querySelector('#fr-answer')).textContent), null, { timeout: 120000 });
  assert.notEqual(await page.getAttribute('#fr-chart', 'data-drawn'), drawn, 'the chart was drawn again');
  const report = await page.evaluate(() => globalThis.tmlab.views.curves.flagRisk?.state.report);
  assert.ok(report, 'the Flag risk card is mounted and has a report');
  // Each point also carries its flag probability `p` (the crate's JSON; www's OverheadReport
  // names only the fields the card reads).
  const points = /** @type {{overhead_ms: number, p: number}[]} */ (report.points);
  assert.ok(points.length > 0 && points.every((p) => p.p === 1), 'probability exactly 1 at every overhead');

  // A bad model: the crate's message and what is allowed; the field is marked.
  await page.fill('#fr-latency', 'gauss:1,2');
  await page.waitForFunction(() => /** @type {Element} */ (document.querySelector('#fr-error')).textContent.includes('is not a latency model'), null, { timeout: 30000 });
  assert.match(await textOf(page, '#fr-error'), /allowed: fixed:MS, normal:MEAN,SD, lognormal:MEDIAN,SIGMA, pareto:MIN,ALPHA/);
  assert.ok(await page.locator('#fr-latency.invalid').count());
  assert.deepEqual(errors, []);
  await page.close();
});
