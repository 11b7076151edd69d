// @ts-check
// <tm-curve>: one chart of the Curves view as a custom element for docs sites
// (shared/spec/playground.md §6). Load it with
//
//   <script type="module" src="…/tm-curve.js"></script>
//   <tm-curve kind="decay" step="4"></tm-curve>
//   <tm-curve kind="moves-left" midpoint="40"></tm-curve>
//   <tm-curve kind="allocation" specs="lc0-legacy;stockfish(move-overhead=50)" tc="40/60"></tm-curve>
//   <tm-curve kind="game"><script type="application/json">{…}</script></tm-curve>
//
// The attributes are the playground URL's keys: `from`, `to`, `step` (decay); `midpoint`,
// `steepness` (moves-left); `specs` (separated by `;`), `tc`, `moves`, `use`, `nps`, `reuse`
// (allocation); `playground` overrides where the "open in the playground" link points (by
// default the folder this script was loaded from). `kind="game"` draws one game's time chart
// (the Match view's game chart) from the chart data inline in a child
// `<script type="application/json">` (the Match view's Embed button writes it; the crate's
// game_chart_data makes it); it has no attributes, no playground link and no static picture.
//
// Everything lives in a Shadow DOM: no global CSS or JS beyond the element's name. The wasm
// chart code is loaded only when the element scrolls into view (IntersectionObserver), once per
// page however many elements there are, and draws on the main thread (no worker, no special
// headers). It loads the small *charts* wasm module, never the engine. Without WebAssembly, or
// when the module cannot be fetched (CORS, CSP, offline), it shows a static SVG of the default
// chart, rendered natively by the same Rust chart code, and one sentence naming the cause.

import { curveLink, CURVE_KINDS, SPECS_SEPARATOR } from './ui/snippets.js';
import { CURVE_PARAMS, USAGE_PARAMS, ALLOCATION_DEFAULTS, MAX_MANAGERS } from './ui/curve-params.js';
import { hasWasmSimd } from './ui/wasm-support.js';
import { fitCanvas, bindReadout } from './ui/canvas.js';
import { messageOf } from './ui/typed-error.js';

/** This script's URL: the static pictures and the playground sit beside it. */
const HERE = import.meta.url;
/** Chart height as a share of its width, within these pixel bounds. */
const ASPECT = 0.56;
const MIN_HEIGHT = 200;
const MAX_HEIGHT = 440;
/** Start loading a little before the element is on screen. */
const ROOT_MARGIN = '200px';

/** The kind drawn from inline data rather than attributes. */
const GAME = 'game';
/** @typedef {keyof typeof CURVE_KINDS | typeof GAME} Kind */
/**
 * Every kind, for the error naming what is allowed.
 * @type {Kind[]}
 */
const KINDS = [.../** @type {(keyof typeof CURVE_KINDS)[]} */ (Object.keys(CURVE_KINDS)), GAME];

/** The allocation chart's defaults by key, for the usage sliders' numbers. */
const ALLOCATION_BY_KEY = /** @type {Record<string, unknown>} */ (ALLOCATION_DEFAULTS);

/**
 * Each kind's numeric attributes with their ranges and defaults.
 * @type {Record<keyof typeof CURVE_KINDS, {key: string, min: number, max: number, defaultValue: number}[]>}
 */
const NUMBERS = {
  decay: CURVE_PARAMS.decay,
  'moves-left': CURVE_PARAMS['moves-left'],
  allocation: USAGE_PARAMS.map((p) => ({ ...p, defaultValue: Number(ALLOCATION_BY_KEY[p.key]) })),
};

/**
 * The part of a game's chart data (the crate's game_chart_data) this file reads; the charts
 * module reads the rest.
 * @typedef {{setup: {white: {name: string}, black: {name: string}}}} GameChart
 */

/**
 * What the attributes say, by kind: the numbers by attribute (and, for `allocation`, the specs
 * and time control), or the game's chart data; `kind: null` when there is nothing to draw.
 * @typedef {{kind: 'game', values: {data: GameChart}}
 *   | {kind: 'allocation', values: Record<string, number> & {specs: string[], tc: string}}
 *   | {kind: 'decay' | 'moves-left', values: Record<string, number>}
 *   | {kind: null, values: {}}} Reading
 */

/**
 * What a chart's draw returns (its frame, and the hovered point or points).
 * @typedef {{frame?: {left: number, right: number}, point?: {text: string}, points?: {text: string}[]}} Drawn
 */

