// @ts-check
// The playground's entry point: probe the browser, start the engine worker, mount the views.
import init, * as engineModule from './pkg/tmlab.js';
import initCharts, * as chartsModule from './pkg/charts/charts.js';
import { provideRules, spec_list } from './ui/rules.js';
import { EngineClient } from './engine/client.js';
import { mountCurves, mountAllocation } from './views/curves/index.js';
import {
  CURVES_DEFAULTS, CURVES_PREFIX, ALLOCATION_DEFAULTS, ALLOCATION_LIMITS, ALLOCATION_PREFIX,
} from './ui/curve-params.js';
import { UrlState, VIEWS } from './ui/urlstate.js';
import { setUpEmbed, reportHeight } from './ui/embed.js';
import { setUpShare } from './ui/share.js';
import { showStaticCurves, removePlaceholders } from './ui/static.js';
import { probe, compileWasm } from './ui/boot.js';
import { showEngineState, showUrlProblems } from './ui/page-notes.js';
import { checkSpec, checkTimeControl, choice, curveChecks, usageChecks } from './ui/url-checks.js';
import { messageOf } from './ui/typed-error.js';
import { prefetchEngineCharts } from './ui/engine-charts.js';

/** The page's element matching `sel`, or null (the embed page has no tabs). */
const find = (/** @type {string} */ sel) => {
  const el = document.querySelector(sel);
  return el instanceof HTMLElement ? el : null;
};
/** The page's element matching `sel`, which every page has (a missing one is named). */
const $ = (/** @type {string} */ sel) => {
  const el = find(sel);
  if (!el) throw new Error(`tmlab: the page has no ${sel}`);
  return el;
};
/** The charts module (compiled, or its response) if charts-prefetch.js started its download, for its init. */
const chartsPrefetch = () => {
  const response = /** @type {any} */ (globalThis).__tmlabChartsWasm;
  return response ? { module_or_path: response } : undefined;
};
/** The e2e harness sets this flag before any script: only then are the test hooks loaded. */
const testHooks = /** @type {any} */ (globalThis).__tmlabTestHooks === true ? import('./test-hooks.js') : null;

/** The views' labels, for titles and messages. @type {Record<string, string>} */
const VIEW_LABELS = {
  play: 'Play', match: 'Match', curves: 'Curves', learn: 'Learn', sweep: 'Sweep', tune: 'Tune', replay: 'Replay', leaderboard: 'Leaderboard',
};

