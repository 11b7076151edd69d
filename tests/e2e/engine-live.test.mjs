// @ts-check
// The engine read while it thinks, and a dropped search that costs nothing (issue #13.2–13.4,
// the page's side), in the Play view against the real worker:
// - the panel shows depth and nodes during an alpha-beta think (before its bestmove), and the
//   budget from the first moments (screenshot: target/screenshots/panel-ab.png);
// - with Stockfish's manager the panel shows the effective soft limit (Rust's sentence), and the
//   move's time stays under the hard limit;
// - a search dropped by a view switch mid-think leaves the engine's clock and the manager's
//   state unchanged: the restarted search gets the same `go` line and the same
//   `info string tm soft …` budget as the dropped one (at the engine's second move, where a fresh
//   or a charged manager would differ: lc0-legacy's first-move bonus).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { serveDist, launch, collectErrors, ROOT } from './harness.mjs';

/** @typedef {import('./harness.mjs').Page} Page */

const SHOTS = join(ROOT, 'target', 'screenshots');
mkdirSync(SHOTS, { recursive: true });

/** @type {import('./harness.mjs').Server} */
let server;
/** @type {import('./harness.mjs').Browser} */
let browser;
/** @type {import('./harness.mjs').Page} */
let page;
/** @type {string[]} */
let errors;

