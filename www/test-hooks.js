// @ts-check
// Test hooks, for the e2e tests and the benches only. main.js imports this module (a chunk of its
// own) only when the page was opened by the e2e harness, which sets
// `globalThis.__tmlabTestHooks = true` before any script runs (tests/e2e/harness.mjs); a page
// opened any other way never loads it, and has no `globalThis.tmlab`.
//
// `globalThis.tmlab`: the engine client, the browser's capabilities, the URL state, whether the
// page is an embed, `show(view)`, the mounted views' handles (`views.play` read through
// play/hooks.js) and the Curves view's allocation chart (`allocation`). The crash tests call
// `engine.debugPanic()` (engine/client.js).
import { playHooks } from './views/play/hooks.js';

/**
 * @param {{engine: any, caps: any, url: any, embed: boolean, show: (view: string) => Promise<void>}} app
 * @returns {{mounted: (view: string, handle: any) => void}}
 */
export function installHooks(app) {
  /** @type {any} */
  const tmlab = { ...app, views: {} };
  /** @type {any} */ (globalThis).tmlab = tmlab;
  return {
    mounted(view, handle) {
      tmlab.views[view] = view === 'play' ? playHooks(handle) : handle;
      if (view === 'curves') tmlab.allocation = handle.allocation;
    },
  };
}
