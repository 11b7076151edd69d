// The page globals the e2e tests and the benches read inside `page.evaluate(() => …)` callbacks
// (type-checked by tsconfig.tests.json against the DOM library, since those callbacks run in the
// page). Declarations only: nothing here exists in Node.

/** The view handles as www/main.js mounts them (`mounted(view, handle)` in www/test-hooks.js). */
interface TmlabViews {
  /** `state`: the game as the crate sends it (tests/types/play-state.d.ts; `any` in www). */
  play: Omit<ReturnType<typeof import('../../www/views/play/hooks.js').playHooks>, 'state'> & {
    readonly state: PlayGameState;
  };
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

/**
 * The embeddable chart element (www/tm-curve.js, or the class www/public/tm-curve-loader.js
 * defines until the module loads): both attach an open shadow root in their constructor.
 */
type TmCurveElement = import('../../www/tm-curve.js').TmCurve & { readonly shadowRoot: ShadowRoot };

/** `document.querySelector('tm-curve')` finds the chart element. */
interface HTMLElementTagNameMap {
  'tm-curve': TmCurveElement;
}

// Instruments some tests and benches add to a page (each named where it is set).
/** share.test.mjs: the heights an embed posted to its host page. */
declare var __heights: number[];
/** csp.test.mjs: the Content-Security-Policy violations a page reported. */
declare var __csp: string[];
/** loading.test.mjs: when the first chart showed (performance.now() ms, or null). */
declare var __chart: { picture: number | null; live: number | null; lcp: number | null };
/** engine-live.test.mjs: every engine line with its time. */
declare var __lines: { t: number; line: string }[];
/** reliability.test.mjs: the Replay view's progress texts, in order. */
declare var __replayStates: string[];
/** front.test.mjs: set only if an injected handler ran. */
declare var __xss: number | undefined;
/** match.test.mjs: makes a game of the match runner panic (www/engine/match-runner.js). */
declare var __tmlabDebugGamePanic: { index: number; afterMoves: number } | undefined;

/** The crate's typed error as the wasm throws it (`{path, message, allowed}`, www/pkg/tmlab.d.ts). */
type RuleError = import('../../www/pkg/tmlab.js').RuleError;
/** scripts/bench/embeds.mjs: when the first chart drew (performance.now() ms). */
declare var __tmlabFirstChart: number | undefined;
/** readme-embed.test.mjs: the test's function (`page.exposeFunction`) the host page reports heights to. */
declare var __height: (height: number) => Promise<void>;

/** scripts/bench/stop.mjs: the stop bench's in-page probe (clicks, engine states, engine outputs). */
interface StopProbe {
  clicks: { t: number; target: string; outputs: number; states: number }[];
  states: { t: number; state: import('../../www/engine/client.js').EngineState }[];
  outputs: { t: number; kind: string; request: import('../../www/engine/client.js').SearchRequest; line: string }[];
  /** Notes an action (a click on a watched control, or `hide`). */
  mark: (target: string) => void;
}
declare var __probe: StopProbe;
/** scripts/bench/stop.mjs: the request and the Play view's search id a trial interrupted. */
declare var __oldRequest: import('../../www/engine/client.js').SearchRequest | undefined;
declare var __oldId: number | undefined;
