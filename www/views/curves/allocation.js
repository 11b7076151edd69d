// @ts-check
// The allocation chart: for up to four managers and a time control, the soft and hard budget
// per move over a simulated game, with the clock remaining on a second axis. The usage model
// (share of the budget used, nps, tree reuse) has its own sliders; every manager's parameters
// come from the Rust schema. Hover (or arrow keys) shows the terms behind a move's budget.
// State: controller.js; DOM: render.js; engine mode: engine-mode.js.

import { render, nothing } from 'lit-html';
import { check_curve_value, read_time_control, tm_schema, trace_openings } from '../../pkg/tmlab.js';
// The usage-mode chart is drawn by the charts module (the engine module has no `draw`: issue 24).
import { AllocationCanvas } from '../../pkg/charts/charts.js';
import { createSlider } from '../../ui/slider.js';
import { createParamsPanel } from '../../ui/params.js';
import { perFrame } from '../../ui/frame.js';
import { errorText, typedError } from '../../ui/typed-error.js';
import { fitCanvas, bindReadout } from '../../ui/canvas.js';
import { termChips, termsExplained } from '../../ui/glossary.js';
import { ALLOCATION_DEFAULTS, ALLOCATION_PREFIX, MAX_MANAGERS, USAGE_PARAMS as USAGE } from '../../ui/curve-params.js';
import { allocationInit, allocationUpdate, engineKey, stepHover } from './controller.js';
import { allocationTemplate } from './render.js';
import { createEngineMode } from './engine-mode.js';
import { clearChartFailure } from '../../ui/engine-charts.js';
import { createChartEmbed } from '../../ui/chart-embed.js';
import { ALLOCATION_CURVE_KEYS, chartFrameHref, curveSnippet, iframeSnippet, playgroundBase } from '../../ui/snippets.js';

const ASPECT = 0.5;

/** The settings by key (the usage sliders and the embed name theirs by string). */
const byKey = (/** @type {object} */ settings) => /** @type {Record<string, unknown>} */ (settings);

/**
 * What the allocation chart's draw returns (`AllocationCanvas.draw`): its frame and the hovered
 * move's points, each with its terms.
 * @typedef {{frame: import('../../ui/crate-types.js').ChartFrame, points: {terms: import('../../ui/glossary.js').Readout[]}[]}} AllocationDrawn
 */

const reading = (/** @type {string} */ tc) => {
  try {
    return read_time_control(tc).reading;
  } catch (e) {
    return '';
  }
};

/**
 * Mount the allocation card into `root`. `state` = { specs, tc, moves, use, nps, reuse, mode, … };
 * `onChange(state)` persists it. `destroy()` stops the engine game, unbinds and removes the card.
 * `lesson` (the Learn view's): the ghost is the lesson's own setting (`ghostSpecs`, `;`-separated,
 * at `ghostTc`, usage model `ghostUsage` = [moves, use, nps, reuse]) instead of each manager's defaults, and `mark` is a move whose numbers are drawn
 * on the chart while nothing is hovered; in engine mode `ghostEngine` (settings) is the ghost's game.
 * @param {HTMLElement} root
 * @param {{state?: Partial<typeof ALLOCATION_DEFAULTS>, onChange?: (s: typeof ALLOCATION_DEFAULTS) => void, lesson?: {ghostSpecs?: string, ghostTc?: string, ghostUsage?: Float64Array, ghostEngine?: Record<string, any>, mark?: number}|null}} [ctx]
 */
