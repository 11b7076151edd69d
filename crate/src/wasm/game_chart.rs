//! The per-game time chart ([`crate::plot::game`]) on a page canvas.

use js_sys::{Array, Number, Reflect};
use plotters::prelude::*;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

use super::canvas::MeasuredCanvas;
use crate::plot::Frame;
use crate::plot::game::{
    BudgetView, EffectiveView, EngineView, MoveView, RecordView, SetupView, SideView, Timeline, draw_game,
};

/// A canvas showing one game's time per move and clocks.
#[wasm_bindgen]
pub struct GameCanvas {
    canvas: HtmlCanvasElement,
    timeline: Option<Timeline>,
    frame: Option<Frame>,
}

/// What a draw returns: the frame, the hovered move and its numbers.
#[derive(Serialize)]
struct GameDrawn {
    frame: Frame,
    moves: usize,
    hover_move: Option<u32>,
    lines: Vec<String>,
}

#[wasm_bindgen]
impl GameCanvas {
    /// Wrap a canvas element.
    #[wasm_bindgen(constructor)]
    pub fn new(canvas: HtmlCanvasElement) -> GameCanvas {
        GameCanvas { canvas, timeline: None, frame: None }
    }

    /// Show the game whose record is `record` (a game summary's `record`, or
    /// `{setup, moves}` of a running game); returns the number of engine moves.
    pub fn set_game(&mut self, record: JsValue) -> Result<usize, JsError> {
        let t = Timeline::from_view(read_record(&record)?);
        let n = t.moves.len();
        self.timeline = Some(t);
        Ok(n)
    }

    /// Draw the game; `hover_px` is the pointer's x in canvas pixels. Returns
    /// `{frame, moves, hover_move, lines}` (`lines`: the hovered move's numbers per side).
    pub fn draw(&mut self, hover_px: Option<f64>) -> Result<JsValue, JsError> {
        let t = self.timeline.as_ref().ok_or_else(|| JsError::new("no game to draw: call set_game first"))?;
        let hover_move = match (hover_px, self.frame) {
            (Some(px), Some(f)) => {
                let (a, b) = t.move_range();
                let x_range = (f64::from(a) - 0.5, f64::from(b) + 0.5);
                Some(Frame { x_range, ..f }.data_x(px).round().max(f64::from(a)).min(f64::from(b)) as u32)
            }
            _ => None,
        };
        let backend =
            MeasuredCanvas::new(&self.canvas).ok_or_else(|| JsError::new("the canvas has no 2d context"))?;
        let frame = draw_game(&backend.into_drawing_area(), t, hover_move)
            .map_err(|e| JsError::new(&e.to_string()))?;
        self.frame = Some(frame);
        let lines = hover_move.map(|m| t.describe(m)).unwrap_or_default();
        super::to_js(&GameDrawn { frame, moves: t.moves.len(), hover_move, lines })
    }
}

/// A game record's chart data (the fields the game chart reads, as compact JSON): what the Match
/// view's Embed button puts inline in a `<tm-curve kind="game">`, which draws it with
/// [`GameCanvas::set_game`].
#[wasm_bindgen]
pub fn game_chart_data(record: JsValue) -> Result<String, JsError> {
    let view = read_record(&record)?;
    // The same fields as `RecordView::chart_data`, stringified by the page's JSON: the charts
    // module then links no JSON printer of its own (serde_json and its float printing, issue 24).
    let value = super::to_js(&view)?;
    js_sys::JSON::stringify(&value)
        .map(String::from)
        .map_err(|_| JsError::new("the chart data did not stringify"))
}

// The game record's reader. The record is read field by field from the page's object, as
// `RecordView`'s derived `Deserialize` reads it from JSON (natively): the same fields, the same
// defaults, other fields ignored; `null` (or a missing key) is an absent number. Written out
// rather than through serde-wasm-bindgen's deserialiser, whose generic struct readers and serde's
// error texts (with `str`'s Debug escaping and its Unicode tables) were 3.5 kB of the charts
// module gzipped (issue 24, docs/fuzzing-and-benches.md).

/// The reader's error: what the page sees thrown.
fn not_a_record(what: &str) -> JsError {
    JsError::new(&format!("not a game record: {what}"))
}

/// The value of `obj[name]`; `None` if the object has no such key (a key whose value is
/// `undefined` is there).
fn get(obj: &JsValue, name: &str) -> Option<JsValue> {
    let key = JsValue::from_str(name);
    let value = Reflect::get(obj, &key).unwrap_or(JsValue::UNDEFINED);
    (!value.is_undefined() || Reflect::has(obj, &key).unwrap_or(false)).then_some(value)
}

/// The value of `obj[name]`, which must be there.
fn need(obj: &JsValue, name: &str) -> Result<JsValue, JsError> {
    get(obj, name).ok_or_else(|| not_a_record(&format!("missing field `{name}`")))
}

