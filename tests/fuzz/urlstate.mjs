// @ts-check
// Fuzzes the URL-state parser (www/ui/urlstate.js) with the Match view's real defaults and
// checks (the manager specs and time controls go through the crate's wasm: check_spec and
// read_time_control, as www/main.js wires them), plus a synthetic prefix with nested, array and
// boolean values and limits. A coverage-free mutational loop over query strings; `npm run fuzz`
// runs it (`node tests/fuzz/urlstate.mjs --seconds N [--seed N]`) and tests/unit/ replays the
// corpus and crashes in tests/fuzz/urlstate/.
//
// Invariants: nothing throws; every key of the defaults comes back with its default's type,
// numbers within their limits, choices among the allowed, specs and time controls valid; every
// problem message is bounded; the cleaned URL reads back to the same state with no problems;
// and the wasm instance still answers afterwards (a trap would poison it).
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import tmlab from '../unit/wasm.js';
import { UrlState, problemText } from '../../www/ui/urlstate.js';
import { provideRules } from '../../www/ui/rules.js';
import * as urlChecks from '../../www/ui/url-checks.js';
import { MATCH_DEFAULTS, MATCH_PREFIX, MATCH_CHOICES } from '../../www/views/match/spec.js';

export const DIR = fileURLToPath(new URL('./urlstate/', import.meta.url));

// The checks www/main.js gives the Match view (www/ui/url-checks.js), over the real wasm parsers.
provideRules(tmlab);
const checkSpec = urlChecks.checkSpec;
const checkTc = urlChecks.checkTimeControl;
const choice = urlChecks.choice;
/** @type {Record<string, typeof checkSpec>} */
const MATCH_CHECK = { a: checkSpec, b: checkSpec, tca: checkTc, tcb: checkTc };
for (const [k, allowed] of Object.entries(MATCH_CHOICES)) MATCH_CHECK[k] = choice(allowed);

/** A synthetic view exercising every kind of value the reader supports. */
const X_DEFAULTS = { n: 5, f: 0.5, on: true, s: 'x', specs: ['stockfish'], grp: { k: 2, t: 'y' } };
/** @type {Record<string, [number, number]>} */
const X_LIMITS = { n: [1, 100], f: [0, 1], specs: [1, 4], 'grp.k': [0, 9] };
const X_CHECK = { specs: checkSpec };

const MAX_MESSAGE = 400;

/** Runs one query string; returns a short outcome class, or throws on a broken invariant. */
/** @param {string} query */
export function runOne(query) {
  const url = new UrlState(`https://x.test/?${query}`, { history: false });
  const m = url.get(MATCH_PREFIX, MATCH_DEFAULTS, { check: MATCH_CHECK });
  const x = url.get('x', X_DEFAULTS, { limits: X_LIMITS, check: X_CHECK });
  checkShape(m, MATCH_DEFAULTS, {}, MATCH_CHECK, 'm');
  checkShape(x, X_DEFAULTS, X_LIMITS, X_CHECK, 'x');
  for (const p of url.problems) {
    const text = problemText(p, tmlab.excerpt); // as the page's note says it
    if (text.length > MAX_MESSAGE) throw new Error(`problem message of ${text.length} chars: ${text.slice(0, 120)}`);
  }
  // The cleaned URL is stable: reading it again gives the same state and no problems.
  const again = new UrlState(url.href(), { history: false });
  const m2 = again.get(MATCH_PREFIX, MATCH_DEFAULTS, { check: MATCH_CHECK });
  const x2 = again.get('x', X_DEFAULTS, { limits: X_LIMITS, check: X_CHECK });
  if (JSON.stringify([m, x]) !== JSON.stringify([m2, x2])) {
    throw new Error(`the cleaned URL ${url.href().slice(0, 200)} reads back differently`);
  }
  if (again.problems.length) throw new Error(`the cleaned URL still has problems: ${problemText(again.problems[0], tmlab.excerpt)}`);
  if (checkSpec('stockfish') !== undefined) throw new Error('the wasm instance no longer parses `stockfish`');
  return `${url.view}|${url.problems.map((p) => p.key).sort().join(',')}`;
}

/**
 * @param {Record<string, unknown>} state
 * @param {Record<string, unknown>} defaults
 * @param {Record<string, [number, number]>} limits
 * @param {Record<string, (value: string) => string | undefined>} check the view's checks (a message: refused)
 * @param {string} prefix
 */
