// @ts-check
// The Replay view's templates (lit-html): the PGN input (paste, upload, samples), the managers,
// the summary per side and manager, the chart (a DOM part kept across renders) and the moves.

import { html, nothing } from 'lit-html';
import { repeat } from 'lit-html/directives/repeat.js';
import { SAMPLES, summaryOf, moveRowsOf, headlineOf, chartChoicesOf, tracedOf, showsOwnLimits } from './controller.js';

/**
 * What the Replay view's template calls: each field's element on change, a sample's key.
 * @typedef {object} ReplayHandlers
 * @property {(el: EventTarget | null) => void} tm
 * @property {(el: EventTarget | null) => void} pgn
 * @property {(el: EventTarget | null) => void} file
 * @property {(key: string) => void} sample
 * @property {(el: EventTarget | null) => void} game
 * @property {(el: EventTarget | null) => void} manager
 */

/** The longest PGN shown in the textarea, in characters. */
const MAX_SHOWN = 200_000;

/**
 * @param {import('./controller.js').ReplayState} s
 * @param {ReplayHandlers} h
 * @param {HTMLElement} chart the chart section
 */
export function replayTemplate(s, h, chart) {
  const r = s.result;
  // A long PGN is not put into the textarea: laying out megabytes of text froze the page for
  // seconds (the replay itself runs in the worker).
  const shown = s.pgn.length <= MAX_SHOWN;
  const summary = summaryOf(s);
  const managers = chartChoicesOf(s);
  const traced = tracedOf(s);
  return html`
    <section class="card wide replay-input">
      <h2>PGN clock replay</h2>
      <p class="blurb">Paste or upload a PGN whose moves carry <code>[%clk]</code> (lichess, chess.com, tmlab),
        <code>[%emt]</code> or a tester's <code>{+0.68/12 0.232s}</code> (cutechess, fastchess, OpenBench) and a <code>TimeControl</code> tag. For each side the crate replays
        the game's clocks and asks each manager what it would have budgeted (soft and hard) at that clock and move,
        having heard about every earlier move of that side.</p>
      <div class="replay-controls">
        <label><span>Managers (spec strings, separated by <code>;</code>)</span>
          <input id="rp-tm" class=${s.error?.path.startsWith('tm') ? 'invalid' : ''} .value=${s.tm} @change=${(/** @type {Event} */ e) => h.tm(e.target)} spellcheck="false" /></label>
        <label><span>Upload</span> <input id="rp-file" type="file" accept=".pgn,text/plain,application/x-chess-pgn" @change=${(/** @type {Event} */ e) => h.file(e.target)} /></label>
        <span class="replay-samples">Samples:
          ${Object.entries(SAMPLES).map(([k, v]) => html`<button type="button" data-sample=${k} @click=${() => h.sample(k)}>${v.label}</button>`)}</span>
      </div>
      <label class="replay-pgn">PGN <span class="replay-source">${s.source}</span>
        <textarea id="rp-pgn" rows="8" spellcheck="false" .value=${shown ? s.pgn : ''} @change=${(/** @type {Event} */ e) => h.pgn(e.target)}
          placeholder=${shown ? '[Event "…"] [TimeControl "180+2"] … 1. e4 { [%clk 0:03:00] } e5 { [%clk 0:03:00] } …' : `${s.source} ${(s.pgn.length / 1e6).toFixed(1)} MB: replayed, not shown here (a text this long would freeze the page). Paste or upload to replace it.`}></textarea></label>
      ${s.progress ? html`<p id="rp-progress" role="status">Replaying in the background: ${s.progress.total ? `${s.progress.replayed} of ${s.progress.total} games` : 'reading the PGN…'}
        <progress max="1" .value=${s.progress.total ? s.progress.replayed / s.progress.total : 0}></progress></p>` : nothing}
      <p id="rp-error" class="field-error" role="alert">${s.error ? s.error.message : ''}${s.error?.allowed ? html` <span class="allowed">(allowed: ${s.error.allowed})</span>` : ''}</p>
    </section>
    ${r ? html`
      <section class="card wide replay-summary">
        <h2>Summary</h2>
        <div class="replay-pick">
          ${r.replay.games.length > 1 ? html`<label>Game <select id="rp-game" @change=${(/** @type {Event} */ e) => h.game(e.target)}>
            ${r.replay.games.map((g, i) => html`<option value=${i} ?selected=${i === s.game}>${g.game.number}. ${g.game.white} vs ${g.game.black}</option>`)}</select></label>` : nothing}
          <label>Chart and moves with <select id="rp-manager" @change=${(/** @type {Event} */ e) => h.manager(e.target)}>
            ${managers.map((m, i) => html`<option value=${i} ?selected=${i === s.manager}>${m}</option>`)}</select></label>
        </div>
        <p id="rp-headline">${headlineOf(s)}</p>
        <table class="replay-table" id="rp-summary">
          <thead><tr><th>side</th><th>who</th><th>used by move 20</th><th>by move 40</th><th>moves over the hard limit</th><th>over soft</th></tr></thead>
          <tbody>
            ${summary.map((side) => html`
              <tr class="replay-player" data-side=${side.color}><th scope="row">${side.color}</th><td>${side.player} (played, ${side.tc}, ${side.moves} timed moves, ${side.left} left)</td>
                <td>${side.by20}</td><td>${side.by40}</td><td></td><td></td></tr>
              ${side.own ? html`<tr class="replay-own" data-side=${side.color}>
                <td></td><td>its own limits <span class="hint">(from its comments, ${side.own.moves} moves)</span></td><td></td><td></td>
                <td class="over-hard" title=${side.own.overHardMoves}>${side.own.overHard}${side.own.overHard ? html` <span class="hint">(${side.own.overHardMoves})</span>` : nothing}</td><td>${side.own.overSoft}</td></tr>` : nothing}
              ${side.managers.map((m) => html`<tr class="replay-manager" data-side=${side.color} data-spec=${m.spec}>
                <td></td><td>${m.spec} <span class="hint">(its own profile on this control)</span></td><td>${m.by20}</td><td>${m.by40}</td>
                <td class="over-hard" title=${m.overHardMoves}>${m.overHard}${m.overHard ? html` <span class="hint">(${m.overHardMoves})</span>` : nothing}</td><td>${m.overSoft}</td></tr>`)}`)}
          </tbody>
        </table>
        <p class="hint">A manager's share by move 20/40 is that of <code>tmlab simulate</code>: the manager alone on this
          control, spending its soft budget every move. "Over the hard limit" counts the player's moves that took longer than
          the manager's hard limit at that clock (plus the PGN's time resolution). "Its own limits" are the soft/hard an
          engine reported in its comments (tmlab writes <code>soft=</code>/<code>hard=</code>, in ms); the moves table also shows
          what cutechess and fastchess record (eval/depth, <code>n=</code> nodes, <code>latency=</code>).</p>
      </section>` : nothing}
    ${chart}
    ${r ? html`
      <details class="card wide replay-moves">
        <summary>Moves, with ${showsOwnLimits(s) ? managers[s.manager] : `the limits of ${managers[s.manager]}`}</summary>
        <div class=${traced ? 'replay-sides traced' : 'replay-sides'}>
          ${[0, 1].map((i) => html`<table class="replay-table" data-side=${i === 0 ? 'white' : 'black'}>
            <thead><tr><th>move</th><th>used</th><th>clock</th><th>opponent</th><th>soft</th><th>hard</th>
              ${traced ? html`<th title="the engine's score from its side, pawns / depth, as its comment wrote it">eval/depth</th><th>nodes</th><th title="time charged beyond what the engine reported">latency</th>` : nothing}</tr></thead>
            <tbody>${repeat(moveRowsOf(s, i), (m) => m.key, (m) => html`<tr class=${m.overHard ? 'over' : ''}>
              <td>${m.label}</td><td>${m.used}</td><td>${m.clock}</td><td>${m.opponent}</td><td>${m.soft}</td><td>${m.hard}</td>
              ${traced ? html`<td class="rp-eval">${m.eval}</td><td>${m.nodes}</td><td>${m.latency}</td>` : nothing}</tr>`)}</tbody>
          </table>`)}
        </div>
      </details>` : nothing}
  `;
}
