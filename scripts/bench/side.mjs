// @ts-check
// One side of `npm run bench`: a revision's native `tmlab` and its production build, with the
// benches run on each. The browser side is the playground page itself and the engine worker it
// starts (the wasm instantiated as the app instantiates it); the bench is the worker's
// `tmlab-bench {json}` command (www/worker.js), which every revision since the bench existed
// understands, so the same driver measures this tree and an older one.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { serveDir } from './serve.mjs';
import { busiestWorker, runWithCpu, workerThreadsCpu } from './cpu.mjs';

/** Longest a worker bench may take. */
const WORKER_TIMEOUT_MS = 15 * 60 * 1000;

export class Side {
  /**
   * @param {string} label how the report names this side (a revision)
   * @param {string} dist the production build (dist/)
   * @param {string} native the native `tmlab` binary
   */
  constructor(label, dist, native) {
    this.label = label;
    this.dist = dist;
    this.native = native;
    /** @type {import('playwright-core').Page | null} */
    this.page = null;
    /** @type {Awaited<ReturnType<typeof serveDir>> | null} */
    this.server = null;
  }

  /** Serves the build and opens its page in `context`; resolves once the engine client exists. */
  /** @param {import('playwright-core').BrowserContext} context */
  async open(context) {
    const server = await serveDir(this.dist);
    this.server = server;
    const page = await context.newPage();
    this.page = page;
    page.on('pageerror', (e) => console.log(`  [${this.label}] page error: ${e.message}`));
    await page.goto(server.url);
    await page.waitForFunction(() => globalThis.tmlab?.engine, null, { timeout: 60000 });
  }

  /** The server's URL (once open). */
  get url() {
    if (!this.server) throw new Error('the side is not open');
    return this.server.url;
  }

  async close() {
    await this.page?.close();
    await this.server?.close();
  }

  /** `tmlab bench ARGS --json` natively. @param {string[]} args */
  nativeBench(args) {
    console.log(`  [${this.label}] native: tmlab bench ${args.join(' ')}`);
    const out = execFileSync(this.native, ['bench', ...args, '--json'], { encoding: 'utf8', maxBuffer: 64 << 20 });
    return JSON.parse(out);
  }

  /** `tmlab bench ARGS --json` natively, with the process's CPU and wall time: `{report, cpu_s, wall_s}`. */
  /** @param {string[]} args */
  nativeTimed(args) {
    console.log(`  [${this.label}] native: tmlab bench ${args.join(' ')}`);
    const r = runWithCpu(this.native, ['bench', ...args, '--json']);
    return { report: JSON.parse(r.stdout), cpu_s: r.cpu_s, wall_s: r.wall_s };
  }

  /**
   * `workerBench(options)` with the worker thread's CPU time and the wall time around it:
   * `{report, cpu_s, wall_s}`.
   */
  /** @param {{[option: string]: unknown}} options */
  async workerTimed(options) {
    const before = workerThreadsCpu();
    const t0 = performance.now();
    const report = await this.workerBench(options);
    const wall_s = (performance.now() - t0) / 1000;
    const busiest = busiestWorker(before, workerThreadsCpu());
    // Another worker busy at the same time would make the attribution doubtful.
    if (busiest.next_s > 0.05 * busiest.cpu_s) console.log(`  [${this.label}] note: a second worker thread used ${busiest.next_s.toFixed(3)} s CPU meanwhile`);
    return { report, cpu_s: busiest.cpu_s, wall_s };
  }

  /** The same benches in the page's engine worker: `{alphabeta, perft, overshoot, mcts}`. */
  /** @param {{[option: string]: unknown}} options */
  async workerBench(options) {
    console.log(`  [${this.label}] worker: tmlab-bench ${JSON.stringify(options)}`);
    if (!this.page) throw new Error('the side is not open');
    // Chromium gives background pages' renderers a lower priority: the measured page goes to the
    // front, so no revision is measured from a background tab.
    await this.page.bringToFront();
    return this.page.evaluate(
      ([options, timeoutMs]) =>
        new Promise((resolve, reject) => {
          const engine = globalThis.tmlab.engine;
          // The engine client's worker: `active.worker` today, `worker` in older revisions.
          const older = /** @type {{worker: Worker}} */ (/** @type {unknown} */ (engine));
          const worker = engine.active ? engine.active.worker : older.worker;
          const prefix = 'info string tmlab-bench-result ';
          const failed = 'info string tmlab-bench-error ';
          const timer = setTimeout(() => reject(new Error(`the worker bench took over ${timeoutMs} ms`)), timeoutMs);
          const onMessage = (/** @type {MessageEvent} */ e) => {
            const line = String(e.data);
            if (!line.startsWith(prefix) && !line.startsWith(failed)) return;
            clearTimeout(timer);
            worker.removeEventListener('message', onMessage);
            if (line.startsWith(prefix)) resolve(JSON.parse(line.slice(prefix.length)));
            else reject(new Error(`the worker bench failed: ${line.slice(failed.length)}`));
          };
          worker.addEventListener('message', onMessage);
          worker.postMessage(`tmlab-bench ${JSON.stringify(options)}`);
        }),
      /** @type {[{[option: string]: unknown}, number]} */ ([options, WORKER_TIMEOUT_MS]),
    );
  }

  /** Every wasm module of the build, by file name: bytes raw, gzipped (level 9) and brotli (11). */
  wasmSizes() {
    const assets = join(this.dist, 'assets');
    return readdirSync(assets)
      .filter((f) => f.endsWith('.wasm'))
      .sort()
      .map((file) => {
        const bytes = readFileSync(join(assets, file));
        // The module's name without the content hash Vite adds (tmlab_bg-1a2b3c4d.wasm → tmlab_bg).
        const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
        return { module: file.replace(/-[\w-]{8}\.wasm$/, '').replace(/\.wasm$/, ''), file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, brotli };
      });
  }
}
