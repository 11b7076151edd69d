// @ts-check
// The playground's state in the URL (shared/spec/playground.md §5.11): short keys, versioned
// with `v=1`, only values that differ from the defaults are written, unknown keys are ignored and
// missing keys mean defaults. Each view owns a prefix (`ed.from`, `al.tc`, `p.side`, …) and a
// defaults object; its state is flattened one level deep (`decay.from` → `ed.decay.from`) and
// arrays become repeated keys. Types come from the defaults: a number stays a number, a boolean
// is written 1/0.
//
// While a slider is dragged the URL is updated with history.replaceState, coalesced to one write
// per animation frame, so the history does not get an entry per tick.
//
// A text value longer than MAX_URL_VALUE (a pasted 300-line EPD is 22 kB: servers refuse such a
// request line with 431, so the reload failed) is kept out of the URL: the tab's sessionStorage
// holds it and the URL says `KEPT_IN_TAB`, so a reload restores it; a link opened elsewhere falls
// back to the default with a message saying why.

/** The URL format's version; a link with another version is read as far as it matches. */
export const URL_VERSION = 1;

/** The longest value written into the URL itself (longer texts are kept in the tab). */
export const MAX_URL_VALUE = 2000;
/** What the URL holds for a value kept in the tab's sessionStorage. */
export const KEPT_IN_TAB = '@tab';

/** The tab's sessionStorage, or null where there is none (Node, storage disabled). */
function tabStorage() {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

const keptKey = (/** @type {string} */ name) => `tmlab.url.${name}`;

/**
 * A check of one URL value: an error text, or undefined when accepted. The value has its
 * default's type (a string, a number, a boolean, or an array's entry, a string), so each check
 * declares the one it reads: `any` here is that per-key type, which one record cannot name.
 * @typedef {(v: any) => string | undefined} UrlCheck
 */

/** @typedef {{key: string, value: unknown, why: string}} UrlProblem */

/**
 * A problem as the page's note says it: `key=value: why.`, the value quoted by `quote` (the
 * crate's excerpt rule, ui/rules.js: a long value is cut, never shown whole).
 * @param {UrlProblem} p
 * @param {(text: string) => string} quote
 */
export const problemText = (p, quote) => `${p.key}=${quote(String(p.value))}: ${p.why}.`;

/** The views, in the order of the tabs. */
export const VIEWS = ['play', 'match', 'curves', 'learn', 'sweep', 'tune', 'replay', 'leaderboard'];
/** The view a link without `view=` opens. */
export const DEFAULT_VIEW = 'curves';

/**
 * Flatten `{a: {b: 1}, c: [x]}` to `{'a.b': 1, c: [x]}` (objects one level deep, arrays kept).
 * @param {object | null | undefined} state
 * @param {Record<string, unknown>} [out]
 * @param {string} [prefix]
 * @returns {Record<string, unknown>}
 */
function flatten(state, out = {}, prefix = '') {
  for (const [k, v] of Object.entries(state || {})) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v) && !prefix) flatten(v, out, key);
    else out[key] = v;
  }
  return out;
}

/**
 * The inverse of `flatten`.
 * @param {Record<string, unknown>} flat
 */
function unflatten(flat) {
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [key, v] of Object.entries(flat)) {
    const dot = key.indexOf('.');
    if (dot < 0) out[key] = v;
    else /** @type {Record<string, unknown>} */ (out[key.slice(0, dot)] ??= {})[key.slice(dot + 1)] = v;
  }
  return out;
}

/**
 * Read one URL value with the type of its default; `undefined` when it does not parse.
 * @param {string} text
 * @param {unknown} def
 * @returns {string | number | boolean | undefined}
 */
function parseAs(text, def) {
  if (typeof def === 'number') {
    const n = Number(text);
    return text.trim() !== '' && Number.isFinite(n) ? n : undefined;
  }
  if (typeof def === 'boolean') return text === '1' || text === 'true' ? true : text === '0' || text === 'false' ? false : undefined;
  return text;
}

