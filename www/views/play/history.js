// @ts-check
// The move list and the move-time chart, linked to the board (playground.md §5.7): clicking a
// move or a bar selects that ply, the board shows its position (view-only) until "back to live".
// The list is a keyed lit-html list (a row keeps its element, and focus, across updates); the
// chart's backing store is CSS size × devicePixelRatio (crisp at dpr 1, 2 and 3).
import { html, render } from 'lit-html';
import { repeat } from 'lit-html/directives/repeat.js';
import { MoveTimeCanvas } from '../../pkg/tmlab.js';
import { fitCanvas, chartX } from '../../ui/canvas.js';

const CHART_HEIGHT = 200;

function seconds(ms) {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/**
 * @param {(index: number|null) => void} onSelect  a move index, or null for live
 */
export function createHistory(onSelect) {
  const list = document.createElement('ol');
  list.className = 'move-list';
  list.setAttribute('aria-label', 'Moves');

  const chartCard = document.createElement('section');
  chartCard.className = 'card play-chart';
  chartCard.innerHTML =
    '<h2>Time per move</h2><p class="blurb">Bars: time used (White light, Black dark). On the engine’s moves the orange tick is its time manager’s soft budget and the dashed red tick the hard one. Click a bar or a move to see that position; “Back to live” returns.</p>';
  const canvas = document.createElement('canvas');
  canvas.className = 'movetime';
  canvas.tabIndex = 0;
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', 'Time used per move; click a bar to show that position');
  const note = document.createElement('output');
  note.className = 'annotation';
  chartCard.append(canvas, note);
  const chart = new MoveTimeCanvas(canvas);

  let moves = [];
  let selected = null;
  let board = null;
  let pending = null;

  function size() {
    fitCanvas(canvas, Math.max(200, Math.round(canvas.clientWidth || 600)), CHART_HEIGHT);
  }

  function drawChart() {
    if (!board) return;
    size();
    chart.draw(board, selected == null ? undefined : selected);
    canvas.dataset.draws = String(Number(canvas.dataset.draws || 0) + 1);
    canvas.dataset.moves = String(moves.length);
  }

  const title = (m) =>
    `${seconds(m.used_ms)} used${m.engine?.soft_ms != null ? `, soft ${seconds(m.engine.soft_ms)}, hard ${seconds(m.engine.hard_ms ?? NaN)}` : ''}`;

  /** Brings the list up to date: keyed rows, so unchanged moves keep their elements. */
  function renderList() {
    const rows = moves.map((m, i) => ({ m, i }));
    render(
      repeat(
        rows,
        ({ m }) => `${m.ply}:${m.uci}`,
        ({ m, i }) => html`<li class="mv ${m.color}" data-index=${i}>
          <button type="button" title=${title(m)} aria-current=${i === selected ? 'true' : 'false'}
            @click=${() => select(i === selected ? null : i)}>${m.color === 'white' ? `${Math.floor(m.ply / 2) + 1}. ` : ''}${m.san}</button>
          <span class="mv-time">${seconds(m.used_ms)}</span></li>`,
      ),
      list,
    );
    if (selected == null && list.lastElementChild) list.scrollTop = list.scrollHeight;
  }

  function describe(i) {
    const m = moves[i];
    if (!m) return '';
    const e = m.engine;
    const budget = e ? ` · soft ${e.soft_ms != null ? seconds(e.soft_ms) : '–'}, hard ${e.hard_ms != null ? seconds(e.hard_ms) : '–'}, ${e.stop}` : '';
    return `${Math.floor(m.ply / 2) + 1}${m.color === 'white' ? '.' : '…'} ${m.san}: ${seconds(m.used_ms)} used${budget}`;
  }

  function select(i) {
    selected = i;
    note.textContent = i == null ? '' : describe(i);
    renderList();
    drawChart();
    onSelect(i);
  }

  canvas.addEventListener('click', (e) => {
    const i = chart.move_at(chartX(canvas, /** @type {PointerEvent} */ (e)));
    if (i != null) select(i);
  });
  canvas.addEventListener('keydown', (e) => {
    if (!moves.length) return;
    if (e.key === 'ArrowLeft') select(Math.max(0, (selected ?? moves.length) - 1));
    else if (e.key === 'ArrowRight') select(selected == null || selected + 1 >= moves.length ? null : selected + 1);
    else if (e.key === 'Escape') select(null);
    else return;
    e.preventDefault();
  });
  const resize = new ResizeObserver(() => drawChart());
  resize.observe(canvas);

  return {
    list,
    chartCard,
    canvas,
    get selected() {
      return selected;
    },
    /**
     * New game state. The list and the chart are redrawn in a task of their own (coalesced), so
     * the move that caused it stays a short task on a busy main thread.
     */
    update(playBoard, state) {
      board = playBoard;
      moves = state.moves;
      if (selected != null && selected >= moves.length) selected = null;
      if (pending) return;
      pending = setTimeout(() => {
        pending = null;
        renderList();
        drawChart();
      }, 0);
    },
    select,
    describe,
    dispose() {
      resize.disconnect();
      if (pending) clearTimeout(pending);
    },
  };
}
