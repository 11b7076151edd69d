// @ts-check
// Tune view end to end: a 4-iteration SPSA tune in real wasm game workers, stopped after an
// iteration, reloaded (IndexedDB restore) and resumed; every iteration (flips, gains, results,
// values) equals `tmlab tune … --json` natively, and the trajectory chart is drawn. A damaged
// saved iteration in the middle costs that iteration only: it is played again after a reload and
// the later ones are taken from their records, to the same tune.
// Needs target/debug/tmlab (cargo build). Screenshot: target/screenshots/tune.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveDist, launch, collectErrors, ROOT, textOf } from './harness.mjs';

/** @typedef {import('./harness.mjs').Page} Page */

const SHOTS = join(ROOT, 'target', 'screenshots');
const TM = 'lc0-legacy(slowmover=0.5)';
const QUERY = `?v=1&view=tune&t.tm=${encodeURIComponent(TM)}&t.tc=1%2B0.01&t.games=8&t.maxmoves=30&t.cend=0.3&t.rend=0.2`;

/** @type {import('./harness.mjs').Server} */
let server;
/** @type {import('./harness.mjs').Browser} */
let browser;
/** @type {{iterations: unknown[], tuned: string}} the `tmlab tune --json` file, the fields compared */
let native;

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const bin = join(ROOT, 'target', 'debug', 'tmlab');
  assert.ok(existsSync(bin), 'target/debug/tmlab is missing: run cargo build');
  const dir = mkdtempSync(join(tmpdir(), 'tmlab-tune-'));
  const file = join(dir, 'tune.json');
  execFileSync(
    bin,
    ['tune', '--tm', TM, '--params', 'slowmover', '--tc', '1+0.01', '--games', '8', '--maxmoves', '30', '--c-end', '0.3', '--r-end', '0.2', '--concurrency', '2', '--json', file],
    { stdio: 'ignore' },
  );
  native = JSON.parse(readFileSync(file, 'utf8'));
  rmSync(dir, { recursive: true, force: true });
  server = await serveDist();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('a tune in the browser stops, restores after a reload, resumes, and equals the native tune', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await page.goto(server.url + QUERY);
  await page.waitForSelector('#t-start:not([disabled])', { timeout: 30000 });
  await page.evaluate(() => globalThis.tmlab.views.tune.restored);
  assert.match(await textOf(page, '#t-plan'), /4 iterations; slowmover from 0.5 in 0.1 … 3, c_end 0.3, r_end 0.2/);
  await page.click('#t-start');
  await page.waitForFunction(() => Number(/** @type {HTMLElement} */ (document.querySelector('#t-progress')).dataset.done) >= 1, null, { timeout: 120000 });
  await page.click('#t-stop');
  await page.waitForSelector('#t-progress[data-status="stopped"]');
  const done = Number(await page.getAttribute('#t-progress', 'data-done'));
  await page.reload();
  await page.waitForSelector('#t-progress[data-status="stopped"]', { timeout: 30000 });
  assert.equal(Number(await page.getAttribute('#t-progress', 'data-done')), done);
  await page.click('#t-resume');
  await page.waitForSelector('#t-progress[data-status="complete"]', { timeout: 300000 });
  const history = await page.evaluate(() => JSON.parse(JSON.stringify(globalThis.tmlab.views.tune.state.run.history)));
  assert.deepEqual(history, native.iterations, 'every iteration = tmlab tune --json');
  assert.equal(await textOf(page, '#t-tuned'), native.tuned);
  const inked = await page.$eval('#t-chart', (el) => {
    const c = /** @type {HTMLCanvasElement} */ (el);
    const ctx = c.getContext('2d');
    if (!ctx) throw new Error('#t-chart has no 2d context');
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] < 200 || d[i + 1] < 200 || d[i + 2] < 200) n += 1;
    return n;
  });
  assert.ok(inked > 2000, `chart pixels inked: ${inked}`);
  await page.screenshot({ path: join(SHOTS, 'tune.png'), fullPage: true });
  // Iteration 2's saved record damaged (a flipped result): after a reload it alone is dropped
  // and named; iteration 2 is played again and iterations 3 and 4 are taken from their records.
  await page.evaluate(async () => {
    const db = await new Promise((/** @type {(db: IDBDatabase) => void} */ res) => {
      const r = indexedDB.open('tmlab');
      r.onsuccess = () => res(r.result);
    });
    const tx = db.transaction('tune', 'readwrite');
    const store = tx.objectStore('tune');
    /**
     * @template T
     * @param {IDBRequest<T>} r
     * @returns {Promise<T>}
     */
    const req = (r) => new Promise((res) => (r.onsuccess = () => res(r.result)));
    const keys = (await req(store.getAllKeys())).filter((k) => String(k).startsWith('rec:')).sort();
    const line = await req(store.get(keys[1]));
    if (typeof line !== 'string') throw new Error(`tune record ${String(keys[1])} is not a string: ${line}`);
    store.put(line.replace(/"wins":(\d)/, (_, w) => `"wins":${w === '0' ? 1 : 0}`), keys[1]);
    await new Promise((res) => (tx.oncomplete = res));
    db.close();
  });
  await page.reload();
  await page.waitForSelector('#t-progress[data-status="stopped"]', { timeout: 30000 });
  assert.match(await textOf(page, '#t-notice'), /1 saved iteration was damaged and dropped \(saved iteration record 2: checksum mismatch/);
  assert.equal(Number(await page.getAttribute('#t-progress', 'data-done')), 1);
  await page.click('#t-resume');
  await page.waitForSelector('#t-progress[data-status="complete"]', { timeout: 300000 });
  const again = await page.evaluate(() => JSON.parse(JSON.stringify(globalThis.tmlab.views.tune.state.run.history)));
  assert.deepEqual(again, native.iterations, 'the tune resumed from the damaged records = tmlab tune --json');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the Tune view shows an estimate before it starts and the time left while it runs; r_end follows the run; a run too short to move is warned about', async () => {
  // Its own browser: no run saved by another test is restored into the defaults.
  const own = await launch();
  const page = await own.context.newPage();
  try {
    const errors = collectErrors(page);
    await page.goto(`${server.url}?v=1&view=tune`);
    await page.waitForSelector('#t-start:not([disabled])', { timeout: 30000 });
    await page.evaluate(() => globalThis.tmlab.views.tune.restored);
    // Defaults: 30 iterations at 1+0.01, r_end set so that the run can move slowmover a quarter of 0.1 … 3.
    assert.match(await textOf(page, '#t-plan'), /^30 iterations; slowmover from 0.5 in 0.1 … 3, c_end 0.145, r_end 0\.\d+ \(a one-game edge every iteration moves it 0.725 over the run\)/);
    assert.equal(await page.locator('#t-warn').count(), 0);
    await page.waitForSelector('#t-estimate strong[data-seconds]', { timeout: 60000 });
    const text = (await textOf(page, '#t-estimate')).replace(/\s+/g, ' ');
    assert.match(text, /Estimate: about .+ on this device \(60 games, 1 at once, .* s a game on the virtual clock: 1 ms = 1000 nodes\)\./);
    console.log(`# tune defaults: ${text.trim()}`);
    if (process.env.MEASURE_DEFAULTS) {
      const estimated = Number(await page.getAttribute('#t-estimate strong', 'data-seconds'));
      const t0 = Date.now();
      await page.click('#t-start');
      await page.waitForSelector('#t-progress[data-status="complete"]', { timeout: 900000 });
      console.log(`# tune defaults: estimated ${estimated} s, measured ${((Date.now() - t0) / 1000).toFixed(1)} s; ${await textOf(page, '#t-theta')}`);
    }
    // OpenBench's long-run 0.002 over 30 iterations cannot move it one slider step: warned.
    await page.fill('#t-rend', '0.002');
    await page.waitForSelector('#t-warn');
    assert.match(await textOf(page, '#t-warn'), /slowmover: the planned steps add up to 0\.0\d+ over 30 iterations .* below its resolution 0.05/);
    await page.fill('#t-rend', '');
    await page.waitForFunction(() => !document.querySelector('#t-warn'));
    // A short run for the time left (8 games).
    await page.fill('#t-games', '8');
    await page.waitForSelector('#t-estimate strong[data-seconds]', { timeout: 60000 });
    await page.click('#t-start');
    await page.waitForSelector('#t-estimate-eta', { timeout: 30000 });
    assert.match(await textOf(page, '#t-estimate-eta'), /^Time left: about /);
    await page.waitForSelector('#t-progress[data-status="complete"]', { timeout: 300000 });
    assert.match(await textOf(page, '#t-clock'), /virtual clock: 1 ms = 1000 nodes/);
    assert.deepEqual(errors, []);
  } finally {
    await own.close();
  }
});

