// The page globals the e2e tests and the benches read inside `page.evaluate(() => …)` callbacks
// (type-checked by tsconfig.tests.json against the DOM library, since those callbacks run in the
// page). Declarations only: nothing here exists in Node.

/** The view handles as www/main.js mounts them (`mounted(view, handle)` in www/test-hooks.js). */
interface TmlabViews {
  play: ReturnType<typeof import('../../www/views/play/hooks.js').playHooks>;
  match: ReturnType<typeof import('../../www/views/match/index.js').mountMatch> & {
    scaling: ReturnType<typeof import('../../www/views/scaling/index.js').mountScaling>;
  };
  sweep: ReturnType<typeof import('../../www/views/sweep/index.js').mountSweep>;
  tune: ReturnType<typeof import('../../www/views/tune/index.js').mountTune>;
  replay: ReturnType<typeof import('../../www/views/replay/index.js').mountReplay>;
  learn: ReturnType<typeof import('../../www/views/learn/index.js').mountLearn>;
  leaderboard: ReturnType<typeof import('../../www/views/leaderboard/index.js').mountLeaderboard>;
  curves: {
    curves: ReturnType<typeof import('../../www/views/curves/charts.js').mountCurves> | null;
    allocation: ReturnType<typeof import('../../www/views/curves/allocation.js').mountAllocation>;
    flagRisk: ReturnType<typeof import('../../www/views/curves/flag-risk.js').mountFlagRisk> | null;
  };
}

/**
 * `globalThis.tmlab`, installed by www/test-hooks.js on a page the harness opened (www types its
 * argument loosely; this is what www/main.js passes to `installHooks`).
 */
interface TmlabHooks {
  engine: import('../../www/engine/client.js').EngineClient;
  caps: ReturnType<typeof import('../../www/ui/boot.js').probe>;
  url: import('../../www/ui/urlstate.js').UrlState;
  embed: boolean;
  show: (view: string) => Promise<void>;
  /** A view's entry exists once it is mounted: the tests wait for it before reading it. */
  views: TmlabViews;
  allocation: TmlabViews['curves']['allocation'];
}

/** tests/e2e/harness.mjs `watchLongTasks`: Chromium's `longtask` entries. */
interface LongTask {
  start: number;
  duration: number;
}

declare var tmlab: TmlabHooks;
declare var __tmlabTestHooks: boolean | undefined;
declare var __longTasks: LongTask[];

/** The embeddable chart element (www/tm-curve.js), as `document.querySelector('tm-curve')` finds it. */
interface HTMLElementTagNameMap {
  'tm-curve': import('../../www/tm-curve.js').TmCurve;
}
