// @ts-check
// CPU time for `npm run bench` (Linux /proc): a native run's process CPU time, and the CPU time of
// the browser's engine worker thread over one worker bench.
//
// Why CPU time: on a shared 2-core machine a process waits for a core whenever other work runs, and
// that wait lands in wall-clock time, unevenly on the two runs being compared. The CPU time the
// measured thread itself used does not contain the wait. Both sides are measured the same way,
// from outside and over the whole run of one bench section: natively the `tmlab bench` process
// (one thread), in the browser the worker thread that runs the wasm (Chromium names it
// `DedicatedWorker thread`; /proc shows the first 15 characters). Neither includes V8's
// background compiler threads, which the warm-up has already used.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Runs `command args` and returns its stdout with the process's CPU time (user + system, s) and
 * wall time (s). The CPU time is bash's `times` for its children (getrusage, millisecond print).
 * @param {string} command
 * @param {string[]} args
 */
export function runWithCpu(command, args) {
  const t0 = performance.now();
  const r = spawnSync('bash', ['-c', '"$@"; s=$?; times >&2; exit $s', 'bash', command, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const wall_s = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${r.status}): ${r.stderr.trim().split('\n').slice(-5).join(' | ')}`);
  // `times` prints two lines, the shell's own then its children's: "0m1.234s 0m0.010s".
  const line = r.stderr.trim().split('\n').at(-1) ?? '';
  const m = /^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/.exec(line.trim());
  if (!m) throw new Error(`no CPU time from bash's times after ${command}: ${JSON.stringify(line)}`);
  const cpu_s = Number(m[1]) * 60 + Number(m[2]) + Number(m[3]) * 60 + Number(m[4]);
  return { stdout: r.stdout, cpu_s, wall_s };
}

/** Process ids of every descendant of `root` (this Node process by default). */
function descendants(root = process.pid) {
  const children = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // /proc/PID/stat: "pid (comm) state ppid ...": comm may hold spaces, so split after ')'.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(name));
    } catch {
      // the process ended meanwhile
    }
  }
  const out = [];
  const todo = [root];
  while (todo.length) {
    for (const c of children.get(todo.pop()) ?? []) {
      out.push(c);
      todo.push(c);
    }
  }
  return out;
}

/**
 * The CPU time (ns, from /proc/PID/task/TID/schedstat: time on a CPU) of every dedicated-worker
 * thread of the browser this Node process started, by "pid/tid".
 * @returns {Map<string, number>}
 */
export function workerThreadsCpu() {
  const out = new Map();
  for (const pid of descendants()) {
    let tids = [];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        if (!readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').startsWith('DedicatedWorker')) continue;
        out.set(`${pid}/${tid}`, Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]));
      } catch {
        // the thread ended meanwhile
      }
    }
  }
  return out;
}

/**
 * The CPU time (s) one worker thread used between two snapshots: the thread that used the most
 * (the bench's worker; the other pages' workers are idle meanwhile), with the second most for a
 * sanity check by the caller.
 * @param {Map<string, number>} before
 * @param {Map<string, number>} after
 */
export function busiestWorker(before, after) {
  const deltas = [...after].map(([k, v]) => ({ thread: k, s: (v - (before.get(k) ?? 0)) / 1e9 })).sort((a, b) => b.s - a.s);
  if (!deltas.length) throw new Error('no DedicatedWorker thread of this browser found in /proc (the worker CPU time needs Linux)');
  return { thread: deltas[0].thread, cpu_s: deltas[0].s, next_s: deltas[1]?.s ?? 0 };
}
