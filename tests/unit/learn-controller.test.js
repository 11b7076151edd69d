// The Learn view's controller: the shipped lessons parse and keep the rules (≤ 250 words, one
// chart, 1–3 tries, pinned references), every chart and "try this" setting is one the crate
// accepts (real wasm), the parser refuses malformed lessons by name, and the state machine moves
// between lessons and tries.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tmlab from './wasm.js';
import {
  parseLesson, parseLessons, parseAttrs, parseInline, initialState, update, lessonOf, chartOf, typedAttrs, embedHref, MAX_WORDS,
} from '../../www/views/learn/controller.js';

const DIR = fileURLToPath(new URL('../../www/lessons/', import.meta.url));
const FILES = Object.fromEntries(readdirSync(DIR).filter((f) => f.endsWith('.md')).map((f) => [`lessons/${f}`, readFileSync(DIR + f, 'utf8')]));
const SEEDS = ['000_4aba59f09bfba159', '001_17165174847994fc', '002_29cd4cbab2371d27', '003_88df0f5d85c2f547', '004_5553bfcd042ba4ed'];

/** The keys each chart kind reads. */
const KEYS = {
  allocation: ['specs', 'tc', 'moves', 'use', 'nps', 'reuse', 'mode', 'opening', 'enps', 'emoves', 'elat', 'side'],
  'moves-left': ['midpoint', 'steepness'],
  decay: ['from', 'to', 'step'],
  timeline: ['tm', 'fen', 'clock', 'inc', 'nps'],
};

test('the nine lessons parse, in order, within the rules', () => {
  const lessons = parseLessons(FILES);
  assert.deepEqual(lessons.map((l) => l.slug), [
    'the-problem', 'moves-left', 'increments-and-odds', 'soft-and-hard-limits', 'stability', 'mcts-smart-pruning',
    'smooth-manager', 'overhead-and-flagging', 'does-it-matter',
  ]);
  for (const l of lessons) {
    assert.ok(l.words > 60 && l.words <= MAX_WORDS, `${l.slug}: ${l.words} words`);
    assert.ok(l.tries.length >= 1 && l.tries.length <= 3, l.slug);
    assert.ok(l.refs.length >= 2, l.slug);
    for (const r of l.refs) {
      if (r.seed) assert.ok(SEEDS.some((s) => r.text.includes(`seed ${s}.txt`)), r.text);
      else if (r.href?.startsWith('https:')) assert.match(r.href, /^https:\/\/github\.com\/[^/]+\/[^/]+\/blob\/[0-9a-f]{8,40}\//, r.href);
      else assert.match(String(r.href), /^\?view=(match|curves|play)$/, `${l.slug}: ${r.text}`);
    }
  }
  assert.ok(lessons[8].blocks.some((b) => b.type === 'p' && b.inlines.some((i) => i.t === 'link' && i.href === '?view=match')),
    'lesson 9 links the Match view');
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
  assert.deepEqual(parseInline('a `b` **c** *d* [e](https://x)'), [
    { t: 'text', v: 'a ' }, { t: 'code', v: 'b' }, { t: 'text', v: ' ' }, { t: 'strong', v: 'c' }, { t: 'text', v: ' ' },
    { t: 'em', v: 'd' }, { t: 'text', v: ' ' }, { t: 'link', v: 'e', href: 'https://x' },
  ]);
  const ok = '---\ntitle: T\nref: S | seed 001_17165174847994fc.txt\n---\nSome words here.\n\n- a list\n- of two\n\n{{chart:decay from=0 to=1 step=2}}\n\n{{try label="L" notice="N" step=4}}\n';
  const l = parseLesson('07-x.md', ok);
  assert.equal(l.slug, 'x');
  assert.equal(l.words, 7);
  assert.deepEqual(l.blocks.map((b) => b.type), ['p', 'ul', 'chart']);
  const bad = (file, text, re) => assert.throws(() => parseLesson(file, text), re);
  bad('x.md', ok, /lessons\/x\.md: the file name must be NN-slug\.md/);
  bad('01-a.md', 'no front matter', /no front matter/);
  bad('01-a.md', ok.replace('{{chart:decay', '{{chart:pie'), /unknown chart `pie`; allowed: allocation/);
  bad('01-a.md', ok.replace('{{try label="L" notice="N" step=4}}', ''), /0 tries; allowed: 1 to 3/);
  bad('01-a.md', ok.replace('label="L" ', ''), /a try needs label/);
  bad('01-a.md', ok.replace('seed 001_17165174847994fc.txt', 'https://github.com/o/r/blob/main/x.c'), /neither a seed file nor a link pinned to a commit/);
  bad('01-a.md', ok.replace('Some words here.', 'word '.repeat(260)), /words of prose; allowed: at most 250/);
  bad('01-a.md', ok.replace('Some words here.', 'Inline {{try x=1}} here'), /must stand alone/);
  bad('01-a.md', ok.replace('title: T', 'colour: red'), /unknown front matter key `colour`/);
});

test('the state moves between lessons and tries; the chart takes the try on top', () => {
  const lessons = parseLessons(FILES);
  let s = initialState(lessons, 'stability');
  assert.equal(lessonOf(s).slug, 'stability');
  assert.equal(initialState(lessons, 'nope').index, 0, 'an unknown lesson opens the first');
  const base = chartOf(s);
  s = update(s, { type: 'try', index: 0 });
  assert.equal(s.tried, 0);
  assert.equal(chartOf(s).attrs.fen, lessons[4].tries[0].set.fen);
  assert.equal(chartOf(s).attrs.tm, base.attrs.tm, 'a try keeps the chart’s other settings');
  assert.equal(update(s, { type: 'try', index: 9 }), s, 'no such try');
  s = update(s, { type: 'step', by: 1 });
  assert.equal(lessonOf(s).slug, 'mcts-smart-pruning');
  assert.equal(s.tried, null, 'a new lesson starts without a try');
  s = update(update(s, { type: 'try', index: 1 }), { type: 'reset' });
  assert.equal(s.tried, null);
  s = update(s, { type: 'select', slug: 'the-problem' });
  assert.equal(update(s, { type: 'step', by: -1 }), s, 'no lesson before the first');
  assert.deepEqual(typedAttrs({ specs: 'a; b', moves: '80', tc: '60' }), { specs: ['a', 'b'], moves: 80, tc: '60' });
  assert.throws(() => typedAttrs({ moves: 'x' }), /moves=x is not a number/);
  assert.equal(embedHref('https://example.org/tmlab/', 'stability'), 'https://example.org/tmlab/embed/?v=1&view=learn&lesson=stability');
});
