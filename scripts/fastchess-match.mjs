// @ts-check
// A match between two of tmlab's time managers under the real fastchess, as its users run it,
// summarised with the numbers issue 29's closing note asks for: Elo, flags, and each side's
// time used ÷ its manager's soft budget. Not part of npm test (CI has no fastchess); it builds
// nothing and downloads nothing: bring a fastchess binary.
//
//   node scripts/fastchess-match.mjs --fastchess /path/to/fastchess [--tmlab target/release/tmlab]
//        [--a stockfish] [--b lc0-legacy] [--tc 2+0.02] [--games 40] [--concurrency 1]
//        [--out DIR] [--summary-only] [-- extra fastchess arguments]
//
// --summary-only summarises an earlier run's DIR (its fastchess.log and games.pgn) again.
//
// - Both engines are `tmlab` with only `option.TimeManager` set (no other option changes: each
//   manager plays with its own overhead), `proto=uci`, fastchess's default `timemargin` (0),
//   `-pgnout … timeleft=true latency=true`, openings from crate/data/openings.txt (a PGN book,
//   random order, each opening played with both colours).
// - Elo ± 95 % from fastchess's own result block; flags = games ended by `loses on time`.
// - used ÷ soft per side: `tmlab replay` of the PGN (the recorded clocks, `tl=` included)
//   recomputes each manager's soft budget at every move; the ratio is Σ used ÷ Σ soft over every
//   move of the side that manager played, with the median of the per-move ratios.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const argv = process.argv.slice(2);
const dash = argv.indexOf('--');
const extra = dash >= 0 ? argv.slice(dash + 1) : [];
const args = dash >= 0 ? argv.slice(0, dash) : argv;
/**
 * A command-line value: the word after `name`, or `def`.
 * @template {string | number | null} T
 * @param {string} name
 * @param {T} def
 * @returns {string | T}
 */
const arg = (name, def) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : def;
};
const root = resolve(import.meta.dirname, '..');
const FASTCHESS = arg('--fastchess', null);
if (!FASTCHESS) {
  console.error('--fastchess PATH is required (build fastchess yourself; this script builds nothing)');
  process.exit(2);
}
const TMLAB = resolve(arg('--tmlab', join(root, 'target/release/tmlab')));
const A = arg('--a', 'stockfish');
const B = arg('--b', 'lc0-legacy');
const TC = arg('--tc', '2+0.02');
const GAMES = Number(arg('--games', 40));
const CONCURRENCY = Number(arg('--concurrency', 1));
const OUT = resolve(arg('--out', `fastchess-${A}-vs-${B}-${TC}`));
if (!(GAMES >= 2 && GAMES % 2 === 0)) {
  console.error(`--games ${GAMES}: an even number of games, at least 2`);
  process.exit(2);
}
mkdirSync(OUT, { recursive: true });

