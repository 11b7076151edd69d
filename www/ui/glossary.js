// @ts-check
// Terms as the crate's glossary explains them: a chip per term (label, value with its unit, the
// meaning in its title) and a disclosure listing what the shown terms mean, with their sources.
// Labels, units, meanings and links all come from Rust (`term_readout`, `term`); nothing here
// knows a term.

/**
 * @typedef {object} Readout a term as `term_readout`/the allocation points give it
 * @property {string} key
 * @property {string} label
 * @property {number} value
 * @property {string} text   the value with its unit
 * @property {string} unit
 * @property {string} meaning
 * @property {string} formula
 * @property {string} source
 * @property {string | null} [url]
 * @property {boolean} known
 */

/** One term: `label value unit`, its meaning and formula in the title. */
export function termChip(/** @type {Readout} */ r) {
  const chip = document.createElement('span');
  chip.className = 'term';
  chip.dataset.key = r.key;
  chip.dataset.unit = r.unit;
  const label = document.createElement('span');
  label.className = 'term-label';
  label.textContent = r.label;
  const value = document.createElement('span');
  value.className = 'term-value';
  value.textContent = r.text;
  chip.append(label, ' ', value);
  if (r.meaning) chip.title = `${r.meaning}${r.formula ? ` = ${r.formula}` : ''} (${r.source})`;
  return chip;
}

/** Chips separated by ` · `. */
export function termChips(/** @type {Readout[]} */ readouts) {
  /** @type {(string | HTMLElement)[]} */
  const out = [];
  readouts.forEach((r, i) => {
    if (i) out.push(' · ');
    out.push(termChip(r));
  });
  return out;
}

/**
 * A "What the numbers mean" disclosure: for each readout, its label, unit, meaning, formula
 * and a link to its source (keyboard and touch reachable, unlike a title).
 * @param {Readout[]} readouts
 * @param {string} [summaryText]
 */
export function termsExplained(readouts, summaryText = 'What these numbers mean') {
  const box = document.createElement('details');
  box.className = 'terms-explained';
  const summary = document.createElement('summary');
  summary.textContent = summaryText;
  const list = document.createElement('dl');
  const seen = new Set();
  for (const r of readouts) {
    if (seen.has(r.key) || !r.known) continue;
    seen.add(r.key);
    const dt = document.createElement('dt');
    dt.dataset.key = r.key;
    dt.textContent = `${r.label} [${r.unit}]`;
    const dd = document.createElement('dd');
    dd.append(`${r.meaning}${r.formula ? `: ${r.formula}` : ''}. `);
    dd.append(sourceLink(r.source, r.url));
    list.append(dt, dd);
  }
  box.append(summary, list);
  return box;
}

/** The source as a link when it has a URL, else its name. */
export function sourceLink(/** @type {string} */ text, /** @type {string|null|undefined} */ url) {
  if (!url) {
    const span = document.createElement('span');
    span.className = 'source';
    span.textContent = `Source: ${text}`;
    return span;
  }
  const a = document.createElement('a');
  a.className = 'source';
  a.href = url;
  a.target = '_blank';
  a.rel = 'noopener';
  a.textContent = `Source: ${text}`;
  return a;
}
