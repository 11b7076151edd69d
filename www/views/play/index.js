// @ts-check
// The Play view: a person against the engine in the worker, on a chessground board. State lives
// in the controller (controller.js), the page in the templates (render.js); this file connects
// them to the Rust game (PlayBoard), the engine client and storage.
//
// One clock authority: the page measures think time with performance.now() and hands it to the
// Rust game, whose clock follows lichess (playground.md §3): a clock shows its base (3m+2 shows
// 3:00), each side's first move is not timed, the increment is added after each move. Nothing
// runs until the person starts: as White by moving, as Black with “Start”. Legal moves, SAN,
// typed moves, FEN and the engine's `position`/`go` lines come from the crate.
//
// Pauses (playground.md §1): the game pauses while the tab is hidden or another view is shown; a
// paused person's clock stops; an engine search in progress is dropped, not charged, and started
// again on resume. A reload counts as a pause (storage.js).
import { render, nothing } from 'lit-html';
import { PlayBoard } from '../../pkg/tmlab.js';
import { createBoard } from './board.js';
import { createClock, verbalClock } from './clock.js';
import { createEnginePanel } from './engine-panel.js';
import { createHistory } from './history.js';
import { createSetup } from './setup.js';
import { saveGame, loadGame } from './storage.js';
import { createEmergencySound } from './sound.js';
import { initialState, update, clockMs, running, outOfTime, canMove } from './controller.js';
import { createFlow } from './flow.js';
import { playTemplate } from './render.js';
import { download } from '../../ui/download.js';
import './play.css';

export { PLAY_PREFIX, PLAY_DEFAULTS, PLAY_CHOICES } from './setup.js';

/** Clock and panel refresh interval (ms): tenths are shown under 10 s. */
const TICK_MS = 100;
/** While the person thinks, the running move's elapsed time is saved this often (ms). */
const SAVE_EVERY_MS = 1000;
const COLORS = /** @type {const} */ (['white', 'black']);

/**
 * @param {HTMLElement} root
 * @param {{state: any, onChange: (s: any) => void, engine: any, embed?: boolean, problems?: string[]}} ctx
 */
