// @ts-check
// The strength levels' table in docs/play.md, from the crate's levels (play_levels, through the
// built wasm) and the ladder's match reports (docs/experiments/strength-ladder/*.json, written
// by scripts/strength-ladder.sh): one row per level with its caps and, from level 2 on, the
// match against the level below. `node scripts/strength-table.mjs` rewrites the table between
// the `levels-table` markers; `--check` only says whether it is up to date (exit 1 if not).
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DOC = join(ROOT, 'docs', 'play.md');
export const LADDER = join(ROOT, 'docs', 'experiments', 'strength-ladder');
const BEGIN = '<!-- levels-table:begin (scripts/strength-table.mjs writes this table) -->';
const END = '<!-- levels-table:end -->';

/** `+123 ± 45` (Elo), `+∞` when one side scored every point. */
/** @param {{elo: number | null, elo_error: number, score: number} | null | undefined} e */
function elo(e) {
  if (!e) return '–';
  if (e.elo == null || !Number.isFinite(e.elo)) return e.score >= 0.5 ? '+∞ (every point)' : '−∞';
  const sign = e.elo >= 0 ? '+' : '−';
  return `${sign}${Math.abs(e.elo).toFixed(0)} ± ${e.elo_error.toFixed(0)}`;
}

/** The match report of level `k + 1` against level `k`, or null. */
/** @param {number} k */
export function ladderReport(k) {
  const f = join(LADDER, `level-${k + 1}-vs-${k}.json`);
  return existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) : null;
}

/**
 * The table's Markdown.
 * @param {{level: number, name: string, ab_nps: number|null, mcts_pps: number|null}[]} levels
 * @param {(k: number) => any} report the match of level k+1 against level k
 */
export function table(levels, report) {
  const rows = [
    '| level | alpha-beta cap | MCTS cap | time control | against the level below | score | Elo step | LOS | clock used by move 20 | used ÷ base soft | timeouts |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  let settings = null;
  for (const l of levels) {
    const cap = (/** @type {number | null} */ n, /** @type {string} */ unit) => (n == null ? 'none (the machine’s speed)' : `${n.toLocaleString('en')} ${unit}/s`);
    const r = l.level > 1 ? report(l.level - 1) : null;
    let cells = ['–', '–', '–', '–', '–', '–', '–', '–'];
    if (r) {
      const b = r.report.block;
      const w = b.wdl;
      if (r.level_a !== l.level || r.level_b !== l.level - 1) throw new Error(`level ${l.level}: the report is of ${r.level_a} vs ${r.level_b}`);
      const games = w.wins + w.losses + w.draws;
      const pct = (/** @type {number | null} */ x) => (x == null ? '–' : `${(100 * x).toFixed(0)} %`);
      const two = (/** @type {number | null} */ x) => (x == null ? '–' : x.toFixed(2));
      const { a, b: lower } = r.report;
      cells = [
        r.tc_a,
        `+${w.wins} −${w.losses} =${w.draws} (${games} games)`,
        `${((100 * (w.wins + w.draws / 2)) / games).toFixed(1)} %`,
        elo(b.estimate),
        b.estimate ? `${(100 * b.estimate.los).toFixed(1)} %` : '–',
        `${pct(a.share_by_20)} / ${pct(lower.share_by_20)}`,
        `${two(a.used_over_allocated)} / ${two(lower.used_over_allocated)}`,
        `${a.timeouts} / ${lower.timeouts}`,
      ];
      const s = `${r.engine} ${r.a} vs ${r.b}, virtual clock ${r.clock.nps.toLocaleString('en')} nodes/s`;
      if (settings && settings !== s) throw new Error(`the ladder's matches differ: ${settings} / ${s}`);
      settings = s;
    }
    rows.push(`| ${l.level} (${l.name}) | ${cap(l.ab_nps, 'nodes')} | ${cap(l.mcts_pps, 'playouts')} | ${cells.join(' | ')} |`);
  }
  const note = settings
    ? `Matches: ${settings}, from the builtin openings in colour-reversed pairs, adjudicated as fastchess does (\`--resign 3,600 --draw 40,8,10 --maxmoves 150\`); score, Elo ± its 95 % interval (from the pentanomial) and LOS are this level's against the one below, as \`tmlab match\` prints them; the last three columns give this level / the one below: the mean share of the clock used by move 20, the mean time used ÷ the move's base soft budget, and games lost on time.`
    : 'No ladder matches recorded yet: run `bash scripts/strength-ladder.sh`.';
  return `${rows.join('\n')}\n\n${note}`;
}

/** The doc with its table rewritten. */
/** @param {string} doc @param {string} body */
export function rewrite(doc, body) {
  const a = doc.indexOf(BEGIN);
  const b = doc.indexOf(END);
  if (a < 0 || b < a) throw new Error(`docs/play.md lacks the markers ${BEGIN} … ${END}`);
  return `${doc.slice(0, a + BEGIN.length)}\n${body}\n${doc.slice(b)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tmlab = await import('../www/pkg/tmlab.js');
  tmlab.initSync({ module: readFileSync(join(ROOT, 'www', 'pkg', 'tmlab_bg.wasm')) });
  const doc = readFileSync(DOC, 'utf8');
  const next = rewrite(doc, table(tmlab.play_levels(), ladderReport));
  if (process.argv.includes('--check')) {
    if (next !== doc) {
      console.error('docs/play.md: the levels table is out of date: run node scripts/strength-table.mjs');
      process.exit(1);
    }
  } else {
    writeFileSync(DOC, next);
    console.log('docs/play.md: levels table written');
  }
}
