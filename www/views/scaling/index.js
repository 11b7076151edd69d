// @ts-check
// The Match view's Scaling section: mount. The form is checked by the crate (scaling_plan; its
// typed error names the field); Start plays every control's games in a pool of match game
// workers, autosaving each finished game in IndexedDB (a reload restores the run; Resume
// continues it, the rule of `tmlab scaling --resume`); the chart (Elo ± 95 % against log time,
// with the weighted line fit) and the verdict are the crate's (scaling_chart_data drawn by draw_points_chart,
// scaling_report). The shell (autosave, restore, Start/Stop/Resume, estimate and ETA) is the
// Sweep and Tune views' (ui/experiment.js), and the points run the Sweep view's (mountPoints).

import { scaling_chart_data, scaling_estimate, scaling_plan, scaling_report, scaling_resume, scaling_tcs } from '../../pkg/tmlab.js';
// The chart's data is the engine's, its drawing the engine charts module's (issue 24), asked
// through ui/engine-charts.js (drawn once it is in).
import { drawEngineChart } from '../../ui/engine-charts.js';
import { tcReading } from '../../ui/tc-reading.js';
import { mountPoints } from '../../ui/experiment.js';
import { SCALING_DEFAULTS, initialState, specOf, update } from './controller.js';
import { scalingTemplate } from './render.js';

export { SCALING_PREFIX, SCALING_DEFAULTS } from './controller.js';

/**
 * @param {HTMLElement} root
 * @param {{state: any, onChange: (s: any) => void}} ctx
 */
export function mountScaling(root, ctx) {
  return mountPoints(root, ctx, {
    store: 'scaling',
    kind: 'scaling run',
    canvasId: 'sc-chart',
    poolName: 'tmlab-scaling-game',
    defaults: SCALING_DEFAULTS,
    state: initialState(ctx.state),
    update,
    // Each control as the crate reads it.
    reading: (/** @type {import('./controller.js').ScalingForm} */ form) =>
      scaling_tcs(form.tcs).map((tc) => `${tc} = ${tcReading(tc) || '?'}`).join('; '),
    specOf: (/** @type {import('./controller.js').ScalingForm} */ form) => JSON.stringify(specOf(form, scaling_tcs(form.tcs))),
    points: (plan) => plan.tcs.length,
    // Calibrated on the longest control's first game; each control's games costed by its time.
    calibrationSpec: (plan) => plan.specs[plan.longest],
    estimate: (c, cal) => scaling_estimate(c.runSpec, c.workers, cal),
    plan: scaling_plan,
    report: scaling_report,
    resume: scaling_resume,
    draw: (canvas, spec, scores) => {
      const data = scaling_chart_data(spec, scores);
      drawEngineChart(canvas, (m) => m.draw_points_chart(canvas, data));
    },
    template: scalingTemplate,
  });
}
