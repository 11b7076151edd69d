// @ts-check
// The Play view's templates (lit-html), all drawn from the controller's state: the clocks, the
// engine panel, the move list, the controls and the PGN box. Only three long-lived parts are
// placed into them: the board (chessground owns its element), the move-time chart's canvas
// (Rust draws it) and the setup form (its own template). Listeners are bound in the templates and
// go away with them when the view unmounts. Every number and sentence shown comes from the
// state: the Rust game's (clocks, moves, each engine move's stop sentence, the level) or the
// Rust report of the running search.

import { html, nothing } from 'lit-html';
import { repeat } from 'lit-html/directives/repeat.js';
import { guard } from 'lit-html/directives/guard.js';
import { styleMap } from 'lit-html/directives/style-map.js';
import { stop_reason_label, term_readout } from '../../pkg/tmlab.js';
import { termChips } from '../../ui/glossary.js';
import { statusText, clockMs, running, panelTime, lastEngineMove } from './controller.js';
import { formatClock, verbalClock } from './clock.js';

/**
 * @typedef {{board: HTMLElement, promo: HTMLElement, canvas: HTMLElement, setup: HTMLElement}} Parts
 * @typedef {{newGame: () => void, start: () => void, resign: () => void, offerDraw: () => void,
 *   flip: () => void, readClocks: () => void, select: (i: number|null) => void, typed: (text: string) => boolean,
 *   sound: (on: boolean) => void, pgnDownload: () => void, pgnCopy: () => void, chartKey: (e: KeyboardEvent) => void,
 *   chartClick: (e: MouseEvent) => void}} Handlers
 * @typedef {import('./controller.js').PlayState} PlayState
 * @typedef {{field: string, example: string, meaning: string}} CommentField
 */

const DRAW_TIP = 'The engine accepts after move 30 if its last score is within ±0.25 pawns.';
const MOVE_TIP = 'Type a move as SAN (e4, Nf3, exd5, O-O, e8=Q) or UCI (e2e4) and press Enter.';
const BUDGET_TIP =
  'The time manager’s budget for this move: the bar fills with the time used; the orange mark is the soft limit (stop at an iteration boundary after it), the purple one the soft limit the manager really uses, the end the hard limit (stop at once).';
/** While a clock runs, its spoken text changes at most this often (ms of clock time). */
const VERBAL_STEP_MS = 10_000;

