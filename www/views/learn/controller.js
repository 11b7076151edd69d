// @ts-check
// The Learn view's controller: no DOM. Lessons are data, Markdown files in www/lessons/ with a
// front matter and component placeholders; this file parses them (a tiny parser for the subset
// lessons use: paragraphs, `-` lists, **bold**, *italic*, `code`, [links](url)), checks them
// (at most 250 words of prose, one chart, 1–3 "try this" questions, references), and holds the
// view's state: which lesson is shown, which "try this" question is asked, and whether it was
// answered (only then does the chart change and the notice show: predict, then reveal).
//
// Lesson format:
//   ---
//   title: The problem
//   ref: Mediocre Chess: time management | https://mediocrechess.blogspot.com/
//   ref: lc0 legacy.cc | https://github.com/LeelaChessZero/lc0/blob/<commit>/src/…/legacy.cc
//   ---
//   Prose… with computed numbers {{= sim spec=stockfish tc=60 at=1 field=soft unit=ms}} and
//   quoted ones {{q v="557" src="https://…" title="Stockfish #7117"}}; [a term](glossary:soft).
//   {{chart:allocation specs="mediocre;stockfish" tc=60+0.6}}
//   {{try label="Sudden death" tc=60
//   ? What happens to the budgets late in the game?
//   - They settle at a floor
//   - They shrink with the clock *
//   ! Notice text naming a computed number {{= …}}.
//   @ mark=60
//   }}
// `{{= expr}}` is evaluated by the crate (tmlab::plot::numbers, `lesson_number` in wasm) when the
// lesson is shown; a lesson never types a number that describes its chart. The slug is the file
// name without `NN-` and `.md`; the order is the file names' order.

import { spec_list } from '../../ui/rules.js';
import { messageOf } from '../../ui/typed-error.js';

/** The chart kinds a lesson may use, and what each draws. */
export const CHART_KINDS = {
  allocation: 'the allocation chart (usage model, or engine game with mode=engine)',
  'moves-left': 'lc0’s moves-left estimate',
  decay: 'exponential decay',
  timeline: 'a live search: each iteration’s completion time against the soft and hard limits',
  replay: 'a game with clocks (a shipped sample or your own PGN) against a manager’s soft and hard limits',
  match: 'a live match: the Elo estimate with its error bar and the SPRT’s LLR against its bounds, game by game',
};
/** The most words of prose a lesson may have. */
export const MAX_WORDS = 250;
/** "Try this" buttons per lesson. */
export const TRIES = [1, 3];

/**
 * @typedef {{t: 'text'|'code'|'strong'|'em', v: string} | {t: 'link', v: string, href: string} | {t: 'num', v: string} | {t: 'quote', v: string, href: string, title: string}} Inline
 * @typedef {{type: 'p', inlines: Inline[]} | {type: 'ul', items: Inline[][]} | {type: 'chart', kind: string, attrs: Record<string, string>}} Block
 * @typedef {{inlines: Inline[], right: boolean}} Answer
 * @typedef {{label: string, ask: Inline[], answers: Answer[], notice: Inline[], mark: number|null, set: Record<string, string>}} Try
 * @typedef {{text: string, href: string|null}} Ref
 * @typedef {{slug: string, file: string, title: string, blocks: Block[], chart: {kind: string, attrs: Record<string, string>}, tries: Try[], refs: Ref[], words: number}} Lesson
 */

