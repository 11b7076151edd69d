// @ts-check
// The Match view: mount/unmount. Two time managers play a match in game workers (one per
// game), with the fastchess result block, pentanomial, SPRT, timeouts and time usage refreshed
// after every game, a live games table, a per-game time chart, stop/resume with an IndexedDB
// autosave, and PGN/JSON downloads. State lives in the controller (controller.js), the page in
// the templates (render.js), the match's book, workers and autosave in the session
// (session.js); this file connects the form and the page to them.
// Conventions: shared/spec/playground.md §3 (per-side controls), §4 (PGN), §7 (match runner).

import { render, nothing } from 'lit-html';
import { MatchBook, games_for_precision, read_match_spec, tm_schema } from '../../pkg/tmlab.js';
import { calibrate, estimateOf, etaText } from '../../engine/cost.js';
import { NO_COST } from '../../ui/cost-line.js';
import { createParamsPanel } from '../../ui/params.js';
import { download } from '../../ui/download.js';
import { perFrame } from '../../ui/frame.js';
import { concurrencyOf, gamesAtOnce } from '../../engine/concurrency.js';
import { typedError } from '../../ui/typed-error.js';
import { createMatchSession } from './session.js';
import { loadGame, loadGames } from './store.js';
import { openGames } from './validate.js';
import { initialState, update, rowOf, TABLE_WINDOW } from './controller.js';
import { matchTemplate } from './render.js';
import { createGameChart } from '../../ui/game-chart.js';
import { MATCH_DEFAULTS, TC_PRESETS, SPRT_PRESETS, specOf } from './spec.js';

/** @typedef {import('./spec.js').MatchForm} MatchForm */

export { MATCH_PREFIX, MATCH_DEFAULTS, MATCH_CHOICES } from './spec.js';

/**
 * @param {HTMLElement} root
 * @param {{state: Partial<typeof MATCH_DEFAULTS>, onChange: (s: typeof MATCH_DEFAULTS) => void}} ctx
 */
