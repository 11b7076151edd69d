// @ts-check
// The stop latency in the browser (issue #13.1), part of `npm run bench`: how long New game,
// Resign, a switch to another view and a hidden page take to end a running alpha-beta search at
// 15+10 in the Play view, from the click to the engine client idle again with a ready worker.
// 50 trials per action (think times 50–450 ms); prints p50/p99/max per action beside the target
// (p99 < 100 ms) and the load average, and writes target/bench-stop.json. The trials are
// scripts/bench/stop.mjs, the same the behaviour test (tests/e2e/engine-stop.test.mjs) runs.
//
//   node scripts/bench-stop.mjs [--trials 50] [--smoke]
//
// Needs the production build (dist/, `npm run build`). `--smoke` (a step of `npm test`): 2 trials
// per action, so the bench cannot rot. Exits 1 if a figure is missing or the old search spoke
// after an action; a missed latency target is printed, not an error (it depends on the machine).
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, launch, serveDist } from '../tests/e2e/harness.mjs';
import { STOP_TARGET_MS, measureStops, openStopPage, stopActions, stopLine } from './bench/stop.mjs';

const { values: args } = parseArgs({
  options: { trials: { type: 'string' }, smoke: { type: 'boolean', default: false } },
});
const trials = Number(args.trials ?? (args.smoke ? 2 : 50));
if (!Number.isInteger(trials) || trials < 1 || trials > 1000) {
  console.error(`--trials: expected a whole number from 1 to 1000, got "${args.trials}"`);
  process.exit(2);
}
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
const loadBefore = load();
const server = await serveDist();
const browser = await launch();
const results = [];
try {
  const { page, errors } = await openStopPage(browser.context, server.url);
  for (const action of stopActions(page)) {
    const m = await measureStops(page, action, trials);
    results.push(m);
    const verdict = m.p99 < STOP_TARGET_MS ? 'target met' : 'TARGET MISSED';
    console.log(`${stopLine(m)}: p99 < ${STOP_TARGET_MS} ms ${verdict}`);
  }
  if (errors.length) results.push({ name: 'page errors', problems: errors });
} finally {
  await browser.close();
  await server.close();
}
const loadAfter = load();
console.log(`load average (1, 5, 15 min): before ${loadBefore}, after ${loadAfter} (2 cores: above 2 the machine was shared)`);
const out = join(ROOT, 'target', 'bench-stop.json');
writeFileSync(out, JSON.stringify({ trials, target_ms: STOP_TARGET_MS, load: { before: loadBefore, after: loadAfter }, results }, null, 2));
const problems = results.flatMap((r) => r.problems);
const missing = results.filter((r) => 'times' in r && r.times.length !== trials).map((r) => r.name);
if (problems.length || missing.length) {
  for (const p of [...problems, ...missing.map((n) => `${n}: figures missing`)]) console.log(`FAILED: ${p}`);
  process.exit(1);
}
console.log(`every stop figure produced (${trials} trial(s) per action); full report: ${out}`);
