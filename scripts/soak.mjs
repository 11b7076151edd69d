// @ts-check
// npm run soak: a long virtual-clock match in the real browser Match view (headless Chromium via
// playwright-core, the production build from dist/), checking that nothing is lost and nothing
// leaks. Not part of npm test. Options: --games N (default 1000), --reload-at N (default
// games/2; 0: no reload), --tc TC (default 0.5+0.005, both sides), --nps N (default 100000).
//
// Checks:
//   0 lost games: the match completes with exactly N games, indices 0..N-1 once each, each with
//     a result, no page error, no failed game;
//   JS heap (main thread, CDP Runtime.getHeapUsage after HeapProfiler.collectGarbage) grows at
//     most 10 % from game 100 to the end (and within one page life, from game 100 to the reload);
//   a reload mid-way resumes exactly: right after it the view counts exactly the games the
//     autosave holds, at least every game saved before the reload (games keep finishing until
//     the page unloads), the match goes on from there, and the final games are exactly 0..N-1
//     (no loss, no duplicate); the games table holds at most 100 rows and pages back.
// Prints the numbers (games/minute, heap samples) as it goes and a summary at the end.
import { serveDist, launch, collectErrors } from '../tests/e2e/harness.mjs';

/**
 * A command-line value: the word after `name`, or `def`.
 * @param {string} name
 * @param {string | number} def
 */
const arg = (name, def) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : def;
};
const GAMES = Number(arg('--games', 1000));
const RELOAD_AT = Number(arg('--reload-at', Math.floor(GAMES / 2)));
const TC = arg('--tc', '0.5+0.005');
const NPS = Number(arg('--nps', 100000));
const BASE_AT = Math.min(100, Math.floor(GAMES / 4));
const MAX_GROWTH = 0.1;

const query = `?v=1&view=match&m.tca=${encodeURIComponent(TC)}&m.tcb=${encodeURIComponent(TC)}&m.same=1` +
  `&m.games=${GAMES}&m.nps=${NPS}`;

