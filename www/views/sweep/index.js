// @ts-check
// The Sweep view: mount. The form is checked by the crate (sweep_plan; its typed error names
// the field); Start plays every value's games in a pool of match game workers, autosaving each
// finished game in IndexedDB (a reload restores the sweep; Resume continues it); the chart
// (Elo ± 95 % against the value, with the weighted quadratic fit) and the table are the
// crate's (sweep_chart_data drawn by draw_points_chart, sweep_report). JSON and CSV downloads. The shell (autosave,
// restore, Start/Stop/Resume) is shared with Tune and Scaling (ui/experiment.js), and with
// Scaling the points run (mountPoints).

import { sweep_chart_data, sweep_plan, sweep_report, sweep_resume, sweep_values } from '../../pkg/tmlab.js';
// The chart's data is the engine's, its drawing the engine charts module's (issue 24), asked
// through ui/engine-charts.js (drawn once it is in).
import { drawEngineChart } from '../../ui/engine-charts.js';
import { tcReading } from '../../ui/tc-reading.js';
import { SWEEP_DEFAULTS, initialState, specOf, update } from './controller.js';
import { mountPoints } from '../../ui/experiment.js';
import { sweepTemplate } from './render.js';

export { SWEEP_PREFIX, SWEEP_DEFAULTS } from './controller.js';

/**
 * @param {HTMLElement} root
 * @param {{state: any, onChange: (s: any) => void}} ctx
 */
export function mountSweep(root, ctx) {
  return mountPoints(root, ctx, {
    store: 'sweep',
    kind: 'sweep',
    canvasId: 's-chart',
    poolName: 'tmlab-sweep-game',
    defaults: SWEEP_DEFAULTS,
    state: initialState(ctx.state),
    update,
    reading: (/** @type {import('./controller.js').SweepForm} */ form) => ({ tc: tcReading(form.tc), tcb: tcReading(form.tcb) }),
    // The crate reads the field (V1,V2,… or LO:HI:N); its errors name `values`.
    specOf: (/** @type {import('./controller.js').SweepForm} */ form) => JSON.stringify(specOf(form, [...sweep_values(form.tm, form.param, form.values)])),
    points: (plan) => plan.values.length,
    calibrationSpec: (plan) => plan.specs[0],
    plan: sweep_plan,
    report: sweep_report,
    resume: sweep_resume,
    draw: (canvas, spec, scores) => {
      const data = sweep_chart_data(spec, scores);
      drawEngineChart(canvas, (m) => m.draw_points_chart(canvas, data));
    },
    template: sweepTemplate,
  });
}
