// @ts-check
// The Flag risk card: the probability of losing a game on time against the Move Overhead, for
// a manager, a time control and a latency model, with the chosen risk marked and the overhead
// that keeps under it (with its Elo cost). The crate simulates (overhead-worker.js runs it off
// the page's thread, the report carrying its chart's data) and draws (the engine charts module); every edit runs the simulation again, a
// moment after the last keystroke (the first run waits until the card is on screen). State:
// flag-risk-controller.js.

import { html, render } from 'lit-html';
// The curve's data is the engine's, its drawing the engine charts module's (issue 24), asked
// through ui/engine-charts.js (drawn once it is in; `data-drawn` says when).
import { cancelEngineChart, drawEngineChart } from '../../ui/engine-charts.js';
import { FLAG_RISK_DEFAULTS, formOf, initialState, update } from './flag-risk-controller.js';

/** @typedef {import('./flag-risk-controller.js').FlagRiskForm} FlagRiskForm */
import { errorText } from '../../ui/typed-error.js';

export { FLAG_RISK_DEFAULTS, FLAG_RISK_PREFIX } from './flag-risk-controller.js';

/**
 * Mount the card into `root`; `onChange(form)` persists the form. `destroy()` stops the worker
 * and removes the card.
 * @param {HTMLElement} root
 * @param {{state?: Partial<typeof FLAG_RISK_DEFAULTS>, onChange?: (s: typeof FLAG_RISK_DEFAULTS) => void}} [ctx]
 */
export function mountFlagRisk(root, { state: initial = {}, onChange = () => {} } = {}) {
  let s = initialState(initial);
  const card = document.createElement('section');
  // Not a `.chart-card`: those are the view's live, hover-bound curve charts.
  card.className = 'card wide flag-risk-card';
  card.id = 'chart-flag-risk';
  root.append(card);
  const canvas = Object.assign(document.createElement('canvas'), { id: 'fr-chart', width: 800, height: 420 });
  canvas.style.width = '100%';
  canvas.style.maxWidth = '800px';
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', 'Flag risk against Move Overhead');

  /** @type {Worker | null} */ let worker = null;
  let runs = 0;
  let timer = /** @type {any} */ (null);
  const dispatch = (/** @type {any} */ e) => {
    s = update(s, e);
    paint();
  };
  function spawn() {
    const w = new Worker(new URL('../../overhead-worker.js', import.meta.url), { type: 'module', name: 'tmlab-flag-risk' });
    w.onmessage = ({ data }) => {
      if (data.type === 'progress') dispatch({ type: 'progress', run: data.id, done: data.done, total: data.total });
      else if (data.type === 'done') dispatch({ type: 'done', run: data.id, report: data.report });
      else if (data.type === 'error') dispatch({ type: 'error', run: data.id, error: data.error });
    };
    w.onerror = (e) => {
      e.preventDefault?.();
      worker = null;
      dispatch({ type: 'error', run: s.run, error: { path: '', message: `the simulation worker failed (${e.message || 'error'})`, allowed: '' } });
    };
    return w;
  }
  function run() {
    // A run in flight is for an older form: its worker is replaced.
    if (s.status === 'running') {
      worker?.terminate();
      worker = null;
    }
    worker ??= spawn();
    runs += 1;
    dispatch({ type: 'run', run: runs });
    worker.postMessage({ type: 'run', id: runs, form: formOf(s.form) });
  }
  const input = (/** @type {keyof FlagRiskForm} */ key, /** @type {EventTarget | null} */ el) => {
    if (!(el instanceof HTMLInputElement)) return;
    /** @type {string|number} */ let v = el.value;
    if (typeof FLAG_RISK_DEFAULTS[key] === 'number') {
      v = Number(el.value);
      if (el.value.trim() === '' || !Number.isFinite(v)) return;
    }
    dispatch({ type: 'form', form: { ...s.form, [key]: v } });
    onChange({ ...s.form });
    clearTimeout(timer);
    timer = setTimeout(run, 400);
  };

  const field = (/** @type {keyof FlagRiskForm} */ key, /** @type {string} */ label, /** @type {string} */ path, type = 'text', extra = '') => html`<label>${label}
    <input id="fr-${key}" type=${type} step="any" .value=${String(s.form[key])} class=${s.error?.path === path ? 'invalid' : ''} @input=${(/** @type {Event} */ e) => input(key, e.target)} />${extra}</label>`;
  function paint() {
    const r = s.report;
    const p = s.progress;
    const req = r?.required;
    render(
      html`<h2>Flag risk and Move Overhead</h2>
        <p class="blurb">How often does a manager lose on time when every move costs a latency on top of its thinking,
          and how much Move Overhead stops it? Simulated on the virtual clock: the manager's own budgets each move,
          each move thinking for its soft limit (a share for its hard limit), the clock charged thinking + latency.</p>
        <div class="match-options">
          ${field('tm', 'Manager (spec)', 'tm')} ${field('tc', 'Time control', 'tc')}
          ${field('latency', 'Latency model (fixed:MS, normal:MEAN,SD, lognormal:MEDIAN,SIGMA, pareto:MIN,ALPHA)', 'latency')}
          ${field('risk', 'Acceptable risk per game', 'risk', 'number')}
          ${field('games', 'Simulated games per overhead', 'games', 'number')}
          ${field('hard', 'Share of moves to the hard limit', 'to_hard', 'number')}
          ${field('elo', 'Elo per doubling of thinking time', 'elo_per_doubling', 'number')}
        </div>
        <p class="field-error" id="fr-error" role="alert">${s.error ? errorText(s.error) : ''}</p>
        <p class="note" id="fr-status" role="status" data-status=${s.status}>${s.status === 'running'
          ? `Simulating… ${p.done} of ${p.total || '?'} overheads`
          : s.status === 'done' && r
            ? `Simulated ${r.spec.games} games of ${r.spec.moves} moves at each of ${r.points.length} overheads.`
            : ''}</p>
        <p id="fr-answer" data-required=${req ? String(req.overhead_ms) : ''}>${r ? html`<strong>${r.sentence}</strong>` : ''}</p>
        <div class="chart-box">${canvas}</div>
        ${r
          ? html`<p class="hint">Risk bound: the upper end of the 95 % (Wilson) interval of the share of games lost on time; the required overhead is the
              smallest (to 1 ms) whose bound stays under the chosen risk. Elo cost: Elo per doubling × log₂(thinking time without overhead ÷ with it),
              on the same simulated games. ${r.points.length} overheads from ${r.points[0].overhead_ms} to ${r.points[r.points.length - 1].overhead_ms} ms;
              the manager's own overhead is ${r.default_overhead_ms} ms.</p>`
          : ''}`,
      card,
    );
    if (r && s.status === 'done') {
      try {
        const data = r.chart;
        const drawn = String(s.run);
        drawEngineChart(canvas, (m) => {
          m.draw_overhead_chart(canvas, data);
          canvas.dataset.drawn = drawn;
        });
      } catch (e) {
        s = { ...s, error: { path: '', message: String(/** @type {any} */ (e)?.message ?? e), allowed: '' } };
      }
    }
  }
  paint();
  // The first simulation when the card is first on screen (it costs a few seconds of a core:
  // not on every page load); every edit after that runs it again.
  const seen = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    seen.disconnect();
    if (s.status === 'idle') run();
  });
  seen.observe(card);
  return {
    get state() {
      return s;
    },
    destroy() {
      clearTimeout(timer);
      seen.disconnect();
      worker?.terminate();
      cancelEngineChart(canvas);
      card.remove();
    },
  };
}
