// @ts-check
// The Learn view's controller: no DOM. Lessons are data, Markdown files in www/lessons/ with a
// front matter and component placeholders; this file parses them (a tiny parser for the subset
// lessons use: paragraphs, `-` lists, **bold**, *italic*, `code`, [links](url)), checks them
// (at most 250 words of prose, one chart, 1–3 "try this" buttons, references), and holds the
// view's state: which lesson is shown and which "try this" is applied.
//
// Lesson format:
//   ---
//   title: The problem
//   ref: Mediocre's time management | seed 001_17165174847994fc.txt
//   ref: lc0 legacy.cc | https://github.com/LeelaChessZero/lc0/blob/<commit>/src/…/legacy.cc
//   ---
//   Prose…
//   {{chart:allocation specs="mediocre;stockfish" tc=60+0.6}}
//   {{try label="Sudden death" notice="What to look for…" tc=60}}
// The slug is the file name without `NN-` and `.md`; the order is the file names' order.

/** The chart kinds a lesson may use, and what each draws. */
export const CHART_KINDS = {
  allocation: 'the allocation chart (usage model, or engine game with mode=engine)',
  'moves-left': 'lc0’s moves-left estimate',
  decay: 'exponential decay',
  timeline: 'a live search: each iteration’s completion time against the soft and hard limits',
};
/** The most words of prose a lesson may have. */
export const MAX_WORDS = 250;
/** "Try this" buttons per lesson. */
export const TRIES = [1, 3];

/**
 * @typedef {{t: 'text'|'code'|'strong'|'em', v: string} | {t: 'link', v: string, href: string}} Inline
 * @typedef {{type: 'p', inlines: Inline[]} | {type: 'ul', items: Inline[][]} | {type: 'chart', kind: string, attrs: Record<string, string>}} Block
 * @typedef {{label: string, notice: string, set: Record<string, string>}} Try
 * @typedef {{text: string, href: string|null, seed: boolean}} Ref
 * @typedef {{slug: string, file: string, title: string, blocks: Block[], chart: {kind: string, attrs: Record<string, string>}, tries: Try[], refs: Ref[], words: number}} Lesson
 */

/** `key=value key="a value"` → {key: value}. */
export function parseAttrs(text) {
  /** @type {Record<string, string>} */
  const out = {};
  const re = /([a-z][\w.-]*)=(?:"([^"]*)"|(\S+))/gi;
  let m;
  let rest = text;
  while ((m = re.exec(text))) {
    out[m[1]] = m[2] ?? m[3];
    rest = rest.replace(m[0], '');
  }
  if (rest.trim()) throw new Error(`cannot read \`${rest.trim()}\`; allowed: key=value or key="a value"`);
  return out;
}

/** Inline Markdown: `code`, **bold**, *italic*, [text](url); everything else is text. */
export function parseInline(text) {
  /** @type {Inline[]} */
  const out = [];
  const re = /`([^`]+)`|\*\*([^*]+)\*\*|\*([^*]+)\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  let m;
  while ((m = re.exec(text))) {
    if (m.index > last) out.push({ t: 'text', v: text.slice(last, m.index) });
    if (m[1] !== undefined) out.push({ t: 'code', v: m[1] });
    else if (m[2] !== undefined) out.push({ t: 'strong', v: m[2] });
    else if (m[3] !== undefined) out.push({ t: 'em', v: m[3] });
    else out.push({ t: 'link', v: m[4], href: m[5] });
    last = re.lastIndex;
  }
  if (last < text.length) out.push({ t: 'text', v: text.slice(last) });
  return out;
}

const words = (/** @type {Inline[]} */ inl) => inl.map((i) => i.v).join(' ').split(/\s+/).filter((w) => /\w/.test(w)).length;

/** A reference: `label | seed file or https URL`. */
function parseRef(text, where) {
  const [label, target = ''] = text.split('|').map((s) => s.trim());
  if (!target) return { text: label, href: null, seed: false };
  if (/^seed \d{3}_[0-9a-f]{16}\.txt$/.test(target)) return { text: `${label} (${target})`, href: null, seed: true };
  if (!/^https:\/\/github\.com\/[^/]+\/[^/]+\/(blob|tree|commit)\/[0-9a-f]{7,40}\b/.test(target) && !/^\?/.test(target)) {
    throw new Error(`${where}: reference \`${target}\` is neither a seed file nor a link pinned to a commit`);
  }
  return { text: label, href: target, seed: false };
}

