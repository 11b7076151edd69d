// @ts-check
// The run card of a grid experiment (Sweep's values, Scaling's time controls; the state is
// ui/grid-experiment.js's): start, stop, resume and the downloads, the progress bar, the notice,
// the estimate while running, the status line, the chart and the result table. One template for
// both views; each names its element prefix and its words.

import { html, nothing } from 'lit-html';
import { progressOf, rateOf } from './grid-experiment.js';
import { costTemplate } from './cost-line.js';

/**
 * @param {object} o
 * @param {import('./grid-experiment.js').GridState} o.s the view's state
 * @param {string} o.id the card's element id
 * @param {string} o.prefix the element ids' prefix (`s`, `sc`)
 * @param {string} o.start the start button's label
 * @param {string} o.none the status line before any run
 * @param {string} o.per what a row of games is (`per value`, `per control`), for the estimate
 * @param {any} o.h handlers: start, stop, resume, json, csv
 * @param {boolean} o.hasReport whether a report is there to download
 * @param {import('./cost-line.js').Cost} o.cost the estimate, and the time left while running
 * @param {HTMLCanvasElement} o.canvas the chart
 * @param {unknown} o.table the result table (a template), or `nothing`
 */
export function gridRunCard({ s, id, prefix, start, none, per, h, hasReport, cost, canvas, table }) {
  const running = s.status === 'running';
  const p = progressOf(s);
  const rate = rateOf(s);
  const canResume = s.run && (s.status === 'stopped' || s.status === 'failed');
  const estimate = costTemplate(`${prefix}-estimate`, cost, per);
  return html`
    <section class="card wide" id=${id}>
      <div class="match-buttons">
        <button id=${`${prefix}-start`} type="button" ?disabled=${running || !s.plan} @click=${h.start}>${start}</button>
        <button id=${`${prefix}-stop`} type="button" ?disabled=${!running} @click=${h.stop}>Stop</button>
        <button id=${`${prefix}-resume`} type="button" ?disabled=${!canResume} @click=${h.resume}>Resume</button>
        <button id=${`${prefix}-json`} type="button" ?disabled=${!hasReport} @click=${h.json}>Download JSON</button>
        <button id=${`${prefix}-csv`} type="button" ?disabled=${!hasReport} @click=${h.csv}>Download CSV</button>
      </div>
      <progress id=${`${prefix}-progress`} style="width: 100%" max="1" .value=${p.share} data-status=${s.status} data-finished=${p.finished} data-total=${p.total}></progress>
      <p class="note" id=${`${prefix}-notice`} role="status">${s.notice}</p>
      ${running ? estimate : nothing}
      <p id=${`${prefix}-status`} role="status">${s.run ? `${s.status}: ${p.finished} / ${p.total} games` : none}${rate > 0 ? html` · <span id=${`${prefix}-rate`}>${rate.toFixed(2)}</span> games/s this session` : ''}${s.message ? ` · ${s.message}` : ''}</p>
      <div class="chart-box">${canvas}</div>
      ${table}
    </section>`;
}