/** Equal values, or arrays with equal entries. */
function same(/** @type {unknown} */ a, /** @type {unknown} */ b) {
  return Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((x, i) => x === b[i]) : a === b;
}

/** A value as the URL writes it (booleans as 1/0). */
function write(/** @type {unknown} */ v) {
  return typeof v === 'boolean' ? (v ? '1' : '0') : String(v);
}

/** Whether `pathname` is the embed route (`…/embed/` or `…/embed/index.html`). */
export function isEmbedPath(/** @type {string} */ pathname) {
  return /\/embed\/(index\.html)?$/.test(pathname);
}

/** The state of every view, read from and written to one URL. */
export class UrlState extends EventTarget {
  /**
   * @param {string} href the page's URL
   * @param {{history?: boolean}} [options] `history: false` never touches the page's history
   *   (for building links, e.g. in the <tm-curve> element)
   */
  constructor(href = location.href, { history: live = true } = {}) {
    super();
    this.url = new URL(href);
    this.params = this.url.searchParams;
    this.live = live && typeof history !== 'undefined';
    /**
     * Values from the URL that could not be used: the key, the value, and why (with what is
     * used instead).
     * @type {UrlProblem[]}
     */
    this.problems = [];
    this.pending = false;
    const view = this.params.get('view');
    /** The view the URL asks for (a known one, else the default). */
    this.view = view !== null && VIEWS.includes(view) ? view : DEFAULT_VIEW;
    if (view !== null && !VIEWS.includes(view)) {
      this.problem('view', view, `is not a view (allowed: ${VIEWS.join(', ')})`, DEFAULT_VIEW);
    }
    /** The version the link was written with (1 when absent). */
    this.version = Number(this.params.get('v') || URL_VERSION);
    if (this.version !== URL_VERSION) {
      this.problem('v', this.params.get('v'), `this playground reads version ${URL_VERSION} links; reading what matches`, null);
    }
  }

  /**
   * The state stored under `prefix`: the defaults, overridden by whatever the URL holds.
   *
   * A value that does not parse as its default's type or fails `check[key](value)` (the crate's
   * check: an error text or nothing; for an array, per entry; ranges are the crate's too), or an
   * array whose number of entries lies outside `limits[key]` ([min, max]), is dropped from the
   * URL and replaced by the default, and the reason is added to `problems`, for the page to show.
   *
   * @template {object} T
   * @param {string} prefix
   * @param {T} defaults
   * @param {{limits?: Record<string, [number, number]>, check?: Record<string, UrlCheck>}} [rules]
   * @returns {T} the defaults' shape, each value the URL's or the default's
   */
  get(prefix, defaults, { limits = {}, check = {} } = {}) {
    const flat = flatten(defaults);
    for (const [key, def] of Object.entries(flat)) {
      const name = `${prefix}.${key}`;
      if (Array.isArray(def)) {
        const all = this.params.getAll(name);
        if (!all.length) continue;
        const good = all.filter((v) => {
          const why = check[key]?.(v);
          if (why) this.problem(name, v, why);
          return !why;
        });
        const [lo, hi] = limits[key] || [1, Infinity];
        if (good.length < lo || good.length > hi) {
          this.problem(name, good.join(', '), `needs ${lo} to ${hi} entries, got ${good.length}`, def.join(', '));
          this.params.delete(name);
          continue;
        }
        if (good.length !== all.length) {
          this.params.delete(name);
          good.forEach((v) => this.params.append(name, v));
        }
        flat[key] = good;
      } else if (this.params.has(name)) {
        let text = this.params.get(name) ?? '';
        if (text === KEPT_IN_TAB && typeof def === 'string') {
          const kept = tabStorage()?.getItem(keptKey(name));
          if (kept == null) {
            this.problem(name, text, 'is a long text kept in the tab that made this link, not in the link itself', write(def));
            this.params.delete(name);
            continue;
          }
          text = kept;
        }
        const v = parseAs(text, def);
        let why;
        if (v === undefined) why = typeof def === 'boolean' ? 'is not 1/0 (true/false)' : 'is not a number';
        else why = check[key]?.(v);
        if (why) {
          this.problem(name, text, why, write(def));
          this.params.delete(name);
        } else {
          flat[key] = v;
          // A long value written straight into a link is moved out of the URL on the next write.
          if (text.length > MAX_URL_VALUE && this.params.get(name) !== KEPT_IN_TAB && this.keep(name, text)) this.flush();
        }
      }
    }
    if (this.problems.length) this.flush();
    return /** @type {T} */ (unflatten(flat));
  }

