// @ts-check
// Two live charts a lesson can hold beyond the playground's own cards, each built from another
// view's parts: a PGN replay (the Replay view's worker and game chart: the time a player used
// against a manager's soft and hard limits, moves past the hard limit circled, with "paste your
// own"), and a match (the Match view's runner and the crate's MatchBook: the Elo estimate with
// its error bar and the SPRT's log-likelihood ratio against its bounds, after every game).
// Nothing here computes a rule: the replay, the statistics and the bounds are the crate's.

import { MatchBook, lesson_number } from '../../pkg/tmlab.js';
import { createGameChart } from '../../ui/game-chart.js';
import { MatchRunner } from '../../engine/match-runner.js';
import { replayWorker } from '../../engine/replay-client.js';
import { sampleOf } from '../../ui/replay-samples.js';
import { appUrl } from '../../ui/app-url.js';
import { chartCard } from '../../ui/chart-card.js';
import { perFrame, until as untilFrame } from '../../ui/frame.js';
import { messageOf } from '../../ui/typed-error.js';

/** @typedef {{element: HTMLElement, settled: () => Promise<void>, destroy: () => void}} Mounted */

/** A replayed game or a live match settles within four minutes. */
const until = (/** @type {() => boolean} */ done) => untilFrame(done, 240000);

/**
 * A replay of a shipped sample (`sample`, default `lichess`) or a pasted PGN against one
 * manager (`tm`): the Replay view's chart of game 1, with the lesson's `mark` (a move number).
 * @param {HTMLElement} host
 * @param {Record<string, any>} a
 * @param {number|null} [mark]
 * @returns {Mounted}
 */
export function mountReplayChart(host, a, mark = null) {
  const tm = String(a.tm || 'stockfish');
  const worker = replayWorker();
  /** @type {any} */ let summary = null;
  let state = 'replaying';
  const chart = createGameChart(() => ({ summary, index: 0, finished: summary ? 1 : 0 }), {
    mark,
    title: `Your clock against ${tm}’s plan`,
    blurb: `Bars: the time each side used per move (White left, Black right of the move number); ▬ ${tm}’s soft budget and × its hard limit at the player’s clock; ○ a move that used more than the hard limit; lines: both clocks (right axis).`,
  });
  const paste = document.createElement('details');
  paste.className = 'replay-paste';
  paste.innerHTML = '<summary>Paste your own game (PGN with [%clk] comments, e.g. a lichess download)</summary>';
  const area = Object.assign(document.createElement('textarea'), { rows: 5, placeholder: '[Event "…"]\n[TimeControl "180+2"]\n\n1. e4 { [%clk 0:03:00] } …' });
  area.setAttribute('aria-label', 'A PGN with clocks to replay');
  const go = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Replay this game' });
  const status = Object.assign(document.createElement('p'), { className: 'replay-status' });
  status.setAttribute('role', 'status');
  paste.append(area, go, status);
  host.append(chart.element, paste);
  chart.size();

  let runs = 0;
  /** Replays `pgn` (named `source` in the status line) against the lesson's manager. */
  async function run(/** @type {string} */ pgn, /** @type {string} */ source) {
    const my = ++runs;
    state = 'replaying';
    status.textContent = `Replaying ${source}…`;
    const m = await worker.replay(pgn, [tm], () => {});
    if (my !== runs || m.type === 'replaced') return;
    if (m.type !== 'done') {
      state = 'error';
      status.textContent = m.type === 'error' ? `${m.error.path ? `${m.error.path}: ` : ''}${m.error.message}${m.error.allowed ? ` (allowed: ${m.error.allowed})` : ''}` : `The replay failed (${m.message}).`;
      return;
    }
    const g = m.result.replay.games[0];
    const record = g ? await worker.chart(0, 0) : null;
    if (my !== runs) return;
    if (!record) {
      state = 'error';
      status.textContent = 'The PGN holds no game with clocks.';
      return;
    }
    summary = { record: { ...record, outcome: { result: g.result, reason: g.game.event } } };
    const over = g.sides.map((sd) => `${sd.color} ${sd.managers[0].over_hard.length}`).join(', ');
    status.textContent = `Replayed ${source}: moves past ${tm}’s hard limit: ${over}.`;
    chart.draw();
    state = 'done';
  }
  go.addEventListener('click', () => run(area.value, 'your game'));
  const entry = sampleOf(a.sample || 'lichess');
  fetch(appUrl(`replay/${entry.file}`))
    .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`HTTP ${r.status}`))))
    .then((pgn) => run(pgn, `the sample (${entry.label})`))
    .catch((e) => {
      state = 'error';
      status.textContent = `The sample ${entry.file} could not be loaded (${messageOf(e)}).`;
    });
  return {
    element: host,
    settled: () => until(() => state !== 'replaying' && Boolean(chart.drawn)),
    destroy: () => {
      runs += 1;
      worker.dispose();
      chart.dispose();
    },
  };
}

