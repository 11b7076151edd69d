// @ts-check
// The leaderboard tables in docs/experiments.md, from the committed data
// (www/public/leaderboard.json, written by scripts/leaderboard-data.sh) and the crate's rank
// ranges (leaderboardRanks: overlapping 95 % intervals tie): one table per searcher and control,
// best Elo first, with each run's cost. `node scripts/leaderboard-table.mjs` rewrites the text
// between the `leaderboard-tables` markers; `--check` only says whether it is up to date.
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
    const order = entries.map((e, i) => i).sort((a, b) => (entries[b].elo ?? -Infinity) - (entries[a].elo ?? -Infinity));
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

/** The document with the tables between the markers replaced. */
export function rewrite(/** @type {string} */ doc, /** @type {string} */ body) {
  const a = doc.indexOf(BEGIN);
  const b = doc.indexOf(END);
  if (a < 0 || b < a) throw new Error(`docs/experiments.md lacks the ${BEGIN} … ${END} markers`);
  return `${doc.slice(0, a + BEGIN.length)}\n${body}\n${doc.slice(b)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tmlab = await import('../www/pkg/tmlab.js');
  tmlab.initSync({ module: readFileSync(join(ROOT, 'www', 'pkg', 'tmlab_bg.wasm')) });
  const doc = readFileSync(DOC, 'utf8');
  const next = rewrite(doc, tables(JSON.parse(readFileSync(DATA, 'utf8')), tmlab.leaderboardRanks));
  if (process.argv.includes('--check')) {
    if (next !== doc) {
      console.error('docs/experiments.md: the leaderboard tables are out of date: run node scripts/leaderboard-table.mjs');
      process.exit(1);
    }
  } else {
    writeFileSync(DOC, next);
    console.log('docs/experiments.md: leaderboard tables written');
  }
}
