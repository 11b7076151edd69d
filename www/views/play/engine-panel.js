// @ts-check
// The engine panel: state, depth/seldepth (or MCTS visits), nodes, nps, score, time and PV as the
// search streams them, and the time manager's budget as a bar that fills in real time against
// the hard limit with a mark at the soft limit (from `info string tm soft … hard …`, printed
// before any search work), a second mark at the effective soft limit the manager really uses and
// its sentence (`info string tm-limit {json}`: its `text`, as Rust wrote it), then the reason the
// search stopped (`info string stop`, worded by Rust for the searcher). Numbers are redrawn at most every THROTTLE_MS (lichess
// throttles to 125 ms) and flushed at the end of a search.

import { stop_reason_label, term_readout, describe_spec } from '../../pkg/tmlab.js';
import { termChips } from '../../ui/glossary.js';

const THROTTLE_MS = 100;

/**
 * The Rust report of the running search (PlayBoard.report()).
 * @typedef {object} Report
 * @property {number} [depth]
 * @property {number} [seldepth]
 * @property {number} [nodes]
 * @property {number} [nps]
 * @property {number} [time_ms]
 * @property {number | null} [score_cp]
 * @property {number | null} [score_mate]
 * @property {string[]} [pv]
 * @property {number | null} [soft_ms]
 * @property {number | null} [hard_ms]
 * @property {string | null} [stop]
 * @property {Limit | null} [limit] the latest `info string tm-limit`, as Rust read it
 */
/**
 * The manager's effective limit (`info string tm-limit` json).
 * @typedef {object} Limit
 * @property {number | null} soft_ms the soft limit in use (null: none)
 * @property {number} base_ms the base soft budget
 * @property {number | null} cap_ms
 * @property {number | null} hard_ms
 * @property {string} text the Rust-formatted sentence
 * @property {{key: string, label: string, value: number}[]} [terms] the factors, in order
 */

/**
 * 1234567 → "1.23 M", 12345 → "12.3 k".
 * @param {number | null | undefined} n
 */
