// @ts-check
// The allocation chart's engine mode: the first manager plays itself in a real self-play game on
// the virtual clock (www/trace-worker.js, Rust's play/trace.rs), from a chosen opening, with the
// searcher it was written for; the chart shows per move the base soft budget, the effective soft
// limit, the hard limit, the time used and the clock (plot/engine_allocation.rs). Games are
// deterministic, so a slider change replays the game, and the manager's default configuration's
// game stays as a ghost. Progress is shown while a game runs.

import { EngineAllocationCanvas, trace_openings } from '../pkg/tmlab.js';
import { TraceClient } from './engine-trace.js';
import { ENGINE_DEFAULTS } from './curves-params.js';

/** Virtual speeds offered, nodes per second. */
const SPEEDS = [10000, 30000, 100000, 300000, 1000000];

/** The default configuration of a spec's manager (its name alone). */
export function defaultSpec(spec) {
  return spec.split('(')[0].trim();
}

/**
 * The engine mode of the allocation card.
 * @param {{canvas: HTMLCanvasElement, state: any, schedule: () => void, changed: () => void}} ctx
 */
export function createEngineMode({ canvas, state, schedule, changed }) {
  const client = new TraceClient();
  const chart = new EngineAllocationCanvas(canvas);
  const openings = trace_openings();
  /** @type {any[]|null} */
  let moves = null;
  /** @type {any[]|null} */
  let ghost = null;
  let dirty = true;
  let runs = 0;
  /** What the last finished run was (for tests and the README's measurement). */
  let last = null;

  const element = document.createElement('div');
  element.className = 'engine-mode params';
  element.innerHTML = `
    <div class="param" data-key="allocation.opening"><label class="param-label" for="allocation-opening">opening</label>
      <select id="allocation-opening"></select></div>
    <div class="param" data-key="allocation.enps"><label class="param-label" for="allocation-enps"
      title="Virtual nodes per second: the search's speed on the virtual clock. Higher searches deeper and takes longer to play.">virtual speed</label>
      <select id="allocation-enps"></select></div>
    <div class="param" data-key="allocation.emoves"><label class="param-label" for="allocation-emoves">moves</label>
      <input id="allocation-emoves" class="param-number" type="number" min="5" max="200" step="1"><span class="param-unit">full moves, then a draw</span></div>
    <div class="param" data-key="allocation.elat"><label class="param-label" for="allocation-elat"
      title="Time the clock is charged per move beyond the search: the GUI, the network. A manager's move overhead is its margin for it.">latency</label>
      <input id="allocation-elat" class="param-number" type="number" min="0" max="5000" step="10"><span class="param-unit">ms per move</span></div>
    <div class="param" data-key="allocation.side"><label class="param-label" for="allocation-side">side shown</label>
      <select id="allocation-side"><option value="white">White</option><option value="black">Black</option></select></div>
    <div class="engine-progress" role="status"><progress max="1" value="0"></progress> <span class="engine-status"></span></div>`;
  const $ = (/** @type {string} */ s) => /** @type {any} */ (element.querySelector(s));
  $('#allocation-opening').append(
    ...openings.map((name, i) => Object.assign(document.createElement('option'), { value: String(i), textContent: `${i + 1}. ${name}` })),
  );
  $('#allocation-enps').append(
    ...SPEEDS.map((n) => Object.assign(document.createElement('option'), { value: String(n), textContent: `${n / 1000}k nodes/s` })),
  );
  const sync = () => {
    $('#allocation-opening').value = String(Math.min(openings.length - 1, Math.max(0, state.opening | 0)));
    if (!SPEEDS.includes(state.enps)) state.enps = ENGINE_DEFAULTS.enps;
    $('#allocation-enps').value = String(state.enps);
    $('#allocation-emoves').value = String(state.emoves);
    $('#allocation-elat').value = String(state.elat);
    $('#allocation-side').value = state.side === 'black' ? 'black' : 'white';
  };
  sync();
  $('#allocation-opening').addEventListener('change', (e) => ((state.opening = Number(e.target.value)), changed()));
  $('#allocation-enps').addEventListener('change', (e) => ((state.enps = Number(e.target.value)), changed()));
  $('#allocation-emoves').addEventListener('change', (e) => {
    const n = Math.round(Number(e.target.value));
    state.emoves = Number.isFinite(n) ? Math.min(200, Math.max(5, n)) : ENGINE_DEFAULTS.emoves;
    e.target.value = String(state.emoves);
    changed();
  });
  $('#allocation-elat').addEventListener('change', (e) => {
    const n = Number(e.target.value);
    state.elat = Number.isFinite(n) ? Math.min(5000, Math.max(0, n)) : 0;
    e.target.value = String(state.elat);
    changed();
  });
  $('#allocation-side').addEventListener('change', (e) => ((state.side = e.target.value), (dirty = true), schedule()));
  const bar = $('progress');
  const status = $('.engine-status');

  const specOf = (tm) => ({ tm, tc: state.tc, opening: state.opening, nps: state.enps, moves: state.emoves, latency: state.elat });

  /** Play the current settings' game (and the default's, for the ghost); latest wins. */
  async function request() {
    const run = ++runs;
    const main = specOf(state.specs[0]);
    const def = specOf(defaultSpec(state.specs[0]));
    const plies = 2 * state.emoves;
    const t0 = performance.now();
    element.dataset.running = '1';
    bar.max = plies;
    bar.value = 0;
    status.textContent = `Playing ${main.tm} against itself…`;
    try {
      const r = await client.run(main, (_m, all) => {
        moves = all;
        dirty = true;
        bar.value = all.length;
        status.textContent = `Playing ${main.tm}: move ${all[all.length - 1].move_number} of at most ${state.emoves}…`;
        schedule();
      });
      if (!r || run !== runs) return;
      moves = r.moves;
      dirty = true;
      schedule();
      let g = r;
      if (def.tm !== main.tm) {
        status.textContent = `Playing the default ${def.tm} for the ghost…`;
        g = await client.run(def);
        if (!g || run !== runs) return;
      }
      ghost = def.tm === main.tm ? null : g.moves;
      dirty = true;
      bar.value = plies;
      const wall = performance.now() - t0;
      last = { spec: main, moves: r.moves, ghost, ms: r.cached ? 0 : r.ms, wall, searcher: r.searcher, result: r.result };
      status.textContent = `${r.moves.length} moves, ${r.searcher === 'mcts' ? 'MCTS' : 'alpha-beta'}, ${r.opening}; ${r.result}. ` +
        (r.cached ? 'Replayed from memory.' : `Played in ${(r.ms / 1000).toFixed(1)} s.`);
      delete element.dataset.running;
      element.dataset.runs = String(Number(element.dataset.runs || 0) + 1);
      schedule();
    } catch (e) {
      if (run !== runs) return;
      delete element.dataset.running;
      status.textContent = '';
      throw e;
    }
  }

  return {
    element,
    request,
    sync,
    /** @param {number|undefined} hoverPx */
    draw(hoverPx) {
      if (dirty) {
        chart.set(moves, ghost, state.side !== 'black');
        dirty = false;
      }
      return chart.draw(hoverPx);
    },
    get last() {
      return last;
    },
    get moves() {
      return moves;
    },
    close: () => client.close(),
  };
}
