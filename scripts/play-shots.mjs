// @ts-check
// The Play view's documentation images (docs/play.md), from a real 3+2 game against the default
// engine (Stockfish's manager on alpha-beta, level 3) in headless Chromium at 1366×768:
// - docs/play.png: the page while the game is in progress, just after an engine move (its
//   panel says why the search stopped then);
// - docs/play-movetimes.png: the move-time chart card once the game has ended (or after
//   MAX_ENGINE_MOVES engine moves).
// The person's moves come from the same engine at depth 3 in Node (the built wasm), after a
// short pause, so the game lasts. Run after `npm run build`: `node scripts/play-shots.mjs`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveDist, launch } from '../tests/e2e/harness.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAX_ENGINE_MOVES = Number(process.env.MAX_ENGINE_MOVES || 40);
const SHOT_AT = Number(process.env.SHOT_AT || 12);

const tmlab = await import('../www/pkg/tmlab.js');
tmlab.initSync({ module: readFileSync(join(ROOT, 'www', 'pkg', 'tmlab_bg.wasm')) });
const helper = new tmlab.WorkerEngine();
helper.handle('uci');
helper.handle('isready');

/**
 * The person's move: a depth-3 search in Node.
 * @param {string[]} uciMoves the game so far
 */
function personMove(uciMoves) {
  helper.handle(`position startpos${uciMoves.length ? ` moves ${uciMoves.join(' ')}` : ''}`);
  const lines = [...helper.handle('go depth 3')];
  while (helper.searching) lines.push(...helper.pump(64));
  const best = lines.find((l) => l.startsWith('bestmove'));
  if (!best) throw new Error(`no bestmove from the depth-3 search: ${lines.join(' | ')}`);
  return best.split(' ')[1];
}

const server = await serveDist();
const browser = await launch({ viewport: { width: 1366, height: 768 } });
const page = await browser.context.newPage();
page.on('pageerror', (e) => console.error(`pageerror: ${e.message}`));
try {
  await page.goto(`${server.url}?view=play`);
  await page.waitForFunction(() => globalThis.tmlab?.views?.play?.state, null, { timeout: 30000 });
  await page.evaluate(() => globalThis.tmlab.views.play.ready);
  const state = () => page.evaluate(() => globalThis.tmlab.views.play.state);
  let engineMoves = 0;
  let shot = false;
  for (;;) {
    const s = await state();
    if (s.outcome || engineMoves >= MAX_ENGINE_MOVES) break;
    if (s.to_move !== 'person') {
      await page.waitForTimeout(200);
      continue;
    }
    const uci = personMove(s.moves.map((m) => m.uci));
    await page.waitForTimeout(800 + Math.round(Math.random() * 1500));
    await page.fill('#play-move-input', uci);
    await page.press('#play-move-input', 'Enter');
    await page.waitForFunction((n) => globalThis.tmlab.views.play.state.moves.length > n, s.moves.length, { timeout: 5000 });
    await page.waitForFunction(
      () => {
        const v = globalThis.tmlab.views.play;
        return v.state.outcome || (v.state.to_move === 'person' && !v.active);
      },
      null,
      { timeout: 120000 },
    );
    engineMoves += 1;
    const last = (await state()).moves.at(-1);
    if (!last) throw new Error('the engine moved, yet the game has no move');
    if (last.engine) console.log(`${last.san}: ${(last.used_ms / 1000).toFixed(2)} s: ${last.engine.why}`);
    if (!shot && engineMoves >= SHOT_AT && last.engine?.why.includes('factors')) {
      // Just after an engine move: its budget, effective soft limit and the sentence saying why
      // it stopped then, with the person to move: the docs' screenshot of a game in progress.
      await page.waitForTimeout(300);
      await page.evaluate(() => scrollTo(0, 0));
      await page.screenshot({ path: join(ROOT, 'docs', 'play.png') });
      shot = true;
      console.log('docs/play.png written');
    }
  }
  const s = await state();
  console.log(`${s.moves.length} plies${s.outcome ? `, ${s.outcome.result} (${s.outcome.reason})` : ''}`);
  const card = page.locator('.play-chart');
  await card.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await card.screenshot({ path: join(ROOT, 'docs', 'play-movetimes.png') });
  console.log('docs/play-movetimes.png written');
} finally {
  helper.free();
  await browser.close();
  await server.close();
}
