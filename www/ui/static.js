// @ts-check
// The static fallback of the Curves view (shared/spec/playground.md §6): without WebAssembly or
// workers, pictures of the default charts, rendered natively by the same Rust chart code
// (`tmlab curve … --svg`, committed under www/public/static/), and one sentence saying why.

/** The static pictures, in the view's order. */
export const STATIC_CHARTS = [
  { kind: 'decay', alt: 'Exponential decay ED(0, 1, 1, value) over value 0 to 6, with the ½, ¾ and ⅞ points marked' },
  { kind: 'moves-left', alt: 'lc0’s mle-legacy moves-left estimate over the move number (midpoint 51.5, steepness 7)' },
  { kind: 'allocation', alt: 'Soft and hard budget per move of lc0-legacy and Stockfish at 60+0.6, with the clock remaining' },
];

/** The sentence shown above a static picture: why it is not live. */
export function staticReason(/** @type {string[]} */ missing) {
  return `This browser lacks ${missing.join(' and ')}, so these are static pictures of the default charts ` +
    '(drawn by the same chart code); any current Chrome, Firefox or Safari shows them live.';
}

/**
 * Remove the static pictures index.html shows while the wasm loads (`.placeholder-chart`): the
 * live charts, or the fallback's own pictures, take their place.
 * @param {ParentNode | null} root
 */
export function removePlaceholders(root) {
  root?.querySelectorAll('.placeholder-chart').forEach((el) => el.remove());
}

/**
 * Fill `root` with the static pictures; their URLs are relative to the page (`static/…`).
 * @param {HTMLElement | null} root
 * @param {string[]} missing what the browser lacks
 */
export function showStaticCurves(root, missing) {
  if (!root) return;
  removePlaceholders(root);
  const reason = document.createElement('p');
  reason.className = 'static-reason';
  reason.textContent = staticReason(missing);
  root.append(reason);
  for (const c of STATIC_CHARTS) {
    const card = document.createElement('figure');
    card.className = 'card static-chart';
    const img = document.createElement('img');
    img.src = new URL(`static/${c.kind}.svg`, staticBase()).href;
    img.alt = c.alt;
    img.width = 800;
    img.height = 450;
    card.append(img);
    root.append(card);
  }
}

/** The playground's folder (the embed route lives one level below it). */
function staticBase() {
  return new URL(location.pathname.replace(/embed\/(index\.html)?$/, ''), location.href).href;
}