export function mountPlay(root, ctx) {
  const { engine } = ctx;
  let s = initialState();
  const now = () => performance.now();
  const dispatch = (/** @type {any} */ e) => {
    s = update(s, { now: now(), ...e });
    paint();
  };
  /** @type {any} */ let board = null; // the wasm PlayBoard
  let events = []; // a trail for tests and debugging: { t, what }
  const log = (what) => {
    events.push({ t: Math.round(now()), what });
    if (events.length > 400) events = events.slice(-300);
  };
  const x = { announce: '', moveError: '', pgnNote: '', pgnText: /** @type {string|null} */ (null), sound: !ctx.embed, replay: '' };

  const el = (cls) => Object.assign(document.createElement('div'), { className: cls });
  const clocks = { white: createClock('white'), black: createClock('black') };
  const parts = {
    top: el('clock-host'), bottom: el('clock-host'), board: el('board-wrap'), promo: el('promotion-host cg-wrap'),
    panel: null, list: null, chart: null, setup: null,
  };
  const panel = createEnginePanel();
  const history = createHistory((i) => dispatch({ type: 'select', index: i }));
  const setup = createSetup(ctx.state, (st) => ctx.onChange(st), () => newGame());
  Object.assign(parts, { panel: panel.element, list: history.list, chart: history.chartCard, setup: setup.element });
  const sound = createEmergencySound({ enabled: !ctx.embed });
  const cg = createBoard(parts.board, { onMove: (o, d, meta) => boardMove(o, d, meta) });

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
    readClocks: () => {
      x.announce = `White ${verbalClock(clockMs(s, 'white', now()))}. Black ${verbalClock(clockMs(s, 'black', now()))}.`;
      paint();
    },
    live: () => history.select(null),
    typed: (text) => typedMove(text),
    sound: (on) => (sound.enabled = x.sound = on),
    pgnDownload: () => download(`tmlab-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.pgn`, board ? board.pgn() : '', 'application/x-chess-pgn'),
    pgnCopy: async () => {
      const text = board ? board.pgn() : '';
      try {
        await navigator.clipboard.writeText(text);
        x.pgnNote = 'PGN copied.';
      } catch {
        x.pgnText = text;
        x.pgnNote = 'Copy the PGN below.';
      }
      paint();
    },
  };

  // ---- drawing ----
  function paint() {
    if (!s.gs) return;
    const sel = s.selected;
    x.replay = sel == null ? '' : `Viewing ${history.describe(sel)} (view only)`;
    const top = clocks[s.orientation === 'white' ? 'black' : 'white'].element;
    const bottom = clocks[s.orientation].element;
    if (parts.bottom.firstElementChild !== bottom) {
      parts.bottom.replaceChildren(bottom);
      parts.top.replaceChildren(top);
    }
    render(playTemplate(s, handlers, /** @type {any} */ (parts), x), root);
    syncBoard();
    tick();
    // The move list and chart follow the game (coalesced into a task of their own).
    if (board) history.update(board, s.gs);
  }

  function syncBoard() {
    const gs = s.gs;
    const sel = s.selected;
    const m = sel == null ? gs.moves.at(-1) : gs.moves[sel];
    const fen = sel == null ? gs.fen : m.fen;
    const movable = canMove(s);
    cg.set({
      fen,
      orientation: s.orientation,
      turnColor: sel == null ? gs.turn : fen.split(' ')[1] === 'b' ? 'black' : 'white',
      lastMove: m ? m.squares : undefined,
      check: sel == null ? (gs.check && gs.turn) || false : /[+#]$/.test(m.san) && (m.color === 'white' ? 'black' : 'white'),
      movable: { color: movable ? gs.person : undefined, dests: movable && gs.to_move === 'person' ? board.dests() : new Map() },
      premovable: { enabled: movable },
    });
  }

  function tick() {
    if (!s.gs) return;
    const t = now();
    for (const color of COLORS) {
      clocks[color].update({ ms: clockMs(s, color, t), running: running(s, color), state: s.gs.clocks[color === 'white' ? 0 : 1], now: t });
    }
    panel.tick(t);
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
  let saved = { json: '', for: null, moves: -1, over: false };
  let lastSave = 0;
  function persist() {
    if (!board) return;
    const gs = s.gs;
    if (saved.for !== board || saved.moves !== gs.moves.length || saved.over !== Boolean(gs.outcome)) {
      saved = { json: board.save(), for: board, moves: gs.moves.length, over: Boolean(gs.outcome) };
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
    set s(next) {
      s = next;
    },
    get board() {
      return board;
    },
    engine, cg, panel, x, promoHost: parts.promo, dispatch, log, now, elapsedNow,
    paint: () => paint(),
    syncBoard: () => syncBoard(),
    persistSoon: () => persistSoon(),
  };
  const { cancelSearch, act, boardMove, typedMove, afterChange } = createFlow(view);

  // ---- games ----
  async function begin(newBoard, { carried = 0, note = '', wait = false } = {}) {
    cancelSearch();
    cg.cancelPremove();
    board?.free();
    board = newBoard;
    sound.reset();
    panel.reset('waiting for the engine');
    x.moveError = '';
    dispatch({ type: 'begin', gs: board.state(), note, carried, wait });
    panel.setSearcher(s.gs.searcher);
    panel.setManager(s.gs.tm_spec);
    clocks.white.setLabel(s.gs.person === 'white' ? 'You (White)' : 'Engine (White)');
    clocks.black.setLabel(s.gs.person === 'black' ? 'You (Black)' : 'Engine (Black)');
    history.select(null);
    await engine.cancel();
    engine.configure({ Searcher: s.gs.searcher, TimeManager: s.gs.tm_spec }, { newGame: true });
    panel.reset('ready');
    dispatch({ type: 'ready' });
    persist();
    if (s.gs.outcome) afterChange();
    else act();
  }

  async function newGame({ wait = false } = {}) {
    const checked = setup.validate();
    if (!checked) {
      if (!board) render(html0(), root);
      return;
    }
    log('new game');
    await begin(new PlayBoard(JSON.stringify(checked)), { wait });
  }
  /** Before any game: the setup form alone, with its error. */
  const html0 = () => playTemplate({ ...initialState(), gs: null, notice: 'The game setup has an error (see below): fix it, then press “New game with these settings”.' }, handlers, /** @type {any} */ (parts), x);

  // ---- pauses ----
  function pause(reason) {
    if (s.pauses.includes(reason)) return;
    const wasActive = s.active;
    if (wasActive) log(`cancel ${wasActive.kind} #${wasActive.id}`);
    if (!s.pauses.length) log(`pause: ${reason}`);
    dispatch({ type: 'pause', reason });
    if (wasActive && !s.active) {
      engine.cancel();
      panel.reset('paused');
    }
    persist();
  }
  function resume(reason) {
    if (!s.pauses.includes(reason)) return;
    dispatch({ type: 'resume', reason });
    if (s.pauses.length) return;
    log(`resume: ${reason}`);
    act();
  }
  /** @type {[EventTarget, string, (e: any) => void][]} */
  const listeners = [
    [document, 'visibilitychange', () => (document.hidden ? pause('tab hidden') : resume('tab hidden'))],
    [document, 'tmlab-view', (e) => (e.detail.view === 'play' ? resume('another view') : pause('another view'))],
    // Announced before the next view loads, so the engine's search ends at once.
    [document, 'tmlab-view-leave', (e) => e.detail.view === 'play' && pause('another view')],
    [globalThis, 'pagehide', () => persist()],
    [root, 'keydown', (e) => (e.key === 'c' || e.key === 'C') && !/INPUT|SELECT|TEXTAREA/.test(e.target.tagName) && handlers.readClocks()],
  ];
  for (const [target, type, f] of listeners) target.addEventListener(type, f);
  if (document.hidden) s = update(s, { type: 'pause', reason: 'tab hidden', now: now() });

  // ---- start: restore a game in progress, else a new one that waits for the person ----
  const stored = loadGame();
  let restored = null;
  let note = '';
  if (stored) {
    try {
      restored = PlayBoard.restore(stored.game);
    } catch (e) {
      note = `The saved game could not be restored (${e.message || e}); a new game starts.`;
    }
  }
  const ready = restored
    ? begin(restored, {
        carried: stored.side === 'person' ? stored.elapsedMs || 0 : 0,
        note: `Restored the game in progress. The ${Math.round((Date.now() - stored.stamp) / 1000)} s away were not charged.`,
      })
    : newGame({ wait: true }).then(() => note && dispatch({ type: 'notice', text: note }));

  function unmount() {
    clearInterval(ticker);
    for (const [target, type, f] of listeners) target.removeEventListener(type, f);
    cancelSearch();
    cg.destroy();
    history.dispose();
    setup.dispose();
    render(nothing, root);
  }
  // The view's handle; the e2e tests read it through hooks.js (test-hooks.js), never the page.
  return { cg, ready, history, panel, sound, unmount, newGame, get: () => ({ s, board, events }), clockMs: (c) => clockMs(s, c, now()) };
}
