// @ts-check
// The Sweep view: mount. The form is checked by the crate (sweep_plan; its typed error names
// the field); Start plays every value's games in a pool of match game workers, autosaving each
// finished game in IndexedDB (a reload restores the sweep; Resume continues it); the chart
// (Elo ± 95 % against the value, with the weighted quadratic fit) and the table are the
// crate's (draw_sweep_chart, sweep_report). JSON and CSV downloads.

import { render } from 'lit-html';
import { draw_sweep_chart, sweep_plan, sweep_range_values, sweep_report } from '../../pkg/tmlab.js';
import { perFrame } from '../../ui/frame.js';
import { concurrencyOf, gamesAtOnce } from '../../engine/concurrency.js';
import { GamePool, download, kvStore, scoreOf } from './pool.js';
import { SWEEP_DEFAULTS, exportOf, initialState, parseValues, pendingTasks, specOf, update } from './controller.js';
import { sweepTemplate } from './render.js';

export { SWEEP_PREFIX, SWEEP_DEFAULTS } from './controller.js';

const store = kvStore('tmlab-sweep');
const typed = (e) => (e && typeof e === 'object' && 'path' in e ? e : { path: '', message: String(e?.message || e), allowed: '' });

/**
 * @param {HTMLElement} root
 * @param {{state: any, onChange: (s: any) => void}} ctx
 */
export function mountSweep(root, ctx) {
  const cap = concurrencyOf();
  let s = initialState(ctx.state);
  /** @type {GamePool|null} */ let pool = null;
  let report = null;
  let t0 = 0;
  const canvas = Object.assign(document.createElement('canvas'), { id: 's-chart', width: 800, height: 420 });
  canvas.dataset.dpr = '1';
  canvas.style.width = '100%';
  canvas.style.maxWidth = '800px';

  function check(form) {
    const v = parseValues(form.values);
    if (v.error) return { form, error: { path: 'values', message: v.error, allowed: 'V1,V2,… or LO:HI:N' } };
    try {
      const values = v.values ?? [...sweep_range_values(form.tm, form.param, ...v.range)];
      const spec = JSON.stringify(specOf(form, values));
      return { form, plan: sweep_plan(spec), spec };
    } catch (e) {
      return { form, error: typed(e) };
    }
  }

  function setForm(form) {
    s = update(s, { type: 'form', ...check(form) });
    ctx.onChange({ ...form });
    paintNow();
  }

  function refreshReport() {
    report = null;
    if (!s.run) return;
    try {
      report = sweep_report(s.run.spec, s.run.scores).report;
      draw_sweep_chart(canvas, s.run.spec, s.run.scores);
    } catch (e) {
      s = update(s, { type: 'fail', message: typed(e).message });
    }
  }

  const handlers = {
    input(key, el) {
      let v = el.value;
      if (typeof SWEEP_DEFAULTS[key] === 'number') {
        v = Number(el.value);
        if (el.value.trim() === '' || !Number.isFinite(v)) return;
      }
      setForm({ ...s.form, [key]: v });
    },
    start: () => {
      if (!s.plan || s.status === 'running') return;
      s = update(s, { type: 'start', id: String(Date.now()), spec: s.spec, plan: s.plan });
      save();
      run();
    },
    stop: () => {
      pool?.stop();
      pool = null;
      s = update(s, { type: 'stop' });
      save();
      paintNow();
    },
    resume: () => {
      if (!s.run) return;
      s = update(s, { type: 'resume' });
      run();
    },
    json: () => report && download('tmlab-sweep.json', `${JSON.stringify(exportOf(s, report), null, 1)}\n`, 'application/json'),
    csv: () => s.run && download('tmlab-sweep.csv', sweep_report(s.run.spec, s.run.scores).csv, 'text/csv'),
  };

  const save = () => store.put('current', { run: s.run, status: s.status === 'running' ? 'stopped' : s.status }).catch(() => {});

  function run() {
    const conc = gamesAtOnce(s.form.conc, cap);
    const run = s.run;
    if (!run) return;
    pool?.stop();
    const p = new GamePool(Math.min(conc, run.plan.games * run.plan.values.length));
    pool = p;
    t0 = performance.now();
    paintNow();
    for (const { value, game } of pendingTasks(s)) {
      p.play(run.plan.specs[value], game).then(
        (summary) => {
          if (pool !== p) return;
          s = update(s, { type: 'game', value, game, score: scoreOf(summary), ms: performance.now() - t0 });
          save();
          refreshReport();
          if (s.status === 'complete') pool = null;
          paint();
        },
        (e) => {
          if (pool !== p || e.message === 'stopped') return;
          p.stop();
          pool = null;
          s = update(s, { type: 'fail', message: e.message });
          save();
          paint();
        },
      );
    }
  }

  function paintNow() {
    render(sweepTemplate(s, report, handlers, canvas, cap), root);
  }
  const paint = perFrame(paintNow);

  s = update(s, { type: 'form', ...check(s.form) });
  paintNow();
  const restored = store
    .get('current')
    .then((saved) => {
      if (!saved?.run) return;
      s = update(s, { type: 'restore', run: saved.run, status: saved.status === 'complete' ? 'complete' : 'stopped' });
      s = update(s, { type: 'form', ...check(s.form) });
      refreshReport();
      paintNow();
    })
    .catch(() => {});

  return {
    restored,
    get state() {
      return s;
    },
    get report() {
      return report;
    },
    unmount() {
      pool?.stop();
      render('', root);
    },
  };
}
