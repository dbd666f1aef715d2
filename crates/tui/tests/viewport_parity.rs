//! Fullscreen viewport input against vectors generated from pi-tui (gen/viewport_vectors.mjs):
//! mouse report parsing (wheel, SGR press/motion/release, what counts as a mouse sequence),
//! wheel line counts of `WheelScrollAccelerator` gestures, and transcript search matches.

use serde_json::{json, Value};
use tau_tui::render::mouse::{is_mouse_sequence, parse_mouse, parse_wheel};
use tau_tui::render::search::find;
use tau_tui::render::wheel::{WheelAccelerator, WheelLines};

fn vectors() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/viewport.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("parse {path}: {e}"))
}

fn items<'a>(v: &'a Value, key: &str) -> &'a Vec<Value> {
    v[key]
        .as_array()
        .unwrap_or_else(|| panic!("{key} is not an array"))
}

#[test]
fn mouse_reports_parse_as_pi_tui_parses_them() {
    let v = vectors();
    for case in items(&v, "mouse") {
        let input = case["input"].as_str().unwrap_or_default();
        let wheel = parse_wheel(input)
            .map(|w| json!({"direction": w.direction, "x": w.x, "y": w.y, "button": w.button}));
        assert_eq!(
            wheel.unwrap_or(Value::Null),
            case["wheel"],
            "wheel of {input:?}"
        );
        let sgr = parse_mouse(input)
            .map(|m| json!({"button": m.button, "x": m.x, "y": m.y, "release": m.release}));
        assert_eq!(sgr.unwrap_or(Value::Null), case["sgr"], "sgr of {input:?}");
        assert_eq!(
            Value::Bool(is_mouse_sequence(input)),
            case["isMouse"],
            "isMouseSequence of {input:?}"
        );
    }
}

#[test]
fn wheel_gestures_move_as_many_lines_as_in_pi_tui() {
    let v = vectors();
    for case in items(&v, "wheel") {
        let lines = WheelLines::from_setting(Some(&case["lines"]));
        let lines = match (&case["lines"], lines) {
            // The generator also feeds fractional counts, which the setting never holds.
            (Value::Number(n), _) => WheelLines::Fixed(n.as_f64().unwrap_or(1.0)),
            (_, lines) => lines,
        };
        let mut wheel = WheelAccelerator::new(lines, case["accelerate"] == Value::Bool(true));
        let got: Vec<Value> = items(case, "events")
            .iter()
            .map(|e| {
                let direction = e[0].as_i64().unwrap_or(1);
                json!(wheel.next(direction, e[1].as_f64().unwrap_or(0.0)))
            })
            .collect();
        assert_eq!(Value::Array(got), case["expected"], "{case}");
    }
}

#[test]
fn search_finds_the_matches_pi_tui_finds() {
    let v = vectors();
    for case in items(&v, "search") {
        let lines: Vec<String> = items(case, "lines")
            .iter()
            .map(|l| l.as_str().unwrap_or_default().to_string())
            .collect();
        let query = case["query"].as_str().unwrap_or_default();
        let got: Vec<Value> = find(&lines, query)
            .iter()
            .map(|m| {
                let segments: Vec<Value> = m
                    .segments
                    .iter()
                    .map(|s| json!({"row": s.row, "startCol": s.start_col, "endCol": s.end_col}))
                    .collect();
                json!({ "segments": segments })
            })
            .collect();
        assert_eq!(Value::Array(got), case["matches"], "{query:?} in {lines:?}");
    }
}

#[test]
fn the_search_bar_draws_as_pi_tuis() {
    use tau_tui::keybindings::KeybindingsManager;
    use tau_tui::render::search_bar::SearchBar;
    use tau_tui::Component;
    let v = vectors();
    for case in items(&v, "searchBar") {
        let mut bar = SearchBar::new(KeybindingsManager::new().shared());
        for key in items(case, "keys") {
            bar.type_key(key.as_str().unwrap_or_default());
        }
        let result = items(case, "result");
        let selected = result[0].as_i64().filter(|i| *i >= 0).map(|i| i as usize);
        bar.set_result(selected, result[1].as_u64().unwrap_or(0) as usize);
        let width = case["width"].as_u64().unwrap_or(40) as usize;
        let lines: Vec<Value> = bar.render(width).iter().map(|l| json!(l)).collect();
        assert_eq!(Value::Array(lines), case["lines"], "{case}");
    }
}
