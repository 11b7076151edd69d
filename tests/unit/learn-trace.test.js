// @ts-check
// The engine-mode game producer through the real wasm (TraceRunner): games are deterministic,
// each move carries the chart's numbers, the searcher follows the manager, and bad input is
// refused with a typed error {path, message, allowed}.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import tmlab from './wasm.js';

/** @param {{[field: string]: unknown}} spec */
const play = (spec) => {
  const r = new tmlab.TraceRunner(spec);
  const moves = [];
  for (let m = r.step(); m; m = r.step()) moves.push(m);
  assert.ok(r.done);
  const out = { moves, searcher: r.searcher, result: r.result, opening: r.opening };
  r.free();
  return out;
};

test('a trace is deterministic and every move has the chart’s numbers', () => {
  const spec = { tm: 'stockfish', tc: '5+0.05', opening: 3, nps: 20000, moves: 20 };
  const a = play(spec);
  assert.equal(a.searcher, 'ab');
  assert.match(a.result ?? '', /^1\/2-1\/2 Draw by move limit|^(1-0|0-1|1\/2-1\/2) /);
  assert.ok(a.opening.length > 0);
  for (const m of a.moves) {
    for (const k of ['base_soft_ms', 'soft_ms', 'hard_ms', 'used_ms', 'clock_before_ms', 'clock_after_ms']) assert.ok(Number.isFinite(m[k]), k);
    assert.ok(m.base_soft_ms <= m.hard_ms && m.soft_ms <= m.hard_ms + 1e-9, JSON.stringify(m));
    assert.equal(typeof m.flagged, 'boolean');
  }
  assert.deepEqual(play(spec).moves, a.moves, 'the same game twice');
  assert.equal(play({ ...spec, tm: 'lc0-legacy', nps: 5000, moves: 8 }).searcher, 'mcts');
  assert.equal(play({ ...spec, tm: 'lc0-legacy', nps: 5000, moves: 8, searcher: 'ab' }).searcher, 'ab');
});

test('latency is charged on every move and can flag a side', () => {
  const g = play({ tm: 'stockfish(move-overhead=0)', tc: '2+0.1', opening: 0, nps: 100000, moves: 60, latency: 50 });
  assert.ok(g.moves.every((m) => m.used_ms >= 50));
  assert.ok(g.moves.at(-1).flagged, 'overhead 0 under 50 ms latency loses on time');
  assert.match(g.result ?? '', /loses on time/);
  const safe = play({ tm: 'stockfish(move-overhead=150)', tc: '2+0.1', opening: 0, nps: 100000, moves: 60, latency: 50 });
  assert.ok(!safe.moves.some((m) => m.flagged), 'an overhead above the latency keeps the clock');
});

test('bad input is refused with the field named', () => {
  const ok = { tm: 'stockfish', tc: '5+0.05', opening: 0, nps: 20000, moves: 20 };
  /** @param {{[field: string]: unknown}} patch @param {string} path @param {RegExp} re */
  const refused = (patch, path, re) => {
    try {
      new tmlab.TraceRunner({ ...ok, ...patch });
    } catch (thrown) {
      const e = /** @type {RuleError} */ (thrown);
      assert.equal(e.path, path, JSON.stringify(e));
      assert.match(`${e.message}; allowed: ${e.allowed}`, re);
      return;
    }
    assert.fail(`accepted ${JSON.stringify(patch)}`);
  };
  refused({ tm: 'nope' }, 'tm', /unknown time manager/);
  refused({ tc: 'depth=3' }, 'tc', /has no clock/);
  refused({ opening: 100000 }, 'opening', /out of range; allowed: 0 to \d+/);
  refused({ nps: 0 }, 'nps', /allowed: 1000 to 100000000/);
  refused({ moves: 0 }, 'moves', /allowed: 1 to 200/);
  refused({ latency: -5 }, 'latency', /allowed: 0 to 5000 ms/);
  refused({ searcher: 'minimax' }, 'searcher', /minimax/);
  refused({ tm: 7 }, 'spec', /invalid type/);
});
