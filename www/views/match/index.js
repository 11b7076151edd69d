// @ts-check
// The Match view: mount/unmount. Two time managers play a match in game workers (one per
// game), with the fastchess result block, pentanomial, SPRT, timeouts and time usage refreshed
// after every game, a live games table, a per-game time chart, stop/resume with an IndexedDB
// autosave, and PGN/JSON downloads. State lives in the controller (controller.js), the page in
// the templates (render.js); this file connects them to the crate, the workers and storage.
// Conventions: shared/spec/playground.md §3 (per-side controls), §4 (PGN), §7 (match runner).

import { render, nothing } from 'lit-html';
import { MatchBook, read_match_spec, sprt_status, tm_schema } from '../../pkg/tmlab.js';
import { createParamsPanel } from '../../ui/params.js';
import { perFrame } from '../../ui/frame.js';
import { concurrencyOf, gamesAtOnce } from '../../engine/concurrency.js';
import { MatchRunner } from './runner.js';
import { saveMatch, saveGame, loadMatch, loadGame, loadGames, clearMatch } from './store.js';
import { checkSummaries, metaProblem } from './validate.js';
import { initialState, update, rowOf, TABLE_WINDOW } from './controller.js';
import { matchTemplate } from './render.js';
import { createGameChart } from './chart.js';
import { MATCH_DEFAULTS, TC_PRESETS, SPRT_PRESETS, specOf } from './spec.js';

export { MATCH_PREFIX, MATCH_DEFAULTS, MATCH_CHOICES } from './spec.js';

/**
 * @param {HTMLElement} root
 * @param {{state: Partial<typeof MATCH_DEFAULTS>, onChange: (s: typeof MATCH_DEFAULTS) => void}} ctx
 */
