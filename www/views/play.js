// @ts-check
// The Play view: a person against the engine in the worker, on a chessground board.
//
// One clock authority: this page measures think time with performance.now() and hands it to the
// Rust game (PlayBoard), whose GameClock applies increments, flags (margin 0), adjudication and
// writes the PGN. Legal moves, SAN, FEN, check and the end of the game come from shakmaty; so do
// the engine's `position`/`go` lines (wtime/btime/winc/binc/movestogo, never negative).
//
// Pauses (shared/spec/playground.md §1): the game pauses while the tab is hidden or another view
// is shown. A paused person's clock stops; an engine search in progress is stopped and not
// charged, and the engine starts that move again on resume. A reload counts as a pause (see
// play/storage.js): the time away is not charged.
//
// Draw offers: the engine accepts after move 30 when its last score is within ±0.25 pawns
// (crate/src/play/person.rs).
import { PlayBoard } from '../pkg/tmlab.js';
import { createBoard, askPromotion } from './play/board.js';
import { createClock, verbalClock } from './play/clock.js';
import { createEnginePanel } from './play/engine-panel.js';
import { createHistory } from './play/history.js';
import { createSetup } from './play/setup.js';
import { saveGame, loadGame } from './play/storage.js';
import { createEmergencySound } from './play/sound.js';
import './play/play.css';

export const PLAY_PREFIX = 'p';
/**
 * URL keys: side, searcher, manager spec (its move overhead included), White's and Black's
 * control, same-for-both, ponder.
 */
export const PLAY_DEFAULTS = {
  side: 'white',
  s: 'ab',
  tm: 'lc0-legacy',
  wtc: '3+2',
  btc: '3+2',
  same: true,
  ponder: false,
};

/** Clock and panel refresh interval (ms): tenths are shown under 10 s. */
const TICK_MS = 100;
/** While the person thinks, the running move's elapsed time is saved this often (ms). */
const SAVE_EVERY_MS = 1000;

const other = (c) => (c === 'white' ? 'black' : 'white');

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text != null) e.textContent = text;
  return e;
}

function button(text, cls, onClick, title) {
  const b = el('button', cls, text);
  b.type = 'button';
  if (title) b.title = title;
  b.addEventListener('click', onClick);
  return b;
}

