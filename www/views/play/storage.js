// @ts-check
// A game in progress survives a reload: the Rust game's JSON (setup and event log) plus the
// running move's elapsed time and a wall-clock stamp, in localStorage.
//
// Rule on restore (documented in the view): the game was paused while the page was away. The
// time away is NOT charged; the person's thinking time on the current move before the reload
// is. An engine search cut by the reload is not charged either: the engine starts its move
// again with its clock as it was.

const KEY = 'tmlab.play.game.v1';

/** Save `{ game, elapsedMs, side, stamp }`; storage errors (quota, privacy mode) are ignored. */
export function saveGame(/** @type {string} */ gameJson, /** @type {string | null} */ side, /** @type {number} */ elapsedMs) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ game: gameJson, side, elapsedMs, stamp: Date.now() }));
    return true;
  } catch {
    return false;
  }
}

/** The saved game, or null. */
export function loadGame() {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const v = JSON.parse(raw);
    return v && typeof v.game === 'string' ? v : null;
  } catch {
    return null;
  }
}

export function clearGame() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    /* nothing to clear */
  }
}