const t0 = Date.now();
const log = (/** @type {string} */ msg) => console.log(`[soak ${((Date.now() - t0) / 1000).toFixed(0).padStart(5)} s] ${msg}`);
const server = await serveDist();
const browser = await launch();
/** @type {string[]} */
let failures = [];
try {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  let cdp = await browser.context.newCDPSession(page);
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  };
  const finished = () => page.evaluate(() => Number(/** @type {HTMLElement | null} */ (document.querySelector('#m-progress'))?.dataset.finished || 0));
  const status = () => page.evaluate(() => /** @type {HTMLElement | null} */ (document.querySelector('#m-progress'))?.dataset.status || '');
  const mb = (/** @type {number} */ b) => `${(b / 1e6).toFixed(2)} MB`;

  await page.goto(server.url + query);
  await page.waitForSelector('#m-start:not([disabled])', { timeout: 60000 });
  await page.evaluate(() => globalThis.tmlab.views.match.restored);
  log(`match: ${GAMES} games, ${TC} both sides, virtual clock ${NPS} nodes/s; reload at ${RELOAD_AT || 'never'}`);
  await page.click('#m-start');

  /** @type {{games: number, heap: number}[]} */
  const samples = [];
  /** @type {number | null} */
  let base = null;
  /** @type {{shownBefore: number, savedBefore: number, restored: number, savedAfter: number, heapBefore: number} | null} */
  let reloaded = null;
  let lastLog = 0;
  let next = BASE_AT;
  const waitFor = async (/** @type {number} */ n) => {
    while ((await finished()) < n) {
      const st = await status();
      if (st === 'stopped' || st === 'complete') break;
      const err = await page.textContent('#m-error').catch(() => '');
      if (err) throw new Error(`the match failed: ${err}`);
      await page.waitForTimeout(1000);
      if (Date.now() - lastLog > 60000) {
        lastLog = Date.now();
        const n2 = await finished();
        log(`${n2} games (${((n2 * 60000) / (Date.now() - t0)).toFixed(1)} games/min)`);
      }
    }
  };
  while (next <= GAMES) {
    await waitFor(next);
    const n = await finished();
    const used = await heap();
    samples.push({ games: n, heap: used });
    if (base === null && n >= BASE_AT) base = used;
    log(`${n} games: JS heap ${mb(used)}${base ? ` (${(((used - base) / base) * 100).toFixed(1)} % vs game ${BASE_AT})` : ''}`);
    if (RELOAD_AT && !reloaded && n >= RELOAD_AT) {
      // Reload mid-match: every game saved before it comes back, and the view counts exactly
      // what the autosave holds (no game lost or counted twice); then the match goes on.
      const savedGames = () => page.evaluate(async () => {
        // The page's one database (www/ui/saved-records.js): the Match view's store.
        const db = await new Promise((/** @type {(db: IDBDatabase) => void} */ res, rej) => {
          const r = indexedDB.open('tmlab');
          r.onsuccess = () => res(r.result);
          r.onerror = () => rej(r.error);
        });
        const keys = await new Promise((/** @type {(keys: IDBValidKey[]) => void} */ res) => {
          const r = db.transaction('match').objectStore('match').getAllKeys();
          r.onsuccess = () => res(r.result);
        });
        db.close();
        return {
          saved: keys.filter((k) => String(k).startsWith('game:')).length,
          shown: Number(/** @type {HTMLElement | null} */ (document.querySelector('#m-progress'))?.dataset.finished || 0),
        };
      });
      const before = await savedGames();
      await page.reload();
      await page.waitForSelector('#m-progress[data-status]', { timeout: 60000 });
      await page.evaluate(() => globalThis.tmlab.views.match.restored);
      const after = await savedGames();
      cdp = await browser.context.newCDPSession(page);
      reloaded = { shownBefore: before.shown, savedBefore: before.saved, restored: after.shown, savedAfter: after.saved, heapBefore: used };
      log(`reload at ${before.shown} games shown (${before.saved} saved): ${after.shown} restored, ${after.saved} in the autosave`);
      if (after.shown !== after.saved) failures.push(`after the reload the view counts ${after.shown} games, the autosave holds ${after.saved}`);
      if (after.shown < before.saved) failures.push(`the reload lost games: ${before.saved} saved before, ${after.shown} restored`);
    }
    if (next === GAMES) break;
    next = Math.min(GAMES, next + 100);
  }
  await page.waitForSelector('#m-progress[data-status="complete"]', { timeout: 600000 });
  const wall = (Date.now() - t0) / 1000;
  const result = await page.evaluate(async () => {
    const ex = await globalThis.tmlab.views.match.exportJson();
    /** @type {{index: number, record?: {outcome?: {result?: string}}}[]} the export's games (www types the wasm book loosely) */
    const games = ex.games;
    return {
      indices: games.map((g) => g.index),
      results: games.filter((g) => g.record?.outcome?.result).length,
      finished: ex.standing.finished,
      pgnBytes: globalThis.tmlab.views.match.book.pgn().length,
    };
  });
  const final = await heap();
  // The table holds at most 100 finished games; its earlier pages come from the autosave.
  const rows = await page.locator('#m-games-table tr.done').count();
  if (rows > 100) failures.push(`the games table holds ${rows} rows`);
  if (GAMES > 100) {
    await page.click('#m-games-earlier');
    await page.waitForFunction(() => !/** @type {HTMLButtonElement} */ (document.querySelector('#m-games-latest')).disabled);
    const idx = await page.$$eval('#m-games-table tr.done', (trs) => trs.map((t) => Number(/** @type {HTMLElement} */ (t).dataset.index)));
    const lo = Math.min(...idx);
    if (idx.length !== 100 || lo % 100 !== 0 || Math.max(...idx) !== lo + 99) {
      failures.push(`the earlier page shows ${idx.length} games from ${lo}`);
    }
  }
  const sorted = [...result.indices].sort((a, b) => a - b);
  const exact = sorted.length === GAMES && sorted.every((x, i) => x === i);
  if (!exact) failures.push(`the export holds ${sorted.length} games, not exactly 0..${GAMES - 1}`);
  if (result.results !== GAMES) failures.push(`${GAMES - result.results} games without a result`);
  if (result.finished !== GAMES) failures.push(`the standing counts ${result.finished} games`);
  if (errors.length) failures.push(`page errors: ${errors.slice(0, 5).join(' | ')}`);
  const growth = base ? (final - base) / base : 0;
  const lifeGrowth = reloaded && base ? (reloaded.heapBefore - base) / base : null;
  if (growth > MAX_GROWTH) failures.push(`JS heap grew ${(growth * 100).toFixed(1)} % from game ${BASE_AT} to the end`);
  if (lifeGrowth != null && lifeGrowth > MAX_GROWTH) {
    failures.push(`JS heap grew ${(lifeGrowth * 100).toFixed(1)} % from game ${BASE_AT} to the reload`);
  }
  log(`done: ${GAMES} games in ${wall.toFixed(0)} s (${((GAMES * 60) / wall).toFixed(1)} games/min); ` +
    `lost ${GAMES - sorted.length}, duplicated ${result.indices.length - new Set(result.indices).size}`);
  log(`JS heap: game ${BASE_AT} ${mb(base || 0)}, end ${mb(final)} (${(growth * 100).toFixed(1)} %)` +
    (lifeGrowth != null && reloaded ? `; before the reload ${mb(reloaded.heapBefore)} (${(lifeGrowth * 100).toFixed(1)} %)` : ''));
  if (reloaded) log(`reload: ${reloaded.shownBefore} shown and ${reloaded.savedBefore} saved before, ${reloaded.restored} restored`);
  log(`the wasm book keeps the PGN text: ${mb(result.pgnBytes)} for ${GAMES} games (wasm memory, not JS heap)`);
  console.log(JSON.stringify({ games: GAMES, tc: TC, nps: NPS, wall_s: Math.round(wall), samples, reloaded, final_heap: final, growth, failures }));
} catch (e) {
  failures.push(String((e instanceof Error && e.stack) || e));
} finally {
  await browser.close();
  await server.close();
}
if (failures.length) {
  console.error(`soak FAILED:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('soak passed');
