// @ts-check
// The Play view's templates (lit-html). The board, the clocks, the engine panel, the move list
// and the setup form are long-lived parts (chessground owns its element; the clocks redraw every
// tick) placed into the template; everything else is drawn from the controller's state.
// Listeners are bound in the templates and go away with them when the view unmounts.

import { html, nothing } from 'lit-html';
import { statusText } from './controller.js';

/**
 * @typedef {{top: HTMLElement, bottom: HTMLElement, board: HTMLElement, promo: HTMLElement,
 *   panel: HTMLElement, list: HTMLElement, chart: HTMLElement, setup: HTMLElement}} Parts
 * @typedef {{newGame: () => void, start: () => void, resign: () => void, offerDraw: () => void,
 *   flip: () => void, readClocks: () => void, live: () => void, typed: (text: string) => boolean,
 *   sound: (on: boolean) => void, pgnDownload: () => void, pgnCopy: () => void}} Handlers
 * @typedef {{announce: string, moveError: string, pgnNote: string, pgnText: string|null,
 *   sound: boolean, replay: string}} Extras what the page shows besides the controller's state
 */

const DRAW_TIP = 'The engine accepts after move 30 if its last score is within ±0.25 pawns.';
const MOVE_TIP = 'Type a move as SAN (e4, Nf3, exd5, O-O, e8=Q) or UCI (e2e4) and press Enter.';

/**
 * @param {import('./controller.js').PlayState} s
 * @param {Handlers} h
 * @param {Parts} parts
 * @param {Extras} x
 */
export function playTemplate(s, h, parts, x) {
  const gs = s.gs;
  const over = Boolean(gs?.outcome);
  const live = s.selected == null;
  const onSubmit = (/** @type {SubmitEvent} */ e) => {
    e.preventDefault();
    const input = /** @type {HTMLInputElement} */ (/** @type {HTMLFormElement} */ (e.target).elements.namedItem('move'));
    if (h.typed(input.value)) input.value = '';
  };
  return html`
    <section class="card play-main">
      <div class="board-col">
        <div class="clock-slot slot-top">${parts.top}</div>
        <div class="board-box ${live ? '' : 'replay'}">${parts.board}${parts.promo}</div>
        <div class="clock-slot slot-bottom">${parts.bottom}</div>
      </div>
      <div class="play-side">
        <p class="play-status" role="status" aria-live="polite" data-result=${gs?.outcome?.result ?? nothing}
          data-termination=${gs?.outcome?.termination ?? nothing}>${gs ? statusText(s) : s.notice}</p>
        <p class="play-notice">${gs ? s.notice : ''}</p>
        <div class="play-controls">
          ${s.waiting ? html`<button type="button" class="start-game primary" @click=${h.start}>Start</button>` : nothing}
          <button type="button" class="new-game" @click=${h.newGame}>New game</button>
          <button type="button" class="resign" ?disabled=${over} @click=${h.resign}>Resign</button>
          <button type="button" class="offer-draw" ?disabled=${over} title=${DRAW_TIP} @click=${h.offerDraw}>Offer draw</button>
          <button type="button" class="flip" @click=${h.flip}>Flip board</button>
          <button type="button" class="read-clocks" title="Keyboard: C" @click=${h.readClocks}>Read clocks</button>
          <label class="check sound-toggle" title="One short tone when your clock enters the emergency zone (at most every 20 s).">
            <input type="checkbox" id="play-sound" .checked=${x.sound} @change=${(/** @type {any} */ e) => h.sound(e.target.checked)} /> sound</label>
        </div>
        <form class="move-entry" @submit=${onSubmit}>
          <label for="play-move-input">Your move</label>
          <input id="play-move-input" name="move" autocomplete="off" spellcheck="false" placeholder="e4, Nf3, e2e4"
            title=${MOVE_TIP} aria-describedby="play-move-error" ?disabled=${over} />
          <button type="submit" ?disabled=${over}>Play</button>
          <p id="play-move-error" class="move-error" role="alert">${x.moveError}</p>
        </form>
        <div class="replay-bar" ?hidden=${live}>
          <span class="replay-text">${x.replay}</span>
          <button type="button" class="back-live" @click=${h.live}>Back to live</button>
        </div>
        ${parts.panel} ${parts.list}
        <div class="pgn-box">
          <button type="button" class="pgn-download" @click=${h.pgnDownload}>Download PGN</button>
          <button type="button" class="pgn-copy" @click=${h.pgnCopy}>Copy PGN</button>
          <span class="pgn-note" role="status">${x.pgnNote}</span>
          ${x.pgnText != null ? html`<textarea class="pgn-text" readonly .value=${x.pgnText}></textarea>` : nothing}
        </div>
        <p class="sr-only" aria-live="assertive">${x.announce}</p>
      </div>
    </section>
    ${parts.chart} ${parts.setup}`;
}
