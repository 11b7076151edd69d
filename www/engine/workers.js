// @ts-check
// The engine client's workers (see client.js): spawning, the spare kept ready, replacing the
// active worker (a cancelled alpha-beta search, a crash), dropping a search, the watchdog and the
// crash count.
//
// Ending a search early (see docs/engine-in-browser.md):
// - An alpha-beta search runs synchronously inside the worker, which hears nothing until it
//   ends. `cancel()` therefore terminates that worker and promotes a spare one, already
//   instantiated from the page's compiled WebAssembly.Module, handshaken and given the game's
//   options; the manager's last `tm-state` is restored (`tmlab restore`), so the dropped search
//   is as if it never ran. Without a ready spare, a new worker is started and the options are
//   replayed at its barrier. `stop()` does the same and answers with the best move of the
//   last completed iteration (the one the engine would have played).
// - An MCTS search runs in slices and hears lines between them: `cancel()` sends `tmlab cancel`
//   (the manager is put back and the tree kept for reuse), `stop()` sends `stop`.
// - A crash (`info string crash`, a worker `error`/`messageerror`, or the watchdog) also replaces
//   the worker and re-issues the interrupted search; after MAX_RESPAWNS consecutive failures the
//   state becomes `failed`.
import { EngineWorker } from './engine-worker.js';
import { STATE_OPTION } from './protocol.js';

/** Consecutive crashes tolerated before giving up. */
const MAX_RESPAWNS = 3;
/** The watchdog's floor: a search that says nothing for this long is considered hung (ms). */
const WATCHDOG_FLOOR_MS = 4000;
/** The watchdog allows this multiple of the search's own time budget. */
const WATCHDOG_BUDGET_FACTOR = 3;

/**
 * A new worker; a spare's lines go to `spareLog` until it is promoted.
 * @param {boolean} spare
 * @returns {EngineWorker}
 * @param {import('./client.js').EngineClient} c
 */
export function spawnWorker(c, spare) {
  return new EngineWorker(
    c.spawn,
    { line: (w, line) => c.receive(w, line), crash: (w, reason) => c.crashed(w, reason) },
    (w, line) => c.record(`> ${line}`, w.spare),
    spare,
  );
}

/**
 * Start a spare worker once the page has searched (no competition at start-up).
 * @param {import('./client.js').EngineClient} c
 */
export function ensureSpare(c) {
  if (!c.keepSpare || !c.searched || c.spare || c.state === 'failed') return;
  c.spare = c.spawnWorker(true);
}

/**
 * Terminate the active worker (a running search ends with it) and carry on with the spare if
 * it is ready, else with a new worker whose barrier replays the options and the manager's
 * state. A ready spare already has the game's options (it passed its own barrier with them):
 * it only gets the manager's state, and the client is idle at once, since the worker handles
 * lines in order (the restore before any next search). After a crash the barrier is kept:
 * the page hears `readyok` from the new worker before it trusts it again.
 * @param {{ barrier?: boolean }} [how]
 * @param {import('./client.js').EngineClient} c
 */
export function replace(c, how = {}) {
  const { barrier = false } = how;
  c.clearWatchdog();
  c.active.kill();
  c.running = null;
  c.stopQuietly = false;
  const spare = c.spare?.ready && !c.spare.awaiting ? c.spare : null;
  if (!spare) c.spare?.kill();
  c.spare = null;
  c.active = spare ?? c.spawnWorker(false);
  c.active.spare = false;
  if (spare && !barrier && !c.dirty()) {
    if (c.managerState != null) spare.send(`tmlab restore ${c.managerState}`);
    c.setState('idle');
    c.flush();
    // The next spare starts after this task: nothing more on the page's critical path.
    setTimeout(() => c.ensureSpare(), 0);
    return;
  }
  c.active.replay = true;
  c.setState('loading');
  if (c.active.uciok) c.barrier(c.active);
}

/**
 * Drop the running search, if any (see cancel()).
 * @param {import('./client.js').EngineClient} c
 */
export function drop(c) {
  const r = c.running;
  if (!r || r.dropped) return;
  if (r.searcher === 'mcts') {
    r.dropped = true;
    // A `stop` already on its way ends the search anyway; only its output is swallowed.
    if (c.state === 'stopping') return;
    c.setState('stopping');
    // `tmlab cancel` (contract 3) puts the manager back; an engine without it gets `stop`.
    c.send(c.active.advertised.has(STATE_OPTION) ? 'tmlab cancel' : 'stop');
  } else {
    c.replace();
  }
}

/** @param {import('./client.js').EngineClient} c */
export function armWatchdog(c) {
  c.clearWatchdog();
  const budget = c.running?.request.budgetMs ?? 0;
  const ms = Math.max(WATCHDOG_FLOOR_MS, WATCHDOG_BUDGET_FACTOR * budget);
  const w = c.active;
  c.watchdog = setTimeout(() => c.crashed(w, `no answer from the engine for ${ms} ms`), ms);
}

/** @param {import('./client.js').EngineClient} c */
export function clearWatchdog(c) {
  if (c.watchdog) clearTimeout(c.watchdog);
  c.watchdog = null;
}

/**
 * @param {EngineWorker} w
 * @param {string} reason
 * @param {import('./client.js').EngineClient} c
 */
export function crashed(c, w, reason) {
  if (w !== c.active) {
    // A spare that failed to start: drop it; the next ready active worker makes another.
    w.kill();
    if (c.spare === w) c.spare = null;
    return;
  }
  c.lastError = reason;
  c.failures += 1;
  // Re-issue the interrupted search after the respawn, unless a newer request replaced it.
  const r = c.running;
  if (r && !r.dropped && !c.pending) c.pending = r.request;
  c.dispatchEvent(new CustomEvent('crash', { detail: { reason, failures: c.failures } }));
  if (c.failures > MAX_RESPAWNS) {
    c.clearWatchdog();
    c.active.kill();
    c.spare?.kill();
    c.spare = null;
    c.running = null;
    c.setState('failed');
    return;
  }
  c.replace({ barrier: true });
}

/**
 * Ask the running search for its move now; its `bestmove` still arrives. MCTS hears `stop`;
 * an alpha-beta search is answered from a fresh worker with the best move of its last completed
 * iteration (or a depth-1 search when none completed).
 * @param {import('./client.js').EngineClient} c
 */
export function stop(c) {
  const r = c.running;
  if (!r || r.dropped || c.state !== 'searching') return;
  if (r.searcher === 'mcts') {
    c.setState('stopping');
    c.send('stop');
    return;
  }
  // Alpha-beta: the worker hears nothing until the search ends; answer with the best move of
  // the last completed iteration, as the engine would, from a fresh worker.
  c.replace();
  const [best, ponder] = r.pv;
  if (best) {
    c.deliverInfo(r.request, 'info string stop command');
    c.deliverBestmove(r.request, `bestmove ${best}${ponder ? ` ponder ${ponder}` : ''}`);
  } else {
    // No iteration completed yet: a depth-1 search of the same position (no manager involved).
    c.pending = { ...r.request, go: 'go depth 1', budgetMs: 0 };
    c.stopQuietly = true;
    c.flush();
  }
}
