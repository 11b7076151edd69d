// @ts-check
// The match autosave in IndexedDB: the current match's setup and status under `current`, and
// each finished game's summary under `game:<id>:<index>`, written after every game so a reload
// resumes the match (playground.md §7, "Exports and resume").

const DB_NAME = 'tmlab-match';
const STORE = 'kv';

function open() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

let dbPromise = null;
function db() {
  dbPromise ??= open();
  return dbPromise;
}

function done(tx) {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error || new Error('IndexedDB transaction aborted'));
  });
}

const gameKey = (id, index) => `game:${id}:${String(index).padStart(6, '0')}`;

/** Store the match's meta data: { id, spec, state, status, games, savedAt }. */
export async function saveMatch(meta) {
  const tx = (await db()).transaction(STORE, 'readwrite');
  tx.objectStore(STORE).put({ ...meta, savedAt: Date.now() }, 'current');
  return done(tx);
}

/** Store one finished game's summary (and the match's meta in the same transaction). */
export async function saveGame(meta, summary) {
  const tx = (await db()).transaction(STORE, 'readwrite');
  tx.objectStore(STORE).put(summary, gameKey(meta.id, summary.index));
  tx.objectStore(STORE).put({ ...meta, savedAt: Date.now() }, 'current');
  return done(tx);
}

/** The saved match: { meta, summaries } or null. */
export async function loadMatch() {
  const tx = (await db()).transaction(STORE, 'readonly');
  const store = tx.objectStore(STORE);
  const meta = await req(store.get('current'));
  if (!meta) return null;
  const range = IDBKeyRange.bound(`game:${meta.id}:`, `game:${meta.id}:\uffff`);
  const summaries = await req(store.getAll(range));
  return { meta, summaries };
}

/** One saved game's summary, or null. */
export async function loadGame(id, index) {
  const tx = (await db()).transaction(STORE, 'readonly');
  return (await req(tx.objectStore(STORE).get(gameKey(id, index)))) ?? null;
}

/** The saved summaries of games `from` … `to - 1`, in index order. */
export async function loadGames(id, from, to) {
  const tx = (await db()).transaction(STORE, 'readonly');
  return req(tx.objectStore(STORE).getAll(IDBKeyRange.bound(gameKey(id, from), gameKey(id, to), false, true)));
}

/** Forget the saved match and its games. */
export async function clearMatch() {
  const tx = (await db()).transaction(STORE, 'readwrite');
  tx.objectStore(STORE).clear();
  return done(tx);
}

function req(r) {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}
