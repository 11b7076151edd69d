// @ts-check
// The front end's import rule (docs/architecture.md, "Front end"): a view imports no other view,
// and the shared code (www/ui/, www/engine/) imports no view. Code two views share lives outside
// any view; the page (www/main.js) is the only place that wires views together. Every module
// specifier is read: static imports and re-exports, dynamic import(), and `new URL(…,
// import.meta.url)` (workers, assets); comments are skipped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { WWW, jsFiles } from './www-files.js';

/** The module specifiers of a source, comments skipped. @param {string} src @returns {string[]} */
export function specifiers(src) {
  const code = src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = [];
  const patterns = [
    /\bimport\s+(?:[\w*{}\s,$]+\s+from\s+)?['"]([^'"]+)['"]/g,
    /\bexport\s+(?:\*|\{[^}]*\})\s*(?:as\s+\w+\s+)?from\s+['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\bnew\s+URL\s*\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url/g,
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) found.push(m[1]);
  return found;
}

/**
 * Where a path under www/ belongs: `{kind: 'view', name}` for www/views/<name>/…, `{kind:
 * 'shared'}` for www/ui/ and www/engine/, else `{kind: 'page'}` (main.js, workers, embeds).
 * @param {string} rel a path relative to www/, with `/`
 */
function placeOf(rel) {
  const parts = rel.split('/');
  if (parts[0] === 'views' && parts.length > 2) return { kind: 'view', name: parts[1] };
  if (parts[0] === 'ui' || parts[0] === 'engine') return { kind: 'shared', name: parts[0] };
  return { kind: 'page', name: '' };
}

/**
 * The imports that break the rule, as `from → to` (paths relative to www/).
 * @param {{file: string, source: string}[]} files paths relative to www/, with `/`
 */
export function violations(files) {
  const out = [];
  for (const { file, source } of files) {
    const from = placeOf(file);
    if (from.kind === 'page') continue;
    for (const spec of specifiers(source)) {
      if (!spec.startsWith('.')) continue; // a package (lit-html, chessground)
      const target = relative(WWW, resolve(WWW, dirname(file), spec)).split(sep).join('/');
      const to = placeOf(target);
      if (to.kind !== 'view') continue;
      if (from.kind === 'shared' || to.name !== from.name) out.push(`${file} → ${target}`);
    }
  }
  return out;
}

const tree = () =>
  jsFiles(WWW).map((p) => ({ file: relative(WWW, p).split(sep).join('/'), source: readFileSync(p, 'utf8') }));

test('no view imports another view, and ui/ and engine/ import no view', () => {
  const files = tree();
  // The scan sees the tree: views, shared modules and their imports are there.
  assert.ok(files.filter((f) => f.file.startsWith('views/')).length >= 40, 'the views are scanned');
  assert.ok(files.filter((f) => f.file.startsWith('ui/')).length >= 20, 'ui/ is scanned');
  const imports = files.reduce((n, f) => n + specifiers(f.source).length, 0);
  assert.ok(imports >= 200, `imports found: ${imports}`);
  assert.deepEqual(violations(files), []);
});

test('the rule catches each kind of import across views, and allows what it should', () => {
  const src = (/** @type {string} */ s) => s;
  assert.deepEqual(
    violations([
      { file: 'views/tune/index.js', source: src("import { GamePool } from '../sweep/pool.js';") },
      { file: 'views/learn/a.js', source: src("export { SAMPLES } from '../replay/controller.js';") },
      { file: 'views/learn/b.js', source: src("const m = await import('../curves/index.js');") },
      { file: 'views/leaderboard/index.js', source: src("import '../replay/replay.css';") },
      { file: 'ui/share.js', source: src("import { X } from '../views/curves/params.js';") },
      { file: 'engine/x.js', source: src("const w = new Worker(new URL('../views/match/w.js', import.meta.url));") },
      // Allowed: within a view, to shared code, to packages, from the page, in comments.
      { file: 'views/match/index.js', source: src("import { a } from './controller.js';\nimport { b } from '../../ui/frame.js';\nimport { html } from 'lit-html';") },
      { file: 'main.js', source: src("import { mountCurves } from './views/curves/index.js';") },
      { file: 'views/sweep/index.js', source: src("// import { x } from '../tune/index.js';\n/** @type {import('../tune/index.js').T} */") },
    ]),
    [
      'views/tune/index.js → views/sweep/pool.js',
      'views/learn/a.js → views/replay/controller.js',
      'views/learn/b.js → views/curves/index.js',
      'views/leaderboard/index.js → views/replay/replay.css',
      'ui/share.js → views/curves/params.js',
      'engine/x.js → views/match/w.js',
    ],
  );
});
