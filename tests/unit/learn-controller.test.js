// @ts-check
// The Learn view's controller: the shipped lessons parse and keep the rules (≤ 250 words, one
// chart, 1–3 tries, titled references), every chart and "try this" setting is one the crate
// accepts and every number placeholder evaluates (real wasm), the parser refuses malformed
// lessons by name, and the state machine asks before it reveals.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tmlab from './wasm.js';
import { provideRules } from '../../www/ui/rules.js';
import {
  parseLesson, parseLessons, parseAttrs, parseInline, initialState, update, lessonOf, chartOf, typedAttrs, embedHref, revealed, MAX_WORDS,
} from '../../www/views/learn/controller.js';

// The views ask the crate's rules through ui/rules.js, answered here by the engine module.
provideRules(tmlab);

const DIR = fileURLToPath(new URL('../../www/lessons/', import.meta.url));
const FILES = Object.fromEntries(readdirSync(DIR).filter((f) => f.endsWith('.md')).map((f) => [`lessons/${f}`, readFileSync(DIR + f, 'utf8')]));
/** The order of issue 23 point 6, then the new lessons. */
const ORDER = [
  'the-problem', 'increments-and-odds', 'overhead-and-flagging', 'soft-and-hard-limits', 'stability', 'moves-left',
  'mcts-smart-pruning', 'smooth-manager', 'smooth-estimates', 'does-it-matter',
  'delay-byoyomi-hourglass', 'the-last-seconds', 'the-40-x-bug', 'your-clock', 'pondering', 'measuring-a-manager',
];
/** Every inline of a lesson (prose, questions, answers, notices). */
/** @param {import('../../www/views/learn/controller.js').Lesson} l */
const inlinesOf = (l) => [
  ...l.blocks.flatMap((b) => (b.type === 'p' ? b.inlines : b.type === 'ul' ? b.items.flat() : [])),
  ...l.tries.flatMap((t) => [...t.ask, ...t.answers.flatMap((a) => a.inlines), ...t.notice]),
];

/** The keys each chart kind reads. */
/** @type {{[kind: string]: string[]}} */
const KEYS = {
  allocation: ['specs', 'tc', 'moves', 'use', 'nps', 'reuse', 'mode', 'opening', 'enps', 'emoves', 'elat', 'eponder', 'side'],
  'moves-left': ['midpoint', 'steepness'],
  decay: ['from', 'to', 'step'],
  timeline: ['tm', 'fen', 'clock', 'inc', 'nps'],
  replay: ['sample', 'tm'],
  match: ['a', 'b', 'tca', 'tcb', 'nps', 'games', 'elo0', 'elo1', 'alpha', 'beta', 'seed'],
};

test('the lessons parse, in the issue’s order, within the rules; references are titled links', () => {
  const lessons = parseLessons(FILES);
  assert.deepEqual(lessons.map((l) => l.slug).slice(0, ORDER.length), ORDER);
  for (const l of lessons) {
    assert.ok(l.words > 60 && l.words <= MAX_WORDS, `${l.slug}: ${l.words} words`);
    assert.ok(l.tries.length >= 1 && l.tries.length <= 3, l.slug);
    assert.ok(l.refs.length >= 2, l.slug);
    for (const r of l.refs) {
      assert.doesNotMatch(r.text, /seed|\.txt/, `${l.slug}: ${r.text}`);
      assert.match(String(r.href), /^(https:\/\/\S+|\?view=(match|curves|play|leaderboard|replay))$/, `${l.slug}: ${r.text}`);
    }
  }
  const first = lessons[0].blocks.flatMap((b) => (b.type === 'p' ? b.inlines.map((i) => i.v) : [])).join(' ');
  assert.match(first, /Stockfish/);
  assert.match(first, /lc0/, 'lesson 1 introduces lc0 and Stockfish');
  assert.ok(/** @type {import('../../www/views/learn/controller.js').Lesson} */ (lessons.find((l) => l.slug === 'does-it-matter')).blocks.some((b) => b.type === 'p' && b.inlines.some((i) => i.t === 'link' && i.href === '?view=match')),
    'the last classic lesson links the Match view');
});