/** Finished matches by spec: going back to a setting shows its result at once, and the same. */
const MATCHES = new Map();

/**
 * A live match between two managers (`a`, `b`, with controls `tca`, `tcb`) on the virtual clock
 * (`nps`), `games` games at most, stopped by an SPRT (`elo0`, `elo1`, `alpha`, `beta`): after
 * every game (added in game order, so a run draws the same curve whatever order the workers
 * finish in) the Elo estimate with its error bar, and the LLR against its bounds.
 * @param {HTMLElement} host
 * @param {Record<string, any>} a
 * @returns {Mounted}
 */
export function mountMatchChart(host, a) {
  const sprt = { elo0: a.elo0 ?? 0, elo1: a.elo1 ?? 10, alpha: a.alpha ?? 0.05, beta: a.beta ?? 0.05 };
  const spec = JSON.stringify({
    engine: String(a.engine || 'ab'),
    a: String(a.a || 'stockfish'),
    b: String(a.b || 'stockfish'),
    tc_a: String(a.tca),
    tc_b: String(a.tcb ?? a.tca),
    games: a.games ?? 40,
    seed: a.seed ?? 1,
    clock: { mode: 'virtual', nps: a.nps ?? 100000, latency_ms: 0 },
    openings: 'builtin',
    event: 'tmlab lesson match',
    date: '2026.01.01',
    sprt,
  });
  const bound = (/** @type {string} */ field) => Number(lesson_number(`sprt elo0=${sprt.elo0} elo1=${sprt.elo1} alpha=${sprt.alpha} beta=${sprt.beta} field=${field} dp=6`));
  const bounds = { lower: bound('lower'), upper: bound('upper') };
  const { section: card, figure, canvas, size } = chartCard({
    className: 'chart-card match-lesson-card',
    title: 'A match, game by game',
    blurb: `${a.a || 'stockfish'} at ${a.tca} against ${a.b || 'stockfish'} at ${a.tcb ?? a.tca}, alpha-beta on a virtual clock at ${(a.nps ?? 100000) / 1000}k nodes/s, colour-reversed pairs from the built-in openings. Top: A’s Elo estimate with its 95 % error bar; bottom: the SPRT’s log-likelihood ratio (LLR) for [${sprt.elo0}, ${sprt.elo1}] normalized Elo, α = ${sprt.alpha}, β = ${sprt.beta}, against its bounds.`,
    label: 'Elo estimate with error bar, and the SPRT log-likelihood ratio, after each game',
    height: { ratio: 0.48, min: 300, max: 440 },
  });
  const note = Object.assign(document.createElement('div'), { className: 'annotation' });
  note.setAttribute('aria-live', 'polite');
  card.append(note);
  host.append(card);

  /** @type {{games: number, elo: number|null, err: number|null, llr: number, verdict: string}[]} */
  let points = [];
  let total = Number(a.games ?? 40);
  let done = false;
  let failed = '';
  const draw = perFrame(() => {
    const { width, height } = size();
    drawMatch(canvas, width, height, points, total, bounds);
    canvas.dataset.draws = String(Number(canvas.dataset.draws || 0) + 1);
    canvas.dataset.games = String(points.length ? points[points.length - 1].games : 0);
    const p = points[points.length - 1];
    note.textContent = failed
      ? `The match failed: ${failed}`
      : !p
        ? 'The first pair of games is being played…'
        : `After ${p.games} games: Elo ${p.elo == null ? 'not yet defined' : `${fmt(p.elo)} ± ${fmt(p.err ?? 0)}`}; LLR ${p.llr.toFixed(2)} (bounds ${bounds.lower.toFixed(2)} and ${bounds.upper.toFixed(2)}): ${verdictText(p.verdict, p.games, total)}.`;
  });
  const resize = new ResizeObserver(draw);
  resize.observe(figure);

  /** @type {MatchRunner|null} */
  let runner = null;
  /** @type {any} */
  let book = null;
  const cached = MATCHES.get(spec);
  if (cached) {
    points = cached.points;
    total = cached.total;
    done = true;
  } else {
    book = new MatchBook(spec);
    total = book.games;
    /**
     * Finished games waiting for an earlier one, by index.
     * @type {Map<number, import('../../ui/crate-types.js').GameSummary>}
     */
    const waiting = new Map();
    /** @type {ConstructorParameters<typeof MatchRunner>[0]['book']} */
    const ordered = {
      get complete() {
        return book.complete;
      },
      pending: () => book.pending().filter((/** @type {number} */ i) => !waiting.has(i)),
      add(summary) {
        waiting.set(summary.index, summary);
        // Add in game order: the next game the book expects is the smallest pending one.
        for (;;) {
          const next = book.pending()[0];
          if (next === undefined || book.complete || !waiting.has(next)) break;
          book.add(waiting.get(next));
          waiting.delete(next);
          const st = book.standing();
          const est = st.report.block.estimate;
          const sp = st.report.block.sprt;
          points = [...points, { games: st.finished, elo: est?.elo ?? null, err: est?.elo_error ?? null, llr: sp ? sp[1] : 0, verdict: st.verdict ?? 'running' }];
        }
        draw();
      },
    };
    runner = new MatchRunner({ spec, book: ordered, concurrency: 2 });
    runner.addEventListener('complete', () => {
      done = true;
      MATCHES.set(spec, { points, total });
      draw();
    });
    runner.addEventListener('failed', (e) => {
      failed = /** @type {CustomEvent} */ (e).detail.message;
      draw();
    });
    runner.start();
  }
  draw();
  return {
    element: host,
    settled: () => until(() => done && Number(canvas.dataset.draws) > 0 && canvas.dataset.games === String(points.length ? points[points.length - 1].games : 0)),
    destroy: () => {
      resize.disconnect();
      runner?.stop();
      book?.free();
    },
  };
}

