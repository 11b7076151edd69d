// @ts-check
// The page's notes outside the views: the engine's state badge, error and log, and the link's
// unusable settings.

import { rulesReady } from './rules.js';
import { problemText } from './urlstate.js';

/** The page's element matching `sel`, or null. */
const $ = (/** @type {string} */ sel) => {
  const el = document.querySelector(sel);
  return el instanceof HTMLElement ? el : null;
};

/** The engine's error line (both pages have it). */
const showEngineError = (/** @type {string} */ text) => {
  const line = $('#engine-error');
  if (line) line.textContent = text;
};

/**
 * The engine badge, its error line and its log follow the client's events.
 * @param {import('../engine/client.js').EngineClient} client
 */
export function showEngineState(client) {
  const badge = $('#engine-state');
  if (!badge) return;
  // Only the client's events: the page reads none of its fields.
  const render = (/** @type {string} */ state, /** @type {unknown} */ error) => {
    badge.textContent = state === 'idle' ? 'engine ready' : `engine ${state}`;
    badge.dataset.state = state;
    if (state === 'failed') {
      showEngineError(`The engine stopped working (${error}). Reload the page; if it happens again, try another browser.`);
    }
  };
  client.addEventListener('state', (e) => {
    if (e instanceof CustomEvent) render(e.detail.state, e.detail.error);
  });
  client.addEventListener('crash', (e) => {
    if (e instanceof CustomEvent) showEngineError(`The engine crashed (${e.detail.reason}); it was restarted.`);
  });
  client.addEventListener('line', (e) => {
    const log = $('#engine-log');
    if (log && e instanceof CustomEvent) log.textContent = (log.textContent + e.detail + '\n').split('\n').slice(-40).join('\n');
  });
  render('loading', null); // a new client starts loading
}

/**
 * Show the URL's unusable values (each names the key, what was wrong, and what is used instead).
 * @param {import('./urlstate.js').UrlState} url
 * @param {{wasm?: boolean}} [o] `wasm: false`: this page will load no wasm module (the browser
 *   lacks WebAssembly or module workers; the page shows its fallback), so the note cannot wait
 *   for the crate's excerpt rule
 */
export function showUrlProblems(url, { wasm = true } = {}) {
  const note = $('#url-note');
  const text = $('#url-note-text');
  if (!note || !text) return;
  let dismissed = 0; // problems seen when the reader closed the note; a new one shows it again
  /** The crate's excerpt rule, once a wasm module is in; before that the note waits. */
  let quote = /** @type {((s: string) => string) | null} */ (null);
  const render = () => {
    if (!quote) return;
    const q = quote;
    note.hidden = url.problems.length <= dismissed;
    text.textContent = url.problems.length
      ? `Some settings in the link could not be used: ${url.problems.map((p) => problemText(p, q)).join(' ')}`
      : '';
  };
  if (wasm) {
    rulesReady.then((rules) => {
      quote = rules.excerpt;
      render();
    });
  } else {
    // No wasm module can load here, so the crate's excerpt never comes: the values are quoted
    // whole (not shortened by a copy of the crate's rule). Only the link's own keys (`v`,
    // `view`) are read on such a page: no view mounts to read the others.
    quote = (s) => s;
  }
  $('#url-note-close')?.addEventListener('click', () => {
    dismissed = url.problems.length;
    render();
  });
  url.addEventListener('problem', render);
  render();
}
