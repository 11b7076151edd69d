// @ts-check
// Saved records in IndexedDB that survive damage one by one. A store is a database with one
// object store `kv`; every value in it is a sealed record: the record's JSON with its CRC-32,
// sealed and checked by the crate (record_seal, record_open) in the format of a `tmlab sweep|tune
// --resume` journal line. A record that fails its check is dropped alone, with a message naming
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

/**
 * A tiny key-value store in IndexedDB database `name` (object store `kv`).
 * @param {string} name
 */
export function kvStore(name) {
  /** @type {Promise<IDBDatabase>|null} */ let dbp = null;
  const db = () =>
    (dbp ??= new Promise((resolve, reject) => {
      const req = indexedDB.open(name, 1);
      req.onupgradeneeded = () => req.result.createObjectStore('kv');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    }));
  /**
   * @param {IDBTransactionMode} mode
   * @param {(s: IDBObjectStore) => any} f
   */
  const run = async (mode, f) => {
    const tx = (await db()).transaction('kv', mode);
    const r = f(tx.objectStore('kv'));
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
  const shown = dropped.slice(0, 3).map((d) => `${d.key}: ${d.why.length > 120 ? `${d.why.slice(0, 119)}…` : d.why}`);
  const more = n > 3 ? `; and ${n - 3} more` : '';
  return `${n} saved ${unit}${n > 1 ? 's were' : ' was'} damaged and dropped (${shown.join('; ')}${more}); ${then}`;
}
