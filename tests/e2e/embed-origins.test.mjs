// <tm-curve> from another origin (issue 24): a host page on a second port embeds one element
// from the production build's server, which sends CORS headers (the live chart draws) or not
// (the fallback: the static picture and one sentence naming CORS, through the classic-script
// loader tm-curve-loader.js); and the self-host kit (dist/embed-kit/) served by the host itself,
// same origin, no headers (the live chart draws, from the charts wasm module only).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ROOT, launch } from './harness.mjs';
import { serveDir } from '../../scripts/bench/serve.mjs';

const page = (script, attrs = 'kind="decay" step="4"') => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<link rel="icon" href="data:,"><title>host</title>${script}</head><body><h1>Docs</h1><tm-curve ${attrs}></tm-curve></body></html>`;

let withCors, withoutCors, host, browser;
before(async () => {
  withCors = await serveDir(join(ROOT, 'dist'), { cors: true });
  withoutCors = await serveDir(join(ROOT, 'dist'));
  // The docs site: its own pages, and the kit copied to its root.
  host = await serveDir(join(ROOT, 'dist', 'embed-kit'), {
    pages: {
      '/cors.html': page(`<script type="module" src="${withCors.url}tm-curve.js"></script>`),
      '/no-cors-module.html': page(`<script type="module" src="${withoutCors.url}tm-curve.js"></script>`),
      '/no-cors.html': page(`<script src="${withoutCors.url}tm-curve-loader.js"></script>`, 'kind="moves-left"'),
      '/kit.html': page('<script type="module" src="./tm-curve.js"></script>'),
    },
  });
  browser = await launch({ testHooks: false });
});
after(async () => {
  await browser?.close();
  await Promise.all([withCors, withoutCors, host].map((s) => s?.close()));
});

/** Opens `path` on the host and waits until the element is drawn or static; its state, sentence and requests. */
async function open(path) {
  const p = await browser.context.newPage();
  const requests = [];
  p.on('request', (r) => requests.push(r.url()));
  await p.goto(new URL(path, host.url).href);
  await p.waitForFunction(() => ['drawn', 'static', 'error'].includes(/** @type {any} */ (document.querySelector('tm-curve'))?.state), null, { timeout: 30000 });
  const shown = await p.evaluate(() => {
    const el = /** @type {any} */ (document.querySelector('tm-curve'));
    const root = el.shadowRoot;
    const img = root.querySelector('img');
    return {
      state: el.state,
      why: root.querySelector('[part=reason]')?.textContent ?? '',
      canvas: Boolean(root.querySelector('canvas')),
      img: img ? { src: img.src, loaded: img.complete && img.naturalWidth > 0 } : null,
    };
  });
  if (shown.img && !shown.img.loaded) {
    await p.waitForFunction(() => {
      const img = /** @type {any} */ (document.querySelector('tm-curve')).shadowRoot.querySelector('img');
      return img.complete && img.naturalWidth > 0;
    }, null, { timeout: 10000 });
    shown.img.loaded = true;
  }
  await p.close();
  return { ...shown, requests };
}

test('from another origin with CORS: the live chart draws, from the charts module only', async () => {
  const r = await open('/cors.html');
  assert.equal(r.state, 'drawn', r.why);
  assert.ok(r.canvas);
  const wasm = r.requests.filter((u) => u.endsWith('.wasm'));
  assert.equal(wasm.length, 1, wasm.join(', '));
  assert.match(wasm[0], /\/assets\/charts_bg-[\w-]+\.wasm$/);
  assert.ok(wasm[0].startsWith(withCors.url));
});

test('from another origin without CORS: the loader shows the static picture and names CORS', async () => {
  const r = await open('/no-cors.html');
  assert.equal(r.state, 'static');
  assert.ok(!r.canvas);
  assert.match(r.why, /does not allow this page .* Access-Control-Allow-Origin \(CORS\)/);
  assert.match(r.why, /static picture of the default moves-left chart/);
  assert.ok(r.img?.loaded, 'the static picture loaded');
  assert.ok(r.img.src.startsWith(`${withoutCors.url}static/moves-left.svg`), r.img.src);
});

test('a module script from another origin without CORS cannot run at all (why the loader exists)', async () => {
  const p = await browser.context.newPage();
  await p.goto(new URL('/no-cors-module.html', host.url).href);
  await p.waitForLoadState('networkidle');
  assert.equal(await p.evaluate(() => Boolean(customElements.get('tm-curve'))), false);
  await p.close();
});

test('the self-host kit, same origin and no headers: the live chart draws', async () => {
  const r = await open('/kit.html');
  assert.equal(r.state, 'drawn', r.why);
  assert.ok(r.canvas);
  assert.ok(r.requests.every((u) => u.startsWith(host.url) || u.startsWith('data:')), r.requests.join(', '));
  assert.ok(r.requests.some((u) => /charts_bg-[\w-]+\.wasm$/.test(u)));
});
