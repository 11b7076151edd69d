// @ts-check
// What the Sweep and Tune views share: a form the crate checks, a run autosaved in IndexedDB
// (restored as stopped on mount; Resume continues it), Start/Stop/Resume, the chart's canvas,
// and the analysis (report or result) recomputed from the run after each change. Each view
// brings its reducer, its check, its analysis, how it plays the pending games and how it reads
// its saved records back.
//
// The autosave is sealed records (../../ui/saved-records.js), one per finished unit — a game of
// a sweep, an iteration of a tune — in the format of `tmlab sweep|tune --resume` journal lines:
// `setup` (the run's id, spec and form), `status`, and `rec:<id>:<unit>` per finished unit. A
// damaged record costs itself only: a damaged game or iteration is played again, a damaged
// status restores the run as stopped; only a damaged setup (without which no record can be
// checked) loses the run, and the message says so.

import { html, nothing, render } from 'lit-html';
import { GamePool } from '../engine/game-pool.js';
import { playGame, scoreOf } from '../engine/experiment-games.js';
import { perFrame } from './frame.js';
import { typedError, messageOf } from './typed-error.js';
import { droppedMessage, kvStore, seal, unseal } from './saved-records.js';
import { calibrate, estimateOf, etaText } from '../engine/cost.js';
import { NO_COST } from './cost-line.js';
import { games_for_precision } from '../pkg/tmlab.js';
import { concurrencyOf, gamesAtOnce } from '../engine/concurrency.js';
import { download } from './download.js';
import { exportOf, pendingTasks, progressOf } from './grid-experiment.js';

/**
 * How a view plugs into the shell.
 * @typedef {object} ExperimentOptions
 * @property {import('./saved-records.js').STORES[number]} store the object store (ui/saved-records.js) that keeps the current run
 * @property {string} kind the run's name in messages (`sweep`, `tune`)
 * @property {string} unit what one saved record holds (`game`, `iteration`)
 * @property {string} canvasId the chart canvas's id
 * @property {import('../engine/concurrency.js').Concurrency} cap the games-at-once rule (default and maximum)
 * @property {any} state the view's initial state (its controller's `initialState`)
 * @property {(s: any, action: any) => any} update the view's reducer
 * @property {Record<string, any>} defaults the form's defaults (a numeric default makes its field numeric)
 * @property {(form: any) => any} check the form checked: `{form, plan, spec}` or `{form, error}`
 * @property {(run: any, canvas: HTMLCanvasElement) => any} analyse the run's report (drawing the chart); may throw
 * @property {(setup: {id: string, spec: string, form: any}, records: unknown[]) => {run: any, damaged: {line: number, why: string}[]}} restoreRun
 *   the run from its setup and saved records (the crate checks each: `damaged` lists the refused ones by index); may throw
 * @property {boolean} [analyseOnStart] recompute the analysis when a run starts (Tune: the empty trajectory)
 * @property {(x: Experiment) => void} go plays the run's pending games (after Start and Resume)
 * @property {(s: any) => null | {spec: string, games: number, perPoint: number, workers: number, nps: number, runSpec?: string}} costOf
 *   what the checked form would play, for the estimate: the match spec whose game 0 calibrates, the games in all and per point, at
 *   once, and the run's own spec
 * @property {(c: any, cal: import('../engine/cost.js').Calibration) => any} [estimate]
 *   the crate's plan from the calibration (default: experiment_estimate of `costOf`'s spec)
 * @property {(s: any) => {done: number, total: number}} gamesOf the run's finished and planned games
 * @property {(s: any, analysis: any, handlers: any, canvas: HTMLCanvasElement, cap: import('../engine/concurrency.js').Concurrency, cost: import('./cost-line.js').Cost) => any} template the view
 * @property {(x: Experiment) => Record<string, () => void>} downloads the view's download handlers
 */