test('every number placeholder evaluates in the crate (wasm), and every notice names one', () => {
  let n = 0;
  for (const l of parseLessons(FILES)) {
    for (const i of inlinesOf(l)) {
      if (i.t !== 'num') continue;
      const text = tmlab.lesson_number(i.v);
      assert.match(text, /\d/, `${l.slug}: ${i.v} → ${text}`);
      n++;
    }
    for (const t of l.tries) assert.ok(t.notice.some((i) => i.t === 'num'), `${l.slug}: "${t.label}" names no computed number`);
  }
  assert.ok(n >= 40, `${n} computed numbers`);
  assert.throws(() => tmlab.lesson_number('sim spec=stockfish tc=60 at=1 field=bogus'), /allowed: soft/);
});

test('every chart and every try names settings the crate accepts', () => {
  for (const l of parseLessons(FILES)) {
    for (const set of [{}, ...l.tries.map((t) => t.set)]) {
      const s = { ...l.chart.attrs, ...set };
      for (const k of Object.keys(s)) assert.ok(KEYS[l.chart.kind].includes(k), `${l.slug}: ${k} is not a ${l.chart.kind} setting`);
      const a = typedAttrs(s);
      for (const spec of a.specs || []) tmlab.check_spec(spec);
      if (a.tm) tmlab.check_spec(a.tm);
      if (a.tc) tmlab.read_time_control(a.tc);
      if (l.chart.kind === 'match') {
        // The spec the lesson's match chart builds, read by the crate as the Match view's.
        const spec = { engine: 'ab', a: a.a, b: a.b, tc_a: a.tca, tc_b: a.tcb ?? a.tca, games: a.games, seed: 1,
          clock: { mode: 'virtual', nps: a.nps, latency_ms: 0 }, openings: 'builtin', sprt: { elo0: a.elo0 ?? 0, elo1: a.elo1 ?? 10, alpha: a.alpha ?? 0.05, beta: a.beta ?? 0.05 } };
        new tmlab.MatchBook(JSON.stringify(spec)).free();
      }
      if (a.mode === 'engine') {
        const r = new tmlab.TraceRunner({ tm: a.specs[0], tc: a.tc, opening: a.opening ?? 0, nps: a.enps, moves: a.emoves, latency: a.elat ?? 0 });
        assert.ok(['ab', 'mcts'].includes(r.searcher));
        r.free();
      }
    }
    // A try must change something.
    for (const t of l.tries) assert.ok(Object.entries(t.set).some(([k, v]) => l.chart.attrs[k] !== v), `${l.slug}: ${t.label} changes nothing`);
  }
});

test('the parser reads the Markdown subset and refuses bad lessons by name', () => {
  assert.deepEqual(parseAttrs('tc=60+0.6 specs="a;b(x=1)" moves=80'), { tc: '60+0.6', specs: 'a;b(x=1)', moves: '80' });
  assert.throws(() => parseAttrs('tc=60 oops'), /cannot read `oops`/);
  assert.deepEqual(parseInline('a `b` **c** *d* [e](https://x) {{= sim spec=x tc=60 at=1 field=soft}} {{q v="7" src="https://y" title="Y"}}'), [
    { t: 'text', v: 'a ' }, { t: 'code', v: 'b' }, { t: 'text', v: ' ' }, { t: 'strong', v: 'c' }, { t: 'text', v: ' ' },
    { t: 'em', v: 'd' }, { t: 'text', v: ' ' }, { t: 'link', v: 'e', href: 'https://x' }, { t: 'text', v: ' ' },
    { t: 'num', v: 'sim spec=x tc=60 at=1 field=soft' }, { t: 'text', v: ' ' }, { t: 'quote', v: '7', href: 'https://y', title: 'Y' },
  ]);
  assert.throws(() => parseInline('{{q v="7"}}'), /a quoted number needs/);
  const TRY = '{{try label="L" step=4\n? Q?\n- A\n- B *\n! N {{= moves-left stat=min}}.\n@ mark=3\n}}';
  const ok = `---\ntitle: T\nref: S | https://example.org/s\n---\nSome words here.\n\n- a list\n- of two\n\n{{chart:decay from=0 to=1 step=2}}\n\n${TRY}\n`;
  const l = parseLesson('07-x.md', ok);
  assert.equal(l.slug, 'x');
  assert.equal(l.words, 7);
  assert.deepEqual(l.blocks.map((b) => b.type), ['p', 'ul', 'chart']);
  assert.deepEqual(l.tries[0].answers.map((a) => a.right), [false, true]);
  assert.equal(l.tries[0].mark, 3);
  assert.deepEqual(l.tries[0].set, { step: '4' });
  /** @param {string} file @param {string} text @param {RegExp} re */
  const bad = (file, text, re) => assert.throws(() => parseLesson(file, text), re);
  bad('x.md', ok, /lessons\/x\.md: the file name must be NN-slug\.md/);
  bad('01-a.md', 'no front matter', /no front matter/);
  bad('01-a.md', ok.replace('{{chart:decay', '{{chart:pie'), /unknown chart `pie`; allowed: allocation/);
  bad('01-a.md', ok.replace(TRY, ''), /0 tries; allowed: 1 to 3/);
  bad('01-a.md', ok.replace('label="L" ', ''), /a try needs label/);
  bad('01-a.md', ok.replace('- B *', '- B'), /one marked/);
  bad('01-a.md', ok.replace('? Q?\n', ''), /needs a question/);
  bad('01-a.md', ok.replace('@ mark=3', '@ mark=x'), /@ mark=N/);
  bad('01-a.md', ok.replace('https://example.org/s', 'seed 001_17165174847994fc.txt'), /an https link/);
  bad('01-a.md', ok.replace('Some words here.', 'word '.repeat(260)), /words of prose; allowed: at most 250/);
  bad('01-a.md', ok.replace('Some words here.', 'Inline {{try x=1}} here'), /must stand alone/);
  bad('01-a.md', ok.replace('title: T', 'colour: red'), /unknown front matter key `colour`/);
});

