// The Play game's state as the page receives it: the JSON of `PlayState` (crate/src/play/person/
// view.rs, serde field names), which www/ holds as `gs: any` (PlayBoard.state()). The e2e tests
// read it through `globalThis.tmlab.views.play.state`; a field renamed in the crate must be renamed
// here too (the tests that read it then fail to type-check, not silently read `undefined`).

/** One side's clock (`ClockState`). */
interface PlayClockState {
  remaining_ms: number | null;
  bar_ms: number | null;
  emergency_ms: number | null;
  control: string;
  reading: string;
  runs: boolean;
}

/** The engine's numbers for one of its moves (`EngineMove`). */
interface PlayEngineMove {
  soft_ms: number | null;
  hard_ms: number | null;
  depth: number;
  nodes: number;
  score: string;
  stop: string | null;
  engine_ms: number;
  why: string;
}

/** One move of the move list (`MoveRow`). */
interface PlayMoveRow {
  ply: number;
  color: 'white' | 'black';
  san: string;
  uci: string;
  squares: [string, string];
  fen: string;
  turn: 'white' | 'black';
  check: boolean;
  used_ms: number;
  clock_after_ms: number;
  engine: PlayEngineMove | null;
}

/** The whole game (`PlayState`). */
interface PlayGameState {
  fen: string;
  turn: 'white' | 'black';
  check: boolean;
  person: 'white' | 'black';
  to_move: 'person' | 'engine' | 'none';
  outcome: { result: string; termination: string; reason: string } | null;
  dests: { [square: string]: string[] };
  clocks: [PlayClockState, PlayClockState];
  moves: PlayMoveRow[];
  start_fen: string;
  engine: string;
  searcher: 'ab' | 'mcts';
  tm_spec: string;
  manager: string;
  level: { level: number; name: string; ab_nps: number | null; mcts_pps: number | null };
  level_text: string;
  engine_options: { [name: string]: string };
  draw_acceptable: boolean;
}
