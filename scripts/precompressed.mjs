// @ts-check
// Precompressed files: `compressDir(dir)` writes a brotli (`.br`, quality 11) and a gzip (`.gz`,
// level 9) copy beside every .wasm, .js, .css, .html, .svg and .json file of a folder, and
// `precompressed(root)` is the Vite plugin that serves them (the dev server and `vite preview`):
// a request for `x.wasm` whose Accept-Encoding allows br (or gzip) gets `x.wasm.br` (or `.gz`)
// with `Content-Encoding`, the original file's `Content-Type` (application/wasm for wasm) and
// `Vary: Accept-Encoding`. Other requests go on to Vite. docs/embedding.md says what a host does.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';

/** The file types compressed, with the Content-Type each is served with. */
export const TYPES = {
  '.wasm': 'application/wasm',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/**
 * The Content-Type of a compressible file, or undefined.
 * @param {string} path
 */
const typeOf = (path) => /** @type {Record<string, string | undefined>} */ (TYPES)[extname(path)];

/**
 * Writes `.br` and `.gz` beside each compressible file under `dir` (recursively) that changed.
 * @param {string} dir
 * @returns {number} the files compressed
 */
export function compressDir(dir) {
  let files = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      files += compressDir(path);
      continue;
    }
    if (!typeOf(entry.name)) continue;
    const mtime = statSync(path).mtimeMs;
    if (existsSync(`${path}.br`) && statSync(`${path}.br`).mtimeMs >= mtime && existsSync(`${path}.gz`)) continue;
    const bytes = readFileSync(path);
    writeFileSync(`${path}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
    files++;
  }
  return files;
}

/**
 * The encodings a request accepts, in our order of preference (br, then gzip), that exist
 * as files for `file`.
 * @param {string | undefined} accept the Accept-Encoding header
 * @param {string} file the uncompressed file's path
 */
export function pickEncoding(accept, file) {
  const allowed = (accept || '').split(',').map((x) => x.trim().split(';')[0].trim().toLowerCase());
  for (const [name, ext] of [['br', '.br'], ['gzip', '.gz']]) {
    if (allowed.includes(name) && existsSync(file + ext)) return { name, path: file + ext };
  }
  return null;
}

/**
 * The Vite plugin: serves `ROOT/path.br` or `.gz` for the dev server (root: www/) and for
 * `vite preview` (root: the build's outDir).
 * @param {{dev: string, preview: string}} roots
 * @returns {import('vite').Plugin}
 */
export function precompressed(roots) {
  /** @param {string} root @returns {import('vite').Connect.NextHandleFunction} */
  const middleware = (root) => (req, res, next) => {
    const path = decodeURIComponent(new URL(req.url || '/', 'http://x').pathname);
    const type = typeOf(path);
    if (!type || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const base = normalize(root + sep);
    const file = normalize(join(base, path));
    if (!file.startsWith(base) || !existsSync(file)) return next();
    const enc = pickEncoding(req.headers['accept-encoding'], file);
    if (!enc) return next();
    const body = readFileSync(enc.path);
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Encoding', enc.name);
    res.setHeader('Content-Length', String(body.length));
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Cache-Control', 'no-cache');
    res.statusCode = 200;
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  return {
    name: 'tmlab-precompressed',
    configureServer(server) {
      server.middlewares.use(middleware(roots.dev));
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware(roots.preview));
    },
  };
}

// `node scripts/precompressed.mjs DIR...`: compress the folders (scripts/build.sh, build-wasm.sh).
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const dir of process.argv.slice(2)) console.log(`${dir}: ${compressDir(dir)} files compressed (.br, .gz)`);
}
