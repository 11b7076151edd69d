// @ts-check
// The allocation chart: for up to four managers and a time control, the soft and hard budget
// per move over a simulated game, with the clock remaining on a second axis. The usage model
// (share of the budget used, nps, tree reuse) has its own sliders; every manager's parameters
// come from the Rust schema. Hover (or arrow keys) shows the terms behind a move's budget.

import { AllocationCanvas, check_curve_value, read_time_control, tm_schema } from '../pkg/tmlab.js';
import { createSlider } from '../ui/slider.js';
import { createParamsPanel } from '../ui/params.js';
import { perFrame } from '../ui/frame.js';
import { fitCanvas, bindReadout } from '../ui/canvas.js';
import { termChips, termsExplained } from '../ui/glossary.js';
import { ALLOCATION_DEFAULTS, MAX_MANAGERS, USAGE_PARAMS as USAGE } from './curves-params.js';
import { createEngineMode } from './allocation-engine.js';

export { ALLOCATION_DEFAULTS } from './curves-params.js';
const ASPECT = 0.5;
const KEY_STEP = 1; // moves per arrow key

/**
 * Mount the allocation card into `root`. `state` = { specs, tc, moves, use, nps, reuse };
 * `onChange(state)` persists it.
 * @param {HTMLElement} root
 * @param {{state?: Partial<typeof ALLOCATION_DEFAULTS>, onChange?: (s: typeof ALLOCATION_DEFAULTS) => void}} [ctx]
 */
