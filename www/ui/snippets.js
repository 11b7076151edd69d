// @ts-check
// Ready-to-paste HTML for embedding the playground in another page (shared/spec/playground.md §6):
// an iframe of the /embed route with the current state, and <tm-curve> custom elements whose
// attributes are the URL's keys. No wasm here: <tm-curve> builds its links with it too.

import { UrlState } from './urlstate.js';
import { CURVES_DEFAULTS, CURVES_PREFIX, ALLOCATION_DEFAULTS, ALLOCATION_PREFIX, SPEC_SEPARATOR } from './curve-params.js';

/**
 * The kinds of <tm-curve>, each with its URL prefix and the defaults its attributes override.
 * @type {Record<'decay' | 'moves-left' | 'allocation', {prefix: string, chart: string | null, defaults: Record<string, unknown>}>}
 */
export const CURVE_KINDS = {
  decay: { prefix: CURVES_PREFIX, chart: 'decay', defaults: CURVES_DEFAULTS.decay },
  'moves-left': { prefix: CURVES_PREFIX, chart: 'moves-left', defaults: CURVES_DEFAULTS['moves-left'] },
  allocation: { prefix: ALLOCATION_PREFIX, chart: null, defaults: ALLOCATION_DEFAULTS },
};

/** @typedef {keyof typeof CURVE_KINDS} CurveKind a <tm-curve> kind drawn from attributes */

/** Separator of the manager specs in the `specs` attribute (spec strings never contain it). */
export const SPECS_SEPARATOR = SPEC_SEPARATOR;

