// @ts-check
// A parameter panel generated from the Rust schema (tm_schema): a preset menu, a control per
// parameter (slider + number box for numbers, linear or log as the schema says; checkbox for
// booleans; menu for enums), reset per parameter and reset all. It edits a spec string in lc0
// syntax, which the Rust parser (describe_spec) validates: one source of truth for both. Each
// row's help and its not-applicable note are param-help.js's.

import { describe_spec, check_param, params_not_for } from './rules.js';
import { createSlider } from './slider.js';
import { addHelp, disable } from './param-help.js';

/** @typedef {import('./crate-types.js').ManagerSchema} ManagerSchema */
/** @typedef {import('./crate-types.js').ParamSchema} ParamSchema */
/** @typedef {import('./crate-types.js').ParamValue} ParamValue */
/** @typedef {import('./crate-types.js').SpecDescription} SpecDescription */

/**
 * Build the spec string for `manager` with `preset` and the values that differ from it.
 * Sub-dictionary parameters (`group.key`) are written as `group(key=value)`.
 * @param {string} manager
 * @param {string} preset
 * @param {Record<string, ParamValue>} values
 * @param {Record<string, ParamValue>} presetValues
 * @param {string} defaultPreset
 * @returns {string}
 */
export function buildSpec(manager, preset, values, presetValues, defaultPreset) {
  const top = [];
  /** @type {Map<string, string[]>} */
  const groups = new Map();
  if (preset !== defaultPreset) top.push(`preset=${preset}`);
  for (const [path, value] of Object.entries(values)) {
    if (presetValues[path] === value) continue;
    const text = typeof value === 'number' && !Number.isInteger(value) ? String(value) : String(value);
    const dot = path.indexOf('.');
    if (dot < 0) top.push(`${path}=${text}`);
    else {
      const g = path.slice(0, dot);
      const items = groups.get(g) ?? [];
      items.push(`${path.slice(dot + 1)}=${text}`);
      groups.set(g, items);
    }
  }
  for (const [g, items] of groups) top.push(`${g}(${items.join(',')})`);
  return top.length ? `${manager}(${top.join(',')})` : manager;
}

/**
 * Parse a spec with the Rust parser; returns { manager, preset, canonical, values } or throws.
 * @param {string} spec
 * @returns {SpecDescription}
 */
export function describeSpec(spec) {
  return describe_spec(spec);
}

/**
 * @param {object} o
 * @param {ManagerSchema[]} o.schema   the whole schema (every manager)
 * @param {string}   o.spec     the starting spec string
 * @param {(spec: string) => void} o.onChange
 * @param {string}  [o.id]      a prefix for element ids and test hooks
 * @param {string}  [o.searcher] the searcher the manager runs with (`ab` or `mcts`): parameters
 *   that do nothing with it are disabled, with the crate's reason; none when absent
 */