/** `key=value key="a value"` → {key: value}. */
export function parseAttrs(/** @type {string} */ text) {
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

/** Inline Markdown: `code`, **bold**, *italic*, [text](url), `{{= expr}}` (a number the crate
 * computes) and `{{q v="…" src="https://…" title="…"}}` (a number quoted with its source);
 * everything else is text. */
export function parseInline(/** @type {string} */ text) {
  /** @type {Inline[]} */
  const out = [];
  const re = /\{\{=\s*([^{}]+?)\s*\}\}|\{\{q\s+([^{}]+?)\s*\}\}|`([^`]+)`|\*\*([^*]+)\*\*|\*([^*]+)\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  let m;
  while ((m = re.exec(text))) {
    if (m.index > last) out.push({ t: 'text', v: text.slice(last, m.index) });
    if (m[1] !== undefined) out.push({ t: 'num', v: m[1] });
    else if (m[2] !== undefined) {
      const q = parseAttrs(m[2]);
      if (!q.v || !/^(https:\/\/|\?view=)/.test(q.src || '')) throw new Error(`a quoted number needs v="…" and src="https://…" (or ?view=…): {{q ${m[2]}}}`);
      out.push({ t: 'quote', v: q.v, href: q.src, title: q.title || q.src });
    } else if (m[3] !== undefined) out.push({ t: 'code', v: m[3] });
    else if (m[4] !== undefined) out.push({ t: 'strong', v: m[4] });
    else if (m[5] !== undefined) out.push({ t: 'em', v: m[5] });
    else out.push({ t: 'link', v: m[6], href: m[7] });
    last = re.lastIndex;
  }
  if (last < text.length) out.push({ t: 'text', v: text.slice(last) });
  return out;
}

const words = (/** @type {Inline[]} */ inl) => inl.map((i) => (i.t === 'num' ? '1' : i.v)).join(' ').split(/\s+/).filter((w) => /\w/.test(w)).length;

/** A reference: `human title | https URL` (or `?view=…`, a view of this playground). */
function parseRef(/** @type {string} */ text, /** @type {string} */ where) {
  const [label, target = ''] = text.split('|').map((part) => part.trim());
  if (!label || !(/^https:\/\/[^\s]+$/.test(target) || /^\?\S+$/.test(target))) {
    throw new Error(`${where}: reference \`${text}\`: allowed: a title, |, and an https link or ?view=…`);
  }
  if (/^seed\b|\.txt$/.test(label)) throw new Error(`${where}: reference \`${label}\` names a file a reader cannot open`);
  return { text: label, href: target };
}

/**
 * A try: `{{try label="…" key=value…` then lines `? question`, `- answer` (one ending in ` *`,
 * the right one), `! notice`, optional `@ mark=N` (the move the notice's number is drawn at).
 * @param {string} body
 * @param {string} where the lesson and line, for errors
 * @returns {Try}
 */
