// @ts-check
// How fast the Play view ends a running engine search (issue #13.1): New game, Resign, a switch
// to another view and a hidden page, each while the engine (White, alpha-beta, lc0-legacy at
// 15+10) thinks on its move. Shared by the behaviour test (tests/e2e/engine-stop.test.mjs: a few
// trials, what must always hold) and the bench (scripts/bench-stop.mjs: 50 trials, the latency
// figures against the 100 ms target), so both drive the page the same way.
//
// A trial: the engine thinks a given 50–450 ms, then the action happens (a real click; the page
// hide is emulated, headless Chromium never hides a page). Measured in the page, from the click
// to the moment the engine client is idle again, ready for the next search: the busy worker
// terminated and a ready one in its place (the spare, already instantiated and configured, given
// the manager's state). Also recorded: any `info`/`bestmove` of the old request that reached the
// page afterwards, and whether the Play view saw the old search's bestmove.
import { watchLongTasks, longTasks, collectErrors } from '../../tests/e2e/harness.mjs';

/**
 * One action that ends a search: `setup` once before its trials, `prepare` before each trial,
 * `after` once after them (what the action left behind).
 * @typedef {object} StopAction
 * @property {string} name
 * @property {() => Promise<unknown>} act
 * @property {() => Promise<void>} [setup]
 * @property {() => Promise<void>} [prepare]
 * @property {() => Promise<StopAfter>} [after]
 */
/**
 * What an action left behind: the game's outcome (Resign), the pauses the Play view logged
 * (a view switch, a page hide).
 * @typedef {{outcome?: PlayGameState['outcome'] | null, paused?: number}} StopAfter
 */

/** The bench's target for the p99 (issue #13.1). */
export const STOP_TARGET_MS = 100;

/**
 * Opens the Play view with the engine thinking as White, its spare worker ready, and the
 * in-page probe installed.
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} url the served build's root
 */
export async function openStopPage(context, url) {
  const page = await context.newPage();
  const errors = collectErrors(page);
  await watchLongTasks(page);
  await page.addInitScript(() => localStorage.clear());
  // The person plays Black: the engine thinks as soon as a game starts.
  await page.goto(`${url}?view=play&p.side=black&p.s=ab&p.tm=lc0-legacy&p.wtc=15m%2B10&p.btc=15m%2B10`);
  await page.waitForFunction(() => globalThis.tmlab?.views?.play?.state, null, { timeout: 20000 });
  await page.evaluate(() => globalThis.tmlab.views.play.ready);
  // Nothing runs until the person starts (lichess): as Black, “Start” lets the engine move.
  await page.click('#view-play .start-game');
  // The steady state of a page that has searched: a spare worker is ready.
  await page.waitForFunction(() => globalThis.tmlab.engine.spare?.ready, null, { timeout: 20000 });
  // In-page instruments: the time of each click on a watched control, and every engine event.
  await page.evaluate(() => {
    const { engine } = globalThis.tmlab;
    // Each action notes how many events came before it: performance.now() is coarsened (to
    // 0.1 ms or more), so an output that arrived just before an action can carry its time.
    /** @type {StopProbe} */
    const probe = {
      clicks: [],
      states: [],
      outputs: [],
      mark: (target) => {
        probe.clicks.push({ t: performance.now(), target, outputs: probe.outputs.length, states: probe.states.length });
      },
    };
    globalThis.__probe = probe;
    const { mark } = probe;
    document.addEventListener(
      'click',
      (e) => {
        const target = /** @type {Element} */ (e.target);
        mark(target.closest('button')?.className || target.id);
      },
      true,
    );
    engine.addEventListener('state', (e) => {
      const { detail } = /** @type {CustomEvent<{state: import('../../www/engine/client.js').EngineState}>} */ (e);
      probe.states.push({ t: performance.now(), state: detail.state });
    });
    for (const kind of ['info', 'bestmove']) {
      engine.addEventListener(kind, (e) => {
        const { detail } = /** @type {CustomEvent<{line: string, request: import('../../www/engine/client.js').SearchRequest}>} */ (e);
        probe.outputs.push({ t: performance.now(), kind, request: detail.request, line: detail.line });
      });
    }
  });
  return { page, errors };
}

/**
 * Wait until the engine thinks on its move in the Play view, with the spare worker ready: the
 * steady state the figure is about. (The spare of the previous trial is started after that
 * trial's idle; on a loaded 2-core machine it may still be instantiating when the next search
 * starts 50 ms later, and a trial without it would time a worker's start-up, not the stop.)
 * @param {import('playwright-core').Page} page
 */
