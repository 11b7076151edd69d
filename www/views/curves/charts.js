// @ts-check
// The Curves view's building-block charts (lc0's exponential decay and moves-left estimate),
// drawn by the Rust chart code in the page's own wasm instance. Each chart sits beside its
// sliders; the default curve stays as a ghost; hovering (or arrow keys on the focused chart)
// annotates a point with its exact numbers. State: controller.js; DOM: render.js.

import { render, nothing } from 'lit-html';
import { CurveCanvas, check_curve_value } from '../../pkg/charts/charts.js';
import { createSlider } from '../../ui/slider.js';
import { perFrame } from '../../ui/frame.js';
import { fitCanvas, bindReadout } from '../../ui/canvas.js';
import { CURVE_PARAMS } from '../../ui/curve-params.js';
import { curveInit, curveUpdate, stepHover } from './controller.js';
import { curveCardTemplate } from './render.js';
import { createChartEmbed } from '../../ui/chart-embed.js';
import { curveSnippet, playgroundBase } from '../../ui/snippets.js';
import { messageOf } from '../../ui/typed-error.js';

/** Chart height as a share of its width, within these pixel bounds. */
const ASPECT = 0.56;
const MIN_HEIGHT = 220;
const MAX_HEIGHT = 420;
/** Arrow keys move the hovered point by this share of the plot width. */
const KEY_STEP = 0.01;

/**
 * A building-block chart: its sliders, how it draws, and the note of its hovered point.
 * @typedef {object} CurveChart
 * @property {'decay' | 'moves-left'} id
 * @property {string} title
 * @property {string} blurb
 * @property {typeof CURVE_PARAMS[string]} params
 * @property {(canvas: CurveCanvas, v: Record<string, number>, hoverPx: number | undefined) => CurveDrawn} draw
 * @property {(pt: CurvePoint) => import('./controller.js').Note} annotate
 */
/** @typedef {import('../../ui/crate-types.js').CurveDrawn} CurveDrawn */
/** @typedef {import('../../ui/crate-types.js').CurvePoint} CurvePoint */

/** @type {CurveChart[]} */
const CHARTS = [
  {
    id: 'decay',
    title: 'Exponential decay',
    blurb:
      'ED(from, to, step, value) = to − (to − from)·0.5^(value/step): how lc0’s smooth manager moves an estimate ' +
      '(tree reuse, time use, nps) toward what it measured. Each step of value covers half the remaining way: ' +
      'the marks show ½, ¾ and ⅞.',
    params: CURVE_PARAMS.decay,
    draw: (canvas, v, hoverPx) => canvas.draw_decay(v.from, v.to, v.step, hoverPx),
    annotate: (pt) => ({ x: pt.value, y: pt.ed, text: pt.text }),
  },
  {
    id: 'moves-left',
    title: 'Moves left (mle-legacy)',
    blurb:
      'lc0’s estimate of the moves still to play, m·(1 + 2·(x/m)^s)^(1/s) − x with x = ply/2: the median residual ' +
      'life of a log-logistic game length. It bottoms out near the midpoint and then grows again, so a manager that ' +
      'divides its clock by it never plans for fewer than about 7.7 moves. The green line is Expositor’s estimate, ' +
      'which princhess divides its clock by (43 moves at the start, never below 23).',
    params: CURVE_PARAMS['moves-left'],
    draw: (canvas, v, hoverPx) => canvas.draw_moves_left(v.midpoint, v.steepness, hoverPx),
    annotate: (pt) => ({ x: pt.move, y: pt.moves_left, text: pt.text }),
  },
];

/**
 * Build the charts into `root`. `state` maps chart id → { key: value }; `onChange` persists it;
 * `only` mounts just that chart (the Learn view's lessons). `destroy()` unbinds and removes them.
 * @param {HTMLElement} root
 * @param {{state?: Record<string, Record<string, number>>, onChange?: (s: Record<string, Record<string, number>>) => void, only?: string|null}} [ctx]
 */
