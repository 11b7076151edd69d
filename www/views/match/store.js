// @ts-check
// The match autosave in IndexedDB, as sealed records (../../ui/saved-records.js: each value
// carries its CRC-32, checked by the crate): `setup` (the match's id, spec, form state and
// number of games), `status`, and each finished game's summary under `game:<id>:<index>`,
// written after every game so a reload resumes the match (playground.md §7, "Exports and
// resume"). A damaged record is dropped alone (./validate.js).

import { kvStore, seal } from '../../ui/saved-records.js';

const store = kvStore('match');

const gameKey = (/** @type {string} */ id, /** @type {number} */ index) => `game:${id}:${String(index).padStart(6, '0')}`;

/** @typedef {import('./controller.js').Meta} Meta */

const setupOf = (/** @type {Meta} */ meta) => seal({ id: meta.id, spec: meta.spec, state: meta.state, games: meta.games });
const statusOf = (/** @type {Meta} */ meta) => seal({ id: meta.id, status: meta.status });

/** Store the match's meta data: { id, spec, state, status, games }. @param {Meta} meta */
export async function saveMatch(meta) {
  await store.put('setup', setupOf(meta));
  await store.put('status', statusOf(meta));
}

/**
 * Store one finished game's summary (and the match's status).
 * @param {Meta} meta
 * @param {import('../../ui/crate-types.js').GameSummary} summary
 */
export async function saveGame(meta, summary) {
  await store.put(gameKey(meta.id, summary.index), seal(summary));
  await store.put('status', statusOf(meta));
}

/**
 * The saved records as stored (unchecked): `{setup, status, keys, games}`, or null when no
 * match is saved. `old` is set when only an older tmlab's unsealed autosave is there.
 */
export async function loadSaved() {
  const [setup, status] = await Promise.all([store.get('setup'), store.get('status')]);
  if (setup === undefined) {
    const old = await store.get('current');
    return old === undefined ? null : { old: true, setup, status, keys: [], games: [] };
  }
  // The games of every match id: the setup may be damaged, so its id is not trusted here.
  const [keys, games] = await store.getAll('game:');
  return { old: false, setup, status, keys, games };
}

/** One saved game's record as stored, or undefined. @param {string} id @param {number} index */
export async function loadGame(id, index) {
  return store.get(gameKey(id, index));
}

/**
 * The saved records of games `from` … `to - 1`, as stored, in index order.
 * @param {string} id
 * @param {number} from
 * @param {number} to
 */
export async function loadGames(id, from, to) {
  const [keys, values] = await store.getAll(`game:${id}:`);
  const lo = gameKey(id, from);
  const hi = gameKey(id, to);
  return values.filter((/** @type {unknown} */ _, /** @type {number} */ i) => keys[i] >= lo && keys[i] < hi);
}

/** Delete saved records (damaged ones, after their message). @param {string[]} keys */
export async function dropRecords(keys) {
  if (keys.length) await store.del(keys);
}

/** Forget the saved match and its games. */
export async function clearMatch() {
  await store.clear();
}
