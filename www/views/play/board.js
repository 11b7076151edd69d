// @ts-check
// The board: chessground (GPL-3.0-or-later) with its base CSS, the brown board and cburnett
// pieces bundled from node_modules. It has no chess logic: legal destinations come from the Rust
// side (`movable.dests`), premoves are one ply (chessground's premovable), touch scrolling is
// blocked on the board. A promotion asks for the piece with a small picker offering the pieces
// the crate lists (`PlayBoard.promotions`).
import { html, render, nothing } from 'lit-html';
import { repeat } from 'lit-html/directives/repeat.js';
import { Chessground } from '@lichess-org/chessground';
import '@lichess-org/chessground/assets/chessground.base.css';
import '@lichess-org/chessground/assets/chessground.brown.css';
import '@lichess-org/chessground/assets/chessground.cburnett.css';

/**
 * @param {HTMLElement} wrap  the element chessground renders into
 * @param {object} o
 * @param {(orig: string, dest: string, meta: object) => void} o.onMove  a move the person made
 * @param {() => void} [o.onPremoveSet]
 * @param {() => void} [o.onPremoveUnset]
 */
export function createBoard(wrap, { onMove, onPremoveSet = () => {}, onPremoveUnset = () => {} }) {
  const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
  const cg = Chessground(wrap, {
    orientation: 'white',
    coordinates: true,
    blockTouchScroll: true,
    animation: { enabled: !reduced, duration: 150 },
    movable: { free: false, color: undefined, showDests: true, events: { after: (o, d, m) => onMove(o, d, m) } },
    premovable: { enabled: true, showDests: true, castle: true, events: { set: onPremoveSet, unset: onPremoveUnset } },
    draggable: { enabled: true, showGhost: true },
    highlight: { lastMove: true, check: true },
  });
  wrap.style.touchAction = 'none';
  return cg;
}

/**
 * Ask for the promotion piece over the board; resolves to one of `choices`' letters, or null if
 * cancelled. The picker is a lit-html template rendered into `host` (which holds nothing else)
 * and removed once answered.
 * @param {HTMLElement} host  a positioned element covering the board
 * @param {string} color  the promoting side (`white`, `black`), for the pieces' look
 * @param {{letter: string, role: string}[]} choices  the crate's promotions, queen first
 * @returns {Promise<string|null>}
 */
export function askPromotion(host, color, choices) {
  return new Promise((resolve) => {
    const done = (/** @type {string|null} */ v) => {
      render(nothing, host);
      resolve(v);
    };
    render(
      html`<div class="promotion" role="dialog" aria-label="Promote to">
        ${repeat(
          choices,
          (c) => c.letter,
          ({ letter, role }) =>
            html`<button type="button" data-role=${letter} class=${`promo-${letter}`} aria-label=${role} title=${role} @click=${() => done(letter)}>
              <piece class=${`${role} ${color}`}></piece>
            </button>`,
        )}
        <button type="button" class="promo-cancel" @click=${() => done(null)}>Cancel</button>
      </div>`,
      host,
    );
    /** @type {HTMLElement|null} */ (host.querySelector('.promotion button'))?.focus();
  });
}