/**
 * Parse one lesson file. Throws an Error naming the file and what is wrong.
 * @param {string} file e.g. `01-the-problem.md`
 * @param {string} source the file's text
 * @returns {Lesson}
 */
export function parseLesson(file, source) {
  const where = `lessons/${file}`;
  const m = /^(\d\d)-([a-z0-9-]+)\.md$/.exec(file);
  if (!m) throw new Error(`${where}: the file name must be NN-slug.md`);
  const text = source.replace(/\r\n?/g, '\n');
  const fm = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!fm) throw new Error(`${where}: no front matter (--- … ---)`);
  let title = '';
  /** @type {Ref[]} */
  const refs = [];
  for (const line of fm[1].split('\n')) {
    if (!line.trim()) continue;
    const kv = /^(\w+):\s*(.*)$/.exec(line);
    if (!kv) throw new Error(`${where}: front matter line \`${line}\`; allowed: title: …, ref: label | target`);
    if (kv[1] === 'title') title = kv[2].trim();
    else if (kv[1] === 'ref') refs.push(parseRef(kv[2], where));
    else throw new Error(`${where}: unknown front matter key \`${kv[1]}\`; allowed: title, ref`);
  }
  if (!title) throw new Error(`${where}: no title`);
  if (!refs.length) throw new Error(`${where}: no references`);
  /** @type {Block[]} */
  const blocks = [];
  /** @type {Try[]} */
  const tries = [];
  let chart = null;
  let count = 0;
  for (const para of text.slice(fm[0].length).split(/\n\s*\n/)) {
    const p = para.trim();
    if (!p) continue;
    const comp = /^\{\{\s*(chart:([a-z-]+)|try)\b([\s\S]*?)\}\}$/.exec(p);
    if (comp) {
      const attrs = parseAttrsIn(comp[3], where);
      if (comp[2] !== undefined) {
        if (!(comp[2] in CHART_KINDS)) throw new Error(`${where}: unknown chart \`${comp[2]}\`; allowed: ${Object.keys(CHART_KINDS).join(', ')}`);
        if (chart) throw new Error(`${where}: a lesson has one chart`);
        chart = { kind: comp[2], attrs };
        blocks.push({ type: 'chart', kind: comp[2], attrs });
      } else {
        const { label, notice, ...set } = attrs;
        if (!label || !notice || !Object.keys(set).length) {
          throw new Error(`${where}: a try needs label="…", notice="…" and at least one setting`);
        }
        tries.push({ label, notice, set });
      }
      continue;
    }
    if (p.includes('{{')) throw new Error(`${where}: a placeholder must stand alone in its paragraph: ${p.slice(0, 40)}`);
    const lines = p.split('\n');
    if (lines.every((l) => /^\s*- /.test(l))) {
      const items = lines.map((l) => parseInline(l.replace(/^\s*- /, '')));
      count += items.reduce((n, i) => n + words(i), 0);
      blocks.push({ type: 'ul', items });
    } else {
      const inlines = parseInline(lines.join(' '));
      count += words(inlines);
      blocks.push({ type: 'p', inlines });
    }
  }
  if (!chart) throw new Error(`${where}: no chart placeholder ({{chart:…}})`);
  if (tries.length < TRIES[0] || tries.length > TRIES[1]) throw new Error(`${where}: ${tries.length} tries; allowed: 1 to 3`);
  if (count > MAX_WORDS) throw new Error(`${where}: ${count} words of prose; allowed: at most ${MAX_WORDS}`);
  return { slug: m[2], file, title, blocks, chart, tries, refs, words: count };
}

