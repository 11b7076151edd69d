// @ts-check
// The Play view's moves: the engine's searches (asked for when the controller says so, their
// lines read by the Rust game, their bestmove played) and the person's moves (on the board or
// typed, read by the crate), and what follows each move. `v` is the view: its state (read only
// here: every change goes through `dispatch`, or `note` for a search's report, which the next
// clock tick draws), the Rust game, the engine client and the parts these steps touch.
import { askPromotion } from './board.js';
import { canMove, nextAction } from './controller.js';
import { messageOf } from '../../ui/typed-error.js';

/**
 * @typedef {{readonly s: import('./controller.js').PlayState, board: any, engine: any, cg: any,
 *   promoHost: HTMLElement, dispatch: (e: any) => void, note: (e: any) => void,
 *   syncBoard: () => void, log: (what: string) => void, elapsedNow: () => number,
 *   persistSoon: () => void}} View
 */

/** @param {View} v */
export function createFlow(v) {
  // ---- the engine ----
  function cancelSearch(label = 'idle') {
    if (!v.s.active) return;
    v.log(`cancel ${v.s.active.kind} #${v.s.active.id}`);
    v.dispatch({ type: 'cancel', label });
    v.engine.cancel();
  }

  /**
   * Sends the board's request `req` as search `kind`; lines of older searches are ignored.
   * @param {{position: string, go: string, budget_ms: number, ponder_move?: string | null}} req the crate's
   * @param {'move' | 'ponder'} kind
   */
  function search(req, kind) {
    v.board.begin_search();
    v.dispatch({ type: 'search', kind, ponderMove: req.ponder_move ?? undefined });
    const id = v.s.seq;
    v.log(kind === 'move' ? `go #${id}: ${req.go}` : `go ponder #${id} on ${req.ponder_move}: ${req.go}`);
    v.engine.search({
      position: req.position,
      go: req.go,
      budgetMs: req.budget_ms,
      ponderMove: req.ponder_move ?? undefined,
      onInfo: (/** @type {string} */ line) => v.s.active?.id === id && v.board.engine_line(line) && v.note({ type: 'report', report: v.board.report() }),
      onBestmove: (/** @type {string} */ line) => bestmove(id, line),
    });
  }

  /** Does what the controller says is next (the engine's move). */
  function act() {
    if (nextAction(v.s) !== 'engine-move') return;
    const req = v.board.engine_request();
    if (req) search(req, 'move');
  }

  /** The engine's `bestmove` line of search `id`: played if that search is the move's. */
  function bestmove(/** @type {number} */ id, /** @type {string} */ line) {
    if (v.s.active?.id !== id || v.s.active?.kind !== 'move') return v.log(`ignored ${line} (#${id})`);
    const used = v.elapsedNow();
    const report = v.board.report();
    let played;
    try {
      played = v.board.play_engine(line, used);
    } catch (e) {
      return v.dispatch({ type: 'notice', text: `Engine move not played: ${messageOf(e)}` });
    }
    // The manager's state after this move goes with the game, so a reload restores it.
    const state = v.engine.managerSnapshot();
    if (state) {
      try {
        v.board.set_manager_state(state);
      } catch (e) {
        v.log(`manager state not kept: ${messageOf(e)}`);
      }
    }
    v.log(`engine ${played.uci} in ${Math.round(used)} ms`);
    afterChange(played.ponder, report);
  }

  // ---- the person ----
  /**
   * A move made on the board (`meta.premove`: a premove played on its turn).
   * @param {string} orig
   * @param {string} dest
   * @param {{premove?: boolean}} [meta]
   */
  async function boardMove(orig, dest, meta = {}) {
    if (!v.board || v.s.gs.to_move !== 'person' || !canMove(v.s)) return v.syncBoard();
    let promo = '';
    const choices = v.board.promotions(orig, dest);
    if (choices.length) {
      // A premove promotes to the crate's first choice (a queen); otherwise the person picks.
      promo = meta.premove ? choices[0].letter : await askPromotion(v.promoHost, v.s.gs.person, choices);
      // The clock kept running while the piece was chosen: the game may have ended meanwhile.
      if (!promo || v.s.gs.to_move !== 'person' || !canMove(v.s)) return v.syncBoard();
    }
    const used = v.elapsedNow();
    try {
      v.board.play_person(orig, dest, promo, used);
    } catch (e) {
      v.dispatch({ type: 'notice', text: messageOf(e) });
      return;
    }
    personMoved(v.board.state().moves.at(-1)?.uci, used, meta.premove);
  }

  /** A typed move (SAN or UCI, read by the crate); returns whether it was played. */
  function typedMove(/** @type {string} */ text) {
    if (!v.board || v.s.gs.to_move !== 'person' || !canMove(v.s)) {
      v.dispatch({ type: 'move-error', text: v.s.gs?.outcome ? 'The game is over.' : 'Wait for your move.' });
      return false;
    }
    const used = v.elapsedNow();
    try {
      const uci = v.board.play_text(text, used);
      v.cg.cancelPremove();
      personMoved(uci, used, false);
      return true;
    } catch (e) {
      v.dispatch({ type: 'move-error', text: e && typeof e === 'object' && 'message' in e ? String(e.message) : String(e) });
      return false;
    }
  }

  /**
   * After the person's move `uci` (`used` ms): a ponder hit, or the engine's turn.
   * @param {string | undefined} uci
   * @param {number} used
   * @param {boolean | undefined} premove
   */
  function personMoved(uci, used, premove) {
    v.log(`person ${uci}${premove ? ' (premove)' : ''} in ${Math.round(used)} ms`);
    if (v.s.active?.kind === 'ponder') {
      // The client decides: a ponder hit only if that ponder search runs and can hear it.
      if (v.engine.ponderhit(uci)) {
        v.log(`ponderhit #${v.s.active.id}`);
        v.dispatch({ type: 'ponderhit', gs: v.board.state() });
        v.persistSoon();
        return;
      }
      cancelSearch();
    }
    afterChange();
  }

  /**
   * After any move or the game's end: redraw, save, hand the turn on.
   * @param {string} [ponderMove] the engine's expected reply, after its move
   * @param {any} [report] the engine's final report, after its move
   */
  function afterChange(ponderMove, report) {
    const gs = v.board.state();
    if (gs.outcome) cancelSearch();
    v.dispatch({ type: 'moved', gs, report });
    v.persistSoon();
    if (gs.outcome) {
      v.cg.cancelPremove();
      v.dispatch({ type: 'announce', text: `Game over: ${gs.outcome.result}, ${gs.outcome.reason}` });
      return;
    }
    if (gs.to_move === 'engine') return act();
    if (ponderMove && !v.s.pauses.length) {
      const req = v.board.ponder_request(ponderMove);
      if (req) search(req, 'ponder');
    }
    if (v.cg.state.premovable.current) v.log(v.cg.playPremove() ? 'premove played' : 'premove dropped');
  }

  return { cancelSearch, act, boardMove, typedMove, afterChange };
}