export function mountCurves(root, { state = {}, onChange = () => {}, only = null } = {}) {
  const views = CHARTS.filter((c) => !only || c.id === only).map((spec) =>
    mountChart(root, spec, state[spec.id] || {}, (values) => {
      state[spec.id] = values;
      onChange(state);
    }),
  );
  return {
    redrawAll: () => views.forEach((v) => v.redraw()),
    destroy: () => views.forEach((v) => v.destroy()),
  };
}

/**
 * One chart's card in `root`, from `initial` values; `persist` gets each change.
 * @param {HTMLElement} root
 * @param {CurveChart} spec
 * @param {Record<string, number>} initial
 * @param {(values: Record<string, number>) => void} persist
 */
function mountChart(root, spec, initial, persist) {
  let s = curveInit(spec.params, initial);
  const holder = document.createElement('section');
  holder.className = 'card chart-card';
  holder.id = `chart-${spec.id}`;
  root.append(holder);
  const canvas = document.createElement('canvas');
  canvas.tabIndex = 0;
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', `${spec.title} chart; use the arrow keys to read points`);
  const sliders = spec.params.map(
    (p) =>
      createSlider({
        ...p,
        key: `${spec.id}.${p.key}`,
        value: s.values[p.key],
        check: (v) => check_curve_value(spec.id, p.key, v),
        onInput: (v) => {
          s = curveUpdate(s, { type: 'slider', key: p.key, value: v });
          persist({ ...s.values });
          schedule();
          embed.refresh();
        },
      }).element,
  );
  // This chart as a <tm-curve> (the chart ids are the element's kinds).
  const embed = createChartEmbed({
    label: spec.title,
    snippet: () => ({ kind: 'curve', text: curveSnippet(spec.id, s.values, playgroundBase(location.href)) }),
  });
  const paint = () => render(curveCardTemplate(spec, s, { canvas, sliders, embed: embed.element }), holder);
  paint();
  const figure = /** @type {HTMLElement} */ (holder.querySelector('.figure'));

  const chart = new CurveCanvas(canvas);
  /** @type {number | null} */
  let hoverPx = null;
  /** @type {import('../../ui/crate-types.js').ChartFrame | null} */
  let frame = null;

  let mounted = true;
  function redraw() {
    if (!mounted) return; // a frame asked for before destroy()
    const t0 = performance.now();
    resize();
    try {
      const drawn = spec.draw(chart, s.values, hoverPx ?? undefined);
      frame = drawn.frame;
      s = curveUpdate(s, { type: 'drawn', note: drawn.point ? spec.annotate(drawn.point) : null });
      // The curves the crate drew (the chart lists them), for readers and tests.
      canvas.dataset.series = (drawn.series ?? []).join('|');
      canvas.dataset.draws = String(Number(canvas.dataset.draws || 0) + 1);
    } catch (e) {
      s = curveUpdate(s, { type: 'failed', message: messageOf(e) });
    }
    paint();
    // Visible in the browser's performance panel, and read by the end-to-end test.
    performance.measure('tmlab:draw', { start: t0, detail: spec.id });
  }
  const schedule = perFrame(redraw);

  function resize() {
    const width = Math.max(200, Math.round(figure.clientWidth));
    const height = Math.round(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, width * ASPECT)));
    fitCanvas(canvas, width, height);
  }

  // The curve stays put when a finger lifts: the readout of a tap stays readable.
  const unbind = bindReadout(canvas, (x) => {
    if (x === null) return;
    hoverPx = x;
    schedule();
  });
  const keydown = (/** @type {KeyboardEvent} */ e) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const fallbackRight = canvas.width / Number(canvas.dataset.dpr || 1);
    hoverPx = stepHover(frame, hoverPx, e.key, { share: KEY_STEP, fallbackRight });
    schedule();
  };
  canvas.addEventListener('keydown', keydown);
  const observer = new ResizeObserver(schedule);
  observer.observe(figure);
  redraw();
  return {
    redraw,
    destroy() {
      mounted = false;
      unbind();
      canvas.removeEventListener('keydown', keydown);
      observer.disconnect();
      render(nothing, holder);
      holder.remove();
    },
  };
}