function parseTry(body, where) {
  const [head, ...lines] = body.split('\n');
  const { label, ...set } = parseAttrsIn(head, where);
  if (!label || !Object.keys(set).length) throw new Error(`${where}: a try needs label="…" and at least one setting`);
  /** @type {Try} */
  const t = { label, ask: [], answers: [], notice: [], mark: null, set };
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    const kind = line[0];
    const rest = line.slice(1).trim();
    if (kind === '?') t.ask = parseInline(rest);
    else if (kind === '-') {
      const right = / \*$/.test(rest);
      t.answers.push({ inlines: parseInline(right ? rest.slice(0, -2) : rest), right });
    } else if (kind === '!') t.notice = parseInline(rest);
    else if (kind === '@') {
      const m = parseAttrsIn(rest, where);
      const n = Number(m.mark);
      if (!Number.isInteger(n) || n < 1) throw new Error(`${where}: \`@ ${rest}\`: allowed: @ mark=N (a move number)`);
      t.mark = n;
    } else throw new Error(`${where}: try "${label}": a line starts with ?, -, ! or @, not \`${line}\``);
  }
  const right = t.answers.filter((a) => a.right).length;
  if (!t.ask.length || t.answers.length < 2 || t.answers.length > 3 || right !== 1 || !t.notice.length) {
    throw new Error(`${where}: try "${label}" needs a question (?), 2–3 answers (-) with one marked \` *\`, and a notice (!)`);
  }
  return t;
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
    const comp = /^\{\{\s*(chart:([a-z-]+)|try)\b([\s\S]*)\}\}$/.exec(p);
    if (comp) {
      if (comp[2] !== undefined) {
        const attrs = parseAttrsIn(comp[3], where);
        if (!(comp[2] in CHART_KINDS)) throw new Error(`${where}: unknown chart \`${comp[2]}\`; allowed: ${Object.keys(CHART_KINDS).join(', ')}`);
        if (chart) throw new Error(`${where}: a lesson has one chart`);
        chart = { kind: comp[2], attrs };
        blocks.push({ type: 'chart', kind: comp[2], attrs });
      } else {
        tries.push(parseTry(comp[3].trim(), where));
      }
      continue;
    }
    if (/\{\{\s*(chart|try)\b/.test(p)) throw new Error(`${where}: a chart or try must stand alone in its paragraph: ${p.slice(0, 40)}`);
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

/** `parseAttrs`, its error prefixed with `where`. */
function parseAttrsIn(/** @type {string} */ text, /** @type {string} */ where) {
  try {
    return parseAttrs(text.trim());
  } catch (e) {
    throw new Error(`${where}: ${messageOf(e)}`);
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
 * `tried`: the try whose question is asked; `answer`: null while the question waits, else the
 * answer chosen (-1 when a link opened the try revealed). The chart and the notice change only
 * once answered.
 * @typedef {{lessons: Lesson[], index: number, tried: number|null, answer: number|null}} LearnState
 */

/**
 * The view's first state: the lesson named by `slug` (else the first), revealed at try `tryNo`
 * (1-based, the URL's `try=`) when that try exists.
 * @param {Lesson[]} lessons
 * @param {string|null|undefined} slug
 * @param {string|number|null} [tryNo]
 * @returns {LearnState}
 */
export function initialState(lessons, slug, tryNo = null) {
  const index = Math.max(0, lessons.findIndex((l) => l.slug === slug));
  const t = Number(tryNo) - 1;
  const ok = tryNo !== null && tryNo !== '' && Number.isInteger(t) && t >= 0 && t < lessons[index].tries.length;
  return { lessons, index, tried: ok ? t : null, answer: ok ? -1 : null };
}

/**
 * @param {LearnState} s
 * @param {{type: 'select', slug: string} | {type: 'step', by: number} | {type: 'try', index: number} | {type: 'answer', index: number} | {type: 'reset'}} e
 * @returns {LearnState}
 */
export function update(s, e) {
  switch (e.type) {
    case 'select': {
      const i = s.lessons.findIndex((l) => l.slug === e.slug);
      return i < 0 || i === s.index ? s : { ...s, index: i, tried: null, answer: null };
    }
    case 'step': {
      const i = Math.min(s.lessons.length - 1, Math.max(0, s.index + e.by));
      return i === s.index ? s : { ...s, index: i, tried: null, answer: null };
    }
    case 'try':
      return e.index >= 0 && e.index < s.lessons[s.index].tries.length && e.index !== s.tried
        ? { ...s, tried: e.index, answer: null }
        : s;
    case 'answer': {
      if (s.tried === null || s.answer !== null) return s;
      const n = s.lessons[s.index].tries[s.tried].answers.length;
      return e.index >= 0 && e.index < n ? { ...s, answer: e.index } : s;
    }
    case 'reset':
      return { ...s, tried: null, answer: null };
    default:
      return s;
  }
}

/** The lesson shown. */
export const lessonOf = (/** @type {LearnState} */ s) => s.lessons[s.index];

/** Whether the asked try is revealed (answered, or opened by a link). */
export const revealed = (/** @type {LearnState} */ s) => s.tried !== null && s.answer !== null;

/**
 * The chart's settings: the placeholder's attributes with the revealed try on top; `base` is the
 * lesson's own setting (drawn as the ghost once a try changes it) and `mark` the move the
 * notice's number is drawn at.
 * @param {LearnState} s
 * @returns {{kind: string, attrs: Record<string, string>, base: Record<string, string>, mark: number|null}}
 */
export function chartOf(s) {
  const l = lessonOf(s);
  const t = revealed(s) && s.tried !== null ? l.tries[s.tried] : null;
  return { kind: l.chart.kind, attrs: { ...l.chart.attrs, ...(t ? t.set : {}) }, base: l.chart.attrs, mark: t ? t.mark : null };
}

const NUMBER_KEYS = new Set(['moves', 'use', 'nps', 'reuse', 'opening', 'enps', 'emoves', 'elat', 'eponder', 'from', 'to', 'step', 'midpoint', 'steepness', 'clock', 'inc', 'games', 'elo0', 'elo1', 'alpha', 'beta', 'seed']);

/**
 * A chart's attributes as typed state: numbers for numeric keys, `specs` split on `;`.
 * @param {Record<string, string>} attrs
 */
export function typedAttrs(attrs) {
  /** @type {Record<string, any>} */
  const out = {};
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'specs') out.specs = spec_list(v);
    else if (NUMBER_KEYS.has(k)) {
      const n = Number(v);
      if (!Number.isFinite(n)) throw new Error(`${k}=${v} is not a number`);
      out[k] = n;
    } else out[k] = v;
  }
  return out;
}

/**
 * The lesson's own embed link: the /embed route of the playground in folder `base`, opened at
 * try `tryNo` (1-based) when given.
 * @param {string} base e.g. `https://example.org/tmlab/`
 * @param {string} slug
 * @param {number|null} [tryNo]
 */
export function embedHref(base, slug, tryNo = null) {
  const u = new URL('embed/', base);
  u.searchParams.set('v', '1');
  u.searchParams.set('view', 'learn');
  u.searchParams.set('lesson', slug);
  if (tryNo) u.searchParams.set('try', String(tryNo));
  return u.href;
}
