//! The Play view's game for the page: a person against the engine ([`PersonGame`]), with the
//! move-time chart's bars ([`PlayBoard::move_bars`], drawn by the engine charts module's
//! `MoveTimeCanvas`). Everything chess comes from here (shakmaty); the page only measures time
//! and draws.

use wasm_bindgen::prelude::*;

use super::Thrown;
use crate::error::FieldError;
use crate::play::person::{PersonGame, PlaySetup};

/// The crate's typed error, thrown as `{path, message, allowed}`.
fn thrown(e: FieldError) -> JsValue {
    e.js()
}

/// What a typed move may be.
const MOVE_FORMS: &str = "SAN (e4, Nf3, exd5, O-O, e8=Q) or UCI (e2e4, e7e8q)";

/// A game between the person at the page and the engine in the worker.
#[wasm_bindgen]
pub struct PlayBoard {
    game: PersonGame,
}

#[wasm_bindgen]
impl PlayBoard {
    /// A new game. `setup` is the JSON of `{person, white_tc, black_tc, searcher, tm,
    /// move_overhead_ms, ponder, level, date}` (the same reader as saved games, so the module carries
    /// one deserialiser); the error names the bad field and what is allowed.
    #[wasm_bindgen(constructor)]
    pub fn new(setup: &str) -> Result<PlayBoard, JsValue> {
        let setup: PlaySetup = serde_json::from_str(setup)
            .map_err(|e| FieldError::new("setup", format!("game setup: {e}"), "").js())?;
        Ok(PlayBoard { game: PersonGame::new(setup).map_err(thrown)? })
    }

    /// Check a setup without starting a game: `null` when it is good, else the typed error
    /// `{path, message, allowed}` whose `path` is the bad field (`white_tc`, `black_tc`,
    /// `person`, `searcher`, `tm`, `move_overhead_ms`, `level`).
    pub fn check(setup: &str) -> JsValue {
        let setup: PlaySetup = match serde_json::from_str(setup) {
            Ok(s) => s,
            Err(e) => return FieldError::new("setup", format!("game setup: {e}"), "").js(),
        };
        match PersonGame::new(setup) {
            Ok(_) => JsValue::NULL,
            Err(e) => e.js(),
        }
    }

    /// A game saved with [`PlayBoard::save`], rebuilt by replaying it.
    pub fn restore(json: &str) -> Result<PlayBoard, JsValue> {
        Ok(PlayBoard { game: PersonGame::restore(json).map_err(thrown)? })
    }

    /// The game as JSON (setup and event log).
    pub fn save(&self) -> String {
        self.game.save()
    }

    /// The whole game as the page draws it (position, dests as `{square: [squares]}`, clocks,
    /// moves, outcome).
    pub fn state(&self) -> Result<JsValue, JsError> {
        super::to_js(&self.game.state())
    }

    /// Legal destinations per square as a `Map` (chessground's `movable.dests`).
    pub fn dests(&self) -> js_sys::Map {
        let map = js_sys::Map::new();
        if self.game.game().outcome().is_none() {
            for (from, tos) in crate::play::person::dests(self.game.game().position()) {
                let arr: js_sys::Array = tos.iter().map(|t| JsValue::from_str(t)).collect();
                map.set(&JsValue::from_str(&from), &arr);
            }
        }
        map
    }

    /// The pieces `orig`→`dest` may promote to, queen first, as `[{letter, role}]` (`q`,
    /// `queen`; the role is chessground's piece name); empty when it is no promotion. The page
    /// asks for one of them (a premove takes the first).
    pub fn promotions(&self, orig: &str, dest: &str) -> Result<JsValue, JsError> {
        let list: Vec<serde_json::Value> = self
            .game
            .promotions(orig, dest)
            .into_iter()
            .map(|r| serde_json::json!({ "letter": r.char().to_string(), "role": role_name(r) }))
            .collect();
        super::to_js(&list)
    }

    /// Keeps the engine manager's state after its last move (the `tm-state` payload the engine
    /// client holds), saved with the game; throws when it is not this game's manager's.
    pub fn set_manager_state(&mut self, payload: &str) -> Result<(), JsValue> {
        self.game.set_manager_state(payload).map_err(thrown)
    }

    /// The engine manager's state saved with the game (`null` before the engine's first move):
    /// a restored game hands it to the engine (`tmlab restore`).
    #[wasm_bindgen(getter)]
    pub fn manager_state(&self) -> Option<String> {
        self.game.manager_state().map(str::to_string)
    }

