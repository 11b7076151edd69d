// @ts-check
// A match's life in the Match view: the wasm MatchBook (standing, SPRT, export), the
// MatchRunner's game workers, and the IndexedDB autosave (start a new match, resume one,
// restore the saved one on mount). The view (index.js) owns the form and the page; this owns
// the book and the runner and tells the view through `dispatch`.
// Conventions: shared/spec/playground.md §7 (match runner).

import { MatchBook, sprt_status } from '../../pkg/tmlab.js';
import { gamesAtOnce } from '../../engine/concurrency.js';
import { MatchRunner } from '../../engine/match-runner.js';
import { saveMatch, saveGame, loadSaved, clearMatch, dropRecords } from './store.js';
import { openSaved } from './validate.js';
import { specOf } from './spec.js';
import { messageOf } from '../../ui/typed-error.js';

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
    const saved = s.meta ? await savedGames() : [];
    const byIndex = new Map(unsaved);
    for (const g of saved) byIndex.set(g.index, g);
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

  /** The current match's saved games, each checked (damaged ones left out). */
  async function savedGames() {
    const raw = await loadSaved().catch(() => null);
    const opened = raw ? openSaved(raw) : null;
    return opened?.meta && opened.meta.id === state().meta?.id ? opened.summaries : [];
  }

  /**
   * A new book and runner for `spec` with the `saved` games; returns the saved games the book
   * took (a game it refuses is dropped alone and played again) and a message about the others.
   * @param {string} spec
   * @param {import('./spec.js').MatchForm} savedState
   * @param {import('../../ui/crate-types.js').GameSummary[]} [saved]
   */
  function begin(spec, savedState, saved = []) {
    book?.free();
    book = new MatchBook(spec);
    const refused = [];
    const taken = [];
    for (const x of saved) {
      try {
        book.add(x);
        taken.push(x);
      } catch (err) {
        refused.push(`game ${x.index + 1}: ${messageOf(err)}`);
      }
    }
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
        dispatch({ type: 'notice', text: `Autosave failed (${messageOf(err)}); the match goes on but cannot be resumed after a reload.` });
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
    const message = refused.length
      ? `${refused.length} saved game${refused.length > 1 ? 's were' : ' was'} refused by the match and dropped (${refused.slice(0, 3).join('; ')}); ${refused.length > 1 ? 'they are' : 'it is'} played again.`
      : '';
    return { taken, message };
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
      const meta = state().meta;
      begin(meta.spec, meta.state, await savedGames());
    }
    runner?.start();
  }

  /**
   * Brings back the autosaved match (a running one resumes). Each damaged record is dropped
   * alone with a message; a damaged setup loses the match (its games cannot be checked without
   * it) but deletes nothing until a new match starts.
   */
  async function restore() {
    let raw = null;
    try {
      raw = await loadSaved();
    } catch (err) {
      dispatch({ type: 'notice', text: `Saved matches are unavailable (${messageOf(err)}).` });
    }
    if (!raw) return;
    const saved = openSaved(raw);
    if (!saved.meta) {
      dispatch({ type: 'error', text: saved.error });
      if (saved.dropAll) await clearMatch().catch(() => {});
      return;
    }
    await dropRecords(saved.dropKeys).catch(() => {});
    const meta = saved.meta;
    let taken;
    try {
      taken = begin(meta.spec, meta.state, saved.summaries);
    } catch (err) {
      book = null;
      runner = null;
      dispatch({ type: 'error', text: `The saved match could not be restored (${messageOf(err)}); start a new one.` });
      return;
    }
    const { taken: good, message: refused } = taken;
    const n = good.length;
    const status = refused && meta.status === 'complete' ? 'stopped' : meta.status;
    const m = { ...meta, status };
    const how = status === 'running'
      ? `Resumed an interrupted match from the autosave: ${n}/${meta.games} games were saved; unfinished games are played again.`
      : status === 'stopped' ? `A stopped match was restored from the autosave: ${n}/${meta.games} games. Resume plays the rest.` : '';
    dispatch({ type: 'restored', meta: m, summaries: good, ...standingEvent(), notice: [saved.notice, refused, how].filter(Boolean).join(' ') });
    if (status === 'running') resume();
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
