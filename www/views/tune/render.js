// @ts-check
// The Tune view's templates (lit-html).

import { html, nothing } from 'lit-html';
import { concurrencyLabel } from '../../engine/concurrency.js';
import { progressOf } from './controller.js';
import { costTemplate } from '../../ui/cost-line.js';
import { errorText } from '../../ui/typed-error.js';

/**
 * A tuned parameter in the crate's plan (`tune_plan`'s `spsa.params`).
 * @typedef {{path: string, start: number, min: number, max: number, c_end: number, r_end: number}} SpsaParam
 */

const short = (/** @type {number} */ x) => (Number.isFinite(x) ? String(Number(x.toPrecision(5))) : '–');

/**
 * @param {import('./controller.js').TuneState} s
 * @param {any} result the crate's tune_result (or null)
 * @param {any} h handlers: input(key, el), start, stop, resume, json
 * @param {HTMLCanvasElement} canvas
 * @param {import('../../engine/concurrency.js').Concurrency} cap games at once: default and maximum (at most 2: one pair per iteration)
 * @param {import('../../ui/cost-line.js').Cost} cost the estimate, and the time left while running
 */
export function tuneTemplate(s, result, h, canvas, cap, cost) {
  const f = s.form;
  const running = s.status === 'running';
  const err = s.error;
  // The field an error names (a match field may come as `match.games`).
  const at = err?.path ? err.path.replace(/^match\./, '').split('.')[0] : null;
  /**
   * A form field for `key`, marked invalid when the crate's error names `attrs.path`.
   * @param {keyof import('./controller.js').TuneForm} key
   * @param {string} label
   * @param {{type?: string, min?: number, max?: number, path?: string, echo?: string}} [attrs]
   */
  const field = (key, label, attrs = {}) => html`<label>${label}
    <input id="t-${key}" type=${attrs.type || 'text'} .value=${String(f[key])} min=${attrs.min ?? nothing} max=${attrs.max ?? nothing}
      class=${at && attrs.path === at ? 'invalid' : ''}
      aria-describedby=${attrs.echo !== undefined ? `t-${key}-reading` : nothing}
      @input=${(/** @type {Event} */ e) => h.input(key, e.target)} />${attrs.echo !== undefined ? html`<span id="t-${key}-reading" class="tc-echo" role="status">${attrs.echo}</span>` : nothing}</label>`;
  const p = progressOf(s);
  const canResume = s.run && (s.status === 'stopped' || s.status === 'failed');
  const spsa = s.plan?.spsa;
  return html`
    <section class="card wide" id="tune-setup" ?inert=${running}>
      <h2>SPSA tune</h2>
      <p class="blurb">SPSA in the fishtest/OpenBench formulation: each iteration the manager at θ + c·flip plays a
        colour-reversed pair against itself at θ − c·flip, and θ moves by r·c·(wins − losses)·flip. c and r shrink
        to c_end and r_end at the last iteration (A = 10 % of the iterations, α 0.602, γ 0.101).</p>
      <div class="match-options">
        <label>Searcher <select id="t-engine" @change=${(/** @type {Event} */ e) => h.input('engine', e.target)}>
          <option value="ab" ?selected=${f.engine === 'ab'}>alpha-beta</option><option value="mcts" ?selected=${f.engine === 'mcts'}>MCTS</option></select></label>
        ${field('tm', 'Manager (spec; its values are the start)', { path: 'a' })} ${field('params', 'Parameters (K1,K2,…)', { path: 'params' })}
        ${field('cend', 'c_end per parameter (empty: range ÷ 20)', { path: 'c_end' })} ${field('rend', 'r_end per parameter (empty: follows the run’s length)', { path: 'r_end' })}
        ${field('tc', 'Time control (seconds: 1+0.01, 40/60)', { path: 'tc_a', echo: s.reading?.tc ?? '' })} ${field('games', 'Games (2 per iteration)', { type: 'number', min: 2, path: 'games' })}
        ${field('nps', 'Virtual nodes/s (project default 1 000 000)', { type: 'number', min: 1000 })} ${field('seed', 'Seed', { type: 'number', min: 0 })}
        ${field('maxmoves', 'Max moves (0: none)', { type: 'number', min: 0 })}
        ${field('conc', concurrencyLabel(cap, true), { type: 'number', min: 0, max: cap.max })}
      </div>
      <p class="field-error" id="t-error" role="alert">${err ? errorText(err) : ''}</p>
      ${running ? nothing : costTemplate('t-estimate', cost, '')}
      <p class="note" id="t-plan">${spsa ? `${spsa.iterations} iterations; ${spsa.params.map((/** @type {SpsaParam} */ q, /** @type {number} */ i) => `${q.path} from ${short(q.start)} in ${short(q.min)} … ${short(q.max)}, c_end ${short(q.c_end)}, r_end ${short(q.r_end)} (a one-game edge every iteration moves it ${short(s.plan.reach[i])} over the run)`).join('; ')}` : ''}</p>
      ${s.plan?.warnings?.length ? html`<p class="warn" id="t-warn" role="alert">${s.plan.warnings.map((/** @type {string} */ w) => html`<span>${w}.</span> `)}</p>` : nothing}
    </section>
    <section class="card wide" id="tune-run">
      <div class="match-buttons">
        <button id="t-start" type="button" ?disabled=${running || !s.plan} @click=${h.start}>Start new tune</button>
        <button id="t-stop" type="button" ?disabled=${!running} @click=${h.stop}>Stop</button>
        <button id="t-resume" type="button" ?disabled=${!canResume} @click=${h.resume}>Resume</button>
        <button id="t-json" type="button" ?disabled=${!s.run?.history.length} @click=${h.json}>Download JSON</button>
      </div>
      <progress id="t-progress" style="width: 100%" max="1" .value=${p.share} data-status=${s.status} data-done=${p.done} data-total=${p.total}></progress>
      <p class="note" id="t-notice" role="status">${s.notice}</p>
      ${running ? costTemplate('t-estimate', cost, '') : nothing}
      <p id="t-status" role="status">${s.run ? `${s.status}: iteration ${p.done} / ${p.total}` : 'no tune yet'}${s.message ? ` · ${s.message}` : ''}</p>
      <div class="chart-box">${canvas}</div>
      ${result ? html`<p>Current values: <span id="t-theta">${result.theta.map(short).join(', ')}</span>; spec: <code id="t-tuned">${result.tuned}</code>
        <span class="hint" id="t-clock">(virtual clock: 1 ms = ${(s.run?.form.nps ?? f.nps) / 1000} nodes)</span></p>` : nothing}
    </section>`;
}