const STYLE = `
:host { display: block; font: 14px/1.4 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #1d2330;
  contain: content; max-width: 100%; }
:host([hidden]) { display: none; }
figure { margin: 0; border: 1px solid #dfe2e8; border-radius: 8px; padding: 8px; background: #fff; }
.plot { position: relative; width: 100%; min-height: ${MIN_HEIGHT}px; }
canvas { display: block; width: 100%; border-radius: 4px; }
canvas:focus-visible, a:focus-visible { outline: 2px solid #1f6fd1; outline-offset: 2px; }
img { display: block; width: 100%; height: auto; }
figcaption { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 4px 12px; margin-top: 6px; font-size: 13px; }
.note { font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.note div { margin: 2px 0; }
.why { color: #5b6475; margin: 0 0 6px; }
.error { color: #b3261e; margin: 4px 0 0; flex-basis: 100%; }
.error:empty, .why:empty { display: none; }
a { color: #1f6fd1; white-space: nowrap; }
.waiting { display: grid; place-items: center; color: #5b6475; aspect-ratio: ${1 / ASPECT}; max-height: ${MAX_HEIGHT}px; }
`;

/**
 * Content-Security-Policy violations seen on this page, to name that cause when loading fails.
 * @type {string[]}
 */
const violations = [];
document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective));

/**
 * Why the chart code could not be loaded, as the start of one sentence: a CSP that forbids
 * it, no network, a server of another origin that does not allow this page (CORS), or else
 * the browser's own message.
 * @param {any} e the error of the failed import or instantiation
 */
export function loadFailureCause(e) {
  const message = messageOf(e);
  const csp = violations.find((d) => /script-src|wasm|default-src|connect-src/.test(d));
  if (csp || /Content Security Policy|wasm-unsafe-eval/i.test(message)) {
    return `This page's Content-Security-Policy (${csp || 'script-src'}) forbids the chart code: it needs ` +
      `script-src for ${new URL(HERE).origin} and 'wasm-unsafe-eval'`;
  }
  if (navigator.onLine === false) return 'The browser is offline, so the live chart code could not be downloaded';
  const origin = new URL(HERE).origin;
  if (origin !== location.origin) {
    return `The chart code at ${origin} could not be fetched from this page (${location.origin}): its server must ` +
      'send Access-Control-Allow-Origin (CORS), or copy the self-host kit (embed-kit/) to this site';
  }
  return `The chart code could not be loaded (${message})`;
}

/**
 * The chart code, loaded and initialised once per page, on the first element that needs it.
 * @type {Promise<typeof import('./pkg/charts/charts.js')> | null}
 */
let chartCode = null;
function loadChartCode() {
  // The charts module (docs/architecture.md): the curves, clocks and managers, no chess engine.
  chartCode ??= import('./pkg/charts/charts.js').then(async (m) => {
    await m.default();
    return m;
  });
  return chartCode;
}

