// @ts-check
// One owner per object's state (docs/architecture.md, "Front end"): a class's fields are written
// only by the module that declares the class. Another module calls its methods or listens to
// its events; it never assigns `obj.field = …` (nor `+=`, `++`, `??=` …) on an instance of a
// class declared elsewhere. The scan uses TypeScript's checker over every www/ module, so a
// field is recognised through any variable, parameter or property whose type is that class.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WWW, jsFiles } from './www-files.js';
import ts from 'typescript';

const ASSIGNMENTS = new Set([
  ts.SyntaxKind.EqualsToken,
  ts.SyntaxKind.PlusEqualsToken,
  ts.SyntaxKind.MinusEqualsToken,
  ts.SyntaxKind.AsteriskEqualsToken,
  ts.SyntaxKind.SlashEqualsToken,
  ts.SyntaxKind.BarBarEqualsToken,
  ts.SyntaxKind.AmpersandAmpersandEqualsToken,
  ts.SyntaxKind.QuestionQuestionEqualsToken,
]);

/** The class a declaration sits in, if any. @param {ts.Node} node */
function classOf(node) {
  for (let n = node.parent; n; n = n.parent) {
    if (ts.isClassDeclaration(n) || ts.isClassExpression(n)) return n;
  }
  return null;
}

/**
 * The writes of a class's field from a module other than the class's own, as
 * `file:line Class.field` (paths relative to `root`).
 * @param {string} root the folder scanned
 * @param {string[]} files absolute paths of the modules
 */
export function foreignWrites(root, files) {
  const program = ts.createProgram(files, {
    allowJs: true,
    checkJs: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    types: [],
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  });
  const checker = program.getTypeChecker();
  const inRoot = (/** @type {string} */ f) => !relative(root, f).startsWith('..');
  /** @type {string[]} */
  const out = [];
  for (const sf of program.getSourceFiles()) {
    if (!inRoot(sf.fileName) || sf.fileName.includes(`${sep}pkg${sep}`) || sf.fileName.includes('/pkg/')) continue;
    /** @param {ts.Expression} target */
    const check = (target) => {
      if (!ts.isPropertyAccessExpression(target)) return;
      const sym = checker.getSymbolAtLocation(target.name);
      for (const decl of sym?.declarations ?? []) {
        const cls = classOf(decl);
        const home = decl.getSourceFile().fileName;
        if (!cls || home === sf.fileName || !inRoot(home)) continue;
        const { line } = sf.getLineAndCharacterOfPosition(target.getStart(sf));
        const file = relative(root, sf.fileName).split(sep).join('/');
        out.push(`${file}:${line + 1} ${cls.name?.text ?? '(class)'}.${target.name.text}`);
        return;
      }
    };
    /** @param {ts.Node} node */
    const visit = (node) => {
      if (ts.isBinaryExpression(node) && ASSIGNMENTS.has(node.operatorToken.kind)) check(node.left);
      else if (
        (ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) &&
        (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken)
      ) {
        check(node.operand);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}

test("no module writes the fields of a class declared in another module (EngineClient's state has one owner)", () => {
  const files = jsFiles(WWW);
  assert.ok(files.length >= 90, `modules scanned: ${files.length}`);
  assert.deepEqual(foreignWrites(WWW, files), []);
});

test('the scan finds a foreign write through a parameter, a local and a chain, and allows the owner', () => {
  const dir = fileURLToPath(new URL('./fixtures/field-owner/', import.meta.url));
  const found = foreignWrites(dir, jsFiles(dir));
  assert.deepEqual(found, [
    'outsider.js:6 Counter.count',
    'outsider.js:7 Counter.count',
    'outsider.js:9 Counter.label',
    'outsider.js:11 Inner.flag',
  ]);
});