export function si(n) {
  if (n == null || !Number.isFinite(n)) return '–';
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)} M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)} k`;
  return String(Math.round(n));
}

/** @param {number | null | undefined} ms */
function seconds(ms) {
  return ms == null ? '–' : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** @param {Report} r */
function scoreText(r) {
  if (r.score_mate != null) return `mate ${r.score_mate}`;
  if (r.score_cp != null) return `${r.score_cp >= 0 ? '+' : ''}${(r.score_cp / 100).toFixed(2)}`;
  return '–';
}


export function createEnginePanel() {
  const el = document.createElement('section');
  el.className = 'engine-panel';
  el.setAttribute('aria-label', 'Engine');
  el.innerHTML = `
    <div class="ep-head"><strong>Engine</strong> <span class="ep-state" role="status" aria-live="polite">waiting</span></div>
    <dl class="ep-stats">
      <div><dt class="ep-depth-label" title="Alpha-beta: completed iterative-deepening depth. MCTS: average playout depth; visits are the tree's nodes.">depth</dt><dd class="ep-depth">–</dd></div>
      <div><dt title="Positions searched this move (MCTS: visits in the tree, reused ones included)">nodes</dt><dd class="ep-nodes">–</dd></div>
      <div><dt title="Nodes per second">nps</dt><dd class="ep-nps">–</dd></div>
      <div><dt title="Score from the engine's point of view, in pawns">score</dt><dd class="ep-score">–</dd></div>
      <div><dt title="Time the engine has spent on this move">time</dt><dd class="ep-time">–</dd></div>
    </dl>
    <div class="ep-pv" title="Principal variation: the line the engine expects (last completed iteration)">–</div>
    <div class="ep-budget" title="The time manager's budget for this move: the bar fills with the time used; the mark is the soft limit (stop at an iteration boundary after it), the end is the hard limit (stop at once).">
      <div class="ep-bar"><div class="ep-fill"></div><div class="ep-soft"></div><div class="ep-eff" title="The effective soft limit: the base soft budget scaled by the manager's in-search factors"></div></div>
      <div class="ep-budget-text">budget: –</div>
      <div class="ep-limit" title="The soft limit the manager is actually using, with its factors (after each iteration or poll)"></div>
      <div class="ep-terms"></div>
    </div>
    <div class="ep-stop">–</div>`;
  /** @param {string} s @returns {HTMLElement} */
  const $ = (s) => /** @type {HTMLElement} */ (el.querySelector(s));
  /** @type {Report | null} */
  let report = null;
  /** @type {number | null} */
  let searchStart = null;
  let mode = 'idle';
  let searcher = 'ab';
  /** The manager whose glossary terms label the factors (its canonical name). */
  let scope = '';
  let managerSpec = '';
  /** @type {string | null} the sentence of the limit whose factors are shown */
  let shownLimit = null;
  let lastDraw = 0;
  /** @type {ReturnType<typeof setTimeout> | null} */
  let timer = null;

  function drawNumbers() {
    timer = null;
    lastDraw = performance.now();
    /** @type {Report} */
    const r = report || {};
    $('.ep-depth-label').textContent = searcher === 'mcts' ? 'depth · visits' : 'depth/sel';
    $('.ep-depth').textContent = r.depth
      ? searcher === 'mcts'
        ? `${r.depth} · ${si(r.nodes)}`
        : `${r.depth}${r.seldepth ? `/${r.seldepth}` : ''}`
      : '–';
    el.dataset.depth = String(r.depth || '');
    el.dataset.nodes = String(r.nodes || '');
    $('.ep-pv').textContent = r.pv?.length ? r.pv.join(' ') : '–';
    $('.ep-nodes').textContent = si(r.nodes);
    $('.ep-nps').textContent = r.nps ? `${si(r.nps)}/s` : '–';
    $('.ep-score').textContent = scoreText(r);
    const soft = r.soft_ms;
    const hard = r.hard_ms;
    $('.ep-budget-text').textContent =
      soft != null || hard != null ? `budget: soft ${seconds(soft)} · hard ${seconds(hard)}` : 'budget: none (no clock or pondering)';
    el.dataset.soft = String(soft ?? '');
    el.dataset.hard = String(hard ?? '');
    const span = hard ?? soft;
    $('.ep-soft').style.left = span && soft != null ? `${Math.min(100, (soft / span) * 100)}%` : '-10px';
    const limit = r.limit;
    const eff = limit?.soft_ms;
    $('.ep-eff').style.left = span && eff != null ? `${Math.min(100, (eff / span) * 100)}%` : '-10px';
    $('.ep-limit').textContent = limit ? `effective: ${limit.text}` : '';
    if ((limit?.text ?? null) !== shownLimit) {
      // The factors as the glossary labels them, each with its unit and meaning.
      shownLimit = limit?.text ?? null;
      $('.ep-terms').replaceChildren(...termChips((limit?.terms || []).map((t) => term_readout(scope, t.key, t.value))));
    }
    el.dataset.effectiveSoft = String(eff ?? '');
    // The reason's wording comes from Rust, per searcher (MCTS has no iterations).
    $('.ep-stop').textContent = r.stop ? `stopped: ${stop_reason_label(r.stop, searcher)}` : mode === 'thinking' ? 'searching…' : '–';
    el.dataset.stop = r.stop || '';
  }

  return {
    element: el,
    /** @param {string} s the searcher, `ab` or `mcts` */
    setSearcher(s) {
      searcher = s;
    },
    /** @param {string} spec the manager's spec string (its terms are labelled from the glossary) */
    setManager(spec) {
      if (spec === managerSpec) return;
      managerSpec = spec;
      try {
        scope = describe_spec(spec).manager;
      } catch {
        scope = '';
      }
    },
    /**
     * A search started (or a ponder search turned into a real one).
     * @param {'thinking' | 'pondering'} kind
     */
    start(kind, now = performance.now()) {
      mode = kind;
      searchStart = now;
      report = null;
      $('.ep-state').textContent = kind === 'pondering' ? 'pondering on your expected reply' : 'thinking';
      el.dataset.mode = kind;
      drawNumbers();
    },
    ponderhit(now = performance.now()) {
      mode = 'thinking';
      searchStart = now;
      $('.ep-state').textContent = 'thinking (ponder hit)';
      el.dataset.mode = mode;
    },
    /**
     * New numbers from the Rust report; drawn at most every THROTTLE_MS.
     * @param {Report} r
     */
    update(r) {
      report = r;
      if (timer) return;
      const wait = Math.max(0, THROTTLE_MS - (performance.now() - lastDraw));
      timer = setTimeout(drawNumbers, wait);
    },
    /**
     * The search ended: flush.
     * @param {Report} r
     */
    finish(r, label = 'idle') {
      report = r;
      mode = 'idle';
      if (timer) clearTimeout(timer);
      drawNumbers();
      $('.ep-state').textContent = label;
      el.dataset.mode = 'idle';
    },
    /** Per clock tick: the bar's fill against the hard limit. */
    tick(now = performance.now()) {
      if (mode !== 'thinking' || searchStart == null) return;
      const r = report || {};
      const span = r.hard_ms ?? r.soft_ms;
      const used = now - searchStart;
      $('.ep-time').textContent = seconds(used);
      $('.ep-fill').style.transform = `scaleX(${span ? Math.min(1, used / span) : 0})`;
      el.classList.toggle('past-soft', r.soft_ms != null && used > r.soft_ms);
    },
    /** @param {string} text */
    label(text) {
      mode = 'idle';
      $('.ep-state').textContent = text;
      el.dataset.mode = 'idle';
    },
    reset(label = 'waiting') {
      report = null;
      mode = 'idle';
      searchStart = null;
      $('.ep-fill').style.transform = 'scaleX(0)';
      $('.ep-time').textContent = '–';
      drawNumbers();
      $('.ep-state').textContent = label;
    },
  };
}
