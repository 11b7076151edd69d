// @ts-check
// The Play view's setup form (lit-html): colour, searcher, the manager's parameter panel (every
// parameter a slider, from the Rust schema), a time control per side with a "same for both"
// toggle and odds presets, the move overhead and pondering. Time controls use the one syntax of
// every view (cutechess/fastchess seconds, minutes only with a unit: `3m+2`), and each field
// echoes the crate's reading ("3 min + 2 s per move"). The form's state and the crate's checks
// are in setup-controller.js; its typed error names the bad field. Changes apply to the next
// game. Listeners are bound in the template and go away with it (`dispose`).
import { html, render, nothing } from 'lit-html';
import { live } from 'lit-html/directives/live.js';
import { tm_schema } from '../../pkg/tmlab.js';
import { createParamsPanel } from '../../ui/params.js';
import { PRESETS, initialForm, setupUpdate, urlState, setupOf, setupError, setupView } from './setup-controller.js';

export { PLAY_PREFIX, PLAY_DEFAULTS, PLAY_CHOICES } from './setup-controller.js';

const MO_HINT = 'Time the engine keeps back per move for the page↔worker round trip: the manager’s “Move overhead” slider below.';

/**
 * @param {import('./setup-controller.js').SetupForm} f
 * @param {ReturnType<typeof setupView>} v
 * @param {(e: import('./setup-controller.js').SetupEvent) => void} on
 * @param {() => void} start
 * @param {HTMLElement} panel the manager's parameter panel (long-lived)
 */
function setupTemplate(f, v, on, start, panel) {
  const field = (/** @type {any} */ key) => (/** @type {any} */ e) =>
    on({ type: 'field', key, value: e.target.type === 'checkbox' ? e.target.checked : e.target.value });
  const tc = (/** @type {string} */ id, /** @type {'wtc'|'btc'} */ key, /** @type {boolean} */ invalid, disabled = false) =>
    html`<input id=${id} class="tc ${invalid ? 'invalid' : ''}" .value=${live(f[key])} spellcheck="false"
      aria-describedby="${id}-reading" ?disabled=${disabled} @input=${field(key)} />`;
  const reading = (/** @type {string} */ id, /** @type {string} */ text) =>
    html`<output class="tc-reading" id="${id}-reading" for=${id}>${text}</output>`;
  return html`
    <h2>Game setup</h2>
    <p class="blurb">Changes apply to the next game. Time controls are in seconds, as in every view (cutechess/fastchess:
      <code>180+2</code>, <code>40/60</code>, <code>st=1</code>, <code>hg60</code>); minutes only with a unit: <code>3m+2</code>.
      Clocks follow lichess: 3m+2 shows 3:00, each side’s clock starts after its first move, the increment is added after each move.</p>
    <div class="tc-presets">${PRESETS.map(([label, white, black]) =>
      html`<button type="button" @click=${() => on({ type: 'preset', white, black })}>${label}</button>`)}</div>
    <div class="setup-grid">
      <label class="field"><span class="field-label">You play</span>
        <select name="side" id="play-side" .value=${live(f.side)} @change=${field('side')}>
          <option value="white" ?selected=${f.side === 'white'}>White</option>
          <option value="black" ?selected=${f.side === 'black'}>Black</option>
        </select></label>
      <label class="field"><span class="field-label">Engine strength</span>
        <select name="level" id="play-level" class=${v.levelInvalid ? 'invalid' : ''} @change=${field('level')}
          title="A cap on the search's node rate: the time manager's budget and stop reason are the same at every level">
          ${v.levels.map((l) => html`<option value=${l.value} ?selected=${l.value === f.level}>${l.text}</option>`)}
        </select></label>
      <label class="field"><span class="field-label">Engine searcher</span>
        <select name="searcher" id="play-searcher" .value=${live(f.s)} @change=${field('s')}>
          <option value="ab" ?selected=${f.s === 'ab'}>alpha-beta</option>
          <option value="mcts" ?selected=${f.s === 'mcts'}>MCTS</option>
        </select></label>
      <label class="field"><span class="field-label">White’s clock</span>${tc('play-wtc', 'wtc', v.wInvalid)}${reading('play-wtc', v.wReading)}</label>
      <label class="field"><span class="field-label">Black’s clock</span>${tc('play-btc', 'btc', v.bInvalid, f.same)}${reading('play-btc', v.bReading)}</label>
      <label class="check"><input type="checkbox" id="play-same" .checked=${live(f.same)} @change=${field('same')} /> same for both</label>
      <label class="field"><span class="field-label">Move overhead</span><output id="play-mo">${v.moText}</output><small class="field-hint">${MO_HINT}</small></label>
      <label class="check" title=${v.ponderTitle}><input type="checkbox" id="play-ponder" .checked=${live(f.ponder)}
        ?disabled=${v.ponderOff} @change=${field('ponder')} /> engine ponders (MCTS)</label>
    </div>
    <p class="error setup-error" role="alert" title=${v.errorTitle || nothing}>${v.error}</p>
    <button type="button" class="primary" id="play-start" @click=${start}>New game with these settings</button>
    <h3>Engine time manager</h3>
    ${panel}`;
}

/**
 * @param {object} state  the view's URL state (side, s, tm, level, wtc, btc, same, ponder)
 * @param {(state: object) => void} onChange
 * @param {() => void} onNewGame
 */
export function createSetup(state, onChange, onNewGame) {
  let form = initialForm(state);
  let error = setupError(form);
  const el = document.createElement('section');
  el.className = 'card play-setup';
  const panel = createParamsPanel({
    schema: tm_schema(),
    spec: form.tm,
    id: 'play-tm',
    searcher: form.s,
    onChange: (spec) => on({ type: 'tm', spec }),
  });
  const paint = () => render(setupTemplate(form, setupView(form, error), on, start, panel.element), el);
  /** A change: the form's next state, checked by the crate, shown, and written to the URL. */
  function on(/** @type {import('./setup-controller.js').SetupEvent} */ e) {
    form = setupUpdate(form, e);
    error = setupError(form);
    panel.setSearcher(form.s);
    paint();
    onChange(urlState(form));
  }
  /** The setup if the crate accepts it, else null with its typed error shown on the field. */
  function validate() {
    error = setupError(form);
    paint();
    return error ? null : setupOf(form);
  }
  function start() {
    if (validate()) onNewGame();
  }
  paint();
  return {
    element: el,
    validate,
    setup: () => setupOf(form),
    /** The crate's typed error's message for the form as it is, or '' (the compact layout's only view of it). */
    error: () => (error ? `${error.path ? `${error.path}: ` : ''}${error.message}` : ''),
    dispose: () => render(nothing, el),
  };
}
