// The playground's entry point: probe the browser, start the engine worker, mount the views.
import init from './pkg/tmlab.js';
import { EngineClient } from './engine/client.js';
import { mountCurves } from './views/curves.js';
import { mountAllocation } from './views/allocation.js';

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

  const engine = new EngineClient(
    () => new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'tmlab-engine' }),
  );
  showEngineState(engine);

  // The page's own wasm instance draws the charts; it never waits for the engine.
  await init();
  mountCurves($('#curves'));
  const allocation = mountAllocation($('#curves'));
  globalThis.tmlab = { engine, caps, allocation };
}

main().catch((err) => {
  $('#fallback').hidden = false;
  $('#fallback').textContent = `The playground failed to start: ${err.message || err}`;
});