export function createParamsPanel({ schema, spec, onChange, id = 'tm', searcher = '' }) {
  const root = document.createElement('div');
  root.className = 'params-panel';
  root.dataset.panel = id;
  let state = describeSpec(spec);

  const head = document.createElement('div');
  head.className = 'params-head';
  const managerSel = select(`${id}-manager`, 'Manager', schema.map((m) => [m.name, m.label]));
  const presetSel = select(`${id}-preset`, 'Preset', []);
  const resetAll = document.createElement('button');
  resetAll.type = 'button';
  resetAll.textContent = 'Reset all';
  resetAll.className = 'reset-all';
  const specOut = document.createElement('code');
  specOut.className = 'spec';
  specOut.setAttribute('aria-live', 'polite');
  head.append(managerSel.wrap, presetSel.wrap, resetAll);
  const info = document.createElement('p');
  info.className = 'manager-info';
  const body = document.createElement('div');
  body.className = 'params';
  root.append(head, info, body, specOut);

  /** The manager named `name` (the parser answered it, so the schema has it). */
  const managerOf = (/** @type {string} */ name) => {
    const m = schema.find((m) => m.name === name);
    if (!m) throw new Error(`tmlab: the schema has no manager ${name}`);
    return m;
  };
  const presetValues = () => managerOf(state.manager).presets.find((p) => p.name === state.preset)?.values || {};

  function emit() {
    const m = managerOf(state.manager);
    const spec = buildSpec(state.manager, state.preset, state.values, presetValues(), m.default_preset);
    state.canonical = describeSpec(spec).canonical; // throws if the panel ever built a bad spec
    specOut.textContent = state.canonical;
    onChange(state.canonical);
  }

  function render() {
    const m = managerOf(state.manager);
    managerSel.el.value = state.manager;
    presetSel.el.replaceChildren(
      ...m.presets.map((p) => option(p.name, p.description ? `${p.name}: ${p.description}` : p.name)),
    );
    presetSel.el.value = state.preset;
    info.textContent = `${m.description}. Reference: ${m.reference}.`;
    const defaults = presetValues();
    // The crate's rule: which parameters do nothing with the chosen searcher, and why.
    const notFor = searcher ? params_not_for(state.manager, searcher) : {};
    body.replaceChildren(
      ...m.params.map((p) => {
        const def = defaults[p.path] ?? p.default;
        const row = control(p, state.values[p.path], def, (v) => {
          state.values[p.path] = v;
          emit();
        });
        addHelp(row, p, def, `${id}.${p.path}`);
        if (notFor[p.path]) disable(row, notFor[p.path], searcher);
        return row;
      }),
    );
    specOut.textContent = state.canonical;
  }

  /**
   * @param {ParamSchema} p
   * @param {ParamValue} value
   * @param {ParamValue} def
   * @param {(value: ParamValue) => void} set
   */
  function control(p, value, def, set) {
    const key = `${id}.${p.path}`;
    const desc = p.description;
    if (p.kind === 'float' || p.kind === 'int') {
      const valid = p.valid;
      if (!valid) throw new Error(`tmlab: the schema gives numeric parameter ${p.path} no range`);
      /** @type {import('./crate-types.js').ParamSlider} */
      const s = p.slider || { min: valid.min, max: valid.max, step: 1, scale: 'lin' };
      // The number box accepts the valid range, which may be wider than the slider's.
      return createSlider({
        key,
        label: p.label,
        min: valid.min,
        max: valid.max,
        sliderMin: s.min,
        sliderMax: s.max,
        // A log slider by factor has no step: whole numbers are shown.
        step: p.kind === 'int' && s.step !== undefined ? Math.max(1, s.step) : s.step,
        scale: s.scale,
        unit: p.unit,
        description: `${p.path}: ${desc}`,
        source: p.source,
        value: Number(value),
        defaultValue: Number(def),
        onInput: (v) => set(p.kind === 'int' ? Math.round(v) : v),
        check: (v) => check_param(state.manager, p.path, String(v)),
      }).element;
    }
    const row = document.createElement('div');
    row.className = 'param';
    row.dataset.key = key;
    const label = document.createElement('label');
    label.className = 'param-label';
    label.textContent = p.label;
    label.title = `${p.path}: ${desc}\nSource: ${p.source}`;
    label.htmlFor = `param-${key.replace(/[^a-z0-9-]/gi, '-')}`;
    /** @type {HTMLInputElement | HTMLSelectElement} */
    let input;
    if (p.kind === 'bool') {
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.checked = Boolean(value);
      box.addEventListener('change', () => set(box.checked));
      input = box;
    } else {
      const menu = document.createElement('select');
      menu.append(...(p.values ?? []).map((v) => option(v, v)));
      menu.value = String(value);
      menu.addEventListener('change', () => set(menu.value));
      input = menu;
    }
    input.id = label.htmlFor;
    const reset = document.createElement('button');
    reset.type = 'button';
    reset.className = 'param-reset';
    reset.textContent = '↺';
    reset.setAttribute('aria-label', `Reset ${p.label} to ${def}`);
    reset.addEventListener('click', () => {
      if (input instanceof HTMLInputElement) input.checked = Boolean(def);
      else input.value = String(def);
      set(def);
    });
    row.append(label, input, document.createElement('span'), document.createElement('span'), reset);
    return row;
  }

  managerSel.el.addEventListener('change', () => {
    state = describeSpec(managerSel.el.value);
    render();
    emit();
  });
  presetSel.el.addEventListener('change', () => {
    const m = managerOf(state.manager);
    state = describeSpec(buildSpec(state.manager, presetSel.el.value, {}, {}, m.default_preset));
    render();
    emit();
  });
  resetAll.addEventListener('click', () => {
    state = describeSpec(state.manager);
    render();
    emit();
  });

  render();
  return {
    element: root,
    get spec() {
      return state.canonical;
    },
    /** Replace the spec (e.g. from the URL); throws with the parser's message if it is invalid. */
    setSpec(/** @type {string} */ s) {
      state = describeSpec(s);
      render();
    },
    /** The searcher the manager runs with (`ab`, `mcts`, or '' for none): re-marks the rows. */
    setSearcher(/** @type {string} */ s) {
      if (s === searcher) return;
      searcher = s;
      render();
    },
  };
}

/**
 * @param {string} id
 * @param {string} labelText
 * @param {[string, string][]} options value and text
 */
function select(id, labelText, options) {
  const wrap = document.createElement('label');
  wrap.className = 'select';
  wrap.append(document.createTextNode(`${labelText} `));
  const el = document.createElement('select');
  el.id = id;
  el.append(...options.map(([v, t]) => option(v, t)));
  wrap.append(el);
  return { wrap, el };
}

/**
 * @param {string} value
 * @param {string} text
 */
function option(value, text) {
  const o = document.createElement('option');
  o.value = value;
  o.textContent = text;
  return o;
}
