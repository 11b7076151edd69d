// @ts-check
// The figures of `npm run bench`: from the raw reports (tmlab bench --json natively, the
// worker's tmlab-bench answer) to one row per figure and side, the checks that every figure was
// produced and the node counts agree, and the table.

/**
 * The median; a missing figure (null, undefined) counts as arithmetic counts it (`Number()`).
 * @template {number | null | undefined} T
 * @param {T[]} xs
 * @returns {T | number}
 */
const median = (xs) => {
  const s = [...xs].sort((a, b) => Number(a) - Number(b));
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (Number(s[m - 1]) + Number(s[m])) / 2;
};

/**
 * The MCTS bench's report (natively `tmlab bench --json`'s `mcts`, in the worker the same).
 * @typedef {{total_playouts: number, playouts_per_s: number,
 *   positions: {name: string, playouts: number, tree_nodes: number, best_move: string, bytes_per_node: number}[]}} MctsReport
 */
/**
 * `tmlab bench --json` (native) and the worker's `tmlab-bench` answer, the fields read here;
 * `cpu`: CPU seconds of the measuring thread per bench (scripts/bench/cpu.mjs).
 * @typedef {{total_nodes: number, nps: number, perft?: {leaves: number, leaves_per_s: number},
 *   mcts?: MctsReport, cpu?: {[bench: string]: number}}} NativeReport
 * @typedef {{alphabeta?: {total_nodes: number, nps: number}, perft?: {leaves: number, leaves_per_s: number},
 *   mcts?: MctsReport, cpu?: {[bench: string]: number}}} WorkerReport
 * @typedef {{side: string, native: NativeReport, worker: WorkerReport}} RoundReport
 * @typedef {{limit_ms: number, p50_ms: number, p99_ms: number, max_ms: number}} Overshoot
 * @typedef {{native: {overshoot: Overshoot[]}, worker: {overshoot: Overshoot[]}}} OvershootReport
 * @typedef {{native: number | null | undefined, worker: number | null | undefined}} RoundPair
 * @typedef {{curveBytes: number, curveRequests: number, playBytes: number, playRequests: number,
 *   firstChartDesktop: number, firstChartThrottled: number}} EmbedFigures
 */

/**
 * A figure of one side. `speed`: higher is better, and ratios are shown; `count`: must agree
 * natively and in the worker (node counts), shown as is; `ms` and `bytes`: shown as is.
 * @typedef {{name: string, unit: string, kind: 'speed' | 'count' | 'ms' | 'bytes', native: number | null | undefined, worker: number | null | undefined, browserOnly?: boolean, perRound?: RoundPair[]}} Row
 */

/** The MCTS bench's outcome per position (what must agree natively and in the worker). */
const mctsOutcome = (/** @type {MctsReport | undefined} */ m) => (m ? m.positions.map((p) => `${p.name}:${p.playouts}:${p.tree_nodes}:${p.best_move}`).join(' ') : null);

/**
 * One side's figures.
 * @param {import('./side.mjs').Side} side
 * @param {RoundReport[][]} rounds
 * @param {OvershootReport | undefined} overshoot
 * @param {EmbedFigures | undefined} embeds
 *   the embeds' figures (scripts/bench/embeds.mjs), measured in the browser only
 */
export function collect(side, rounds, overshoot, embeds) {
  const mine = rounds.map((round) => /** @type {RoundReport} */ (round.find((r) => r.side === side.label)));
  /** @type {Row[]} */
  const rows = [];
  /** @type {Speed} */
  const speed = (name, unit, native, worker) => {
    const perRound = mine.map((r) => ({ native: native(r.native), worker: worker(r.worker) }));
    rows.push({ name, unit, kind: 'speed', native: median(perRound.map((p) => p.native)), worker: median(perRound.map((p) => p.worker)), perRound });
  };
  const first = mine[0];
  if (first) searchRows(rows, mine, first, speed, overshoot);
  return finish(side, rows, mine, first, embeds);
}

/**
 * @callback Speed adds a speed row: its figure per round natively and in the worker
 * @param {string} name
 * @param {string} unit
 * @param {(report: NativeReport) => number | null | undefined} native
 * @param {(report: WorkerReport) => number | null | undefined} worker
 * @returns {void}
 */

/**
 * The search benches' rows (absent with --embeds-only).
 * @param {Row[]} rows
 * @param {RoundReport[]} mine
 * @param {RoundReport} first
 * @param {Speed} speed
 * @param {OvershootReport | undefined} overshoot
 */