/**
 * The running shell a view's `go` works with.
 * @typedef {object} Experiment
 * @property {any} s the state
 * @property {any} pool the game pool playing now, or null
 * @property {any} analysis the current report/result, or null
 * @property {(action: any) => void} dispatch applies an action to the state
 * @property {() => void} save autosaves the run's status (a running one as stopped)
 * @property {(key: string, record: any) => void} record autosaves one finished unit of the run
 * @property {() => void} refresh recomputes the analysis (a failure fails the run)
 * @property {() => void} paint repaints on the next frame
 * @property {() => void} paintNow repaints now
 * @property {import('./cost-line.js').Cost} cost the estimate of the checked form (and the time left while running)
 * @property {{t0: number, done0: number}} session when this session of the run started, and its games done then
 */

/** The saved form, field by field: a field of the wrong type takes its default. */
function formOf(/** @type {any} */ saved, /** @type {Record<string, any>} */ defaults) {
  const form = { ...defaults };
  if (saved && typeof saved === 'object') {
    for (const k of Object.keys(defaults)) if (typeof saved[k] === typeof defaults[k]) form[k] = saved[k];
  }
  return form;
}

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
  // Writes go one after another (a Start's clear before the new run's records).
  /** @type {Promise<any>} */ let writes = Promise.resolve();
  let warned = false;
  const write = (/** @type {() => Promise<any>} */ f) => {
    writes = writes.then(f).catch((e) => {
      if (warned) return;
      warned = true;
      x.dispatch({ type: 'notice', notice: `Autosave failed (${e?.message || e}); the ${o.kind} goes on, but a reload will not restore all of it.` });
      x.paint();
    });
    return writes;
  };

  /** @type {Experiment} */
  const x = {
    s: o.state,
    pool: null,
    analysis: null,
    cost: NO_COST,
    session: { t0: 0, done0: 0 },
    dispatch(action) {
      x.s = o.update(x.s, action);
    },
    save() {
      const run = x.s.run;
      if (!run) return;
      const status = x.s.status === 'running' ? 'stopped' : x.s.status;
      write(() => store.put('status', seal({ id: run.id, status })));
    },
    record(key, record) {
      const id = x.s.run?.id;
      if (id) write(() => store.put(`rec:${id}:${key}`, seal(record)));
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
      let eta = '';
      const e = x.cost.estimate;
      if (x.s.status === 'running' && x.s.run && e) {
        const g = o.gamesOf(x.s);
        eta = etaText({ remaining: g.total - g.done, done: g.done - x.session.done0, elapsedMs: performance.now() - x.session.t0, gameSeconds: e.game_seconds, workers: e.workers });
      }
      render(o.template(x.s, x.analysis, handlers, canvas, o.cap, { ...x.cost, eta }), root);
    },
    paint: () => {},
  };
  x.paint = perFrame(x.paintNow);

  // The estimate of the checked form: calibrated (or cached) a moment after the last edit.
  let planTimer = /** @type {any} */ (null);
  let planSeq = 0;
  function plan() {
    clearTimeout(planTimer);
    const c = x.s.plan ? o.costOf(x.s) : null;
    const seq = ++planSeq;
    if (!c) {
      x.cost = NO_COST;
      return;
    }
    x.cost = { ...NO_COST, calibrating: true };
    planTimer = setTimeout(() => {
      calibrate(c.spec, o.kind).then(
        (cal) => {
          if (seq !== planSeq) return;
          x.cost = { ...NO_COST, estimate: (o.estimate ?? estimateOf)(c, cal) };
          x.paint();
        },
        (e) => {
          if (seq !== planSeq || e?.message === 'superseded') return;
          x.cost = { ...NO_COST, error: typedError(e).message };
          x.paint();
        },
      );
    }, 300);
  }
  const startSession = () => {
    x.session = { t0: performance.now(), done0: o.gamesOf(x.s).done };
  };

  /** @param {Record<string, unknown>} form */
  function setForm(form) {
    x.dispatch({ type: 'form', ...o.check(form) });
    ctx.onChange({ ...form });
    plan();
    x.paintNow();
  }

  const handlers = {
    input(/** @type {string} */ key, /** @type {HTMLInputElement} */ el) {
      /** @type {string|number} */ let v = el.value;
      if (typeof o.defaults[key] === 'number') {
        v = Number(el.value);
        if (el.value.trim() === '' || !Number.isFinite(v)) return;
      }
      // Games typed by hand replace a target precision.
      const precision = key === 'games' && 'precision' in o.defaults ? { precision: 0 } : {};
      setForm({ ...x.s.form, ...precision, [key]: v });
    },
    start: () => {
      if (!x.s.plan || x.s.status === 'running') return;
      x.dispatch({ type: 'start', id: String(Date.now()), spec: x.s.spec, plan: x.s.plan });
      const { id, spec, form } = x.s.run;
      write(() => store.clear());
      write(() => store.put('setup', seal({ id, spec, form })));
      if (o.analyseOnStart) x.refresh();
      x.save();
      startSession();
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
      x.save();
      startSession();
      o.go(x);
    },
    ...o.downloads(x),
  };

  /** Brings back the saved run, dropping each damaged record alone with a message. */
  async function restore() {
    let setupSaved;
    let statusSaved;
    try {
      [setupSaved, statusSaved] = await Promise.all([store.get('setup'), store.get('status')]);
      if (setupSaved === undefined) {
        // A run saved by an older tmlab (one unsealed record holding everything).
        if ((await store.get('current')) !== undefined) {
          await store.clear();
          return `A ${o.kind} saved by an older version of tmlab (without checksums) was dropped; start a new one.`;
        }
        return '';
      }
    } catch (e) {
      return `Saved ${o.kind}s are unavailable (${messageOf(e)}).`;
    }
    const setup = unseal(setupSaved);
    const ok = setup.record && typeof setup.record.id === 'string' && typeof setup.record.spec === 'string';
    if (!ok) {
      const why = setup.why ?? 'its id or spec is missing';
      return `The saved ${o.kind}'s setup was damaged (${why}), so its saved ${o.unit}s cannot be checked; start a new ${o.kind}.`;
    }
    const { id, spec } = setup.record;
    const form = formOf(setup.record.form, o.defaults);
    /** @type {[string[], unknown[]]} */ let all;
    try {
      all = await store.getAll(`rec:${id}:`);
    } catch (e) {
      return `Saved ${o.kind}s are unavailable (${messageOf(e)}).`;
    }
    const [keys, values] = all;
    let restored;
    try {
      restored = o.restoreRun({ id, spec, form }, values);
    } catch (e) {
      return `The saved ${o.kind} could not be restored (${typedError(e).message}); start a new one.`;
    }
    const dropped = restored.damaged.map((d) => ({ key: `saved ${o.unit} record ${d.line + 1}`, why: d.why, storeKey: keys[d.line] }));
    if (dropped.length) write(() => store.del(dropped.map((d) => String(d.storeKey))));
    const notes = [droppedMessage(dropped, o.unit, 'they are played again on Resume.')];
    const status = unseal(statusSaved);
    let saved = status.record && status.record.id === id ? status.record.status : null;
    if (!['stopped', 'complete', 'failed'].includes(saved)) {
      notes.push(`The ${o.kind}'s saved status was damaged (${status.why ?? 'not a known status'}); it is restored as stopped.`);
      saved = 'stopped';
    }
    x.dispatch({ type: 'restore', run: { ...restored.run, form }, status: saved === 'complete' ? 'complete' : 'stopped' });
    // A run whose records were partly dropped is not complete: the view's reducer says.
    x.dispatch({ type: 'recount' });
    x.dispatch({ type: 'form', ...o.check(x.s.form) });
    plan();
    x.refresh();
    return notes.filter(Boolean).join(' ');
  }

  x.dispatch({ type: 'form', ...o.check(x.s.form) });
  plan();
  x.paintNow();
  const restored = restore().then((notice) => {
    if (notice) x.dispatch({ type: 'notice', notice });
    x.paintNow();
  });

  return {
    /** Settles once a saved run, if any, is restored. */
    restored,
    /** The shell (state, pool, analysis). */
    x,
    /** Stops the games and clears the view. */
    unmount() {
      clearTimeout(planTimer);
      planSeq += 1;
      x.pool?.stop();
      render('', root);
    },
  };
}

