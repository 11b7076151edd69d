// The allocation chart plots exactly what `tmlab simulate` prints: after moving sliders and
// editing a manager's parameter, the hovered move's soft/hard budgets and clock equal the native
// CLI's rows for the same spec, time control and usage model.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, serveDist, launch, watchLongTasks, longTasks, collectErrors } from './harness.mjs';

const TMLAB = join(ROOT, 'target', 'debug', 'tmlab');

/** The native CLI's rows for a spec. */
function simulate(spec, tc, { moves, use, nps, reuse }) {
  const args = ['simulate', '--tm', spec, '--tc', tc, '--moves', String(moves), '--use', String(use), '--nps', String(nps), '--reuse', String(reuse), '--json'];
  return JSON.parse(execFileSync(TMLAB, args, { encoding: 'utf8' })).rows;
}

let server;
let browser;
let page;
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
async function setNumber(key, value) {
  await page.fill(`.param[data-key="${key}"] input[type=number]`, String(value));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** Hover the allocation chart at move `mv`; returns the annotated points. */
async function hoverMove(mv) {
  const frame = await page.evaluate(() => globalThis.tmlab.allocation.lastDrawn.frame);
  await page.locator('#chart-allocation canvas').scrollIntoViewIfNeeded();
  const box = await page.locator('#chart-allocation canvas').boundingBox();
  const canvasWidth = await page.evaluate(() => document.querySelector('#chart-allocation canvas').width);
  const [x0, x1] = frame.x_range;
  const px = frame.left + ((mv - x0) / (x1 - x0)) * (frame.right - frame.left);
  await page.mouse.move(box.x + (px * box.width) / canvasWidth, box.y + box.height / 2);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.$$eval('#chart-allocation .point', (els) => els.map((e) => ({ ...e.dataset, text: e.textContent })));
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
      assert.equal(Number(p.soft), row.soft_ms, `${specs[p.index]} move ${mv} soft`);
      assert.equal(Number(p.hard), row.hard_ms, `${specs[p.index]} move ${mv} hard`);
      assert.equal(Number(p.clock), row.clock_before_ms, `${specs[p.index]} move ${mv} clock`);
      assert.match(p.text, new RegExp(`^ ?move ${mv}: clock `));
    }
  }
});

test('a bad time control is refused with the token named, and recovers', async () => {
  await page.fill('#allocation-tc', '40/6x');
  await page.waitForFunction(() => document.querySelector('#chart-allocation .error').textContent.length > 0);
  assert.match(await page.textContent('#chart-allocation .error'), /6x/);
  await page.fill('#allocation-tc', '40/60');
  await page.waitForFunction(() => document.querySelector('#chart-allocation .error').textContent === '');
});

test('a typed parameter outside its range is refused with the allowed range (the crate’s words)', async () => {
  await page.fill('.param[data-key="alloc0.slowmover"] input[type=number]', '7');
  assert.match(await page.textContent('.param[data-key="alloc0.slowmover"] .param-error'), /allowed: a float in 0\.1 … 3$/);
});

test('an exclusive bound is refused: lc0-simple’s base-pct = 0, with the crate’s message; the panel keeps working', async () => {
  await page.selectOption('#alloc0-manager', 'lc0-simple');
  const box = '.param[data-key="alloc0.base-pct"] input[type=number]';
  const spec = () => page.textContent('[data-panel="alloc0"] .spec');
  const before = await spec();
  await page.fill(box, '0');
  assert.match(await page.textContent('.param[data-key="alloc0.base-pct"] .param-error'), /^allowed: a float in /);
  assert.equal(await spec(), before, 'the refused value is not emitted');
  await page.fill(box, '2');
  assert.equal(await page.textContent('.param[data-key="alloc0.base-pct"] .param-error'), '');
  assert.match(await spec(), /base-pct=2/);
  await page.selectOption('#alloc0-manager', 'lc0-legacy');
});

test('switching preset and manager regenerates the panel from the schema', async () => {
  await page.selectOption('#alloc0-manager', 'lc0-smooth');
  const keys = await page.$$eval('[data-panel="alloc0"] .param', (els) => els.map((e) => e.dataset.key));
  assert.ok(keys.includes('alloc0.init-tree-reuse') && keys.includes('alloc0.smart-pruning.factor'), keys.join());
  await page.selectOption('#alloc0-preset', 'lc0');
  assert.equal(await page.textContent('#chart-allocation .manager-box summary code'), 'lc0-smooth(preset=lc0)');
  const reuse = await page.inputValue('.param[data-key="alloc0.init-tree-reuse"] input[type=number]');
  assert.equal(Number(reuse), 0.52);
  const start = await page.evaluate(() => performance.now());
  const thumb = page.locator('.param[data-key="allocation.use"] input[type=range]');
  await thumb.scrollIntoViewIfNeeded();
  const box = await thumb.boundingBox();
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
  assert.equal(tasks.length, 0, JSON.stringify(tasks));
  assert.deepEqual(errors, []);
});