function searchRows(rows, mine, first, speed, overshoot) {
  // Speeds per CPU second of the measuring thread (the honest figure on a shared machine, see
  // scripts/bench/cpu.mjs) and, for reference, per wall-clock second as each bench timed itself.
  /**
   * @template {NativeReport | WorkerReport} R
   * @param {(report: R) => number | undefined} count
   * @param {string} key
   * @returns {(report: R) => number | null}
   */
  const perCpu = (count, key) => (report) => {
    const c = count(report);
    const s = report.cpu?.[key];
    return typeof c === 'number' && typeof s === 'number' && s > 0 ? c / s : null;
  };
  const abNodes = (/** @type {WorkerReport} */ w) => w.alphabeta?.total_nodes;
  rows.push({ name: 'alpha-beta nodes', unit: 'nodes', kind: 'count', native: first.native.total_nodes, worker: abNodes(first.worker) ?? null });
  speed('alpha-beta speed (CPU)', 'nodes/s', perCpu((/** @type {NativeReport} */ n) => n.total_nodes, 'alphabeta'), perCpu(abNodes, 'alphabeta'));
  speed('alpha-beta speed (wall)', 'nodes/s', (n) => n.nps, (w) => w.alphabeta?.nps);
  rows.push({ name: 'perft leaves', unit: 'leaves', kind: 'count', native: first.native.perft?.leaves ?? null, worker: first.worker.perft?.leaves ?? null });
  speed('perft speed (CPU)', 'leaves/s', perCpu((/** @type {NativeReport} */ n) => n.perft?.leaves, 'perft'), perCpu((/** @type {WorkerReport} */ w) => w.perft?.leaves, 'perft'));
  speed('perft speed (wall)', 'leaves/s', (n) => n.perft?.leaves_per_s, (w) => w.perft?.leaves_per_s);
  rows.push({ name: 'MCTS playouts', unit: 'playouts', kind: 'count', native: first.native.mcts?.total_playouts ?? null, worker: first.worker.mcts?.total_playouts ?? null });
  speed('MCTS speed (CPU)', 'playouts/s', perCpu((/** @type {NativeReport} */ n) => n.mcts?.total_playouts, 'mcts'), perCpu((/** @type {WorkerReport} */ w) => w.mcts?.total_playouts, 'mcts'));
  speed('MCTS speed (wall)', 'playouts/s', (n) => n.mcts?.playouts_per_s, (w) => w.mcts?.playouts_per_s);
  const bpn = (/** @type {MctsReport | undefined} */ m) => (m ? Math.max(...m.positions.map((p) => p.bytes_per_node)) : null);
  rows.push({ name: 'MCTS bytes per node (max)', unit: 'bytes', kind: 'bytes', native: bpn(first.native.mcts), worker: bpn(first.worker.mcts) });
  for (const limit of overshoot ? overshoot.worker.overshoot.map((o) => o.limit_ms) : []) {
    if (!overshoot) break;
    const n = overshoot.native.overshoot.find((o) => o.limit_ms === limit);
    const w = overshoot.worker.overshoot.find((o) => o.limit_ms === limit);
    for (const q of ['p50', 'p99', 'max']) {
      const key = /** @type {'p50_ms' | 'p99_ms' | 'max_ms'} */ (`${q}_ms`);
      rows.push({ name: `overshoot ${limit} ms ${q}`, unit: 'ms', kind: 'ms', native: n?.[key] ?? null, worker: w?.[key] ?? null });
    }
  }
}

/**
 * The wasm sizes and the embeds' rows, and what must agree.
 * @param {import('./side.mjs').Side} side
 * @param {Row[]} rows
 * @param {RoundReport[]} mine
 * @param {RoundReport | undefined} first
 * @param {EmbedFigures | undefined} embeds
 */