/**
 * Plays every pending game of a points run (a sweep's values, a scaling's controls: each point a
 * match, `run.plan.specs[value]`) in a new pool of `size` workers named `name`, autosaving each
 * finished game as the record `{value, game}`, the line `tmlab sweep|scaling --resume` writes.
 * @param {Experiment} x
 * @param {number} size
 * @param {string} name
 * @param {{value: number, game: number}[]} tasks
 */
export function playPoints(x, size, name, tasks) {
  const run = x.s.run;
  if (!run) return;
  x.pool?.stop();
  const p = new GamePool({ size, name });
  x.pool = p;
  const t0 = performance.now();
  x.paintNow();
  for (const { value, game } of tasks) {
    playGame(p, run.plan.specs[value], game).then(
      (summary) => {
        if (x.pool !== p) return;
        const score = scoreOf(summary);
        x.dispatch({ type: 'game', value, game, score, ms: performance.now() - t0 });
        x.record(`${value}:${game}`, { value, game: score });
        x.save();
        x.refresh();
        if (x.s.status === 'complete') x.pool = null;
        x.paint();
      },
      (/** @type {Error} */ e) => {
        if (x.pool !== p || e.message === 'stopped') return;
        p.stop();
        x.pool = null;
        x.dispatch({ type: 'fail', message: e.message });
        x.save();
        x.paint();
      },
    );
  }
}

