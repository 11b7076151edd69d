// @ts-check
// The engine charts module's loader (www/ui/engine-charts.js, issue 24): one init however many
// ask, its states, the drawings that wait for it (the latest per target, run once it is in, or
// told why not), a prefetch that waits for idle, and a failure that is never an unhandled
// rejection. Driven with its own init and idle (no DOM, no wasm).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lazyModule, chartFailureText } from '../../www/ui/engine-charts.js';

/** An init the test resolves or rejects by hand (before or after it is called), counting its calls. */
function manualInit() {
  /** @type {(v?: unknown) => void} */ let resolve = () => {};
  /** @type {(e: unknown) => void} */ let reject = () => {};
  const done = new Promise((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Its rejection is the loader's to handle, once init is called.
  done.catch(() => {});
  const box = {
    calls: 0,
    init: () => {
      box.calls += 1;
      return done;
    },
    resolve: () => resolve(),
    reject: (/** @type {unknown} */ e) => reject(e),
  };
  return box;
}

/** Lets pending promise callbacks run. */
const settle = () => new Promise((r) => setTimeout(r, 0));

/** An idle that runs nothing until the test says. */
function manualIdle() {
  /** @type {(() => void)[]} */
  const queued = [];
  return { idle: (/** @type {() => void} */ f) => void queued.push(f), run: () => queued.splice(0).forEach((f) => f()), queued };
}

test('nothing loads until asked; one init for every request; drawings wait, the latest per target', async () => {
  const i = manualInit();
  const module = { name: 'm' };
  const l = lazyModule(i.init, module, { idle: manualIdle().idle });
  assert.equal(l.state, 'idle');
  assert.equal(i.calls, 0);
  /** @type {string[]} */
  const drawn = [];
  const a = {};
  const b = {};
  const fail = () => assert.fail('no failure expected');
  assert.equal(l.draw(a, (m) => drawn.push(`a1 ${m.name}`), fail), undefined);
  assert.equal(l.state, 'loading');
  l.draw(a, (m) => drawn.push(`a2 ${m.name}`), fail);
  l.draw(b, (m) => drawn.push(`b1 ${m.name}`), fail);
  const r1 = l.ready();
  const r2 = l.ready();
  assert.equal(r1, r2, 'one shared promise');
  await settle();
  assert.equal(i.calls, 1, 'init runs once');
  assert.equal(l.waiting, 2);
  assert.deepEqual(drawn, [], 'nothing drawn before the module is in');
  i.resolve();
  assert.equal(await r1, module);
  assert.equal(l.state, 'ready');
  // a's first request was replaced by its second; b's ran; in the order first asked.
  assert.deepEqual(drawn, ['a2 m', 'b1 m']);
  assert.equal(l.waiting, 0);
  // Once in, a drawing runs at once and returns its value; its throw is the caller's.
  assert.equal(l.draw(a, (m) => `now ${m.name}`, fail), 'now m');
  assert.throws(() => l.draw(a, () => { throw new Error('boom'); }, fail), /boom/);
  assert.equal(i.calls, 1);
});

test('a cancelled target is not drawn; a waiting drawing that throws is its failure', async () => {
  const i = manualInit();
  const l = lazyModule(i.init, {}, { idle: manualIdle().idle });
  /** @type {string[]} */
  const seen = [];
  const a = {};
  const b = {};
  l.draw(a, () => seen.push('a'), () => seen.push('a failed'));
  l.draw(b, () => { throw new Error('bad data'); }, (f) => seen.push(`b ${f.cause}: ${/** @type {Error} */ (f.error).message}`));
  l.cancel(a);
  i.resolve();
  await l.ready();
  assert.deepEqual(seen, ['b draw: bad data']);
});

test('a module that cannot load: every waiting drawing and every later one hears why; no unhandled rejection', async () => {
  /** @type {unknown[]} */
  const unhandled = [];
  const onUnhandled = (/** @type {unknown} */ e) => unhandled.push(e);
  process.on('unhandledRejection', onUnhandled);
  try {
    const i = manualInit();
    const l = lazyModule(i.init, {}, { idle: manualIdle().idle });
    /** @type {import('../../www/ui/engine-charts.js').ChartFailure[]} */
    const failures = [];
    l.draw({}, () => assert.fail('not drawn'), (f) => failures.push(f));
    l.draw({}, () => assert.fail('not drawn'), (f) => failures.push(f));
    await settle();
    i.reject(new TypeError('Failed to fetch'));
    await assert.rejects(l.ready(), /Failed to fetch/);
    assert.equal(l.state, 'failed');
    assert.match(String(l.error), /Failed to fetch/);
    assert.equal(failures.length, 2);
    assert.ok(failures.every((f) => f.cause === 'load'));
    // A later drawing is told at once; init is not retried (a reload is).
    l.draw({}, () => assert.fail('not drawn'), (f) => failures.push(f));
    assert.equal(failures.length, 3);
    assert.equal(i.calls, 1);
    assert.equal(l.waiting, 0);
    // The sentence names the module and the cause, and says the rest works.
    assert.equal(
      chartFailureText(failures[0]),
      'This chart cannot be shown: its drawing module (engine charts) did not load (Failed to fetch). The rest of the view works; reload the page to try again.',
    );
    assert.equal(chartFailureText({ cause: 'draw', error: new Error('no data') }), 'This chart could not be drawn: no data');
    await settle();
    assert.deepEqual(unhandled, []);
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
});

test('a prefetch waits for idle, starts the download once, and is nothing once loading', async () => {
  const i = manualInit();
  const idle = manualIdle();
  const l = lazyModule(i.init, {}, { idle: idle.idle });
  l.prefetch();
  l.prefetch();
  assert.equal(idle.queued.length, 1, 'one idle callback');
  assert.equal(l.state, 'idle', 'not on the caller’s path');
  idle.run();
  assert.equal(l.state, 'loading');
  await settle();
  assert.equal(i.calls, 1);
  i.resolve();
  await l.ready();
  assert.equal(l.state, 'ready');
  l.prefetch();
  assert.equal(idle.queued.length, 0);
  assert.equal(i.calls, 1);

  // A failed prefetch is silent (the charts that ask later say why).
  const j = manualInit();
  const idle2 = manualIdle();
  const l2 = lazyModule(j.init, {}, { idle: idle2.idle });
  l2.prefetch();
  idle2.run();
  await settle();
  j.reject(new Error('offline'));
  await settle();
  assert.equal(l2.state, 'failed');
});
