// @ts-check
// A match's life in the Match view: the wasm MatchBook (standing, SPRT, export), the
// MatchRunner's game workers, and the IndexedDB autosave (start a new match, resume one,
// restore the saved one on mount). The view (index.js) owns the form and the page; this owns
// the book and the runner and tells the view through `dispatch`.
// Conventions: shared/spec/playground.md §7 (match runner).

import { MatchBook, sprt_status } from '../../pkg/tmlab.js';
import { gamesAtOnce } from '../../engine/concurrency.js';
import { MatchRunner } from './runner.js';
import { saveMatch, saveGame, loadMatch, clearMatch } from './store.js';
import { checkSummaries, metaProblem } from './validate.js';
import { specOf } from './spec.js';

/**
 * What a match session needs from its view.
 * @typedef {object} SessionHost
 * @property {import('../../engine/concurrency.js').Concurrency} cap the games-at-once rule
 * @property {() => any} state the view's current state (the controller's)
 * @property {(event: any) => void} dispatch applies an event to the view's state and repaints
 * @property {() => void} paint repaints on the next frame
 */

/**
 * A match session: `startNew()` plays the form's match, `resume()` continues the current one,
 * `restore()` brings back the autosaved one, `exportJson()` is the JSON download.
 * @param {SessionHost} host
 */
export function createMatchSession({ cap, state, dispatch, paint }) {
  /** @type {any} */ let book = null; // the wasm MatchBook
  /** @type {MatchRunner|null} */ let runner = null;
  /** Summaries the autosave could not store (kept here so the export still has them). */
  const unsaved = new Map();

  /** The JSON export: the book's setup and standing with the finished games from the autosave. */
  async function exportJson() {
    const s = state();
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

  const mayStart = () => !(state().meta?.state?.clock === 'real' && document.hidden);

  function begin(spec, savedState, saved = []) {
    book?.free();
    book = new MatchBook(spec);
    for (const x of saved) book.add(x);
    const r = new MatchRunner({ spec, book, concurrency: gamesAtOnce(savedState.conc, cap), mayStart });
    runner = r;
    const playing = () => dispatch({ type: 'playing', count: runner?.running.size ?? 0 });
    r.addEventListener('start', (/** @type {any} */ e) => {
      dispatch({ type: 'game-start', index: e.detail.index, records: e.detail.records });
      playing();
    });
    r.addEventListener('move', () => dispatch({ type: 'game-move' }));
    r.addEventListener('game', async (/** @type {any} */ e) => {
      const summary = e.detail.summary;
      dispatch({ type: 'game', summary, ...standingEvent() });
      playing();
      try {
        await saveGame(state().meta, summary);
      } catch (err) {
        unsaved.set(summary.index, summary);
        dispatch({ type: 'notice', text: `Autosave failed (${err.message || err}); the match goes on but cannot be resumed after a reload.` });
      }
    });
    for (const type of ['complete', 'stopped']) {
      r.addEventListener(type, async () => {
        dispatch({ type });
        await saveMatch(state().meta).catch(() => {});
      });
    }
    r.addEventListener('respawn', (/** @type {any} */ e) => dispatch({ type: 'respawn', ...e.detail }));
    r.addEventListener('failed', async (/** @type {any} */ e) => {
      dispatch({ type: 'failed', message: e.detail.message });
      await saveMatch(state().meta).catch(() => {});
    });
    r.addEventListener('idle', () => paint());
  }

  async function startNew() {
    const s = state();
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
    runner?.start();
  }

  async function resume() {
    if (!state().meta || !book) return;
    dispatch({ type: 'resume' });
    saveMatch(state().meta).catch(() => {});
    if (!runner || runner.book !== book) {
      // The page keeps only table rows: the finished games come back from the autosave.
      const saved = await loadMatch().catch(() => null);
      const meta = state().meta;
      begin(meta.spec, meta.state, saved ? checkSummaries(saved.summaries, meta.games).good : []);
    }
    runner?.start();
  }

  /** Brings back the autosaved match (a running one resumes); damaged saves are dropped. */
  async function restore() {
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
  }

  return {
    /** The wasm MatchBook of the current match, or null. */
    get book() {
      return book;
    },
    /** The runner playing (or last playing) the current match, or null. */
    get runner() {
      return runner;
    },
    startNew,
    resume,
    restore,
    exportJson,
  };
}
