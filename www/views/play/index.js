// @ts-check
// The Play view: a person against the engine in the worker, on a chessground board. The state
// lives in the controller (controller.js: one object, one writer, `dispatch`), the page in the
// templates (render.js); this file connects them to the Rust game (PlayBoard), the engine client
// and storage.
//
// One clock authority: the page measures think time with performance.now() and hands it to the
// Rust game, whose clock follows lichess (playground.md §3): a clock shows its base (3m+2 shows
// 3:00), each side's first move is not timed, the increment is added after each move. Nothing
// runs until the person starts: as White by moving, as Black with “Start”. Legal moves, SAN,
// typed moves, promotions, FEN, check, the engine's options and its `position`/`go` lines come
// from the crate.
//
// Pauses (playground.md §1): the game pauses while the tab is hidden or another view is shown; a
// paused person's clock stops; an engine search in progress is dropped, not charged, and started
// again on resume. A reload counts as a pause (storage.js); the engine manager's state after its
// last move is saved with the game and handed back to the engine (`tmlab restore`), so the next
// budget is the one an undisturbed game would get.
import { html, render, nothing } from 'lit-html';
import { PlayBoard, pgn_comment_fields } from '../../pkg/tmlab.js';
import { createBoard } from './board.js';
import { verbalClock } from './clock.js';
import { createChart } from './chart.js';
import { createSetup } from './setup.js';
import { saveGame, loadGame } from './storage.js';
import { createEmergencySound } from './sound.js';
import { initialState, update, clockMs, running, outOfTime, canMove } from './controller.js';
import { createFlow } from './flow.js';
import { playTemplate, compactTemplate } from './render.js';
import { download } from '../../ui/download.js';
import './play.css';
import { messageOf } from '../../ui/typed-error.js';

export { PLAY_PREFIX, PLAY_DEFAULTS, PLAY_CHOICES } from './setup.js';

/** Clock and panel refresh interval (ms): tenths are shown under 10 s. */
const TICK_MS = 100;
/** The board's largest and smallest side (px) when it is sized to the window's height. */
const BOARD_MAX_PX = 640;
const BOARD_MIN_PX = 288;
/** While the person thinks, the running move's elapsed time is saved this often (ms). */
const SAVE_EVERY_MS = 1000;

/**
 * @param {HTMLElement} root
 * @param {{state: any, onChange: (s: any) => void, engine: any, embed?: boolean, compact?: boolean, problems?: string[]}} ctx
 *   `compact`: the compact embed (board, clocks, the engine's line and the moves; no setup form,
 *   chart or PGN box): its game is the link's, never restored from nor saved to this origin's
 *   storage (that is the full playground's game).
 */
