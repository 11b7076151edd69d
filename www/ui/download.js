// @ts-check
// Saving a text file from the page (PGN, JSON and CSV exports of Play, Match, Sweep and Tune).

/**
 * Saves `text` as a download named `name` of MIME type `type`.
 * @param {string} name
 * @param {string} text
 * @param {string} type
 */
export function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
