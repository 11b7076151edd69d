// @ts-check
// A parameter row's extras in the parameter panel (params.js): the "?" help (description, unit,
// default, range, in-search and searcher notes, source link) and the note on a parameter the
// chosen searcher does not use.

import { sourceLink } from './glossary.js';

/** The searchers' names in the reasons the panel shows. */
/** @type {Record<string, string>} */
const SEARCHER_NAMES = { ab: 'alpha-beta', mcts: 'MCTS' };

/**
 * A "?" button beside the parameter's label that shows (and hides) its help: description,
 * unit, default, range, whether it acts only inside a search, and a link to its source. A real
 * button, so keyboard (Tab, Enter/Space, Escape closes) and touch reach it.
 * @param {HTMLElement} row
 * @param {import('./crate-types.js').ParamSchema} p the parameter's schema
 * @param {unknown} def the preset's value
 * @param {string} key
 */
export function addHelp(row, p, def, key) {
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
      p.kind === 'enum' ? (p.values ?? []).join(', ') : p.kind === 'bool' ? 'true or false' : p.valid ? `${p.valid.min} … ${p.valid.max}` : '';
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
  const toggle = (/** @type {boolean} */ open) => {
    if (open && !help.firstChild) fill();
    help.hidden = !open;
    btn.setAttribute('aria-expanded', String(open));
  };
  btn.addEventListener('click', () => toggle(help.hidden));
  for (const el of /** @type {HTMLElement[]} */ ([btn, help])) {
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
export function disable(/** @type {HTMLElement} */ row, /** @type {string} */ why, /** @type {string} */ searcher) {
  row.classList.add('not-applicable');
  row.dataset.notFor = searcher;
  for (const el of row.querySelectorAll('input, select, .param-reset')) /** @type {HTMLInputElement} */ (el).disabled = true;
  const note = document.createElement('p');
  note.className = 'param-na';
  note.textContent = `Not used with ${SEARCHER_NAMES[searcher] || searcher}: ${why}.`;
  row.append(note);
}
