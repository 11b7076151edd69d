// @ts-check
// Benchmark: the same virtual-clock sweep natively (target/release/tmlab sweep) and in the
// browser's Sweep view (dist/, Debian Chromium), one after the other in one run: games per
// second of each, their ratio, and whether the per-value results are identical.
//
//   node scripts/bench-sweep.mjs            # 5 values × 4 games at 4+0.04 (env: VALUES, GAMES, TC)
//   BROWSER_CONC=2 node scripts/bench-sweep.mjs   # the browser's games at once (default: cores − 1)
//
// The browser plays BROWSER_CONC games at once (default cores − 1, the Sweep view's default: one
// core stays free for the page; the view accepts up to every core); the native run uses the same
// number of threads, and again with every core.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { serveDist, launch, ROOT } from '../tests/e2e/harness.mjs';
import { concurrencyOf } from '../www/engine/concurrency.js';

const VALUES = process.env.VALUES || '0.5,1,1.5,2,2.5';
const GAMES = process.env.GAMES || '4';
const TC = process.env.TC || '4+0.04';
const bin = join(ROOT, 'target', 'release', 'tmlab');
const cores = cpus().length;
const browserConc = browserConcurrency(process.env.BROWSER_CONC);

/**
 * BROWSER_CONC: an integer 1 … cores; unset or empty: the views' default (engine/concurrency.js).
 * @param {string | undefined} env
 */
function browserConcurrency(env) {
  const c = concurrencyOf(cores);
  if (env === undefined || env.trim() === '') return c.byDefault;
  const n = Number(env);
  if (!Number.isInteger(n) || n < 1 || n > c.max) {
    console.error(`BROWSER_CONC=${env}: expected an integer 1 … ${c.max} (this machine's cores)`);
    process.exit(2);
  }
  return n;
}

/**
 * `tmlab sweep` with `conc` threads: games, wall time, rate and the report.
 * @param {number} conc
 */
function native(conc) {
  const args = ['sweep', '--tm', 'lc0-legacy', '--param', 'slowmover', '--values', VALUES, '--vs', 'stockfish', '--tc', TC, '--games', GAMES, '--concurrency', String(conc), '--json'];
  const out = JSON.parse(execFileSync(bin, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1 << 26 }));
  const games = out.games_played_now;
  return { games, seconds: out.wall_s, rate: games / out.wall_s, report: JSON.parse(JSON.stringify(out.report)) };
}

const server = await serveDist();
const browser = await launch();
try {
  const nat = native(browserConc);
  console.log(`native, ${browserConc} thread(s): ${nat.games} games in ${nat.seconds.toFixed(1)} s = ${nat.rate.toFixed(3)} games/s`);
  const natAll = cores !== browserConc ? native(cores) : nat;
  if (natAll !== nat) console.log(`native, ${cores} threads: ${natAll.games} games in ${natAll.seconds.toFixed(1)} s = ${natAll.rate.toFixed(3)} games/s`);
  const page = await browser.context.newPage();
  const q = new URLSearchParams({ v: '1', view: 'sweep', 's.tc': TC, 's.games': GAMES, 's.values': VALUES, 's.conc': String(browserConc) });
  await page.goto(`${server.url}?${q}`);
  await page.waitForSelector('#s-start:not([disabled])', { timeout: 60000 });
  const t0 = Date.now();
  await page.click('#s-start');
  await page.waitForSelector('#s-progress[data-status="complete"]', { timeout: 3600000 });
  const seconds = (Date.now() - t0) / 1000;
  /** @type {{points: {finished: number}[]}} the fields read here; the rest is compared whole */
  const report = await page.evaluate(() => JSON.parse(JSON.stringify(globalThis.tmlab.views.sweep.report)));
  const games = report.points.reduce((n, p) => n + p.finished, 0);
  const rate = games / seconds;
  console.log(`browser, ${browserConc} worker(s): ${games} games in ${seconds.toFixed(1)} s = ${rate.toFixed(3)} games/s`);
  console.log(`ratio browser / native (same concurrency): ${(rate / nat.rate).toFixed(2)}; browser / native (all ${cores} cores): ${(rate / natAll.rate).toFixed(2)}`);
  // Key order differs (the CLI's JSON sorts keys): compare canonical forms.
  const canon = (/** @type {unknown} */ v) => JSON.stringify(v, (_, x) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1))) : x));
  const same = canon(report.points) === canon(nat.report.points);
  console.log(`per-value results identical to native: ${same}`);
  if (process.env.DUMP) {
    writeFileSync(`${process.env.DUMP}.native.json`, JSON.stringify(nat.report.points, null, 1));
    writeFileSync(`${process.env.DUMP}.browser.json`, JSON.stringify(report.points, null, 1));
  }
  const load = execFileSync('uptime', { encoding: 'utf8' }).trim();
  console.log(`load: ${load}`);
} finally {
  await browser.close();
  await server.close();
}