test('bad tune settings are refused beside the form', async () => {
  const page = await browser.context.newPage();
  await page.goto(server.url + QUERY);
  await page.waitForSelector('#t-start:not([disabled])', { timeout: 30000 });
  await page.fill('#t-games', '7');
  await page.waitForSelector('#t-start[disabled]');
  assert.match(await textOf(page, '#t-error'), /games: 7 is not a positive multiple of 2/);
  assert.equal(await page.getAttribute('#t-games', 'class'), 'invalid', 'the field the error names is marked');
  await page.fill('#t-games', '8');
  await page.fill('#t-params', 'slowmover,nope');
  assert.match(await textOf(page, '#t-error'), /params: "nope" is not a parameter of lc0-legacy/);
  assert.equal(await page.getAttribute('#t-params', 'class'), 'invalid');
  assert.equal(await page.getAttribute('#t-games', 'class'), '');
  // The crate reads c_end/r_end (the rule of tmlab tune --c-end); its error names the field.
  await page.fill('#t-params', 'slowmover');
  await page.fill('#t-rend', '0.1,a');
  await page.waitForSelector('#t-start[disabled]');
  assert.match(await textOf(page, '#t-error'), /^r_end: "a" is not a number \(allowed: numbers, comma-separated, one per parameter/);
  assert.equal(await page.getAttribute('#t-rend', 'class'), 'invalid');
  await page.fill('#t-rend', '');
  await page.waitForSelector('#t-start:not([disabled])');
  await page.close();
});
