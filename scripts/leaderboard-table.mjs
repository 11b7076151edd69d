// @ts-check
// The leaderboard tables in docs/experiments.md, from the committed data
// (www/public/leaderboard.json, written by scripts/leaderboard-data.sh) and the crate's rank
// ranges (leaderboardRanks: overlapping 95 % intervals tie): one table per searcher and control,
// best Elo first, with each run's cost; and the README's summary table of the alpha-beta runs.
// `node scripts/leaderboard-table.mjs` rewrites the text between the `leaderboard-tables` markers
// (docs/experiments.md) and the `leaderboard-summary` markers (README.md); `--check` only says
// whether they are up to date.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DOC = join(ROOT, 'docs', 'experiments.md');
export const DATA = join(ROOT, 'www', 'public', 'leaderboard.json');
const BEGIN = '<!-- leaderboard-tables:begin (scripts/leaderboard-table.mjs writes these tables) -->';
const END = '<!-- leaderboard-tables:end -->';

/** @param {any} e */
function elo(e) {
  if (e.elo == null) return e.wdl[0] === e.games ? '+∞ (won every game)' : e.wdl[1] === e.games ? '−∞ (lost every game)' : '–';
  const sign = e.elo >= 0 ? '+' : '−';
  return `${sign}${Math.abs(Math.round(e.elo))} ± ${Math.round(e.elo_error ?? 0)}`;
}
const pct = (/** @type {number|null} */ x) => (x == null ? '–' : `${(100 * x).toFixed(1)} %`);

/**
 * The tables' Markdown.
 * @param {any} data leaderboard.json
 * @param {(entries: any[]) => [number, number][]} ranks the crate's rank ranges of one gauntlet
 */
export function tables(data, ranks) {
  const out = [];
  for (const run of data.runs) {
    const entries = run.results;
    const r = ranks(entries);
    const order = entries.map((/** @type {unknown} */ e, /** @type {number} */ i) => i).sort((/** @type {number} */ a, /** @type {number} */ b) => (entries[b].elo ?? -Infinity) - (entries[a].elo ?? -Infinity));
    const e0 = entries[0];
    const cost = run.wall_s == null ? '' : `; ${Math.round(run.wall_s)} s of wall clock on ${run.cores} cores`;
    out.push(`\`${run.command}\` (${run.clock}${cost}):`, '');
    out.push(`| rank | manager (${e0.engine} vs ${e0.reference}, ${e0.tc}, ${e0.games} games) | Elo | W-L-D | clock used by move 20 | by move 40 | used / soft | time left | timeouts |`);
    out.push('|---|---|---|---|---|---|---|---|---|');
    for (const i of order) {
      const e = entries[i];
      const [best, worst] = r[i];
      out.push(`| ${best === worst ? best : `${best}–${worst}`} | ${e.manager}${e.manager === e.reference ? ' (self-play)' : ''} | ${elo(e)} | ${e.wdl.join('-')} | ${pct(e.share_by_20)} | ${pct(e.share_by_40)} | ${e.used_over_allocated == null ? '–' : e.used_over_allocated.toFixed(2)} | ${e.time_left_ms == null ? '–' : `${(e.time_left_ms / 1000).toFixed(2)} s`} | ${e.timeouts} |`);
    }
    out.push('');
  }
  return out.join('\n').trimEnd();
}

/**
 * The README's table: every manager of the alpha-beta runs, one column per control (rank range,
 * Elo ± 95 %), ordered by the last control's Elo.
 * @param {any} data leaderboard.json
 * @param {(entries: any[]) => [number, number][]} ranks the crate's rank ranges of one gauntlet
 */
export function readmeTable(data, ranks) {
  const runs = data.runs.filter((/** @type {any} */ r) => r.results[0]?.engine === 'ab');
  const cells = runs.map((/** @type {any} */ run) => {
    const r = ranks(run.results);
    return new Map(run.results.map((/** @type {any} */ e, /** @type {number} */ i) => [e.manager, `${r[i][0] === r[i][1] ? r[i][0] : `${r[i][0]}–${r[i][1]}`}: ${elo(e)}`]));
  });
  const last = runs[runs.length - 1].results;
  const order = [...last].sort((a, b) => (b.elo ?? -Infinity) - (a.elo ?? -Infinity)).map((e) => e.manager);
  const head = runs.map((/** @type {any} */ run) => `${run.results[0].tc}, ${run.results[0].games} games`);
  return [
    `| manager (alpha-beta vs \`${last[0].reference}\`) | ${head.join(' | ')} |`,
    `|---|${head.map(() => '---|').join('')}`,
    ...order.map((m) => `| ${m} | ${cells.map((/** @type {Map<string, string>} */ c) => c.get(m) ?? '–').join(' | ')} |`),
  ].join('\n');
}

/** The document with the text between the markers `begin` … `end` replaced. */
export function rewrite(/** @type {string} */ doc, /** @type {string} */ body, begin = BEGIN, end = END) {
  const a = doc.indexOf(begin);
  const b = doc.indexOf(end);
  if (a < 0 || b < a) throw new Error(`the document lacks the ${begin} … ${end} markers`);
  return `${doc.slice(0, a + begin.length)}\n${body}\n${doc.slice(b)}`;
}

export const README = join(ROOT, 'README.md');
export const README_BEGIN = '<!-- leaderboard-summary:begin (scripts/leaderboard-table.mjs writes this table) -->';
export const README_END = '<!-- leaderboard-summary:end -->';

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tmlab = await import('../www/pkg/tmlab.js');
  tmlab.initSync({ module: readFileSync(join(ROOT, 'www', 'pkg', 'tmlab_bg.wasm')) });
  const data = JSON.parse(readFileSync(DATA, 'utf8'));
  const files = [
    [DOC, rewrite(readFileSync(DOC, 'utf8'), tables(data, tmlab.leaderboardRanks))],
    [README, rewrite(readFileSync(README, 'utf8'), readmeTable(data, tmlab.leaderboardRanks), README_BEGIN, README_END)],
  ];
  for (const [file, next] of files) {
    if (process.argv.includes('--check')) {
      if (next !== readFileSync(file, 'utf8')) {
        console.error(`${file}: the leaderboard tables are out of date: run node scripts/leaderboard-table.mjs`);
        process.exit(1);
      }
    } else {
      writeFileSync(file, next);
      console.log(`${file}: leaderboard tables written`);
    }
  }
}
