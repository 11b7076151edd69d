//! wasm tests on a page: the charts drawn by the crate's canvas backend on a real canvas.
//! Run with `cargo test --target wasm32-unknown-unknown --test wasm_page` (headless Chromium).
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

use tmlab::wasm::charts::CurveCanvas;

wasm_bindgen_test_configure!(run_in_browser);

fn canvas(width: u32, height: u32) -> HtmlCanvasElement {
    let document = web_sys::window().unwrap().document().unwrap();
    let canvas: HtmlCanvasElement = document.create_element("canvas").unwrap().dyn_into().unwrap();
    canvas.set_width(width);
    canvas.set_height(height);
    document.body().unwrap().append_child(&canvas).unwrap();
    canvas
}

/// Count pixels that are neither white nor transparent.
fn inked_pixels(c: &HtmlCanvasElement) -> usize {
    let ctx: CanvasRenderingContext2d = c.get_context("2d").unwrap().unwrap().dyn_into().unwrap();
    let data = ctx.get_image_data(0.0, 0.0, f64::from(c.width()), f64::from(c.height())).unwrap().data();
    data.chunks(4).filter(|p| p[3] > 0 && (p[0] < 250 || p[1] < 250 || p[2] < 250)).count()
}

fn get(v: &JsValue, path: &[&str]) -> JsValue {
    path.iter().fold(v.clone(), |v, k| js_sys::Reflect::get(&v, &(*k).into()).unwrap())
}

#[wasm_bindgen_test]
fn decay_chart_draws_and_reports_the_hovered_point() {
    let c = canvas(640, 360);
    let mut chart = CurveCanvas::new(c.clone());
    let drawn = chart.draw_decay(0.0, 1.0, 1.0, None).unwrap();
    assert!(inked_pixels(&c) > 2000, "the chart drew almost nothing");
    let left = get(&drawn, &["frame", "left"]).as_f64().unwrap();
    let right = get(&drawn, &["frame", "right"]).as_f64().unwrap();
    assert!(get(&drawn, &["point"]).is_null() || get(&drawn, &["point"]).is_undefined());

    // Hover a third of the way along: value 2.0 of 0…6, ED = 0.75.
    let hovered = chart.draw_decay(0.0, 1.0, 1.0, Some(left + (right - left) / 3.0)).unwrap();
    let value = get(&hovered, &["point", "value"]).as_f64().unwrap();
    let ed = get(&hovered, &["point", "ed"]).as_f64().unwrap();
    assert!((value - 2.0).abs() < 1e-9, "value {value}");
    assert!((ed - 0.75).abs() < 1e-6, "ed {ed}");
}

#[wasm_bindgen_test]
fn moves_left_chart_changes_with_its_parameters() {
    let c = canvas(480, 300);
    let mut chart = CurveCanvas::new(c.clone());
    chart.draw_moves_left(51.5, 7.0, None).unwrap();
    let ink_default = inked_pixels(&c);
    chart.draw_moves_left(30.0, 3.0, Some(200.0)).unwrap();
    assert_ne!(inked_pixels(&c), ink_default);
    let err = chart.draw_moves_left(-1.0, 7.0, None).err().expect("a negative midpoint is refused");
    let message = get(&JsValue::from(err), &["message"]).as_string().unwrap();
    assert!(message.contains("midpoint"), "{message}");
}

#[wasm_bindgen_test]
fn time_controls_from_shared_links_are_checked_by_the_clock_parser() {
    use tmlab::wasm::tc_check::normalize_time_control;
    assert_eq!(normalize_time_control("40/60").unwrap(), "40/60");
    assert_eq!(normalize_time_control("60+0.6").unwrap(), "60+0.6");
    let err = normalize_time_control("banana").err().expect("not a time control");
    let message = get(&err, &["message"]).as_string().unwrap();
    assert!(message.contains("banana"), "{message}");
}

/// The typed error `{path, message, allowed}` crosses the boundary as a plain object: read by
/// field, the message never holds the allowed list (nothing for the page to split).
fn typed(err: &JsValue) -> (String, String, String) {
    let field =
        |k: &str| get(err, &[k]).as_string().unwrap_or_else(|| panic!("no string `{k}` in the error"));
    (field("path"), field("message"), field("allowed"))
}

