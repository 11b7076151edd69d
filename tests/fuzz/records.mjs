// @ts-check
// Fuzzes what the views read back from IndexedDB (issue 30): the Match view's saved setup,
// status and games (www/views/match/validate.js openSaved, then the wasm MatchBook), and the
// Sweep and Tune views' saved records (the crate's sweep_resume and tune_resume through wasm, as
// www/ui/experiment.js restores them). A coverage-free mutational loop; `npm run fuzz`
// runs it (`node tests/fuzz/records.mjs --seconds N [--seed N]`) and tests/unit/ replays the
// corpus and crashes in tests/fuzz/records/.
//
// An input is lines, one saved value each: `~JSON` a record sealed with its right checksum (so the
// checks past the checksum run), `=text` a string stored as is (a damaged or foreign record),
// `#JSON` a structured value stored as is (`"__inf__"` stands for Infinity, `"__nan__"` for NaN),
// an empty line nothing. For the Match view the first two values are the setup and the status,
// the rest its games; the Sweep and Tune views get every value as a saved record.
//
// Invariants: nothing throws; every record is kept or dropped (and a dropped one is named in a
// bounded message); a kept game passes the page's field checks and the book takes it or refuses it
// with an error (which the page drops alone); a kept sweep score fits the plan; a tune's kept
// history follows iteration by iteration; the wasm instance still answers afterwards.
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import tmlab from '../unit/wasm.js';
import { openSaved, summaryProblem } from '../../www/views/match/validate.js';
import { seal } from '../../www/ui/saved-records.js';

export const DIR = fileURLToPath(new URL('./records/', import.meta.url));

/** The Sweep and Tune specs the saved records are checked against (the corpus's runs). */
export const SWEEP_SPEC = JSON.stringify({
  param: 'slowmover',
  values: [0.5, 1.5],
  match: { a: 'lc0-legacy', b: 'stockfish', tc_a: '1+0.01', games: 2, seed: 1, clock: { mode: 'virtual', nps: 100000 }, adjudication: { max_moves: 20 } },
});
export const TUNE_SPEC = JSON.stringify({
  params: ['slowmover'],
  c_end: [0.3],
  r_end: [0.2],
  pairs_per: 1,
  match: { a: 'lc0-legacy(slowmover=0.5)', b: 'lc0-legacy(slowmover=0.5)', tc_a: '1+0.01', games: 6, seed: 1, clock: { mode: 'virtual', nps: 100000 }, adjudication: { max_moves: 20 } },
});

const MAX_MESSAGE = 2000;

/** The stored values an input describes. */
export function valuesOf(/** @type {string} */ text) {
  return text.split('\n').map((line) => {
    if (line.startsWith('~')) return tmlab.record_seal(line.slice(1));
    if (line.startsWith('=')) return line.slice(1);
    if (line.startsWith('#')) {
      try {
        return JSON.parse(line.slice(1), (_, v) => (v === '__inf__' ? Infinity : v === '__nan__' ? NaN : v));
      } catch {
        return line.slice(1);
      }
    }
    return undefined;
  });
}

const bounded = (/** @type {any} */ m, /** @type {string} */ what) => {
  if (typeof m !== 'string' || m.length > MAX_MESSAGE) throw new Error(`${what}: a message of ${String(m).length} chars: ${String(m).slice(0, 120)}`);
};

