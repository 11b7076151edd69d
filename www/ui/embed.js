// @ts-check
// The /embed route's chrome (shared/spec/playground.md §6): one view, no tabs or footer, an
// "Open in the full playground" link that always carries the current state, and the page's
// height posted to the framing page (`{type: 'tmlab-height', height}`) whenever it changes, so
// the host can size its iframe.

/** The message type the embed posts to its parent. */
export const HEIGHT_MESSAGE = 'tmlab-height';

let lastHeight = -1;
let observing = false;

/** Post the document's height to the parent frame if it changed (no-op when not framed). */
export function reportHeight() {
  if (!document.documentElement.hasAttribute('data-embed') || window.parent === window) return;
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  if (height === lastHeight) return;
  lastHeight = height;
  window.parent.postMessage({ type: HEIGHT_MESSAGE, height }, '*');
}

/**
 * Set up the embed chrome for `url` (a UrlState): the open-in-playground link follows every
 * state change, and the height is reported on every resize.
 * @param {import('./urlstate.js').UrlState} url
 * @param {Record<string, string>} labels the views' names
 */
export function setUpEmbed(url, labels) {
  const link = /** @type {HTMLAnchorElement | null} */ (document.querySelector('#open-full'));
  const update = () => {
    if (!link) return;
    link.href = url.href({ embed: false });
    link.textContent = `Open in the full playground (${labels[url.view] || url.view}) ↗`;
  };
  url.addEventListener('change', update);
  update();
  document.title = `tmlab — ${labels[url.view] || url.view} (embedded)`;
  if (!observing) {
    observing = true;
    new ResizeObserver(() => reportHeight()).observe(document.documentElement);
  }
}
