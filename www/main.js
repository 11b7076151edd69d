// @ts-check
// The playground's entry point: probe the browser, start the engine worker, mount the views.
import init, { check_curve_value, check_spec, read_time_control } from './pkg/tmlab.js';
import { EngineClient } from './engine/client.js';
import { mountCurves, mountAllocation } from './views/curves/index.js';
import {
  CURVES_DEFAULTS, CURVES_PREFIX, ALLOCATION_DEFAULTS, ALLOCATION_LIMITS, ALLOCATION_PREFIX, CURVE_PARAMS, USAGE_PARAMS,
} from './views/curves/params.js';
import { UrlState, VIEWS } from './ui/urlstate.js';
import { setUpEmbed, reportHeight } from './ui/embed.js';
import { setUpShare } from './ui/share.js';
import { showStaticCurves, removePlaceholders } from './ui/static.js';
import { hasWasmSimd } from './ui/wasm-support.js';

const $ = (sel) => document.querySelector(sel);
/** The e2e harness sets this flag before any script: only then are the test hooks loaded. */
const testHooks = /** @type {any} */ (globalThis).__tmlabTestHooks === true ? import('./test-hooks.js') : null;

/** What this browser can do, probed once at start. */
function probe() {
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

function showEngineState(client) {
  const badge = $('#engine-state');
  if (!badge) return;
  // Only the client's events: the page reads none of its fields.
  const render = (state, error) => {
    badge.textContent = state === 'idle' ? 'engine ready' : `engine ${state}`;
    badge.dataset.state = state;
    if (state === 'failed') {
      $('#engine-error').textContent =
        `The engine stopped working (${error}). Reload the page; if it happens again, try another browser.`;
    }
  };
  client.addEventListener('state', (e) => render(e.detail.state, e.detail.error));
  client.addEventListener('crash', (e) => {
    $('#engine-error').textContent = `The engine crashed (${e.detail.reason}); it was restarted.`;
  });
  client.addEventListener('line', (e) => {
    const log = $('#engine-log');
    if (log) log.textContent = (log.textContent + e.detail + '\n').split('\n').slice(-40).join('\n');
  });
  render('loading', null); // a new client starts loading
}

/** The views' labels, for titles and messages. */
const VIEW_LABELS = {
  play: 'Play', match: 'Match', curves: 'Curves', learn: 'Learn', sweep: 'Sweep', tune: 'Tune', replay: 'Replay', leaderboard: 'Leaderboard',
};

/** Show the URL's unusable values (each names the key, what was wrong, and what is used instead). */
function showUrlProblems(url) {
  const note = $('#url-note');
  const text = $('#url-note-text');
  if (!note || !text) return;
  let dismissed = 0; // problems seen when the reader closed the note; a new one shows it again
  const render = () => {
    note.hidden = url.problems.length <= dismissed;
    text.textContent = url.problems.length
      ? `Some settings in the link could not be used: ${url.problems.map((p) => p.message).join(' ')}`
      : '';
  };
  $('#url-note-close')?.addEventListener('click', () => {
    dismissed = url.problems.length;
    render();
  });
  url.addEventListener('problem', render);
  render();
}

async function main() {
  const caps = probe();
  const embed = document.documentElement.hasAttribute('data-embed');
  const url = new UrlState(location.href);
  showUrlProblems(url);
  if (embed) setUpEmbed(url, VIEW_LABELS);
  else setUpShare(url, VIEW_LABELS);
  // The static pictures in the Curves view stand in while the wasm loads; another view hides them.
  if (url.view !== 'curves') $('#view-curves').hidden = true;
  if ($('#caps')) $('#caps').textContent = caps.wasm && caps.workers ? 'single-threaded wasm' : 'no wasm';
  if (!caps.wasm || !caps.workers) {
    const missing = [!caps.wasm && 'WebAssembly with SIMD', !caps.workers && 'module Web Workers'].filter(Boolean);
    $('#fallback').hidden = false;
    $('#fallback').textContent =
      `This browser lacks ${missing.join(' and ')}, which the playground needs. ` +
      'Any current Chrome, Firefox or Safari has both.';
    if ($('#engine-state')) {
      $('#engine-state').textContent = 'engine unavailable';
      $('#engine-state').dataset.state = 'unavailable';
    }
    if (url.view === 'curves') {
      $('#view-curves').hidden = false;
      showStaticCurves($('#view-curves'), missing);
    }
    reportHeight();
    return;
  }

  // The wasm is compiled once; the page's own instance (charts) and every engine worker are
  // instantiated from this Module, so a replacement worker is ready in milliseconds.
  const wasmModule = await compileWasm();
  const spawnEngine = () => {
    const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'tmlab-engine' });
    worker.postMessage({ module: wasmModule });
    return worker;
  };
  // An embed of the Curves view needs no engine: one worker fewer on a docs page.
  const needsEngine = !embed || url.view !== 'curves';
  const engine = needsEngine ? new EngineClient(spawnEngine) : null;
  if (engine) showEngineState(engine);
  // A page being unloaded or put in the back/forward cache ends any search at once.
  addEventListener('pagehide', () => engine?.cancel());

  // The page's own wasm instance draws the charts; it never waits for the engine.
  await init({ module_or_path: wasmModule });
  // e2e only (test-hooks.js): `globalThis.tmlab`, never created on a page opened otherwise.
  const hooks = (await testHooks)?.installHooks({ engine, caps, url, embed, show });

  /**
   * The views. Each is mounted the first time it is shown, into its own section, and gets
   * `{ state, onChange, engine, spawnEngine, caps, embed, sound }`: `state` read from the URL
   * under the view's prefix, `onChange(state)` writing it back. Play and Match live in their own
   * modules, loaded on demand. In an embed, `sound` is false: an embed never plays sounds.
   */
  const registry = {
    curves: async (root) => {
      removePlaceholders(root);
      const curves = mountCurves(root, {
        state: url.get(CURVES_PREFIX, CURVES_DEFAULTS, { check: curveChecks }),
        onChange: (s) => url.set(CURVES_PREFIX, s, CURVES_DEFAULTS),
      });
      const allocation = mountAllocation(root, {
        state: url.get(ALLOCATION_PREFIX, ALLOCATION_DEFAULTS, {
          limits: { specs: ALLOCATION_LIMITS.specs },
          check: {
            specs: checkSpec,
            tc: checkTimeControl,
            ...usageChecks,
            mode: choice(['usage', 'engine']),
            side: choice(['white', 'black']),
          },
        }),
        onChange: (s) => url.set(ALLOCATION_PREFIX, s, ALLOCATION_DEFAULTS),
      });
      return { curves, allocation };
    },
    play: async (root) => {
      const m = await import('./views/play/index.js');
      const check = { tm: checkSpec, wtc: checkTimeControl, btc: checkTimeControl };
      for (const [k, allowed] of Object.entries(m.PLAY_CHOICES)) check[k] = choice(allowed);
      return m.mountPlay(root, viewContext(m.PLAY_PREFIX, m.PLAY_DEFAULTS, check));
    },
    match: async (root) => {
      const m = await import('./views/match/index.js');
      const check = { a: checkSpec, b: checkSpec, tca: checkTimeControl, tcb: checkTimeControl };
      for (const [k, allowed] of Object.entries(m.MATCH_CHOICES)) check[k] = choice(allowed);
      return m.mountMatch(root, viewContext(m.MATCH_PREFIX, m.MATCH_DEFAULTS, check));
    },
    learn: async (root) => {
      const m = await import('./views/learn/index.js');
      // The lesson is the URL's `lesson=` (the embed snippets' form), not a prefixed key.
      const setLesson = (slug) => {
        url.params.set('lesson', slug);
        url.flush();
      };
      return m.mountLearn(root, { lesson: url.params.get('lesson'), setLesson, spawnEngine, embed });
    },
    replay: async (root) => {
      const m = await import('./views/replay/index.js');
      const check = { tm: (v) => v.split(';').map((x) => x.trim()).filter(Boolean).map(checkSpec).find(Boolean) };
      return m.mountReplay(root, viewContext(m.REPLAY_PREFIX, m.REPLAY_DEFAULTS, check));
    },
    leaderboard: async (root) => {
      const m = await import('./views/leaderboard/index.js');
      return m.mountLeaderboard(root, viewContext(m.LEADERBOARD_PREFIX, m.LEADERBOARD_DEFAULTS));
    },
    sweep: async (root) => {
      const m = await import('./views/sweep/index.js');
      return m.mountSweep(root, viewContext(m.SWEEP_PREFIX, m.SWEEP_DEFAULTS));
    },
    tune: async (root) => {
      const m = await import('./views/tune/index.js');
      return m.mountTune(root, viewContext(m.TUNE_PREFIX, m.TUNE_DEFAULTS));
    },
  };
  function viewContext(prefix, defaults, check = {}) {
    return {
      state: url.get(prefix, defaults, { check }),
      onChange: (s) => url.set(prefix, s, defaults),
      engine,
      spawnEngine,
      caps,
      embed,
      sound: !embed,
    };
  }

  const mounted = new Map();
  let shown = null;
  async function show(view) {
    // Leaving a view is announced at once (before the next view loads): the Play view pauses
    // and drops its engine search right away.
    if (shown && shown !== view) document.dispatchEvent(new CustomEvent('tmlab-view-leave', { detail: { view: shown } }));
    shown = view;
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
      hooks?.mounted(view, await p);
    }
    await mounted.get(view);
    document.dispatchEvent(new CustomEvent('tmlab-view', { detail: { view } }));
  }

  // Tabs (WAI-ARIA tabs with automatic activation): ← → move between tabs, Home/End jump.
  for (const v of VIEWS) {
    const tab = $(`#tab-${v}`);
    tab?.addEventListener('click', () => show(v));
    tab?.addEventListener('keydown', (e) => {
      const i = VIEWS.indexOf(v);
      const next = {
        ArrowRight: VIEWS[(i + 1) % VIEWS.length],
        ArrowLeft: VIEWS[(i + VIEWS.length - 1) % VIEWS.length],
        Home: VIEWS[0],
        End: VIEWS[VIEWS.length - 1],
      }[e.key];
      if (next) {
        e.preventDefault();
        $(`#tab-${next}`).focus();
        show(next);
      }
    });
  }
  await show(url.view);
  reportHeight();
}