before(async () => {
  server = await serveDist();
  browser = await launch({ viewport: { width: 1280, height: 1000 } });
  page = await browser.context.newPage();
  errors = collectErrors(page);
  await page.addInitScript(() => localStorage.clear());
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * Opens the Play view with the engine as White (it thinks at once) and records engine lines. The
 * engine plays at full strength (level 5): these tests need searches that run for their whole
 * budget, which a capped MCTS search, stopped early by smart pruning, does not.
 */
/** @param {{tm: string, tc: string, searcher?: string}} game */
async function openPlay({ tm, tc, searcher = 'ab' }) {
  const q = new URLSearchParams({ view: 'play', 'p.side': 'black', 'p.s': searcher, 'p.tm': tm, 'p.level': '5', 'p.wtc': tc, 'p.btc': tc });
  await page.goto(`${server.url}?${q}`);
  await page.waitForFunction(() => globalThis.tmlab?.views?.play?.state, null, { timeout: 20000 });
  await page.evaluate(() => globalThis.tmlab.views.play.ready);
  await page.evaluate(() => {
    globalThis.__lines = [];
    globalThis.tmlab.engine.addEventListener('line', (e) => globalThis.__lines.push({ t: performance.now(), line: /** @type {CustomEvent<string>} */ (e).detail }));
  });
  // Nothing runs until the person starts (lichess): as Black, “Start” lets the engine move.
  if (await view(() => globalThis.tmlab.views.play.waiting)) await page.click('#view-play .start-game');
}

/**
 * Run `fn` in the page (`page.evaluate`), with `arg` as its argument (a JSON-like value: it
 * reaches the page as it is sent, hence the `unknown` the cast gives playwright).
 * @template R, A
 * @param {(arg: A) => R | Promise<R>} fn
 * @param {A} [arg]
 * @returns {Promise<R>}
 */
const view = (fn, arg) => page.evaluate(/** @type {(arg: unknown) => R | Promise<R>} */ (fn), arg);

/** The person (Black) plays its first legal move by clicking the two squares. */
async function personMoves() {
  await page.waitForFunction(() => globalThis.tmlab.views.play.cg.state.movable.dests?.size > 0, null, { timeout: 30000 });
  const n = await view(() => globalThis.tmlab.views.play.state.moves.length);
  const [from, to] = await view(() => {
    const [f, tos] = [...globalThis.tmlab.views.play.board.dests()][0];
    return [f, tos[0]];
  });
  for (const key of [from, to]) {
    const { x, y } = await view(async (k) => {
      const board = /** @type {Element} */ (document.querySelector('#view-play .board-wrap cg-board'));
      board.scrollIntoView({ block: 'center' });
      // The scroll event (on which chessground forgets the board's cached position) is
      // dispatched with the next frame: click only after it, as a person would.
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const r = board.getBoundingClientRect();
      const white = globalThis.tmlab.views.play.cg.state.orientation === 'white';
      const file = k.charCodeAt(0) - 97;
      const rank = Number(k[1]) - 1;
      const col = white ? file : 7 - file;
      const row = white ? 7 - rank : rank;
      return { x: r.left + ((col + 0.5) * r.width) / 8, y: r.top + ((row + 0.5) * r.height) / 8 };
    }, key);
    await page.mouse.click(x, y);
  }
  await page.waitForFunction((k) => globalThis.tmlab.views.play.state.moves.length > k, n, { timeout: 5000 });
}

/** The `go` lines the view sent, with their times and places in the view's event trail. */
const goLines = () => view(() => globalThis.tmlab.views.play.events.map((e, i) => ({ i, t: e.t, what: e.what })).filter((e) => e.what.startsWith('go #')).map((e) => ({ i: e.i, t: e.t, go: e.what.replace(/^go #\d+: /, '') })));

/**
 * A mark between two actions: the time, and how many engine lines and view events came before
 * it. Before/after is decided by that count, not by comparing times: performance.now() is
 * coarsened (0.1 ms or more), so a line that arrived just before the mark can carry its time.
 */
const markNow = () => view(() => ({ t: performance.now(), lines: globalThis.__lines.length, events: globalThis.tmlab.views.play.events.length }));

test('the panel fills in live during an alpha-beta think: depth, nodes, PV and the budget', async () => {
  await openPlay({ tm: 'stockfish', tc: '15m+10' });
  await page.waitForFunction(() => globalThis.tmlab.views.play.active?.kind === 'move', null, { timeout: 20000 });
  // The budget bar from the first moments: before the first move, which takes tens of seconds at
  // 15+10 (checked below). The wait may take 5 s, not 1: a loaded machine delays the worker's
  // first line, and a panel that waited for the move would still fail.
  await page.waitForFunction(() => /** @type {HTMLElement} */ (document.querySelector('.engine-panel')).dataset.soft !== '', null, { timeout: 5000 });
  assert.equal(await view(() => globalThis.tmlab.views.play.state.moves.length), 0, 'the budget shows while the first move is thought');
  // Depth and nodes while the search still runs (15+10: its first move takes seconds).
  await page.waitForFunction(() => {
    const p = /** @type {HTMLElement} */ (document.querySelector('.engine-panel')).dataset;
    return Number(p.depth) >= 4 && Number(p.nodes) > 0;
  }, null, { timeout: 10000 });
  const seen = await view(() => {
    const el = /** @type {HTMLElement} */ (document.querySelector('.engine-panel'));
    return {
      active: globalThis.tmlab.views.play.active?.kind,
      moves: globalThis.tmlab.views.play.state.moves.length,
      depth: /** @type {Element} */ (el.querySelector('.ep-depth')).textContent,
      nodes: /** @type {Element} */ (el.querySelector('.ep-nodes')).textContent,
      pv: /** @type {Element} */ (el.querySelector('.ep-pv')).textContent,
      limit: /** @type {Element} */ (el.querySelector('.ep-limit')).textContent,
      budget: /** @type {Element} */ (el.querySelector('.ep-budget-text')).textContent,
    };
  });
  assert.equal(seen.active, 'move', 'still thinking');
  assert.equal(seen.moves, 0, 'no move played yet');
  assert.match(seen.depth, /^\d+\/\d+$/, 'depth/seldepth');
  assert.match(seen.nodes, /^\d+(\.\d+)? ?[kM]?$/);
  assert.match(seen.pv, /^([a-h][1-8][a-h][1-8][qrbn]? ?)+$/, 'a PV in UCI');
  assert.match(seen.budget, /soft \d+(\.\d+)? s · hard/);
  const panel = await page.$('.engine-panel');
  assert.ok(panel, 'the engine panel is shown');
  await panel.screenshot({ path: join(SHOTS, 'panel-ab.png') });
  console.log(`# panel during an alpha-beta think: depth ${seen.depth}, nodes ${seen.nodes}, ${seen.limit}`);
  assert.deepEqual(errors, []);
});

test('Stockfish: the effective soft limit is shown and the move stays under the hard limit', async () => {
  await openPlay({ tm: 'stockfish', tc: '1m+0' });
  await page.click('#view-play button.new-game'); // every line of the game is recorded
  const limits = [];
  for (let move = 1; move <= 3; move++) {
    await page.waitForFunction((n) => globalThis.tmlab.views.play.state.moves.length >= 2 * n - 1, move, { timeout: 30000 });
    const r = await view(() => {
      const v = globalThis.tmlab.views.play;
      const m = /** @type {PlayMoveRow} */ (v.state.moves.at(-1));
      const lines = globalThis.__lines.map((l) => l.line);
      // The last search's output begins with its budget line.
      const own = lines.slice(lines.findLastIndex((l) => l.startsWith('info string tm soft ')));
      const tm = own.filter((l) => l.startsWith('info string tm-limit ')).map((l) => JSON.parse(l.slice(21)));
      const panel = /** @type {HTMLElement} */ (document.querySelector('.engine-panel'));
      return { used: m.used_ms, tm, stop: own.find((l) => l.startsWith('info string stop ')), shown: panel.dataset.effectiveSoft, stopText: /** @type {Element} */ (panel.querySelector('.ep-stop')).textContent, limitText: /** @type {Element} */ (panel.querySelector('.ep-limit')).textContent };
    });
    // Never a wrong clock: the move used at most its hard limit (plus the page's message latency).
    assert.ok(r.tm.length > 0, 'tm-limit lines during the search');
    const last = r.tm.at(-1);
    assert.ok(r.used <= last.hard_ms + 50, `move ${move}: ${r.used} ms ≤ hard ${last.hard_ms} ms`);
    // (serde_json may read the last digit of a double one ulp off: compare to a microsecond)
    assert.ok(Math.abs(Number(r.shown) - last.soft_ms) < 1e-3, `the panel shows the last effective soft limit: ${r.shown} vs ${last.soft_ms}`);
    assert.equal(r.limitText, `effective: ${last.text}`, 'and Rust’s sentence for it');
    if (r.stop === 'info string stop soft-limit') assert.equal(r.stopText, 'stopped: soft limit reached at an iteration boundary');
    assert.doesNotMatch(r.stopText, /stopped: [a-z-]+$/, 'a sentence, not a bare key');
    limits.push(`${Math.round(r.used)} ms used, ${last.text}, hard ${Math.round(last.hard_ms)}, ${r.stop}`);
    if (move < 3) await personMoves();
  }
  console.log(`# stockfish at 1+0: ${limits.join('; ')}`);
  assert.deepEqual(errors, []);
});

for (const [tm, searcher] of [['lc0-legacy', 'ab'], ['stockfish', 'ab'], ['lc0-legacy', 'mcts']]) {
  test(`${tm}, ${searcher}: a search dropped by a view switch costs nothing (same go line, same budget when restarted)`, async () => {
    // 2+0: the shortest second-move budget here (Stockfish's effective soft limit with a falling
    // eval, 0.58 × its optimum) stays over a second, so the switch lands mid-think even when a
    // loaded machine delays the click by hundreds of milliseconds (at 1+0 it once did not).
    await openPlay({ tm, tc: '2m+0', searcher });
    // The engine's first move, undisturbed; the person answers; then its second move is dropped.
    await page.waitForFunction(() => globalThis.tmlab.views.play.state.moves.length >= 1, null, { timeout: 30000 });
    const answered = await markNow();
    await personMoves();
    await page.waitForFunction(() => globalThis.tmlab.views.play.active?.kind === 'move', null, { timeout: 5000 });
    // The switch comes as soon as the second search printed its budget (it is running then).
    await page.waitForFunction((n) => globalThis.__lines.slice(n).some((l) => l.line.startsWith('info string tm soft ')), answered.lines, { timeout: 5000 });
    await page.click('#tab-curves');
    await page.waitForTimeout(500);
    // The switch came mid-think: the engine's second move was not played before it.
    assert.equal(await view(() => globalThis.tmlab.views.play.state.moves.length), 2, 'the view switch dropped a running search');
    const since = await markNow();
    await page.click('#tab-play');
    await page.waitForFunction(() => globalThis.tmlab.views.play.state.moves.length >= 3, null, { timeout: 30000 });
    const gos = await goLines();
    const r = await view((m) => {
      const all = globalThis.__lines;
      const before = all.slice(0, m.lines).map((l) => l.line);
      const afterLines = all.slice(m.lines).map((l) => l.line);
      return {
        dropped: { soft: before.findLast((l) => l.startsWith('info string tm soft ')) },
        restarted: { soft: afterLines.find((l) => l.startsWith('info string tm soft ')) },
        sent: globalThis.tmlab.engine.log.filter((l) => l.startsWith('> tmlab')),
        engineErrors: all.filter((l) => l.line.startsWith('info string error')).map((l) => l.line),
        used: globalThis.tmlab.views.play.state.moves[2].used_ms,
        playedAt: globalThis.tmlab.views.play.events.slice(m.events).find((e) => e.what.startsWith('engine '))?.t,
        // The manager state the page would save with the game, and the engine's own last word.
        snapshot: globalThis.tmlab.engine.managerSnapshot(),
        printed: afterLines.findLast((l) => l.startsWith('info string tm-state '))?.slice('info string tm-state '.length),
      };
    }, since);
    const droppedGo = gos.findLast((g) => g.i < since.events)?.go;
    const restartedGo = gos.find((g) => g.i >= since.events)?.go;
    assert.deepEqual(r.engineErrors, [], 'the engine accepted every line (the restore included)');
    // Alpha-beta: a fresh worker, the manager restored; MCTS: the same worker, `tmlab cancel`.
    assert.ok(r.sent.some((l) => l.startsWith(searcher === 'ab' ? '> tmlab restore ' : '> tmlab cancel')), r.sent.join(' | '));
    assert.ok(r.dropped.soft, 'the dropped search printed its budget at once');
    assert.equal(restartedGo, droppedGo, 'the engine’s clock was charged nothing');
    assert.equal(r.restarted.soft, r.dropped.soft, 'the restarted search got the same budget');
    // The worker that played the restarted move (a promoted spare for alpha-beta) is heard: the
    // state saved with the game is the one it printed with that move.
    assert.ok(r.printed, 'the restarted move printed its manager state');
    assert.equal(r.snapshot, r.printed, 'the page keeps the manager state of the move just played');
    // The move's time is the restarted search's alone: the think before the drop and the 500 ms
    // away are not in it.
    assert.ok(r.used <= r.playedAt - since.t + 20, `${r.used} ms charged for a think of at most ${r.playedAt - since.t} ms`);
    console.log(`# ${tm}, ${searcher}: dropped and restarted: ${r.restarted.soft} (${r.sent.at(-1)?.slice(0, 40)}…)`);
    assert.deepEqual(errors, []);
  });
}

test('lc0-legacy: New game mid-think gives the new game the undisturbed first-move budget', async () => {
  await openPlay({ tm: 'lc0-legacy', tc: '1m+0' });
  // A game's first move, undisturbed (seen from its start): its budget carries the first-move bonus.
  await page.click('#view-play button.new-game');
  await page.waitForFunction(() => globalThis.tmlab.views.play.state.moves.length >= 1, null, { timeout: 30000 });
  const firstBudget = () => view(() => globalThis.__lines.map((l) => l.line).findLast((l) => l.startsWith('info string tm soft ')));
  const undisturbed = await firstBudget();
  // A second game, dropped 300 ms into its first move by a third (after its budget line: the
  // line found after the drop must be the third game's own).
  const second = await markNow();
  await page.click('#view-play button.new-game');
  await page.waitForFunction(() => globalThis.tmlab.views.play.active?.kind === 'move', null, { timeout: 5000 });
  await page.waitForFunction((n) => globalThis.__lines.slice(n).some((l) => l.line.startsWith('info string tm soft ')), second.lines, { timeout: 5000 });
  await page.waitForTimeout(300);
  assert.equal(await view(() => globalThis.tmlab.views.play.state.moves.length), 0, 'the third game dropped a running first move');
  const since = await markNow();
  await page.click('#view-play button.new-game');
  await page.waitForFunction((n) => globalThis.__lines.slice(n).some((l) => l.line.startsWith('info string tm soft ')), since.lines, { timeout: 5000 });
  const restarted = await view((n) => /** @type {{line: string}} */ (globalThis.__lines.slice(n).find((l) => l.line.startsWith('info string tm soft '))).line, since.lines);
  assert.ok(undisturbed, 'the first move printed its budget');
  assert.match(undisturbed, /bonus_mult=(?!1 )/, 'the first move has its bonus');
  assert.equal(restarted, undisturbed);
  assert.deepEqual(errors, []);
});

test('MCTS: the stop reason is worded for a searcher without iterations', async () => {
  await openPlay({ tm: 'lc0-legacy', tc: '1m+0', searcher: 'mcts' });
  await page.click('#view-play button.new-game');
  await page.waitForFunction(() => globalThis.tmlab.views.play.state.moves.length >= 1, null, { timeout: 30000 });
  await page.waitForFunction(() => /** @type {HTMLElement} */ (document.querySelector('.engine-panel')).dataset.stop !== '');
  const r = await view(() => ({ key: /** @type {HTMLElement} */ (document.querySelector('.engine-panel')).dataset.stop, text: /** @type {Element} */ (document.querySelector('.ep-stop')).textContent }));
  assert.doesNotMatch(r.text, /iteration/, `${r.key}: ${r.text}`);
  assert.doesNotMatch(r.text, /stopped: [a-z-]+$/, 'a sentence, not a bare key');
  console.log(`# MCTS stop: ${r.key} → “${r.text}”`);
  assert.deepEqual(errors, []);
});
