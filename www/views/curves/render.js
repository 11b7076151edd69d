// @ts-check
// The Curves view's templates (lit-html): a building-block chart's card, the allocation card
// (mode row, time control, usage sliders, engine-mode fields and progress, the managers as a
// keyed list) and the readouts under the charts. The canvases, sliders and manager panels are
// elements index.js made once (Rust draws on the canvases); lit keeps them across renders.

import { html, nothing } from 'lit-html';
import { repeat } from 'lit-html/directives/repeat.js';
import { live } from 'lit-html/directives/live.js';
import { ALLOCATION_LIMITS, SPEEDS } from '../../ui/curve-params.js';

const HINT = 'Hover the chart (or focus it and use ← →) for exact numbers.';

/**
 * A building-block chart's card's content (index.js makes the `section.card`).
 * @param {{id: string, title: string, blurb: string}} spec
 * @param {import('./controller.js').CurveState} s
 * @param {{canvas: HTMLCanvasElement, sliders: HTMLElement[], embed: HTMLElement}} parts
 */
export function curveCardTemplate(spec, s, { canvas, sliders, embed }) {
  const n = s.note;
  return html`<h2>${spec.title}</h2><p class="blurb">${spec.blurb}</p>
    <div class="figure">${canvas}<output class="annotation" aria-live="polite"
        data-x=${n ? String(n.x) : nothing} data-y=${n ? String(n.y) : nothing}>${n ? n.text : HINT}</output>
      <p class="error" role="alert">${s.error}</p>${embed}</div>
    <div class="params">${sliders}</div>`;
}

export const USAGE_BLURB = `What each manager budgets per move over a game,
    if every move used the chosen share of its soft budget: soft budget solid, hard budget dashed, clock
    remaining as a thin line on the right axis. Each manager’s default configuration stays as a faint ghost.`;
const ENGINE_BLURB = 'Engine game: the first manager plays a real self-play game on the virtual clock, with its own ' +
  'searcher, from the chosen opening. Per move of the side shown: the time used (bars), the base soft budget, the ' +
  'effective soft limit the manager really used, the hard limit (dashed) and the clock (right axis); the default ' +
  'settings’ game stays as a faint ghost. Every parameter acts here, in-search ones too.';

// In a lesson the ghost is the lesson's own setting, not the manager's defaults.
const LESSON_USAGE_BLURB = USAGE_BLURB.replace('Each manager’s default configuration stays as a faint ghost.',
  'Once a “try this” changes the chart, the lesson’s own setting stays as a faint ghost.');
const LESSON_ENGINE_BLURB = ENGINE_BLURB.replace('the default settings’ game stays as a faint ghost',
  'once a “try this” changes it, the lesson’s own setting’s game stays as a faint ghost');

/** A usage-model readout: one line per manager, its terms as the glossary labels them. */
function usageReadout(/** @type {any} */ r) {
  return html`${r.points.map(
    (/** @type {any} */ p) => html`<div class="point" data-index=${p.index} data-move=${p.row.move} data-soft=${p.row.soft_ms}
      data-hard=${p.row.hard_ms} data-clock=${p.row.clock_before_ms}><span class="swatch s${p.index}"></span> ${p.head} · ${p.chips} ${p.tail}</div>`,
  )}${r.explained}`;
}

/** An engine-mode readout: the hovered move's numbers and why the search stopped. */
function engineReadout(/** @type {any} */ p) {
  return html`<div class="point engine-point" data-move=${p.row.move_number} data-soft=${p.row.soft_ms}
    data-base=${p.row.base_soft_ms} data-hard=${p.row.hard_ms} data-used=${p.row.used_ms}
    data-clock=${p.row.clock_before_ms}>${p.text}</div><div class="point engine-limit">${p.row.limit_text}</div>`;
}

/**
 * The engine mode's fields and the game's progress.
 * @param {import('./controller.js').AllocationState} s
 * @param {string[]} openings
 * @param {(type: string, value: string) => void} on
 */
