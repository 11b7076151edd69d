// @ts-check
// The Match view's templates (lit-html): escaping by construction, keyed table rows (`repeat`),
// so a row keeps its element, and keyboard focus, across updates. Listeners are bound in the
// templates and go away with them when the view unmounts (render(nothing)).

import { html, nothing } from 'lit-html';
import { repeat } from 'lit-html/directives/repeat.js';
import { styleMap } from 'lit-html/directives/style-map.js';
import { statsOf, timeRowsOf, gameRowsOf, progressOf, tableNavOf, TABLE_WINDOW } from './controller.js';
import { TC_PRESETS, SPRT_PRESETS } from './spec.js';
import { concurrencyLabel, gamesAtOnce } from '../../engine/concurrency.js';
import { costTemplate } from '../../ui/cost-line.js';

/**
 * What the Match view's template calls: a field's new value (its element), a preset chosen from a
 * menu (its element), the buttons, a page of the games table, a game chosen in it.
 * @typedef {object} MatchHandlers
 * @property {(key: keyof import('./spec.js').MatchForm, el: EventTarget | null) => void} input
 * @property {(kind: 'tc' | 'sprt', el: EventTarget | null) => void} preset
 * @property {() => void} start
 * @property {() => void} stop
 * @property {() => void} resume
 * @property {() => void} pgn
 * @property {() => void} json
 * @property {(page: number | null) => void} page
 * @property {(index: number) => void} select
 */

/** A help mark that renders with any font: a "?" in a styled span, the text in its title. */
const tip = (/** @type {string | undefined} */ text) => (text ? html`<span class="tip" title=${text} aria-hidden="true">?</span>` : nothing);

/**
 * @param {import('./controller.js').MatchState} s
 * @param {MatchHandlers} h
 * @param {{a: HTMLElement, b: HTMLElement, chart: HTMLElement}} parts DOM parts kept across renders
 * @param {import('../../engine/concurrency.js').Concurrency} cap games at once: default and maximum
 * @param {import('../../ui/cost-line.js').Cost} cost the estimate, and the time left while running
 */
