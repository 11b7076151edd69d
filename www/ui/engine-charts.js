// @ts-check
// The *engine charts* wasm module (www/pkg/engine-charts/, docs/architecture.md "Three wasm
// modules"): the one place that instantiates it. No view waits for it before it mounts (issue
// 24): a view asks for a drawing (`drawEngineChart(canvas, draw)`), which runs at once when the
// module is in, else when it arrives (the first request starts its download; the page starts it
// earlier, at idle once a view has mounted: `prefetchEngineCharts`). A module that fails to load
// leaves a sentence in each waiting chart's place; the rest of the view keeps working.
import initEngineCharts, * as engineChartsModule from '../pkg/engine-charts/engine_charts.js';

/** The engine charts module's exports, once instantiated. @typedef {typeof engineChartsModule} EngineCharts */

/** Where a lazy module is: not asked yet, downloading, in, or failed (for good: a reload retries). */
/** @typedef {'idle' | 'loading' | 'ready' | 'failed'} LoadState */

/**
 * Why a chart could not be drawn: its module did not load (`load`), or its drawing threw (`draw`).
 * @typedef {{cause: 'load' | 'draw', error: unknown}} ChartFailure
 */

/**
 * A module loaded once, on first need, and the drawings waiting for it: at most one per target
 * (a canvas), the latest asked, run in the order asked once the module is in. Pure (no DOM), so
 * the unit tests drive it with their own `init` and `idle`.
 * @template M
 * @param {() => Promise<unknown>} init instantiates the module (called at most once)
 * @param {M} module what a drawing gets once `init` resolved
 * @param {{idle?: (run: () => void) => void}} [options] `idle`: runs a prefetch when the page has time
 */
export function lazyModule(init, module, { idle = onIdle } = {}) {
  /** @type {LoadState} */
  let state = 'idle';
  /** @type {unknown} */
  let error = null;
  /** @type {Promise<M> | null} */
  let loading = null;
  /** @type {Map<object, {draw: (m: M) => unknown, failed: (f: ChartFailure) => void}>} */
  const waiting = new Map();
  let prefetchAsked = false;

  /** Runs a drawing that waited for the module; a throw is its target's failure (`draw`). */
  const run = (/** @type {(m: M) => unknown} */ draw, /** @type {(f: ChartFailure) => void} */ failed) => {
    try {
      return draw(module);
    } catch (e) {
      failed({ cause: 'draw', error: e });
      return undefined;
    }
  };

  /** The module, loading it if nobody has yet; rejects (with init's error) if it cannot load. */
  function ready() {
    if (!loading) {
      state = 'loading';
      loading = Promise.resolve()
        .then(init)
        .then(
          () => {
            state = 'ready';
            const now = [...waiting.values()];
            waiting.clear();
            for (const w of now) run(w.draw, w.failed);
            return module;
          },
          (e) => {
            state = 'failed';
            error = e;
            const now = [...waiting.values()];
            waiting.clear();
            for (const w of now) w.failed({ cause: 'load', error: e });
            throw e;
          },
        );
      // The shared promise's own rejection is handled here (each waiting drawing heard it).
      loading.catch(() => {});
    }
    return loading;
  }

  return {
    /** @returns {LoadState} */
    get state() {
      return state;
    },
    /** Why the module failed to load (null unless `state` is `failed`). */
    get error() {
      return error;
    },
    /** How many targets wait for the module. */
    get waiting() {
      return waiting.size;
    },
    ready,
    /** Starts the download when the page has time (once; nothing if it started already). */
    prefetch() {
      if (prefetchAsked || loading) return;
      prefetchAsked = true;
      idle(() => void ready().catch(() => {}));
    },
    /**
     * Draws on `target` with the module: now if it is in (returns what `draw` returned), else
     * once it is (returns undefined; a later request for the same target replaces this one).
     * `failed` hears a module that cannot load, or a waiting drawing that threw (a drawing run
     * at once throws to the caller).
     * @template R
     * @param {object} target
     * @param {(m: M) => R} draw
     * @param {(f: ChartFailure) => void} failed
     * @returns {R | undefined}
     */
    draw(target, draw, failed) {
      if (state === 'ready') {
        waiting.delete(target);
        // At once: a throw is the caller's, as any drawing's.
        return draw(module);
      }
      if (state === 'failed') {
        failed({ cause: 'load', error });
        return undefined;
      }
      waiting.set(target, { draw, failed });
      void ready().catch(() => {});
      return undefined;
    },
    /** Forgets `target`'s waiting drawing (its view is gone). @param {object} target */
    cancel(target) {
      waiting.delete(target);
    },
  };
}

