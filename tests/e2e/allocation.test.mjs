// @ts-check
// The allocation chart plots exactly what `tmlab simulate` prints: after moving sliders and
// editing a manager's parameter, the hovered move's soft/hard budgets and clock equal the native
// CLI's rows for the same spec, time control and usage model.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, serveDist, launch, watchLongTasks, longTasks, collectErrors, blockedMs, boxOf, textOf } from './harness.mjs';

/** @typedef {import('./harness.mjs').Page} Page */

const TMLAB = join(ROOT, 'target', 'debug', 'tmlab');

/**
 * The native CLI's rows for a spec (`tmlab simulate --json`'s `rows`, the fields read here).
 * @param {string} spec
 * @param {string} tc
 * @param {{moves: number, use: number, nps: number, reuse: number}} usage
 * @returns {{move: number, soft_ms: number, hard_ms: number, clock_before_ms: number}[]}
 */
function simulate(spec, tc, { moves, use, nps, reuse }) {
  const args = ['simulate', '--tm', spec, '--tc', tc, '--moves', String(moves), '--use', String(use), '--nps', String(nps), '--reuse', String(reuse), '--json'];
  return JSON.parse(execFileSync(TMLAB, args, { encoding: 'utf8' })).rows;
}

/** @type {import('./harness.mjs').Server} */
let server;
/** @type {import('./harness.mjs').Browser} */
let browser;
/** @type {import('./harness.mjs').Page} */
let page;
/** @type {string[]} */
let errors;

