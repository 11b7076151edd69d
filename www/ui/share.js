// @ts-check
// The full playground's share controls (shared/spec/playground.md §5.11, §6): "Copy link" copies
// the URL of the current view with its settings; "Embed" opens a dialog with ready-to-paste HTML:
// an iframe of the /embed route with the current state and, on the Curves view, <tm-curve>
// elements for its charts.

import { iframeSnippet, curvesSnippet } from './snippets.js';
import { CURVES_DEFAULTS, CURVES_PREFIX, ALLOCATION_DEFAULTS, ALLOCATION_PREFIX } from './curve-params.js';

const $ = (sel) => document.querySelector(sel);

/** Copy `text`; fall back to showing it in `note` when the clipboard is not available. */
async function copy(text, note, done) {
  try {
    await navigator.clipboard.writeText(text);
    note.textContent = done;
  } catch {
    note.textContent = 'Copying was blocked by the browser: select the text and copy it.';
  }
}

/** Wire up #copy-link and #embed-button for `url` (a UrlState). */
export function setUpShare(url, labels) {
  const note = $('#share-note');
  $('#copy-link')?.addEventListener('click', async () => {
    const href = url.href();
    try {
      await navigator.clipboard.writeText(href);
      note.textContent = 'Link copied.';
    } catch {
      note.textContent = href;
    }
  });

  const dialog = $('#embed-dialog');
  const button = $('#embed-button');
  if (!dialog || !button) return;
  const iframeBox = dialog.querySelector('#embed-iframe');
  const curveBox = dialog.querySelector('#embed-curve');
  const curveSection = dialog.querySelector('#embed-curve-section');
  const dialogNote = dialog.querySelector('#embed-note');

  function fill() {
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
      const probe = new (url.constructor)(url.href(), { history: false });
      curveBox.value = curvesSnippet(
        probe.get(CURVES_PREFIX, CURVES_DEFAULTS),
        probe.get(ALLOCATION_PREFIX, ALLOCATION_DEFAULTS),
        base,
      );
    }
    dialogNote.textContent = '';
  }

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
      const box = dialog.querySelector(`#${btn.dataset.copy}`);
      copy(box.value, dialogNote, 'Snippet copied.');
    });
  }
}