export function mountAllocation(root, { state: initial = {}, onChange = () => {} } = {}) {
  const schema = tm_schema();
  const state = { ...ALLOCATION_DEFAULTS, ...initial, specs: [...(initial.specs || ALLOCATION_DEFAULTS.specs)] };
  if (state.mode !== 'engine') state.mode = 'usage';

  const card = document.createElement('section');
  card.className = 'card chart-card wide';
  card.id = 'chart-allocation';
  card.innerHTML = `<h2>Allocation</h2><p class="blurb">What each manager budgets per move over a game,
    if every move used the chosen share of its soft budget: soft budget solid, hard budget dashed, clock
    remaining as a thin line on the right axis. Each manager’s default configuration stays as a faint ghost.</p>`;

  const figure = document.createElement('div');
  figure.className = 'figure';
  const canvas = document.createElement('canvas');
  canvas.tabIndex = 0;
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', 'Allocation chart; use the arrow keys to step through moves');
  const note = document.createElement('div');
  note.className = 'annotation allocation-note';
  note.setAttribute('aria-live', 'polite');
  note.textContent = 'Hover the chart (or focus it and use ← →) for the terms behind each budget.';
  const err = document.createElement('p');
  err.className = 'error';
  err.setAttribute('role', 'alert');
  figure.append(canvas, note, err);

  const controls = document.createElement('div');
  controls.className = 'params';
  const tcRow = document.createElement('div');
  tcRow.className = 'param';
  tcRow.dataset.key = 'allocation.tc';
  tcRow.innerHTML = `<label class="param-label" for="allocation-tc" title="cutechess syntax: 60+0.6, 40/60, 10+0.1, st=1">time control</label>`;
  const tcInput = document.createElement('input');
  tcInput.id = 'allocation-tc';
  tcInput.className = 'param-number tc-input';
  tcInput.value = state.tc;
  tcInput.setAttribute('aria-describedby', 'allocation-tc-help');
  const tcHelp = document.createElement('span');
  tcHelp.id = 'allocation-tc-help';
  tcHelp.className = 'param-unit';
  tcHelp.textContent = 'seconds: 60+0.6, 40/60';
  // The field's reading in words, from the crate ("1 min + 0.6 s per move").
  const tcReading = document.createElement('p');
  tcReading.id = 'allocation-tc-reading';
  tcReading.className = 'tc-echo';
  tcReading.setAttribute('role', 'status');
  const echo = () => {
    try {
      tcReading.textContent = read_time_control(state.tc).reading;
    } catch (e) {
      tcReading.textContent = '';
    }
  };
  echo();
  tcInput.setAttribute('aria-describedby', 'allocation-tc-help allocation-tc-reading');
  tcRow.append(tcInput, tcHelp, tcReading);
  // Usage model or engine game: the second plays a real game, so in-search parameters act too.
  const modeRow = document.createElement('div');
  modeRow.className = 'param mode-row';
  modeRow.dataset.key = 'allocation.mode';
  modeRow.setAttribute('role', 'radiogroup');
  modeRow.setAttribute('aria-label', 'How the allocation is computed');
  modeRow.innerHTML = `<span class="param-label">computed by</span>
    <label><input type="radio" name="allocation-mode" value="usage"> usage model</label>
    <label title="The first manager plays a real self-play game on the virtual clock, with its own searcher: every parameter acts, in-search ones too."><input type="radio" name="allocation-mode" value="engine"> engine game</label>`;
  controls.append(modeRow, tcRow);
  const usageRows = [];
  for (const u of USAGE) {
    usageRows.push(
      createSlider({
        ...u,
        key: `allocation.${u.key}`,
        value: state[u.key],
        check: (v) => check_curve_value('usage', u.key, v),
        defaultValue: ALLOCATION_DEFAULTS[u.key],
        onInput: (v) => {
          state[u.key] = v;
          changed();
        },
      }).element,
    );
  }
  controls.append(...usageRows);

  const managers = document.createElement('div');
  managers.className = 'managers';
  const addBtn = document.createElement('button');
  addBtn.type = 'button';
  addBtn.className = 'add-manager';
  addBtn.textContent = '+ Compare another manager';
  card.append(figure, controls, managers, addBtn);
  root.append(card);
  const engine = createEngineMode({ canvas, state, schedule: () => schedule(), changed: () => changed() });
  controls.append(engine.element);
  const engineNote = document.createElement('p');
  engineNote.className = 'blurb engine-note';
  engineNote.textContent = 'Engine mode plays the first manager only; the others are compared in the usage model.';
  figure.after(engineNote);
  const blurb = /** @type {HTMLElement} */ (card.querySelector('.blurb'));
  const usageBlurb = blurb.textContent;
  const engineBlurb = 'Engine game: the first manager plays a real self-play game on the virtual clock, with its own ' +
    'searcher, from the chosen opening. Per move of the side shown: the time used (bars), the base soft budget, the ' +
    'effective soft limit the manager really used, the hard limit (dashed) and the clock (right axis); the default ' +
    'settings’ game stays as a faint ghost. Every parameter acts here, in-search ones too.';
  function showMode() {
    const eng = state.mode === 'engine';
    blurb.textContent = eng ? engineBlurb : usageBlurb;
    for (const r of modeRow.querySelectorAll('input')) r.checked = r.value === state.mode;
    usageRows.forEach((r) => (r.hidden = eng));
    engine.element.hidden = !eng;
    engineNote.hidden = !eng || state.specs.length < 2;
    card.dataset.mode = state.mode;
  }
  modeRow.addEventListener('change', (e) => {
    state.mode = /** @type {HTMLInputElement} */ (e.target).value === 'engine' ? 'engine' : 'usage';
    showMode();
    changed();
  });
  showMode();

  function renderManagers() {
    managers.replaceChildren(
      ...state.specs.map((spec, i) => {
        const box = document.createElement('details');
        box.className = 'manager-box';
        box.dataset.index = String(i);
        box.open = i === 0;
        const summary = document.createElement('summary');
        summary.innerHTML = `<span class="swatch s${i}"></span> <code>${escapeHtml(spec)}</code>`;
        box.append(summary);
        const panel = createParamsPanel({
          schema,
          spec,
          id: `alloc${i}`,
          onChange: (s) => {
            state.specs[i] = s;
            summary.querySelector('code').textContent = s;
            changed();
          },
        });
        box.append(panel.element);
        if (state.specs.length > 1) {
          const rm = document.createElement('button');
          rm.type = 'button';
          rm.className = 'remove-manager';
          rm.textContent = 'Remove from the comparison';
          rm.addEventListener('click', () => {
            state.specs.splice(i, 1);
            renderManagers();
            changed();
          });
          box.append(rm);
        }
        return box;
      }),
    );
    addBtn.hidden = state.specs.length >= MAX_MANAGERS;
  }

  addBtn.addEventListener('click', () => {
    const used = new Set(state.specs.map((s) => s.split('(')[0]));
    const next = schema.find((m) => !used.has(m.name))?.name || 'lc0-legacy';
    state.specs.push(next);
    renderManagers();
    changed();
  });
  tcInput.addEventListener('input', () => {
    state.tc = tcInput.value.trim();
    echo();
    changed();
  });

  const chart = new AllocationCanvas(canvas);
  let hoverPx = null;
  let frame = null;
  let lastDrawn = null;

  function redraw() {
    const t0 = performance.now();
    const width = Math.max(280, Math.round(figure.clientWidth));
    const height = Math.round(Math.min(460, Math.max(260, width * ASPECT)));
    fitCanvas(canvas, width, height);
    if (state.mode === 'engine') return redrawEngine();
    try {
      const d = chart.draw(state.specs, state.tc, state.moves, state.use, state.nps, state.reuse, hoverPx ?? undefined);
      frame = d.frame;
      lastDrawn = d;
      err.textContent = '';
      tcInput.classList.remove('invalid');
      if (d.points.length) {
        note.replaceChildren(
          ...d.points.map((p) => {
            const line = document.createElement('div');
            line.className = 'point';
            line.dataset.index = String(p.index);
            line.dataset.move = String(p.row.move);
            line.dataset.soft = String(p.row.soft_ms);
            line.dataset.hard = String(p.row.hard_ms);
            line.dataset.clock = String(p.row.clock_before_ms);
            line.innerHTML = `<span class="swatch s${p.index}"></span> `;
            // The terms as the glossary labels them, each with its unit and meaning.
            line.append(`${p.head} · `, ...termChips(p.terms), ` ${p.tail}`);
            return line;
          }),
          keepOpen(termsExplained(d.points.flatMap((p) => p.terms))),
        );
      }
      canvas.dataset.draws = String(Number(canvas.dataset.draws || 0) + 1);
    } catch (e) {
      err.textContent = String(e.message || e);
      if (/time control|token/.test(err.textContent)) tcInput.classList.add('invalid');
    }
    performance.measure('tmlab:draw', { start: t0, detail: 'allocation' });
  }
  const schedule = perFrame(redraw);

  function redrawEngine() {
    try {
      const d = engine.draw(hoverPx ?? undefined);
      frame = d.frame;
      if (d.point) {
        const line = document.createElement('div');
        line.className = 'point engine-point';
        line.dataset.move = String(d.point.row.move_number);
        line.dataset.soft = String(d.point.row.soft_ms);
        line.dataset.base = String(d.point.row.base_soft_ms);
        line.dataset.hard = String(d.point.row.hard_ms);
        line.dataset.used = String(d.point.row.used_ms);
        line.dataset.clock = String(d.point.row.clock_before_ms);
        line.textContent = d.point.text;
        const why = Object.assign(document.createElement('div'), { className: 'point engine-limit', textContent: d.point.row.limit_text });
        note.replaceChildren(line, why);
      }
      canvas.dataset.draws = String(Number(canvas.dataset.draws || 0) + 1);
    } catch (e) {
      err.textContent = String(e.message || e);
    }
  }

  let engineKey = '';
  function changed() {
    onChange({ ...state, specs: [...state.specs] });
    engineNote.hidden = state.mode !== 'engine' || state.specs.length < 2;
    if (state.mode === 'engine') {
      // Only what the game depends on replays it; the side shown is a redraw.
      const key = JSON.stringify([state.specs[0], state.tc, state.opening, state.enps, state.emoves, state.elat]);
      if (key !== engineKey) {
        engineKey = key;
        err.textContent = '';
        tcInput.classList.remove('invalid');
        engine.request().catch((e) => {
          engineKey = '';
          err.textContent = String(e?.message || e);
          if (e?.path === 'tc') tcInput.classList.add('invalid');
        });
      }
    }
    schedule();
  }

  bindReadout(canvas, (x) => {
    if (x === null) return;
    hoverPx = x;
    schedule();
  });
  canvas.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight' || !frame) return;
    e.preventDefault();
    const perMove = (frame.right - frame.left) / Math.max(1, frame.x_range[1] - frame.x_range[0]);
    const start = hoverPx ?? frame.left;
    const delta = (e.key === 'ArrowRight' ? 1 : -1) * KEY_STEP * perMove;
    hoverPx = Math.min(frame.right, Math.max(frame.left, start + delta));
    schedule();
  });
  new ResizeObserver(schedule).observe(figure);
  renderManagers();
  redraw();
  if (state.mode === 'engine') changed();
  return {
    redraw,
    /** The wasm chart (for measurements). */
    chart,
    get state() {
      return { ...state, specs: [...state.specs] };
    },
    get lastDrawn() {
      return lastDrawn;
    },
    /** The engine mode (its last finished game: `engine.last`). */
    engine,
  };
}

/** The terms' disclosure is rebuilt on every hover; it stays as the reader left it. */
let termsOpen = false;
function keepOpen(/** @type {HTMLDetailsElement} */ box) {
  box.open = termsOpen;
  box.addEventListener('toggle', () => (termsOpen = box.open));
  return box;
}

function escapeHtml(s) {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}