function finish(side, rows, mine, first, embeds) {
  for (const m of side.wasmSizes()) {
    rows.push({ name: `wasm ${m.module} raw`, unit: 'bytes', kind: 'bytes', native: null, worker: m.raw });
    rows.push({ name: `wasm ${m.module} gzip -9`, unit: 'bytes', kind: 'bytes', native: null, worker: m.gzip });
    rows.push({ name: `wasm ${m.module} brotli`, unit: 'bytes', kind: 'bytes', native: null, worker: m.brotli });
  }
  // The embeds (browser only, in the wkr column): a page with one <tm-curve>, the Curves view cold.
  if (embeds) {
    rows.push({ name: 'one <tm-curve> page sent', unit: 'bytes', kind: 'bytes', browserOnly: true, native: null, worker: embeds.curveBytes });
    rows.push({ name: 'one <tm-curve> requests', unit: 'requests', kind: 'bytes', browserOnly: true, native: null, worker: embeds.curveRequests });
    rows.push({ name: 'Play embed (compact) sent', unit: 'bytes', kind: 'bytes', browserOnly: true, native: null, worker: embeds.playBytes });
    rows.push({ name: 'Play embed (compact) reqs', unit: 'requests', kind: 'bytes', browserOnly: true, native: null, worker: embeds.playRequests });
    rows.push({ name: 'Curves 1st chart, desktop', unit: 'ms', kind: 'ms', browserOnly: true, native: null, worker: embeds.firstChartDesktop });
    rows.push({ name: 'Curves 1st chart, 10Mb/150', unit: 'ms', kind: 'ms', browserOnly: true, native: null, worker: embeds.firstChartThrottled });
  }
  // What must agree, round by round: the search's node count and the MCTS outcome.
  if (!first) return { label: side.label, rows, agree: { alphabeta: true, mcts: true }, nodesPerRound: [] };
  const agree = {
    alphabeta: mine.every((r) => r.native.total_nodes === first.native.total_nodes && r.worker.alphabeta?.total_nodes === first.native.total_nodes),
    mcts: mine.every((r) => mctsOutcome(r.native.mcts) === mctsOutcome(first.native.mcts) && mctsOutcome(r.worker.mcts) === mctsOutcome(first.native.mcts)),
  };
  return { label: side.label, rows, agree, nodesPerRound: mine.map((r) => [r.native.total_nodes, r.worker.alphabeta?.total_nodes]) };
}

/** @typedef {ReturnType<typeof collect>} Figures one side's figures */

/**
 * What is missing or disagrees, as sentences (empty: all is well).
 * @param {Figures[]} figures
 * @param {{overshoot: unknown[]}} method
 */
export function check(figures, method) {
  /** @type {string[]} */
  const problems = [];
  for (const f of figures) {
    for (const row of f.rows) {
      for (const where of /** @type {const} */ (['native', 'worker'])) {
        const v = row[where];
        if (where === 'native' && (row.browserOnly || (row.kind === 'bytes' && row.name.startsWith('wasm ')))) continue;
        const ok = typeof v === 'number' && Number.isFinite(v) && (row.kind === 'ms' ? v >= 0 : v > 0);
        if (!ok) problems.push(`${f.label}: ${row.name} (${where}) was not produced (${v})`);
      }
      if (row.kind === 'count' && row.native !== row.worker) problems.push(`${f.label}: ${row.name} differ: native ${row.native}, worker ${row.worker}`);
    }
    if (!f.agree.alphabeta) problems.push(`${f.label}: alpha-beta node counts differ between rounds or sides: ${JSON.stringify(f.nodesPerRound)}`);
    if (!f.agree.mcts) problems.push(`${f.label}: the MCTS bench's tree sizes or moves differ natively and in the worker`);
    if (!f.rows.some((r) => r.name.startsWith('wasm '))) problems.push(`${f.label}: no .wasm module found in the build`);
    if (!f.rows.some((r) => r.browserOnly)) problems.push(`${f.label}: no embed figures (transfer, first chart)`);
    if (method.overshoot.length && !f.rows.some((r) => r.name.startsWith('overshoot '))) problems.push(`${f.label}: no overshoot figures`);
  }
  return problems;
}

/** @param {Row} row @param {unknown} v */
const fmt = (row, v) => {
  if (v === null || v === undefined) return '';
  if (typeof v !== 'number' || !Number.isFinite(v)) return String(v);
  if (row.kind === 'ms') return v.toFixed(3);
  if (row.kind === 'speed') return v >= 1e6 ? `${(v / 1e6).toFixed(2)} M` : v >= 1e3 ? `${(v / 1e3).toFixed(1)} k` : v.toFixed(0);
  if (row.kind === 'bytes' && v >= 1e4) return `${(v / 1e3).toFixed(1)} kB`;
  return Number.isInteger(v) ? String(v) : v.toFixed(1);
};
/** @param {unknown} a @param {unknown} b */
const ratio = (a, b) => (typeof a === 'number' && typeof b === 'number' && b > 0 ? (a / b).toFixed(3) : '');

/**
 * This side's speed over another's: the median over the rounds of the two sides' ratio in that
 * round. The two measurements of a round run minutes apart at most, so a slow phase of a shared
 * machine lands on both; a ratio of medians would mix rounds measured in different phases.
 */
/**
 * @param {Row} mine
 * @param {Row} other
 * @param {'native' | 'worker'} where
 */
