// @ts-check
// The full playground's share controls (shared/spec/playground.md §5.11, §6): "Copy link" copies
// the URL of the current view with its settings; "Embed" opens a dialog with ready-to-paste HTML:
// an iframe of the /embed route with the current state and, on the Curves view, <tm-curve>
// elements for its charts.

import { iframeSnippet, curvesSnippet } from './snippets.js';
import { CURVES_DEFAULTS, CURVES_PREFIX, ALLOCATION_DEFAULTS, ALLOCATION_PREFIX } from './curve-params.js';
import { UrlState } from './urlstate.js';
import { find } from './dom.js';

/**
 * Copy `text`; fall back to showing it in `note` when the clipboard is not available.
 * @param {string} text
 * @param {HTMLElement} note
 * @param {string} done what `note` says once copied
 */
async function copy(text, note, done) {
  try {
    await navigator.clipboard.writeText(text);
    note.textContent = done;
  } catch {
    note.textContent = 'Copying was blocked by the browser: select the text and copy it.';
  }
}

/**
 * Wire up #copy-link and #embed-button for `url` (a UrlState).
 * @param {import('./urlstate.js').UrlState} url
 * @param {Record<string, string>} labels the views' names
 */
export function setUpShare(url, labels) {
  const note = find('#share-note', HTMLElement);
  find('#copy-link', HTMLElement)?.addEventListener('click', async () => {
    const href = url.href();
    try {
      await navigator.clipboard.writeText(href);
      if (note) note.textContent = 'Link copied.';
    } catch {
      if (note) note.textContent = href;
    }
  });

  const dialog = find('#embed-dialog', HTMLDialogElement);
  const button = find('#embed-button', HTMLElement);
  if (!dialog || !button) return;
  const iframeBox = find('#embed-iframe', HTMLTextAreaElement, dialog);
  const curveBox = find('#embed-curve', HTMLTextAreaElement, dialog);
  const curveSection = find('#embed-curve-section', HTMLElement, dialog);
  const dialogNote = find('#embed-note', HTMLElement, dialog);
  if (!iframeBox || !curveBox || !curveSection || !dialogNote) return;

  const fill = () => {
    const label = labels[url.view] || url.view;
    // Play embeds in its compact layout (board, clocks, the engine's line, the moves: about
    // 540 px tall at 400 px wide); without `layout=compact` the frame shows the whole view.
    const href = new URL(url.href({ embed: true }));
    const compact = url.view === 'play';
    if (compact) href.searchParams.set('layout', 'compact');
    iframeBox.value = iframeSnippet(href.href, `tmlab: ${label}${compact ? ' (compact)' : ''}`, compact ? 560 : 720);
    const curves = url.view === 'curves';
    curveSection.hidden = !curves;
    if (curves) {
      // Read back what the view wrote: the URL is the one source of the current state.
      const base = new URL('./', url.href()).href;
      const probe = new UrlState(url.href(), { history: false });
      curveBox.value = curvesSnippet(
        probe.get(CURVES_PREFIX, CURVES_DEFAULTS),
        probe.get(ALLOCATION_PREFIX, ALLOCATION_DEFAULTS),
        base,
      );
    }
    dialogNote.textContent = '';
  };

  button.addEventListener('click', () => {
    fill();
    dialog.showModal();
    iframeBox.focus();
    iframeBox.select();
  });
  url.addEventListener('change', () => {
    if (dialog.open) fill();
  });
  dialog.querySelector('#embed-close')?.addEventListener('click', () => dialog.close());
  for (const btn of dialog.querySelectorAll('[data-copy]')) {
    btn.addEventListener('click', () => {
      const box = btn instanceof HTMLElement ? find(`#${btn.dataset.copy}`, HTMLTextAreaElement, dialog) : null;
      if (box) copy(box.value, dialogNote, 'Snippet copied.');
    });
  }
}