/** Runs one input; returns a short outcome class, or throws on a broken invariant. */
export function runOne(/** @type {string} */ text) {
  const values = valuesOf(text);
  const sig = [];
  // The Match view.
  const [setup, status, ...games] = values;
  let id = 'x';
  try {
    const r = tmlab.record_open(setup);
    if (r && typeof r.id === 'string') id = r.id;
  } catch {
    /* a damaged setup: its games keep the id 'x' */
  }
  const keys = games.map((_, i) => `game:${id}:${String(i).padStart(6, '0')}`);
  const m = openSaved({ old: false, setup, status, keys, games });
  if (m.error !== undefined) {
    bounded(m.error, 'match error');
    sig.push('match-error');
  } else {
    bounded(m.notice, 'match notice');
    if (!['running', 'stopped', 'complete'].includes(m.meta.status)) throw new Error(`match status ${m.meta.status}`);
    const kept = m.summaries.length;
    if (kept + m.dropKeys.length > games.length) throw new Error(`${kept} kept + ${m.dropKeys.length} dropped of ${games.length}`);
    for (const s of m.summaries) {
      const why = summaryProblem(s, m.meta.games);
      if (why) throw new Error(`a kept game fails the page's checks: ${why}`);
    }
    let book = null;
    try {
      book = new tmlab.MatchBook(m.meta.spec);
    } catch (e) {
      bounded(/** @type {{message?: unknown} | undefined} */ (e)?.message ?? String(e), 'book');
    }
    let refused = 0;
    for (const s of m.summaries) {
      try {
        book?.add(s);
      } catch (e) {
        refused++;
        bounded(/** @type {{message?: unknown} | undefined} */ (e)?.message ?? String(e), 'book.add');
      }
    }
    book?.free();
    sig.push(`match:${m.meta.status}:${Math.min(kept, 3)}:${Math.min(m.dropKeys.length, 3)}:${refused ? 'r' : ''}`);
  }
  // The Sweep view.
  const s = tmlab.sweep_resume(SWEEP_SPEC, values);
  const filled = s.scores.flat().filter((/** @type {unknown} */ x) => x != null).length;
  if (s.scores.length !== 2 || s.scores.some((/** @type {unknown[]} */ row) => row.length !== 2)) throw new Error('sweep scores do not fit the plan');
  if (filled + s.damaged.length > values.length) throw new Error(`sweep: ${filled} kept + ${s.damaged.length} dropped of ${values.length}`);
  for (const d of s.damaged) {
    bounded(d.why, 'sweep damage');
    if (!(d.line >= 0 && d.line < values.length)) throw new Error(`sweep damage names record ${d.line}`);
  }
  // The Tune view.
  const t = tmlab.tune_resume(TUNE_SPEC, values);
  if (t.history.length + t.held.length + t.damaged.length > values.length) throw new Error('tune: more records than values');
  for (const d of t.damaged) bounded(d.why, 'tune damage');
  if (t.history.length) tmlab.tune_result(TUNE_SPEC, t.history); // throws if the history does not replay
  const next = tmlab.tune_next(TUNE_SPEC, t.history, t.held);
  if (next?.refused) bounded(next.refused.why, 'tune refused');
  sig.push(`sweep:${Math.min(filled, 4)}:${Math.min(s.damaged.length, 3)}`, `tune:${t.history.length}:${t.held.length}:${Math.min(t.damaged.length, 3)}`);
  if (tmlab.record_open(seal({ a: 1 })).a !== 1) throw new Error('the wasm instance no longer opens a sealed record');
  return sig.join('|');
}

/** Every committed input: corpus then crashes. */
export function inputs() {
  const out = [];
  for (const sub of ['corpus', 'crashes']) {
    let names = [];
    try {
      names = readdirSync(`${DIR}${sub}`).sort();
    } catch {
      continue;
    }
    for (const n of names) out.push({ name: `${sub}/${n}`, text: readFileSync(`${DIR}${sub}/${n}`, 'utf8') });
  }
  return out;
}

const DICT = [
  '\n', '\n~', '\n=', '\n#', '{', '}', '[', ']', ',', ':', '"', 'null', 'true', 'false', '0', '1', '-1', '1e308',
  '"__inf__"', '"__nan__"', '"status":"paused"', '"status":"stopped"', '"status":"complete"', '"status":"running"',
  '"index":', '"outcome_a":"win"', '"outcome_a":"loss"', '"a_white":true', '"result":"1-0"', '"result":"0-1"',
  '"wins":', '"losses":', '"draws":', '"theta":', '"k":', '"value":', '"game":', '"id":"x"', '"games":',
  '"spec":', '"state":{}', '{"sum":"', '","record":', '__proto__', 'constructor',
];