export function mountAllocation(root, { state: initial = {}, onChange = () => {}, lesson = null } = {}) {
  /** @type {import('../../ui/crate-types.js').ManagerSchema[]} */
  const schema = tm_schema();
  const openings = trace_openings();
  const startTc = { ...ALLOCATION_DEFAULTS, ...initial }.tc;
  let s = allocationInit(initial, reading(startTc));
  const dispatch = (/** @type {any} */ e) => {
    s = allocationUpdate(s, e);
    paint();
  };

  const card = document.createElement('section');
  card.className = 'card chart-card wide';
  card.id = 'chart-allocation';
  root.append(card);
  const canvas = document.createElement('canvas');
  canvas.tabIndex = 0;
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', 'Allocation chart; use the arrow keys to step through moves');
  const usageRows = USAGE.map(
    (u) =>
      createSlider({
        ...u,
        key: `allocation.${u.key}`,
        value: Number(byKey(s.settings)[u.key]),
        check: (v) => check_curve_value('usage', u.key, v),
        defaultValue: Number(byKey(ALLOCATION_DEFAULTS)[u.key]),
        onInput: (v) => {
          s = allocationUpdate(s, { type: 'usage', key: u.key, value: v });
          changed();
        },
      }).element,
  );

  /**
   * The managers' parameter panels, rebuilt (with new keys) when one is added or removed.
   * @type {{key: number, element: HTMLElement}[]}
   */
  let panels = [];
  let panelGen = 0;
  function buildPanels() {
    panels = s.settings.specs.map((spec, i) => ({
      key: ++panelGen,
      element: createParamsPanel({
        schema,
        spec,
        id: `alloc${i}`,
        onChange: (next) => {
          s = allocationUpdate(s, { type: 'spec', index: i, spec: next });
          changed();
        },
      }).element,
    }));
  }

  const on = {
    mode: (/** @type {string} */ v) => {
      s = allocationUpdate(s, { type: 'mode', value: v });
      changed();
    },
    tc: (/** @type {string} */ v) => {
      s = allocationUpdate(s, { type: 'tc', value: v, reading: reading(v.trim()) });
      changed();
    },
    remove: (/** @type {number} */ i) => {
      s = allocationUpdate(s, { type: 'remove', index: i });
      buildPanels();
      changed();
    },
    add: () => {
      s = allocationUpdate(s, { type: 'add', names: schema.map((m) => m.name) });
      buildPanels();
      changed();
    },
    engine: (/** @type {string} */ type, /** @type {string} */ v) => {
      s = allocationUpdate(s, { type, value: v });
      if (type === 'side') {
        engine.touch();
        paint();
        schedule();
      } else changed();
    },
  };

  // This chart as it is: the usage model as a <tm-curve>; an engine game (which needs the
  // engine) as an iframe of the /embed route showing this chart alone.
  const embed = createChartEmbed({
    label: 'allocation',
    snippet: () => {
      const base = playgroundBase(location.href);
      const st = s.settings;
      if (st.mode !== 'engine') {
        return { kind: 'curve', text: curveSnippet('allocation', Object.fromEntries(ALLOCATION_CURVE_KEYS.map((k) => [k, byKey(st)[k]])), base) };
      }
      const href = chartFrameHref(base, 'allocation', ALLOCATION_PREFIX, { ...st, specs: [...st.specs] }, ALLOCATION_DEFAULTS);
      return { kind: 'iframe', text: iframeSnippet(href, 'tmlab: allocation (engine game)') };
    },
  });

  function paint() {
    card.dataset.mode = s.settings.mode;
    render(allocationTemplate(s, { canvas, usageRows, panels, openings, tc: startTc, maxManagers: MAX_MANAGERS, embed: embed.element, lesson: Boolean(lesson) }, on), card);
    embed.refresh();
  }

  buildPanels();
  paint();
  const figure = /** @type {HTMLElement} */ (card.querySelector('.figure'));
  const engine = createEngineMode({
    canvas,
    get: () => s,
    dispatch,
    schedule: () => schedule(),
    element: () => /** @type {HTMLElement} */ (card.querySelector('.engine-mode')),
    ghostOf: lesson?.ghostEngine ?? null,
    mark: lesson?.mark ?? null,
  });
  const chart = new AllocationCanvas(canvas);
  /** @type {number | null} */
  let hoverPx = null;
  /** @type {import('../../ui/crate-types.js').ChartFrame | null} */
  let frame = null;
  /** @type {AllocationDrawn | null} */
  let lastDrawn = null;

  let mounted = true;
  function redraw() {
    if (!mounted) return; // a frame asked for before destroy()
    const t0 = performance.now();
    const width = Math.max(280, Math.round(figure.clientWidth));
    const height = Math.round(Math.min(460, Math.max(260, width * ASPECT)));
    fitCanvas(canvas, width, height);
    if (s.settings.mode === 'engine') return redrawEngine();
    // The usage chart is the charts module's: a failed engine charts module's sentence goes.
    clearChartFailure(canvas);
    const st = s.settings;
    try {
      /** @type {AllocationDrawn} */
      const d = chart.draw(
        st.specs, st.tc, st.moves, st.use, st.nps, st.reuse, hoverPx ?? undefined,
        lesson?.ghostSpecs, lesson?.ghostTc, lesson?.ghostUsage, lesson?.mark,
      );
      frame = d.frame;
      lastDrawn = d;
      const readout = d.points.length
        ? {
          kind: 'usage',
          // The terms as the glossary labels them, each with its unit and meaning.
          points: d.points.map((p) => ({ ...p, chips: termChips(p.terms) })),
          explained: keepOpen(termsExplained(d.points.flatMap((p) => p.terms))),
        }
        : null;
      dispatch({ type: 'drawn', readout });
      canvas.dataset.draws = String(Number(canvas.dataset.draws || 0) + 1);
    } catch (e) {
      const err = typedError(e);
      dispatch({ type: 'failed', message: errorText(err), tc: err.path === 'tc' });
    }
    performance.measure('tmlab:draw', { start: t0, detail: 'allocation' });
  }
  const schedule = perFrame(redraw);

  function redrawEngine() {
    try {
      // Drawn by the engine charts module: now, or once it is in.
      engine.draw(hoverPx ?? undefined, (d) => {
        frame = d.frame;
        if (d.point) dispatch({ type: 'point', readout: { kind: 'engine', point: d.point } });
        // A lesson's marked move: its numbers are drawn on the chart (and named here for tests).
        if (d.marked) canvas.dataset.mark = d.marked.text;
        else delete canvas.dataset.mark;
        canvas.dataset.draws = String(Number(canvas.dataset.draws || 0) + 1);
      });
    } catch (e) {
      const err = typedError(e);
      dispatch({ type: 'failed', message: errorText(err), tc: err.path === 'tc' });
    }
  }

  let lastKey = '';
  function changed() {
    onChange({ ...s.settings, specs: [...s.settings.specs] });
    paint();
    if (s.settings.mode === 'engine') {
      // Only what the game depends on replays it; the side shown is a redraw.
      const key = engineKey(s.settings);
      if (key !== lastKey) {
        lastKey = key;
        dispatch({ type: 'cleared' });
        engine.request().catch((e) => {
          lastKey = '';
          const err = typedError(e);
          dispatch({ type: 'failed', message: errorText(err), tc: err.path === 'tc' });
        });
      }
    }
    schedule();
  }

  const unbind = bindReadout(canvas, (x) => {
    if (x === null) return;
    hoverPx = x;
    schedule();
  });
  const keydown = (/** @type {KeyboardEvent} */ e) => {
    if ((e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') || !frame) return;
    e.preventDefault();
    hoverPx = stepHover(frame, hoverPx, e.key, {});
    schedule();
  };
  canvas.addEventListener('keydown', keydown);
  const observer = new ResizeObserver(schedule);
  observer.observe(figure);
  redraw();
  if (s.settings.mode === 'engine') changed();
  return {
    redraw,
    /** The wasm chart (for measurements). */
    chart,
    get state() {
      return { ...s.settings, specs: [...s.settings.specs] };
    },
    get lastDrawn() {
      return lastDrawn;
    },
    /** The engine mode (its last finished game: `engine.last`). */
    engine,
    destroy() {
      mounted = false;
      engine.close();
      unbind();
      canvas.removeEventListener('keydown', keydown);
      observer.disconnect();
      render(nothing, card);
      card.remove();
    },
  };
}

/** The terms' disclosure is rebuilt on every hover; it stays as the reader left it. */
let termsOpen = false;
function keepOpen(/** @type {HTMLDetailsElement} */ box) {
  box.open = termsOpen;
  box.addEventListener('toggle', () => (termsOpen = box.open));
  return box;
}