export function matchTemplate(s, h, parts, cap, cost) {
  const f = s.form;
  const err = s.formError;
  // The crate's message never holds the allowed list; it is shown after it.
  const errorFor = (/** @type {string} */ field) => (err && (err.path.split('.')[0] === field || (field === '*' && !FIELDS.includes(err.path.split('.')[0]))) ? `${err.message}${err.allowed ? `; allowed: ${err.allowed}` : ''}` : '');
  const bad = (/** @type {string} */ field) => (err && err.path.split('.')[0] === field ? 'invalid' : '');
  /**
   * A number field for `key`; `attrs.field`: the crate's path whose error marks it.
   * @param {keyof import('./spec.js').MatchForm} key
   * @param {{min?: number, max?: number, step?: number, field?: string, disabled?: boolean}} [attrs]
   */
  const num = (key, attrs = {}) => html`<input id="m-${key}" type="number" class=${bad(attrs.field || key)} min=${attrs.min ?? nothing} max=${attrs.max ?? nothing}
    step=${attrs.step ?? 1} .value=${String(key === 'conc' ? gamesAtOnce(f.conc, cap) : f[key])} ?disabled=${attrs.disabled || false}
    @input=${(/** @type {Event} */ e) => h.input(key, e.target)} />`;
  const running = s.active;
  const p = progressOf(s, { hidden: typeof document !== 'undefined' && document.hidden });
  const rows = gameRowsOf(s);
  const fieldError = (/** @type {string} */ k) => html`<p class="field-error" data-for=${k}>${errorFor(k)}</p>`;
  return html`
    <section class="card wide match-setup ${running ? 'locked' : ''}" id="match-setup" ?inert=${running}>
      <h2>Match setup</h2>
      <p class="blurb">Two time managers (or one manager with different parameters) play colour-reversed
        pairs from an opening set, each side on its own time control. Every result is A’s: Elo is A’s against B
        (positive: A is stronger), W-L-D are A’s wins, losses and draws.</p>
      <div class="match-players">
        <fieldset class="match-player" data-field="a"><legend>Player A</legend>${parts.a}${fieldError('a')}</fieldset>
        <fieldset class="match-player" data-field="b"><legend>Player B</legend>${parts.b}${fieldError('b')}</fieldset>
      </div>
      <div class="match-options">
        <label>Searcher <select id="m-engine" @change=${(/** @type {Event} */ e) => h.input('engine', e.target)}>
          <option value="ab" ?selected=${f.engine === 'ab'}>alpha-beta</option><option value="mcts" ?selected=${f.engine === 'mcts'}>MCTS</option></select></label>
        <label>A’s time control <input id="m-tca" class="tc-field ${bad('tc_a')}" .value=${f.tca} @input=${(/** @type {Event} */ e) => h.input('tca', e.target)} aria-describedby="m-tc-echo" /></label>
        <label><input type="checkbox" id="m-same" .checked=${f.same} @change=${(/** @type {Event} */ e) => h.input('same', e.target)} /> same for both</label>
        <label>B’s time control <input id="m-tcb" class="tc-field ${bad('tc_b')}" .value=${f.tcb} ?disabled=${f.same} @input=${(/** @type {Event} */ e) => h.input('tcb', e.target)} aria-describedby="m-tc-echo" /></label>
        <label>Presets <select id="m-tc-preset" @change=${(/** @type {Event} */ e) => h.preset('tc', e.target)}><option value="">choose…</option>
          ${TC_PRESETS.map((x, i) => html`<option value=${i}>${x[0]}</option>`)}</select></label>
        <p class="tc-echo" id="m-tc-echo" role="status">${s.reading ? html`<span class="tc-reading">${s.reading.reading}</span> <span class="tc-canonical">(${s.reading.tc_a} vs ${s.reading.tc_b}; seconds, cutechess syntax: 10+0.1, 40/60, st=0.1)</span>` : ''}</p>
        ${fieldError('tc_a')}${fieldError('tc_b')}
        <label>Games ${num('games', { min: 1, max: 100000 })}</label>
        <label title="Sets the games whose expected 95 % interval on A’s Elo is this narrow (0: the games above)">Target precision (± Elo) ${num('precision', { min: 0, field: 'precision' })}</label>
        <label>Seed ${num('seed', { min: 0 })}</label>
        <label title="Adjudicate a draw after this many full moves (0: no limit)">Max moves ${num('maxmoves', { min: 0, field: 'adjudication' })}</label>
        <label>${concurrencyLabel(cap)} ${num('conc', { min: 1, max: cap.max })}</label>
        <p class="note">The default leaves one of the ${cap.cores} cores free so the page stays responsive; you may use every core.
          More parallel games heat the CPU; laptops then throttle, which slows every game and, on a real clock, skews results.</p>
        ${fieldError('games')}${fieldError('precision')}${fieldError('seed')}${fieldError('adjudication')}
        <fieldset class="match-clock"><legend>Clock</legend>
          ${['virtual', 'real'].map((v) => html`<label><input type="radio" name="m-clock" value=${v} .checked=${f.clock === v} @change=${(/** @type {Event} */ e) => h.input('clock', e.target)} /> ${v === 'real' ? 'real (wall)' : v}</label>`)}
          <label class="virtual-only">nodes per second (project default 1 000 000, the leaderboard’s) ${num('nps', { min: 1, step: 1000, field: 'clock' })}</label>
          <label class="virtual-only">latency per move (ms) ${num('lat', { min: 0, field: 'clock' })}</label>
          <p class="clock-label" id="m-clock-label">${s.reading?.clock ?? ''}</p>
          <p class="warn real-only">The real clock measures wall time: background tabs are throttled and other load on this
            machine skews results. The match pauses between games while the tab is hidden.</p>
          ${fieldError('clock')}
        </fieldset>
        <fieldset class="match-openings"><legend>Openings</legend>
          ${['builtin', 'epd'].map((v) => html`<label><input type="radio" name="m-open" value=${v} .checked=${f.open === v} @change=${(/** @type {Event} */ e) => h.input('open', e.target)} /> ${v === 'epd' ? 'pasted EPD' : 'builtin set'}</label>`)}
          <textarea id="m-epd" rows="4" placeholder="one EPD/FEN position per line" class=${bad('openings')} .value=${f.epd} ?disabled=${f.open !== 'epd'} @input=${(/** @type {Event} */ e) => h.input('epd', e.target)}></textarea>
          <span class="openings-count" id="m-open-count">${s.reading ? `${s.reading.openings} openings` : ''}</span>
          ${fieldError('openings')}
        </fieldset>
        <fieldset class="match-sprt"><legend>SPRT</legend>
          <label><input type="checkbox" id="m-sprt" .checked=${f.sprt} @change=${(/** @type {Event} */ e) => h.input('sprt', e.target)} /> stop when the SPRT decides</label>
          <label>elo0 ${num('elo0', { step: 0.5, field: 'sprt', disabled: !f.sprt })}</label>
          <label>elo1 ${num('elo1', { step: 0.5, field: 'sprt', disabled: !f.sprt })}</label>
          <label>α ${num('alpha', { step: 0.01, min: 0.001, max: 0.5, field: 'sprt', disabled: !f.sprt })}</label>
          <label>β ${num('beta', { step: 0.01, min: 0.001, max: 0.5, field: 'sprt', disabled: !f.sprt })}</label>
          <label>Presets <select id="m-sprt-preset" @change=${(/** @type {Event} */ e) => h.preset('sprt', e.target)}><option value="">choose…</option>
            ${SPRT_PRESETS.map((x, i) => html`<option value=${i}>${x[0]}</option>`)}</select></label>
          ${fieldError('sprt')}
        </fieldset>
      </div>
      <p class="field-error" data-for="*" id="m-form-error" role="alert">${errorFor('*')}</p>
    </section>
    <section class="card wide match-run" id="match-run">
      <h2>Match</h2>
      <div class="match-buttons">
        <button type="button" id="m-start" class="primary" ?disabled=${running || !s.reading} @click=${h.start}>Start match</button>
        <button type="button" id="m-stop" ?disabled=${!running} @click=${h.stop}>Stop</button>
        <button type="button" id="m-resume" ?hidden=${running || s.meta?.status !== 'stopped'} @click=${h.resume}>Resume</button>
        <button type="button" id="m-pgn" ?disabled=${!p.finished} @click=${h.pgn}>Download PGN</button>
        <button type="button" id="m-json" ?disabled=${!p.finished} @click=${h.json}>Download JSON</button>
      </div>
      ${costTemplate('m-estimate', cost, 'on A')}
      <div class="progress"><div class="progress-bar" id="m-bar" style=${styleMap({ width: `${p.games ? (100 * p.finished) / p.games : 0}%` })}></div></div>
      <p id="m-progress" class="match-progress" role="status" aria-live="polite" data-finished=${p.finished} data-status=${p.status}>${p.text}</p>
      <p id="m-note" class="note">${p.note}</p>
      <p id="m-error" class="error" role="alert">${s.error}</p>
      <div class="match-stats" id="m-stats">${statsOf(s).map((x) => html`<div class="stat" data-stat=${x.key} title=${x.tip || nothing}><span class="stat-label">${x.label} ${tip(x.tip)}</span><span class="stat-value">${x.value}</span></div>`)}</div>
      ${s.standing ? html`<p class="hint" id="m-result-note">${`Elo, W-L-D and LOS are player A’s against player B (${s.standing.name_a} vs ${s.standing.name_b}); ${s.meta?.state.clock === 'real' ? 'wall clock' : `virtual clock: 1 ms = ${(s.meta?.state.nps ?? 0) / 1000} nodes`}.`}</p>` : nothing}
      <pre class="match-block" id="m-block" aria-label="fastchess-style result block">${s.standing?.text ?? ''}</pre>
      <table class="time-stats" id="m-time">${s.standing ? html`<caption>Time usage per player</caption><thead><tr><th></th><th>timeouts</th><th>clock used by move 20</th><th>by move 40</th><th>left at end</th><th>games in time trouble</th><th>used / base soft</th><th>used / effective soft</th><th>latency</th><th>max overshoot</th></tr></thead>
        <tbody>${timeRowsOf(s).map((r) => html`<tr><th scope="row">${r.name}</th>${r.cells.map((c) => html`<td>${c}</td>`)}</tr>`)}</tbody>` : nothing}</table>
    </section>
    <section class="card wide match-games">
      <h2>Games</h2>
      <div class="games-scroll"><table class="games" id="m-games-table"><thead><tr><th>#</th><th>White</th><th>Black</th><th>Opening</th><th>Result</th><th>Termination</th><th>Moves</th><th>A’s clock left</th></tr></thead>
        <tbody>${repeat(rows, (r) => r.index, (r) => (r.done ? doneRow(r, h) : html`<tr data-index=${r.index} class="running"><td>${r.index + 1}</td><td colspan="3">playing… ${r.moves} moves</td><td>*</td><td></td><td>${r.last}</td><td>${r.clock}</td></tr>`))}</tbody></table></div>
      ${tableNav(s, h)}
    </section>
    ${parts.chart}`;
}

