// @ts-check
// The Tune view: mount. The crate checks the form (tune_plan) and computes every SPSA step
// (tune_next: the iteration's two players and games; tune_apply: the update); the games run in
// the match game workers. Each finished iteration is autosaved in IndexedDB (a reload restores
// the tune; Resume continues it from the last finished iteration). The chart of the parameter
// trajectories is the crate's (draw_tune_chart).

import { render } from 'lit-html';
import { draw_tune_chart, tune_apply, tune_next, tune_plan, tune_result } from '../../pkg/tmlab.js';
import { perFrame } from '../../ui/frame.js';
import { concurrencyOf, gamesAtOnce } from '../../engine/concurrency.js';
import { GamePool, download, kvStore } from '../sweep/pool.js';
import { TUNE_DEFAULTS, initialState, specOf, tally, update } from './controller.js';
import { tuneTemplate } from './render.js';

export { TUNE_PREFIX, TUNE_DEFAULTS } from './controller.js';

const store = kvStore('tmlab-tune');
const typed = (e) => (e && typeof e === 'object' && 'path' in e ? e : { path: '', message: String(e?.message || e), allowed: '' });

/**
 * @param {HTMLElement} root
 * @param {{state: any, onChange: (s: any) => void}} ctx
 */
export function mountTune(root, ctx) {
  const cap = concurrencyOf(undefined, 2); // an iteration is one pair of games
  let s = initialState(ctx.state);
  /** @type {GamePool|null} */ let pool = null;
  let result = null;
  const canvas = Object.assign(document.createElement('canvas'), { id: 't-chart', width: 800, height: 420 });
  canvas.dataset.dpr = '1';
  canvas.style.width = '100%';
  canvas.style.maxWidth = '800px';

  function check(form) {
    const o = specOf(form);
    if (o.error) return { form, error: { path: o.error.split(':')[0], message: o.error, allowed: 'numbers, comma-separated' } };
    try {
      const spec = JSON.stringify(o.spec);
      return { form, plan: tune_plan(spec), spec };
    } catch (e) {
      return { form, error: typed(e) };
    }
  }

  function setForm(form) {
    s = update(s, { type: 'form', ...check(form) });
    ctx.onChange({ ...form });
    paintNow();
  }

  function refresh() {
    result = null;
    if (!s.run) return;
    try {
      result = tune_result(s.run.spec, s.run.history);
      draw_tune_chart(canvas, s.run.spec, s.run.history);
    } catch (e) {
      s = update(s, { type: 'fail', message: typed(e).message });
    }
  }

  const save = () => store.put('current', { run: s.run, status: s.status === 'running' ? 'stopped' : s.status }).catch(() => {});

  async function loop() {
    const conc = gamesAtOnce(s.form.conc, cap);
    pool?.stop();
    const p = new GamePool(conc);
    pool = p;
    paintNow();
    try {
      while (pool === p && s.status === 'running' && s.run) {
        const run = s.run;
        const next = tune_next(run.spec, run.history);
        if (!next) break;
        const summaries = await Promise.all(next.games.map((g) => p.play(next.spec, g)));
        if (pool !== p) return;
        const t = tally(summaries);
        const record = tune_apply(run.spec, run.history, t.wins, t.losses, t.draws);
        s = update(s, { type: 'iteration', record });
        save();
        refresh();
        paint();
      }
    } catch (e) {
      if (pool !== p || e?.message === 'stopped') return;
      s = update(s, { type: 'fail', message: typed(e).message });
      save();
    }
    if (pool === p) {
      p.stop();
      pool = null;
    }
    paint();
  }

  const handlers = {
    input(key, el) {
      let v = el.value;
      if (typeof TUNE_DEFAULTS[key] === 'number') {
        v = Number(el.value);
        if (el.value.trim() === '' || !Number.isFinite(v)) return;
      }
      setForm({ ...s.form, [key]: v });
    },
    start: () => {
      if (!s.plan || s.status === 'running') return;
      s = update(s, { type: 'start', id: String(Date.now()), spec: s.spec, plan: s.plan });
      refresh();
      save();
      loop();
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
      loop();
    },
    json: () =>
      s.run &&
      download(
        'tmlab-tune.json',
        `${JSON.stringify({ spec: JSON.parse(s.run.spec), spsa: s.run.plan.spsa, iterations: s.run.history, ...result }, null, 1)}\n`,
        'application/json',
      ),
  };

  function paintNow() {
    render(tuneTemplate(s, result, handlers, canvas, cap), root);
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
      refresh();
      paintNow();
    })
    .catch(() => {});

  return {
    restored,
    get state() {
      return s;
    },
    get result() {
      return result;
    },
    unmount() {
      pool?.stop();
      render('', root);
    },
  };
}