#[wasm_bindgen_test]
fn a_malformed_time_control_throws_the_typed_error() {
    let err = tmlab::wasm::rules::read_time_control("3+x").err().expect("3+x is not a time control");
    let (path, message, allowed) = typed(&err);
    assert_eq!(path, "tc");
    assert!(message.contains("`3+x`") || message.contains("`x`"), "{message}");
    assert_eq!(allowed, tmlab::clock::TC_FORMS);
    assert!(!message.contains("allowed"), "{message}");
    let err = tmlab::wasm::tc_check::normalize_time_control("40/").err().expect("no time after the moves");
    assert_eq!(typed(&err).0, "tc");
}

#[wasm_bindgen_test]
fn a_bad_parameter_string_throws_the_typed_error() {
    let err = tmlab::wasm::rules::check_spec("stockfish(move-overhead=99999)").err().expect("out of range");
    let (path, message, allowed) = typed(&err);
    assert_eq!(path, "move-overhead");
    assert!(message.contains("99999"), "{message}");
    assert!(!allowed.is_empty() && !message.contains(&allowed), "{message} / {allowed}");
    let err = tmlab::wasm::rules::check_spec("nosuch").err().expect("unknown manager");
    let (path, _, allowed) = typed(&err);
    assert_eq!(path, "manager");
    assert!(allowed.contains("stockfish") && allowed.contains("aliases"), "{allowed}");
}

/// A game record as the page holds it: extra fields, `null` and absent numbers, an absent SAN,
/// engine and effective limit, a resolution.
const RECORD: &str = r#"{"setup":{"white":{"name":"stockfish","tc":"1+0.01"},"black":{"name":"lc0"}},
 "result":"1-0","resolution_ms":10,
 "moves":[{"ply":0,"color":"white","san":"e4","book":true,"used_ms":null,"clock_after_ms":1000,"flagged":false,"engine":null},
  {"ply":1,"color":"black","book":false,"used_ms":12.5,"clock_after_ms":997.5,"flagged":false,
   "engine":{"budget":{"soft_ms":20,"hard_ms":80.25},"effective":{"soft_ms":31.75}}},
  {"ply":2,"color":"white","san":"Nf3","book":false,"used_ms":40,"clock_after_ms":null,"flagged":false,
   "engine":{"budget":{"soft_ms":null,"hard_ms":90}}},
  {"ply":3,"color":"black","san":"Nc6","book":false,"used_ms":1000,"clock_after_ms":0,"flagged":true}]}"#;

#[wasm_bindgen_test]
fn the_game_record_reads_as_its_json_reads_natively() {
    use tmlab::plot::game::RecordView;
    use tmlab::wasm::game_chart::{GameCanvas, game_chart_data};
    let record = js_sys::JSON::parse(RECORD).unwrap();
    // The page's reader and serde_json's derived one read the same fields and values.
    let data = game_chart_data(record.clone()).unwrap();
    let native: RecordView = serde_json::from_str(RECORD).unwrap();
    let again: RecordView = serde_json::from_str(&data).unwrap();
    assert_eq!(format!("{again:?}"), format!("{native:?}"));
    let c = canvas(640, 360);
    let mut chart = GameCanvas::new(c.clone());
    assert_eq!(chart.set_game(record).unwrap(), 3, "the three engine moves");
    chart.draw(None).unwrap();
    assert!(inked_pixels(&c) > 2000, "the chart drew almost nothing");
    // A record without moves, or with a wrong type, is refused with the field's name.
    let message = |text: &str| {
        let e = JsValue::from(game_chart_data(js_sys::JSON::parse(text).unwrap()).unwrap_err());
        get(&e, &["message"]).as_string().unwrap()
    };
    assert_eq!(
        message(r#"{"setup":{"white":{"name":"a"},"black":{"name":"b"}}}"#),
        "not a game record: missing field `moves`"
    );
    let wrong = RECORD.replace(r#""ply":1,"#, r#""ply":1.5,"#);
    assert!(message(&wrong).contains("`ply`"), "{}", message(&wrong));
    assert!(message("3").starts_with("not a game record"));
}