export class TmCurve extends HTMLElement {
  static get observedAttributes() {
    return ['kind', 'from', 'to', 'step', 'midpoint', 'steepness', 'specs', 'tc', 'moves', 'use', 'nps', 'reuse', 'playground'];
  }

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = `<style>${STYLE}</style>
      <figure>
        <p class="why" part="reason"></p>
        <div class="plot"><div class="waiting">Chart loads when scrolled into view…</div></div>
        <figcaption>
          <output class="note" aria-live="polite"></output>
          <a class="open" target="_blank" rel="noopener">Open in the playground ↗</a>
          <p class="error" role="alert"></p>
        </figcaption>
      </figure>`;
    /**
     * The shadow root's element matching `sel` (the template above has each one).
     * @param {string} sel
     * @returns {HTMLElement}
     */
    this.$ = (sel) => {
      const el = root.querySelector(sel);
      if (!(el instanceof HTMLElement)) throw new Error(`tm-curve: no ${sel} in its template`);
      return el;
    };
    /** `waiting` (not yet visible), `loading`, `drawn`, `static` (fallback) or `error`. */
    this.state = 'waiting';
    /** @type {number | null} */
    this.hoverPx = null;
    this.frameScheduled = false;
    /**
     * @type {{kind: 'game', canvas: import('./pkg/charts/charts.js').GameCanvas, data: GameChart | null}
     *   | {kind: 'allocation', canvas: import('./pkg/charts/charts.js').AllocationCanvas, data: null}
     *   | {kind: 'decay' | 'moves-left', canvas: import('./pkg/charts/charts.js').CurveCanvas, data: null}
     *   | null}
     */
    this.chart = null;
    /** @type {Drawn | null} */
    this.drawn = null;
    /** @type {Reading | undefined} */
    this.current = undefined;
    /** @type {typeof import('./pkg/charts/charts.js') | undefined} */
    this.code = undefined;
    /** @type {HTMLCanvasElement | undefined} */
    this.canvas = undefined;
    /** @type {IntersectionObserver | undefined} */
    this.observer = undefined;
    /** @type {ResizeObserver | undefined} */
    this.resizeObserver = undefined;
    this.attributeErrors = '';
  }

  connectedCallback() {
    this.refresh();
    if (this.state !== 'waiting') return;
    if (!hasWasmSimd()) {
      this.showStatic('This browser has no WebAssembly with SIMD, which the live chart needs');
      return;
    }
    this.observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        this.observer?.disconnect();
        this.start();
      }
    }, { rootMargin: ROOT_MARGIN });
    this.observer.observe(this);
  }

  disconnectedCallback() {
    this.observer?.disconnect();
    this.resizeObserver?.disconnect();
  }

  attributeChangedCallback() {
    if (!this.isConnected) return;
    this.refresh();
    this.schedule();
  }

  /**
   * The kind, or null (with the error shown) when the attribute is not a known kind.
   * @returns {Kind | null}
   */
  get kind() {
    const kind = this.getAttribute('kind') ?? 'decay';
    return KINDS.find((k) => k === kind) ?? null;
  }

  /**
   * Read the attributes: the values to draw and the problems found (each names what is allowed).
   * @returns {Reading & {problems: string[]}}
   */
  read() {
    /** @type {string[]} */
    const problems = [];
    const kind = this.kind;
    if (!kind) {
      problems.push(`kind="${this.getAttribute('kind')}" is not a chart; allowed: ${KINDS.join(', ')}`);
      return { kind, values: {}, problems };
    }
    if (kind === GAME) {
      const text = this.querySelector('script[type="application/json"]')?.textContent ?? '';
      try {
        if (!text.trim()) throw new Error('it is missing');
        return { kind, values: { data: JSON.parse(text) }, problems };
      } catch (e) {
        problems.push(`kind="game" needs the game's chart data as JSON in a child <script type="application/json"> (${messageOf(e)})`);
        return { kind: null, values: {}, problems };
      }
    }
    /** @type {Record<string, number>} */
    const values = {};
    for (const p of NUMBERS[kind]) {
      values[p.key] = p.defaultValue;
      const text = this.getAttribute(p.key);
      if (text === null) continue;
      const v = Number(text);
      if (text.trim() === '' || !Number.isFinite(v) || v < p.min || v > p.max) {
        problems.push(`${p.key}="${text}" must be a number from ${p.min} to ${p.max}; using ${p.defaultValue}`);
      } else values[p.key] = v;
    }
    if (kind === 'allocation') {
      const specs = (this.getAttribute('specs') ?? '').split(SPECS_SEPARATOR).map((s) => s.trim()).filter(Boolean);
      if (specs.length > MAX_MANAGERS) {
        problems.push(`specs names ${specs.length} managers; at most ${MAX_MANAGERS} are compared, the rest are left out`);
      }
      const tc = this.getAttribute('tc')?.trim() || ALLOCATION_DEFAULTS.tc;
      return { kind, values: Object.assign(values, { specs: specs.length ? specs.slice(0, MAX_MANAGERS) : [...ALLOCATION_DEFAULTS.specs], tc }), problems };
    }
    return { kind, values, problems };
  }

  /** Update the link and the attribute errors from the current attributes. */
  refresh() {
    const { kind, values, problems } = this.read();
    this.current = /** @type {Reading} */ ({ kind, values });
    const link = /** @type {HTMLAnchorElement} */ (this.$('.open'));
    link.hidden = !kind || kind === GAME;
    if (kind && kind !== GAME) {
      const base = this.getAttribute('playground') || new URL('./', HERE).href;
      link.href = curveLink(kind, values, base);
    }
    this.attributeErrors = problems.length ? `tm-curve: ${problems.join('; ')}.` : '';
    this.$('.error').textContent = this.attributeErrors;
    if (!kind && this.state === 'waiting') this.state = 'error';
  }

  /** Load the chart code (once per page) and draw; on failure, the static picture. */
  async start() {
    // The children (a game's data) are all parsed by now, whenever the element was upgraded.
    this.refresh();
    this.state = 'loading';
    let code;
    try {
      code = await loadChartCode();
    } catch (e) {
      this.showStatic(loadFailureCause(e));
      return;
    }
    const plot = this.$('.plot');
    const canvas = document.createElement('canvas');
    canvas.tabIndex = 0;
    canvas.setAttribute('role', 'img');
    plot.replaceChildren(canvas);
    this.canvas = canvas;
    this.code = code;
    bindReadout(canvas, (x) => {
      this.hoverPx = x;
      this.schedule();
    });
    canvas.addEventListener('keydown', (e) => {
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
      e.preventDefault();
      const f = this.drawn?.frame || { left: 0, right: canvas.width / Number(canvas.dataset.dpr || 1) };
      const start = this.hoverPx ?? (f.left + f.right) / 2;
      const delta = ((e.key === 'ArrowRight' ? 1 : -1) * (f.right - f.left)) / 100;
      this.hoverPx = Math.min(f.right, Math.max(f.left, start + delta));
      this.schedule();
    });
    this.resizeObserver = new ResizeObserver(() => this.schedule());
    this.resizeObserver.observe(plot);
    this.draw();
  }

  /** Redraw in the next animation frame, at most once per frame. */
  schedule() {
    if (!this.canvas || this.frameScheduled) return;
    this.frameScheduled = true;
    requestAnimationFrame(() => {
      this.frameScheduled = false;
      this.draw();
    });
  }

  draw() {
    const canvas = this.canvas;
    if (!this.current?.kind || !canvas) return;
    const code = this.code;
    if (!code) return;
    const current = this.current;
    const error = this.$('.error');
    const width = Math.max(240, Math.round(this.$('.plot').clientWidth));
    const height = Math.round(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, width * ASPECT)));
    fitCanvas(canvas, width, height);
    const hover = this.hoverPx ?? undefined;
    const note = this.$('.note');
    try {
      /** @type {Drawn} */
      let drawn;
      if (current.kind === GAME) {
        const { data } = current.values;
        let chart = this.chart;
        if (chart?.kind !== GAME) {
          chart?.canvas.free();
          chart = this.chart = { kind: GAME, canvas: new code.GameCanvas(canvas), data: null };
        }
        if (chart.data !== data) chart.canvas.set_game((chart.data = data));
        /** @type {{frame: {left: number, right: number}, lines: string[]}} */
        const game = chart.canvas.draw(hover);
        drawn = { ...game, points: game.lines.map((text) => ({ text })) };
        canvas.setAttribute('aria-label', `Time per move and clocks of ${data.setup.white.name} – ${data.setup.black.name}`);
      } else if (current.kind === 'allocation') {
        let chart = this.chart;
        if (chart?.kind !== 'allocation') {
          chart?.canvas.free();
          chart = this.chart = { kind: 'allocation', canvas: new code.AllocationCanvas(canvas), data: null };
        }
        const values = current.values;
        drawn = chart.canvas.draw(values.specs, values.tc, values.moves, values.use, values.nps, values.reuse, hover);
        canvas.setAttribute('aria-label', `Allocation of ${values.specs.join(', ')} at ${values.tc}`);
      } else {
        const kind = current.kind;
        let chart = this.chart;
        if (chart?.kind !== kind) {
          chart?.canvas.free();
          chart = this.chart = { kind, canvas: new code.CurveCanvas(canvas), data: null };
        }
        const values = current.values;
        if (kind === 'decay') {
          drawn = chart.canvas.draw_decay(values.from, values.to, values.step, hover);
          canvas.setAttribute('aria-label', `Exponential decay from ${values.from} to ${values.to}, step ${values.step}`);
        } else {
          drawn = chart.canvas.draw_moves_left(values.midpoint, values.steepness, hover);
          canvas.setAttribute('aria-label', `Moves left, midpoint ${values.midpoint}, steepness ${values.steepness}`);
        }
      }
      this.drawn = drawn;
      const points = drawn.point ? [drawn.point] : drawn.points || [];
      note.replaceChildren(...points.map((p) => Object.assign(document.createElement('div'), { textContent: p.text })));
      error.textContent = this.attributeErrors;
      this.state = 'drawn';
      this.draws = (this.draws || 0) + 1;
      this.dispatchEvent(new CustomEvent('tm-curve-drawn'));
    } catch (e) {
      error.textContent = [this.attributeErrors, `tm-curve: ${messageOf(e)}`].filter(Boolean).join(' ');
      this.state = 'error';
    }
  }

  /** The static picture of the default chart, and one sentence saying why. */
  showStatic(/** @type {string} */ reason) {
    const kind = /** @type {string} */ (this.kind || 'decay');
    this.state = 'static';
    if (kind === GAME) {
      this.$('.why').textContent = `${reason}, so this game's chart cannot be drawn (a game has no static picture).`;
      this.$('.plot').replaceChildren();
      return;
    }
    this.$('.why').textContent =
      `${reason}, so this is a static picture of the default ${kind} chart, drawn by the same chart code.`;
    const img = document.createElement('img');
    img.src = new URL(`static/${kind}.svg`, HERE).href;
    img.alt = `The default ${kind} chart`;
    img.loading = 'lazy';
    img.width = 800;
    img.height = 450;
    this.$('.plot').replaceChildren(img);
  }
}

if (!customElements.get('tm-curve')) customElements.define('tm-curve', TmCurve);
