// @ts-check
// A parameter panel generated from the Rust schema (tm_schema): a preset menu, a control per
// parameter (slider + number box for numbers, linear or log as the schema says; checkbox for
// booleans; menu for enums), reset per parameter and reset all. It edits a spec string in lc0
// syntax, which the Rust parser (describe_spec) validates: one source of truth for both.

import { describe_spec, check_param, params_not_for } from '../pkg/tmlab.js';
import { createSlider } from './slider.js';
import { sourceLink } from './glossary.js';

/**
 * Build the spec string for `manager` with `preset` and the values that differ from it.
 * Sub-dictionary parameters (`group.key`) are written as `group(key=value)`.
 */
export function buildSpec(manager, preset, values, presetValues, defaultPreset) {
  const top = [];
  const groups = new Map();
  if (preset !== defaultPreset) top.push(`preset=${preset}`);
  for (const [path, value] of Object.entries(values)) {
    if (presetValues[path] === value) continue;
    const text = typeof value === 'number' && !Number.isInteger(value) ? String(value) : String(value);
    const dot = path.indexOf('.');
    if (dot < 0) top.push(`${path}=${text}`);
    else {
      const g = path.slice(0, dot);
      if (!groups.has(g)) groups.set(g, []);
      groups.get(g).push(`${path.slice(dot + 1)}=${text}`);
    }
  }
  for (const [g, items] of groups) top.push(`${g}(${items.join(',')})`);
  return top.length ? `${manager}(${top.join(',')})` : manager;
}

/** Parse a spec with the Rust parser; returns { manager, preset, canonical, values } or throws. */
export function describeSpec(spec) {
  return describe_spec(spec);
}

/**
 * @param {object} o
 * @param {object[]} o.schema   the whole schema (every manager)
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

  const managerOf = (name) => schema.find((m) => m.name === name);
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

  function control(p, value, def, set) {
    const key = `${id}.${p.path}`;
    const desc = p.description;
    if (p.kind === 'float' || p.kind === 'int') {
      const s = p.slider || { min: p.valid.min, max: p.valid.max, step: 1, scale: 'lin' };
      // The number box accepts the valid range, which may be wider than the slider's.
      return createSlider({
        key,
        label: p.label,
        min: p.valid?.min ?? s.min,
        max: p.valid?.max ?? s.max,
        sliderMin: s.min,
        sliderMax: s.max,
        step: p.kind === 'int' ? Math.max(1, s.step) : s.step,
        scale: s.scale,
        unit: p.unit,
        description: `${p.path}: ${desc}`,
        source: p.source,
        value,
        defaultValue: def,
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
    let input;
    if (p.kind === 'bool') {
      input = document.createElement('input');
      input.type = 'checkbox';
      input.checked = Boolean(value);
      input.addEventListener('change', () => set(input.checked));
    } else {
      input = document.createElement('select');
      input.append(...p.values.map((v) => option(v, v)));
      input.value = value;
      input.addEventListener('change', () => set(input.value));
    }
    input.id = label.htmlFor;
    const reset = document.createElement('button');
    reset.type = 'button';
    reset.className = 'param-reset';
    reset.textContent = '↺';
    reset.setAttribute('aria-label', `Reset ${p.label} to ${def}`);
    reset.addEventListener('click', () => {
      if (p.kind === 'bool') /** @type {HTMLInputElement} */ (input).checked = def;
      else input.value = def;
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
    setSpec(s) {
      state = describeSpec(s);
      render();
    },
    /** The searcher the manager runs with (`ab`, `mcts`, or '' for none): re-marks the rows. */
    setSearcher(s) {
      if (s === searcher) return;
      searcher = s;
      render();
    },
  };
}

/** The searchers' names in the reasons the panel shows. */
const SEARCHER_NAMES = { ab: 'alpha-beta', mcts: 'MCTS' };

/**
 * A "?" button beside the parameter's label that shows (and hides) its help: description,
 * unit, default, range, whether it acts only inside a search, and a link to its source. A real
 * button, so keyboard (Tab, Enter/Space, Escape closes) and touch reach it.
 * @param {HTMLElement} row
 * @param {any} p the parameter's schema
 * @param {unknown} def the preset's value
 * @param {string} key
 */
