// @ts-check
// Ready-to-paste HTML for embedding the playground in another page (shared/spec/playground.md §6):
// an iframe of the /embed route with the current state, and <tm-curve> custom elements whose
// attributes are the URL's keys. No wasm here: <tm-curve> builds its links with it too.

import { UrlState } from './urlstate.js';
import { CURVES_DEFAULTS, CURVES_PREFIX, ALLOCATION_DEFAULTS, ALLOCATION_PREFIX } from '../views/curves/params.js';

/** The kinds of <tm-curve>, each with its URL prefix and the defaults its attributes override. */
export const CURVE_KINDS = {
  decay: { prefix: CURVES_PREFIX, chart: 'decay', defaults: CURVES_DEFAULTS.decay },
  'moves-left': { prefix: CURVES_PREFIX, chart: 'moves-left', defaults: CURVES_DEFAULTS['moves-left'] },
  allocation: { prefix: ALLOCATION_PREFIX, chart: null, defaults: ALLOCATION_DEFAULTS },
};

/** Separator of the manager specs in the `specs` attribute (spec strings never contain it). */
export const SPECS_SEPARATOR = ';';

const escapeAttr = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/** Messages the embed route posts to its parent, and a host-side listener sizing the frame. */
const HEIGHT_LISTENER =
  "<script>addEventListener('message', (e) => { const d = e.data; if (!d || d.type !== 'tmlab-height' || !(d.height >= 0 && d.height < 1e5)) return; " +
  "for (const f of document.querySelectorAll('iframe.tmlab')) if (f.contentWindow === e.source) f.style.height = Math.ceil(d.height) + 'px'; });</script>";

/**
 * The iframe snippet for `embedHref` (a URL of the /embed route with its state), plus a tiny
 * listener that sizes the frame to the height the embed reports.
 */
export function iframeSnippet(embedHref, title = 'tmlab playground') {
  return (
    `<iframe class="tmlab" src="${escapeAttr(embedHref)}" title="${escapeAttr(title)}" loading="lazy" ` +
    `style="width: 100%; height: 720px; border: 0"></iframe>\n${HEIGHT_LISTENER}`
  );
}

/**
 * The attributes of a <tm-curve> of `kind` whose chart shows `values`: only those that differ
 * from the defaults, as the URL writes them (`specs` joined with `;`).
 */
export function curveAttributes(kind, values) {
  const { defaults } = CURVE_KINDS[kind];
  const attrs = { kind };
  for (const [key, def] of Object.entries(defaults)) {
    const v = values[key];
    if (v === undefined) continue;
    if (Array.isArray(def)) {
      if (v.length !== def.length || v.some((x, i) => x !== def[i])) attrs[key] = v.join(SPECS_SEPARATOR);
    } else if (v !== def) attrs[key] = String(v);
  }
  return attrs;
}

/** A <tm-curve> tag with these attributes. */
export function curveTag(attrs) {
  const list = Object.entries(attrs).map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join('');
  return `<tm-curve${list}></tm-curve>`;
}

/**
 * The snippet for the Curves view's three charts in their current state: the script (from the
 * playground's folder `base`) and one <tm-curve> per chart.
 */
export function curvesSnippet(curvesState, allocationState, base) {
  const script = `<script type="module" src="${escapeAttr(new URL('tm-curve.js', base).href)}"></script>`;
  const tags = [
    curveTag(curveAttributes('decay', curvesState.decay || {})),
    curveTag(curveAttributes('moves-left', curvesState['moves-left'] || {})),
    curveTag(curveAttributes('allocation', allocationState || {})),
  ];
  return [script, ...tags].join('\n');
}

/**
 * The full playground's URL (in folder `base`) showing `kind`'s chart with `values`: what a
 * <tm-curve>'s "open in the playground" link points to.
 */
export function curveLink(kind, values, base) {
  const { prefix, chart, defaults } = CURVE_KINDS[kind];
  const url = new UrlState(new URL('./', base).href, { history: false });
  if (chart) url.set(prefix, { ...CURVES_DEFAULTS, [chart]: { ...defaults, ...values } }, CURVES_DEFAULTS);
  else url.set(prefix, { ...defaults, ...values }, defaults);
  url.setView('curves');
  return url.href();
}
