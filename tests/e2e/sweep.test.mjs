// @ts-check
// Sweep view end to end: real wasm game workers play a small virtual-clock sweep (3 values ×
// 4 games); the per-value results equal `tmlab sweep … --json` natively for the same seed;
// Stop, reload (IndexedDB restore) and Resume give the same results, and so does a reload after a
// saved game's result is flipped (that record alone is dropped, named, and played again); the
// chart is drawn; the JSON and CSV downloads carry the report; a bad value is refused beside the
// form; a damaged setup or an older run's record gives a message, never a broken form.
// Needs target/debug/tmlab (cargo build). Screenshot: target/screenshots/sweep.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveDist, launch, collectErrors, ROOT, textOf } from './harness.mjs';

/** @typedef {import('./harness.mjs').Page} Page */

const SHOTS = join(ROOT, 'target', 'screenshots');
const VALUES = '0.5,1.5,2.5';
const QUERY = `?v=1&view=sweep&s.tc=1%2B0.01&s.games=4&s.values=${encodeURIComponent(VALUES)}&s.seed=3`;

/** @type {import('./harness.mjs').Server} */
let server;
/** @type {import('./harness.mjs').Browser} */
let browser;
/**
 * A sweep's report as JSON (`tmlab sweep --json`'s `report`, the page's `report`), the fields read here.
 * @typedef {{points: {finished: number, wdl: {wins: number, losses: number}}[], fit: unknown, verdict: string}} SweepReport
 */
