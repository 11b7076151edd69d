// @ts-check
// The Replay view: mount/unmount. A PGN with clocks (pasted, uploaded or a shipped sample) is
// replayed by the crate (`replay_pgn`) against the chosen managers; the summary and the moves
// come from the controller's selectors, the chart is the Match view's game chart (Rust plot code)
// showing the chosen manager's soft/hard limits against the time actually used, with both clocks.

import { render, nothing } from 'lit-html';
import { replay_pgn } from '../../pkg/tmlab.js';
import { createGameChart } from '../match/chart.js';
import { initialState, update, specsOf, chartRecordOf, gameOf, SAMPLES, REPLAY_DEFAULTS } from './controller.js';
import { replayTemplate } from './render.js';
import './replay.css';

export { REPLAY_PREFIX, REPLAY_DEFAULTS } from './controller.js';

/**
 * @param {HTMLElement} root
 * @param {{state: Partial<typeof REPLAY_DEFAULTS>, onChange: (s: typeof REPLAY_DEFAULTS) => void}} ctx
 */
export function mountReplay(root, ctx) {
  let s = initialState(ctx.state);
  let sample = ctx.state.sample ?? REPLAY_DEFAULTS.sample;
  let summary = null;
  const chart = createGameChart(() => ({ summary, index: s.game, finished: summary ? 1 : 0 }));
  chart.element.querySelector('h2').textContent = 'Time used against the manager’s limits';
  chart.element.querySelector('.blurb').textContent =
    'Bars: the time each side actually used per move (White left, Black right of the move number); ▬ the chosen manager’s soft budget and × its hard limit at that clock; lines: both clocks (right axis).';

  const save = () => ctx.onChange({ tm: s.tm, sample });
  const paint = () => {
    const g = gameOf(s);
    const rec = chartRecordOf(s);
    // The chart reads a match summary: the record, plus the result for its caption.
    summary = rec && g ? { record: { ...rec, outcome: { result: g.result, reason: g.game.event } } } : null;
    render(replayTemplate(s, handlers, chart.element), root);
    chart.draw();
    root.dataset.games = String(s.result?.replay.games.length ?? 0);
    root.dataset.state = s.error ? 'error' : s.result ? 'replayed' : 'empty';
  };
  const run = () => {
    if (!s.pgn.trim()) {
      s = update(s, { type: 'failed', error: { path: 'pgn', message: 'Paste a PGN, upload one, or load a sample.', allowed: '' } });
    } else {
      try {
        s = update(s, { type: 'replayed', result: replay_pgn(s.pgn, specsOf(s)) });
      } catch (e) {
        s = update(s, { type: 'failed', error: e });
      }
    }
    paint();
  };
  async function loadSample(key) {
    const entry = SAMPLES[key] ?? SAMPLES.lichess;
    const url = new URL(`replay/${entry.file}`, document.baseURI);
    try {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      sample = key;
      save();
      s = update(s, { type: 'pgn', pgn: await res.text(), source: `(sample: ${entry.label})` });
      run();
    } catch (e) {
      s = update(s, { type: 'failed', error: { path: 'pgn', message: `The sample ${entry.file} could not be loaded (${e.message || e}).`, allowed: '' } });
      paint();
    }
  }
  const handlers = {
    tm(el) {
      s = update(s, { type: 'tm', tm: el.value });
      save();
      run();
    },
    pgn(el) {
      s = update(s, { type: 'pgn', pgn: el.value, source: '(pasted)' });
      run();
    },
    file(el) {
      const f = el.files?.[0];
      if (!f) return;
      f.text().then((text) => {
        s = update(s, { type: 'pgn', pgn: text, source: `(${f.name})` });
        run();
      });
    },
    sample: (key) => loadSample(key),
    game(el) {
      s = update(s, { type: 'game', game: Number(el.value) });
      paint();
    },
    manager(el) {
      s = update(s, { type: 'manager', manager: Number(el.value) });
      paint();
    },
  };
  paint();
  const loaded = loadSample(sample);
  return {
    /** Resolves once the first sample is replayed (tests wait on it). */
    loaded,
    get state() {
      return s;
    },
    unmount() {
      chart.dispose();
      render(nothing, root);
    },
  };
}