/**
 * A form field of a points view: `<label>` with an input `#<prefix>-<key>`, marked invalid when
 * the crate's error names `attrs.path`, and an echo of its reading when `attrs.echo` is given.
 * @param {string} prefix the view's id prefix (`s`, `sc`)
 * @param {Record<string, unknown>} form
 * @param {{path: string} | null | undefined} err the form's typed error
 * @param {(key: string, target: EventTarget | null) => void} input the field's input handler
 * @returns {(key: string, label: string, attrs?: {type?: string, min?: number, max?: number, step?: string, path?: string, echo?: string}) => import('lit-html').TemplateResult}
 */
export function formField(prefix, form, err, input) {
  return (key, label, attrs = {}) => html`<label>${label}
    <input id="${prefix}-${key}" type=${attrs.type || 'text'} .value=${String(form[key])} min=${attrs.min ?? nothing} max=${attrs.max ?? nothing} step=${attrs.step ?? nothing}
      class=${err && attrs.path && err.path.split('.')[0] === attrs.path ? 'invalid' : ''}
      aria-describedby=${attrs.echo !== undefined ? `${prefix}-${key}-reading` : nothing}
      @input=${(/** @type {Event} */ e) => input(key, e.target)} />${attrs.echo !== undefined ? html`<span id="${prefix}-${key}-reading" class="tc-echo" role="status">${attrs.echo}</span>` : nothing}</label>`;
}

