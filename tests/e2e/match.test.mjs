// @ts-check
// Match view end to end: real wasm game workers play a 10-game virtual-clock match; the page's
// summary equals the JSON download's stats; the PGN download holds 10 games with %clk; no
// main-thread task over 50 ms while the match runs; Stop then Resume finishes the match; a
// reload mid-match resumes from IndexedDB. Screenshots go to target/screenshots/match*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveDist, launch, watchLongTasks, longTasks, collectErrors, ROOT, blockedMs, textOf, attrOf } from './harness.mjs';

/** @typedef {import('./harness.mjs').Page} Page */
/**
 * A game of the Match view's JSON export (`games[]`), the fields the tests read.
 * @typedef {{index: number, a_white: boolean, outcome_a: string,
 *   record: {outcome: {result: string}, moves: {book?: boolean, engine?: {nodes: number} | null}[]}}} ExportedGame
 */

const SHOTS = join(ROOT, 'target', 'screenshots');
/** A fast match: alpha-beta at 1+0.01 vs 0.8+0.01 on a 100 k nps virtual clock. */
const QUERY = '?v=1&view=match&m.same=false&m.a=stockfish&m.b=lc0-legacy&m.tca=1%2B0.01&m.tcb=0.8%2B0.01&m.games=10&m.nps=100000';

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

/**
 * @param {Page} page
 * @param {string} [query] the URL's query
 */
async function openMatch(page, query = QUERY) {
  await page.goto(server.url + query);
  await page.waitForSelector('#m-start:not([disabled])', { timeout: 30000 });
  await page.evaluate(() => globalThis.tmlab.views.match.restored);
}

const finished = (/** @type {Page} */ page) => page.evaluate(() => Number(/** @type {HTMLElement} */ (document.querySelector('#m-progress')).dataset.finished || 0));

/**
 * Clicks a download button; returns the file's text.
 * @param {Page} page
 * @param {string} button its selector
 */
async function download(page, button) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
  return readFileSync(await dl.path(), 'utf8');
}

