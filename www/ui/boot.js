// @ts-check
// Starting the playground: what this browser can do (wasm with SIMD, module workers, cross-origin
// isolation) and the wasm module, compiled once for the page and every worker.

import { hasWasmSimd } from './wasm-support.js';

/** What this browser can do, probed once at start. */
export function probe() {
  let moduleWorkers = false;
  try {
    // A module worker reads `type`; a browser without them never asks.
    // An empty blob: worker (the CSP allows blob: workers, never data: ones).
    const url = URL.createObjectURL(new Blob([''], { type: 'text/javascript' }));
    const w = new Worker(url, { get type() { moduleWorkers = true; return /** @type {WorkerType} */ ('module'); } });
    w.terminate();
    URL.revokeObjectURL(url);
  } catch {
    /* not supported */
  }
  return {
    wasm: hasWasmSimd(),
    workers: typeof Worker === 'function' && moduleWorkers,
    isolated: Boolean(globalThis.crossOriginIsolated),
  };
}

/** The wasm module, compiled while it downloads (or from its bytes if the server's MIME type
 * is not application/wasm). */
export async function compileWasm() {
  const wasmUrl = new URL('../pkg/tmlab_bg.wasm', import.meta.url);
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`the engine (${wasmUrl}) could not be loaded: HTTP ${response.status}`);
  if (/^application\/wasm\b/.test(response.headers.get('content-type') || '')) {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}