    /// The person plays `orig`→`dest` (promotion `q`/`r`/`b`/`n` or empty) after `used_ms`.
    pub fn play_person(
        &mut self,
        orig: &str,
        dest: &str,
        promotion: &str,
        used_ms: f64,
    ) -> Result<(), JsValue> {
        let promo = (!promotion.is_empty()).then_some(promotion);
        self.game.play_person(orig, dest, promo, used_ms).map_err(thrown)
    }

    /// The person plays a move typed as SAN (`e4`, `Nf3`, `O-O`) or UCI (`e2e4`) after
    /// `used_ms`: returns its UCI; throws `{path: "move", message, allowed}` naming what was wrong.
    pub fn play_text(&mut self, text: &str, used_ms: f64) -> Result<String, JsValue> {
        self.game.play_text(text, used_ms).map_err(|e| {
            let allowed = if e.allowed.is_empty() { MOVE_FORMS.to_string() } else { e.allowed };
            FieldError::new("move", e.message, allowed).js()
        })
    }

    /// Start reading a new engine search.
    pub fn begin_search(&mut self) {
        self.game.begin_search();
    }

    /// Read one engine output line; returns whether the report changed.
    pub fn engine_line(&mut self, line: &str) -> bool {
        self.game.engine_line(line)
    }

    /// The current search's report `{depth, seldepth, nodes, nps, time_ms, score_cp, score_mate,
    /// pv, soft_ms, hard_ms, stop, lines}`.
    pub fn report(&self) -> Result<JsValue, JsError> {
        super::to_js(self.game.report())
    }

    /// The engine's `bestmove` line arrived after `used_ms`: returns `{uci, ponder}`.
    pub fn play_engine(&mut self, bestmove: &str, used_ms: f64) -> Result<JsValue, JsValue> {
        let (uci, ponder) = self.game.play_engine(bestmove, used_ms).map_err(thrown)?;
        Ok(super::to_js(&serde_json::json!({ "uci": uci, "ponder": ponder }))?)
    }

    /// `{position, go, budget_ms}` for the engine's move, or `null`.
    pub fn engine_request(&self) -> Result<JsValue, JsError> {
        super::to_js(&self.game.engine_request())
    }

    /// `{position, go, budget_ms, ponder_move}` for pondering on `ponder` (UCI), or `null`.
    pub fn ponder_request(&self, ponder: &str) -> Result<JsValue, JsError> {
        super::to_js(&self.game.ponder_request(ponder))
    }

    /// The side to move used `used_ms` without moving: returns whether it lost on time.
    pub fn time_out(&mut self, used_ms: f64) -> bool {
        self.game.time_out(used_ms)
    }

    /// `white` or `black` resigns.
    pub fn resign(&mut self, color: &str) -> Result<(), JsValue> {
        self.game.resign(color).map_err(thrown)
    }

    /// Offer a draw: returns whether the engine accepted.
    pub fn offer_draw(&mut self) -> bool {
        self.game.offer_draw()
    }

    /// The PGN text.
    pub fn pgn(&self) -> String {
        self.game.pgn()
    }

    /// Whether the manager has a move overhead (the setting applies).
    #[wasm_bindgen(getter)]
    pub fn overhead_applies(&self) -> bool {
        self.game.overhead_applies()
    }

    /// The move-time chart's bars, one per non-book move: `[{white, used_ms, soft_ms, hard_ms,
    /// engine, flagged}]`, which the engine charts module's `MoveTimeCanvas.draw` draws.
    pub fn move_bars(&self) -> Result<JsValue, JsError> {
        super::to_js(&crate::plot::movetime::bars_of(self.game.game().records()))
    }
}

/// Chessground's name of a piece role (`queen`).
fn role_name(r: shakmaty::Role) -> &'static str {
    match r {
        shakmaty::Role::Pawn => "pawn",
        shakmaty::Role::Knight => "knight",
        shakmaty::Role::Bishop => "bishop",
        shakmaty::Role::Rook => "rook",
        shakmaty::Role::Queen => "queen",
        shakmaty::Role::King => "king",
    }
}

/// The strength levels, weakest first: `[{level, name, ab_nps, mcts_pps}]` (caps per second,
/// `null` at full strength), for the setup's level choice and the URL check.
#[wasm_bindgen]
pub fn play_levels() -> Result<JsValue, JsError> {
    super::to_js(&crate::drive::strength::LEVELS)
}

/// What each field of tmlab's PGN move comments means: `[{field, example, meaning}]`.
#[wasm_bindgen]
pub fn pgn_comment_fields() -> Result<JsValue, JsError> {
    super::to_js(&crate::play::pgn::COMMENT_FIELDS)
}
