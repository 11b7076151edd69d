// @ts-check
// The move-time chart's canvas, drawn by Rust (MoveTimeCanvas, playground.md §5.7): one bar per
// move, the engine's soft/hard budgets as ticks, the shown move highlighted. Its backing store
// is CSS size × devicePixelRatio (crisp at dpr 1, 2 and 3); it is redrawn in a task of its own
// (coalesced), so the move that caused it stays a short task. A click or ← → on it selects a
// move (the view's state says which; this file only maps pixels and keys to moves). The bars
// are the engine module's (PlayBoard.move_bars), the drawing the engine charts module's (issue
// 24), asked through ui/engine-charts.js: the view never waits for it, the first drawing does
// (or shows why it cannot); the canvas object is made at the first drawing, so the compact
// embed, which draws no chart, never needs that module.
import { fitCanvas, chartX } from '../../ui/canvas.js';
import { cancelEngineChart, drawEngineChart } from '../../ui/engine-charts.js';

const CHART_HEIGHT = 200;

export function createChart() {
  const canvas = document.createElement('canvas');
  canvas.className = 'movetime';
  canvas.tabIndex = 0;
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', 'Time used per move; click a bar to show that position');
  /** @type {InstanceType<import('../../ui/engine-charts.js').EngineCharts['MoveTimeCanvas']> | null} */
  let chart = null;
  /** @type {{board: any, selected: number|null, moves: number} | null} the last drawing's inputs */
  let want = null;
  /** @type {ReturnType<typeof setTimeout> | null} */
  let pending = null;

  function draw() {
    pending = null;
    if (!want) return;
    // The module may still be on its way: this drawing then runs when it is in (with the
    // inputs of that moment).
    drawEngineChart(canvas, (m) => {
      if (!want) return;
      fitCanvas(canvas, Math.max(200, Math.round(canvas.clientWidth || 600)), CHART_HEIGHT);
      chart ??= new m.MoveTimeCanvas(canvas);
      chart.draw(want.board.move_bars(), want.selected ?? undefined);
      canvas.dataset.draws = String(Number(canvas.dataset.draws || 0) + 1);
      canvas.dataset.moves = String(want.moves);
    });
  }
  const soon = () => {
    if (!pending) pending = setTimeout(draw, 0);
  };
  const resize = new ResizeObserver(() => draw());
  resize.observe(canvas);

  return {
    canvas,
    /**
     * Redraw for this game and shown move, if they changed (in a task of its own).
     * @param {any} board the PlayBoard @param {number} moves @param {number|null} selected
     */
    update(board, moves, selected) {
      if (want && want.board === board && want.moves === moves && want.selected === selected) return;
      want = { board, moves, selected };
      soon();
    },
    /** The move under a click, if any. @param {MouseEvent} e */
    moveAt(e) {
      return chart?.move_at(chartX(canvas, /** @type {PointerEvent} */ (e))) ?? null;
    },
    dispose() {
      resize.disconnect();
      if (pending) clearTimeout(pending);
      cancelEngineChart(canvas);
      chart?.free();
    },
  };
}