/** Runs `f` when the page is idle (at most 2 s later), or soon where requestIdleCallback is missing (Safari). */
function onIdle(/** @type {() => void} */ f) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => f(), { timeout: 2000 });
  else setTimeout(f, 200);
}

/** The page's engine charts module. */
export const engineCharts = lazyModule(() => initEngineCharts(), engineChartsModule);

/** The engine charts module, instantiated (rejects if it cannot load). @returns {Promise<EngineCharts>} */
export const engineChartsReady = () => engineCharts.ready();

/** Starts the engine charts module's download at idle (a view that may draw one has mounted). */
export const prefetchEngineCharts = () => engineCharts.prefetch();

/** The sentence shown in a chart's place when it cannot be drawn. @param {ChartFailure} f */
export function chartFailureText(f) {
  const why = f.error instanceof Error ? f.error.message : String(f.error);
  return f.cause === 'load'
    ? `This chart cannot be shown: its drawing module (engine charts) did not load (${why}). The rest of the view works; reload the page to try again.`
    : `This chart could not be drawn: ${why}`;
}

const FAILURE_CLASS = 'chart-unavailable';

/** The failure sentence standing in for `canvas`, if one is shown. @param {HTMLCanvasElement} canvas */
const failureOf = (canvas) => {
  const next = canvas.nextElementSibling;
  return next instanceof HTMLElement && next.classList.contains(FAILURE_CLASS) ? next : null;
};

/**
 * Shows `f`'s sentence in `canvas`'s place (the canvas hidden, the sentence after it).
 * @param {HTMLCanvasElement} canvas @param {ChartFailure} f
 */
export function showChartFailure(canvas, f) {
  const p = failureOf(canvas) ?? Object.assign(document.createElement('p'), { className: `${FAILURE_CLASS} error` });
  p.setAttribute('role', 'alert');
  p.textContent = chartFailureText(f);
  canvas.hidden = true;
  if (!p.isConnected) canvas.after(p);
}

/** Puts `canvas` back (its failure sentence gone): another module drew on it. @param {HTMLCanvasElement} canvas */
export function clearChartFailure(canvas) {
  failureOf(canvas)?.remove();
  canvas.hidden = false;
}

/**
 * Draws an engine chart on `canvas`: now, if the module is in (returns what `draw` returned),
 * or once it arrives (returns undefined; the latest request per canvas runs). If the module
 * cannot load, or a drawing that waited for it throws, a sentence stands in the canvas's place
 * (a drawing run at once throws to the caller, as before).
 * @template R
 * @param {HTMLCanvasElement} canvas
 * @param {(m: EngineCharts) => R} draw
 * @returns {R | undefined}
 */
export function drawEngineChart(canvas, draw) {
  return engineCharts.draw(
    canvas,
    (m) => {
      const r = draw(m);
      if (failureOf(canvas)) clearChartFailure(canvas);
      return r;
    },
    (f) => showChartFailure(canvas, f),
  );
}

/** Forgets `canvas`'s waiting drawing (its view is unmounted). @param {HTMLCanvasElement} canvas */
export const cancelEngineChart = (canvas) => engineCharts.cancel(canvas);
