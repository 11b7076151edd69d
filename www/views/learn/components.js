// @ts-check
// The live charts a lesson can hold, built from the existing components: the allocation card
// (usage model or engine game), one building-block curve (moves-left or decay), and the search
// timeline (a real search in its own engine worker); a PGN replay and a live match
// (lesson-charts.js). Each `mount` returns
// `{element, settled(): Promise<void>, destroy()}`; `settled` resolves once the chart shows the
// settings it was mounted with (an engine game or a search may take a few seconds).

import { TimelineFeed } from '../../pkg/tmlab.js';
// The timeline's lines are read by the engine module, its chart drawn by the engine charts
// module (issue 24), asked through ui/engine-charts.js (drawn once it is in).
import { cancelEngineChart, drawEngineChart } from '../../ui/engine-charts.js';
import { ALLOCATION_DEFAULTS } from '../../ui/curve-params.js';
import { EngineClient } from '../../engine/client.js';
import { fitCanvas, bindReadout } from '../../ui/canvas.js';
import { perFrame, until as untilFrame } from '../../ui/frame.js';
import { typedAttrs } from './controller.js';
import { join_spec_list } from '../../ui/rules.js';
import { createChartEmbed } from '../../ui/chart-embed.js';
import { iframeSnippet, playgroundBase } from '../../ui/snippets.js';
import { mountReplayChart, mountMatchChart } from './lesson-charts.js';
import { messageOf } from '../../ui/typed-error.js';

/** @typedef {import('./lesson-charts.js').Mounted} Mounted */

/**
 * The Curves view's cards a lesson can hold.
 * @typedef {{mountAllocation: (host: HTMLElement, o: any) => any, mountCurves: (host: HTMLElement, o: any) => any}} CurvesCards
 */

/** The Curves view's cards, or a clear error when the page gave none. @param {{curves?: CurvesCards}} ctx */
function curvesOf(ctx) {
  if (!ctx.curves) throw new Error('this page cannot show the Curves view\'s charts');
  return ctx.curves;
}

/** A lesson chart settles within two minutes. */
const until = (/** @type {() => boolean} */ done) => untilFrame(done, 120000);

/**
 * @param {HTMLElement} host
 * @param {string} kind
 * @param {Record<string, string>} attrs
 * @param {{spawnEngine?: () => Worker, curves?: CurvesCards}} ctx `curves`: the Curves view's cards,
 *   handed over by the page (main.js), since a view imports no other view
 * @param {{base?: Record<string, string>, mark?: number|null}} [lesson] the lesson's own setting
 *   (the ghost of a usage-model allocation chart) and the move its notice's number is drawn at
 * @returns {Mounted}
 */
export function mountChart(host, kind, attrs, ctx, lesson = {}) {
  const a = typedAttrs(attrs);
  host.replaceChildren();
  host.dataset.kind = kind;
  if (kind === 'allocation') {
    const base = lesson.base ? typedAttrs(lesson.base) : null;
    const changed = base && JSON.stringify(lesson.base) !== JSON.stringify(attrs);
    const h = curvesOf(ctx).mountAllocation(host, {
      state: a,
      lesson: {
        ghostSpecs: changed && base ? join_spec_list(base.specs || a.specs || []) : undefined,
        ghostTc: changed && base ? String(base.tc ?? a.tc ?? '') : undefined,
        ghostUsage: changed && base ? usageOf(base) : undefined,
        ghostEngine: changed && base ? { ...ALLOCATION_DEFAULTS, ...base } : undefined,
        mark: lesson.mark ?? undefined,
      },
    });
    const engine = a.mode === 'engine';
    return {
      element: host,
      settled: () =>
        engine
          ? until(() => Boolean(h.engine.last) && h.engine.element.dataset.running === undefined)
          : until(() => Boolean(h.lastDrawn)),
      destroy: () => h.destroy(),
    };
  }
  if (kind === 'moves-left' || kind === 'decay') {
    const h = curvesOf(ctx).mountCurves(host, { state: { [kind]: a }, only: kind });
    return { element: host, settled: () => until(() => Boolean(host.querySelector('canvas[data-draws]'))), destroy: () => h.destroy() };
  }
  if (kind === 'timeline') return mountTimeline(host, a, ctx);
  if (kind === 'replay') return mountReplayChart(host, a, lesson.mark ?? null);
  if (kind === 'match') return mountMatchChart(host, a);
  throw new Error(`unknown chart ${kind}`);
}

/** A usage model `[moves, use, nps, reuse]` from a chart's attributes (the allocation defaults
 * where absent). */
function usageOf(/** @type {Record<string, any>} */ a) {
  const d = ALLOCATION_DEFAULTS;
  return new Float64Array([a.moves ?? d.moves, a.use ?? d.use, a.nps ?? d.nps, a.reuse ?? d.reuse]);
}

const STARTPOS = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/**
 * A live search of one position on the virtual clock: `tm`, `fen` (or `startpos`), `clock` and
 * `inc` (seconds), `nps` (virtual nodes per second).
 * @param {HTMLElement} host
 * @param {Record<string, any>} a
 * @param {{spawnEngine?: () => Worker, curves?: CurvesCards}} ctx `curves`: the Curves view's cards,
 *   handed over by the page (main.js), since a view imports no other view
 * @returns {Mounted}
 */
