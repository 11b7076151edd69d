// @ts-check
// The Match view's game chart: time used per move with the soft/hard budgets and both clocks
// (lc0's dual-axis layout), drawn by the Rust plot code on a HiDPI-sized canvas, with a
// readout on hover, tap, drag and ← →.

import { term_readout } from '../pkg/tmlab.js';
// Drawn by the charts module (the engine module has no `draw`: issue 24); its page loads both.
import { GameCanvas, game_chart_data } from '../pkg/charts/charts.js';
import { termsExplained } from './glossary.js';
import { perFrame } from './frame.js';
import { bindReadout, pxOfMove } from './canvas.js';
import { chartCard } from './chart-card.js';
import { createChartEmbed } from './chart-embed.js';
import { gameSnippet, playgroundBase } from './snippets.js';

/**
 * @param {() => {summary: {record: import('./crate-types.js').ChartRecord} | null, index: number|null, finished: number}} current the selected game
 * @param {{mark?: number|null, title?: string, blurb?: string}} [opts] `mark`: a move whose numbers
 *   are shown (its readout and guide line) while nothing is hovered (a lesson's notice names
 *   them); `title` and `blurb`: the card's own, where another view shows a game (Replay, Learn)
 */
export function createGameChart(current, { mark = null, title = 'Game chart', blurb } = {}) {
  const { section, figure, canvas, size } = chartCard({
    className: 'match-chart',
    title,
    blurb: blurb ?? 'Time used per move (bars: White left, Black right of the move number) with the manager’s soft budget (▬) and hard limit (×) on the left axis, and both clocks on the right axis (lc0’s dual-axis layout). Select a game in the table.',
    label: 'Time per move and clock of the selected game',
    id: 'm-chart',
    focusable: true,
    height: { ratio: 0.42, min: 240, max: 420 },
  });
  const note = Object.assign(document.createElement('div'), { className: 'annotation', id: 'm-chart-note' });
  note.setAttribute('aria-live', 'polite');
  // What the readout's numbers mean, from the crate's glossary.
  const terms = ['used', 'soft', 'effective_soft', 'hard', 'clock'].map((k) => term_readout('chart', k, 0));
  // The selected game's chart as a <tm-curve kind="game"> carrying the game's chart data.
  const embed = createChartEmbed({
    label: 'game',
    snippet: () => {
      const { summary } = current();
      const text = summary ? gameSnippet(game_chart_data(summary.record), playgroundBase(location.href)) : 'Select a finished game in the table first.';
      return { kind: 'curve', text };
    },
  });
  section.append(note, embed.element, termsExplained(terms));

  const chart = new GameCanvas(canvas);
  /** @type {unknown} the game drawn */
  let shown = null;
  /** @type {number|null} */
  let hoverPx = null;
  /** @type {import('./crate-types.js').GameDrawn | null} */
  let lastDrawn = null;
  function drawNow() {
    const { summary: s, index, finished } = current();
    if (!s || index == null) {
      note.textContent = finished ? 'Select a game in the table.' : 'The chart appears once a game has finished.';
      return;
    }
    size();
    if (shown !== s) {
      chart.set_game(s.record);
      shown = s;
      embed.refresh();
    }
    /** @type {import('./crate-types.js').GameDrawn} */
    let drawn = chart.draw(hoverPx ?? undefined);
    if (hoverPx === null && mark && drawn.moves > 0) drawn = chart.draw(pxOfMove(drawn.frame, mark));
    lastDrawn = drawn;
    canvas.dataset.game = String(index);
    canvas.dataset.moves = String(drawn.moves);
    note.textContent = drawn.lines.length
      ? drawn.lines.join(' · ')
      : `Game ${index + 1}: ${s.record.setup.white.name} – ${s.record.setup.black.name}, ${s.record.outcome?.result ?? '*'} (${s.record.outcome?.reason ?? ''}). Hover or tap the chart (or focus it and use ← →) for each move’s numbers.`;
  }
  const draw = perFrame(() => {
    const t0 = performance.now();
    drawNow();
    performance.measure('tmlab:draw', { start: t0, detail: 'match-game' });
  });
  const unbind = bindReadout(canvas, (x) => {
    hoverPx = x;
    draw();
  });
  const onKey = (/** @type {KeyboardEvent} */ e) => {
    if ((e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') || !lastDrawn) return;
    e.preventDefault();
    const f = lastDrawn.frame;
    const perMove = (f.right - f.left) / Math.max(1, f.x_range[1] - f.x_range[0]);
    hoverPx = Math.min(f.right, Math.max(f.left, (hoverPx ?? f.left) + (e.key === 'ArrowRight' ? perMove : -perMove)));
    draw();
  };
  canvas.addEventListener('keydown', onKey);
  const resize = new ResizeObserver(draw);
  resize.observe(figure);
  return {
    element: section,
    draw,
    /** The start size, so the first game's chart shifts no layout. */
    size,
    get drawn() {
      return lastDrawn;
    },
    dispose() {
      unbind();
      canvas.removeEventListener('keydown', onKey);
      resize.disconnect();
      chart.free();
    },
  };
}
