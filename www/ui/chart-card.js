// @ts-check
// A chart card: `<section class="card wide …">` with its title, blurb and a figure holding one
// labelled canvas, sized to the figure's width (the Match game chart, the Leaderboard's usage
// curves, the Learn view's match card).
import { fitCanvas } from './canvas.js';

/**
 * @typedef {object} ChartCardOptions
 * @property {string} className the card's classes after `card wide`
 * @property {string} title the `<h2>`
 * @property {string} blurb what the chart shows (a `.blurb` paragraph)
 * @property {string} label the canvas's accessible name
 * @property {string} [id] the canvas's id
 * @property {boolean} [focusable] the canvas takes the keyboard focus (← → readouts)
 * @property {{ratio: number, min: number, max: number}} [height] the canvas's height: `ratio` ×
 *   width, clamped to [min, max] CSS pixels (default 0.45 × width in [240, 420])
 */

/**
 * @param {ChartCardOptions} o
 * @returns {{section: HTMLElement, figure: HTMLDivElement, canvas: HTMLCanvasElement, blurb: HTMLParagraphElement, size: () => {width: number, height: number}}}
 *   `size()` fits the canvas to the figure's width and returns its CSS size
 */
export function chartCard({ className, title, blurb: text, label, id, focusable = false, height = { ratio: 0.45, min: 240, max: 420 } }) {
  const section = document.createElement('section');
  section.className = `card wide ${className}`;
  const h2 = Object.assign(document.createElement('h2'), { textContent: title });
  const blurb = Object.assign(document.createElement('p'), { className: 'blurb', textContent: text });
  const figure = Object.assign(document.createElement('div'), { className: 'figure' });
  const canvas = document.createElement('canvas');
  if (id) canvas.id = id;
  if (focusable) canvas.tabIndex = 0;
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', label);
  figure.append(canvas);
  section.append(h2, blurb, figure);
  const size = () => {
    const width = Math.max(300, Math.round(figure.clientWidth || 800));
    const h = Math.round(Math.min(height.max, Math.max(height.min, width * height.ratio)));
    fitCanvas(canvas, width, h);
    return { width, height: h };
  };
  return { section, figure, canvas, blurb, size };
}
