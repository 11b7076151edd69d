// @ts-check
// A chart's own Embed button (issue 24): it opens a small panel under the chart with the
// ready-to-paste snippet for exactly that chart in its current state (a <tm-curve> element or an
// iframe, as the chart's view says), how to host it, and a Copy button. The snippet is asked of
// the view each time the panel opens and whenever the view calls `refresh()` while it is open.

const HOSTING = {
  curve:
    'The element loads a script and the small charts wasm module from this site: either this site allows yours ' +
    '(CORS: Access-Control-Allow-Origin), or copy the self-host kit (the build’s embed-kit/ folder) to your site and ' +
    'point the script at it. Where neither holds, the element shows a static picture (a game: a sentence) and says why.',
  iframe:
    'The frame can be shown on any site; the sentence under it says what to do when it cannot load, and the ' +
    'listener sizes the frame to its content.',
};

/**
 * @param {{label: string, snippet: () => {kind: 'curve' | 'iframe', text: string}}} o
 *   `label`: the chart's name (for the panel's labels); `snippet`: the current snippet
 * @returns {{element: HTMLElement, refresh: () => void}}
 */
export function createChartEmbed({ label, snippet }) {
  const element = document.createElement('div');
  element.className = 'chart-embed';
  const button = Object.assign(document.createElement('button'), { type: 'button', className: 'chart-embed-button', textContent: 'Embed' });
  button.setAttribute('aria-expanded', 'false');
  button.title = `HTML that shows this ${label} chart, as it is now, on another page`;
  const panel = Object.assign(document.createElement('div'), { className: 'chart-embed-panel', hidden: true });
  const box = Object.assign(document.createElement('textarea'), { readOnly: true, rows: 4, spellcheck: false });
  box.setAttribute('aria-label', `HTML to embed this ${label} chart`);
  const copy = Object.assign(document.createElement('button'), { type: 'button', className: 'chart-embed-copy', textContent: 'Copy' });
  const hosting = Object.assign(document.createElement('p'), { className: 'chart-embed-hosting' });
  const note = Object.assign(document.createElement('span'), { className: 'chart-embed-note' });
  note.setAttribute('role', 'status');
  panel.append(box, copy, note, hosting);
  element.append(button, panel);

  const refresh = () => {
    if (panel.hidden) return;
    const s = snippet();
    box.value = s.text;
    element.dataset.kind = s.kind;
    hosting.textContent = HOSTING[s.kind];
  };
  button.addEventListener('click', () => {
    panel.hidden = !panel.hidden;
    button.setAttribute('aria-expanded', String(!panel.hidden));
    note.textContent = '';
    refresh();
    if (!panel.hidden) box.select();
  });
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(box.value);
      note.textContent = 'Snippet copied.';
    } catch {
      box.select();
      note.textContent = 'Copying was blocked by the browser: the text is selected, copy it.';
    }
  });
  return { element, refresh };
}