/** @type {SweepReport} */
let native;

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const bin = join(ROOT, 'target', 'debug', 'tmlab');
  assert.ok(existsSync(bin), 'target/debug/tmlab is missing: run cargo build');
  const out = execFileSync(
    bin,
    ['sweep', '--tm', 'lc0-legacy', '--param', 'slowmover', '--values', VALUES, '--vs', 'stockfish', '--tc', '1+0.01', '--games', '4', '--seed', '3', '--concurrency', '2', '--json'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  // Through JSON.stringify as the page's report is: -0 reads as 0 on both sides.
  native = JSON.parse(JSON.stringify(JSON.parse(out).report));
  server = await serveDist();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** @param {Page} page */
async function open(page) {
  await page.goto(server.url + QUERY);
  await page.waitForSelector('#s-start:not([disabled])', { timeout: 30000 });
  await page.evaluate(() => globalThis.tmlab.views.sweep.restored);
}

/** The page's report, through JSON (an infinite Elo becomes null, as in the CLI's JSON). */
const pageReport = (/** @type {Page} */ page) => page.evaluate(() => /** @type {SweepReport} */ (JSON.parse(JSON.stringify(globalThis.tmlab.views.sweep.report))));

/** @param {Page} page @param {string} button */
async function download(page, button) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
  return readFileSync(await dl.path(), 'utf8');
}

test('a small sweep in the browser equals the native one, value by value; stop, reload and resume', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await open(page);
  assert.match(await textOf(page, '#s-plan'), /3 values of slowmover \(a float in 0.1 … 3\): 0.5, 1.5, 2.5; 4 games per value, 12 in all/);
  await page.click('#s-start');
  await page.waitForFunction(() => Number(/** @type {HTMLElement} */ (document.querySelector('#s-progress')).dataset.finished) >= 2, null, { timeout: 120000 });
  await page.click('#s-stop');
  await page.waitForSelector('#s-progress[data-status="stopped"]');
  const stoppedAt = Number(await page.getAttribute('#s-progress', 'data-finished'));
  assert.ok(stoppedAt >= 2 && stoppedAt < 12, `stopped after ${stoppedAt} games`);
  // A reload restores the stopped sweep from IndexedDB.
  await page.reload();
  await page.waitForSelector('#s-progress[data-status="stopped"]', { timeout: 30000 });
  assert.equal(Number(await page.getAttribute('#s-progress', 'data-finished')), stoppedAt);
  await page.click('#s-resume');
  await page.waitForSelector('#s-progress[data-status="complete"]', { timeout: 300000 });
  const report = await pageReport(page);
  assert.deepEqual(report.points, native.points, 'per-value results = tmlab sweep --json');
  const decisive = report.points.reduce((n, p) => n + p.wdl.wins + p.wdl.losses, 0);
  assert.ok(decisive > 0, 'some games were decisive (the comparison covers real results)');
  assert.deepEqual(report.fit, native.fit);
  assert.equal(report.verdict, native.verdict);
  assert.equal(await page.locator('#s-table tbody tr').count(), 3);
  assert.equal(await textOf(page, '#s-verdict'), native.verdict);
  // The chart has been drawn (not a blank canvas).
  const inked = await page.$eval('#s-chart', (el) => {
    const c = /** @type {HTMLCanvasElement} */ (el);
    const d = /** @type {CanvasRenderingContext2D} */ (c.getContext('2d')).getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] < 200 || d[i + 1] < 200 || d[i + 2] < 200) n += 1;
    return n;
  });
  assert.ok(inked > 2000, `chart pixels inked: ${inked}`);
  /** @type {{spec: {param: string}, report: SweepReport}} */
  const json = JSON.parse(await download(page, '#s-json'));
  assert.equal(json.spec.param, 'slowmover');
  assert.deepEqual(json.report.points.map((p) => p.finished), [4, 4, 4]);
  const csv = await download(page, '#s-csv');
  assert.match(csv, /^slowmover,games,wins,losses,draws,elo,elo_ci95/);
  assert.equal(csv.trim().split('\n').length, 4);
  await page.screenshot({ path: join(SHOTS, 'sweep.png'), fullPage: true });
  // A flipped result in one saved game and a damaged status: after a reload that game alone is
  // dropped (named) and played again, and the sweep ends exactly as before.
  const flipped = await page.evaluate(async () => {
    const db = await new Promise((res) => {
      const r = indexedDB.open('tmlab');
      r.onsuccess = () => res(r.result);
    });
    const tx = db.transaction('sweep', 'readwrite');
    const store = tx.objectStore('sweep');
    /** @template T @param {IDBRequest<T>} r @returns {Promise<T>} */
    const req = (r) => new Promise((res) => (r.onsuccess = () => res(r.result)));
    const keys = (await req(store.getAllKeys())).filter((/** @type {IDBValidKey} */ k) => String(k).startsWith('rec:'));
    const key = keys[Math.floor(keys.length / 2)];
    const line = /** @type {string} */ (await req(store.get(key)));
    store.put(line.replace(/"outcome_a":"(\w+)"/, (_, o) => `"outcome_a":"${o === 'win' ? 'loss' : 'win'}"`), key);
    store.put('garbage', 'status');
    await new Promise((res) => (tx.oncomplete = res));
    db.close();
    return keys.indexOf(key) + 1;
  });
  await page.reload();
  await page.waitForSelector('#s-progress[data-status="stopped"]', { timeout: 30000 });
  const notice = await textOf(page, '#s-notice');
  assert.match(notice, new RegExp(`1 saved game was damaged and dropped \\(saved game record ${flipped}: checksum mismatch`));
  assert.match(notice, /The sweep's saved status was damaged \(not a sealed tmlab record/);
  assert.equal(Number(await page.getAttribute('#s-progress', 'data-finished')), 11);
  await page.click('#s-resume');
  await page.waitForSelector('#s-progress[data-status="complete"]', { timeout: 300000 });
  assert.deepEqual((await pageReport(page)).points, native.points, 'the game played again gives the same sweep');
  // A run saved by an older tmlab, in a database of its own (`tmlab-sweep`, object store `kv`):
  // after a reload it is moved into the page's one database and restored, and the old one is gone.
  const moved = await page.evaluate(async () => {
    /** @template T @param {IDBRequest<T>} r @returns {Promise<T>} */
    const request = (r) => new Promise((res, rej) => ((r.onsuccess = () => res(r.result)), (r.onerror = () => rej(r.error))));
    const db = await request(indexedDB.open('tmlab'));
    const tx = db.transaction('sweep', 'readwrite');
    const [keys, values] = await Promise.all([request(tx.objectStore('sweep').getAllKeys()), request(tx.objectStore('sweep').getAll())]);
    tx.objectStore('sweep').clear();
    await new Promise((res) => (tx.oncomplete = res));
    db.close();
    const open = indexedDB.open('tmlab-sweep', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('kv');
    const old = await request(open);
    const otx = old.transaction('kv', 'readwrite');
    keys.forEach((k, i) => otx.objectStore('kv').put(values[i], k));
    await new Promise((res) => (otx.oncomplete = res));
    old.close();
    return keys.length;
  });
  assert.ok(moved > 2, `records moved to the old database: ${moved}`);
  await page.reload();
  await page.waitForSelector('#s-progress[data-status="complete"]', { timeout: 30000 });
  assert.deepEqual((await pageReport(page)).points, native.points, 'the older database restores the same sweep');
  await page.waitForFunction(async () => !(await indexedDB.databases()).some((d) => d.name === 'tmlab-sweep'), null, { timeout: 10000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test('with its defaults the Sweep shows an estimate before it starts, the time left while it runs, and completes', async () => {
  // Its own browser: no run saved by another test is restored into the defaults.
  const own = await launch();
  const page = await own.context.newPage();
  try {
    const errors = collectErrors(page);
    await page.goto(`${server.url}?v=1&view=sweep`);
    await page.waitForSelector('#s-start:not([disabled])', { timeout: 30000 });
    await page.evaluate(() => globalThis.tmlab.views.sweep.restored);
    // The defaults: 3 values × 20 games at 1+0.01 on the project's virtual clock, echoed.
    assert.match(await textOf(page, '#s-plan'), /3 values of slowmover .*: 0.5, 1, 2; 20 games per value, 60 in all/);
    assert.equal(await textOf(page, '#s-tc-reading'), '1 s + 0.01 s per move');
    // The estimate, calibrated on this device, before anything starts.
    await page.waitForSelector('#s-estimate strong[data-seconds]', { timeout: 60000 });
    const estimate = (await textOf(page, '#s-estimate')).replace(/\s+/g, ' ');
    assert.match(estimate, /Estimate: about .+ on this device \(60 games, 1 at once, .* s a game on the virtual clock: 1 ms = 1000 nodes\); expected precision ±134 Elo \(95 %\) per value with 20 games\./);
    const estimated = Number(await page.getAttribute('#s-estimate strong', 'data-seconds'));
    const t0 = Date.now();
    await page.click('#s-start');
    // The time left, from the calibration at first, then from the games played.
    await page.waitForSelector('#s-estimate-eta', { timeout: 30000 });
    assert.match(await textOf(page, '#s-estimate-eta'), /^Time left: about (\d+ s|\d+ min \d+ s)\.$/);
    await page.waitForSelector('#s-progress[data-status="complete"]', { timeout: 600000 });
    const measured = (Date.now() - t0) / 1000;
    console.log(`# sweep defaults: estimated ${estimated} s, measured ${measured.toFixed(1)} s`);
    assert.equal(await page.locator('#s-table tbody tr').count(), 3);
    assert.match(await textOf(page, '#s-clock'), /Virtual clock: 1 ms = 1000 nodes\./);
    assert.equal(await page.locator('#s-estimate-eta').count(), 0, 'no time left once complete');
    assert.deepEqual(errors, []);
  } finally {
    await own.close();
  }
});

test('a target precision sets the games per value', async () => {
  // Its own browser: no run saved by another test is restored into the defaults.
  const own = await launch();
  const page = await own.context.newPage();
  try {
    await page.goto(`${server.url}?v=1&view=sweep`);
    await page.waitForSelector('#s-start:not([disabled])', { timeout: 30000 });
    await page.fill('#s-precision', '60');
    await page.waitForFunction(() => /92 games per value, 276 in all/.test(/** @type {Element} */ (document.querySelector('#s-plan')).textContent));
    assert.equal(await page.inputValue('#s-games'), '92');
    await page.fill('#s-precision', '0.5');
    await page.waitForSelector('#s-start[disabled]');
    assert.match(await textOf(page, '#s-error'), /precision: ±0.5 Elo needs more than 100000 games/);
    await page.fill('#s-games', '10');
    await page.waitForSelector('#s-start:not([disabled])');
    assert.equal(await page.inputValue('#s-precision'), '0', 'games typed by hand replace the target');
  } finally {
    await own.close();
  }
});

test('a damaged saved setup, or an older unsealed run, gives a message and a working form', async () => {
  for (const [key, value, want] of /** @type {[string, unknown, RegExp][]} */ ([
    ['setup', '{"sum":"00000000","record":{"id":"1","spec":"{}","form":5}}', /The saved sweep's setup was damaged \(checksum mismatch/],
    ['current', { run: { form: 5, scores: 'x', plan: null }, status: 'stopped' }, /A sweep saved by an older version of tmlab \(without checksums\) was dropped/],
  ])) {
    const page = await browser.context.newPage();
    const errors = collectErrors(page);
    await open(page);
    await page.evaluate(async ([key, value]) => {
      const db = await new Promise((res) => {
        const r = indexedDB.open('tmlab');
        r.onsuccess = () => res(r.result);
      });
      const tx = db.transaction('sweep', 'readwrite');
      tx.objectStore('sweep').clear();
      tx.objectStore('sweep').put(value, key);
      await new Promise((res) => (tx.oncomplete = res));
      db.close();
    }, [key, value]);
    await page.reload();
    await open(page);
    assert.match(await textOf(page, '#s-notice'), want);
    assert.equal(await page.getAttribute('#s-progress', 'data-status'), 'idle');
    await page.fill('#s-values', '0.5,1');
    await page.waitForSelector('#s-start:not([disabled])');
    assert.deepEqual(errors, [], key);
    await page.close();
  }
});

test('a value outside the parameter range is refused beside the form and Start is disabled', async () => {
  const page = await browser.context.newPage();
  await open(page);
  await page.fill('#s-values', '0.5,7');
  await page.waitForSelector('#s-start[disabled]');
  assert.match(await textOf(page, '#s-error'), /values: 7 is out of range for slowmover \(allowed: a float in 0\.1 … 3\)/);
  await page.fill('#s-values', '0.05:1:3');
  assert.match(await textOf(page, '#s-error'), /values: 0.05 is out of range for slowmover/);
  // The crate reads the field (list or LO:HI:N); its errors name the field, which is marked.
  await page.fill('#s-values', '1:2');
  assert.match(await textOf(page, '#s-error'), /values: "1:2" is not LO:HI:N \(allowed: LO:HI:N with numbers LO ≤ HI and N from 1 to 64/);
  assert.equal(await page.getAttribute('#s-values', 'class'), 'invalid');
  await page.fill('#s-values', '0.5:1.5:65');
  assert.match(await textOf(page, '#s-error'), /values: N = 65 is not allowed \(allowed: 1 to 64 values\)/);
  await page.fill('#s-values', '0.5:1.5:3');
  await page.waitForSelector('#s-start:not([disabled])');
  assert.match(await textOf(page, '#s-plan'), /0.5, 1, 1.5/);
  // The URL keeps the form.
  assert.match(page.url(), /s\.values=0\.5%3A1\.5%3A3/);
  await page.close();
});

test('games at once: the default keeps a core free, every core is allowed, the label says both', async () => {
  const page = await browser.context.newPage();
  await open(page);
  const cores = await page.evaluate(() => navigator.hardwareConcurrency || 2);
  const label = (await page.locator('label', { has: page.locator('#s-conc') }).textContent()) ?? '';
  const def = Math.max(1, cores - 1);
  assert.ok(label.includes(`Games at once (0 = default ${def}`), label);
  assert.ok(label.includes(`at most ${cores} = every core`), label);
  assert.equal(await page.getAttribute('#s-conc', 'max'), String(cores));
  await page.close();
});
