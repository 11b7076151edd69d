// @ts-check
// The self-host kit (docs/embedding.md): dist/embed-kit/, one folder a docs author copies to
// their own site to embed <tm-curve> same-origin, with no headers from any server. It holds
// tm-curve.js and every file it loads (its chunks and the charts wasm module, found by following
// the build's relative references from tm-curve.js), the static pictures (static/*.svg) and a
// README with the snippet, and the classic-script loader tm-curve-loader.js. Every URL inside is
// relative, so the folder works under any path.
//
//   node scripts/embed-kit.mjs [DIST]     (scripts/build.sh runs it after `vite build`)
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const dist = resolve(process.argv[2] || 'dist');
const kit = join(dist, 'embed-kit');

/** Every file of `dist` that `file` names by a relative path, then theirs (js only is read). */
/** @param {string} start */
function closure(start) {
  const seen = new Set([start]);
  const todo = [start];
  while (todo.length) {
    const file = /** @type {string} */ (todo.pop());
    const text = readFileSync(file, 'utf8');
    // Quoted relative names: "./assets/x-1a2b3c4d.js", "x-1a2b.wasm", "../tm-curve.js".
    for (const m of text.matchAll(/["'`]((?:\.{1,2}\/)?[\w@.\/-]+\.(?:js|wasm))["'`]/g)) {
      for (const base of [dirname(file), dist]) {
        const target = resolve(base, m[1]);
        if (!target.startsWith(dist) || !existsSync(target) || seen.has(target)) continue;
        if (target.startsWith(kit)) continue;
        seen.add(target);
        if (target.endsWith('.js')) todo.push(target);
      }
    }
  }
  return [...seen];
}

rmSync(kit, { recursive: true, force: true });
mkdirSync(kit, { recursive: true });
const files = closure(join(dist, 'tm-curve.js'));
for (const f of files) {
  const to = join(kit, relative(dist, f));
  mkdirSync(dirname(to), { recursive: true });
  cpSync(f, to);
}
cpSync(join(dist, 'static'), join(kit, 'static'), { recursive: true, filter: (src) => !/\.(br|gz)$/.test(src) });
// The classic-script loader (www/public/tm-curve-loader.js), for a page that loads the kit from
// another origin without CORS: it shows the static picture and the cause instead of nothing.
cpSync(join(dist, 'tm-curve-loader.js'), join(kit, 'tm-curve-loader.js'));
const wasm = files.filter((f) => f.endsWith('.wasm')).map((f) => relative(dist, f));
if (!wasm.length || wasm.some((w) => !/charts/.test(w))) {
  throw new Error(`embed-kit: tm-curve.js should load exactly the charts wasm module; found: ${wasm.join(', ') || 'none'}`);
}
writeFileSync(join(kit, 'README.md'), `# tmlab embed kit

Copy this folder to your site (here as \`/tmlab-kit/\`) and paste:

\`\`\`html
<script type="module" src="/tmlab-kit/tm-curve.js"></script>
<tm-curve kind="decay" from="0.2" to="0.9" step="4"></tm-curve>
<tm-curve kind="moves-left" midpoint="40" steepness="6"></tm-curve>
<tm-curve kind="allocation" specs="lc0-legacy;stockfish(move-overhead=50)" tc="40/60"></tm-curve>
\`\`\`

Same origin, so no server header is needed (no CORS). Every URL inside is relative: any folder
name works. Serve \`.wasm\` as \`application/wasm\` if you can (otherwise it is still loaded),
and the \`.br\`/\`.gz\` copies with \`Content-Encoding\` if your server can (optional). A page
with its own Content-Security-Policy needs \`script-src 'self' 'wasm-unsafe-eval'\`.
Without WebAssembly, or when the chart code cannot load, each element shows the static picture in
\`static/\` and one sentence naming the cause. Loaded from another origin whose server sends no
CORS header, \`tm-curve.js\` cannot run at all; load \`tm-curve-loader.js\` instead (a classic
script, \`<script src="…/tm-curve-loader.js"></script>\`, no \`type\`): it loads \`tm-curve.js\`
and, when that fails, shows the static pictures with the cause. Set \`playground="https://…"\` on an element to
point its "Open in the playground" link at a hosted playground.

Contents: ${['tm-curve.js', 'tm-curve-loader.js', ...files.map((f) => relative(dist, f)).filter((f) => f !== 'tm-curve.js'), ...readdirSync(join(kit, 'static')).map((s) => `static/${s}`)].map((f) => `\`${f}\``).join(', ')}.
`);
console.log(`embed-kit: ${files.length} files from tm-curve.js (${wasm.join(', ')}) + static/ + README.md → ${relative(process.cwd(), kit)}`);