  /**
   * Note a value that could not be used (`fallback`: the default used instead; null: no tail).
   * @param {string} name
   * @param {unknown} value
   * @param {string} why
   * @param {string | null} [fallback]
   */
  problem(name, value, why, fallback) {
    const tail = fallback === undefined ? '; ignored' : fallback === null ? '' : `; using the default ${fallback}`;
    // The value is quoted when the note is shown, cut by the crate's rule (ui/page-notes.js).
    this.problems.push({ key: name, value, why: `${why}${tail}` });
    this.dispatchEvent(new Event('problem'));
  }

  /**
   * Store `state` under `prefix`, writing only what differs from `defaults`.
   * @param {string} prefix
   * @param {object} state
   * @param {object} defaults
   */
  set(prefix, state, defaults) {
    const flat = flatten(state);
    const defs = flatten(defaults);
    for (const name of [...this.params.keys()]) if (name.startsWith(`${prefix}.`)) this.params.delete(name);
    for (const [key, v] of Object.entries(flat)) {
      if (v === undefined || v === null || same(v, defs[key])) continue;
      const name = `${prefix}.${key}`;
      if (Array.isArray(v)) v.forEach((x) => this.params.append(name, write(x)));
      else if (!(typeof v === 'string' && v.length > MAX_URL_VALUE && this.keep(name, v))) this.params.set(name, write(v));
    }
    this.flush();
  }

  /**
   * Keep a long text out of the URL: in the tab's sessionStorage, the URL holding KEPT_IN_TAB.
   * Returns false where there is no storage (the value then goes into the URL).
   * @param {string} name
   * @param {string} text
   */
  keep(name, text) {
    const store = this.live ? tabStorage() : null;
    if (!store) return false;
    try {
      store.setItem(keptKey(name), text);
    } catch {
      return false;
    }
    this.params.set(name, KEPT_IN_TAB);
    return true;
  }

  /** Switch the current view. */
  setView(/** @type {string} */ view) {
    this.view = view;
    this.flush();
  }

  /** The URL for the current state, with `v` and `view` first. */
  href({ embed = false } = {}) {
    const out = new URL(this.url.href);
    const rest = [...this.params.entries()].filter(([k]) => k !== 'v' && k !== 'view');
    out.search = '';
    out.searchParams.set('v', String(URL_VERSION));
    if (this.view !== DEFAULT_VIEW || embed) out.searchParams.set('view', this.view);
    for (const [k, v] of rest) out.searchParams.append(k, v);
    // The playground's folder: the page's path without `index.html` and without `embed/`.
    const root = out.pathname.replace(/index\.html$/, '').replace(/embed\/$/, '');
    out.pathname = embed ? `${root}embed/` : root;
    return out.href;
  }

  /**
   * Write the URL with history.replaceState (never a new history entry), at most once per
   * animation frame, then dispatch `change`.
   */
  flush() {
    if (this.pending) return;
    if (!this.live) {
      this.dispatchEvent(new Event('change'));
      return;
    }
    this.pending = true;
    requestAnimationFrame(() => {
      this.pending = false;
      history.replaceState(history.state, '', this.href({ embed: isEmbedPath(location.pathname) }));
      this.dispatchEvent(new Event('change'));
    });
  }
}