function addHelp(row, p, def, key) {
  const label = row.querySelector('.param-label');
  const name = document.createElement('span');
  name.className = 'param-name';
  label?.replaceWith(name);
  const helpId = `help-${key.replace(/[^a-z0-9-]/gi, '-')}`;
  const btn = document.createElement('button');
  btn.type = 'button';
  btn.className = 'param-help-toggle';
  btn.textContent = '?';
  btn.setAttribute('aria-expanded', 'false');
  btn.setAttribute('aria-controls', helpId);
  btn.setAttribute('aria-label', `About ${p.label}`);
  if (label) name.append(label);
  name.append(btn);
  if (p.in_search) {
    const badge = document.createElement('span');
    badge.className = 'param-badge in-search';
    badge.textContent = 'in search';
    badge.title = 'Acts only inside a search; the allocation chart’s usage model runs none, so it does not move the chart.';
    name.append(badge);
  }
  const help = document.createElement('div');
  help.className = 'param-help';
  help.id = helpId;
  help.hidden = true;
  help.setAttribute('role', 'note');
  // Built on first opening: a panel of 27 parameters mounts without 27 help panels.
  const fill = () => {
    const range =
      p.kind === 'enum' ? p.values.join(', ') : p.kind === 'bool' ? 'true or false' : p.valid ? `${p.valid.min} … ${p.valid.max}` : '';
    const facts = [
      ['Key', p.path],
      ['Unit', p.unit || 'none'],
      ['Default', String(def)],
      ['Range', range],
    ];
    const desc = document.createElement('p');
    desc.textContent = p.description;
    const dl = document.createElement('dl');
    for (const [k, v] of facts) {
      const dt = document.createElement('dt');
      dt.textContent = k;
      const dd = document.createElement('dd');
      dd.textContent = v;
      dd.dataset.fact = k.toLowerCase();
      dl.append(dt, dd);
    }
    help.append(desc, dl);
    if (p.in_search) {
      const note = document.createElement('p');
      note.className = 'in-search-note';
      note.textContent =
        'Acts only inside a search (its checks, the stopper chain, or what a search measures). The allocation chart’s usage model runs no search, so the chart does not move with it; Play and Match do.';
      help.append(note);
    }
    if (p.searcher_note) {
      const note = document.createElement('p');
      note.className = 'searcher-note';
      note.textContent = `Only with ${SEARCHER_NAMES[p.searcher === 'mcts' ? 'mcts' : 'ab']}: ${p.searcher_note}.`;
      help.append(note);
    }
    const src = document.createElement('p');
    src.append(sourceLink(p.source_file || p.source, p.source_url));
    if (p.source && p.source !== p.source_file) src.append(` (${p.source})`);
    help.append(src);
  };
  const toggle = (open) => {
    if (open && !help.firstChild) fill();
    help.hidden = !open;
    btn.setAttribute('aria-expanded', String(open));
  };
  btn.addEventListener('click', () => toggle(help.hidden));
  for (const el of [btn, help]) {
    el.addEventListener('keydown', (/** @type {KeyboardEvent} */ e) => {
      if (e.key === 'Escape' && !help.hidden) {
        e.stopPropagation();
        toggle(false);
        btn.focus();
      }
    });
  }
  row.append(help);
}

/** Disable a parameter that does nothing with the searcher, and say why. */
function disable(/** @type {HTMLElement} */ row, /** @type {string} */ why, /** @type {string} */ searcher) {
  row.classList.add('not-applicable');
  row.dataset.notFor = searcher;
  for (const el of row.querySelectorAll('input, select, .param-reset')) /** @type {HTMLInputElement} */ (el).disabled = true;
  const note = document.createElement('p');
  note.className = 'param-na';
  note.textContent = `Not used with ${SEARCHER_NAMES[searcher] || searcher}: ${why}.`;
  row.append(note);
}

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

function option(value, text) {
  const o = document.createElement('option');
  o.value = value;
  o.textContent = text;
  return o;
}