export function mountMatch(root, ctx) {
  /** @type {import('../../ui/crate-types.js').ManagerSchema[]} */
  const schema = tm_schema();
  const cap = concurrencyOf();
  let s = initialState(ctx.state);
  let mounted = false;

  const dispatch = (/** @type {Parameters<typeof update>[1]} */ e) => {
    s = update(s, e);
    paint();
  };
  const session = createMatchSession({ cap, state: () => s, dispatch, paint: () => paint() });

  // The estimate of the form's match: calibrated (or cached) a moment after the last edit.
  /** @type {import('../../ui/cost-line.js').Cost} */ let cost = NO_COST;
  let planTimer = /** @type {any} */ (null);
  let planSeq = 0;
  let sessionStart = { t0: 0, done0: 0 };
  function plan() {
    clearTimeout(planTimer);
    const seq = ++planSeq;
    if (!s.reading) {
      cost = NO_COST;
      return;
    }
    const form = s.form;
    const c = {
      spec: JSON.stringify(specOf(form)),
      games: form.games,
      perPoint: form.games,
      workers: Math.min(gamesAtOnce(form.conc, cap), form.games),
      nps: form.clock === 'virtual' ? form.nps : 0,
    };
    cost = { ...NO_COST, calibrating: true };
    planTimer = setTimeout(() => {
      calibrate(c.spec, 'match').then(
        (cal) => {
          if (seq !== planSeq) return;
          cost = { ...NO_COST, estimate: estimateOf(c, cal) };
          paint();
        },
        (e) => {
          if (seq !== planSeq || e?.message === 'superseded') return;
          cost = { ...NO_COST, error: typedError(e).message };
          paint();
        },
      );
    }, 300);
  }
  const markSession = () => {
    sessionStart = { t0: performance.now(), done0: s.standing?.finished ?? 0 };
  };

  // The crate reads and checks the form; its typed error names the field. A target precision
  // sets the games (the crate's games_for_precision).
  /** @param {MatchForm} form */
  function setForm(form) {
    let reading = null;
    let error = null;
    try {
      if (form.precision > 0) form = { ...form, games: games_for_precision(form.precision) };
      reading = read_match_spec(JSON.stringify(specOf(form)));
    } catch (e) {
      error = typedError(e);
    }
    s = update(s, { type: 'form', form, reading, error });
    // Parameters the chosen searcher does not use are disabled, with the crate's reason.
    for (const side of /** @type {const} */ (['a', 'b'])) panels[side]?.setSearcher(form.engine);
    ctx.onChange({ ...form });
    plan();
    // Typing gets its verdict at once (worker events wait for the next frame).
    if (mounted) paintNow();
  }

  /** @type {{a?: ReturnType<typeof createParamsPanel>, b?: ReturnType<typeof createParamsPanel>}} */
  const panels = {};
  const panelHost = { a: document.createElement('div'), b: document.createElement('div') };
  for (const side of /** @type {const} */ (['a', 'b'])) {
    const make = (/** @type {string} */ spec) =>
      createParamsPanel({ schema, spec, id: `m${side}`, searcher: s.form.engine, onChange: (x) => setForm({ ...s.form, [side]: x }) });
    let panel;
    try {
      panel = make(s.form[side]);
    } catch {
      panel = make(MATCH_DEFAULTS[side]); // the URL reader already named the bad value
    }
    panels[side] = panel;
    panelHost[side].className = `panel-${side}`;
    panelHost[side].append(panel.element);
  }
  const chart = createGameChart(() => ({
    summary: s.selected == null ? null : s.shown,
    index: s.selected,
    finished: s.standing?.finished ?? 0,
  }));

  /** @type {import('./render.js').MatchHandlers} */
  const handlers = {
    input(key, el) {
      if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement)) return;
      let v;
      if (el instanceof HTMLInputElement && el.type === 'checkbox') v = el.checked;
      else if (typeof MATCH_DEFAULTS[key] === 'number') {
        v = Number(el.value);
        if (el.value.trim() === '' || !Number.isFinite(v)) return;
        if (key === 'conc') v = gamesAtOnce(v, cap);
      } else v = el.value;
      // Games typed by hand replace a target precision.
      setForm({ ...s.form, ...(key === 'games' ? { precision: 0 } : {}), [key]: v });
    },
    preset(kind, el) {
      if (!(el instanceof HTMLSelectElement)) return;
      const i = Number(el.value);
      el.value = '';
      if (kind === 'tc' && TC_PRESETS[i]) {
        const [, a, b] = TC_PRESETS[i];
        setForm({ ...s.form, tca: a, tcb: b, same: a === b });
      } else if (kind === 'sprt' && SPRT_PRESETS[i]) {
        const [, elo0, elo1] = SPRT_PRESETS[i];
        setForm({ ...s.form, sprt: true, elo0: Number(elo0), elo1: Number(elo1) });
      }
    },
    start: () => {
      sessionStart = { t0: performance.now(), done0: 0 };
      session.startNew();
    },
    stop: () => session.runner?.stop(),
    resume: () => {
      markSession();
      session.resume();
    },
    pgn: () => session.book && download('tmlab-match.pgn', session.book.pgn(), 'application/x-chess-pgn'),
    json: async () => session.book && download('tmlab-match.json', `${JSON.stringify(await session.exportJson(), null, 1)}\n`, 'application/json'),
    // A page of the games table from the autosave (null: follow the latest games again).
    page: async (p) => {
      if (!s.meta) return;
      const n = s.standing?.finished ?? 0;
      const [from, to] = p === null ? [Math.max(0, n - TABLE_WINDOW - 16), s.meta.games] : [p * TABLE_WINDOW, (p + 1) * TABLE_WINDOW];
      const saved = await loadGames(s.meta.id, from, to).catch(() => []);
      const rows = openGames(saved, s.meta.games).map(rowOf).sort((x, y) => y.index - x.index);
      dispatch({ type: 'page', page: p, rows: p === null ? rows.slice(0, TABLE_WINDOW) : rows });
    },
    // The table keeps only rows: the chosen game's full summary comes from the autosave.
    select: async (i) => {
      let summary = s.shown?.index === i ? s.shown : null;
      if (!summary && s.meta) {
        const meta = s.meta;
        summary = await loadGame(meta.id, i).then((v) => openGames([v], meta.games)[0] ?? null, () => null);
      }
      dispatch({ type: 'select', index: i, summary });
      chart.draw();
    },
  };

  /** @type {unknown} the summary the chart last showed: a move of a running game does not redraw it */
  let charted = null;
  function paintNow() {
    const t0 = performance.now();
    let eta = '';
    const e = cost.estimate;
    if (s.active && s.meta && e) {
      const done = s.standing?.finished ?? 0;
      eta = etaText({ remaining: (s.standing?.games ?? s.meta.games) - done, done: done - sessionStart.done0, elapsedMs: performance.now() - sessionStart.t0, gameSeconds: e.game_seconds, workers: e.workers });
    }
    render(matchTemplate(s, handlers, { a: panelHost.a, b: panelHost.b, chart: chart.element }, cap, { ...cost, eta }), root);
    root.classList.toggle('clock-real', s.form.clock === 'real');
    const shown = s.selected == null ? null : s.shown;
    if (shown !== charted || !shown) {
      charted = shown;
      chart.draw();
    }
    performance.measure('tmlab:match-render', { start: t0 });
  }
  // Worker events re-render at most once per frame, in its own task.
  const paint = perFrame(paintNow);

  const onVisibility = () => {
    const runner = session.runner;
    if (!runner?.active) return;
    if (!document.hidden) runner.dispatch();
    paint();
  };
  document.addEventListener('visibilitychange', onVisibility);

  // ---- start: the form from the URL, then any saved match -------------------------------------
  setForm(s.form);
  mounted = true;
  paintNow();
  chart.size();
  // Resolves once the restored match is on screen (the hook tests wait on), not only dispatched.
  const restored = session.restore().then(() => {
    if (mounted) paintNow();
  });

  // Warm up once the page is idle: the first MatchBook built and reported runs code paths that
  // wasm and the JIT compile on first use, which would otherwise land in the frame that starts
  // the match.
  const idle = globalThis.requestIdleCallback || ((f) => setTimeout(f, 200));
  idle(() => {
    if (session.book || !s.reading) return;
    try {
      const warm = new MatchBook(JSON.stringify(specOf(s.form)));
      warm.standing();
      warm.free();
    } catch {
      /* the form reports a bad spec */
    }
  });

  return {
    restored,
    get book() {
      return session.book;
    },
    exportJson: () => session.exportJson(),
    get runner() {
      return session.runner;
    },
    get state() {
      return { ...s.form };
    },
    get valid() {
      return s.reading;
    },
    get selected() {
      return s.selected;
    },
    get chart() {
      return chart.drawn;
    },
    spec: () => specOf(s.form),
    select: (/** @type {number} */ i) => handlers.select(i),
    get cost() {
      return cost;
    },
    unmount() {
      clearTimeout(planTimer);
      planSeq += 1;
      session.runner?.stop();
      document.removeEventListener('visibilitychange', onVisibility);
      chart.dispose();
      render(nothing, root);
    },
  };
}