function engineTemplate(s, openings, on) {
  const st = s.settings;
  const p = s.progress;
  const opening = Math.min(openings.length - 1, Math.max(0, st.opening | 0));
  const change = (/** @type {string} */ type) => (/** @type {Event} */ e) => on(type, /** @type {HTMLInputElement} */ (e.target).value);
  return html`<div class="engine-mode params" ?hidden=${st.mode !== 'engine'} data-running=${p.running ? '1' : nothing}
      data-runs=${p.runs ? String(p.runs) : nothing}>
    <div class="param" data-key="allocation.opening"><label class="param-label" for="allocation-opening">opening</label>
      <select id="allocation-opening" @change=${change('opening')}>${openings.map(
        (name, i) => html`<option value=${String(i)} ?selected=${i === opening}>${i + 1}. ${name}</option>`,
      )}</select></div>
    <div class="param" data-key="allocation.enps"><label class="param-label" for="allocation-enps"
      title="Virtual nodes per second: the search's speed on the virtual clock. Higher searches deeper and takes longer to play.">virtual speed</label>
      <select id="allocation-enps" @change=${change('enps')}>${SPEEDS.map(
        (n) => html`<option value=${String(n)} ?selected=${n === st.enps}>${n / 1000}k nodes/s</option>`,
      )}</select></div>
    <div class="param" data-key="allocation.emoves"><label class="param-label" for="allocation-emoves">moves</label>
      <input id="allocation-emoves" class="param-number" type="number" min=${ALLOCATION_LIMITS.emoves[0]} max=${ALLOCATION_LIMITS.emoves[1]} step="1" .value=${live(String(st.emoves))}
        @change=${change('emoves')}><span class="param-unit">full moves, then a draw</span></div>
    <div class="param" data-key="allocation.elat"><label class="param-label" for="allocation-elat"
      title="Time the clock is charged per move beyond the search: the GUI, the network. A manager's move overhead is its margin for it.">latency</label>
      <input id="allocation-elat" class="param-number" type="number" min=${ALLOCATION_LIMITS.elat[0]} max=${ALLOCATION_LIMITS.elat[1]} step="10" .value=${live(String(st.elat))}
        @change=${change('elat')}><span class="param-unit">ms per move</span></div>
    <div class="param" data-key="allocation.eponder"><label class="param-label" for="allocation-eponder"
      title="Both engines think on the opponent's time about the reply they expect; on a ponder hit the search goes on as the real one (the time before the hit is the opponent's).">ponder</label>
      <input id="allocation-eponder" type="checkbox" .checked=${live(Boolean(st.eponder))}
        @change=${(/** @type {Event} */ e) => on('eponder', /** @type {HTMLInputElement} */ (e.target).checked ? '1' : '0')}><span class="param-unit">both sides ponder (ponder hits in green)</span></div>
    <div class="param" data-key="allocation.side"><label class="param-label" for="allocation-side">side shown</label>
      <select id="allocation-side" @change=${change('side')}><option value="white" ?selected=${st.side !== 'black'}>White</option
      ><option value="black" ?selected=${st.side === 'black'}>Black</option></select></div>
    <div class="engine-progress" role="status"><progress .max=${p.max} .value=${p.value}></progress> <span class="engine-status">${p.status}</span></div>
  </div>`;
}

/**
 * The allocation card's content (index.js makes the `section.card` and sets its `data-mode`).
 * @param {import('./controller.js').AllocationState} s
 * @param {{canvas: HTMLCanvasElement, usageRows: HTMLElement[], panels: {key: number, element: HTMLElement}[],
 *   openings: string[], tc: string, maxManagers: number, embed: HTMLElement, lesson?: boolean}} parts (`lesson`: inside a lesson, whose own setting is the ghost)
 * @param {{mode: (v: string) => void, tc: (v: string) => void, remove: (i: number) => void, add: () => void,
 *   engine: (type: string, value: string) => void}} on
 */
export function allocationTemplate(s, parts, on) {
  const st = s.settings;
  const eng = st.mode === 'engine';
  for (const r of parts.usageRows) r.hidden = eng;
  const readout = !s.readout
    ? 'Hover the chart (or focus it and use ← →) for the terms behind each budget.'
    : s.readout.kind === 'engine' ? engineReadout(s.readout.point) : usageReadout(s.readout);
  const blurb = parts.lesson ? (eng ? LESSON_ENGINE_BLURB : LESSON_USAGE_BLURB) : eng ? ENGINE_BLURB : USAGE_BLURB;
  return html`<h2>Allocation</h2><p class="blurb">${blurb}</p>
    <div class="figure">${parts.canvas}<div class="annotation allocation-note" aria-live="polite">${readout}</div>
      <p class="error" role="alert">${s.error}</p>${parts.embed}</div>
    <p class="blurb engine-note" ?hidden=${!eng || st.specs.length < 2}>Engine mode plays the first manager only; the others are compared in the usage model.</p>
    <div class="params">
      <div class="param mode-row" data-key="allocation.mode" role="radiogroup" aria-label="How the allocation is computed"
          @change=${(/** @type {Event} */ e) => on.mode(/** @type {HTMLInputElement} */ (e.target).value)}>
        <span class="param-label">computed by</span>
        <label><input type="radio" name="allocation-mode" value="usage" .checked=${live(!eng)}> usage model</label>
        <label title="The first manager plays a real self-play game on the virtual clock, with its own searcher: every parameter acts, in-search ones too."><input
          type="radio" name="allocation-mode" value="engine" .checked=${live(eng)}> engine game</label></div>
      <div class="param" data-key="allocation.tc"><label class="param-label" for="allocation-tc"
          title="cutechess syntax: 60+0.6, 40/60, 10+0.1, st=1">time control</label><input id="allocation-tc"
          class="param-number tc-input ${s.tcInvalid ? 'invalid' : ''}" value=${parts.tc}
          aria-describedby="allocation-tc-help allocation-tc-reading"
          @input=${(/** @type {Event} */ e) => on.tc(/** @type {HTMLInputElement} */ (e.target).value)}><span
          id="allocation-tc-help" class="param-unit">seconds: 60+0.6, 40/60</span><p id="allocation-tc-reading" class="tc-echo" role="status">${s.tcReading}</p></div>
      ${parts.usageRows}${engineTemplate(s, parts.openings, on.engine)}
    </div>
    <div class="managers">${repeat(parts.panels, (p) => p.key, (p, i) => html`<details class="manager-box" data-index=${String(i)} ?open=${i === 0}>
      <summary><span class="swatch s${i}"></span> <code>${st.specs[i]}</code></summary>${p.element}${st.specs.length > 1
        ? html`<button type="button" class="remove-manager" @click=${() => on.remove(i)}>Remove from the comparison</button>`
        : nothing}</details>`)}</div>
    <button type="button" class="add-manager" ?hidden=${st.specs.length >= parts.maxManagers} @click=${on.add}>+ Compare another manager</button>`;
}