/// The error of a value of the wrong type.
fn wrong(name: &str, expected: &str) -> JsError {
    not_a_record(&format!("invalid type of `{name}`, expected {expected}"))
}

/// `value` if it is an object (a struct's fields are read from it).
fn object(value: JsValue, name: &str) -> Result<JsValue, JsError> {
    if value.is_object() { Ok(value) } else { Err(wrong(name, "an object")) }
}

fn string(value: &JsValue, name: &str) -> Result<String, JsError> {
    value.as_string().ok_or_else(|| wrong(name, "a string"))
}

fn boolean(value: &JsValue, name: &str) -> Result<bool, JsError> {
    value.as_bool().ok_or_else(|| wrong(name, "a boolean"))
}

fn number(value: &JsValue, name: &str) -> Result<f64, JsError> {
    value.as_f64().ok_or_else(|| wrong(name, "a number"))
}

/// A number that may be absent (`null`, `undefined`): a non-finite one reads as absent.
fn finite_opt(value: &JsValue, name: &str) -> Result<Option<f64>, JsError> {
    if value.is_null() || value.is_undefined() {
        return Ok(None);
    }
    Ok(Some(number(value, name)?).filter(|x| x.is_finite()))
}

/// A whole number from 0 to `u32::MAX` (a safe integer).
fn whole(value: &JsValue, name: &str) -> Result<u32, JsError> {
    match value.as_f64() {
        Some(x) if Number::is_safe_integer(value) && (0.0..=f64::from(u32::MAX)).contains(&x) => Ok(x as u32),
        _ => Err(wrong(name, "a whole number (u32)")),
    }
}

/// An object that may be absent (`null`, `undefined`, no key).
fn opt_object(obj: &JsValue, name: &str) -> Result<Option<JsValue>, JsError> {
    match get(obj, name) {
        Some(v) if !(v.is_null() || v.is_undefined()) => object(v, name).map(Some),
        _ => Ok(None),
    }
}

fn side(setup: &JsValue, name: &str) -> Result<SideView, JsError> {
    let side = object(need(setup, name)?, name)?;
    Ok(SideView { name: string(&need(&side, "name")?, "name")? })
}

fn budget(engine: &JsValue) -> Result<BudgetView, JsError> {
    let b = object(need(engine, "budget")?, "budget")?;
    Ok(BudgetView {
        soft_ms: finite_opt(&need(&b, "soft_ms")?, "soft_ms")?,
        hard_ms: finite_opt(&need(&b, "hard_ms")?, "hard_ms")?,
    })
}

fn engine(m: &JsValue) -> Result<Option<EngineView>, JsError> {
    let Some(e) = opt_object(m, "engine")? else { return Ok(None) };
    let effective = match opt_object(&e, "effective")? {
        Some(eff) => Some(EffectiveView { soft_ms: finite_opt(&need(&eff, "soft_ms")?, "soft_ms")? }),
        None => None,
    };
    Ok(Some(EngineView { budget: budget(&e)?, effective }))
}

fn one_move(m: JsValue) -> Result<MoveView, JsError> {
    let m = object(m, "moves")?;
    Ok(MoveView {
        ply: whole(&need(&m, "ply")?, "ply")?,
        color: string(&need(&m, "color")?, "color")?,
        san: get(&m, "san").map_or_else(|| Ok(String::new()), |v| string(&v, "san"))?,
        book: boolean(&need(&m, "book")?, "book")?,
        used_ms: finite_opt(&need(&m, "used_ms")?, "used_ms")?,
        clock_after_ms: finite_opt(&need(&m, "clock_after_ms")?, "clock_after_ms")?,
        flagged: boolean(&need(&m, "flagged")?, "flagged")?,
        engine: engine(&m)?,
    })
}

/// A game record (a game summary's `record`, or `{setup, moves}` of a running game) as the chart
/// reads it: `moves` is an array or any iterable.
fn read_record(record: &JsValue) -> Result<RecordView, JsError> {
    let record = object(record.clone(), "record")?;
    let setup = object(need(&record, "setup")?, "setup")?;
    let setup = SetupView { white: side(&setup, "white")?, black: side(&setup, "black")? };
    let list = need(&record, "moves")?;
    let mut moves = Vec::new();
    if let Some(array) = list.dyn_ref::<Array>() {
        for m in array.iter() {
            moves.push(one_move(m)?);
        }
    } else if let Some(iter) = js_sys::try_iter(&list).ok().flatten() {
        for m in iter {
            moves.push(one_move(m.map_err(|_| wrong("moves", "an array"))?)?);
        }
    } else {
        return Err(wrong("moves", "an array"));
    }
    let resolution_ms = get(&record, "resolution_ms").map_or(Ok(0.0), |v| number(&v, "resolution_ms"))?;
    Ok(RecordView { setup, moves, resolution_ms })
}