export function mountPlay(root, ctx) {
  const { engine } = ctx;
  const state = { ...PLAY_DEFAULTS, ...ctx.state };

  // ---- layout ----
  const main = el('section', 'card play-main');
  const boardCol = el('div', 'board-col');
  const slotTop = el('div', 'clock-slot slot-top');
  const slotBottom = el('div', 'clock-slot slot-bottom');
  const boardBox = el('div', 'board-box');
  const boardWrap = el('div', 'board-wrap');
  const promoHost = el('div', 'promotion-host cg-wrap');
  boardBox.append(boardWrap, promoHost);
  boardCol.append(slotTop, boardBox, slotBottom);

  const side = el('div', 'play-side');
  const status = el('p', 'play-status');
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  const announcer = el('p', 'sr-only');
  announcer.setAttribute('aria-live', 'assertive');
  const notice = el('p', 'play-notice');
  const controls = el('div', 'play-controls');
  const replayBar = el('div', 'replay-bar');
  replayBar.hidden = true;
  const replayText = el('span', 'replay-text');
  const live = button('Back to live', 'back-live', () => history.select(null));
  replayBar.append(replayText, live);
  const panel = createEnginePanel();
  const history = createHistory(() => onSelect());
  const pgnBox = el('div', 'pgn-box');
  side.append(status, notice, controls, replayBar, panel.element, history.list, pgnBox, announcer);
  main.append(boardCol, side);

  const clocks = { white: createClock('white'), black: createClock('black') };
  const setupForm = createSetup(state, (s) => ctx.onChange(s), () => newGame(), PLAY_DEFAULTS);
  root.append(main, history.chartCard, setupForm.element);

  const resignBtn = button('Resign', 'resign', () => resign());
  const drawBtn = button('Offer draw', 'offer-draw', () => offerDraw(), 'The engine accepts after move 30 if its last score is within ±0.25 pawns.');
  const newBtn = button('New game', 'new-game', () => newGame());
  const flipBtn = button('Flip board', 'flip', () => flip());
  const readBtn = button('Read clocks', 'read-clocks', () => readClocks(), 'Keyboard: C');
  const sound = createEmergencySound({ enabled: !ctx.embed });
  const soundBox = document.createElement('input');
  soundBox.type = 'checkbox';
  soundBox.id = 'play-sound';
  soundBox.checked = sound.enabled;
  soundBox.addEventListener('change', () => (sound.enabled = soundBox.checked));
  const soundLabel = el('label', 'check sound-toggle');
  soundLabel.title = 'One short tone when your clock enters the emergency zone (at most every 20 s).';
  soundLabel.append(soundBox, document.createTextNode(' sound'));
  controls.append(newBtn, resignBtn, drawBtn, flipBtn, readBtn, soundLabel);
  const pgnDownload = button('Download PGN', 'pgn-download', () => downloadPgn());
  const pgnCopy = button('Copy PGN', 'pgn-copy', () => copyPgn());
  const pgnNote = el('span', 'pgn-note');
  pgnNote.setAttribute('role', 'status');
  pgnBox.append(pgnDownload, pgnCopy, pgnNote);

  // ---- game state ----
  let board = null; // PlayBoard
  let gs = null; // its last state()
  let orientation = state.side;
  /** The running move: whose, time accumulated before the current segment, segment start. */
  let turn = null;
  /** The engine search this view is waiting for: { id, kind: 'move'|'ponder', ponderMove }. */
  let active = null;
  let searchSeq = 0;
  /** A game is being set up (engine barrier): no moves yet. */
  let starting = false;
  /** Games started on this page (a test hook: a new game is visible as a new number). */
  let games = 0;
  const pauses = new Set();
  let savedGameJson = null;
  let savedFor = null;
  let savedMoves = -1;
  let savedOutcome = false;
  let lastSave = 0;
  let events = []; // test and debug trail: { t, what }

  const cg = createBoard(boardWrap, {
    onMove: (orig, dest, meta) => personMove(orig, dest, meta),
  });

  function log(what) {
    events.push({ t: Math.round(performance.now()), what });
    if (events.length > 400) events = events.slice(-300);
  }

  function elapsed(now = performance.now()) {
    if (!turn) return 0;
    return turn.accumulated + (turn.since != null ? now - turn.since : 0);
  }

  function startTurnClock(who, accumulated = 0) {
    turn = { who, accumulated, since: pauses.size ? null : performance.now() };
  }

  // ---- rendering ----
  /** Puts the clock of the side at the bottom of the board below it (DOM touched only on a change). */
  function placeClocks() {
    const bottom = clocks[orientation].element;
    if (slotBottom.firstElementChild === bottom) return;
    slotBottom.replaceChildren(bottom);
    slotTop.replaceChildren(clocks[other(orientation)].element);
  }

  function clockMs(color, now) {
    const c = gs.clocks[color === 'white' ? 0 : 1];
    if (c.remaining_ms == null) return null;
    const running = gs.to_move !== 'none' && gs.turn === color;
    return running ? c.remaining_ms - elapsed(now) : c.remaining_ms;
  }

  function tick() {
    if (!gs) return;
    const now = performance.now();
    for (const color of ['white', 'black']) {
      const running = gs.to_move !== 'none' && gs.turn === color && !pauses.size;
      clocks[color].update({ ms: clockMs(color, now), running, state: gs.clocks[color === 'white' ? 0 : 1], now });
    }
    panel.tick(now);
    if (gs.to_move === 'person' && !pauses.size) {
      sound.check(clockMs(gs.person, now), gs.clocks[gs.person === 'white' ? 0 : 1].emergency_ms, now);
    }
    if (gs.to_move !== 'none' && !pauses.size) {
      const ms = clockMs(gs.turn, now);
      if (ms != null && ms < 0 && board.time_out(elapsed(now))) {
        log(`flag ${gs.turn}`);
        if (active) cancelSearch();
        afterChange();
        return;
      }
      if (gs.to_move === 'person' && now - lastSave > SAVE_EVERY_MS) persist();
    }
  }
  const ticker = setInterval(tick, TICK_MS);

  function colorOfFen(fen) {
    return fen.split(' ')[1] === 'b' ? 'black' : 'white';
  }

  function syncBoard() {
    if (!gs) return;
    const sel = history.selected;
    const liveView = sel == null;
    const m = liveView ? gs.moves.at(-1) : gs.moves[sel];
    const fen = liveView ? gs.fen : m.fen;
    const running = gs.to_move !== 'none';
    const canMove = liveView && running && !pauses.size && !starting;
    const check = liveView
      ? gs.check && gs.turn
      : /[+#]$/.test(m.san) && other(m.color);
    cg.set({
      fen,
      orientation,
      turnColor: liveView ? gs.turn : colorOfFen(fen),
      lastMove: m ? m.squares : undefined,
      check: check || false,
      movable: {
        color: canMove ? gs.person : undefined,
        dests: canMove && gs.to_move === 'person' ? board.dests() : new Map(),
      },
      premovable: { enabled: canMove },
    });
    replayBar.hidden = liveView;
    if (!liveView) replayText.textContent = `Viewing ${history.describe(sel)} (view only)`;
    boardBox.classList.toggle('replay', !liveView);
  }

  function renderStatus() {
    const o = gs.outcome;
    resignBtn.disabled = drawBtn.disabled = !!o;
    if (o) {
      status.textContent = `${o.result} — ${o.reason}`;
      status.dataset.result = o.result;
      status.dataset.termination = o.termination;
      return;
    }
    delete status.dataset.result;
    const who = gs.to_move === 'person' ? 'Your move' : 'The engine is thinking';
    const paused = pauses.size ? ` — paused (${[...pauses].join(', ')})` : '';
    status.textContent = `${who} (${gs.turn})${paused}`;
  }

  function render() {
    gs = board.state();
    clocks.white.setLabel(gs.person === 'white' ? 'You (White)' : 'Engine (White)');
    clocks.black.setLabel(gs.person === 'black' ? 'You (Black)' : 'Engine (Black)');
    panel.setSearcher(gs.searcher);
    panel.setManager?.(gs.tm_spec);
    history.update(board, gs);
    placeClocks();
    renderStatus();
    syncBoard();
    tick();
  }

  // ---- persistence ----
  /** Saves in a task of its own, so a move stays a short task. */
  let persistTimer = null;
  function persistSoon() {
    if (persistTimer) return;
    persistTimer = setTimeout(() => {
      persistTimer = null;
      persist();
    }, 0);
  }

  /** Saves the game; the Rust game is serialised again only after it changed. */
  function persist() {
    if (!board) return;
    if (savedFor !== board || savedMoves !== gs.moves.length || savedOutcome !== !!gs.outcome) {
      savedGameJson = board.save();
      savedFor = board;
      savedMoves = gs.moves.length;
      savedOutcome = !!gs.outcome;
    }
    lastSave = performance.now();
    const who = turn?.who ?? null;
    saveGame(savedGameJson, who, who === 'person' ? elapsed() : 0);
  }

  // ---- engine ----
  /** Drop this view's search: the engine forgets it (nothing charged, no more output). */
  function cancelSearch() {
    if (!active) return;
    log(`cancel ${active.kind} #${active.id}`);
    active = null;
    engine.cancel();
  }

  /** Tells the board a search starts and builds the engine request for the board's `req` (a
   * move or a ponder search), numbered so that lines of an older search are ignored. */
  function beginSearch(req) {
    board.begin_search();
    const id = ++searchSeq;
    const request = {
      position: req.position,
      go: req.go,
      budgetMs: req.budget_ms,
      ponderMove: req.ponder_move ?? undefined,
      onInfo: (line) => onEngineLine(id, line),
      onBestmove: (line) => onBestmove(id, line),
    };
    return { id, request };
  }

  function requestEngineMove() {
    if (pauses.size || starting || !board || !gs || gs.to_move !== 'engine') return;
    const req = board.engine_request();
    if (!req) return;
    const { id, request } = beginSearch(req);
    active = { id, kind: 'move', request };
    startTurnClock('engine');
    panel.start('thinking');
    log(`go #${id}: ${req.go}`);
    engine.search(request);
  }

  function startPonder(ponderMove) {
    if (!ponderMove || pauses.size) return;
    const req = board.ponder_request(ponderMove);
    if (!req) return;
    const { id, request } = beginSearch(req);
    active = { id, kind: 'ponder', ponderMove: req.ponder_move, request };
    panel.start('pondering');
    log(`go ponder #${id} on ${req.ponder_move}: ${req.go}`);
    engine.search(request);
  }

  function onEngineLine(id, line) {
    if (!active || active.id !== id) return;
    if (board.engine_line(line)) panel.update(board.report());
  }

  function onBestmove(id, line) {
    if (!active || active.id !== id || active.kind !== 'move') {
      log(`ignored ${line} (#${id})`);
      return;
    }
    const used = elapsed();
    active = null;
    const report = board.report();
    let played;
    try {
      played = board.play_engine(line, used);
    } catch (e) {
      notice.textContent = `Engine move not played: ${e.message || e}`;
      return;
    }
    log(`engine ${played.uci} in ${Math.round(used)} ms`);
    panel.finish(report, 'idle');
    afterChange(played.ponder);
  }

  engine.addEventListener('crash', () => {
    // The client respawns the worker and re-issues the interrupted search itself.
    if (active) log('engine crashed; the search is re-issued');
  });

  // ---- the person ----
  async function personMove(orig, dest, meta = {}) {
    if (!board || !gs || gs.to_move !== 'person' || pauses.size || starting || history.selected != null) {
      syncBoard();
      return;
    }
    const used = elapsed();
    let promo = '';
    if (board.is_promotion(orig, dest)) {
      if (meta.premove) promo = 'q';
      else {
        promo = await askPromotion(promoHost, gs.person);
        // The clock kept running while the piece was chosen: the game may have ended meanwhile.
        if (!promo || gs.to_move !== 'person' || pauses.size) {
          syncBoard();
          return;
        }
      }
    }
    const usedNow = promo && !meta.premove ? elapsed() : used;
    try {
      board.play_person(orig, dest, promo, usedNow);
    } catch (e) {
      notice.textContent = String(e.message || e);
      syncBoard();
      return;
    }
    const uci = board.state().moves.at(-1)?.uci;
    log(`person ${uci}${meta.premove ? ' (premove)' : ''} in ${Math.round(usedNow)} ms`);
    if (active?.kind === 'ponder') {
      // The client decides: a ponder hit only if that ponder search runs and can hear it.
      if (engine.ponderhit(uci)) {
        active.kind = 'move';
        log(`ponderhit #${active.id}`);
        startTurnClock('engine');
        panel.ponderhit();
        render();
        persistSoon();
        return;
      }
      cancelSearch();
    }
    afterChange();
  }

  /** After any move or game end: redraw, save, and hand the turn on. */
  function afterChange(ponderMove) {
    render();
    if (gs.outcome) {
      turn = null;
      cancelSearch();
      cg.cancelPremove();
      panel.label('game over');
      announcer.textContent = `Game over: ${gs.outcome.result}, ${gs.outcome.reason}`;
      persistSoon();
      return;
    }
    if (gs.to_move === 'engine') {
      requestEngineMove();
      persistSoon();
      return;
    }
    startTurnClock('person');
    persistSoon();
    startPonder(ponderMove);
    if (cg.state.premovable.current) {
      const ok = cg.playPremove();
      log(ok ? 'premove played' : 'premove dropped');
    }
  }

  // ---- actions ----
  /** Options for this game: a new game, Searcher and TimeManager (move overhead included), one
   * barrier. */
  function configureEngine() {
    engine.configure({ Searcher: gs.searcher, TimeManager: gs.tm_spec }, { newGame: true });
  }

  async function begin(newBoard, { accumulated = 0, note = '' } = {}) {
    cancelSearch();
    cg.cancelPremove();
    board?.free();
    board = newBoard;
    games += 1;
    sound.reset();
    gs = board.state();
    orientation = gs.person;
    panel.reset('waiting for the engine');
    notice.textContent = note;
    turn = null;
    starting = true;
    render();
    history.select(null);
    await engine.cancel();
    if (engine.state !== 'failed') configureEngine();
    starting = false;
    panel.reset('ready');
    if (gs.outcome) {
      afterChange();
      return;
    }
    if (gs.to_move === 'person') {
      startTurnClock('person', accumulated);
      render();
      persist();
    } else {
      requestEngineMove();
      persist();
    }
  }

  async function newGame() {
    if (!setupForm.validate()) {
      if (!board) status.textContent = 'The game setup has an error (see below): fix it, then press “New game with these settings”.';
      return;
    }
    let b;
    try {
      b = new PlayBoard(JSON.stringify(setupForm.setup()));
    } catch (e) {
      setupForm.error.textContent = String(e.message || e);
      return;
    }
    log('new game');
    await begin(b);
  }

  function resign() {
    if (!board || gs.outcome) return;
    board.resign(gs.person);
    afterChange();
  }

  function offerDraw() {
    if (!board || gs.outcome) return;
    if (board.offer_draw()) {
      afterChange();
    } else {
      notice.textContent = 'The engine declines the draw (it accepts after move 30 with a level score, within ±0.25).';
    }
  }

  function flip() {
    orientation = other(orientation);
    placeClocks();
    syncBoard();
  }

  function readClocks() {
    if (!gs) return;
    const now = performance.now();
    announcer.textContent = `White ${verbalClock(clockMs('white', now))}. Black ${verbalClock(clockMs('black', now))}.`;
  }

  function pgnText() {
    return board ? board.pgn() : '';
  }

  function downloadPgn() {
    const blob = new Blob([pgnText()], { type: 'application/x-chess-pgn' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `tmlab-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.pgn`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  async function copyPgn() {
    const text = pgnText();
    try {
      await navigator.clipboard.writeText(text);
      pgnNote.textContent = 'PGN copied.';
    } catch {
      const ta = document.createElement('textarea');
      ta.value = text;
      ta.readOnly = true;
      ta.className = 'pgn-text';
      pgnBox.append(ta);
      ta.select();
      pgnNote.textContent = 'Copy the PGN below.';
    }
  }

  function onSelect() {
    syncBoard();
  }

  // ---- pauses ----
  function pause(reason) {
    if (pauses.has(reason)) return;
    const wasRunning = pauses.size === 0;
    pauses.add(reason);
    if (!wasRunning || !gs) return;
    log(`pause: ${reason}`);
    if (turn && turn.since != null) {
      turn.accumulated = turn.who === 'engine' ? 0 : elapsed();
      turn.since = null;
    }
    if (active) {
      cancelSearch();
      panel.reset('paused');
    }
    persist();
    if (gs) {
      renderStatus();
      syncBoard();
    }
  }

  function resume(reason) {
    if (!pauses.delete(reason) || pauses.size) return;
    log(`resume: ${reason}`);
    if (!gs || gs.outcome) return;
    if (turn) turn.since = performance.now();
    renderStatus();
    syncBoard();
    if (gs.to_move === 'engine' && !active) requestEngineMove();
  }

  const onVisibility = () => (document.hidden ? pause('tab hidden') : resume('tab hidden'));
  document.addEventListener('visibilitychange', onVisibility);
  const onView = (e) => (e.detail.view === 'play' ? resume('another view') : pause('another view'));
  document.addEventListener('tmlab-view', onView);
  // Announced before the next view loads, so the engine's search ends at once.
  const onLeave = (e) => e.detail.view === 'play' && pause('another view');
  document.addEventListener('tmlab-view-leave', onLeave);
  addEventListener('pagehide', () => persist());
  root.addEventListener('keydown', (e) => {
    if ((e.key === 'c' || e.key === 'C') && !/INPUT|SELECT|TEXTAREA/.test(e.target.tagName)) readClocks();
  });
  if (document.hidden) pauses.add('tab hidden');

  // ---- start: restore a game in progress, else a new one ----
  const saved = loadGame();
  let restored = null;
  if (saved) {
    try {
      restored = PlayBoard.restore(saved.game);
    } catch (e) {
      notice.textContent = `The saved game could not be restored (${e.message || e}); a new game starts.`;
    }
  }
  const ready = restored
    ? begin(restored, {
        accumulated: saved.side === 'person' ? saved.elapsedMs || 0 : 0,
        note: `Restored the game in progress. The ${Math.round((Date.now() - saved.stamp) / 1000)} s away were not charged.`,
      })
    : newGame();

  const api = {
    cg,
    ready,
    get board() {
      return board;
    },
    get state() {
      return gs;
    },
    get active() {
      return active;
    },
    get starting() {
      return starting;
    },
    get games() {
      return games;
    },
    get paused() {
      return [...pauses];
    },
    get events() {
      return events;
    },
    /** The clocks as shown, ms. */
    clockMs: (color) => clockMs(color, performance.now()),
    newGame,
    sound,
    history,
    panel,
    pgn: pgnText,
    destroy() {
      clearInterval(ticker);
      document.removeEventListener('visibilitychange', onVisibility);
      document.removeEventListener('tmlab-view', onView);
      document.removeEventListener('tmlab-view-leave', onLeave);
      cancelSearch();
      cg.destroy();
    },
  };
  return api;
}
