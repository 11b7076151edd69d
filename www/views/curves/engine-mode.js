// @ts-check
// The allocation chart's engine mode: the first manager plays itself in a real self-play game on
// the virtual clock (www/trace-worker.js, Rust's play/trace.rs), from a chosen opening, with the
// searcher it was written for; the chart shows per move the base soft budget, the effective soft
// limit, the hard limit, the time used and the clock (plot/engine_allocation.rs). Games are
// deterministic, so a slider change replays the game, and the manager's default configuration's
// game stays as a ghost. The game's progress messages go to the controller as events.

// Drawn by the engine charts module from the trace's moves as the worker sent them (issue 24),
// asked through ui/engine-charts.js: the chart object is made at the first drawing, once the
// module is in (the card never waits for it).
import { cancelEngineChart, drawEngineChart } from '../../ui/engine-charts.js';
import { TraceClient } from './trace-client.js';
import { defaultSpec, traceSpec } from './controller.js';

/**
 * The engine mode of the allocation card.
 * @param {{canvas: HTMLCanvasElement, get: () => import('./controller.js').AllocationState, dispatch: (e: any) => void,
 *   schedule: () => void, element: () => HTMLElement, ghostOf?: Record<string, any>|null, mark?: number|null}} ctx
 *   `ghostOf`: settings whose game is the ghost (a lesson's own), instead of the default manager's;
 *   `mark`: a move number whose numbers are drawn on the chart while nothing is hovered (a lesson's)
 */
export function createEngineMode({ canvas, get, dispatch, schedule, element, ghostOf = null, mark = null }) {
  const client = new TraceClient();
  /** @type {InstanceType<import('../../ui/engine-charts.js').EngineCharts['EngineAllocationCanvas']> | null} */
  let chart = null;
  /** @type {any[]|null} */
  let moves = null;
  /** @type {any[]|null} */
  let ghost = null;
  let dirty = true;
  let runs = 0;
  /** What the last finished run was (for tests and the measurement in docs/fuzzing-and-benches.md). */
  /**
   * @type {{spec: import('./trace-client.js').TraceSpec, moves: import('./trace-client.js').TraceResult['moves'],
   *   ghost: import('./trace-client.js').TraceResult['moves'] | null, ms: number, wall: number, searcher: string, result: string} | null}
   */
  let last = null;

  /** Play the current settings' game (and the default's, for the ghost); latest wins. */
  async function request() {
    const run = ++runs;
    const st = get().settings;
    const main = traceSpec(st, st.specs[0]);
    const def = ghostOf ? traceSpec({ ...st, ...ghostOf }, ghostOf.specs?.[0] ?? st.specs[0]) : traceSpec(st, defaultSpec(st.specs[0]));
    const same = JSON.stringify(def) === JSON.stringify(main);
    const plies = 2 * st.emoves;
    const t0 = performance.now();
    dispatch({ type: 'run', tm: main.tm, plies });
    try {
      const r = await client.run(main, (_m, all) => {
        moves = all;
        dirty = true;
        dispatch({ type: 'move', tm: main.tm, count: all.length, moveNumber: all[all.length - 1].move_number });
        schedule();
      });
      if (!r || run !== runs) return;
      moves = r.moves;
      dirty = true;
      schedule();
      let ghostMoves = null;
      if (!same) {
        dispatch({ type: 'ghost', tm: def.tm });
        const g = await client.run(def);
        if (!g || run !== runs) return;
        ghostMoves = g.moves;
      }
      ghost = ghostMoves;
      dirty = true;
      const wall = performance.now() - t0;
      last = { spec: main, moves: r.moves, ghost, ms: r.cached ? 0 : r.ms, wall, searcher: r.searcher, result: r.result };
      dispatch({ type: 'done', result: r, plies });
      schedule();
    } catch (e) {
      if (run !== runs) return;
      dispatch({ type: 'stopped' });
      throw e;
    }
  }

  return {
    request,
    /** The side shown changed: redraw from the same game. */
    touch: () => (dirty = true),
    /**
     * Draws (now, or once the engine charts module is in: `drawn` hears the drawing's
     * `{frame, moves, point, marked}`); nothing if the card left engine mode meanwhile.
     * @param {number|undefined} hoverPx @param {(d: any) => void} drawn
     */
    draw(hoverPx, drawn) {
      drawEngineChart(canvas, (m) => {
        if (get().settings.mode !== 'engine') return;
        if (!chart) {
          chart = new m.EngineAllocationCanvas(canvas);
          if (ghostOf) chart.set_ghost_label('the lesson’s setting');
          if (mark) chart.set_mark(mark);
        }
        if (dirty) {
          chart.set(moves, ghost, get().settings.side !== 'black');
          dirty = false;
        }
        drawn(chart.draw(hoverPx));
      });
    },
    /** The engine-mode fields (their `data-running` and `data-runs` show the game's state). */
    get element() {
      return element();
    },
    get last() {
      return last;
    },
    get moves() {
      return moves;
    },
    close: () => {
      cancelEngineChart(canvas);
      client.close();
    },
  };
}
