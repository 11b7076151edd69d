// @ts-check
// The shapes of the JSON the crate hands the page (its serde structs), for JSDoc: wasm-bindgen
// types these returns as `any`, so a view names the shape it reads here. Each typedef names the
// Rust struct it mirrors; nothing here runs.

/**
 * A parameter's value (`tm::params::Value`): a float, an integer, a boolean or an enum's name.
 * @typedef {number | boolean | string} ParamValue
 */

/**
 * A numeric parameter's slider (`tm::params::Slider`).
 * @typedef {{min: number, max: number, step?: number, factor?: number, scale: 'lin'|'log'}} ParamSlider
 */

/**
 * A parameter in the schema (`tm::params::export::ParamSchema`).
 * @typedef {object} ParamSchema
 * @property {string} path `group.key` or `key`
 * @property {string} key
 * @property {string|null} group
 * @property {string} label
 * @property {'float'|'int'|'bool'|'enum'} kind
 * @property {string[]} [values] an enum's names
 * @property {ParamValue} default the default preset's value
 * @property {ParamSlider} [slider]
 * @property {{min: number, max: number, min_exclusive?: boolean}} [valid]
 * @property {string} unit
 * @property {string} description
 * @property {string} source
 * @property {boolean} in_search
 * @property {'ab'|'mcts'|null} searcher
 * @property {string} [searcher_note]
 * @property {string} source_file
 * @property {string|null} source_url
 * @property {{name: string, scale?: number, min?: number, max?: number}} uci
 */

/**
 * A preset in the schema (`tm::params::export::PresetSchema`).
 * @typedef {{name: string, description: string, spec: string, values: Record<string, ParamValue>}} PresetSchema
 */

/**
 * A manager in the schema (`tm::params::export::ManagerSchema`).
 * @typedef {object} ManagerSchema
 * @property {string} name
 * @property {string[]} aliases
 * @property {string} label
 * @property {'ab'|'mcts'} search
 * @property {string} reference
 * @property {string} description
 * @property {string} default_preset
 * @property {PresetSchema[]} presets
 * @property {ParamSchema[]} params
 */

/**
 * A parsed spec string (`describe_spec`, `wasm::tm::SpecDescription`).
 * @typedef {{manager: string, preset: string, canonical: string, values: Record<string, ParamValue>}} SpecDescription
 */

/**
 * One move of a game record (`play::game::types::MoveRecord`), the fields the page reads.
 * @typedef {{san: string, color: 'white'|'black', book?: boolean, flagged?: boolean, clock_after_ms: number}} MoveRecord
 */

/**
 * A game's record (`play::game::export::GameRecord`), the fields the page reads.
 * @typedef {object} GameRecord
 * @property {{white: {name: string}, black: {name: string}}} setup
 * @property {string} opening
 * @property {{result: string, termination: string, reason?: string} | null} outcome
 * @property {MoveRecord[]} moves
 */

/**
 * A game as the game chart draws it (a match game's record, or a replayed game's
 * `GameReplay::chart_record`): the fields the page reads, the charts module reads the rest.
 * @typedef {{setup: {white: {name: string}, black: {name: string}}, outcome?: {result: string, reason?: string} | null}} ChartRecord
 */

/**
 * A finished game of a match (`play::match_::score::GameSummary`), the fields the page reads.
 * @typedef {{index: number, a_white: boolean, record: GameRecord}} GameSummary
 */

/**
 * One player's time statistics over a match (`play::match_::time_usage::PlayerTimeStats`).
 * @typedef {object} PlayerTimeStats
 * @property {number} timeouts
 * @property {number | null} share_by_20
 * @property {number | null} share_by_40
 * @property {number | null} time_left_ms
 * @property {number | null} time_trouble
 * @property {number | null} used_over_allocated
 * @property {number | null} used_over_effective
 * @property {number | null} latency_ms
 * @property {number} max_overshoot_ms
 */

/**
 * A chart's plot area in CSS pixels, as a chart's draw returns it (`x_range`: its x axis).
 * @typedef {{left: number, right: number, x_range?: number[]}} ChartFrame
 */

/**
 * What the game chart's draw returns (`GameCanvas.draw`): its frame, the game's moves, and the
 * hovered move's numbers as lines.
 * @typedef {{frame: ChartFrame & {x_range: number[]}, moves: number, lines: string[]}} GameDrawn
 */

/**
 * A hovered point of a building-block chart: its numbers by name, and the line that says them.
 * @typedef {Record<string, number> & {text: string}} CurvePoint
 */

/**
 * What a building-block chart's draw returns (`CurveCanvas.draw_decay`, `draw_moves_left`).
 * @typedef {{frame: ChartFrame, point?: CurvePoint, series?: string[]}} CurveDrawn
 */

/**
 * A replayed game (`experiment::replay::report::GameReplay` and the structs it holds), the
 * fields the page reads.
 * @typedef {{soft_ms: number, hard_ms: number}} ReplayLimits
 * @typedef {{ply: number, label: string, san: string, used_ms: number, clock_before_ms: number,
 *   clock_after_ms: number, opponent_clock_ms: number, budgets: ReplayLimits[],
 *   engine: {nodes?: number | null, latency_ms?: number | null} | null, eval_text: string | null,
 *   own: ReplayLimits | null}} ReplayMove
 * @typedef {{spec: string, over_hard: string[], over_soft: number, share_by_20: number | null,
 *   share_by_40: number | null}} ReplayManagerSummary
 * @typedef {{color: 'white' | 'black', player: string, time_control: string, moves: ReplayMove[],
 *   share_by_20: number | null, share_by_40: number | null, time_left_ms: number | null,
 *   managers: ReplayManagerSummary[], own: {moves: number, over_hard: string[], over_soft: number} | null}} SideReplay
 * @typedef {{game: {number: number, white: string, black: string, event: string}, result: string,
 *   source: 'clk' | 'emt' | 'clk+emt', convention: string, resolution_ms: number, sides: [SideReplay, SideReplay]}} GameReplay
 */

/**
 * A replay's result as the worker hands it (`experiment::replay::report::Replay`, and each
 * game's chart record per manager).
 * @typedef {{replay: {managers: string[], own_limits_label: string, games: GameReplay[]}, charts: (ChartRecord | null)[][]}} ReplayResult
 */

/**
 * One point's match of a sweep or scaling run (`experiment::points::PointMatch`), the fields
 * the page reads.
 * @typedef {object} PointMatch
 * @property {number} finished
 * @property {{wins: number, losses: number, draws: number}} wdl
 * @property {{elo: number, elo_error: number, nelo: number, nelo_error: number} | null} estimate
 * @property {PlayerTimeStats} a
 * @property {number} timeouts_b
 */

/**
 * A sweep's results (`experiment::sweep_report::SweepReport`), the fields the page reads.
 * @typedef {{param: string, verdict: string, points: (PointMatch & {value: number, spec: string})[]}} SweepReport
 */

/**
 * A scaling run's results (`experiment::scaling::ScalingReport`), the fields the page reads.
 * @typedef {{verdict: string, sentence: string, points: (PointMatch & {tc: string, seconds: number})[]}} ScalingReport
 */

export {};