function mountTimeline(host, a, ctx) {
  const card = document.createElement('section');
  card.className = 'card chart-card wide timeline-card';
  const fen = !a.fen || a.fen === 'startpos' ? STARTPOS : String(a.fen);
  const tm = String(a.tm || 'stockfish');
  const clock = Math.round(1000 * (a.clock ?? 60));
  const inc = Math.round(1000 * (a.inc ?? 0));
  const nps = Math.round(a.nps ?? 1000000);
  card.innerHTML = `<h2>Search timeline</h2><p class="blurb"></p>`;
  /** @type {HTMLElement} */ (card.querySelector('.blurb')).textContent =
    `${tm}, alpha-beta, clock ${clock / 1000} s + ${inc / 1000} s, virtual clock at ${nps / 1000}k nodes/s, position ${fen}`;
  const figure = Object.assign(document.createElement('div'), { className: 'figure' });
  const canvas = document.createElement('canvas');
  canvas.tabIndex = 0;
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', 'Search timeline: each iteration’s completion time against the soft and hard limits');
  const note = Object.assign(document.createElement('div'), { className: 'annotation' });
  note.setAttribute('aria-live', 'polite');
  note.textContent = 'Hover a dot for the iteration’s numbers.';
  const err = Object.assign(document.createElement('p'), { className: 'error' });
  err.setAttribute('role', 'alert');
  const limit = Object.assign(document.createElement('p'), { className: 'timeline-limit' });
  figure.append(canvas);
  // This search as an iframe of the /embed route showing this chart alone: the same position,
  // manager, clock and virtual speed replay the same search (the virtual clock counts nodes).
  const embed = createChartEmbed({
    label: 'search timeline',
    snippet: () => {
      const u = new URL('embed/', playgroundBase(location.href));
      const c = { fen: fen === STARTPOS ? 'startpos' : fen, tm, clock: clock / 1000, inc: inc / 1000, nps };
      u.search = new URLSearchParams([['v', '1'], ['view', 'learn'], ['chart', 'timeline'], ...Object.entries(c).map(([k, v]) => [`c.${k}`, String(v)])]).toString();
      return { kind: 'iframe', text: iframeSnippet(u.href, `tmlab: search timeline (${tm})`, 520) };
    },
  });
  card.append(figure, note, limit, err, embed.element);
  host.append(card);

  const feed = new TimelineFeed();
  /** @type {InstanceType<import('../../ui/engine-charts.js').EngineCharts['TimelineCanvas']> | null} */
  let chart = null;
  /** @type {number | null} */
  let hoverPx = null;
  let done = false;
  /**
   * The last draw's data (iterations, limits, stop reason): the fields read here.
   * @type {{text?: string, timeline: {done: boolean, iterations: unknown[]}} | null}
   */
  let last = null;
  // Now, or once the engine charts module is in.
  const draw = () =>
    drawEngineChart(canvas, (m) => {
      const width = Math.max(280, Math.round(figure.clientWidth));
      fitCanvas(canvas, width, Math.round(Math.min(380, Math.max(240, width * 0.45))));
      try {
        chart ??= new m.TimelineCanvas(canvas);
        /** @type {NonNullable<typeof last>} */
        const drawn = chart.draw(feed.chart(), hoverPx ?? undefined);
        last = drawn;
        if (drawn.text) note.textContent = drawn.text;
        canvas.dataset.draws = String(Number(canvas.dataset.draws || 0) + 1);
        canvas.dataset.iterations = String(drawn.timeline.iterations.length);
      } catch (e) {
        err.textContent = messageOf(e);
      }
    });
  const schedule = perFrame(draw);
  bindReadout(canvas, (x) => {
    if (x === null) return;
    hoverPx = x;
    schedule();
  });
  const resize = new ResizeObserver(schedule);
  resize.observe(figure);
  draw();

  /** @type {EngineClient|null} */
  let engine = null;
  if (!ctx.spawnEngine) err.textContent = 'No engine here: the search timeline needs the engine worker.';
  else {
    engine = new EngineClient(ctx.spawnEngine, { spare: false });
    engine.addEventListener('line', (e) => {
      const line = /** @type {CustomEvent} */ (e).detail;
      if (line.startsWith('info string tm-limit ')) {
        try {
          limit.textContent = JSON.parse(line.slice('info string tm-limit '.length)).text;
        } catch {
          /* shown by the chart anyway */
        }
      }
    });
    engine.configure({ Searcher: 'ab', TimeManager: tm, VirtualNps: String(nps) }, { newGame: true });
    engine.search({
      position: `position fen ${fen}`,
      go: `go wtime ${clock} btime ${clock} winc ${inc} binc ${inc}`,
      budgetMs: clock,
      onInfo: (line) => {
        if (feed.feed(line)) schedule();
      },
      onBestmove: (line) => {
        feed.feed(line);
        done = true;
        card.dataset.done = '1';
        schedule();
      },
    });
  }
  return {
    element: host,
    settled: () => until(() => done && Number(canvas.dataset.draws) > 0 && Boolean(last?.timeline?.done)),
    destroy: () => {
      resize.disconnect();
      cancelEngineChart(canvas);
      engine?.terminate();
    },
  };
}
