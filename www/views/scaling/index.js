// @ts-check
// The Match view's Scaling section: mount. The form is checked by the crate (scaling_plan; its
// typed error names the field); Start plays every control's games in a pool of match game
// workers, autosaving each finished game in IndexedDB (a reload restores the run; Resume
// continues it, the rule of `tmlab scaling --resume`); the chart (Elo ± 95 % against log time,
// with the weighted line fit) and the verdict are the crate's (draw_scaling_chart,
// scaling_report). The shell (autosave, restore, Start/Stop/Resume, estimate and ETA) is the
// Sweep and Tune views' (ui/experiment.js).

import { draw_scaling_chart, games_for_precision, scaling_estimate, scaling_plan, scaling_report, scaling_resume, scaling_tcs } from '../../pkg/tmlab.js';
import { concurrencyOf, gamesAtOnce } from '../../engine/concurrency.js';
import { download } from '../../ui/download.js';
import { typedError } from '../../ui/typed-error.js';
import { tcReading } from '../../ui/tc-reading.js';
import { mountExperiment, playPoints } from '../../ui/experiment.js';
import { SCALING_DEFAULTS, exportOf, initialState, pendingTasks, progressOf, specOf, update } from './controller.js';
import { scalingTemplate } from './render.js';

export { SCALING_PREFIX, SCALING_DEFAULTS } from './controller.js';

/**
 * The form checked by the crate: `{form, plan, spec, reading}` or `{form, error, reading}`. A
 * target precision sets the games per control; `reading` echoes each control.
 * @param {import('./controller.js').ScalingForm} form
 */
function check(form) {
  const tcs = scaling_tcs(form.tcs);
  const reading = tcs.map((tc) => `${tc} = ${tcReading(tc) || '?'}`).join('; ');
  try {
    if (form.precision > 0) form = { ...form, games: games_for_precision(form.precision) };
    const spec = JSON.stringify(specOf(form, tcs));
    return { form, plan: scaling_plan(spec), spec, reading };
  } catch (e) {
    return { form, error: typedError(e), reading };
  }
}

/** Plays every pending game of the run in a new pool, autosaving each finished one. */
function go(/** @type {import('../../ui/experiment.js').Experiment} */ x, /** @type {import('../../engine/concurrency.js').Concurrency} */ cap) {
  const run = x.s.run;
  if (!run) return;
  playPoints(x, Math.min(gamesAtOnce(x.s.form.conc, cap), run.plan.games * run.plan.tcs.length), 'tmlab-scaling-game', pendingTasks(x.s));
}

/**
 * @param {HTMLElement} root
 * @param {{state: any, onChange: (s: any) => void}} ctx
 */
export function mountScaling(root, ctx) {
  const cap = concurrencyOf();
  const { restored, x, unmount } = mountExperiment(root, ctx, {
    store: 'scaling',
    kind: 'scaling run',
    unit: 'game',
    canvasId: 'sc-chart',
    cap,
    state: initialState(ctx.state),
    update,
    defaults: SCALING_DEFAULTS,
    check,
    analyse(run, canvas) {
      const report = scaling_report(run.spec, run.scores).report;
      draw_scaling_chart(canvas, run.spec, run.scores);
      return report;
    },
    restoreRun(setup, records) {
      const plan = scaling_plan(setup.spec);
      const r = scaling_resume(setup.spec, records);
      return { run: { id: setup.id, spec: setup.spec, plan, form: setup.form, scores: r.scores }, damaged: r.damaged };
    },
    go: (x) => go(x, cap),
    // Calibrated on the longest control's first game; each control's games costed by its time.
    costOf: (s) =>
      s.plan && {
        spec: s.plan.specs[s.plan.longest],
        games: s.plan.games * s.plan.tcs.length,
        perPoint: s.plan.games,
        workers: Math.min(gamesAtOnce(s.form.conc, cap), s.plan.games * s.plan.tcs.length),
        nps: s.form.nps,
        scaling: s.spec,
      },
    estimate: (c, cal) => scaling_estimate(c.scaling, c.workers, cal.plies, cal.ms, cal.clock_ms, cal.finished),
    gamesOf: (s) => {
      const p = progressOf(s);
      return { done: p.finished, total: p.total };
    },
    template: scalingTemplate,
    downloads: (x) => ({
      json: () => x.analysis && download('tmlab-scaling.json', `${JSON.stringify(exportOf(x.s, x.analysis), null, 1)}\n`, 'application/json'),
      csv: () => x.s.run && download('tmlab-scaling.csv', scaling_report(x.s.run.spec, x.s.run.scores).csv, 'text/csv'),
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
