//! Helpers shared by the renderer tests: a terminal emulator fed with the renderer's bytes,
//! and JSON overlay options read the way pi-tui reads them.

#![allow(dead_code)]

use serde_json::Value;
use tau_tui::render::{Anchor, Margin, OverlayOptions, Position, SizeValue};

/// A terminal emulator with scrollback.
pub struct Emulator {
    pub parser: vt100::Parser,
}

impl Emulator {
    pub fn new(cols: usize, rows: usize) -> Self {
        Self {
            parser: vt100::Parser::new(rows as u16, cols as u16, 10_000),
        }
    }

    pub fn feed(&mut self, bytes: &[u8]) {
        self.parser.process(bytes);
    }

    pub fn resize(&mut self, cols: usize, rows: usize) {
        self.parser.screen_mut().set_size(rows as u16, cols as u16);
    }

    /// The visible rows, trailing blanks trimmed.
    pub fn screen(&self) -> Vec<String> {
        let screen = self.parser.screen();
        let cols = screen.size().1;
        screen
            .rows(0, cols)
            .map(|r| r.trim_end().to_string())
            .collect()
    }

    /// Each visible row with its attributes, as escape sequences.
    pub fn formatted(&self) -> Vec<Vec<u8>> {
        let screen = self.parser.screen();
        let cols = screen.size().1;
        screen.rows_formatted(0, cols).collect()
    }

    /// How many lines are in the scrollback, and the newest of them (at most a screenful:
    /// vt100 cannot show more than one screen of scrollback at once), oldest first.
    pub fn scrollback(&mut self) -> (usize, Vec<String>) {
        self.parser.screen_mut().set_scrollback(usize::MAX);
        let total = self.parser.screen().scrollback();
        let (rows, cols) = self.parser.screen().size();
        let shown = total.min(usize::from(rows));
        self.parser.screen_mut().set_scrollback(shown);
        let lines = self
            .parser
            .screen()
            .rows(0, cols)
            .take(shown)
            .map(|r| r.trim_end().to_string())
            .collect();
        self.parser.screen_mut().set_scrollback(0);
        (total, lines)
    }

    pub fn cursor(&self) -> (u16, u16) {
        self.parser.screen().cursor_position()
    }

    pub fn cursor_hidden(&self) -> bool {
        self.parser.screen().hide_cursor()
    }

    /// Mouse reporting mode and encoding, as text.
    pub fn mouse(&self) -> String {
        let screen = self.parser.screen();
        format!(
            "{:?}/{:?}",
            screen.mouse_protocol_mode(),
            screen.mouse_protocol_encoding()
        )
    }

    pub fn alternate(&self) -> bool {
        self.parser.screen().alternate_screen()
    }
}

fn size_value(v: &Value) -> Option<SizeValue> {
    match v {
        Value::Number(n) => n.as_i64().map(SizeValue::Cells),
        Value::String(s) => SizeValue::parse_percent(s),
        _ => None,
    }
}

fn position(v: &Value) -> Option<Position> {
    match v {
        Value::Number(n) => n.as_i64().map(Position::Cells),
        Value::String(s) => Some(match SizeValue::parse_percent(s) {
            Some(SizeValue::Percent(p)) => Position::Percent(p),
            _ => Position::Center,
        }),
        _ => None,
    }
}

/// pi-tui's `OverlayOptions` from JSON (the generator's script).
pub fn overlay_options(v: &Value, hidden: bool) -> OverlayOptions {
    let int = |key: &str| v[key].as_i64();
    let margin = match &v["margin"] {
        Value::Number(n) => Margin::all(n.as_i64().unwrap_or(0)),
        Value::Object(m) => Margin {
            top: m.get("top").and_then(Value::as_i64).unwrap_or(0),
            right: m.get("right").and_then(Value::as_i64).unwrap_or(0),
            bottom: m.get("bottom").and_then(Value::as_i64).unwrap_or(0),
            left: m.get("left").and_then(Value::as_i64).unwrap_or(0),
        },
        _ => Margin::default(),
    };
    OverlayOptions {
        width: size_value(&v["width"]),
        min_width: int("minWidth"),
        max_height: size_value(&v["maxHeight"]),
        anchor: v["anchor"]
            .as_str()
            .and_then(Anchor::from_name)
            .unwrap_or_default(),
        offset_x: int("offsetX").unwrap_or(0),
        offset_y: int("offsetY").unwrap_or(0),
        row: position(&v["row"]),
        col: position(&v["col"]),
        margin,
        visible: !hidden,
        non_capturing: v["nonCapturing"] == Value::Bool(true),
    }
}

pub fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}
