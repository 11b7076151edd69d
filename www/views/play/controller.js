// @ts-check
// The Play view's controller: a state machine with no DOM, and the view's only state.
// `update(state, event)` returns the next state; the selectors below say what the page shows and
// what it does next. The chess and clock rules come from the crate: each event carries the Rust
// game's `state()` (`gs`), whose clocks say whether they run (lichess: a side's clock starts
// after that side's first move), and the engine's report as the Rust game read it. Besides them
// the state keeps the page's own facts: the running move's measured time, pauses, the search it
// waits for, whether the person has started the game, the engine panel's mode, the move shown,
// and the page's messages (notice, move error, PGN note, spoken announcement).

/**
 * @typedef {{who: 'person'|'engine', accumulated: number, since: number|null}} Turn
 *   the running move: time measured before the current segment, the segment's start (null while paused)
 * @typedef {{id: number, kind: 'move'|'ponder', ponderMove?: string}} Search the engine search the view waits for
 * @typedef {import('../../pkg/tmlab.js').PlayBoard} PlayBoard
 * @typedef {{mode: 'idle'|'thinking'|'pondering', label: string, report: any, since: number|null}} EnginePanel
 *   the engine panel: what the engine does, its state's words, the Rust report of the search
 *   shown (PlayBoard.report()), when the shown search started (null when none runs)
 * @typedef {{gs: any, orientation: 'white'|'black', turn: Turn|null, pauses: string[],
 *   active: Search|null, seq: number, starting: boolean, waiting: boolean, games: number,
 *   carried: number, notice: string, selected: number|null, engine: EnginePanel,
 *   announce: string, moveError: string, pgnNote: string, pgnText: string|null, sound: boolean}} PlayState
 */

const other = (/** @type {string} */ c) => (c === 'white' ? 'black' : 'white');

/** @param {string} label @returns {EnginePanel} */
const panel = (label, mode = /** @type {EnginePanel['mode']} */ ('idle')) => ({ mode, label, report: null, since: null });

/** @returns {PlayState} */
export function initialState({ sound = true } = {}) {
  return {
    gs: null,
    orientation: 'white',
    turn: null,
    pauses: [],
    active: null,
    seq: 0,
    starting: false,
    waiting: false,
    games: 0,
    carried: 0,
    notice: '',
    selected: null,
    engine: panel('waiting'),
    announce: '',
    moveError: '',
    pgnNote: '',
    pgnText: null,
    sound,
  };
}

/** Time the running move has used so far, ms (only while its side's clock runs). */
export function elapsed(/** @type {PlayState} */ s, now = 0) {
  const t = s.turn;
  if (!t) return 0;
  return t.accumulated + (t.since != null ? now - t.since : 0);
}

/** The clock of `color` as shown at `now`, ms (null: no clock); it counts down only while it runs. */
export function clockMs(/** @type {PlayState} */ s, /** @type {string} */ color, now = 0) {
  if (!s.gs) return null;
  const c = s.gs.clocks[color === 'white' ? 0 : 1];
  if (c.remaining_ms == null) return null;
  return counts(s, color) ? c.remaining_ms - elapsed(s, now) : c.remaining_ms;
}

/** Whether the running move's time counts against `color`'s clock (its move, its clock started). */
function counts(/** @type {PlayState} */ s, /** @type {string} */ color) {
  const gs = s.gs;
  if (!gs || gs.to_move === 'none' || gs.turn !== color || s.turn == null) return false;
  return Boolean(gs.clocks[color === 'white' ? 0 : 1].runs);
}

/** Whether `color`'s clock is ticking now: it counts and the game is not paused or waiting. */
export function running(/** @type {PlayState} */ s, /** @type {string} */ color) {
  return counts(s, color) && !s.pauses.length && !s.starting && !s.waiting;
}

/** Whether the side to move has run out of time at `now` (the crate then decides: time_out). */
export function outOfTime(/** @type {PlayState} */ s, now = 0) {
  if (!s.gs || !running(s, s.gs.turn)) return false;
  const ms = clockMs(s, s.gs.turn, now);
  return ms != null && ms < 0;
}

/** Whether the person may move on the board now (live view, their turn or a premove). */
export function canMove(/** @type {PlayState} */ s) {
  return Boolean(s.gs && s.gs.to_move !== 'none' && !s.pauses.length && !s.starting && !s.waiting && s.selected == null);
}

/** What the page must do next: ask the engine for its move, or nothing. */
export function nextAction(/** @type {PlayState} */ s) {
  const gs = s.gs;
  if (!gs || s.starting || s.waiting || s.pauses.length || s.active) return 'none';
  return gs.to_move === 'engine' ? 'engine-move' : 'none';
}

/** The running search's time for the engine panel, ms (null when no search runs). */
export function panelTime(/** @type {PlayState} */ s, now = 0) {
  const e = s.engine;
  return e.mode !== 'idle' && e.since != null ? Math.max(0, now - e.since) : null;
}

/** The engine's last move (a move row with the engine's numbers and its stop sentence), if any. */
export function lastEngineMove(/** @type {PlayState} */ s) {
  const moves = s.gs?.moves ?? [];
  for (let i = moves.length - 1; i >= 0; i--) if (moves[i].engine) return moves[i];
  return null;
}

/** The status line. */
export function statusText(/** @type {PlayState} */ s) {
  const gs = s.gs;
  if (!gs) return '';
  if (gs.outcome) return `${gs.outcome.result} — ${gs.outcome.reason}`;
  if (s.waiting) return `Press “Start” to begin: the engine plays ${gs.turn === 'white' ? 'White' : 'Black'}’s first move.`;
  const paused = s.pauses.length ? ` — paused (${s.pauses.join(', ')})` : '';
  if (gs.to_move === 'person' && !gs.clocks[gs.person === 'white' ? 0 : 1].runs && !paused) {
    return `Your move (${gs.turn}): your clock starts after this move`;
  }
  const who = gs.to_move === 'person' ? 'Your move' : 'The engine is thinking';
  return `${who} (${gs.turn})${paused}`;
}