const fmt = (/** @type {number} */ x) => (Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(1));

function verdictText(/** @type {string} */ v, /** @type {number} */ n, /** @type {number} */ total) {
  if (v === 'h1-accepted') return 'the upper bound is crossed: A is better (H1 accepted)';
  if (v === 'h0-accepted') return 'the lower bound is crossed: A is not better by elo1 (H0 accepted)';
  return n >= total ? `no bound crossed in ${total} games` : 'running';
}

/**
 * Draw the two panels: Elo ± error bar (top) and LLR with its bounds (bottom), x = games.
 * @param {HTMLCanvasElement} canvas
 * @param {number} w
 * @param {number} h
 * @param {{games: number, elo: number|null, err: number|null, llr: number}[]} pts
 * @param {number} total
 * @param {{lower: number, upper: number}} bounds
 */
function drawMatch(canvas, w, h, pts, total, bounds) {
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  const d = Number(canvas.dataset.dpr || 1);
  ctx.setTransform(d, 0, 0, d, 0, 0);
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, w, h);
  ctx.font = '12px system-ui, sans-serif';
  const left = 56;
  const right = w - 16;
  const gap = 28;
  const top = { y0: 14, y1: Math.round(h * 0.5) - gap / 2 };
  const bot = { y0: Math.round(h * 0.5) + gap / 2, y1: h - 30 };
  const x = (/** @type {number} */ g) => left + ((right - left) * g) / Math.max(1, total);
  // Top: Elo (the error bars can be huge early on: the axis is clipped to ±600).
  const withElo = pts.filter((p) => p.elo != null && Number.isFinite(p.elo));
  const lim = Math.min(600, Math.max(100, ...withElo.map((p) => Math.abs(/** @type {number} */ (p.elo)) + Math.min(600, p.err ?? 0))));
  const ye = (/** @type {number} */ v) => top.y0 + ((top.y1 - top.y0) * (lim - Math.max(-lim, Math.min(lim, v)))) / (2 * lim);
  const llrLim = Math.max(bounds.upper, -bounds.lower, ...pts.map((p) => Math.abs(p.llr))) * 1.1;
  const yl = (/** @type {number} */ v) => bot.y0 + ((bot.y1 - bot.y0) * (llrLim - v)) / (2 * llrLim);
  ctx.strokeStyle = '#bbb';
  ctx.lineWidth = 1;
  ctx.fillStyle = '#333';
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  for (const v of [-lim, 0, lim]) {
    line(ctx, left, ye(v), right, ye(v), v === 0 ? '#888' : '#ddd');
    ctx.fillText(`${v > 0 ? '+' : ''}${Math.round(v)}`, left - 6, ye(v));
  }
  for (const v of [bounds.lower, 0, bounds.upper]) {
    line(ctx, left, yl(v), right, yl(v), v === 0 ? '#888' : '#c0392b', v === 0 ? [] : [6, 4]);
    ctx.fillText(v.toFixed(2), left - 6, yl(v));
  }
  ctx.textAlign = 'left';
  ctx.fillText('Elo (A − B), ± 95 % (bars beyond the axis are cut)', left + 4, top.y0 + 6);
  ctx.fillText('LLR; dashed: the SPRT’s bounds', left + 4, yl(0) - 10);
  ctx.fillStyle = '#c0392b';
  ctx.fillText(`upper bound ${bounds.upper.toFixed(2)}: H1 (A better)`, right - 230, yl(bounds.upper) - 9);
  ctx.fillText(`lower bound ${bounds.lower.toFixed(2)}: H0`, right - 230, yl(bounds.lower) + 10);
  // x axis
  ctx.fillStyle = '#333';
  ctx.textAlign = 'center';
  const step = total > 40 ? 20 : 10;
  for (let g = 0; g <= total; g += step) ctx.fillText(String(g), x(g), h - 16);
  ctx.fillText('games', (left + right) / 2, h - 4);
  // Elo points and error bars
  ctx.strokeStyle = '#0072b2';
  ctx.fillStyle = '#0072b2';
  for (const p of withElo) {
    const e = /** @type {number} */ (p.elo);
    const err = p.err ?? 0;
    line(ctx, x(p.games), ye(e - err), x(p.games), ye(e + err), 'rgba(0,114,178,0.45)');
    ctx.beginPath();
    ctx.arc(x(p.games), ye(e), 3, 0, 2 * Math.PI);
    ctx.fill();
  }
  // LLR line
  if (pts.length) {
    ctx.strokeStyle = '#d55e00';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(x(0), yl(0));
    for (const p of pts) ctx.lineTo(x(p.games), yl(p.llr));
    ctx.stroke();
    const last = pts[pts.length - 1];
    if (last.llr >= bounds.upper || last.llr <= bounds.lower) {
      ctx.strokeStyle = '#c0392b';
      ctx.beginPath();
      ctx.arc(x(last.games), yl(last.llr), 9, 0, 2 * Math.PI);
      ctx.stroke();
    }
  }
}

/**
 * A line from (x0, y0) to (x1, y1) in `color`, dashed as `dash` (canvas pixels).
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x0
 * @param {number} y0
 * @param {number} x1
 * @param {number} y1
 * @param {string} color
 * @param {number[]} [dash]
 */
function line(ctx, x0, y0, x1, y1, color, dash = []) {
  ctx.save();
  ctx.strokeStyle = color;
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
  ctx.stroke();
  ctx.restore();
}
