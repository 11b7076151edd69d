// The playground's entry point: probe the browser, start the engine worker, mount the views.
import init from './pkg/tmlab.js';
import { EngineClient } from './engine/client.js';
import { mountCurves, CURVES_DEFAULTS } from './views/curves.js';
import { mountAllocation, ALLOCATION_DEFAULTS } from './views/allocation.js';
import { UrlState, VIEWS } from './ui/urlstate.js';

const $ = (sel) => document.querySelector(sel);

/** What this browser can do, probed once at start. */
function probe() {
  let moduleWorkers = false;
  try {
    // A module worker reads `type`; a browser without them never asks.
    const w = new Worker('data:,', { get type() { moduleWorkers = true; return 'module'; } });
    w.terminate();
  } catch {
    /* not supported */
  }
  return {
    wasm: typeof WebAssembly === 'object' && typeof WebAssembly.instantiate === 'function',
    workers: typeof Worker === 'function' && moduleWorkers,
    isolated: Boolean(globalThis.crossOriginIsolated),
  };
}

function showEngineState(client) {
  const badge = $('#engine-state');
  const render = () => {
    badge.textContent = client.state === 'idle' ? 'engine ready' : `engine ${client.state}`;
    badge.dataset.state = client.state;
    if (client.state === 'failed') {
      $('#engine-error').textContent =
        `The engine stopped working (${client.lastError}). Reload the page; if it happens again, try another browser.`;
    }
  };
  client.addEventListener('state', render);
  client.addEventListener('crash', (e) => {
    $('#engine-error').textContent = `The engine crashed (${e.detail.reason}); it was restarted.`;
  });
  client.addEventListener('line', (e) => {
    const log = $('#engine-log');
    log.textContent = (log.textContent + e.detail + '\n').split('\n').slice(-40).join('\n');
  });
  render();
}

async function main() {
  const caps = probe();
  $('#caps').textContent = caps.wasm && caps.workers ? 'single-threaded wasm' : 'no wasm';
  if (!caps.wasm || !caps.workers) {
    const missing = [!caps.wasm && 'WebAssembly', !caps.workers && 'module Web Workers'].filter(Boolean);
    $('#fallback').hidden = false;
    $('#fallback').textContent =
      `This browser lacks ${missing.join(' and ')}, which the playground needs. ` +
      'Any current Chrome, Firefox or Safari has both.';
    $('#engine-state').textContent = 'engine unavailable';
    $('#engine-state').dataset.state = 'unavailable';
    return;
  }

  const spawnEngine = () => new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'tmlab-engine' });
  const engine = new EngineClient(spawnEngine);
  showEngineState(engine);

  // The page's own wasm instance draws the charts; it never waits for the engine.
  await init();
  const url = new UrlState(location.href);
  const embed = document.documentElement.hasAttribute('data-embed');
  globalThis.tmlab = { engine, caps, url, views: {} };

  /**
   * The views. Each is mounted the first time it is shown, into its own section, and gets
   * `{ state, onChange, engine, spawnEngine, caps, embed }`: `state` read from the URL under the
   * view's prefix, `onChange(state)` writing it back. Play and Match live in their own modules,
   * loaded on demand.
   */
  const registry = {
    curves: async (root) => {
      const curves = mountCurves(root, {
        state: url.get('ed', CURVES_DEFAULTS),
        onChange: (s) => url.set('ed', s, CURVES_DEFAULTS),
      });
      const allocation = mountAllocation(root, {
        state: url.get('al', ALLOCATION_DEFAULTS),
        onChange: (s) => url.set('al', s, ALLOCATION_DEFAULTS),
      });
      globalThis.tmlab.allocation = allocation;
      return { curves, allocation };
    },
    play: async (root) => {
      const m = await import('./views/play.js');
      return m.mountPlay(root, viewContext(m.PLAY_PREFIX, m.PLAY_DEFAULTS));
    },
    match: async (root) => {
      const m = await import('./views/match.js');
      return m.mountMatch(root, viewContext(m.MATCH_PREFIX, m.MATCH_DEFAULTS));
    },
  };
  function viewContext(prefix, defaults) {
    return {
      state: url.get(prefix, defaults),
      onChange: (s) => url.set(prefix, s, defaults),
      engine,
      spawnEngine,
      caps,
      embed,
    };
  }

  const mounted = new Map();
  async function show(view) {
    for (const v of VIEWS) {
      $(`#view-${v}`).hidden = v !== view;
      const tab = $(`#tab-${v}`);
      tab?.setAttribute('aria-selected', String(v === view));
      if (tab) tab.tabIndex = v === view ? 0 : -1;
    }
    url.setView(view);
    if (!mounted.has(view)) {
      const p = registry[view]($(`#view-${view}`));
      mounted.set(view, p);
      globalThis.tmlab.views[view] = await p;
    }
    await mounted.get(view);
    document.dispatchEvent(new CustomEvent('tmlab-view', { detail: { view } }));
  }
  globalThis.tmlab.show = show;

  for (const v of VIEWS) {
    const tab = $(`#tab-${v}`);
    tab?.addEventListener('click', () => show(v));
    tab?.addEventListener('keydown', (e) => {
      const i = VIEWS.indexOf(v);
      const next = e.key === 'ArrowRight' ? VIEWS[(i + 1) % VIEWS.length] : e.key === 'ArrowLeft' ? VIEWS[(i + VIEWS.length - 1) % VIEWS.length] : null;
      if (next) {
        e.preventDefault();
        $(`#tab-${next}`).focus();
        show(next);
      }
    });
  }
  $('#copy-link')?.addEventListener('click', async () => {
    const href = url.href();
    try {
      await navigator.clipboard.writeText(href);
      $('#share-note').textContent = 'Link copied.';
    } catch {
      $('#share-note').textContent = href;
    }
  });
  await show(url.view);
}

main().catch((err) => {
  $('#fallback').hidden = false;
  $('#fallback').textContent = `The playground failed to start: ${err.message || err}`;
});
