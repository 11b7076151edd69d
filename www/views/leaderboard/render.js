// @ts-check
// The Leaderboard view's templates (lit-html): the group picker, the table and the chart part.

import { html, nothing } from 'lit-html';
import { repeat } from 'lit-html/directives/repeat.js';
import { groupsOf, rowsOf, provenanceOf } from './controller.js';
import { costTemplate } from '../../ui/cost-line.js';

/**
 * What the Leaderboard view's template calls: the group menu's element, a plan field's key and
 * element, a row hovered (null: none).
 * @typedef {object} LeaderboardHandlers
 * @property {(el: EventTarget | null) => void} group
 * @property {(key: 'games' | 'precision', el: EventTarget | null) => void} planInput
 * @property {(index: number | null) => void} highlight
 */

/**
 * @param {import('./controller.js').LeaderboardState} s
 * @param {LeaderboardHandlers} h
 * @param {HTMLElement} chart the chart section
 * @param {{games: number, precision: number, error: string, cost: import('../../ui/cost-line.js').Cost}} plan a run of this gauntlet with more games
 */
export function leaderboardTemplate(s, h, chart, plan) {
  const groups = groupsOf(s.doc);
  const rows = rowsOf(s);
  const current = groups.find((g) => g.engine === s.engine && g.tc === s.tc);
  return html`
    <section class="card wide leaderboard">
      <h2>Leaderboard</h2>
      <p class="blurb">Every manager with its default settings against a fixed reference (Stockfish's manager for
        alpha-beta, lc0-legacy for MCTS), in colour-reversed pairs on a virtual clock (each run's speed is given with its command), seeded and
        reproducible. Elo ± its 95 % interval from the pentanomial; managers whose intervals overlap are tied, so a rank is a range (2–6: anywhere from 2nd to 6th). The time-usage profile is the manager's own.</p>
      <p id="lb-error" class="field-error" role="alert">${s.error}</p>
      ${groups.length ? html`<label>Searcher and time control <select id="lb-group" @change=${(/** @type {Event} */ e) => h.group(e.target)}>
        ${groups.map((g) => html`<option value=${`${g.engine} ${g.tc}`} ?selected=${g === current}>${g.engine === 'ab' ? 'alpha-beta' : 'MCTS'}, ${g.tc} (${g.games} games each vs ${g.reference})</option>`)}
      </select></label>` : nothing}
      <table class="replay-table" id="lb-table">
        <thead><tr><th>rank</th><th>manager</th><th>Elo</th><th>W-L-D</th><th>used by move 20</th><th>by move 40</th><th>used / soft</th><th>time left</th><th>timeouts</th></tr></thead>
        <tbody>${repeat(rows, (r) => r.key, (r, i) => html`<tr data-manager=${r.manager} @mouseenter=${() => h.highlight(i)} @mouseleave=${() => h.highlight(null)}>
          <td class="rank">${r.rank}</td><th scope="row">${r.manager}${r.reference ? html` <span class="hint">(reference, self-play)</span>` : nothing}</th>
          <td class="elo">${r.elo}</td><td>${r.wdl}</td><td>${r.by20}</td><td>${r.by40}</td><td>${r.usedSoft}</td><td>${r.left}</td><td>${r.timeouts}</td></tr>`)}</tbody>
      </table>
      <p class="hint" id="lb-provenance">${provenanceOf(s)}</p>
      ${current ? html`<h3>Narrower intervals: run it yourself</h3>
        <p class="blurb">The table above has ${current.games} games per manager. The command below plays this gauntlet again natively with more;
          the estimate comes from a calibration in this browser (wasm; the native CLI is somewhat faster).</p>
        <div class="match-options">
          <label>Games per manager <input id="lb-games" type="number" min="2" step="2" .value=${String(plan.games)} @input=${(/** @type {Event} */ e) => h.planInput('games', e.target)} /></label>
          <label>Target precision (± Elo per manager; 0: the games) <input id="lb-precision" type="number" min="0" .value=${String(plan.precision)} @input=${(/** @type {Event} */ e) => h.planInput('precision', e.target)} /></label>
        </div>
        <p class="field-error" id="lb-plan-error" role="alert">${plan.error}</p>
        <pre id="lb-command">tmlab leaderboard --tc ${current.tc} --games ${plan.games} --engine ${current.engine} --seed 1 --concurrency 2 --json</pre>
        ${costTemplate('lb-estimate', plan.cost, 'per manager')}` : nothing}
    </section>
    ${chart}
  `;
}