function pairedRatio(mine, other, where) {
  const ours = mine.perRound ?? [];
  const theirs = other.perRound ?? [];
  const n = Math.min(ours.length, theirs.length);
  const rs = [];
  for (let i = 0; i < n; i++) rs.push(Number(ours[i][where]) / Number(theirs[i][where]));
  return rs.every(Number.isFinite) && n ? median(rs).toFixed(3) : '';
}

/**
 * The p-quantile of xs (linear interpolation between order statistics).
 * @param {number[]} xs
 * @param {number} p
 */
export function quantile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (s.length - 1) * p;
  const lo = Math.floor(at);
  return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (at - lo);
}

/**
 * "median [min–max] IQR q1–q3" of some ratios ('' if any is not a number).
 * @param {number[]} rs
 */
export function spreadText(rs) {
  if (!rs.length || !rs.every(Number.isFinite)) return '';
  const f = (/** @type {number} */ x) => x.toFixed(3);
  return `median ${f(median(rs))} [${f(Math.min(...rs))}–${f(Math.max(...rs))}] IQR ${f(quantile(rs, 0.25))}–${f(quantile(rs, 0.75))}`;
}

/** Worker over native: the median over the rounds of that round's ratio (measured back to back). */
const roundRatio = (/** @type {Row} */ row) => {
  const rs = (row.perRound ?? []).map((p) => Number(p.worker) / Number(p.native));
  return rs.every(Number.isFinite) ? median(rs).toFixed(3) : '';
};

/** Prints one table: per side native, worker and worker/native; then this tree ÷ each other side. */
/** @param {Figures[]} figures */
export function printTable(figures) {
  const others = figures.slice(1);
  const w = 11;
  const cells = (/** @type {unknown[]} */ xs) => xs.map((x) => String(x).padStart(w)).join(' ');
  const header = [];
  for (const f of figures) header.push(`${f.label} nat`, `${f.label} wkr`, 'wkr/nat');
  for (const o of others) header.push(`nat ÷${o.label}`.slice(0, w), `wkr ÷${o.label}`.slice(0, w));
  if (others.length) console.log(`\n÷REV: this tree's figure over REV's (for speeds the median over the rounds of the two revisions' ratio in that round)`);
  console.log(`\n${'figure'.padEnd(27)} ${'unit'.padEnd(10)} ${cells(header)}`);
  // Every figure of any side, in order (another revision may build other wasm modules).
  const names = [...new Set(figures.flatMap((f) => f.rows.map((r) => r.name)))];
  for (const name of names) {
    const twins = figures.map((f) => f.rows.find((r) => r.name === name));
    const row = /** @type {Row} */ (twins.find(Boolean));
    const line = [];
    for (const t of twins) {
      line.push(fmt(row, t?.native), fmt(row, t?.worker), t && t.kind === 'speed' ? roundRatio(t) : '');
    }
    const mine = twins[0];
    for (const t of twins.slice(1)) {
      if (!mine || !t) line.push('', '');
      else if (row.kind === 'speed') line.push(pairedRatio(mine, t, 'native'), pairedRatio(mine, t, 'worker'));
      else if (row.kind === 'bytes') line.push(ratio(mine.native, t.native), ratio(mine.worker, t.worker));
      else if (row.kind === 'count') line.push(mine.native === t.native ? 'same' : 'differs', mine.worker === t.worker ? 'same' : 'differs');
      else line.push('', '');
    }
    console.log(`${row.name.padEnd(27)} ${row.unit.padEnd(10)} ${cells(line)}`);
  }
  console.log('\nworker/native per round, then their median [min–max] and interquartile range (wkr/nat above is the median):');
  for (const f of figures) {
    for (const row of f.rows) {
      if (!row.perRound) continue;
      const rs = row.perRound.map((p) => Number(p.worker) / Number(p.native));
      const line = row.perRound.map((p) => ratio(p.worker, p.native)).join(' ');
      console.log(`  ${f.label.padEnd(9)} ${row.name.padEnd(24)} ${line}   ${spreadText(rs)}`);
    }
  }
  for (const o of others) {
    console.log(`\n${figures[0].label} over ${o.label} per round (native; worker), median [min–max] IQR:`);
    for (const row of figures[0].rows) {
      const mine = row.perRound;
      if (!mine) continue;
      const theirs = o.rows.find((r) => r.name === row.name)?.perRound;
      if (!theirs) continue;
      /** @param {'native' | 'worker'} where */
      const per = (where) => mine.map((p, i) => Number(p[where]) / Number(theirs[i]?.[where]));
      console.log(`  ${row.name.padEnd(24)} native ${spreadText(per('native'))}; worker ${spreadText(per('worker'))}`);
    }
  }
}