export function mountPlay(root, ctx) {
  const { engine } = ctx;
  const compact = Boolean(ctx.compact);
  if (compact) root.classList.add('compact');
  const now = () => performance.now();
  let s = initialState({ sound: !ctx.embed });
  /** The one writer of the view's state: the next state, then the page. */
  const dispatch = (/** @type {any} */ e) => {
    s = update(s, { now: now(), ...e });
    paint();
  };
  /** A change the next clock tick draws (a search's report: at most one drawing per tick). */
  const note = (/** @type {any} */ e) => {
    s = update(s, { now: now(), ...e });
  };
  /** @type {any} */ let board = null; // the wasm PlayBoard
  /** @type {{t: number, what: string}[]} */
  let events = []; // a trail for tests and debugging
  const log = (/** @type {string} */ what) => {
    events.push({ t: Math.round(now()), what });
    if (events.length > 400) events = events.slice(-300);
  };
  const fields = pgn_comment_fields();

  const boardEl = Object.assign(document.createElement('div'), { className: 'board-wrap' });
  const promo = Object.assign(document.createElement('div'), { className: 'promotion-host cg-wrap' });
  const chart = createChart();
  const setup = createSetup(ctx.state, (st) => ctx.onChange(st), () => newGame());
  const parts = { board: boardEl, promo, canvas: chart.canvas, setup: setup.element };
  const sound = createEmergencySound({ enabled: !ctx.embed });
  const cg = createBoard(boardEl, { onMove: (o, d, meta) => boardMove(o, d, meta) });

  const select = (/** @type {number|null} */ i) => dispatch({ type: 'select', index: i });
  const handlers = {
    newGame: () => newGame(),
    start: () => {
      dispatch({ type: 'start' });
      act();
    },
    resign: () => {
      if (!board || s.gs.outcome) return;
      board.resign(s.gs.person);
      afterChange();
    },
    offerDraw: () => {
      if (!board || s.gs.outcome) return;
      if (board.offer_draw()) afterChange();
      else dispatch({ type: 'notice', text: 'The engine declines the draw (it accepts after move 30 with a level score, within ±0.25).' });
    },
    flip: () => dispatch({ type: 'flip' }),
    readClocks: () =>
      dispatch({ type: 'announce', text: `White ${verbalClock(clockMs(s, 'white', now()))}. Black ${verbalClock(clockMs(s, 'black', now()))}.` }),
    select,
    typed: (/** @type {string} */ text) => typedMove(text),
    sound: (/** @type {boolean} */ on) => {
      sound.enabled = on;
      dispatch({ type: 'sound', on });
    },
    pgnDownload: () => download(`tmlab-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.pgn`, board ? board.pgn() : '', 'application/x-chess-pgn'),
    pgnCopy: async () => {
      const text = board ? board.pgn() : '';
      try {
        await navigator.clipboard.writeText(text);
        dispatch({ type: 'pgn', note: 'PGN copied.' });
      } catch {
        dispatch({ type: 'pgn', note: 'Copy the PGN below.', text });
      }
    },
    chartClick: (/** @type {MouseEvent} */ e) => {
      const i = chart.moveAt(e);
      if (i != null) select(i);
    },
    chartKey: (/** @type {KeyboardEvent} */ e) => {
      const n = s.gs?.moves.length ?? 0;
      if (!n) return;
      const sel = s.selected;
      if (e.key === 'ArrowLeft') select(Math.max(0, (sel ?? n) - 1));
      else if (e.key === 'ArrowRight') select(sel == null || sel + 1 >= n ? null : sel + 1);
      else if (e.key === 'Escape') select(null);
      else return;
      e.preventDefault();
    },
  };

  // ---- drawing ----
  /** The page for the state now (clocks and panel included). */
  function draw() {
    render(compact ? compactTemplate(s, handlers, parts, { now: now() }) : playTemplate(s, handlers, parts, { now: now(), fields }), root);
  }
  let lastMoves = -1;
  /** After a change: the page, the board, the chart; the move list keeps the last move in view. */
  function paint() {
    if (!s.gs) return;
    draw();
    fitBoard();
    syncBoard();
    const n = s.gs.moves.length;
    if (board && !compact) chart.update(board, n, s.selected);
    if (n !== lastMoves && s.selected == null) {
      lastMoves = n;
      const list = root.querySelector('.move-list');
      if (list) list.scrollTop = list.scrollHeight;
    }
  }

  /** The board as large as the window allows below the board column's top, both clocks included (px). */
  let fitted = '';
  function fitBoard() {
    // The compact layout's board is sized by its width (play.css): its frame's height follows it.
    const main = /** @type {HTMLElement|null} */ (root.querySelector('.play-main'));
    const col = root.querySelector('.board-col');
    if (compact || !main || !col || root.hidden) return;
    const top = col.getBoundingClientRect().top + scrollY;
    const clocks = [...col.querySelectorAll('.clock-slot')].reduce((h, c) => h + c.getBoundingClientRect().height, 0);
    const gaps = 2 * parseFloat(getComputedStyle(col).rowGap || '0');
    const pad = parseFloat(getComputedStyle(main).paddingBottom || '0');
    const size = `${Math.round(Math.min(BOARD_MAX_PX, Math.max(BOARD_MIN_PX, innerHeight - top - clocks - gaps - pad - 4)))}px`;
    if (size !== fitted) main.style.setProperty('--board', (fitted = size));
  }

  function syncBoard() {
    const gs = s.gs;
    const sel = s.selected;
    const m = sel == null ? gs.moves.at(-1) : gs.moves[sel];
    const movable = canMove(s);
    cg.set({
      fen: sel == null ? gs.fen : m.fen,
      orientation: s.orientation,
      turnColor: sel == null ? gs.turn : m.turn,
      lastMove: m ? m.squares : undefined,
      check: sel == null ? gs.check && gs.turn : m.check && m.turn,
      movable: { color: movable ? gs.person : undefined, dests: movable && gs.to_move === 'person' ? board.dests() : new Map() },
      premovable: { enabled: movable },
    });
  }

  function tick() {
    if (!s.gs) return;
    const t = now();
    draw();
    if (running(s, s.gs.person)) sound.check(clockMs(s, s.gs.person, t), s.gs.clocks[s.gs.person === 'white' ? 0 : 1].emergency_ms, t);
    if (outOfTime(s, t) && board.time_out(elapsedNow())) {
      log(`flag ${s.gs.turn}`);
      cancelSearch();
      afterChange();
      return;
    }
    if (s.gs.to_move === 'person' && !s.pauses.length && t - lastSave > SAVE_EVERY_MS) persist();
  }
  const ticker = setInterval(tick, TICK_MS);
  const elapsedNow = () => (s.turn ? s.turn.accumulated + (s.turn.since != null ? now() - s.turn.since : 0) : 0);

  // ---- persistence: the Rust game is serialised again only after it changed ----
  let saved = { json: '', for: null, moves: -1, over: false, state: /** @type {string|null} */ (null) };
  let lastSave = 0;
  function persist() {
    if (!board || compact) return;
    const gs = s.gs;
    const state = board.manager_state ?? null;
    if (saved.for !== board || saved.moves !== gs.moves.length || saved.over !== Boolean(gs.outcome) || saved.state !== state) {
      saved = { json: board.save(), for: board, moves: gs.moves.length, over: Boolean(gs.outcome), state };
    }
    lastSave = now();
    const who = s.turn?.who ?? null;
    saveGame(saved.json, who, who === 'person' ? elapsedNow() : 0);
  }
  /** Saves in a task of its own, so a move stays a short task. */
  const persistSoon = () => setTimeout(persist, 0);

  // ---- the engine and the person: flow.js ----
  const view = {
    get s() {
      return s;
    },
    get board() {
      return board;
    },
    engine, cg, promoHost: promo, dispatch, note, log, elapsedNow,
    syncBoard: () => syncBoard(),
    persistSoon: () => persistSoon(),
  };
  const { cancelSearch, act, boardMove, typedMove, afterChange } = createFlow(view);

  // ---- games ----
  async function begin(/** @type {any} */ newBoard, { carried = 0, note = '', wait = false } = {}) {
    cancelSearch();
    cg.cancelPremove();
    board?.free();
    board = newBoard;
    sound.reset();
    lastMoves = -1;
    dispatch({ type: 'begin', gs: board.state(), note, carried, wait });
    await engine.cancel();
    // The crate's options for this game; a restored game's manager state goes back to the engine.
    engine.configure(s.gs.engine_options, { newGame: true, state: board.manager_state ?? undefined });
    dispatch({ type: 'ready' });
    persist();
    if (s.gs.outcome) afterChange();
    else act();
  }

  async function newGame({ wait = false } = {}) {
    const checked = setup.validate();
    if (!checked) {
      if (!board) render(compact ? setupError() : html0(), root);
      return;
    }
    log('new game');
    await begin(new PlayBoard(JSON.stringify(checked)), { wait });
  }
  /** The compact layout has no form: the link's bad setup, named. */
  const setupError = () => html`<p class="error play-status">This embed's link sets a game that cannot start: ${setup.error()}.</p>`;
  /** Before any game: the setup form alone, with its error. */
  const html0 = () =>
    playTemplate(
      { ...initialState(), gs: null, notice: 'The game setup has an error (see below): fix it, then press “New game with these settings”.' },
      handlers,
      parts,
      { now: now(), fields },
    );

  // ---- pauses ----
  function pause(/** @type {string} */ reason) {
    if (s.pauses.includes(reason)) return;
    const wasActive = s.active;
    if (wasActive) log(`cancel ${wasActive.kind} #${wasActive.id}`);
    if (!s.pauses.length) log(`pause: ${reason}`);
    dispatch({ type: 'pause', reason });
    if (wasActive && !s.active) engine.cancel();
    persist();
  }
  function resume(/** @type {string} */ reason) {
    if (!s.pauses.includes(reason)) return;
    dispatch({ type: 'resume', reason });
    if (s.pauses.length) return;
    log(`resume: ${reason}`);
    act();
  }
  /** @type {[EventTarget, string, (e: any) => void][]} */
  const listeners = [
    [document, 'visibilitychange', () => (document.hidden ? pause('tab hidden') : resume('tab hidden'))],
    [document, 'tmlab-view', (e) => (e.detail.view === 'play' ? (resume('another view'), fitBoard()) : pause('another view'))],
    // Announced before the next view loads, so the engine's search ends at once.
    [document, 'tmlab-view-leave', (e) => e.detail.view === 'play' && pause('another view')],
    [globalThis, 'pagehide', () => persist()],
    [globalThis, 'resize', () => fitBoard()],
    [root, 'keydown', (e) => (e.key === 'c' || e.key === 'C') && !/INPUT|SELECT|TEXTAREA/.test(e.target.tagName) && handlers.readClocks()],
  ];
  for (const [target, type, f] of listeners) target.addEventListener(type, f);
  if (document.hidden) note({ type: 'pause', reason: 'tab hidden' });

  // ---- start: restore a game in progress, else a new one that waits for the person ----
  const stored = compact ? null : loadGame();
  let restored = null;
  let problem = '';
  if (stored) {
    try {
      restored = PlayBoard.restore(stored.game);
    } catch (e) {
      problem = `The saved game could not be restored (${messageOf(e)}); a new game starts.`;
    }
  }
  const ready = restored
    ? begin(restored, {
        carried: stored.side === 'person' ? stored.elapsedMs || 0 : 0,
        note: `Restored the game in progress. The ${Math.round((Date.now() - stored.stamp) / 1000)} s away were not charged.`,
      })
    : newGame({ wait: true }).then(() => problem && dispatch({ type: 'notice', text: problem }));

  function unmount() {
    clearInterval(ticker);
    for (const [target, type, f] of listeners) target.removeEventListener(type, f);
    cancelSearch();
    cg.destroy();
    chart.dispose();
    setup.dispose();
    render(nothing, root);
  }
  // The view's handle; the e2e tests read it through hooks.js (test-hooks.js), never the page.
  return { cg, ready, chart, sound, unmount, newGame, get: () => ({ s, board, events }), clockMs: (/** @type {string} */ c) => clockMs(s, c, now()) };
}