class Rng {
  /** @param {number} seed */
  constructor(seed) {
    this.s = BigInt.asUintN(64, BigInt(seed) || 0x9e3779b97f4a7c15n);
  }
  next() {
    let s = this.s;
    s ^= s >> 12n;
    s ^= BigInt.asUintN(64, s << 25n);
    s ^= s >> 27n;
    this.s = s;
    return Number(BigInt.asUintN(64, s * 0x2545f4914f6cdd1dn) >> 11n) / 2 ** 53;
  }
  /** @param {number} n */
  below(n) {
    return Math.floor(this.next() * n);
  }
}

/** @param {Rng} rng @param {string} s @param {string[]} pool */
function mutate(rng, s, pool) {
  for (let r = 1 + rng.below(4); r > 0; r--) {
    const at = rng.below(s.length + 1);
    switch (rng.below(8)) {
      case 0: s = s.slice(0, at) + DICT[rng.below(DICT.length)] + s.slice(at); break;
      case 1: { // swap two lines (records out of order)
        const lines = s.split('\n');
        const i = rng.below(lines.length);
        const j = rng.below(lines.length);
        [lines[i], lines[j]] = [lines[j], lines[i]];
        s = lines.join('\n');
        break;
      }
      case 2: s = s.slice(0, at) + s.slice(at + 1 + rng.below(12)); break;
      case 3: s = s.slice(0, at) + String.fromCharCode(rng.below(rng.below(4) ? 128 : 0x3000)) + s.slice(at); break;
      case 4: { // a digit changed (a flipped result, a value)
        const m = [...s.matchAll(/\d/g)];
        if (m.length) {
          const d = m[rng.below(m.length)];
          s = s.slice(0, d.index) + String(rng.below(10)) + s.slice((d.index ?? 0) + 1);
        }
        break;
      }
      case 5: {
        const o = pool[rng.below(pool.length)];
        const lines = o.split('\n');
        s = `${s}\n${lines[rng.below(lines.length)]}`;
        break;
      }
      case 6: { // a line's kind changed: sealed, raw, structured
        const lines = s.split('\n');
        const i = rng.below(lines.length);
        lines[i] = '~=#'[rng.below(3)] + lines[i].slice(1);
        s = lines.join('\n');
        break;
      }
      default: s = s.slice(0, rng.below(s.length + 1));
    }
  }
  return s.slice(0, 200_000);
}

/** Fuzzes for `seconds`; returns the counts. */
/** @param {number} seconds @param {number} seed */
export function fuzz(seconds, seed) {
  const pool = inputs().map((i) => i.text);
  if (!pool.length) pool.push('');
  const rng = new Rng(seed);
  const seen = new Set();
  const failures = new Set();
  let execs = 0;
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const q = mutate(rng, pool[rng.below(pool.length)], pool);
    execs++;
    try {
      const sig = runOne(q);
      if (!seen.has(sig)) {
        seen.add(sig);
        if (pool.length < 20000) pool.push(q);
      }
    } catch (e) {
      const why = String(/** @type {{stack?: unknown, message?: unknown} | undefined} */ (e)?.stack || /** @type {{message?: unknown} | undefined} */ (e)?.message || e);
      const key = why.slice(0, 48).replace(/\d+/g, '#');
      if (!failures.has(key)) {
        failures.add(key);
        mkdirSync(`${DIR}crashes`, { recursive: true });
        const file = `${DIR}crashes/crash-${createHash('sha1').update(q).digest('hex').slice(0, 16)}`;
        writeFileSync(file, q);
        console.error(`fuzz records: ${why.slice(0, 600)}\n  input saved to ${file}`);
      }
    }
  }
  return { execs, classes: seen.size, seeds: pool.length, failures: failures.size };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  /** @param {string} name @param {number} def */
  const arg = (name, def) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? Number(process.argv[i + 1]) : def;
  };
  const seconds = arg('--seconds', 60);
  const seed = arg('--seed', Date.now());
  const t0 = Date.now();
  const s = fuzz(seconds, seed);
  const el = (Date.now() - t0) / 1000;
  console.log(`fuzz records    seed ${seed}: ${s.execs} execs in ${el.toFixed(0)} s (${(s.execs / el).toFixed(0)}/s), ${s.classes} outcome classes, ${s.seeds} seeds, ${s.failures} failures`);
  process.exit(s.failures ? 1 : 0);
}
