// @ts-check
// A static file server for one production build (a dist/ folder), so that `npm run bench` can
// serve this tree's build and another revision's side by side, each on its own port. Plain
// files and no special headers, compressed as a host would (brotli or gzip by the request's
// Accept-Encoding): the build's own .br/.gz copy when it wrote one, else compressed here with the
// same settings (brotli 11, gzip 9), so every revision is measured alike. One page is added: /__bench/one-curve.html, a host page with one
// <tm-curve>, whose transfer the bench measures.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { extname, join, normalize, sep } from 'node:path';

/** @type {Record<string, string>} */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.md': 'text/markdown; charset=utf-8',
};

/** Compressed as a host would: what `npm run bench` measures as transferred. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.wasm', '.svg', '.md']);

/** The bench's host page: one <tm-curve> and nothing else. */
export const ONE_CURVE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>one tm-curve</title><script type="module" src="/tm-curve.js"></script></head>
<body><tm-curve kind="decay"></tm-curve></body></html>`;

/**
 * Serves `dir` on a free port of 127.0.0.1. `cors`: every answer carries
 * `Access-Control-Allow-Origin: *`; `pages`: more HTML pages by path (the e2e host pages).
 * @param {string} dir the build folder (with index.html)
 * @param {{cors?: boolean, pages?: Record<string, string>}} [options]
 * @returns {Promise<{url: string, close: () => Promise<void>}>}
 */
export async function serveDir(dir, { cors = false, pages = {} } = {}) {
  // `pages` is read at each request: a test may add pages to it later.
  /** @type {Record<string, string>} */
  const builtin = { '/__bench/one-curve.html': ONE_CURVE_PAGE };
  const root = normalize(dir + sep);
  /** @type {Map<string, Buffer>} compressed bodies by file and encoding */
  const cache = new Map();
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url || '/', 'http://x').pathname);
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const page = Object.hasOwn(pages, path) ? pages[path] : Object.hasOwn(builtin, path) ? builtin[path] : null;
      const body = page !== null ? Buffer.from(page) : await readFile(file);
      const type = page !== null ? TYPES['.html'] : TYPES[extname(file)] || 'application/octet-stream';
      const accept = String(req.headers['accept-encoding'] || '');
      /** @type {Record<string, string>} */
      const headers = { 'content-type': type, 'cache-control': 'no-store', vary: 'Accept-Encoding' };
      /** @type {Buffer} */
      let out = body;
      if (cors) headers['access-control-allow-origin'] = '*';
      if (COMPRESSIBLE.has(extname(file)) || page !== null) {
        const key = `${file}:${/\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : ''}`;
        if (!cache.has(key)) {
          // The build's own copy (scripts/precompressed.mjs writes x.br and x.gz beside x), else
          // compressed here the same way (brotli 11, gzip 9): compressing a megabyte of wasm at
          // brotli 11 blocks this process (and a test running in it) for seconds.
          const copy = page === null && !key.endsWith(':') ? await readFile(`${file}.${key.endsWith(':br') ? 'br' : 'gz'}`).catch(() => null) : null;
          if (copy) cache.set(key, copy);
          else if (key.endsWith(':br')) cache.set(key, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
          else if (key.endsWith(':gzip')) cache.set(key, gzipSync(body, { level: 9 }));
          else cache.set(key, body);
        }
        out = /** @type {Buffer} */ (cache.get(key));
        if (!key.endsWith(':')) headers['content-encoding'] = /** @type {string} */ (key.split(':').at(-1));
      }
      res.writeHead(200, headers);
      res.end(out);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`not found: ${path}`);
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the bench server has no port');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
