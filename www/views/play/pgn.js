// @ts-check
// Saving a text file from the page (the PGN export).

/**
 * @param {string} name
 * @param {string} text
 * @param {string} type
 */
export function downloadText(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