/** @type {Record<string, string>} */
const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeAttr = (/** @type {unknown} */ s) => String(s).replace(/[&<>"]/g, (c) => ENTITIES[c]);

/**
 * The host-side listener: it sizes each tmlab frame to the height its page reports and hides the
 * sentence beside it (the frame's page runs, so the sentence is not needed).
 */
const HEIGHT_LISTENER =
  "<script>addEventListener('message', (e) => { const d = e.data; if (!d || d.type !== 'tmlab-height' || !(d.height >= 0 && d.height < 1e5)) return; " +
  "for (const f of document.querySelectorAll('iframe.tmlab')) if (f.contentWindow === e.source) { f.style.height = Math.ceil(d.height) + 'px'; " +
  "const p = f.nextElementSibling; if (p && p.classList.contains('tmlab-fallback')) p.hidden = true; } });</script>";

/**
 * The iframe snippet for `embedHref` (a URL of the /embed route with its state): the frame, a
 * sentence for when it cannot load (shown until the frame's page reports its height: a host
 * whose CSP has no `frame-src` for it, a server that is down, no network), and a tiny listener
 * that sizes the frame to the height the embed reports. `height`: the frame's height until then.
 * @param {string} embedHref
 */
export function iframeSnippet(embedHref, title = 'tmlab playground', height = 720) {
  const href = escapeAttr(embedHref);
  const full = escapeAttr(embedHref.replace(/\/embed\/(index\.html)?/, '/'));
  const origin = escapeAttr(new URL(embedHref).origin);
  return (
    `<iframe class="tmlab" src="${href}" title="${escapeAttr(title)}" loading="lazy" ` +
    `style="width: 100%; height: ${height}px; border: 0"></iframe>\n` +
    `<p class="tmlab-fallback">If no tmlab view appears above, it could not be loaded from ${origin} ` +
    `(offline, the server is down, or this page's Content-Security-Policy has no frame-src for it): ` +
    `<a href="${full}">open it in the playground</a>.</p>\n${HEIGHT_LISTENER}`
  );
}

/**
 * The playground's folder for a page at `href` (the full playground or its /embed route): where
 * tm-curve.js, the embed route and the full views live.
 * @param {string} href
 */
export function playgroundBase(href) {
  const u = new URL(href);
  u.search = '';
  u.hash = '';
  return new URL(u.pathname.replace(/embed\/(index\.html)?$/, '').replace(/[^/]*$/, ''), u).href;
}

/** The script line loading <tm-curve> from the playground in folder `base`. */
export const curveScript = (/** @type {string} */ base) => `<script type="module" src="${escapeAttr(new URL('tm-curve.js', base).href)}"></script>`;

/**
 * One chart of the Curves view as a <tm-curve> snippet (its script and its tag) for `kind` with
 * `values` (the chart's state: only what differs from the defaults is written).
 * @param {CurveKind} kind
 * @param {Record<string, unknown>} values
 * @param {string} base
 */
export function curveSnippet(kind, values, base) {
  return `${curveScript(base)}\n${curveTag(curveAttributes(kind, values))}`;
}

/**
 * The /embed route's URL showing one chart of the Curves view alone (`chart=`: decay,
 * moves-left or allocation) with the view's state `state` under `prefix` (written as the URL
 * writes it: only what differs from `defaults`).
 * @param {string} base
 * @param {string} chart
 * @param {string} prefix
 * @param {object} state
 * @param {object} defaults
 */
export function chartFrameHref(base, chart, prefix, state, defaults) {
  const url = new UrlState(new URL('./', base).href, { history: false });
  url.set(prefix, state, defaults);
  url.setView('curves');
  url.params.set('chart', chart);
  return url.href({ embed: true });
}

/** The keys of the allocation chart a <tm-curve kind="allocation"> reads (the usage model's). */
export const ALLOCATION_CURVE_KEYS = ['specs', 'tc', 'moves', 'use', 'nps', 'reuse'];

/**
 * A game chart (the Match view's) as a <tm-curve kind="game"> snippet: the game's chart data
 * (`data`, JSON from the crate's game_chart_data) inline, drawn by the charts module.
 * @param {string} data
 * @param {string} base
 */
export function gameSnippet(data, base) {
  // `<\/` keeps a `</script>` inside a string from ending the element.
  return `${curveScript(base)}\n<tm-curve kind="game"><script type="application/json">${data.replaceAll('</', '<\\/')}</script></tm-curve>`;
}

/**
 * The attributes of a <tm-curve> of `kind` whose chart shows `values`: only those that differ
 * from the defaults, as the URL writes them (`specs` joined with `;`).
 * @param {CurveKind} kind
 * @param {Record<string, unknown>} values
 * @returns {Record<string, string>}
 */
export function curveAttributes(kind, values) {
  const { defaults } = CURVE_KINDS[kind];
  /** @type {Record<string, string>} */
  const attrs = { kind };
  for (const [key, def] of Object.entries(defaults)) {
    const v = values[key];
    if (v === undefined) continue;
    if (Array.isArray(def)) {
      if (!Array.isArray(v)) attrs[key] = String(v);
      else if (v.length !== def.length || v.some((x, i) => x !== def[i])) attrs[key] = v.join(SPECS_SEPARATOR);
    } else if (v !== def) attrs[key] = String(v);
  }
  return attrs;
}

/** A <tm-curve> tag with these attributes. */
export function curveTag(/** @type {Record<string, string>} */ attrs) {
  const list = Object.entries(attrs).map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join('');
  return `<tm-curve${list}></tm-curve>`;
}

/**
 * The snippet for the Curves view's three charts in their current state: the script (from the
 * playground's folder `base`) and one <tm-curve> per chart.
 * @param {Record<string, Record<string, unknown> | undefined>} curvesState chart id → its values
 * @param {Record<string, unknown> | null | undefined} allocationState
 * @param {string} base
 */
export function curvesSnippet(curvesState, allocationState, base) {
  const script = curveScript(base);
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
 * @param {CurveKind} kind
 * @param {Record<string, unknown>} values
 * @param {string} base
 */
export function curveLink(kind, values, base) {
  const { prefix, chart, defaults } = CURVE_KINDS[kind];
  const url = new UrlState(new URL('./', base).href, { history: false });
  if (chart) url.set(prefix, { ...CURVES_DEFAULTS, [chart]: { ...defaults, ...values } }, CURVES_DEFAULTS);
  else url.set(prefix, { ...defaults, ...values }, defaults);
  url.setView('curves');
  return url.href();
}
