// @ts-check
// The Play view's test hooks: `globalThis.tmlab.views.play` for the e2e tests, installed by
// test-hooks.js only (never on a page opened without the harness's flag). Read-only getters
// over the handle mountPlay returns; the view itself never reads them.

/**
 * @param {{cg: any, ready: Promise<any>, chart: any, sound: any, unmount: () => void,
 *   newGame: () => Promise<void>, get: () => {s: import('./controller.js').PlayState, board: any, events: any[]},
 *   clockMs: (color: string) => number|null}} v
 */
export function playHooks(v) {
  return {
    cg: v.cg,
    ready: v.ready,
    chart: v.chart,
    sound: v.sound,
    newGame: v.newGame,
    /** The clocks as shown, ms. */
    clockMs: v.clockMs,
    get board() {
      return v.get().board;
    },
    /** The Rust game's state as last drawn. */
    get state() {
      return v.get().s.gs;
    },
    get active() {
      return v.get().s.active;
    },
    /** The move shown view-only (an index into the moves), or null for live. */
    get selected() {
      return v.get().s.selected;
    },
    /** The engine panel's state: mode, label, the report shown. */
    get panel() {
      return v.get().s.engine;
    },
    get starting() {
      return v.get().s.starting;
    },
    get waiting() {
      return v.get().s.waiting;
    },
    /** Games started on this page (a new game is visible as a new number). */
    get games() {
      return v.get().s.games;
    },
    get paused() {
      return [...v.get().s.pauses];
    },
    get events() {
      return v.get().events;
    },
    pgn: () => v.get().board?.pgn() ?? '',
    unmount: v.unmount,
    destroy: v.unmount,
  };
}
