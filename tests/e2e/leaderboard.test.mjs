// @ts-check
// Leaderboard view end to end: the committed results load, the table matches the data file
// (sorted by Elo), the clock-share curves are drawn by the Rust plot code, one per manager,
// and the chosen control lives in the URL. Screenshot: target/screenshots/leaderboard.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveDist, launch, collectErrors, ROOT, textOf } from './harness.mjs';

/** @typedef {import('./harness.mjs').Page} Page */

const SHOTS = join(ROOT, 'target', 'screenshots');
/** @typedef {import('../../www/views/leaderboard/controller.js').LeaderboardEntry} LeaderboardEntry */
/**
 * The committed results: `{runs: [run, …]}`, each run with its entries (what the test reads).
 * @type {{runs: (import('../../www/views/leaderboard/controller.js').LeaderboardRun & {results: LeaderboardEntry[]})[]}}
 */
const DOC = JSON.parse(readFileSync(join(ROOT, 'www', 'public', 'leaderboard.json'), 'utf8'));
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

test('the committed leaderboard: table sorted by Elo, one curve per manager, URL state', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${server.url}?v=1&view=leaderboard`);
  await page.waitForFunction(() => globalThis.tmlab?.views?.leaderboard, null, { timeout: 30000 });
  await page.evaluate(() => globalThis.tmlab.views.leaderboard.loaded);
  assert.equal(await page.getAttribute('#view-leaderboard', 'data-state'), 'loaded');
  const run = DOC.runs[0];
  const group = run.results.filter((e) => e.engine === run.results[0].engine && e.tc === run.results[0].tc);
  const names = await page.$$eval('#lb-table tbody tr', (rows) => rows.map((r) => /** @type {HTMLElement} */ (r).dataset.manager));
  assert.deepEqual([...names].sort(), group.map((e) => e.manager).sort());
  const best = [...group].sort((a, b) => (b.elo ?? -1e9) - (a.elo ?? -1e9))[0];
  assert.equal(names[0], best.manager);
  const { elo, elo_error: error } = best;
  assert.ok(elo != null && error != null, `the best manager has an Elo and its error: ${JSON.stringify(best)}`);
  const first = await textOf(page, '#lb-table tbody tr:first-child td.elo');
  assert.equal(first, `${elo >= 0 ? '+' : '−'}${Math.abs(Math.round(elo))} ± ${Math.round(error)}`);
  // Ranks come from the crate: a range wherever 95 % intervals overlap, the best row ranked 1.
  const ranks = await page.$$eval('#lb-table tbody td.rank', (cells) => cells.map((c) => c.textContent ?? ''));
  assert.equal(ranks.length, group.length);
  for (const r of ranks) assert.match(r, /^\d+(–\d+)?$/);
  assert.match(ranks[0], /^1(–|$)/);
  const spread = (/** @type {string} */ r) => (r.includes('–') ? Number(r.split('–')[1]) - Number(r.split('–')[0]) : 0);
  assert.ok(ranks.some((r) => spread(r) > 0), `some managers tie at ${run.games} games: ${ranks}`);
  assert.equal(await textOf(page, '#lb-provenance'), `${run.command} (tmlab ${run.tmlab_version}, seed ${run.seed}, ${run.games} games per manager and control, ${run.clock}).`);
  await page.waitForFunction((n) => /** @type {HTMLCanvasElement | null} */ (document.querySelector('#lb-curves'))?.dataset.curves === String(n), group.length);
  const colours = await page.evaluate(() => {
    const c = /** @type {HTMLCanvasElement} */ (document.querySelector('#lb-curves'));
    const ctx = c.getContext('2d');
    if (!ctx) throw new Error('#lb-curves has no 2d context');
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    const seen = new Set();
    for (let i = 0; i < d.length; i += 4) if (Math.max(d[i], d[i + 1], d[i + 2]) - Math.min(d[i], d[i + 1], d[i + 2]) > 80) seen.add(`${d[i] >> 5},${d[i + 1] >> 5},${d[i + 2] >> 5}`);
    return seen.size;
  });
  assert.ok(colours >= 4, `distinct line colours ${colours}`);
  await page.hover('#lb-table tbody tr:nth-child(2)');
  await page.screenshot({ path: join(SHOTS, 'leaderboard.png'), fullPage: true });
  // With a second control in the data, choosing it shows its run and lands in the URL.
  const options = await page.$$eval('#lb-group option', (o) => o.map((x) => /** @type {HTMLOptionElement} */ (x).value));
  if (options.length > 1) {
    await page.selectOption('#lb-group', options[1]);
    const [, tc] = options[1].split(' ');
    await page.waitForFunction((t) => new URL(location.href).searchParams.get('lb.tc') === t, tc, { timeout: 5000 });
    assert.match(await textOf(page, '#lb-provenance'), new RegExp(`--tc ${tc.replace(/[+.]/g, '\\$&')} `));
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('planning a larger run of the shown gauntlet: its command, its cost on this device and its precision', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${server.url}?v=1&view=leaderboard`);
  await page.waitForFunction(() => globalThis.tmlab?.views?.leaderboard, null, { timeout: 30000 });
  await page.evaluate(() => globalThis.tmlab.views.leaderboard.loaded);
  const run = DOC.runs[0];
  const group = run.results.filter((e) => e.engine === run.results[0].engine && e.tc === run.results[0].tc);
  assert.equal(
    await textOf(page, '#lb-command'),
    `tmlab leaderboard --tc ${group[0].tc} --games 200 --engine ${group[0].engine} --seed 1 --concurrency 2 --json`,
  );
  await page.waitForSelector('#lb-estimate strong[data-seconds]', { timeout: 60000 });
  const text = (await textOf(page, '#lb-estimate')).replace(/\s+/g, ' ');
  assert.match(text, new RegExp(`\\(${200 * group.length} games, 2 at once, .* s a game on the virtual clock: 1 ms = 1000 nodes\\); expected precision ±40 Elo \\(95 %\\) per manager with 200 games\\.`));
  console.log(`# leaderboard plan: ${text.trim()}`);
  // A target precision sets the games per manager.
  await page.fill('#lb-precision', '60');
  await page.waitForFunction(() => /** @type {Element} */ (document.querySelector('#lb-command')).textContent.includes('--games 92 '));
  assert.deepEqual(errors, []);
  await page.close();
});
