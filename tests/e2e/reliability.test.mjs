// @ts-check
// Issue 30 in a real browser: the embed route's leaderboard and replay fetch their data from the
// playground's root; `rp.sample=constructor` loads the default sample; the Replay view reads a
// large upload in its worker with progress (the page stays responsive) and refuses one over the
// crate's limit at once; a pasted 300-line EPD stays out of the address bar and a reload keeps
// it; the Match autosave drops a damaged record alone (a bad status, an Infinity inside a game,
// a flipped result, a game the match book refuses) and the resumed match ends as the original
// did.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveDist, launch, collectErrors, watchLongTasks, longTasks, ROOT, textOf } from './harness.mjs';

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

test('the embed route loads the leaderboard and the replay sample from the playground root', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  /** @type {string[]} */
  const failed = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  await page.goto(`${server.url}embed/?v=1&view=leaderboard`);
  await page.waitForFunction(() => globalThis.tmlab?.views?.leaderboard, null, { timeout: 30000 });
  await page.evaluate(() => globalThis.tmlab.views.leaderboard.loaded);
  assert.equal(await page.getAttribute('#view-leaderboard', 'data-state'), 'loaded');
  assert.ok((await page.locator('#lb-table tbody tr').count()) > 3);
  await page.goto(`${server.url}embed/?v=1&view=replay`);
  await page.waitForFunction(() => globalThis.tmlab?.views?.replay, null, { timeout: 30000 });
  await page.evaluate(() => globalThis.tmlab.views.replay.loaded);
  assert.equal(await page.getAttribute('#view-replay', 'data-state'), 'replayed');
  assert.deepEqual(failed, []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('rp.sample=constructor loads the default sample and says the value was not a sample', async () => {
  const page = await browser.context.newPage();
  /** @type {string[]} */
  const requested = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.goto(`${server.url}?v=1&view=replay&rp.sample=constructor`);
  await page.waitForFunction(() => globalThis.tmlab?.views?.replay, null, { timeout: 30000 });
  await page.evaluate(() => globalThis.tmlab.views.replay.loaded);
  assert.equal(await page.getAttribute('#view-replay', 'data-state'), 'replayed');
  assert.ok(!requested.some((u) => u.includes('undefined')), requested.filter((u) => u.includes('replay')).join('\n'));
  assert.match(await textOf(page, '#url-note-text'), /rp\.sample=constructor: is not one of lichess, tmlab/);
  await page.close();
});

/**
 * The shipped tmlab sample repeated to about `bytes`.
 * @param {number} bytes
 */
function bigPgn(bytes) {
  const one = readFileSync(join(ROOT, 'www/public/replay/tmlab-lc0-legacy-vs-stockfish-60+0.6.pgn'), 'utf8').trim();
  const n = Math.ceil(bytes / (one.length + 2));
  return { text: Array(n).fill(one).join('\n\n'), games: n };
}

test('a large upload replays in the worker with progress; one over the limit is refused at once', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await watchLongTasks(page);
  await page.goto(`${server.url}?v=1&view=replay`);
  await page.waitForFunction(() => globalThis.tmlab?.views?.replay, null, { timeout: 30000 });
  await page.evaluate(() => globalThis.tmlab.views.replay.loaded);
  const big = bigPgn(3_000_000);
  // Long tasks are counted from when the file is in the page (Playwright's own transfer of the
  // 3 MB into the renderer is one long task of its own, before the page gets the file).
  await page.evaluate(() => {
    globalThis.__replayStates = [];
    const view = document.querySelector('#view-replay');
    if (!view) throw new Error('no #view-replay');
    new MutationObserver(() => globalThis.__replayStates.push(document.querySelector('#rp-progress')?.textContent.trim() ?? '')).observe(view, { subtree: true, childList: true, characterData: true });
  });
  await page.setInputFiles('#rp-file', { name: 'big.pgn', mimeType: 'text/plain', buffer: Buffer.from(big.text) });
  const t0 = await page.evaluate(() => performance.now());
  // The view was already 'replayed' (its default sample, one game): wait for this upload's games.
  await page.waitForFunction(
    (n) => {
      const v = /** @type {HTMLElement} */ (document.querySelector('#view-replay'));
      return v.dataset.state === 'replayed' && Number(v.dataset.games) === n;
    },
    big.games,
    { timeout: 300000 },
  );
  const seen = await page.evaluate(() => globalThis.__replayStates);
  // The status line is shown while the worker replays; its per-game counts ("N of M games") are
  // posted after every step of 8 games, but on a fast machine the whole file can be done between
  // two renders, so only the status itself is required here (the counts are unit-tested with
  // the controller and ReplaySession in tests/unit/replay-controller.test.js).
  assert.ok(seen.some((t) => /^Replaying in the background: /.test(t)), `progress shown: ${seen.slice(0, 5)}`);
  assert.equal(Number(await page.getAttribute('#view-replay', 'data-games')), big.games);
  // The page answered throughout: no main-thread task anywhere near the old freeze.
  const tasks = await longTasks(page, t0);
  const worst = Math.max(0, ...tasks.map((t) => t.duration));
  assert.ok(worst < 1000, `longest main-thread task ${worst.toFixed(0)} ms`);
  // The chart's record comes from the worker on demand.
  await page.waitForFunction(() => Number(/** @type {HTMLCanvasElement | null} */ (document.querySelector('#m-chart'))?.dataset.moves) > 0, null, { timeout: 30000 });
  // Over the crate's limit: refused before reading, naming the size and the limit.
  const over = bigPgn(5_000_000);
  await page.setInputFiles('#rp-file', { name: 'huge.pgn', mimeType: 'text/plain', buffer: Buffer.from(over.text) });
  await page.waitForFunction(() => /** @type {HTMLElement} */ (document.querySelector('#view-replay')).dataset.state === 'error', null, { timeout: 10000 });
  assert.match(await textOf(page, '#rp-error'), /the PGN is 4\.\d MB; the page replays at most 4 MB \(split the file, or run `tmlab replay --pgn FILE` for any size\)/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a pasted 300-line EPD stays out of the URL; a reload keeps it; another tab is told', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${server.url}?v=1&view=match`);
  await page.waitForSelector('#m-start:not([disabled])', { timeout: 30000 });
  const fens = [
    'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
    'rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1',
    'rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1',
  ];
  const epd = Array.from({ length: 300 }, (_, i) => `${fens[i % 3]} ; id ${i}`).join('\n');
  await page.check('input[name="m-open"][value="epd"]');
  await page.fill('#m-epd', epd);
  await page.waitForFunction(() => location.search.includes('m.epd='), null, { timeout: 5000 });
  assert.ok(page.url().length < 2000, `URL of ${page.url().length} characters`);
  await page.reload();
  await page.waitForSelector('#m-start:not([disabled])', { timeout: 30000 });
  assert.equal(await page.inputValue('#m-epd'), epd, 'the reload keeps the pasted EPD');
  assert.equal(await page.isVisible('#url-note'), false, 'no problem to report after a reload');
  // The same link in another tab (no copy of this tab's storage): the default, with a reason.
  const other = await browser.context.newPage();
  await other.goto(page.url());
  await other.waitForFunction(() => globalThis.tmlab?.views?.match, null, { timeout: 30000 });
  assert.equal(await other.inputValue('#m-epd'), '');
  assert.match(await textOf(other, '#url-note-text'), /m\.epd=@tab: is a long text kept in the tab that made this link/);
  assert.deepEqual(errors, []);
  await other.close();
  await page.close();
});

test('a damaged Match record is dropped alone: a bad status, an Infinity in a game, a flipped result, a game the book refuses', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  const open = async () => {
    await page.waitForSelector('#m-start:not([disabled])', { timeout: 30000 });
    await page.evaluate(() => globalThis.tmlab.views.match.restored);
  };
  await page.goto(`${server.url}?v=1&view=match&m.tca=1%2B0.01&m.tcb=0.8%2B0.01&m.nps=100000&m.games=6`);
  await open();
  await page.click('#m-start');
  await page.waitForSelector('#m-progress[data-status="complete"]', { timeout: 120000 });
  const wdl = () => page.evaluate(() => JSON.stringify(globalThis.tmlab.views.match.book.standing().report.block.wdl));
  const before = await wdl();
  await page.evaluate(async () => {
    const db = await new Promise((/** @type {(db: IDBDatabase) => void} */ res, rej) => {
      const r = indexedDB.open('tmlab');
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    const tx = db.transaction('match', 'readwrite');
    const store = tx.objectStore('match');
    /**
     * @template T
     * @param {IDBRequest<T>} r
     * @returns {Promise<T>}
     */
    const req = (r) => new Promise((res) => (r.onsuccess = () => res(r.result)));
    /** A saved value read as the sealed text it must be. @param {unknown} v */
    const sealed = (v) => {
      if (typeof v !== 'string') throw new Error(`not a sealed record: ${JSON.stringify(v)}`);
      return v;
    };
    const keys = await req(store.getAllKeys());
    const values = await req(store.getAll());
    const games = keys.map((k, i) => [k, values[i]]).filter(([k]) => String(k).startsWith('game:'));
    // The status: "complete" → "paused" (the case; the checksum no longer matches).
    store.put(sealed(values[keys.indexOf('status')]).replace('"complete"', '"paused"'), 'status');
    // Game 1: a structured object holding Infinity instead of its sealed text.
    const g1 = JSON.parse(sealed(games[0][1]).slice(27, -1));
    g1.usage_a.time_left_ms = Infinity;
    store.put(g1, games[0][0]);
    // Game 2: its result flipped inside the sealed text.
    store.put(sealed(games[1][1]).replace(/"outcome_a":"(\w+)"/, (_, o) => `"outcome_a":"${o === 'win' ? 'loss' : 'win'}"`), games[1][0]);
    // Game 3: intact and sealed (its CRC-32 recomputed), but with a move count the match book
    // refuses (once, a book refusing one game meant nothing was restored).
    const crc32 = (/** @type {string} */ text) => {
      let c = ~0;
      for (const b of new TextEncoder().encode(text)) {
        c ^= b;
        for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
      }
      return (~c >>> 0).toString(16).padStart(8, '0');
    };
    const g3 = JSON.parse(sealed(games[2][1]).slice(27, -1));
    g3.usage_a.moves = 1e12;
    const text = JSON.stringify(g3);
    store.put(`{"sum":"${crc32(text)}","record":${text}}`, games[2][0]);
    await new Promise((res) => (tx.oncomplete = res));
    db.close();
  });
  await page.reload();
  await open();
  const note = await textOf(page, '#m-note');
  assert.match(note, /2 saved games were damaged and dropped \(game 1: not a sealed tmlab record \(not text\); game 2: checksum mismatch/);
  assert.match(note, /The saved match's status was damaged \(checksum mismatch/);
  assert.match(note, /1 saved game was refused by the match and dropped \(game 3: .*\); it is played again/);
  assert.match(note, /A stopped match was restored from the autosave: 3\/6 games/);
  assert.equal(await page.getAttribute('#m-progress', 'data-status'), 'stopped');
  await page.click('#m-resume');
  await page.waitForSelector('#m-progress[data-status="complete"]', { timeout: 120000 });
  assert.equal(await wdl(), before, 'the two games played again give the original result');
  assert.deepEqual(errors, []);
  await page.close();
});