before(async () => {
  assert.ok(existsSync(TMLAB), `${TMLAB} is missing: build it with cargo build`);
  server = await serveDist();
  browser = await launch();
  page = await browser.context.newPage();
  errors = collectErrors(page);
  await watchLongTasks(page);
  await page.goto(server.url);
  await page.waitForSelector('#chart-allocation canvas[data-draws]');
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** Set a slider by its number box, as a person typing would. */
/** @param {string} key @param {number} value */
async function setNumber(key, value) {
  await page.fill(`.param[data-key="${key}"] input[type=number]`, String(value));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** Hover the allocation chart at move `mv`; returns the annotated points. */
/**
 * @param {number} mv
 * @returns {Promise<{[key: string]: string | undefined}[]>} each point's data attributes and text
 */
async function hoverMove(mv) {
  const frame = await page.evaluate(() => globalThis.tmlab.allocation.lastDrawn?.frame);
  assert.ok(frame?.x_range, 'the chart has drawn');
  await page.locator('#chart-allocation canvas').scrollIntoViewIfNeeded();
  const box = await boxOf(page.locator('#chart-allocation canvas'));
  const canvasWidth = await page.evaluate(() => /** @type {HTMLCanvasElement} */ (document.querySelector('#chart-allocation canvas')).width);
  const [x0, x1] = frame.x_range;
  const px = frame.left + ((mv - x0) / (x1 - x0)) * (frame.right - frame.left);
  await page.mouse.move(box.x + (px * box.width) / canvasWidth, box.y + box.height / 2);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.$$eval('#chart-allocation .point', (els) => els.map((e) => ({ .../** @type {HTMLElement} */ (e).dataset, text: e.textContent })));
}

test('the chart’s numbers are the ones tmlab simulate prints', async () => {
  const usage = { moves: 70, use: 0.8, nps: 20000, reuse: 0 };
  await setNumber('allocation.moves', usage.moves);
  await setNumber('allocation.use', usage.use);
  // Edit a parameter of the first manager through its generated panel.
  await setNumber('alloc0.slowmover', 1.5);
  const specs = await page.$$eval('#chart-allocation .manager-box summary code', (els) => els.map((e) => e.textContent));
  assert.deepEqual(specs, ['lc0-legacy(slowmover=1.5)', 'stockfish']);

  for (const mv of [1, 17, 42]) {
    const points = await hoverMove(mv);
    assert.equal(points.length, 2, JSON.stringify(points));
    for (const p of points) {
      const rows = simulate(specs[Number(p.index)], '60+0.6', usage);
      const row = rows.find((r) => r.move === mv);
      assert.ok(row, `no CLI row for move ${mv}`);
      assert.equal(Number(p.move), mv);
      assert.equal(Number(p.soft), row.soft_ms, `${specs[Number(p.index)]} move ${mv} soft`);
      assert.equal(Number(p.hard), row.hard_ms, `${specs[Number(p.index)]} move ${mv} hard`);
      assert.equal(Number(p.clock), row.clock_before_ms, `${specs[Number(p.index)]} move ${mv} clock`);
      assert.match(p.text ?? '', new RegExp(`^ ?move ${mv}: clock `));
    }
  }
});

test('a bad time control is refused with the token named, and recovers', async () => {
  await page.fill('#allocation-tc', '40/6x');
  await page.waitForFunction(() => /** @type {Element} */ (document.querySelector('#chart-allocation .error')).textContent.length > 0);
  assert.match(await textOf(page, '#chart-allocation .error'), /6x/);
  await page.fill('#allocation-tc', '40/60');
  await page.waitForFunction(() => /** @type {Element} */ (document.querySelector('#chart-allocation .error')).textContent === '');
});

test('a typed parameter outside its range is refused with the allowed range (the crate’s words)', async () => {
  await page.fill('.param[data-key="alloc0.slowmover"] input[type=number]', '7');
  assert.match(await textOf(page, '.param[data-key="alloc0.slowmover"] .param-error'), /allowed: a float in 0\.1 … 3$/);
});

test('an exclusive bound is refused: lc0-simple’s base-pct = 0, with the crate’s message; the panel keeps working', async () => {
  await page.selectOption('#alloc0-manager', 'lc0-simple');
  const box = '.param[data-key="alloc0.base-pct"] input[type=number]';
  const spec = () => page.textContent('[data-panel="alloc0"] .spec');
  const before = await spec();
  await page.fill(box, '0');
  assert.match(await textOf(page, '.param[data-key="alloc0.base-pct"] .param-error'), /^allowed: a float in /);
  assert.equal(await spec(), before, 'the refused value is not emitted');
  await page.fill(box, '2');
  assert.equal(await textOf(page, '.param[data-key="alloc0.base-pct"] .param-error'), '');
  assert.match((await spec()) ?? '', /base-pct=2/);
  await page.selectOption('#alloc0-manager', 'lc0-legacy');
});

test('switching preset and manager regenerates the panel from the schema', async () => {
  await page.selectOption('#alloc0-manager', 'lc0-smooth');
  const keys = await page.$$eval('[data-panel="alloc0"] .param', (els) => els.map((e) => e.dataset.key));
  assert.ok(keys.includes('alloc0.init-tree-reuse') && keys.includes('alloc0.smart-pruning.factor'), keys.join());
  await page.selectOption('#alloc0-preset', 'lc0');
  assert.equal(await textOf(page, '#chart-allocation .manager-box summary code'), 'lc0-smooth(preset=lc0)');
  const reuse = await page.inputValue('.param[data-key="alloc0.init-tree-reuse"] input[type=number]');
  assert.equal(Number(reuse), 0.52);
  // Measure the drag alone: this test runs ~2 s after the page loaded, so the engine's start-up
  // (worker handshake) and the panel's regeneration must be through first (as share.test does).
  await page.waitForSelector('#engine-state[data-state="idle"]', { timeout: 20000 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const start = await page.evaluate(() => performance.now());
  const thumb = page.locator('.param[data-key="allocation.use"] input[type=range]');
  await thumb.scrollIntoViewIfNeeded();
  const box = await boxOf(thumb);
  await page.mouse.move(box.x + 2, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 0; i <= 30; i++) await page.mouse.move(box.x + 2 + ((box.width - 4) * i) / 30, box.y + box.height / 2);
  await page.mouse.up();
  const tasks = await longTasks(page, start);
  const draws = await page.evaluate(
    (since) => performance.getEntriesByName('tmlab:draw').filter((e) => e.startTime >= since).map((e) => e.duration),
    start,
  );
  console.log(`allocation drag: ${draws.length} redraws, longest ${Math.max(...draws).toFixed(1)} ms; tasks over 50 ms: ${tasks.length}`);
  // No freeze while dragging. The 50 ms frame budget itself is a speed target for the bench, not
  // a timed test: on the 2-core machine one 51 ms task appeared in one of two idle runs since
  // the charts module (built for size) draws this chart.
  const frozen = tasks.filter((t) => t.duration > blockedMs());
  assert.deepEqual(frozen, [], JSON.stringify(tasks));
  assert.deepEqual(errors, []);
});

// ---- Engine mode: a real self-play game in the trace worker, per move ----

/** Open the Curves view in engine mode with these URL settings; resolves with the finished game. */
/** @param {string} params the URL's settings */
async function engineGame(params, timeout = 120000) {
  await page.goto(`${server.url}?v=1&al.mode=engine&${params}`);
  return finished(timeout);
}

/**
 * Wait for the engine-mode game (and its ghost) to finish; returns `engine.last`.
 * @param {string | null} [notSpec] a manager whose game does not count (the previous one)
 */
async function finished(timeout = 120000, notSpec = null) {
  await page.waitForFunction(
    (not) => {
      const e = globalThis.tmlab?.allocation?.engine;
      return e?.last && e.element.dataset.running === undefined && e.last.spec.tm !== not;
    },
    notSpec,
    { timeout, polling: 100 },
  );
  const last = await page.evaluate(() => globalThis.tmlab.allocation.engine.last);
  assert.ok(last, 'the engine game finished');
  return last;
}

/** @param {{[key: string]: unknown}[]} moves @param {string} key */
const series = (moves, key) => moves.map((m) => m[key]);

test('engine mode: each move has its budgets, time used and clock; progress shows while it plays', async () => {
  await page.goto(`${server.url}?v=1&al.mode=engine&al.specs=lc0-legacy&al.tc=10%2B0.1&al.enps=10000&al.emoves=30`);
  // Progress: the bar fills while the game is played, move by move.
  await page.waitForFunction(() => {
    const p = /** @type {HTMLProgressElement | null} */ (document.querySelector('#chart-allocation .engine-progress progress'));
    return p && p.value > 2 && /** @type {HTMLElement} */ (document.querySelector('#chart-allocation .engine-mode')).dataset.running === '1';
  }, null, { timeout: 60000, polling: 20 });
  assert.match(await textOf(page, '#chart-allocation .engine-status'), /Playing lc0-legacy: move \d+ of at most 30/);
  const last = await finished();
  assert.equal(last.searcher, 'mcts', 'lc0’s managers play with MCTS');
  assert.ok(last.moves.length > 20, `${last.moves.length} moves`);
  for (const m of last.moves) {
    for (const k of ['base_soft_ms', 'soft_ms', 'hard_ms', 'used_ms', 'clock_before_ms', 'clock_after_ms']) assert.ok(Number.isFinite(m[k]), `${k} ${JSON.stringify(m)}`);
    // MCTS checks its limits after each batch of playouts: a move may pass the hard limit by a batch.
    assert.ok(m.used_ms <= m.hard_ms * 1.05 + 5, JSON.stringify(m));
  }
  assert.equal(last.ghost, null, 'the default spec is its own ghost');
  assert.match(await textOf(page, '#chart-allocation .engine-status'), /moves, MCTS, .*Played in \d/);
  // The hover readout names the move's numbers.
  await page.locator('#chart-allocation canvas').scrollIntoViewIfNeeded();
  const box = await boxOf(page.locator('#chart-allocation canvas'));
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForSelector('#chart-allocation .engine-point');
  /** @type {{[key: string]: string | undefined}} */
  const p = await page.$eval('#chart-allocation .engine-point', (e) => ({ .../** @type {HTMLElement} */ (e).dataset, text: e.textContent }));
  const row = last.moves.find((/** @type {{white: boolean, move_number: number, used_ms: number, soft_ms: number}} */ m) => m.white && m.move_number === Number(p.move));
  assert.ok(row, JSON.stringify(p));
  assert.equal(Number(p.used), row.used_ms);
  assert.equal(Number(p.soft), row.soft_ms);
  assert.match(p.text ?? '', /^move \d+ .*: used [\d.]+ s · base soft [\d.]+ s · effective soft [\d.]+ s · hard/);
});

test('engine mode: a smart-pruning slider (lc0, MCTS) replays the game and changes it; the ghost is the default game', async () => {
  const before = await engineGame('al.specs=lc0-legacy&al.tc=10%2B0.1&al.enps=10000&al.emoves=30');
  await page.fill('.param[data-key="alloc0.smart-pruning.factor"] input[type=number]', '0');
  const after = await finished(120000, before.spec.tm);
  assert.match(after.spec.tm, /factor=0/);
  assert.notDeepEqual(series(after.moves, 'used_ms'), series(before.moves, 'used_ms'), 'time used per move');
  // Runs are deterministic: the ghost (the default's game, replayed) equals the first game.
  assert.deepEqual(after.ghost, before.moves);
});

test('engine mode: a Stockfish in-search parameter (score-unit, fallingEval) changes the effective soft limits', async () => {
  const before = await engineGame('al.specs=stockfish&al.tc=10%2B0.1&al.enps=30000&al.emoves=30');
  assert.equal(before.searcher, 'ab');
  await page.fill('.param[data-key="alloc0.score-unit"] input[type=number]', '0.5');
  const after = await finished(120000, before.spec.tm);
  assert.match(after.spec.tm, /score-unit=0\.5/);
  assert.notDeepEqual(series(after.moves, 'soft_ms'), series(before.moves, 'soft_ms'), 'effective soft limit per move');
  // The base budget does not depend on the parameter at move 1 (before the game diverges).
  assert.equal(after.moves[0].base_soft_ms, before.moves[0].base_soft_ms);
  assert.deepEqual(errors, []);
});

test('unmount: destroy() removes the Curves cards and unbinds their canvases (a pointer or key redraws nothing)', async () => {
  const other = await browser.context.newPage();
  try {
    await other.goto(server.url);
    for (const id of ['decay', 'moves-left', 'allocation']) await other.waitForSelector(`#chart-${id} canvas[data-draws]`);
    const draws = await other.evaluate(async () => {
      const canvases = [...document.querySelectorAll('.chart-card canvas')].map((c) => /** @type {HTMLCanvasElement} */ (c));
      const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const poke = async () => {
        for (const c of canvases) {
          const r = c.getBoundingClientRect();
          c.dispatchEvent(new PointerEvent('pointermove', { clientX: r.left + r.width / 2, clientY: r.top + 10, pointerType: 'mouse' }));
          c.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
        }
        await frames();
        return canvases.map((c) => Number(c.dataset.draws));
      };
      const before = canvases.map((c) => Number(c.dataset.draws));
      const mounted = await poke();
      const { curves, allocation } = globalThis.tmlab.views.curves;
      curves?.destroy();
      allocation.destroy();
      const left = document.querySelectorAll('#view-curves .chart-card').length;
      const settled = canvases.map((c) => Number(c.dataset.draws));
      const unmounted = await poke();
      return { before, mounted, settled, unmounted, left };
    });
    assert.equal(draws.before.length, 3);
    draws.mounted.forEach((n, i) => assert.ok(n > draws.before[i], `mounted canvas ${i} redraws on a pointer`));
    assert.equal(draws.left, 0, 'the cards are gone');
    assert.deepEqual(draws.unmounted, draws.settled, 'no redraw after destroy()');
  } finally {
    await other.close();
  }
});

// The speed target: a 60-move game at 60+0.6 at 1 M virtual nps in the worker.
// A measurement, printed; `TMLAB_MEASURE=1 node --test tests/e2e/allocation.test.mjs`.
test('engine mode timing (TMLAB_MEASURE=1)', { skip: !process.env.TMLAB_MEASURE }, async () => {
  for (const [tm, nps] of [['stockfish', 1000000], ['stockfish', 100000], ['lc0-legacy', 10000]]) {
    const last = await engineGame(`al.specs=${tm}&al.tc=60%2B0.6&al.enps=${nps}&al.emoves=60`, 1200000);
    const nodes = last.moves.reduce((/** @type {number} */ n, /** @type {{nodes: number}} */ m) => n + m.nodes, 0);
    console.log(`worker: ${tm} 60+0.6, 60 moves, ${nps} nps: ${last.moves.length} engine moves, ${nodes} nodes, ${(last.ms / 1000).toFixed(2)} s`);
  }
});
