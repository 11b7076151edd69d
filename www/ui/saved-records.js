// @ts-check
// Saved records in IndexedDB that survive damage one by one. The page has one database, `tmlab`,
// with one object store per kind of run (match, sweep, tune, scaling), opened here and nowhere
// else; every value in it is a sealed record: the record's JSON with its CRC-32, sealed and
// checked by the crate (record_seal, record_open) in the format of a `tmlab sweep|tune --resume`
// journal line. A record that fails its check is dropped alone, with a message naming
// it; the others are kept (issue 30).

import { record_open, record_seal } from '../pkg/tmlab.js';
import { typedError } from './typed-error.js';

/** The sealed form of a record (a plain JSON value). */
export function seal(/** @type {any} */ record) {
  return record_seal(JSON.stringify(record));
}

/**
 * A saved value opened: `{record}` if intact, else `{why}` (checksum mismatch, not a sealed
 * record, …).
 * @param {unknown} saved
 * @returns {{record: any, why?: undefined} | {record?: undefined, why: string}}
 */
export function unseal(saved) {
  try {
    return { record: record_open(saved) };
  } catch (e) {
    return { why: typedError(e).message };
  }
}

/** The page's one IndexedDB database, and its object stores: one per kind of saved run. */
const DATABASE = 'tmlab';
/**
 * The stores (a new kind of record adds its name here and bumps VERSION: the upgrade creates
 * the stores that are missing).
 */
export const STORES = /** @type {const} */ (['match', 'sweep', 'tune', 'scaling']);
const VERSION = 1;

/** @type {Promise<IDBDatabase>|null} */
let dbp = null;
/** The database, opened once per page; each store's older database is moved in first. */
const database = () =>
  (dbp ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DATABASE, VERSION);
    req.onupgradeneeded = () => {
      for (const name of STORES) if (!req.result.objectStoreNames.contains(name)) req.result.createObjectStore(name);
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error('the saved records are open in an older tab of this page; close it and reload'));
  }));

/** @param {IDBRequest} r @returns {Promise<any>} */
const done = (r) =>
  new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });

/**
 * An older tmlab kept each kind in a database of its own (`tmlab-match`, object store `kv`): its
 * records are copied into the store `name` (a key already there wins), then that database is
 * deleted. Nothing is created when it does not exist.
 * @param {IDBDatabase} db
 * @param {string} name
 */
async function moveLegacy(db, name) {
  /** @type {IDBDatabase|null} */
  const old = await new Promise((resolve) => {
    const req = indexedDB.open(`tmlab-${name}`);
    // A database that does not exist is being created: abort, so it is not.
    req.onupgradeneeded = () => req.transaction?.abort();
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => resolve(null);
  });
  if (!old) return;
  if (!old.objectStoreNames.contains('kv')) {
    old.close();
    return;
  }
  const tx = old.transaction('kv', 'readonly');
  const [keys, values] = await Promise.all([done(tx.objectStore('kv').getAllKeys()), done(tx.objectStore('kv').getAll())]);
  old.close();
  const into = db.transaction(name, 'readwrite');
  const store = into.objectStore(name);
  const present = new Set(await done(store.getAllKeys()));
  keys.forEach((/** @type {IDBValidKey} */ k, /** @type {number} */ i) => present.has(k) || store.put(values[i], k));
  await new Promise((resolve, reject) => {
    into.oncomplete = resolve;
    into.onerror = () => reject(into.error);
  });
  indexedDB.deleteDatabase(`tmlab-${name}`);
}

/**
 * A key-value store: the object store `name` of the page's one IndexedDB database.
 * @param {typeof STORES[number]} name
 */
export function kvStore(name) {
  /** @type {Promise<IDBDatabase>|null} */ let ready = null;
  const db = () =>
    (ready ??= database().then(async (d) => {
      try {
        await moveLegacy(d, name);
      } catch {
        // An older database that cannot be read stays where it is; the store works without it.
      }
      return d;
    }));
  /**
   * @param {IDBTransactionMode} mode
   * @param {(s: IDBObjectStore) => any} f
   */
  const run = async (mode, f) => {
    const tx = (await db()).transaction(name, mode);
    const r = f(tx.objectStore(name));
    return new Promise((resolve, reject) => {
      tx.oncomplete = () => resolve(Array.isArray(r) ? r.map((x) => x.result) : r?.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error || new Error('IndexedDB transaction aborted'));
    });
  };
  /** Keys from `prefix` up to (not including) the end of the prefix range. */
  const range = (/** @type {string} */ prefix) => IDBKeyRange.bound(prefix, `${prefix}\uffff`);
  return {
    /** @param {string} key */
    get: (key) => run('readonly', (s) => s.get(key)),
    /** @param {string} key @param {any} value */
    put: (key, value) => run('readwrite', (s) => s.put(value, key)),
    /** @param {string[]} keys */
    del: (keys) => run('readwrite', (s) => keys.forEach((k) => s.delete(k))),
    /** Every key and value under `prefix`, in key order: `[keys, values]`. @param {string} prefix */
    getAll: (prefix) => run('readonly', (s) => [s.getAllKeys(range(prefix)), s.getAll(range(prefix))]),
    /** Empties the store. */
    clear: () => run('readwrite', (s) => s.clear()),
  };
}

/**
 * A message about dropped records, or '' when none: `2 saved games were damaged and dropped
 * (record 3: checksum mismatch …; record 7: …); they are played again.`
 * @param {{key: string, why: string}[]} dropped
 * @param {string} unit singular noun (`game`, `iteration`)
 * @param {string} then what happens to them
 */
export function droppedMessage(dropped, unit, then) {
  if (!dropped.length) return '';
  const n = dropped.length;
  // `why` is the crate's, already short (journal::Damage, journal::open: excerpts of the input).
  const shown = dropped.slice(0, 3).map((d) => `${d.key}: ${d.why}`);
  const more = n > 3 ? `; and ${n - 3} more` : '';
  return `${n} saved ${unit}${n > 1 ? 's were' : ' was'} damaged and dropped (${shown.join('; ')}${more}); ${then}`;
}
