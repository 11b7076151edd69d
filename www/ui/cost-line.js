// @ts-check
// The plan line every experiment view shows (lit-html): before a run, the crate's estimate of
// its duration on this device and the precision it buys; while running, the time left.

import { html, nothing } from 'lit-html';

/**
 * @typedef {{ estimate: any, calibrating: boolean, error: string, eta: string }} Cost
 * `estimate` is the crate's experiment_estimate (or null); `eta` the time left while running.
 */

/** @type {Cost} */
export const NO_COST = { estimate: null, calibrating: false, error: '', eta: '' };

/**
 * @param {string} id the element's id (`s-estimate`, …)
 * @param {Cost} cost
 * @param {string} per what one precision point is (`per value`, `for A`, `per manager`)
 */
export function costTemplate(id, cost, per) {
  const e = cost.estimate;
  let body;
  if (cost.calibrating) body = html`Estimating the duration on this device (playing the first game for a moment)…`;
  else if (cost.error) body = html`No estimate: ${cost.error}`;
  else if (e) {
    const precision = Number.isFinite(e.precision)
      ? html`; expected precision <strong>±${Math.round(e.precision)} Elo</strong> (95 %) ${per} with ${e.games_per_point} games`
      : nothing;
    const clock = e.nps ? `virtual clock: 1 ms = ${e.nps / 1000} nodes` : 'wall clock';
    const what = `${e.games} games, ${e.workers} at once, ${e.game_seconds.toFixed(1)} s a game on the ${clock}`;
    body = html`Estimate: <strong data-seconds=${Math.round(e.seconds)}>about ${e.duration}</strong> on this device (${what})${precision}.`;
  } else body = nothing;
  return html`<p class="note cost" id=${id} role="status">${body}${cost.eta ? html` <span id=${`${id}-eta`} class="eta">Time left: about ${cost.eta}.</span>` : nothing}</p>`;
}
