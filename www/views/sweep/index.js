// @ts-check
// The Sweep view: mount. The form is checked by the crate (sweep_plan; its typed error names
// the field); Start plays every value's games in a pool of match game workers, autosaving each
// finished game in IndexedDB (a reload restores the sweep; Resume continues it); the chart
// (Elo ± 95 % against the value, with the weighted quadratic fit) and the table are the
// crate's (draw_sweep_chart, sweep_report). JSON and CSV downloads. The shell (autosave,
// restore, Start/Stop/Resume) is shared with Tune and Scaling (ui/experiment.js).

import { draw_sweep_chart, games_for_precision, sweep_plan, sweep_report, sweep_resume, sweep_values } from '../../pkg/tmlab.js';
import { concurrencyOf, gamesAtOnce } from '../../engine/concurrency.js';
import { download } from '../../ui/download.js';
import { typedError } from '../../ui/typed-error.js';
import { tcReading } from '../../ui/tc-reading.js';
import { SWEEP_DEFAULTS, exportOf, initialState, pendingTasks, progressOf, specOf, update } from './controller.js';
import { mountExperiment, playPoints } from '../../ui/experiment.js';
import { sweepTemplate } from './render.js';

export { SWEEP_PREFIX, SWEEP_DEFAULTS } from './controller.js';

/**
 * The form checked by the crate: `{form, plan, spec, reading}` or `{form, error, reading}`
 * naming the field. A target precision sets the games per value (the crate's
 * games_for_precision); `reading` echoes the time-control fields.
 * @param {import('./controller.js').SweepForm} form
 */
function check(form) {
  const reading = { tc: tcReading(form.tc), tcb: tcReading(form.tcb) };
  try {
    if (form.precision > 0) form = { ...form, games: games_for_precision(form.precision) };
    // The crate reads the field (V1,V2,… or LO:HI:N); its errors name `values`.
    const values = [...sweep_values(form.tm, form.param, form.values)];
    const spec = JSON.stringify(specOf(form, values));
    return { form, plan: sweep_plan(spec), spec, reading };
  } catch (e) {
    return { form, error: typedError(e), reading };
  }
}

/** Plays every pending game of the run in a new pool, autosaving each finished one. */
function go(/** @type {import('../../ui/experiment.js').Experiment} */ x, /** @type {import('../../engine/concurrency.js').Concurrency} */ cap) {
  const run = x.s.run;
  if (!run) return;
  playPoints(x, Math.min(gamesAtOnce(x.s.form.conc, cap), run.plan.games * run.plan.values.length), 'tmlab-sweep-game', pendingTasks(x.s));
}

/**
 * @param {HTMLElement} root
 * @param {{state: any, onChange: (s: any) => void}} ctx
 */
export function mountSweep(root, ctx) {
  const cap = concurrencyOf();
  const { restored, x, unmount } = mountExperiment(root, ctx, {
    store: 'sweep',
    kind: 'sweep',
    unit: 'game',
    canvasId: 's-chart',
    cap,
    state: initialState(ctx.state),
    update,
    defaults: SWEEP_DEFAULTS,
    check,
    analyse(run, canvas) {
      const report = sweep_report(run.spec, run.scores).report;
      draw_sweep_chart(canvas, run.spec, run.scores);
      return report;
    },
    restoreRun(setup, records) {
      // The crate checks each saved game against the plan (the rule of tmlab sweep --resume).
      const plan = sweep_plan(setup.spec);
      const r = sweep_resume(setup.spec, records);
      return { run: { id: setup.id, spec: setup.spec, plan, form: setup.form, scores: r.scores }, damaged: r.damaged };
    },
    go: (x) => go(x, cap),
    costOf: (s) =>
      s.plan && {
        spec: s.plan.specs[0],
        games: s.plan.games * s.plan.values.length,
        perPoint: s.plan.games,
        workers: Math.min(gamesAtOnce(s.form.conc, cap), s.plan.games * s.plan.values.length),
        nps: s.form.nps,
      },
    gamesOf: (s) => {
      const p = progressOf(s);
      return { done: p.finished, total: p.total };
    },
    template: sweepTemplate,
    downloads: (x) => ({
      json: () => x.analysis && download('tmlab-sweep.json', `${JSON.stringify(exportOf(x.s, x.analysis), null, 1)}\n`, 'application/json'),
      csv: () => x.s.run && download('tmlab-sweep.csv', sweep_report(x.s.run.spec, x.s.run.scores).csv, 'text/csv'),
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
    unmount,
  };
}