/** A turn for `who` starting at `now` (stopped while paused). */
function turnOf(/** @type {PlayState} */ s, /** @type {'person'|'engine'} */ who, now = 0, accumulated = 0) {
  return { who, accumulated, since: s.pauses.length ? null : now };
}

/** A ponder hit: the person's move is on the board and the search now counts as the engine's move. */
function afterPonderhit(/** @type {PlayState} */ s, now = 0) {
  const active = s.active && { ...s.active, kind: /** @type {const} */ ('move') };
  const engine = { ...s.engine, mode: /** @type {const} */ ('thinking'), label: 'thinking (ponder hit)', since: now };
  return { ...s, active, engine, moveError: '', turn: turnOf(s, 'engine', now) };
}

/** After a move or the game's end: whose turn runs now. */
function afterMove(/** @type {PlayState} */ s, /** @type {any} */ gs, now = 0) {
  const next = { ...s, gs };
  if (gs.outcome) return { ...next, turn: null, active: null };
  if (gs.to_move === 'person') return { ...next, turn: turnOf(s, 'person', now) };
  return { ...next, turn: null };
}

/**
 * The next state after `e`.
 * @param {PlayState} s
 * @param {{type: string, [k: string]: any}} e
 * @returns {PlayState}
 */
export function update(s, e) {
  const now = e.now ?? 0;
  switch (e.type) {
    case 'begin': // {gs, note, carried, wait}: a new or restored game, before the engine barrier
      return {
        ...s,
        engine: panel('waiting for the engine'),
        moveError: '',
        gs: e.gs,
        orientation: e.gs.person,
        turn: null,
        active: null,
        starting: true,
        waiting: Boolean(e.wait) && e.gs.to_move === 'engine' && !e.gs.moves.length,
        games: s.games + 1,
        carried: e.carried || 0,
        notice: e.note || '',
        selected: null,
      };
    case 'ready': { // the engine passed its barrier
      const next = { ...s, starting: false, engine: panel('ready') };
      if (next.gs.outcome || next.gs.to_move !== 'person') return { ...next, turn: null };
      return { ...next, turn: turnOf(s, 'person', now, s.carried), carried: 0 };
    }
    case 'start': // the person starts a game that waits for them
      return { ...s, waiting: false };
    case 'moved': { // {gs, report?}: a move was played (the engine's: its final report) or the game ended
      const engine = e.report
        ? { mode: /** @type {const} */ ('idle'), label: 'idle', report: e.report, since: null }
        : s.engine.mode === 'idle' || e.gs.outcome ? s.engine : panel('idle');
      const next = afterMove({ ...s, active: null, engine, moveError: '' }, e.gs, now);
      return e.gs.outcome ? { ...next, engine: { ...next.engine, mode: 'idle', label: 'game over' } } : next;
    }
    case 'search': { // {kind, ponderMove}: a search was sent
      const id = s.seq + 1;
      const active = { id, kind: e.kind, ponderMove: e.ponderMove };
      const mode = e.kind === 'move' ? 'thinking' : 'pondering';
      const label = e.kind === 'move' ? 'thinking' : 'pondering on your expected reply';
      return {
        ...s,
        seq: id,
        active,
        engine: { mode, label, report: null, since: now },
        turn: e.kind === 'move' ? turnOf(s, 'engine', now) : s.turn,
      };
    }
    case 'report': // {report}: the running search's report after an info line (drawn by the next tick)
      return s.active ? { ...s, engine: { ...s.engine, report: e.report } } : s;
    case 'cancel':
      return { ...s, active: null, engine: s.active ? panel(e.label ?? 'idle') : s.engine };
    case 'ponderhit': // {gs}: the person played the move pondered on; the search becomes the real one
      if (!s.active) return s;
      return afterPonderhit({ ...s, gs: e.gs }, now);
    case 'pause': {
      if (s.pauses.includes(e.reason)) return s;
      const pauses = [...s.pauses, e.reason];
      if (s.pauses.length) return { ...s, pauses };
      let turn = s.turn;
      // A paused person keeps the time used; a stopped engine search starts over (not charged).
      if (turn && turn.since != null) turn = { ...turn, accumulated: turn.who === 'engine' ? 0 : elapsed(s, now), since: null };
      return { ...s, pauses, turn, active: null, engine: s.active ? panel('paused') : s.engine };
    }
    case 'resume': {
      if (!s.pauses.includes(e.reason)) return s;
      const pauses = s.pauses.filter((p) => p !== e.reason);
      const turn = !pauses.length && s.turn ? { ...s.turn, since: now } : s.turn;
      return { ...s, pauses, turn };
    }
    case 'flip':
      return { ...s, orientation: /** @type {'white'|'black'} */ (other(s.orientation)) };
    case 'select': // {index}: a move shown view-only, or null for live
      return { ...s, selected: e.index != null && s.gs && e.index < s.gs.moves.length ? e.index : null };
    case 'notice':
      return { ...s, notice: e.text };
    case 'announce': // {text}: words for screen readers (the clocks read out, the game's end)
      return { ...s, announce: e.text };
    case 'move-error': // {text}: what was wrong with a typed move
      return { ...s, moveError: e.text };
    case 'pgn': // {note, text?}: the PGN copied (or shown to copy by hand)
      return { ...s, pgnNote: e.note, pgnText: e.text ?? null };
    case 'sound':
      return { ...s, sound: Boolean(e.on) };
    default:
      return s;
  }
}