// The opening book as PGN (fastchess reads SAN movetext; no chess logic needed here).
const lines = readFileSync(join(root, 'crate/data/openings.txt'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() && !l.startsWith('#'));
const book = lines
  .map((l) => {
    const [eco, name, moves] = l.split('|').map((s) => s.trim());
    const sans = moves.split(/\s+/);
    const text = sans.map((s, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${s}` : s)).join(' ');
    return `[Event "${eco} ${name}"]\n[Result "*"]\n\n${text} *\n`;
  })
  .join('\n');
const bookPath = join(OUT, 'book.pgn');
writeFileSync(bookPath, book);
const pgnPath = join(OUT, 'games.pgn');

const SUMMARY_ONLY = args.includes('--summary-only');
const fc = [
  '-engine', `cmd=${TMLAB}`, `name=${A}`, `option.TimeManager=${A}`,
  '-engine', `cmd=${TMLAB}`, `name=${B}`, `option.TimeManager=${B}`,
  '-each', 'proto=uci', `tc=${TC}`,
  '-openings', `file=${bookPath}`, 'format=pgn', 'order=random',
  '-rounds', String(GAMES / 2), '-games', '2', '-repeat',
  '-concurrency', String(CONCURRENCY),
  '-pgnout', `file=${pgnPath}`, 'timeleft=true', 'latency=true',
  ...extra,
];
let minutes = null;
if (!SUMMARY_ONLY) {
  console.log(`$ ${FASTCHESS} ${fc.join(' ')}`);
  const t0 = Date.now();
  const run = spawnSync(FASTCHESS, fc, { encoding: 'utf8', maxBuffer: 1 << 28 });
  writeFileSync(join(OUT, 'fastchess.log'), run.stdout + run.stderr);
  if (run.status !== 0) {
    console.error(run.stdout.slice(-2000), run.stderr.slice(-2000));
    process.exit(1);
  }
  minutes = (Date.now() - t0) / 60000;
}
const out = readFileSync(join(OUT, 'fastchess.log'), 'utf8');
// fastchess's last result block: `Elo: 126.97 +/- 85.04, nElo: 180.28 +/- 107.67`, `LOS: …`,
// `Ptnml(0-2): […]`.
const num = String.raw`(-?[\d.]+|-?inf|-?nan)`;
const elo = [...out.matchAll(new RegExp(String.raw`(?<![A-Za-z])Elo: ${num} \+/- ${num}, nElo: ${num} \+/- ${num}`, 'g'))].pop();
const los = [...out.matchAll(/LOS: ([\d.]+) %/g)].pop();
const ptnml = [...out.matchAll(/Ptnml\(0-2\): (\[[^\]]*\])/g)].pop();
const wdl = [...out.matchAll(/Games: (\d+), Wins: (\d+), Losses: (\d+), Draws: (\d+)/g)].pop();
const finished = [...out.matchAll(/Finished game \d+ \((\S+) vs (\S+)\): (\S+) \{([^}]*)\}/g)];
const flags = { [A]: 0, [B]: 0 };
for (const [, white, black, result, why] of finished) {
  if (!/loses on time/.test(why)) continue;
  // `{White loses on time}` / `{Black loses on time}`: the side named.
  flags[/White/.test(why) ? white : black] += 1;
  void result;
}

// used ÷ soft from the replay of the PGN.
const rp = spawnSync(TMLAB, ['replay', '--pgn', pgnPath, '--tm', A, '--tm', B, '--json'], {
  encoding: 'utf8',
  maxBuffer: 1 << 28,
});
if (rp.status !== 0) {
  console.error(rp.stderr);
  process.exit(1);
}
const replay = JSON.parse(rp.stdout);
/** @type {Record<string, {used: number, soft: number, per: number[], moves: number}>} */
const ratio = { [A]: { used: 0, soft: 0, per: [], moves: 0 }, [B]: { used: 0, soft: 0, per: [], moves: 0 } };
for (const g of replay.games) {
  for (const side of g.sides) {
    const k = side.player === A ? 0 : side.player === B ? 1 : -1;
    if (k < 0) continue;
    const r = ratio[k === 0 ? A : B];
    for (const m of side.moves) {
      const soft = m.budgets[k].soft_ms;
      r.used += m.used_ms;
      r.soft += soft;
      r.moves += 1;
      if (soft > 0) r.per.push(m.used_ms / soft);
    }
  }
}
const median = (/** @type {number[]} */ xs) => {
  const v = [...xs].sort((a, b) => a - b);
  return v.length ? v[Math.floor(v.length / 2)] : NaN;
};

const summary = {
  tc: TC,
  games: finished.length,
  minutes: minutes === null ? undefined : Number(minutes.toFixed(1)),
  score: wdl ? { games: +wdl[1], wins: +wdl[2], losses: +wdl[3], draws: +wdl[4], of: A } : null,
  elo: elo ? { value: elo[1], ci95: elo[2], nelo: elo[3], nelo_ci95: elo[4], of: A } : null,
  los: los ? `${los[1]} %` : null,
  pentanomial: ptnml ? ptnml[1] : null,
  flags,
  used_over_soft: Object.fromEntries(
    Object.entries(ratio).map(([k, r]) => [
      k,
      { total: Number((r.used / r.soft).toFixed(3)), median: Number(median(r.per).toFixed(3)), moves: r.moves },
    ]),
  ),
  pgn: pgnPath,
};
writeFileSync(join(OUT, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
console.log(JSON.stringify(summary, null, 2));