/** The wasm module, compiled while it downloads (or from its bytes if the server's MIME type
 * is not application/wasm). */
async function compileWasm() {
  const wasmUrl = new URL('./pkg/tmlab_bg.wasm', import.meta.url);
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`the engine (${wasmUrl}) could not be loaded: HTTP ${response.status}`);
  if (/^application\/wasm\b/.test(response.headers.get('content-type') || '')) {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

/**
 * A URL check from a Rust parser: nothing when the value parses, else the typed error's message
 * (which never holds the list of allowed values: one message names each bad value; the lists
 * stay in the views' own field errors).
 */
const parserCheck = (parse) => (value) => {
  try {
    parse(value);
    return undefined;
  } catch (e) {
    const message = String(e?.message ?? e);
    return message.length > 160 ? `${message.slice(0, 157)}…` : message;
  }
};
/** A URL check from the crate's range of a Curves value (`chart`: a chart id or `usage`). */
const rangeCheck = (chart, key) => (v) => {
  const bad = check_curve_value(chart, key, v);
  return bad ? bad.message : undefined;
};
const curveChecks = Object.fromEntries(
  Object.entries(CURVE_PARAMS).flatMap(([id, params]) => params.map((p) => [`${id}.${p.key}`, rangeCheck(id, p.key)])),
);
const usageChecks = Object.fromEntries(USAGE_PARAMS.map((p) => [p.key, rangeCheck('usage', p.key)]));
/** A URL check for a value that must be one of `allowed`. */
const choice = (allowed) => (v) => (allowed.includes(v) ? undefined : `is not one of ${allowed.join(', ')}`);
/** A URL check for a manager spec. */
const checkSpec = parserCheck(check_spec);
/** A URL check for a time control. */
const checkTimeControl = parserCheck(read_time_control);

main().catch((err) => {
  $('#fallback').hidden = false;
  $('#fallback').textContent = `The playground failed to start: ${err.message || err}`;
});
