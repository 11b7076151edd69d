// @ts-check
// URLs of the playground's own files (www/public/: leaderboard.json, replay/*.pgn), resolved
// from the playground's root. The page may be the root's index.html or the /embed route's
// embed/index.html one directory down: a path resolved against the embed page's own URL would
// point into /embed/ (issue 30).

/**
 * `path` (relative to the playground's root) as an absolute URL.
 * @param {string} path
 */
export function appUrl(path) {
  const embedded = document.documentElement.hasAttribute('data-embed');
  return new URL(`${embedded ? '../' : './'}${path}`, document.baseURI);
}
