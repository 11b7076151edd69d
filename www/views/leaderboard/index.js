// @ts-check
// The Leaderboard view: mount/unmount. Reads the committed results (leaderboard.json, written by
// `tmlab leaderboard --json`), shows the table for one searcher and time control, and draws each
// manager's mean clock-share curve with the Rust plot code (UsageCanvas).

import { render, nothing } from 'lit-html';
import { games_for_precision, leaderboardRanks } from '../../pkg/tmlab.js';
// Drawn by the engine charts module (issue 24: the engine module draws nothing), asked through
// ui/engine-charts.js: the view never waits for it; the chart is drawn once it is in.
import { cancelEngineChart, drawEngineChart } from '../../ui/engine-charts.js';
import { calibrate, estimateOf } from '../../engine/cost.js';
import { DEFAULT_NPS } from '../../engine/defaults.js';
import { NO_COST } from '../../ui/cost-line.js';
import { typedError, messageOf } from '../../ui/typed-error.js';
import { chartCard } from '../../ui/chart-card.js';
import { perFrame } from '../../ui/frame.js';
import { initialState, update, curvesOf, groupsOf, rowsOf, LEADERBOARD_DEFAULTS } from './controller.js';
import { leaderboardTemplate } from './render.js';
import '../../ui/records.css';
import { appUrl } from '../../ui/app-url.js';

export { LEADERBOARD_PREFIX, LEADERBOARD_DEFAULTS } from './controller.js';

/**
 * Each entry's rank range, `[best, worst]`, from the crate (overlapping 95 % intervals tie),
 * keyed `engine tc manager`; an entry the crate cannot read gets none.
 * @param {any} doc leaderboard.json
 * @returns {Map<string, [number, number]>}
 */
function ranksOf(doc) {
  /** @type {Map<string, any[]>} */
  const groups = new Map();
  for (const run of Array.isArray(doc?.runs) ? doc.runs : []) {
    for (const e of Array.isArray(run?.results) ? run.results : []) {
      const k = `${e.engine} ${e.tc}`;
      groups.set(k, [...(groups.get(k) ?? []), e]);
    }
  }
  const out = new Map();
  for (const [k, entries] of groups) {
    try {
      const ranks = leaderboardRanks(entries);
      entries.forEach((e, i) => out.set(`${k} ${e.manager}`, ranks[i]));
    } catch {
      // Malformed entries: shown without a rank (the controller reports what it can).
    }
  }
  return out;
}

/**
 * @param {HTMLElement} root
 * @param {{state: Partial<typeof LEADERBOARD_DEFAULTS>, onChange: (s: typeof LEADERBOARD_DEFAULTS) => void}} ctx
 */
export function mountLeaderboard(root, ctx) {
  let s = initialState(ctx.state);
  const { section, figure, canvas, size } = chartCard({
    className: 'lb-chart',
    title: 'Share of the clock used, by move',
    blurb: 'The mean share of its clock each manager had used by each of its moves (moves reached by at least a quarter of the games). Hover a row of the table to bring its curve forward.',
    label: 'Share of the clock used by move number, one line per manager',
    id: 'lb-curves',
  });
  /** @type {InstanceType<import('../../ui/engine-charts.js').EngineCharts['UsageCanvas']> | null} */
  let chart = null;

  const drawChart = perFrame(() => {
    if (!curvesOf(s).length) return;
    drawEngineChart(canvas, (m) => {
      const curves = curvesOf(s);
      if (!curves.length) return;
      size();
      chart ??= new m.UsageCanvas(canvas);
      chart.draw(`${s.engine === 'ab' ? 'alpha-beta' : 'MCTS'} at ${s.tc}`, curves, s.highlight ?? undefined);
      canvas.dataset.curves = String(curves.length);
    });
  });
  // Planning a run of the shown gauntlet with more games (`tmlab leaderboard`, natively): its
  // cost from a calibration in this browser (the native CLI is somewhat faster than wasm).
  const plan = { games: 200, precision: 0, error: '', cost: NO_COST, key: '' };
  let planSeq = 0;
  function replan() {
    const g = groupsOf(s.doc).find((x) => x.engine === s.engine && x.tc === s.tc);
    if (!g) return;
    const managers = rowsOf(s).length;
    const key = `${g.engine} ${g.tc} ${plan.games} ${managers}`;
    if (key === plan.key) return;
    plan.key = key;
    const spec = JSON.stringify({ engine: g.engine, a: g.reference, b: g.reference, tc_a: g.tc, games: 2, clock: { mode: 'virtual', nps: DEFAULT_NPS } });
    const c = { spec, games: plan.games * managers, perPoint: plan.games, workers: 2, nps: DEFAULT_NPS };
    const seq = ++planSeq;
    plan.cost = { ...NO_COST, calibrating: true };
    calibrate(spec).then(
      (cal) => {
        if (seq !== planSeq) return;
        plan.cost = { ...NO_COST, estimate: estimateOf(c, cal) };
        paint();
      },
      (e) => {
        if (seq !== planSeq || e?.message === 'superseded') return;
        plan.cost = { ...NO_COST, error: typedError(e).message };
        paint();
      },
    );
  }
  const paint = () => {
    replan();
    render(leaderboardTemplate(s, handlers, section, plan), root);
    root.dataset.state = s.error ? 'error' : s.doc ? 'loaded' : 'loading';
    drawChart();
  };
  /** @type {import('./render.js').LeaderboardHandlers} */
  const handlers = {
    group(el) {
      if (!(el instanceof HTMLSelectElement)) return;
      const [engine, tc] = el.value.split(' ');
      s = update(s, { type: 'group', engine, tc });
      ctx.onChange({ engine: s.engine, tc: s.tc });
      paint();
    },
    planInput(key, el) {
      if (!(el instanceof HTMLInputElement)) return;
      const v = Number(el.value);
      if (el.value.trim() === '' || !Number.isFinite(v)) return;
      plan.error = '';
      if (key === 'precision') {
        plan.precision = v;
        if (v > 0) {
          try {
            plan.games = games_for_precision(v);
          } catch (e) {
            plan.error = typedError(e).message;
          }
        }
      } else {
        plan.games = Math.max(2, Math.round(v / 2) * 2);
        plan.precision = 0;
      }
      paint();
    },
    highlight(i) {
      s = update(s, { type: 'highlight', index: i });
      drawChart();
    },
  };
  const resize = new ResizeObserver(drawChart);
  resize.observe(figure);
  paint();
  const loaded = fetch(appUrl('leaderboard.json'))
    .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
    .then((doc) => {
      s = update(s, { type: 'loaded', doc, ranks: ranksOf(doc) });
    })
    .catch((e) => {
      s = update(s, { type: 'failed', error: `The leaderboard data could not be loaded (${messageOf(e)}).` });
    })
    .then(paint);
  return {
    loaded,
    get state() {
      return s;
    },
    get plan() {
      return plan;
    },
    unmount() {
      planSeq += 1;
      resize.disconnect();
      cancelEngineChart(canvas);
      chart?.free();
      render(nothing, root);
    },
  };
}