async function engineThinking(page) {
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
 * One trial: the engine thinks `thinkMs`, then `act()` acts; returns the latency (action →
 * idle), what the old search said afterwards, whether the view saw its bestmove, and whether the
 * spare was ready.
 * @param {import('playwright-core').Page} page
 * @param {() => Promise<unknown>} act
 * @param {number} thinkMs
 */
async function trial(page, act, thinkMs) {
  await engineThinking(page);
  await page.waitForTimeout(thinkMs);
  const mark = await page.evaluate(() => {
    const p = globalThis.__probe;
    const running = globalThis.tmlab.engine.running;
    globalThis.__oldRequest = running?.request;
    globalThis.__oldId = globalThis.tmlab.views.play.active?.id;
    return { clicks: p.clicks.length, id: globalThis.__oldId, running: Boolean(running), spare: Boolean(globalThis.tmlab.engine.spare?.ready) };
  });
  if (!mark.id || !mark.running) throw new Error('no search was running when the trial acted');
  await act();
  await page.waitForFunction((n) => {
    const p = globalThis.__probe;
    return p.clicks.length > n && p.states.slice(p.clicks[n].states).some((s) => s.state === 'idle');
  }, mark.clicks, { timeout: 10000 });
  // Give a leftover search time to speak (it would, within its budget's first iterations).
  await page.waitForTimeout(150);
  const r = await page.evaluate((n) => {
    const p = globalThis.__probe;
    const t0 = p.clicks[n].t;
    const idle = p.states.slice(p.clicks[n].states).find((s) => s.state === 'idle');
    const late = p.outputs.slice(p.clicks[n].outputs).filter((o) => o.request === globalThis.__oldRequest).map((o) => o.line);
    const ignored = globalThis.tmlab.views.play.events.filter((e) => e.what.startsWith('ignored') && e.what.endsWith(`(#${globalThis.__oldId})`));
    const trail = late.length ? { log: globalThis.tmlab.engine.log.slice(-12), events: globalThis.tmlab.views.play.events.slice(-8), t0, outputs: p.outputs.slice(-4).map((o) => ({ t: o.t, line: o.line.slice(0, 40), old: o.request === globalThis.__oldRequest })) } : null;
    if (!idle) throw new Error('the engine never went idle after the action');
    return { ms: idle.t - t0, late, ignored: ignored.length, trail };
  }, mark.clicks);
  return { ...r, spare: mark.spare };
}

/** @param {number[]} values */
export function percentiles(values) {
  const s = [...values].sort((a, b) => a - b);
  const q = (/** @type {number} */ p) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
  return { p50: q(0.5), p99: q(0.99), max: s.at(-1) ?? NaN };
}

/**
 * The four actions, each with what prepares its next trial and what it leaves behind.
 * @param {import('playwright-core').Page} page
 * @returns {StopAction[]}
 */
export function stopActions(page) {
  const setHidden = (/** @type {boolean} */ hidden) =>
    page.evaluate((h) => {
      if (h) globalThis.__probe.mark('hide');
      Object.defineProperty(document, 'hidden', { value: h, configurable: true });
      Object.defineProperty(document, 'visibilityState', { value: h ? 'hidden' : 'visible', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
  const outcome = () => page.evaluate(() => globalThis.tmlab.views.play.state.outcome ?? null);
  const newGameIfOver = async () => {
    if (await outcome()) await page.click('#view-play button.new-game');
  };
  return [
    { name: 'New game', act: () => page.click('#view-play button.new-game') },
    // After a resignation the next trial needs a new game (the engine thinks at once).
    { name: 'Resign', act: () => page.click('#view-play button.resign'), prepare: newGameIfOver, after: async () => ({ outcome: await outcome() }) },
    {
      name: 'A view switch',
      act: () => page.click('#tab-match'),
      setup: async () => {
        await newGameIfOver();
        // The first visit mounts the Match view (a one-time cost that is not the engine's).
        await page.click('#tab-match');
        await page.waitForFunction(() => globalThis.tmlab.views.match);
        await page.click('#tab-play');
      },
      // Back to Play: the engine starts that move again.
      prepare: async () => {
        if (await page.evaluate(() => !/** @type {HTMLElement | null} */ (document.querySelector('#view-play'))?.hidden)) return;
        await page.click('#tab-play');
      },
      after: async () => {
        await page.click('#tab-play');
        return { paused: await page.evaluate(() => globalThis.tmlab.views.play.events.filter((e) => e.what === 'pause: another view').length) };
      },
    },
    {
      name: 'A page hide',
      act: () => setHidden(true),
      setup: async () => {
        if (await page.evaluate(() => /** @type {HTMLElement | null} */ (document.querySelector('#view-play'))?.hidden)) await page.click('#tab-play');
      },
      prepare: async () => {
        if (await page.evaluate(() => document.hidden)) await setHidden(false);
      },
      after: async () => {
        await setHidden(false);
        return { paused: await page.evaluate(() => globalThis.tmlab.views.play.events.filter((e) => e.what === 'pause: tab hidden').length) };
      },
    },
  ];
}

/**
 * Runs `trials` trials of one action: think times spread over 50–450 ms, so the search is at
 * different depths. Returns every latency, the trials where the old search spoke late or its
 * bestmove reached the view, the spares used, the longest main-thread task, and the action's
 * own after-state.
 * @param {import('playwright-core').Page} page
 * @param {StopAction} action
 * @param {number} trials
 */
export async function measureStops(page, action, trials) {
  await action.setup?.();
  /** @type {number[]} */
  const times = [];
  /** @type {string[]} */
  const problems = [];
  let spares = 0;
  const started = await page.evaluate(() => performance.now());
  for (let i = 0; i < trials; i++) {
    await action.prepare?.();
    const r = await trial(page, action.act, 50 + ((i * 37) % 400));
    if (r.late.length) problems.push(`${action.name} #${i}: the old search spoke after the action: ${JSON.stringify(r.trail)}`);
    if (r.ignored) problems.push(`${action.name} #${i}: the view saw the old search's bestmove`);
    times.push(r.ms);
    if (r.spare) spares += 1;
  }
  const tasks = await longTasks(page, started);
  const longest = Math.max(0, ...tasks.map((/** @type {{duration: number}} */ t) => t.duration));
  /** @type {StopAfter} */
  const after = (await action.after?.()) ?? {};
  return { name: action.name, trials, times, ...percentiles(times), spares, longTasks: tasks.length, longest, problems, after };
}

/** @param {Awaited<ReturnType<typeof measureStops>>} m */
export function stopLine(m) {
  return `${m.name} ends an alpha-beta search at 15+10: p50 ${m.p50.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms, max ${m.max.toFixed(1)} ms over ${m.trials} trials (a ready spare in ${m.spares}); long tasks ${m.longTasks} (longest ${m.longest.toFixed(0)} ms)`;
}
