// Ending an engine search in the browser (issue #13.1): New game, Resign, a switch to another
// view and a hidden page each end a running alpha-beta search at 15+10 in under 100 ms, p99 over
// 50 trials each.
//
// A trial: the engine (White) thinks on its move for a random 50–450 ms, then the action happens
// (a real click; the page hide is emulated). Measured in the page, from the click to the moment
// the engine client is idle again, ready for the next search: the busy worker terminated and a
// ready one in its place (the spare, already instantiated and configured, given the manager's
// state). The old search must produce no further output: no `info` or `bestmove` of its request
// reaches the page afterwards, and the Play view never sees its bestmove. The page stays
// responsive: main-thread long tasks in the trials are reported and none may last 500 ms. The
// numbers (p50/p99/max) are printed for the closing note.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, watchLongTasks, longTasks, collectErrors } from './harness.mjs';

const TRIALS = 50;
const LIMIT_MS = 100;
/** A main-thread task this long would mean the page waits for the engine (a blocked page shows
 * seconds; rendering a new game takes 10–60 ms, up to ~280 ms measured when the 2-core machine
 * was starved by parallel builds). */
const LONGEST_TASK_MS = 500;

let server;
let browser;
let page;
let errors;

before(async () => {
  server = await serveDist();
  browser = await launch();
  page = await browser.context.newPage();
  errors = collectErrors(page);
  await watchLongTasks(page);
  await page.addInitScript(() => localStorage.clear());
  // The person plays Black: the engine thinks as soon as a game starts.
  await page.goto(`${server.url}?view=play&p.side=black&p.s=ab&p.tm=lc0-legacy&p.wtc=15m%2B10&p.btc=15m%2B10`);
  await page.waitForFunction(() => globalThis.tmlab?.views?.play?.state, null, { timeout: 20000 });
  await page.evaluate(() => globalThis.tmlab.views.play.ready);
  // Nothing runs until the person starts (lichess): as Black, “Start” lets the engine move.
  await page.click('#view-play .start-game');
  // The steady state of a page that has searched: a spare worker is ready.
  await page.waitForFunction(() => globalThis.tmlab.engine.spare?.ready, null, { timeout: 20000 });
  // In-page instruments: the time of each click on a watched control, and every engine event.
  await page.evaluate(() => {
    const { engine } = globalThis.tmlab;
    const probe = { clicks: [], states: [], outputs: [] };
    globalThis.__probe = probe;
    // Each action notes how many events came before it: performance.now() is coarsened (to
    // 0.1 ms or more), so an output that arrived just before an action can carry its time.
    const mark = (target) => probe.clicks.push({ t: performance.now(), target, outputs: probe.outputs.length, states: probe.states.length });
    probe.mark = mark;
    document.addEventListener('click', (e) => mark(e.target.closest('button')?.className || e.target.id), true);
    engine.addEventListener('state', (e) => probe.states.push({ t: performance.now(), state: e.detail.state }));
    for (const kind of ['info', 'bestmove']) {
      engine.addEventListener(kind, (e) => probe.outputs.push({ t: performance.now(), kind, request: e.detail.request, line: e.detail.line }));
    }
  });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * Wait until the engine thinks on its move in the Play view, with the spare worker ready: the
 * steady state the bound is about. (The spare of the previous trial is started after that
 * trial's idle; on a loaded 2-core machine it may still be instantiating when the next search
 * starts 50 ms later, and a trial without it would time a worker's start-up, not the stop.)
 */
async function engineThinking() {
  await page.waitForFunction(
    () => {
      const v = globalThis.tmlab.views.play;
      const { engine } = globalThis.tmlab;
      return v.active?.kind === 'move' && engine.state === 'searching' && engine.spare?.ready && !engine.spare.awaiting;
    },
    null,
    { timeout: 20000 },
  );
}

/**
 * One trial: the engine thinks `thinkMs`, then `act()` clicks; returns the latency (click →
 * idle), whether the old search said anything afterwards, and whether the spare was used.
 */
async function trial(act, thinkMs) {
  await engineThinking();
  await page.waitForTimeout(thinkMs);
  const mark = await page.evaluate(() => {
    const p = globalThis.__probe;
    return { clicks: p.clicks.length, id: globalThis.tmlab.views.play.active?.id, spare: Boolean(globalThis.tmlab.engine.spare?.ready) };
  });
  assert.ok(mark.id, 'a search was running');
  await page.evaluate(() => {
    globalThis.__oldRequest = globalThis.tmlab.engine.running.request;
    globalThis.__oldId = globalThis.tmlab.views.play.active.id;
  });
  await act();
  await page.waitForFunction((n) => {
    const p = globalThis.__probe;
    return p.clicks.length > n && p.states.slice(p.clicks[n].states).some((s) => s.state === 'idle');
  }, mark.clicks, { timeout: 10000 });
  // Give a leftover search time to speak (it would, within its budget's first iterations).
  await page.waitForTimeout(150);
  return page.evaluate((n) => {
    const p = globalThis.__probe;
    const t0 = p.clicks[n].t;
    const idle = p.states.slice(p.clicks[n].states).find((s) => s.state === 'idle');
    const late = p.outputs.slice(p.clicks[n].outputs).filter((o) => o.request === globalThis.__oldRequest).map((o) => o.line);
    const ignored = globalThis.tmlab.views.play.events.filter((e) => e.what.startsWith('ignored') && e.what.endsWith(`(#${globalThis.__oldId})`));
    const trail = late.length ? { log: globalThis.tmlab.engine.log.slice(-12), events: globalThis.tmlab.views.play.events.slice(-8), t0, outputs: p.outputs.slice(-4).map((o) => ({ t: o.t, line: o.line.slice(0, 40), old: o.request === globalThis.__oldRequest })) } : null;
    return { ms: idle.t - t0, late, ignored: ignored.length, trail };
  }, mark.clicks).then((r) => ({ ...r, spare: mark.spare }));
}

function stats(values) {
  const s = [...values].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
  return { p50: q(0.5), p99: q(0.99), max: s.at(-1) };
}

async function measure(name, act, prepare) {
  const times = [];
  let spares = 0;
  const started = await page.evaluate(() => performance.now());
  for (let i = 0; i < TRIALS; i++) {
    await prepare?.();
    // A spread of think times: 50–450 ms, so the search is at different depths.
    const r = await trial(act, 50 + ((i * 37) % 400));
    assert.deepEqual(r.late, [], `${name} #${i}: the old search said nothing after the action: ${JSON.stringify(r.trail)}`);
    assert.equal(r.ignored, 0, `${name} #${i}: the view never saw the old search's bestmove`);
    times.push(r.ms);
    if (r.spare) spares += 1;
    if (process.env.TRIALS_VERBOSE) console.log(`${name} ${i}: ${r.ms.toFixed(1)} ms, spare ready ${r.spare}`);
  }
  const tasks = await longTasks(page, started);
  const { p50, p99, max } = stats(times);
  const longest = Math.max(0, ...tasks.map((t) => t.duration));
  console.log(`# ${name} ends an alpha-beta search at 15+10: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms over ${TRIALS} trials (a ready spare in ${spares}); long tasks ${tasks.length} (longest ${longest.toFixed(0)} ms)`);
  assert.ok(p99 < LIMIT_MS, `${name}: p99 ${p99.toFixed(1)} ms ≥ ${LIMIT_MS} ms (${times.map((t) => t.toFixed(0)).join(' ')})`);
  assert.ok(longest < LONGEST_TASK_MS, `${name}: the page stayed responsive (longest task ${longest.toFixed(0)} ms)`);
  assert.deepEqual(errors, []);
}

test('New game ends a running alpha-beta search within 100 ms (p99 of 50)', async () => {
  await measure('New game', () => page.click('#view-play button.new-game'));
});

test('Resign ends a running alpha-beta search within 100 ms (p99 of 50)', async () => {
  await measure('Resign', () => page.click('#view-play button.resign'), async () => {
    // After a resignation the next trial needs a new game (the engine thinks at once).
    if (await page.evaluate(() => Boolean(globalThis.tmlab.views.play.state.outcome))) {
      await page.click('#view-play button.new-game');
    }
  });
  const s = await page.evaluate(() => globalThis.tmlab.views.play.state.outcome);
  assert.equal(s.result, '1-0', 'the person (Black) resigned');
});

test('switching to another view ends a running alpha-beta search within 100 ms (p99 of 50)', async () => {
  if (await page.evaluate(() => Boolean(globalThis.tmlab.views.play.state.outcome))) {
    await page.click('#view-play button.new-game');
  }
  // The first visit mounts the Match view (a one-time cost that is not the engine's).
  await page.click('#tab-match');
  await page.waitForFunction(() => globalThis.tmlab.views.match);
  await page.click('#tab-play');
  await measure(
    'A view switch',
    () => page.click('#tab-match'),
    async () => {
      if (await page.evaluate(() => !document.querySelector('#view-play').hidden)) return;
      // Back to Play: the engine starts that move again.
      await page.click('#tab-play');
    },
  );
  await page.click('#tab-play');
  const paused = await page.evaluate(() => globalThis.tmlab.views.play.events.filter((e) => e.what === 'pause: another view').length);
  assert.ok(paused >= TRIALS, `the game paused on each switch (${paused})`);
});

test('a hidden page ends a running alpha-beta search within 100 ms (p99 of 50; visibilitychange emulated)', async () => {
  // Headless Chromium never hides a page; the page's own event path is driven instead.
  const setHidden = (hidden) =>
    page.evaluate((h) => {
      if (h) globalThis.__probe.mark('hide');
      Object.defineProperty(document, 'hidden', { value: h, configurable: true });
      Object.defineProperty(document, 'visibilityState', { value: h ? 'hidden' : 'visible', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
  if (await page.evaluate(() => document.querySelector('#view-play').hidden)) await page.click('#tab-play');
  await measure('A page hide', () => setHidden(true), async () => {
    if (await page.evaluate(() => document.hidden)) await setHidden(false);
  });
  await setHidden(false);
  const paused = await page.evaluate(() => globalThis.tmlab.views.play.events.filter((e) => e.what === 'pause: tab hidden').length);
  assert.ok(paused >= TRIALS, `the game paused on each hide (${paused})`);
});