export function mountMatch(root, ctx) {
  const schema = tm_schema();
  const cap = concurrencyOf();
  let s = initialState(ctx.state);
  let mounted = false;
  /** @type {any} */ let book = null; // the wasm MatchBook
  /** @type {MatchRunner|null} */ let runner = null;

  const dispatch = (e) => {
    s = update(s, e);
    paint();
  };

  // The crate reads and checks the form; its typed error names the field.
  function setForm(form) {
    let reading = null;
    let error = null;
    try {
      reading = read_match_spec(JSON.stringify(specOf(form)));
    } catch (e) {
      error = e && typeof e === 'object' && 'path' in e ? e : { path: '', message: String(e?.message || e), allowed: '' };
    }
    s = update(s, { type: 'form', form, reading, error });
    // Parameters the chosen searcher does not use are disabled, with the crate's reason.
    for (const side of ['a', 'b']) panels[side]?.setSearcher(form.engine);
    ctx.onChange({ ...form });
    // Typing gets its verdict at once (worker events wait for the next frame).
    if (mounted) paintNow();
  }

  const panels = {};
  const panelHost = {};
  for (const side of ['a', 'b']) {
    const make = (spec) =>
      createParamsPanel({ schema, spec, id: `m${side}`, searcher: s.form.engine, onChange: (x) => setForm({ ...s.form, [side]: x }) });
    try {
      panels[side] = make(s.form[side]);
    } catch {
      panels[side] = make(MATCH_DEFAULTS[side]); // the URL reader already named the bad value
    }
    panelHost[side] = Object.assign(document.createElement('div'), { className: `panel-${side}` });
    panelHost[side].append(panels[side].element);
  }
  const chart = createGameChart(() => ({
    summary: s.selected == null ? null : s.shown,
    index: s.selected,
    finished: s.standing?.finished ?? 0,
  }));

  const handlers = {
    input(key, el) {
      let v;
      if (el.type === 'checkbox') v = el.checked;
      else if (typeof MATCH_DEFAULTS[key] === 'number') {
        v = Number(el.value);
        if (el.value.trim() === '' || !Number.isFinite(v)) return;
        if (key === 'conc') v = gamesAtOnce(v, cap);
      } else v = el.value;
      setForm({ ...s.form, [key]: v });
    },
    preset(kind, el) {
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
    start: () => startNew(),
    stop: () => runner?.stop(),
    resume: () => resume(),
    pgn: () => book && download('tmlab-match.pgn', book.pgn(), 'application/x-chess-pgn'),
    json: async () => book && download('tmlab-match.json', `${JSON.stringify(await exportJson(), null, 1)}\n`, 'application/json'),
    // A page of the games table from the autosave (null: follow the latest games again).
    page: async (p) => {
      if (!s.meta) return;
      const n = s.standing?.finished ?? 0;
      const [from, to] = p === null ? [Math.max(0, n - TABLE_WINDOW - 16), s.meta.games] : [p * TABLE_WINDOW, (p + 1) * TABLE_WINDOW];
      const saved = await loadGames(s.meta.id, from, to).catch(() => []);
      const rows = checkSummaries(saved, s.meta.games).good.map(rowOf).sort((x, y) => y.index - x.index);
      dispatch({ type: 'page', page: p, rows: p === null ? rows.slice(0, TABLE_WINDOW) : rows });
    },
    // The table keeps only rows: the chosen game's full summary comes from the autosave.
    select: async (i) => {
      let summary = s.shown?.index === i ? s.shown : null;
      if (!summary && s.meta) summary = await loadGame(s.meta.id, i).catch(() => null);
      dispatch({ type: 'select', index: i, summary });
      chart.draw();
    },
  };

  let charted = null; // the summary the chart last showed: a move of a running game does not redraw it
  function paintNow() {
    const t0 = performance.now();
    render(matchTemplate(s, handlers, { a: panelHost.a, b: panelHost.b, chart: chart.element }, cap), root);
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

  /** Summaries the autosave could not store (kept here so the export still has them). */
  const unsaved = new Map();

  /** The JSON export: the book's setup and standing with the finished games from the autosave. */
  async function exportJson() {
    const saved = s.meta ? await loadMatch().catch(() => null) : null;
    const byIndex = new Map(unsaved);
    if (saved && saved.meta.id === s.meta?.id) {
      for (const g of checkSummaries(saved.summaries, s.meta.games).good) byIndex.set(g.index, g);
    }
    return book.export([...byIndex.values()].sort((x, y) => x.index - y.index));
  }

  /** The book's standing and the SPRT's, for the controller. */
  function standingEvent() {
    const standing = book.standing();
    const t = standing.report.block.sprt;
    const sprt = t ? sprt_status(t[0].elo0, t[0].elo1, t[0].alpha, t[0].beta, t[1]) : null;
    return { standing, sprt, complete: book.complete };
  }

  const mayStart = () => !(s.meta?.state?.clock === 'real' && document.hidden);

  function begin(spec, savedState, saved = []) {
    book?.free();
    book = new MatchBook(spec);
    for (const x of saved) book.add(x);
    runner = new MatchRunner({ spec, book, concurrency: gamesAtOnce(savedState.conc, cap), mayStart });
    const playing = () => dispatch({ type: 'playing', count: runner.running.size });
    runner.addEventListener('start', (/** @type {any} */ e) => {
      dispatch({ type: 'game-start', index: e.detail.index, records: e.detail.records });
      playing();
    });
    runner.addEventListener('move', () => dispatch({ type: 'game-move' }));
    runner.addEventListener('game', async (/** @type {any} */ e) => {
      const summary = e.detail.summary;
      dispatch({ type: 'game', summary, ...standingEvent() });
      playing();
      try {
        await saveGame(s.meta, summary);
      } catch (err) {
        unsaved.set(summary.index, summary);
        dispatch({ type: 'notice', text: `Autosave failed (${err.message || err}); the match goes on but cannot be resumed after a reload.` });
      }
    });
    for (const type of ['complete', 'stopped']) {
      runner.addEventListener(type, async () => {
        dispatch({ type });
        await saveMatch(s.meta).catch(() => {});
      });
    }
    runner.addEventListener('respawn', (/** @type {any} */ e) => dispatch({ type: 'respawn', ...e.detail }));
    runner.addEventListener('failed', async (/** @type {any} */ e) => {
      dispatch({ type: 'failed', message: e.detail.message });
      await saveMatch(s.meta).catch(() => {});
    });
    runner.addEventListener('idle', () => paint());
  }

  async function startNew() {
    if (!s.reading) return;
    const spec = JSON.stringify(specOf(s.form));
    const meta = { id: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`, spec, state: { ...s.form }, status: /** @type {const} */ ('running'), games: s.form.games };
    dispatch({ type: 'start', meta });
    unsaved.clear();
    await clearMatch().catch(() => {});
    await saveMatch(meta).catch(() => {});
    // Building the book and spawning the first worker run as separate tasks, so no single
    // main-thread task grows long.
    const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
    await nextTask();
    begin(spec, meta.state);
    dispatch({ type: 'standing', ...standingEvent() });
    await nextTask();
    runner.start();
  }

  async function resume() {
    if (!s.meta || !book) return;
    dispatch({ type: 'resume' });
    saveMatch(s.meta).catch(() => {});
    if (!runner || runner.book !== book) {
      // The page keeps only table rows: the finished games come back from the autosave.
      const saved = await loadMatch().catch(() => null);
      begin(s.meta.spec, s.meta.state, saved ? checkSummaries(saved.summaries, s.meta.games).good : []);
    }
    runner?.start();
  }

  const onVisibility = () => {
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
  const restored = (async () => {
    let saved = null;
    try {
      saved = await loadMatch();
    } catch (err) {
      dispatch({ type: 'notice', text: `Saved matches are unavailable (${err.message || err}).` });
    }
    if (!saved) return;
    const bad = metaProblem(saved.meta);
    if (bad) {
      dispatch({ type: 'error', text: `The saved match was damaged (${bad}) and was dropped; start a new one.` });
      await clearMatch().catch(() => {});
      return;
    }
    const { good, message } = checkSummaries(saved.summaries, saved.meta.games);
    // A finished match whose saved games were partly dropped is not finished: Resume plays them.
    const meta = saved.meta.status === 'complete' && message ? { ...saved.meta, status: /** @type {const} */ ('stopped') } : saved.meta;
    try {
      begin(meta.spec, meta.state, good);
    } catch (err) {
      book = null;
      runner = null;
      dispatch({ type: 'error', text: `The saved match could not be restored (${err.message || err}); start a new one.` });
      return;
    }
    const n = good.length;
    const how = meta.status === 'running'
      ? `Resumed an interrupted match from the autosave: ${n}/${meta.games} games were saved; unfinished games are played again.`
      : meta.status === 'stopped' ? `A stopped match was restored from the autosave: ${n}/${meta.games} games. Resume plays the rest.` : '';
    dispatch({ type: 'restored', meta, summaries: good, ...standingEvent(), notice: [message, how].filter(Boolean).join(' ') });
    if (meta.status === 'running') resume();
  })();

  // Warm up once the page is idle: the first MatchBook built and reported runs code paths that
  // wasm and the JIT compile on first use, which would otherwise land in the frame that starts
  // the match.
  const idle = globalThis.requestIdleCallback || ((f) => setTimeout(f, 200));
  idle(() => {
    if (book || !s.reading) return;
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
      return book;
    },
    exportJson: () => exportJson(),
    get runner() {
      return runner;
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
    select: (i) => handlers.select(i),
    unmount() {
      runner?.stop();
      document.removeEventListener('visibilitychange', onVisibility);
      chart.dispose();
      render(nothing, root);
    },
  };
}

function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