test('a 10-game virtual match completes; page summary = JSON download; PGN has 10 games with %clk; the page never blocks', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await watchLongTasks(page);
  await openMatch(page);
  const valid = await page.evaluate(() => globalThis.tmlab.views.match.valid);
  assert.ok(valid, 'the default form is valid');
  assert.equal(valid.tc_a, '1+0.01');
  assert.equal(valid.tc_b, '0.8+0.01');
  assert.match(await textOf(page, '#m-clock-label'), /virtual clock: 1 ms = 100 nodes/);
  // Let the page settle before measuring the match itself.
  await page.waitForTimeout(300);
  const t0 = await page.evaluate(() => performance.now());
  const wall = Date.now();
  // Before it starts: the estimate on this device and the precision on A's Elo.
  await page.waitForSelector('#m-estimate strong[data-seconds]', { timeout: 60000 });
  assert.match((await textOf(page, '#m-estimate')).replace(/\s+/g, ' '), /Estimate: about .+ on this device \(10 games, \d at once, .* s a game on the virtual clock: 1 ms = 100 nodes\); expected precision ±\d+ Elo \(95 %\) on A with 10 games\./);
  await page.click('#m-start');
  await page.waitForSelector('#m-progress[data-status="running"]');
  // While it runs: the time left.
  assert.match(await textOf(page, '#m-estimate-eta'), /^Time left: about /);
  await page.waitForFunction(() => document.querySelector('#m-games-table tr.running'), null, { timeout: 20000 });
  await page.waitForSelector('#m-progress[data-status="complete"]', { timeout: 120000 });
  assert.equal(await textOf(page, '#m-result-note'), 'Elo, W-L-D and LOS are player A’s against player B (A stockfish vs B lc0-legacy); virtual clock: 1 ms = 100 nodes.');
  const seconds = (Date.now() - wall) / 1000;
  const long = await longTasks(page, t0);
  console.log(`# match: 10 games in ${seconds.toFixed(1)} s; long tasks ${JSON.stringify(long)}`);
  // The games run in workers: a game on the main thread would block it for a whole game
  // (hundreds of ms at 1+0.01). Rendering a finished game's row and chart takes tens of ms, and
  // on 2 cores with a worker busy a GC or layout now and then passes 50 ms (65 ms and 80 ms were
  // seen in CI): the guard is against blocking, not a timing target (`npm run bench` measures).
  const bound = blockedMs();
  assert.deepEqual(long.filter((t) => t.duration > bound), [], `a main-thread task over ${bound} ms (the load-scaled blocking bound) during the match: is a game running on the page?`);
  assert.equal(await finished(page), 10);
  assert.match(await textOf(page, '#m-progress'), /^10\/10 games · match complete/);
  assert.equal(await page.locator('#m-games-table tr.done').count(), 10);

  // The JSON download carries the same statistics as the page shows.
  const json = JSON.parse(await download(page, '#m-json'));
  assert.equal(json.format, 'tmlab-match');
  assert.equal(json.games.length, 10);
  assert.equal(json.spec.tc_a, '1+0.01');
  assert.equal(json.spec.clock.nps, 100000);
  const st = json.standing;
  assert.equal(st.finished, 10);
  assert.equal(await textOf(page, '#m-block'), st.text, 'the result block on the page = the export’s');
  const b = st.report.block;
  assert.equal(b.wdl.wins + b.wdl.losses + b.wdl.draws, 10);
  const shown = async (/** @type {string} */ k) => (await textOf(page, `[data-stat="${k}"] .stat-value`)).trim();
  assert.equal(await shown('wdl'), `${b.wdl.wins} / ${b.wdl.losses} / ${b.wdl.draws}`);
  assert.equal(await shown('penta'), `[${b.penta.ll}, ${b.penta.ld}, ${b.penta.wl + b.penta.dd}, ${b.penta.wd}, ${b.penta.ww}]`);
  // One side with every point (this short match can end 10-0) has an infinite Elo, which JSON
  // carries as null and the page shows as ±∞.
  const sweep = b.wdl.draws === 0 && (b.wdl.wins === 0 || b.wdl.losses === 0);
  if (sweep) {
    assert.equal(b.estimate.elo, null);
    assert.equal(await shown('elo'), b.wdl.wins > 0 ? '+∞' : '−∞');
    assert.match(st.text, /Elo: -?inf \+\/- nan/);
  } else {
    assert.equal(await shown('elo'), `${b.estimate.elo.toFixed(2)} ± ${b.estimate.elo_error.toFixed(2)}`);
  }
  assert.equal(await shown('nelo'), `${b.estimate.nelo.toFixed(2)} ± ${b.estimate.nelo_error.toFixed(2)}`);
  assert.equal(await shown('timeouts'), `${st.report.a.timeouts} / ${st.report.b.timeouts}`);
  // Every game's score agrees with its record's result, and the per-game stats are real.
  let wins = 0;
  for (const g of /** @type {ExportedGame[]} */ (json.games)) {
    const r = g.record.outcome.result;
    const aWon = (r === '1-0' && g.a_white) || (r === '0-1' && !g.a_white);
    if (aWon) wins += 1;
    assert.equal(g.outcome_a === 'win', aWon, `game ${g.index}`);
    assert.ok(g.record.moves.some((m) => !m.book && m.engine && m.engine.nodes > 0), 'engine moves with nodes');
  }
  assert.equal(wins, b.wdl.wins);
  for (const k of ['elo', 'nelo', 'los']) {
    assert.ok((await attrOf(page, `[data-stat="${k}"]`, 'title')).length > 20, `${k} has a tooltip`);
  }

  // The PGN download: 10 games, every engine move with [%clk].
  const pgn = await download(page, '#m-pgn');
  const games = pgn.split(/\n(?=\[Event )/).filter((g) => g.trim());
  assert.equal(games.length, 10);
  for (const g of games) {
    assert.match(g, /\[TimeControl "\?"\]/, 'per-side controls write TimeControl ?');
    assert.match(g, /\[WhiteTimeControl "/);
    assert.match(g, /\[ClockMode "virtual 100 nodes\/ms/);
    assert.match(g, /\[%clk \d+:\d\d:\d\d(\.\d+)?\]/);
    const result = g.match(/\[Result "([^"]+)"\]/);
    assert.ok(result, 'the game has a Result tag');
    assert.ok(g.trim().endsWith(result[1]), 'movetext ends with the result');
  }

  // The chart shows the selected game's real records.
  await page.click('#m-games-table tr[data-index="3"]');
  await page.waitForFunction(() => /** @type {HTMLElement} */ (document.querySelector('#m-chart')).dataset.game === '3');
  const game3 = /** @type {ExportedGame[]} */ (json.games).find((g) => g.index === 3);
  assert.ok(game3, 'the export has game 3');
  const engineMoves = game3.record.moves.filter((m) => !m.book).length;
  assert.equal(Number(await page.getAttribute('#m-chart', 'data-moves')), engineMoves);
  // hover() scrolls the chart into view first: coordinates below the fold receive no events.
  await page.locator('#m-chart').hover();
  await page.waitForFunction(() => (globalThis.tmlab.views.match.chart?.lines.length ?? 0) > 0);
  assert.match(await textOf(page, '#m-chart-note'), /used \d/);
  await page.screenshot({ path: join(SHOTS, 'match-complete.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('the Match defaults: equal controls, the project’s virtual rate, an estimate that finishes', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${server.url}?v=1&view=match`);
  await page.waitForSelector('#m-start:not([disabled])', { timeout: 30000 });
  await page.evaluate(() => globalThis.tmlab.views.match.restored);
  assert.equal(await textOf(page, '#m-tc-echo .tc-reading'), 'both: 1 s + 0.01 s per move');
  assert.match(await textOf(page, '#m-clock-label'), /1 ms = 1000 nodes/);
  await page.waitForSelector('#m-estimate strong[data-seconds]', { timeout: 60000 });
  const text = (await textOf(page, '#m-estimate')).replace(/\s+/g, ' ');
  assert.match(text, /\(40 games, 1 at once, .*\); expected precision ±92 Elo \(95 %\) on A with 40 games\./);
  const estimated = Number(await page.getAttribute('#m-estimate strong', 'data-seconds'));
  console.log(`# match defaults: ${text.trim()}`);
  if (process.env.MEASURE_DEFAULTS) {
    const t0 = Date.now();
    await page.click('#m-start');
    await page.waitForSelector('#m-progress[data-status="complete"]', { timeout: 900000 });
    console.log(`# match defaults: estimated ${estimated} s, measured ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  // A target precision sets the games.
  await page.fill('#m-precision', '60');
  await page.waitForFunction(() => /** @type {HTMLInputElement} */ (document.querySelector('#m-games')).value === '92');
  assert.deepEqual(errors, []);
  await page.close();
});

test('bad settings show a validation message next to the field and disable Start', async () => {
  const page = await browser.context.newPage();
  await openMatch(page);
  await page.fill('#m-tcb', '4+x');
  await page.waitForSelector('#m-start[disabled]');
  assert.match(await textOf(page, '.field-error[data-for="tc_b"]'), /tc_b: bad time control token `4\+x`: `x` is not a time/);
  assert.ok(await page.$eval('#m-tcb', (el) => el.classList.contains('invalid')));
  await page.fill('#m-tcb', '0.8+0.01');
  await page.waitForSelector('#m-start:not([disabled])');
  await page.fill('#m-games', '0');
  assert.match(await textOf(page, '.field-error[data-for="games"]'), /games: 0 is out of range; allowed: 1 to 100000/);
  await page.close();
});

test('stop mid-match then resume finishes the match; a reload mid-match resumes from IndexedDB', async () => {
  // A fresh profile: an autosave left by another test must not be what gets resumed here.
  const own = await launch();
  try {
    const page = await own.context.newPage();
    const errors = collectErrors(page);
    // 20 games, not 10: a game takes ~0.2 s, and the screenshot and the click before Stop (or the
    // reads before the reload) can take a second on a loaded machine; with 10 the match could end
    // first (Stop would find nothing running, the reload nothing to resume).
    await openMatch(page, QUERY.replace('m.games=10', 'm.games=20'));
    await page.click('#m-start');
    await page.waitForFunction(() => Number(/** @type {HTMLElement} */ (document.querySelector('#m-progress')).dataset.finished) >= 2, null, { timeout: 60000 });
    // (Screenshots force a relayout: taken here, outside the long-task measurement.)
    await page.screenshot({ path: join(SHOTS, 'match-running.png'), fullPage: true });
    await page.click('#m-stop');
    await page.waitForSelector('#m-progress[data-status="stopped"]');
    const atStop = await finished(page);
    assert.ok(atStop >= 2 && atStop < 20, `stopped at ${atStop}`);
    assert.equal(await page.evaluate(() => globalThis.tmlab.views.match.runner?.running.size), 0, 'no game worker left');
    await page.waitForTimeout(500);
    assert.equal(await finished(page), atStop, 'nothing finishes after Stop');
    await page.screenshot({ path: join(SHOTS, 'match-stopped.png'), fullPage: true });
    await page.click('#m-resume');
    await page.waitForFunction(() => Number(/** @type {HTMLElement} */ (document.querySelector('#m-progress')).dataset.finished) >= 6, null, { timeout: 60000 });

    // Reload mid-match: the autosave brings back the finished games and the match goes on.
    const beforeReload = await finished(page);
    assert.ok(beforeReload < 20, 'the reload happens mid-match');
    await page.reload();
    await page.waitForSelector('#m-progress[data-status]', { timeout: 30000 });
    // The restore reads IndexedDB asynchronously: wait for it, not for the first paint.
    await page.waitForFunction(() => globalThis.tmlab?.views?.match, null, { timeout: 30000 });
    await page.evaluate(() => globalThis.tmlab.views.match.restored);
    const restored = await finished(page);
    assert.ok(restored >= beforeReload, `restored ${restored} of ${beforeReload} saved games`);
    assert.match(await textOf(page, '#m-note'), /Resumed an interrupted match from the autosave/);
    await page.waitForSelector('#m-progress[data-status="complete"]', { timeout: 120000 });
    assert.equal(await finished(page), 20);
    const json = JSON.parse(await download(page, '#m-json'));
    assert.deepEqual(/** @type {ExportedGame[]} */ (json.games).map((g) => g.index), [...Array(20).keys()]);
    assert.equal(await textOf(page, '#m-block'), json.standing.text);
    await page.screenshot({ path: join(SHOTS, 'match-resumed.png'), fullPage: true });
    assert.deepEqual(errors, []);
  } finally {
    await own.close();
  }
});

test('a game worker that panics is reported and its game replayed in a fresh worker; the match completes', async () => {
  const own = await launch();
  try {
    const page = await own.context.newPage();
    // A real panic through the Rust panic hook in game 2's first worker, after three moves.
    await page.addInitScript(() => {
      globalThis.__tmlabDebugGamePanic = { index: 1, afterMoves: 3 };
    });
    await page.goto(server.url + QUERY.replace('m.games=10', 'm.games=4'));
    await page.waitForSelector('#m-start:not([disabled])', { timeout: 30000 });
    await page.evaluate(() => globalThis.tmlab.views.match.restored);
    await page.click('#m-start');
    await page.waitForFunction(() => /Game 2: the engine crashed/.test(/** @type {Element} */ (document.querySelector('#m-note')).textContent), null, { timeout: 60000 });
    const note = await textOf(page, '#m-note');
    assert.match(note, /Game 2: the engine crashed \(.*debug_panic: game 2, requested by the page.*\); the game is being played again in a fresh worker \(restart 1\)/);
    await page.waitForSelector('#m-progress[data-status="complete"]', { timeout: 120000 });
    assert.equal(await finished(page), 4);
    assert.equal(await textOf(page, '#m-error'), '', 'the match did not fail');
    const json = JSON.parse(await download(page, '#m-json'));
    assert.deepEqual(/** @type {ExportedGame[]} */ (json.games).map((g) => g.index), [0, 1, 2, 3]);
  } finally {
    await own.close();
  }
});
