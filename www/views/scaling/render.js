// @ts-check
// The Scaling section's templates (lit-html).

import { html, nothing } from 'lit-html';
import { concurrencyLabel } from '../../engine/concurrency.js';
import { costTemplate } from '../../ui/cost-line.js';
import { gridRunCard } from '../../ui/grid-run-card.js';
import { formField } from '../../ui/experiment.js';
import { errorText } from '../../ui/typed-error.js';

const fmt = (/** @type {number | null | undefined} */ x, d = 1) => (x == null || !Number.isFinite(x) ? '–' : x.toFixed(d));
const pm = (/** @type {number} */ x, /** @type {number} */ e) => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${fmt(x)} ± ${fmt(e)}` : String(x));

/**
 * @param {any} s the state (controller.js)
 * @param {import('../../ui/crate-types.js').ScalingReport | null} report the crate's scaling_report
 * @param {any} h handlers: input(key, el), start, stop, resume, json, csv
 * @param {HTMLCanvasElement} canvas
 * @param {import('../../engine/concurrency.js').Concurrency} cap games at once: default and maximum
 * @param {import('../../ui/cost-line.js').Cost} cost the estimate, and the time left while running
 */
export function scalingTemplate(s, report, h, canvas, cap, cost) {
  const f = s.form;
  const running = s.status === 'running';
  const err = s.error;
  const field = formField('sc', f, err, h.input);
  const reading = s.reading ?? '';
  return html`
    <section class="card wide" id="scaling-setup" ?inert=${running}>
      <h2>Scaling: does A's edge hold across time controls?</h2>
      <p class="blurb">The same two managers play a match at each time control (colour-reversed pairs, the same
        openings at every control, virtual clock). Elo is A's against B; a straight line fitted with weights
        1/variance against log₂ of the time gives the slope in Elo per doubling of the time, and its 95 % interval
        the verdict: <em>scales</em> (above 0), <em>anti-scales</em> (below 0) or <em>flat</em> (contains 0).</p>
      <div class="match-options">
        <label>Searcher <select id="sc-engine" @change=${(/** @type {Event} */ e) => h.input('engine', e.target)}>
          <option value="ab" ?selected=${f.engine === 'ab'}>alpha-beta</option><option value="mcts" ?selected=${f.engine === 'mcts'}>MCTS</option></select></label>
        ${field('a', 'Player A (spec)', { path: 'a' })} ${field('b', 'Player B (spec)', { path: 'b' })}
        ${field('tcs', 'Time controls (comma-separated, seconds: 1+0.01,2+0.02,…)', { path: 'tcs', echo: reading })}
        ${field('games', 'Games per control', { type: 'number', min: 2, path: 'games' })}
        ${field('precision', 'Target precision (± Elo per control; 0: the games above)', { type: 'number', min: 0, path: 'precision' })}
        ${field('nps', 'Virtual nodes/s (project default 1 000 000)', { type: 'number', min: 1000, path: 'clock' })}
        ${field('seed', 'Seed', { type: 'number', min: 0 })}
        ${field('maxmoves', 'Max moves (0: none)', { type: 'number', min: 0 })}
        ${field('conc', concurrencyLabel(cap, true), { type: 'number', min: 0, max: cap.max })}
      </div>
      <p class="field-error" id="sc-error" role="alert">${err ? errorText(err) : ''}</p>
      <p class="note" id="sc-plan">${s.plan ? `${s.plan.tcs.length} controls: ${s.plan.tcs.join(', ')}; ${s.plan.games} games per control, ${s.plan.tcs.length * s.plan.games} in all` : ''}</p>
      ${running ? nothing : costTemplate('sc-estimate', cost, 'per control')}
    </section>
    ${gridRunCard({
      s, id: 'scaling-run', prefix: 'sc', start: 'Start scaling run', none: 'no scaling run yet', per: 'per control', h, hasReport: !!report, cost, canvas,
      table: report ? resultTable(report, (s.run?.form.nps ?? f.nps) / 1000) : nothing,
    })}`;
}

/**
 * @param {import('../../ui/crate-types.js').ScalingReport} r
 * @param {number} nodesPerMs the virtual clock
 */
function resultTable(r, nodesPerMs) {
  return html`
    <p id="sc-verdict" data-verdict=${r.verdict}><strong>${r.sentence}</strong></p>
    <p class="hint">Virtual clock: 1 ms = ${nodesPerMs} nodes. Time per side: the clock a typical game spends per side (70 % of the base plus 65 increments); the fit's x is its log₂.</p>
    <table id="sc-table" class="stats">
      <thead><tr><th>control</th><th title="typical clock time per side and game">s / side</th><th>games</th><th>W-L-D</th>
        <th title="logistic Elo of A against B, ± 95 % interval, from pairs">Elo ± 95 %</th><th title="normalised Elo ± 95 %">nElo ± 95 %</th>
        <th title="games lost on time by A / by B">timeouts A / B</th></tr></thead>
      <tbody>${r.points.map(
        (p) => html`<tr data-tc=${p.tc}><td>${p.tc}</td><td>${fmt(p.seconds, 2)}</td><td>${p.finished}</td><td>${p.wdl.wins}-${p.wdl.losses}-${p.wdl.draws}</td>
          <td>${p.estimate ? pm(p.estimate.elo, p.estimate.elo_error) : '–'}</td><td>${p.estimate ? pm(p.estimate.nelo, p.estimate.nelo_error) : '–'}</td>
          <td>${p.a.timeouts} / ${p.timeouts_b}</td></tr>`,
      )}</tbody>
    </table>`;
}