async function main() {
  const caps = probe();
  const embed = document.documentElement.hasAttribute('data-embed');
  const url = new UrlState(location.href);
  // Without WebAssembly (or module workers) no module ever gives the note its quoting rule.
  showUrlProblems(url, { wasm: caps.wasm && caps.workers });
  // `layout=compact` (embeds of the Play view only): board, clocks, the engine's line and the moves.
  const compact = embed && url.view === 'play' && url.params.get('layout') === 'compact';
  if (compact) document.documentElement.dataset.layout = 'compact';
  if (embed) setUpEmbed(url, VIEW_LABELS);
  else setUpShare(url, VIEW_LABELS);
  // The static pictures in the Curves view stand in while the wasm loads; another view hides them.
  if (url.view !== 'curves') $('#view-curves').hidden = true;
  const capsNote = find('#caps');
  if (capsNote) capsNote.textContent = caps.wasm && caps.workers ? 'single-threaded wasm' : 'no wasm';
  if (!caps.wasm || !caps.workers) {
    const missing = [!caps.wasm && 'WebAssembly with SIMD', !caps.workers && 'module Web Workers'].filter((m) => m !== false);
    $('#fallback').hidden = false;
    $('#fallback').textContent =
      `This browser lacks ${missing.join(' and ')}, which the playground needs. ` +
      'Any current Chrome, Firefox or Safari has both.';
    const engineState = find('#engine-state');
    if (engineState) {
      engineState.textContent = 'engine unavailable';
      engineState.dataset.state = 'unavailable';
    }
    if (url.view === 'curves') {
      $('#view-curves').hidden = false;
      showStaticCurves($('#view-curves'), missing);
    }
    reportHeight();
    return;
  }

  // Three wasm modules (docs/architecture.md, "Three wasm modules"). The small *charts* module
  // draws the Curves view's charts, the allocation chart and the game chart (the engine module
  // draws nothing); it is loaded only by the views that draw those (Curves, Learn, Match, Replay),
  // and on a cold Curves view first, before the engine. The rules every view asks (ui/rules.js:
  // ui/params.js, ui/url-checks.js) come from whichever module is instantiated first, so a view
  // that draws none of them (Play, …) never downloads the charts module for its rules.
  /** @type {Promise<void> | null} */
  let chartsLoad = null;
  const loadCharts = () =>
    // The download charts-prefetch.js started before this script arrived, if it did.
    (chartsLoad ??= initCharts(chartsPrefetch()).then(() => {
      provideRules(chartsModule);
    }));
  // The *engine charts* module draws the engine's own charts (move times, search timeline,
  // engine allocation, clock shares, sweep, tune, scaling, flag risk) from the chart data the
  // engine module computes. No view waits for it to mount: none draws one of them before a
  // move, a result or an action. A chart's first drawing asks ui/engine-charts.js for it; its
  // download starts earlier, at idle once a view that can draw one has mounted (`prefetch`
  // below). A docs page's <tm-curve> never loads it.
  // The *engine* module is compiled once; the page's own instance (the engine's charts: Play,
  // Match, lessons, the allocation chart's engine mode) and every engine worker are instantiated
  // from this Module, so a replacement worker is ready in milliseconds. On a cold Curves view
  // it is fetched after the charts module, which then has the bandwidth to itself.
  /** @type {WebAssembly.Module | null} */
  let wasmModule = null;
  const spawnEngine = () => {
    const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'tmlab-engine' });
    worker.postMessage({ module: wasmModule });
    return worker;
  };
  // An embed of the Curves view needs no engine worker: one worker fewer on a docs page.
  const needsEngine = !embed || url.view !== 'curves';
  /** @type {EngineClient | null} */
  let engine = null;
  // On a Curves page the engine module waits until the first charts are drawn: its download
  // and compilation would take the bandwidth and the CPU from them.
  let curvesShown = () => {};
  const curvesDrawn = new Promise((resolve) => (curvesShown = () => resolve(undefined)));
  const engineReady = (url.view === 'curves' ? curvesDrawn : Promise.resolve()).then(async () => {
    wasmModule = await compileWasm();
    if (needsEngine) {
      engine = new EngineClient(spawnEngine);
      showEngineState(engine);
    }
    await init({ module_or_path: wasmModule });
    provideRules(engineModule);
  });
  // A page being unloaded or put in the back/forward cache ends any search at once.
  addEventListener('pagehide', () => engine?.cancel());

  // e2e only (test-hooks.js): `globalThis.tmlab`, never created on a page opened otherwise. It
  // carries the engine client, so it is installed once the engine module is in.
  const hooks = testHooks
    ? Promise.all([testHooks, engineReady]).then(([m]) => m.installHooks({ engine, caps, url, embed, show }))
    : null;

  /**
   * The views. Each is mounted the first time it is shown, into its own section, and gets
   * `{ state, onChange, engine, spawnEngine, caps, embed, sound }`: `state` read from the URL
   * under the view's prefix, `onChange(state)` writing it back. Play and Match live in their own
   * modules, loaded on demand. In an embed, `sound` is false: an embed never plays sounds.
   */
  /** @type {Record<string, (root: HTMLElement) => Promise<unknown>>} */
  const registry = {
    curves: async (root) => {
      try {
        await loadCharts();
      } catch (e) {
        curvesShown();
        throw e;
      }
      removePlaceholders(root);
      // `chart=` (embeds only, from a chart's Embed button): that chart alone.
      const only = embed ? ['decay', 'moves-left', 'allocation'].find((c) => c === url.params.get('chart')) ?? null : null;
      const curves = only === 'allocation' ? null : mountCurves(root, {
        state: url.get(CURVES_PREFIX, CURVES_DEFAULTS, { check: curveChecks }),
        onChange: (s) => url.set(CURVES_PREFIX, s, CURVES_DEFAULTS),
        only,
      });
      // The charts drew on mount: the engine module may come (after this frame is painted).
      requestAnimationFrame(() => setTimeout(curvesShown, 0));
      if (only && only !== 'allocation') return { curves, allocation: null };
      // The allocation card's engine mode plays games on the engine module (fetched once the
      // first charts are drawn) and draws them with the engine charts module (so does the
      // flag-risk card below), asked at its first drawing.
      await engineReady;
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
      const fr = await import('./views/curves/flag-risk.js');
      // Not in an embed of the view (an embed's page stays as it was; a lesson can link the card).
      const flagRisk = only || embed
        ? null
        : fr.mountFlagRisk(root, {
            state: url.get(fr.FLAG_RISK_PREFIX, fr.FLAG_RISK_DEFAULTS, { check: { tm: checkSpec, tc: checkTimeControl } }),
            onChange: (s) => url.set(fr.FLAG_RISK_PREFIX, s, fr.FLAG_RISK_DEFAULTS),
          });
      return { curves, allocation, flagRisk };
    },
    play: async (root) => {
      await engineReady;
      const m = await import('./views/play/index.js');
      /** @type {Record<string, import('./ui/urlstate.js').UrlCheck>} */
      const check = { tm: checkSpec, wtc: checkTimeControl, btc: checkTimeControl };
      for (const [k, allowed] of Object.entries(m.PLAY_CHOICES)) check[k] = choice(/** @type {readonly (string | number)[]} */ (allowed));
      return m.mountPlay(root, { ...viewContext(m.PLAY_PREFIX, m.PLAY_DEFAULTS, check), compact });
    },
    match: async (root) => {
      // The game chart (ui/game-chart.js) is drawn by the charts module.
      await Promise.all([engineReady, loadCharts()]);
      const m = await import('./views/match/index.js');
      /** @type {Record<string, import('./ui/urlstate.js').UrlCheck>} */
      const check = { a: checkSpec, b: checkSpec, tca: checkTimeControl, tcb: checkTimeControl };
      for (const [k, allowed] of Object.entries(m.MATCH_CHOICES)) check[k] = choice(allowed);
      // The view's match, then its Scaling section (the same managers at several controls),
      // each in its own container.
      const [matchRoot, scalingRoot] = [document.createElement('div'), document.createElement('div')];
      scalingRoot.id = 'match-scaling';
      root.append(matchRoot, scalingRoot);
      const handle = m.mountMatch(matchRoot, viewContext(m.MATCH_PREFIX, m.MATCH_DEFAULTS, check));
      const sc = await import('./views/scaling/index.js');
      return Object.assign(handle, { scaling: sc.mountScaling(scalingRoot, viewContext(sc.SCALING_PREFIX, sc.SCALING_DEFAULTS)) });
    },
    learn: async (root) => {
      // Lessons draw the Curves view's decay and moves-left charts (charts module) on mount.
      await Promise.all([engineReady, loadCharts()]);
      // `chart=timeline` (embeds only, from the search timeline's Embed button): that lesson
      // chart alone, its settings the link's `c.` keys (fen, tm, clock, inc, nps).
      if (embed && url.params.get('chart') === 'timeline') {
        const { mountChart } = await import('./views/learn/components.js');
        const attrs = Object.fromEntries([...url.params].filter(([k]) => k.startsWith('c.')).map(([k, v]) => [k.slice(2), v]));
        try {
          return mountChart(root, 'timeline', attrs, { spawnEngine, curves: { mountAllocation, mountCurves } });
        } catch (e) {
          root.textContent = `This embed's link sets a search timeline that cannot be shown: ${messageOf(e)}.`;
          return null;
        }
      }
      const m = await import('./views/learn/index.js');
      // The lesson is the URL's `lesson=` (the embed snippets' form), not a prefixed key.
      const setLesson = (/** @type {string} */ slug) => {
        url.params.set('lesson', slug);
        url.flush();
      };
      // `try=N` opens the lesson at its try N, revealed (deep links and embeds).
      const setTry = (/** @type {number | null} */ n) => {
        if (n) url.params.set('try', String(n));
        else url.params.delete('try');
        url.flush();
      };
      // A view imports no other view: the Curves cards a lesson shows are handed over here.
      const curves = { mountAllocation, mountCurves };
      return m.mountLearn(root, { lesson: url.params.get('lesson'), tryNo: url.params.get('try'), setLesson, setTry, spawnEngine, embed, curves });
    },
    replay: async (root) => {
      // The game chart (ui/game-chart.js) is drawn by the charts module.
      await Promise.all([engineReady, loadCharts()]);
      const m = await import('./views/replay/index.js');
      const check = { tm: (/** @type {string} */ v) => spec_list(v).map(checkSpec).find(Boolean), sample: choice(Object.keys(m.SAMPLES)) };
      return m.mountReplay(root, viewContext(m.REPLAY_PREFIX, m.REPLAY_DEFAULTS, check));
    },
    leaderboard: async (root) => {
      await engineReady;
      const m = await import('./views/leaderboard/index.js');
      return m.mountLeaderboard(root, viewContext(m.LEADERBOARD_PREFIX, m.LEADERBOARD_DEFAULTS));
    },
    sweep: async (root) => {
      await engineReady;
      const m = await import('./views/sweep/index.js');
      return m.mountSweep(root, viewContext(m.SWEEP_PREFIX, m.SWEEP_DEFAULTS));
    },
    tune: async (root) => {
      await engineReady;
      const m = await import('./views/tune/index.js');
      return m.mountTune(root, viewContext(m.TUNE_PREFIX, m.TUNE_DEFAULTS));
    },
  };
  /**
   * What a view's mount gets: its state from the URL (under `prefix`, checked by `check`), the
   * callback writing it back, and the page's engine, capabilities and kind.
   * @template {object} T
   * @param {string} prefix
   * @param {T} defaults
   * @param {Record<string, import('./ui/urlstate.js').UrlCheck>} [check]
   */
  function viewContext(prefix, defaults, check = {}) {
    return {
      state: url.get(prefix, defaults, { check }),
      onChange: (/** @type {T} */ s) => url.set(prefix, s, defaults),
      engine,
      spawnEngine,
      caps,
      embed,
      sound: !embed,
    };
  }

  /**
   * Whether `view` can draw an engine chart (then, once it has mounted, the engine charts
   * module's download starts at idle, so a first chart comes quickly): every view but Replay
   * (the game chart only), the compact Play embed (no chart) and an embed of the Curves view
   * (a docs page's chart: an engine-mode allocation chart asks for it at its first drawing).
   * @param {string} view
   */
  const drawsEngineCharts = (view) => (view === 'play' ? !compact : view === 'curves' ? !embed : view !== 'replay');
  const mounted = new Map();
  /** @type {string | null} */
  let shown = null;
  /** Show `view` (one of VIEWS), mounting it the first time. @param {string} view */
  async function show(view) {
    // Leaving a view is announced at once (before the next view loads): the Play view pauses
    // and drops its engine search right away.
    if (shown && shown !== view) document.dispatchEvent(new CustomEvent('tmlab-view-leave', { detail: { view: shown } }));
    shown = view;
    for (const v of VIEWS) {
      $(`#view-${v}`).hidden = v !== view;
      const tab = find(`#tab-${v}`);
      tab?.setAttribute('aria-selected', String(v === view));
      if (tab) tab.tabIndex = v === view ? 0 : -1;
    }
    url.setView(view);
    if (!mounted.has(view)) {
      const p = registry[view]($(`#view-${view}`));
      mounted.set(view, p);
      const handle = await p;
      if (drawsEngineCharts(view)) prefetchEngineCharts();
      (await hooks)?.mounted(view, handle);
    }
    await mounted.get(view);
    document.dispatchEvent(new CustomEvent('tmlab-view', { detail: { view } }));
  }

  // Tabs (WAI-ARIA tabs with automatic activation): ← → move between tabs, Home/End jump.
  for (const v of VIEWS) {
    const tab = find(`#tab-${v}`);
    tab?.addEventListener('click', () => show(v));
    tab?.addEventListener('keydown', (e) => {
      const i = VIEWS.indexOf(v);
      /** @type {Record<string, string>} */
      const keys = {
        ArrowRight: VIEWS[(i + 1) % VIEWS.length],
        ArrowLeft: VIEWS[(i + VIEWS.length - 1) % VIEWS.length],
        Home: VIEWS[0],
        End: VIEWS[VIEWS.length - 1],
      };
      const next = keys[e.key];
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

main().catch((err) => {
  $('#fallback').hidden = false;
  $('#fallback').textContent = `The playground failed to start: ${messageOf(err)}`;
});