/**
 * What a points view (Sweep: a parameter's values; the Match view's Scaling section: time
 * controls) brings to the shell: its names, its form and reducer, how the crate reads its form
 * and its runs, and its template. The rest (the grid's state, playing, autosave, estimate,
 * downloads) is the same concept in both and lives in `mountPoints`.
 * @typedef {object} PointsView
 * @property {'sweep' | 'scaling'} store the object store (and the downloads' name: `tmlab-<store>.json`)
 * @property {string} kind the run's name in messages (`sweep`, `scaling run`)
 * @property {string} canvasId the chart canvas's id
 * @property {string} poolName the game workers' name
 * @property {Record<string, any>} defaults the form's defaults
 * @property {import('./grid-experiment.js').GridState} state the view's initial state
 * @property {(s: any, e: any) => any} update the view's reducer (gridUpdate with its points)
 * @property {(form: any) => any} reading the echo of the form's time controls
 * @property {(form: any) => string} specOf the match-series spec of a form the crate checks; may throw
 * @property {(plan: any) => number} points the points of a plan
 * @property {(plan: any) => string} calibrationSpec the match spec whose game 0 calibrates the estimate
 * @property {(spec: string) => any} plan the crate's plan of a spec; throws its typed error
 * @property {(spec: string, scores: any) => {report: any, csv: string}} report the crate's report and CSV
 * @property {(spec: string, records: unknown[]) => {scores: any, damaged: {line: number, why: string}[]}} resume
 *   the crate's check of saved games (the rule of `tmlab <store> --resume`)
 * @property {(canvas: HTMLCanvasElement, spec: string, scores: any) => void} draw the crate's chart
 * @property {(c: any, cal: import('../engine/cost.js').Calibration) => any} [estimate] the crate's plan from the calibration
 * @property {ExperimentOptions['template']} template the view
 */

/**
 * Mounts a points view in `root`: every point a match of the view's run, its games played in a
 * pool, each autosaved as `{value, game}`; the report and chart are the crate's. Returns the
 * handle the tests read (state, report, cost).
 * @param {HTMLElement} root
 * @param {{state: any, onChange: (s: any) => void}} ctx
 * @param {PointsView} v
 */
export function mountPoints(root, ctx, v) {
  const cap = concurrencyOf();
  /** The games at once: the form's, at most the run's games. */
  const workers = (/** @type {any} */ s, /** @type {any} */ plan) => Math.min(gamesAtOnce(s.form.conc, cap), plan.games * v.points(plan));
  const { restored, x, unmount } = mountExperiment(root, ctx, {
    store: v.store,
    kind: v.kind,
    unit: 'game',
    canvasId: v.canvasId,
    cap,
    state: v.state,
    update: v.update,
    defaults: v.defaults,
    // A target precision sets the games per point (the crate's games_for_precision); the crate's
    // typed error names the field.
    check(form) {
      const reading = v.reading(form);
      try {
        if (form.precision > 0) form = { ...form, games: games_for_precision(form.precision) };
        const spec = v.specOf(form);
        return { form, plan: v.plan(spec), spec, reading };
      } catch (e) {
        return { form, error: typedError(e), reading };
      }
    },
    analyse(run, canvas) {
      const report = v.report(run.spec, run.scores).report;
      v.draw(canvas, run.spec, run.scores);
      return report;
    },
    restoreRun(setup, records) {
      const plan = v.plan(setup.spec);
      const r = v.resume(setup.spec, records);
      return { run: { id: setup.id, spec: setup.spec, plan, form: setup.form, scores: r.scores }, damaged: r.damaged };
    },
    go: (x) => {
      const run = x.s.run;
      if (run) playPoints(x, workers(x.s, run.plan), v.poolName, pendingTasks(x.s));
    },
    costOf: (s) =>
      s.plan && {
        spec: v.calibrationSpec(s.plan),
        games: s.plan.games * v.points(s.plan),
        perPoint: s.plan.games,
        workers: workers(s, s.plan),
        nps: s.form.nps,
        runSpec: s.spec,
      },
    estimate: v.estimate,
    gamesOf: (s) => {
      const p = progressOf(s);
      return { done: p.finished, total: p.total };
    },
    template: v.template,
    downloads: (x) => ({
      json: () => x.analysis && download(`tmlab-${v.store}.json`, `${JSON.stringify(exportOf(x.s, x.analysis), null, 1)}\n`, 'application/json'),
      csv: () => x.s.run && download(`tmlab-${v.store}.csv`, v.report(x.s.run.spec, x.s.run.scores).csv, 'text/csv'),
    }),
  });
  return {
    restored,
    get state() {
      return x.s;
    },
    get report() {
      return x.analysis;
    },
    get cost() {
      return x.cost;
    },
    unmount,
  };
}