function checkShape(state, defaults, limits, check, prefix) {
  for (const [k, def] of Object.entries(defaults)) {
    const v = state[k];
    if (def && typeof def === 'object' && !Array.isArray(def)) {
      checkShape(/** @type {Record<string, unknown>} */ (v), /** @type {Record<string, unknown>} */ (def), Object.fromEntries(Object.entries(limits).filter(([l]) => l.startsWith(`${k}.`)).map(([l, r]) => [l.slice(k.length + 1), r])), {}, `${prefix}.${k}`);
      continue;
    }
    const name = `${prefix}.${k}`;
    if (Array.isArray(def)) {
      if (!Array.isArray(v) || v.some((e) => typeof e !== 'string')) throw new Error(`${name} is not a string array`);
      const [lo, hi] = limits[k] || [1, Infinity];
      if (v.length < lo || v.length > hi) throw new Error(`${name} has ${v.length} entries`);
      for (const e of v) if (check[k]?.(e)) throw new Error(`${name} kept a bad entry ${e.slice(0, 60)}`);
      continue;
    }
    if (typeof v !== typeof def) throw new Error(`${name} is ${typeof v}, not ${typeof def}`);
    if (typeof v === 'number') {
      const [lo, hi] = limits[k] || [-Infinity, Infinity];
      if (!Number.isFinite(v) || v < lo || v > hi) throw new Error(`${name} = ${v} outside ${lo} … ${hi}`);
    }
    if (v !== def && check[k]?.(/** @type {string} */ (v)) /* a check reads its key's type (UrlCheck) */) throw new Error(`${name} kept a bad value ${String(v).slice(0, 60)}`);
  }
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
  '&', '=', '?', '#', '%', '%25', '%ZZ', '%00', '%E2%80%8B', '+', '.', 'view=match', 'view=play', 'view=curves',
  'view=nope', 'v=1', 'v=2', 'v=', 'm.a=', 'm.b=', 'm.tca=', 'm.tcb=', 'm.games=', 'm.same=', 'm.engine=',
  'm.clock=', 'm.open=', 'm.nps=', 'm.seed=', 'm.sprt=', 'm.alpha=', 'x.n=', 'x.f=', 'x.on=', 'x.s=', 'x.specs=',
  'x.grp.k=', 'x.grp.t=', 'x.grp=', 'stockfish', 'lc0-smooth(preset=lc0)', 'stockfish(move-overhead=', '(', ')',
  '10+0.1', '40/60', 'inf', 'NaN', 'Infinity', '-0', '1e309', '1e-320', '0x10', ' ', 'true', 'false', '1', '0',
  '__proto__', 'constructor', 'toString', 'm.__proto__=', 'x.grp.__proto__=',
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
      case 1: s = s.slice(0, at) + `&${DICT[rng.below(DICT.length)]}${DICT[rng.below(DICT.length)]}` + s.slice(at); break;
      case 2: s = s.slice(0, at) + s.slice(at + 1 + rng.below(12)); break;
      case 3: s = s.slice(0, at) + String.fromCharCode(rng.below(rng.below(4) ? 128 : 0x3000)) + s.slice(at); break;
      case 4: {
        const n = 1 + rng.below(24);
        s = s.slice(0, at) + s.slice(at, at + n).repeat(1 + rng.below(rng.below(8) ? 6 : 400)) + s.slice(at + n);
        break;
      }
      case 5: {
        const o = pool[rng.below(pool.length)];
        const a = rng.below(o.length + 1);
        s = s.slice(0, at) + o.slice(a, a + 1 + rng.below(40)) + s.slice(at);
        break;
      }
      case 6: s = s.slice(0, at) + encodeURIComponent(s.slice(at, at + 8)) + s.slice(at + 8); break;
      default: s = s.slice(0, rng.below(s.length + 1));
    }
  }
  return s.slice(0, 8192);
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
      const why = String(/** @type {{stack?: unknown} | undefined} */ (e)?.stack || e);
      const key = why.slice(0, 48).replace(/\d+/g, '#');
      if (!failures.has(key)) {
        failures.add(key);
        mkdirSync(`${DIR}crashes`, { recursive: true });
        const file = `${DIR}crashes/crash-${createHash('sha1').update(q).digest('hex').slice(0, 16)}`;
        writeFileSync(file, q);
        console.error(`fuzz urlstate: ${why.slice(0, 600)}\n  input saved to ${file}`);
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
  console.log(`fuzz urlstate   seed ${seed}: ${s.execs} execs in ${el.toFixed(0)} s (${(s.execs / el).toFixed(0)}/s), ${s.classes} outcome classes, ${s.seeds} seeds, ${s.failures} failures`);
  process.exit(s.failures ? 1 : 0);
}
