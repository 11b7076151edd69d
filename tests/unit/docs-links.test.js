// @ts-check
// Every relative link and image of README.md and docs/**/*.md points at a file of the
// repository, and every #anchor at a heading of its target (GitHub's slugs), so that moving a
// file or renaming a section cannot leave the documentation pointing nowhere.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { join, dirname, resolve, relative } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** @param {string} dir @returns {string[]} */
function markdownUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdownUnder(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : []);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes. @param {string} heading */
function slug(heading) {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** @param {string} file */
function anchors(file) {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.*)$/gm)].map((m) => slug(m[1])));
}

/** Links outside code blocks and inline code: `[text](target)` and `![alt](target)`. @param {string} text */
function links(text) {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
}

const FILES = [join(ROOT, 'README.md'), ...markdownUnder(join(ROOT, 'docs'))];

test('the documentation exists: the README and the docs pages', () => {
  assert.ok(FILES.length >= 10, FILES.join(', '));
});

for (const file of FILES) {
  test(`links resolve: ${relative(ROOT, file)}`, () => {
    const broken = [];
    for (const target of links(readFileSync(file, 'utf8'))) {
      if (/^[a-z]+:/i.test(target)) continue; // http(s), mailto
      const [path, anchor] = target.split('#');
      const to = path ? resolve(dirname(file), decodeURIComponent(path)) : file;
      if (!existsSync(to)) {
        broken.push(`${target}: no such file`);
        continue;
      }
      if (anchor && statSync(to).isFile() && to.endsWith('.md') && !anchors(to).has(anchor)) {
        broken.push(`${target}: no heading with that anchor`);
      }
    }
    assert.deepEqual(broken, []);
  });
}

test('the slug rule is GitHub’s', () => {
  assert.equal(slug('Scaling out: fastchess and OpenBench'), 'scaling-out-fastchess-and-openbench');
  assert.equal(slug('11. Reference vectors'), '11-reference-vectors');
  assert.equal(slug('Rules every subcommand follows'), 'rules-every-subcommand-follows');
});