/**
 * Earlier / later pages of a long match's games table (it holds TABLE_WINDOW games at once).
 * @param {import('./controller.js').MatchState} s
 * @param {MatchHandlers} h
 */
function tableNav(s, h) {
  const n = tableNavOf(s);
  if (n.pages <= 1) return nothing;
  const where = n.page === null
    ? `the latest ${TABLE_WINDOW} games`
    : `games ${n.page * TABLE_WINDOW + 1}–${Math.min((n.page + 1) * TABLE_WINDOW, s.meta?.games ?? 0)}`;
  return html`<p class="games-nav" id="m-games-nav">Showing ${where} (the downloads hold every game).
    <button type="button" id="m-games-earlier" ?disabled=${n.earlier === null} @click=${() => h.page(n.earlier)}>earlier</button>
    <button type="button" id="m-games-later" ?disabled=${n.later === null} @click=${() => h.page(n.later === 'latest' ? null : n.later)}>later</button>
    <button type="button" id="m-games-latest" ?disabled=${n.following} @click=${() => h.page(null)}>latest</button></p>`;
}

/** Fields with their own error slot; other errors go to the form's. */
const FIELDS = ['a', 'b', 'tc_a', 'tc_b', 'games', 'precision', 'seed', 'adjudication', 'clock', 'openings', 'sprt'];

/**
 * A finished game's row: click or Enter/Space chooses it.
 * @param {import('./controller.js').GameRow & {selected: boolean}} r
 * @param {MatchHandlers} h
 */
function doneRow(r, h) {
  const choose = (/** @type {Event} */ e) => {
    if (e instanceof KeyboardEvent && e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    h.select(r.index);
  };
  return html`<tr data-index=${r.index} class="done ${r.selected ? 'selected' : ''}" tabindex="0" aria-selected=${String(r.selected)} @click=${choose} @keydown=${choose}>
    <td>${r.index + 1}</td><td>${r.white}</td><td>${r.black}</td><td>${r.opening}</td><td>${r.result}</td><td title=${r.reason}>${r.termination}</td><td>${r.moves}</td><td>${r.clock}</td></tr>`;
}
