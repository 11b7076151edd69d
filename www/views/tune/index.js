// @ts-check
// The Tune view: mount. The crate checks the form (tune_plan) and computes every SPSA step
// (tune_next: the iteration's two players and games; tune_apply: the update); the games run in
// the match game workers. Each finished iteration is autosaved in IndexedDB (a reload restores
// the tune; Resume continues it from the last finished iteration). The chart of the parameter
// trajectories is the crate's (tune_chart_data, drawn by the engine charts module's
// draw_tune_chart). The shell (autosave, restore, Start/Stop/Resume) is shared (ui/experiment.js).

import { tune_chart_data, tune_apply, tune_end_list, tune_next, tune_plan, tune_result, tune_resume } from '../../pkg/tmlab.js';
// The chart's data is the engine's, its drawing the engine charts module's (issue 24), asked
// through ui/engine-charts.js (drawn once it is in).
import { drawEngineChart } from '../../ui/engine-charts.js';
import { concurrencyOf, gamesAtOnce } from '../../engine/concurrency.js';
import { download } from '../../ui/download.js';
import { typedError, messageOf } from '../../ui/typed-error.js';
import { GamePool } from '../../engine/game-pool.js';
import { playGame } from '../../engine/experiment-games.js';
import { mountExperiment } from '../../ui/experiment.js';
import { tcReading } from '../../ui/tc-reading.js';
import { TUNE_DEFAULTS, initialState, progressOf, specOf, tally, update } from './controller.js';
import { tuneTemplate } from './render.js';

export { TUNE_PREFIX, TUNE_DEFAULTS } from './controller.js';

/**
 * The form checked by the crate: `{form, plan, spec, reading}` or `{form, error, reading}` naming the field.
 * @param {import('./controller.js').TuneForm} form
 */
function check(form) {
  const reading = { tc: tcReading(form.tc) };
  try {
    // The crate reads the c_end/r_end fields; its errors name them.
    const ends = { c_end: [...tune_end_list('c_end', form.cend)], r_end: [...tune_end_list('r_end', form.rend)] };
    const spec = JSON.stringify(specOf(form, ends));
    return { form, plan: tune_plan(spec), spec, reading };
  } catch (e) {
    return { form, error: typedError(e), reading };
  }
}

/** Plays iteration after iteration in a new pool until the run completes, stops or fails. */
async function loop(/** @type {import('../../ui/experiment.js').Experiment} */ x, /** @type {import('../../engine/concurrency.js').Concurrency} */ cap) {
  const conc = gamesAtOnce(x.s.form.conc, cap);
  x.pool?.stop();
  const p = new GamePool({ size: conc, name: 'tmlab-tune-game' });
  x.pool = p;
  x.paintNow();
  try {
    while (x.pool === p && x.s.status === 'running' && x.s.run) {
      const run = x.s.run;
      const next = tune_next(run.spec, run.history, run.held ?? []);
      if (!next) break;
      const k = next.step.k;
      if (next.refused) {
        x.dispatch({ type: 'notice', notice: `Saved iteration ${k} does not follow from the iterations before it (${next.refused.why}); it was dropped and is played again.` });
      }
      // A restored later iteration that still follows is taken as it is: no game to play.
      let record = next.record;
      if (!record) {
        const summaries = await Promise.all(next.games.map((/** @type {number} */ g) => playGame(p, next.spec, g)));
        if (x.pool !== p) return;
        const t = tally(summaries);
        record = tune_apply(run.spec, run.history, t.wins, t.losses, t.draws);
        // One sealed record per iteration, the line `tmlab tune --resume` writes.
        x.record(String(k).padStart(6, '0'), record);
      }
      x.dispatch({ type: 'iteration', record });
      x.save();
      x.refresh();
      x.paint();
    }
  } catch (e) {
    if (x.pool !== p || messageOf(e) === 'stopped') return;
    x.dispatch({ type: 'fail', message: typedError(e).message });
    x.save();
  }
  if (x.pool === p) {
    p.stop();
    x.pool = null;
  }
  x.paint();
}

/**
 * @param {HTMLElement} root
 * @param {{state: any, onChange: (s: any) => void}} ctx
 */
export function mountTune(root, ctx) {
  const cap = concurrencyOf(undefined, 2); // an iteration is one pair of games
  const { restored, x, unmount } = mountExperiment(root, ctx, {
    store: 'tune',
    kind: 'tune',
    unit: 'iteration',
    canvasId: 't-chart',
    cap,
    state: initialState(ctx.state),
    update,
    defaults: TUNE_DEFAULTS,
    check,
    analyse(run, canvas) {
      const result = tune_result(run.spec, run.history);
      const data = tune_chart_data(run.spec, run.history);
      drawEngineChart(canvas, (m) => m.draw_tune_chart(canvas, data));
      return result;
    },
    restoreRun(setup, records) {
      // The crate checks each saved iteration (the rule of tmlab tune --resume).
      const plan = tune_plan(setup.spec);
      const r = tune_resume(setup.spec, records);
      return { run: { id: setup.id, spec: setup.spec, plan, form: setup.form, history: r.history, held: r.held }, damaged: r.damaged };
    },
    analyseOnStart: true,
    go: (x) => loop(x, cap),
    costOf: (s) => {
      if (!s.plan || !s.spec) return null;
      const per = s.plan.games_per_iteration;
      const first = tune_next(s.spec, [], []);
      return first && { spec: first.spec, games: s.plan.spsa.iterations * per, perPoint: 0, workers: Math.min(gamesAtOnce(s.form.conc, cap), per), nps: s.form.nps };
    },
    gamesOf: (s) => {
      const p = progressOf(s);
      const per = s.plan?.games_per_iteration ?? 2;
      return { done: p.done * per, total: p.total * per };
    },
    template: tuneTemplate,
    downloads: (x) => ({
      json: () =>
        x.s.run &&
        download(
          'tmlab-tune.json',
          `${JSON.stringify({ spec: JSON.parse(x.s.run.spec), spsa: x.s.run.plan.spsa, iterations: x.s.run.history, ...x.analysis }, null, 1)}\n`,
          'application/json',
        ),
    }),
  });
  return {
    restored,
    get state() {
      return x.s;
    },
    get result() {
      return x.analysis;
    },
    unmount,
  };
}
