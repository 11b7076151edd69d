// @ts-check
// The Sweep view's templates (lit-html).

import { html, nothing } from 'lit-html';
import { concurrencyLabel } from '../../engine/concurrency.js';
import { costTemplate } from '../../ui/cost-line.js';
import { gridRunCard } from '../../ui/grid-run-card.js';
import { formField } from '../../ui/experiment.js';
import { errorText } from '../../ui/typed-error.js';

const fmt = (/** @type {number | null | undefined} */ x, d = 1) => (x == null || !Number.isFinite(x) ? '–' : x.toFixed(d));
const pm = (/** @type {number} */ x, /** @type {number} */ e) => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${fmt(x)} ± ${fmt(e)}` : String(x));
const pct = (/** @type {number | null | undefined} */ x) => (x == null ? '–' : `${(100 * x).toFixed(1)} %`);

/**
 * @param {import('./controller.js').SweepState} s
 * @param {import('../../ui/crate-types.js').SweepReport | null} report the crate's sweep_report
 * @param {any} h handlers: input(key, el), start, stop, resume, json, csv
 * @param {HTMLCanvasElement} canvas
 * @param {import('../../engine/concurrency.js').Concurrency} cap games at once: default and maximum
 * @param {import('../../ui/cost-line.js').Cost} cost the estimate, and the time left while running
 */
export function sweepTemplate(s, report, h, canvas, cap, cost) {
  const f = s.form;
  const running = s.status === 'running';
  const err = s.error;
  const field = formField('s', f, err, h.input);
  const reading = s.reading ?? { tc: '', tcb: '' };
  return html`
    <section class="card wide" id="sweep-setup" ?inert=${running}>
      <h2>Parameter sweep</h2>
      <p class="blurb">One manager parameter at several values; each value plays a match against a baseline
        (colour-reversed pairs, the same openings for every value, virtual clock). Elo is the swept manager's
        against the baseline; a parabola fitted with weights 1/variance locates the optimum.</p>
      <div class="match-options">
        <label>Searcher <select id="s-engine" @change=${(/** @type {Event} */ e) => h.input('engine', e.target)}>
          <option value="ab" ?selected=${f.engine === 'ab'}>alpha-beta</option><option value="mcts" ?selected=${f.engine === 'mcts'}>MCTS</option></select></label>
        ${field('tm', 'Manager (spec)', { path: 'a' })} ${field('param', 'Parameter', { path: 'param' })}
        ${field('values', 'Values (V1,V2,… or LO:HI:N)', { path: 'values' })}
        ${field('vs', 'Baseline (spec)', { path: 'b' })} ${field('tc', 'Time control (seconds: 1+0.01, 40/60)', { path: 'tc_a', echo: reading.tc })}
        ${field('tcb', 'Baseline’s time control (empty: same)', { path: 'tc_b', echo: f.tcb.trim() ? reading.tcb : 'the same' })}
        ${field('games', 'Games per value', { type: 'number', min: 2, path: 'games' })}
        ${field('precision', 'Target precision (± Elo per value; 0: the games above)', { type: 'number', min: 0, path: 'precision' })}
        ${field('nps', 'Virtual nodes/s (project default 1 000 000)', { type: 'number', min: 1000, path: 'clock' })}
        ${field('seed', 'Seed', { type: 'number', min: 0, path: 'seed' })}
        ${field('maxmoves', 'Max moves (0: none)', { type: 'number', min: 0, path: 'adjudication' })}
        ${field('conc', concurrencyLabel(cap, true), { type: 'number', min: 0, max: cap.max })}
      </div>
      <p class="field-error" id="s-error" role="alert">${err ? errorText(err) : ''}</p>
      <p class="note" id="s-plan">${s.plan ? `${s.plan.values.length} values of ${s.plan.param} (${s.plan.allowed}): ${s.plan.values.join(', ')}; ${s.plan.games} games per value, ${s.plan.values.length * s.plan.games} in all` : ''}</p>
      ${running ? nothing : costTemplate('s-estimate', cost, 'per value')}
    </section>
    ${gridRunCard({
      s, id: 'sweep-run', prefix: 's', start: 'Start new sweep', none: 'no sweep yet', per: 'per value', h, hasReport: !!report, cost, canvas,
      table: report ? resultTable(report, (s.run?.form.nps ?? f.nps) / 1000) : nothing,
    })}`;
}

/**
 * @param {import('../../ui/crate-types.js').SweepReport} r
 * @param {number} nodesPerMs the virtual clock
 */
function resultTable(r, nodesPerMs) {
  return html`
    <p id="s-verdict"><strong>${r.verdict}</strong></p>
    <p class="hint" id="s-clock">Virtual clock: 1 ms = ${nodesPerMs} nodes.</p>
    <table id="s-table" class="stats">
      <thead><tr><th>${r.param}</th><th>games</th><th>W-L-D</th><th title="logistic Elo of the swept manager against the baseline, ± 95 % interval, from pairs">Elo ± 95 %</th>
        <th title="normalised Elo ± 95 %">nElo ± 95 %</th><th title="share of the clock used by move 40">used by move 40</th>
        <th title="mean time used ÷ soft budget">used / soft</th><th title="games lost on time by the swept manager / by the baseline">timeouts A / B</th></tr></thead>
      <tbody>${r.points.map(
        (p) => html`<tr data-value=${p.value}><td>${p.value}</td><td>${p.finished}</td><td>${p.wdl.wins}-${p.wdl.losses}-${p.wdl.draws}</td>
          <td>${p.estimate ? pm(p.estimate.elo, p.estimate.elo_error) : '–'}</td><td>${p.estimate ? pm(p.estimate.nelo, p.estimate.nelo_error) : '–'}</td>
          <td>${pct(p.a.share_by_40)}</td><td>${fmt(p.a.used_over_allocated, 2)}</td><td>${p.a.timeouts} / ${p.timeouts_b}</td></tr>`,
      )}</tbody>
    </table>`;
}
