// @ts-check
// What the Sweep and Tune views share: a form the crate checks, a run autosaved in IndexedDB
// (restored as stopped on mount; Resume continues it), Start/Stop/Resume, the chart's canvas,
// and the analysis (report or result) recomputed from the run after each change. Each view
// brings its reducer, its check, its analysis and how it plays the pending games.

import { render } from 'lit-html';
import { perFrame } from '../../ui/frame.js';
import { typedError } from '../../ui/typed-error.js';
import { kvStore } from './pool.js';


/**
 * How a view plugs into the shell.
 * @typedef {object} ExperimentOptions
 * @property {string} store the IndexedDB database that keeps the current run
 * @property {string} canvasId the chart canvas's id
 * @property {import('../../engine/concurrency.js').Concurrency} cap the games-at-once rule (default and maximum)
 * @property {any} state the view's initial state (its controller's `initialState`)
 * @property {(s: any, action: any) => any} update the view's reducer
 * @property {Record<string, any>} defaults the form's defaults (a numeric default makes its field numeric)
 * @property {(form: any) => any} check the form checked: `{form, plan, spec}` or `{form, error}`
 * @property {(run: any, canvas: HTMLCanvasElement) => any} analyse the run's report (drawing the chart); may throw
 * @property {boolean} [analyseOnStart] recompute the analysis when a run starts (Tune: the empty trajectory)
 * @property {(x: Experiment) => void} go plays the run's pending games (after Start and Resume)
 * @property {(s: any, analysis: any, handlers: any, canvas: HTMLCanvasElement, cap: import('../../engine/concurrency.js').Concurrency) => any} template the view
 * @property {(x: Experiment) => Record<string, () => void>} downloads the view's download handlers
 */

/**
 * The running shell a view's `go` works with.
 * @typedef {object} Experiment
 * @property {any} s the state
 * @property {any} pool the game pool playing now, or null
 * @property {any} analysis the current report/result, or null
 * @property {(action: any) => void} dispatch applies an action to the state
 * @property {() => void} save autosaves the run (a running one as stopped)
 * @property {() => void} refresh recomputes the analysis (a failure fails the run)
 * @property {() => void} paint repaints on the next frame
 * @property {() => void} paintNow repaints now
 */

/**
 * Mounts an experiment view in `root`; `ctx.onChange` hears every form change.
 * @param {HTMLElement} root
 * @param {{state: any, onChange: (s: any) => void}} ctx
 * @param {ExperimentOptions} o
 */
export function mountExperiment(root, ctx, o) {
  const store = kvStore(o.store);
  const canvas = Object.assign(document.createElement('canvas'), { id: o.canvasId, width: 800, height: 420 });
  canvas.dataset.dpr = '1';
  canvas.style.width = '100%';
  canvas.style.maxWidth = '800px';

  /** @type {Experiment} */
  const x = {
    s: o.state,
    pool: null,
    analysis: null,
    dispatch(action) {
      x.s = o.update(x.s, action);
    },
    save() {
      store.put('current', { run: x.s.run, status: x.s.status === 'running' ? 'stopped' : x.s.status }).catch(() => {});
    },
    refresh() {
      x.analysis = null;
      if (!x.s.run) return;
      try {
        x.analysis = o.analyse(x.s.run, canvas);
      } catch (e) {
        x.dispatch({ type: 'fail', message: typedError(e).message });
      }
    },
    paintNow() {
      render(o.template(x.s, x.analysis, handlers, canvas, o.cap), root);
    },
    paint: () => {},
  };
  x.paint = perFrame(x.paintNow);

  function setForm(form) {
    x.dispatch({ type: 'form', ...o.check(form) });
    ctx.onChange({ ...form });
    x.paintNow();
  }

  const handlers = {
    input(/** @type {string} */ key, /** @type {HTMLInputElement} */ el) {
      /** @type {string|number} */ let v = el.value;
      if (typeof o.defaults[key] === 'number') {
        v = Number(el.value);
        if (el.value.trim() === '' || !Number.isFinite(v)) return;
      }
      setForm({ ...x.s.form, [key]: v });
    },
    start: () => {
      if (!x.s.plan || x.s.status === 'running') return;
      x.dispatch({ type: 'start', id: String(Date.now()), spec: x.s.spec, plan: x.s.plan });
      if (o.analyseOnStart) x.refresh();
      x.save();
      o.go(x);
    },
    stop: () => {
      x.pool?.stop();
      x.pool = null;
      x.dispatch({ type: 'stop' });
      x.save();
      x.paintNow();
    },
    resume: () => {
      if (!x.s.run) return;
      x.dispatch({ type: 'resume' });
      o.go(x);
    },
    ...o.downloads(x),
  };

  x.dispatch({ type: 'form', ...o.check(x.s.form) });
  x.paintNow();
  const restored = store
    .get('current')
    .then((saved) => {
      if (!saved?.run) return;
      x.dispatch({ type: 'restore', run: saved.run, status: saved.status === 'complete' ? 'complete' : 'stopped' });
      x.dispatch({ type: 'form', ...o.check(x.s.form) });
      x.refresh();
      x.paintNow();
    })
    .catch(() => {});

  return {
    /** Settles once a saved run, if any, is restored. */
    restored,
    /** The shell (state, pool, analysis). */
    x,
    /** Stops the games and clears the view. */
    unmount() {
      x.pool?.stop();
      render('', root);
    },
  };
}
