// @ts-check
// The Replay view: mount/unmount. A PGN with clocks (pasted, uploaded or a shipped sample) is
// replayed by the crate against the chosen managers in a worker (www/replay-worker.js: the
// crate's ReplaySession, game by game with progress), so a large upload never freezes the page;
// the crate caps the size (replay_check_size) with a message naming the limit. The summary and
// the moves come from the controller's selectors, the chart is the Match view's game chart (Rust
// plot code) showing the chosen manager's soft/hard limits against the time actually used, with
// both clocks.

import { render, nothing } from 'lit-html';
import { replay_check_size } from '../../pkg/tmlab.js';
import { createGameChart } from '../../ui/game-chart.js';
import { initialState, update, specsOf, chartRecordOf, gameOf, sampleOf, REPLAY_DEFAULTS } from './controller.js';
import { appUrl } from '../../ui/app-url.js';
import { replayWorker } from '../../engine/replay-client.js';
import { replayTemplate } from './render.js';
import '../../ui/records.css';
import { messageOf } from '../../ui/typed-error.js';

export { REPLAY_PREFIX, REPLAY_DEFAULTS, SAMPLES } from './controller.js';

/**
 * @param {HTMLElement} root
 * @param {{state: Partial<typeof REPLAY_DEFAULTS>, onChange: (s: typeof REPLAY_DEFAULTS) => void}} ctx
 */
export function mountReplay(root, ctx) {
  let s = initialState(ctx.state);
  let sample = ctx.state.sample ?? REPLAY_DEFAULTS.sample;
  /** @type {{record: import('../../ui/crate-types.js').ChartRecord} | null} */
  let summary = null;
  const worker = replayWorker();
  const chart = createGameChart(() => ({ summary, index: s.game, finished: summary ? 1 : 0 }), {
    title: 'Time used against the manager’s limits',
    blurb:
      'Bars: the time each side actually used per move (White left, Black right of the move number); ▬ the chosen manager’s soft budget and × its hard limit at that clock; lines: both clocks (right axis).',
  });

  const save = () => ctx.onChange({ tm: s.tm, sample });
  /** The chart records asked of the worker (`game:manager`), each asked once per replay. */
  let asked = new Set();
  let generation = 0;
  const paint = () => {
    const g = gameOf(s);
    const rec = chartRecordOf(s);
    if (s.result && !rec && !asked.has(`${s.game}:${s.manager}`)) {
      const [game, manager] = [s.game, s.manager];
      asked.add(`${game}:${manager}`);
      const gen = generation;
      worker.chart(game, manager).then((record) => {
        if (record && gen === generation) {
          s = update(s, { type: 'chart', game, manager, record });
          paint();
        }
      });
    }
    // The chart reads a match summary: the record, plus the result for its caption.
    summary = rec && g ? { record: { ...rec, outcome: { result: g.result, reason: g.game.event } } } : null;
    render(replayTemplate(s, handlers, chart.element), root);
    chart.draw();
    root.dataset.games = String(s.result?.replay.games.length ?? 0);
    root.dataset.state = s.progress ? 'replaying' : s.error ? 'error' : s.result ? 'replayed' : 'empty';
  };
  /** Replays the current PGN in the worker; settles when it is replayed, refused or replaced. */
  const run = async () => {
    if (!s.pgn.trim()) {
      s = update(s, { type: 'failed', error: { path: 'pgn', message: 'Paste a PGN, upload one, or load a sample.', allowed: '' } });
      paint();
      return;
    }
    s = update(s, { type: 'replaying' });
    paint();
    const m = await worker.replay(s.pgn, specsOf(s), (p) => {
      s = update(s, { type: 'progress', replayed: p.replayed, total: p.total });
      paint();
    });
    if (m.type === 'replaced') return;
    asked = new Set();
    generation += 1;
    if (m.type === 'done') s = update(s, { type: 'replayed', result: m.result });
    else if (m.type === 'error') s = update(s, { type: 'failed', error: m.error });
    else s = update(s, { type: 'failed', error: { path: 'pgn', message: `The replay failed (${m.message}); try again, or split the PGN.`, allowed: '' } });
    paint();
  };
  /** Loads and replays the sample `key` (one of SAMPLES). @param {string} key */
  async function loadSample(key) {
    const entry = sampleOf(key);
    const url = appUrl(`replay/${entry.file}`);
    try {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      sample = key;
      save();
      s = update(s, { type: 'pgn', pgn: await res.text(), source: `(sample: ${entry.label})` });
    } catch (e) {
      s = update(s, { type: 'failed', error: { path: 'pgn', message: `The sample ${entry.file} could not be loaded (${messageOf(e)}).`, allowed: '' } });
      paint();
      return;
    }
    await run();
  }
  /** @type {import('./render.js').ReplayHandlers} */
  const handlers = {
    tm(el) {
      if (!(el instanceof HTMLInputElement)) return;
      s = update(s, { type: 'tm', tm: el.value });
      save();
      run();
    },
    pgn(el) {
      if (!(el instanceof HTMLTextAreaElement)) return;
      s = update(s, { type: 'pgn', pgn: el.value, source: '(pasted)' });
      run();
    },
    file(el) {
      if (!(el instanceof HTMLInputElement)) return;
      const f = el.files?.[0];
      if (!f) return;
      // The crate's size rule, before the file is read.
      try {
        replay_check_size(f.size);
      } catch (e) {
        s = update(s, { type: 'failed', error: e });
        paint();
        return;
      }
      f.text().then((text) => {
        s = update(s, { type: 'pgn', pgn: text, source: `(${f.name})` });
        run();
      });
    },
    sample: (key) => loadSample(key),
    game(el) {
      if (!(el instanceof HTMLSelectElement)) return;
      s = update(s, { type: 'game', game: Number(el.value) });
      paint();
    },
    manager(el) {
      if (!(el instanceof HTMLSelectElement)) return;
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
      worker.dispose();
      chart.dispose();
      render(nothing, root);
    },
  };
}