test('a try asks before it reveals; a link opens it revealed; the ghost is the lesson’s own setting', () => {
  const lessons = parseLessons(FILES);
  let s = initialState(lessons, 'stability');
  assert.equal(lessonOf(s).slug, 'stability');
  assert.equal(initialState(lessons, 'nope').index, 0, 'an unknown lesson opens the first');
  const base = chartOf(s);
  const i = lessons.findIndex((l) => l.slug === 'stability');
  s = update(s, { type: 'try', index: 0 });
  assert.equal(s.tried, 0);
  assert.equal(revealed(s), false, 'the question comes first');
  assert.deepEqual(chartOf(s).attrs, base.attrs, 'the chart waits for the answer');
  s = update(s, { type: 'answer', index: 1 });
  assert.equal(revealed(s), true);
  assert.equal(update(s, { type: 'answer', index: 0 }), s, 'one answer per question');
  assert.equal(chartOf(s).attrs.fen, lessons[i].tries[0].set.fen);
  assert.equal(chartOf(s).attrs.tm, base.attrs.tm, 'a try keeps the chart’s other settings');
  assert.deepEqual(chartOf(s).base, lessons[i].chart.attrs, 'the ghost is the lesson’s setting');
  assert.equal(update(s, { type: 'try', index: 9 }), s, 'no such try');
  s = update(s, { type: 'step', by: 1 });
  assert.equal(lessonOf(s).slug, lessons[i + 1].slug);
  assert.equal(s.tried, null, 'a new lesson starts without a try');
  s = update(update(s, { type: 'try', index: 1 }), { type: 'reset' });
  assert.equal(s.tried, null);
  s = update(s, { type: 'select', slug: 'the-problem' });
  assert.equal(update(s, { type: 'step', by: -1 }), s, 'no lesson before the first');
  // A deep link: &try=2 opens the second try revealed; a bad one is ignored.
  const linked = initialState(lessons, 'the-problem', '2');
  assert.deepEqual([linked.tried, revealed(linked)], [1, true]);
  assert.equal(chartOf(linked).attrs.tc, lessons[0].tries[1].set.tc);
  assert.equal(chartOf(linked).mark, lessons[0].tries[1].mark);
  for (const bad of ['0', '9', 'x', '']) assert.equal(initialState(lessons, 'the-problem', bad).tried, null, bad);
  assert.deepEqual(typedAttrs({ specs: 'a; b', moves: '80', tc: '60' }), { specs: ['a', 'b'], moves: 80, tc: '60' });
  assert.throws(() => typedAttrs({ moves: 'x' }), /moves=x is not a number/);
  assert.equal(embedHref('https://example.org/tmlab/', 'stability'), 'https://example.org/tmlab/embed/?v=1&view=learn&lesson=stability');
  assert.equal(embedHref('https://example.org/tmlab/', 'stability', 2), 'https://example.org/tmlab/embed/?v=1&view=learn&lesson=stability&try=2');
});