/** 1234567 → "1.23 M", 12345 → "12.3 k". @param {number | null | undefined} n */
export function si(n) {
  if (n == null || !Number.isFinite(n)) return '–';
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)} M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)} k`;
  return String(Math.round(n));
}

/** @param {number | null | undefined} ms */
export function seconds(ms) {
  return ms == null || !Number.isFinite(ms) ? '–' : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** @param {any} r a report */
function scoreText(r) {
  if (r.score_mate != null) return `mate ${r.score_mate}`;
  if (r.score_cp != null) return `${r.score_cp >= 0 ? '+' : ''}${(r.score_cp / 100).toFixed(2)}`;
  return '–';
}

/**
 * One side's clock, as lichess draws it: the label, the time (tenths under 10 s), an emergency
 * style and icon below the crate's threshold, a draining bar over the crate's span, and a timer
 * role whose spoken text changes at most every 10 s while it runs.
 * @param {PlayState} s @param {'white'|'black'} color @param {number} now
 */
function clockView(s, color, now) {
  const gs = s.gs;
  const state = gs.clocks[color === 'white' ? 0 : 1];
  const ms = clockMs(s, color, now);
  const on = running(s, color);
  const emergency = state.emergency_ms != null && ms != null && ms < state.emergency_ms;
  const fill = state.bar_ms && ms != null ? Math.max(0, Math.min(1, ms / state.bar_ms)) : 1;
  const who = color === gs.person ? 'You' : 'Engine';
  const spokenMs = on && ms != null ? Math.ceil(ms / VERBAL_STEP_MS) * VERBAL_STEP_MS : ms;
  const verbal = `${color}: ${verbalClock(spokenMs)}${emergency ? ', low on time' : ''}`;
  return html`<div class="clock clock-${color} ${on ? 'running' : ''} ${emergency ? 'emergency' : ''}"
    data-color=${color} data-emergency=${String(emergency)}>
    <span class="clock-label">${who} (${color === 'white' ? 'White' : 'Black'})</span>
    <span class="clock-icon" aria-hidden="true">${emergency ? '⚠' : ''}</span>
    <span class="clock-time" role="timer" aria-live="off" aria-label=${verbal}>${formatClock(ms)}</span>
    <div class="clock-bar"><div class="clock-bar-fill" style=${styleMap({ transform: `scaleX(${fill})` })}></div></div>
  </div>`;
}

/**
 * The board between the two clocks, the side at the bottom the board's orientation (both
 * layouts); a selected earlier move shows the board in replay style.
 * @param {PlayState} s @param {Parts} parts @param {number} now
 */
function boardColumn(s, parts, now) {
  const gs = s.gs;
  const top = s.orientation === 'white' ? 'black' : 'white';
  return html`<div class="board-col">
    <div class="clock-slot slot-top">${gs ? clockView(s, top, now) : nothing}</div>
    <div class="board-box ${s.selected == null ? '' : 'replay'}">${parts.board}${parts.promo}</div>
    <div class="clock-slot slot-bottom">${gs ? clockView(s, s.orientation, now) : nothing}</div>
  </div>`;
}

/** A mark on the budget bar at `ms` of `span` (off the bar when unknown). */
const markAt = (/** @type {number|null|undefined} */ ms, /** @type {number|null|undefined} */ span) =>
  styleMap({ left: span && ms != null ? `${Math.min(100, (ms / span) * 100)}%` : '-10px' });

/**
 * The engine panel: what the engine does, the running search's numbers (depth/seldepth or MCTS
 * visits, nodes, nps, score, time, PV), the manager's budget as a bar filling in real time with
 * the soft limit and the effective soft limit marked, the effective limit's sentence and factors
 * (Rust's), and after each move the sentence saying why the search stopped then (Rust's).
 * @param {PlayState} s @param {number} now
 */
function enginePanel(s, now) {
  const gs = s.gs;
  const e = s.engine;
  const r = e.report || {};
  const mcts = gs?.searcher === 'mcts';
  const used = panelTime(s, now);
  const soft = r.soft_ms ?? null;
  const hard = r.hard_ms ?? null;
  const span = hard ?? soft;
  const limit = r.limit ?? null;
  const eff = limit?.soft_ms ?? null;
  const last = lastEngineMove(s);
  const why = e.mode === 'idle' && last ? last.engine.why : '';
  const stop = r.stop ? `stopped: ${stop_reason_label(r.stop, gs?.searcher ?? 'ab')}` : e.mode === 'thinking' ? 'searching…' : '–';
  const depth = r.depth ? (mcts ? `${r.depth} · ${si(r.nodes)}` : `${r.depth}${r.seldepth ? `/${r.seldepth}` : ''}`) : '–';
  const fill = used != null && span ? Math.min(1, used / span) : 0;
  const pastSoft = e.mode === 'thinking' && soft != null && used != null && used > soft;
  return html`<section class="engine-panel ${pastSoft ? 'past-soft' : ''}" aria-label="Engine" data-mode=${e.mode === 'idle' ? 'idle' : e.mode}
    data-depth=${r.depth || ''} data-nodes=${r.nodes || ''} data-soft=${soft ?? ''} data-hard=${hard ?? ''}
    data-effective-soft=${eff ?? ''} data-stop=${r.stop || ''}>
    <div class="ep-head"><strong>Engine</strong>
      <span class="ep-level" title="Strength level: a cap on the search's node rate; the time manager is untouched">${gs ? `${gs.manager} · level ${gs.level_text}` : ''}</span>
      <span class="ep-state" role="status" aria-live="polite">${e.label}</span></div>
    <dl class="ep-stats">
      <div><dt class="ep-depth-label" title="Alpha-beta: completed iterative-deepening depth / the deepest ply any line reached. MCTS: average playout depth; visits are the tree's nodes.">${mcts ? 'depth · visits' : 'depth/sel'}</dt><dd class="ep-depth">${depth}</dd></div>
      <div><dt title="Positions searched this move (MCTS: visits in the tree, reused ones included)">nodes</dt><dd class="ep-nodes">${si(r.nodes)}</dd></div>
      <div><dt title="Nodes per second (capped below full strength)">nps</dt><dd class="ep-nps">${r.nps ? `${si(r.nps)}/s` : '–'}</dd></div>
      <div><dt title="Score from the engine's point of view, in pawns">score</dt><dd class="ep-score">${scoreText(r)}</dd></div>
      <div><dt title="Time the engine has spent on this move">time</dt><dd class="ep-time">${seconds(used ?? (r.time_ms || null))}</dd></div>
    </dl>
    <div class="ep-pv" title="Principal variation: the line the engine expects (last completed iteration)">${r.pv?.length ? r.pv.join(' ') : '–'}</div>
    <div class="ep-budget" title=${BUDGET_TIP}>
      <div class="ep-bar"><div class="ep-fill" style=${styleMap({ transform: `scaleX(${fill})` })}></div>
        <div class="ep-soft" style=${markAt(soft, span)}></div>
        <div class="ep-eff" style=${markAt(eff, span)} title="The effective soft limit: the base soft budget scaled by the manager's in-search factors"></div></div>
      <div class="ep-budget-text">${soft != null || hard != null ? `budget: soft ${seconds(soft)} · hard ${seconds(hard)}` : 'budget: none (no clock or pondering)'}</div>
      <div class="ep-limit" title="The soft limit the manager is actually using, with its factors (after each iteration or poll)">${limit ? `effective: ${limit.text}` : ''}</div>
      <div class="ep-terms">${guard([gs?.manager, limit?.text], () =>
        termChips((limit?.terms || []).map((/** @type {any} */ t) => term_readout(gs?.manager ?? '', t.key, t.value))))}</div>
    </div>
    <div class="ep-stop">${stop}</div>
    <p class="ep-why" aria-live="polite">${why}</p>
  </section>`;
}

/** The move list: a keyed list (a row keeps its element, and focus, across updates). @param {PlayState} s @param {Handlers} h */
function moveList(s, h) {
  const rows = s.gs.moves.map((/** @type {any} */ m, /** @type {number} */ i) => ({ m, i }));
  return html`<ol class="move-list" aria-label="Moves">${repeat(
    rows,
    ({ m }) => `${m.ply}:${m.uci}`,
    ({ m, i }) => html`<li class="mv ${m.color}" data-index=${i}>
      <button type="button" title=${moveTitle(m)} aria-current=${i === s.selected ? 'true' : 'false'}
        @click=${() => h.select(i === s.selected ? null : i)}>${m.color === 'white' ? `${Math.floor(m.ply / 2) + 1}. ` : ''}${m.san}</button>
      <span class="mv-time">${seconds(m.used_ms)}</span></li>`,
  )}</ol>`;
}

/** @param {any} m a move row */
const moveTitle = (m) =>
  `${seconds(m.used_ms)} used${m.engine?.soft_ms != null ? `, soft ${seconds(m.engine.soft_ms)}, hard ${seconds(m.engine.hard_ms)}` : ''}`;

/** A move as the replay bar and the chart's note describe it. @param {any} m */
export function describeMove(m) {
  const e = m.engine;
  const head = `${Math.floor(m.ply / 2) + 1}${m.color === 'white' ? '.' : '…'} ${m.san}: ${seconds(m.used_ms)} used`;
  return e ? `${head}. ${e.why}` : head;
}

/**
 * What tmlab's PGN comments mean (from the crate), opened by the link beside the download.
 * @param {CommentField[]} fields
 */
function pgnFields(fields) {
  return html`<details class="pgn-fields" id="pgn-fields"><summary>What the PGN comments mean</summary>
    <p>Every move gets a comment such as <code>+0.31/14 1.21s [%clk 0:02:55.3] [%emt 0:00:01.21] n=152340 latency=37</code>
      (the same fields as in <code>docs/play.md</code>, “PGN comments”):</p>
    <dl>${fields.map((f) => html`<dt data-field=${f.field}><code>${f.field}</code> <small>${f.example}</small></dt><dd>${f.meaning}.</dd>`)}</dl>
  </details>`;
}

/**
 * @param {PlayState} s
 * @param {Handlers} h
 * @param {Parts} parts
 * @param {{now: number, fields: CommentField[]}} o
 */
export function playTemplate(s, h, parts, { now, fields }) {
  const gs = s.gs;
  const over = Boolean(gs?.outcome);
  const live = s.selected == null;
  const selectedMove = live ? null : gs?.moves[s.selected ?? -1];
  const onSubmit = (/** @type {SubmitEvent} */ e) => {
    e.preventDefault();
    const input = /** @type {HTMLInputElement} */ (/** @type {HTMLFormElement} */ (e.target).elements.namedItem('move'));
    if (h.typed(input.value)) input.value = '';
  };
  return html`
    <section class="card play-main">
      ${boardColumn(s, parts, now)}
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
            <input type="checkbox" id="play-sound" .checked=${s.sound} @change=${(/** @type {any} */ e) => h.sound(e.target.checked)} /> sound</label>
        </div>
        <form class="move-entry" @submit=${onSubmit}>
          <label for="play-move-input">Your move</label>
          <input id="play-move-input" name="move" autocomplete="off" spellcheck="false" placeholder="e4, Nf3, e2e4"
            title=${MOVE_TIP} aria-describedby="play-move-error" ?disabled=${over} />
          <button type="submit" ?disabled=${over}>Play</button>
          <p id="play-move-error" class="move-error" role="alert">${s.moveError}</p>
        </form>
        <div class="replay-bar" ?hidden=${live}>
          <span class="replay-text">${selectedMove ? `Viewing ${describeMove(selectedMove)} (view only)` : ''}</span>
          <button type="button" class="back-live" @click=${() => h.select(null)}>Back to live</button>
        </div>
        ${gs ? moveList(s, h) : nothing}
        ${enginePanel(s, now)}
        <div class="pgn-box">
          <button type="button" class="pgn-download" aria-describedby="pgn-fields" @click=${h.pgnDownload}>Download PGN</button>
          <button type="button" class="pgn-copy" @click=${h.pgnCopy}>Copy PGN</button>
          <a class="pgn-help" href="#pgn-fields" @click=${openFields}>What the comments mean</a>
          <span class="pgn-note" role="status">${s.pgnNote}</span>
          ${s.pgnText != null ? html`<textarea class="pgn-text" readonly .value=${s.pgnText}></textarea>` : nothing}
          ${pgnFields(fields)}
        </div>
        <p class="sr-only" aria-live="assertive">${s.announce}</p>
      </div>
    </section>
    <section class="card play-chart">
      <h2>Time per move</h2>
      <p class="blurb">Bars: time used (White light, Black dark). On the engine’s moves the orange tick is its time manager’s soft budget and the dashed red tick the hard one. Click a bar or a move to see that position; “Back to live” returns.</p>
      <div class="chart-box" @click=${h.chartClick} @keydown=${h.chartKey}>${parts.canvas}</div>
      <output class="annotation">${selectedMove ? describeMove(selectedMove) : ''}</output>
    </section>
    ${parts.setup}`;
}

/**
 * The engine's line in the compact layout: its state, the manager and level, then the running
 * (or last) search's depth, score, budget and principal variation, on one or two lines.
 * @param {PlayState} s @param {number} now
 */
function engineLine(s, now) {
  const gs = s.gs;
  const e = s.engine;
  const r = e.report || {};
  const mcts = gs?.searcher === 'mcts';
  const used = panelTime(s, now);
  const depth = r.depth ? (mcts ? `depth ${r.depth} · ${si(r.nodes)} visits` : `depth ${r.depth}${r.seldepth ? `/${r.seldepth}` : ''}`) : '';
  const budget = r.soft_ms != null || r.hard_ms != null ? `${seconds(used ?? r.time_ms ?? null)} of soft ${seconds(r.soft_ms)}` : '';
  const numbers = [depth, r.depth ? scoreText(r) : '', budget].filter(Boolean).join(' · ');
  return html`<section class="engine-line" aria-label="Engine" data-mode=${e.mode === 'idle' ? 'idle' : e.mode}
    data-depth=${r.depth || ''} data-soft=${r.soft_ms ?? ''} data-stop=${r.stop || ''} title=${BUDGET_TIP}>
    <div class="el-head"><strong>${gs ? gs.manager : 'Engine'}</strong> <span class="el-level">${gs ? `level ${gs.level_text}` : ''}</span>
      <span class="el-state" role="status" aria-live="polite">${e.label}</span><span class="el-numbers">${numbers}</span></div>
    <div class="el-pv" title="Principal variation: the line the engine expects (last completed iteration)">${r.pv?.length ? r.pv.join(' ') : '–'}</div>
  </section>`;
}

/**
 * The compact layout (the Play embed's `layout=compact`, issue 24): the board, both clocks, the
 * status, the engine's line and the move list, and nothing else: no setup form (the link sets
 * the manager and the time control), no chart, no PGN box. About 540 px tall at 400 px wide.
 * @param {PlayState} s
 * @param {Handlers} h
 * @param {Parts} parts
 * @param {{now: number}} o
 */
export function compactTemplate(s, h, parts, { now }) {
  const gs = s.gs;
  const live = s.selected == null;
  return html`
    <section class="play-compact">
      ${boardColumn(s, parts, now)}
      <div class="play-side">
        <p class="play-status" role="status" aria-live="polite" data-result=${gs?.outcome?.result ?? nothing}
          data-termination=${gs?.outcome?.termination ?? nothing}>${gs ? statusText(s) : s.notice}
          ${s.waiting ? html`<button type="button" class="start-game primary" @click=${h.start}>Start</button>` : nothing}
          ${live ? nothing : html`<button type="button" class="back-live" @click=${() => h.select(null)}>Back to live</button>`}
          ${gs?.outcome ? html`<button type="button" class="new-game" @click=${h.newGame}>New game</button>` : nothing}</p>
        ${engineLine(s, now)}
        ${gs ? moveList(s, h) : nothing}
        <p class="sr-only" aria-live="assertive">${s.announce}</p>
      </div>
    </section>`;
}

/** Opens the PGN fields' disclosure when its link is followed. @param {Event} e */
function openFields(e) {
  const box = /** @type {HTMLDetailsElement|null} */ (document.getElementById('pgn-fields'));
  if (box) box.open = true;
  e.preventDefault();
  box?.scrollIntoView({ block: 'nearest' });
}