function parseAttrsIn(text, where) {
  try {
    return parseAttrs(text.trim());
  } catch (e) {
    throw new Error(`${where}: ${e.message}`);
  }
}

/**
 * Every lesson, in file-name order, from `{path: source}` (e.g. Vite's import.meta.glob).
 * @param {Record<string, string>} files
 * @returns {Lesson[]}
 */
export function parseLessons(files) {
  return Object.keys(files)
    .sort()
    .map((path) => parseLesson(path.split('/').pop() || path, files[path]));
}

/**
 * @typedef {{lessons: Lesson[], index: number, tried: number|null}} LearnState
 */

/**
 * The view's first state: the lesson named by `slug` (else the first).
 * @param {Lesson[]} lessons
 * @param {string|null|undefined} slug
 * @returns {LearnState}
 */
export function initialState(lessons, slug) {
  const i = lessons.findIndex((l) => l.slug === slug);
  return { lessons, index: Math.max(0, i), tried: null };
}

/**
 * @param {LearnState} s
 * @param {{type: 'select', slug: string} | {type: 'step', by: number} | {type: 'try', index: number} | {type: 'reset'}} e
 * @returns {LearnState}
 */
export function update(s, e) {
  switch (e.type) {
    case 'select': {
      const i = s.lessons.findIndex((l) => l.slug === e.slug);
      return i < 0 || i === s.index ? s : { ...s, index: i, tried: null };
    }
    case 'step': {
      const i = Math.min(s.lessons.length - 1, Math.max(0, s.index + e.by));
      return i === s.index ? s : { ...s, index: i, tried: null };
    }
    case 'try':
      return e.index >= 0 && e.index < s.lessons[s.index].tries.length ? { ...s, tried: e.index } : s;
    case 'reset':
      return { ...s, tried: null };
    default:
      return s;
  }
}

/** The lesson shown. */
export const lessonOf = (/** @type {LearnState} */ s) => s.lessons[s.index];

/**
 * The chart's settings: the placeholder's attributes with the applied "try this" on top.
 * @param {LearnState} s
 * @returns {{kind: string, attrs: Record<string, string>}}
 */
export function chartOf(s) {
  const l = lessonOf(s);
  const t = s.tried === null ? {} : l.tries[s.tried].set;
  return { kind: l.chart.kind, attrs: { ...l.chart.attrs, ...t } };
}

const NUMBER_KEYS = new Set(['moves', 'use', 'nps', 'reuse', 'opening', 'enps', 'emoves', 'elat', 'from', 'to', 'step', 'midpoint', 'steepness', 'clock', 'inc']);

/**
 * A chart's attributes as typed state: numbers for numeric keys, `specs` split on `;`.
 * @param {Record<string, string>} attrs
 */
export function typedAttrs(attrs) {
  /** @type {Record<string, any>} */
  const out = {};
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'specs') out.specs = v.split(';').map((x) => x.trim()).filter(Boolean);
    else if (NUMBER_KEYS.has(k)) {
      const n = Number(v);
      if (!Number.isFinite(n)) throw new Error(`${k}=${v} is not a number`);
      out[k] = n;
    } else out[k] = v;
  }
  return out;
}

/**
 * The lesson's own embed link: the /embed route of the playground in folder `base`.
 * @param {string} base e.g. `https://example.org/tmlab/`
 * @param {string} slug
 */
export function embedHref(base, slug) {
  const u = new URL('embed/', base);
  u.searchParams.set('v', '1');
  u.searchParams.set('view', 'learn');
  u.searchParams.set('lesson', slug);
  return u.href;
}
