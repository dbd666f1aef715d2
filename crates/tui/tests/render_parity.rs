//! tau's renderer against pi-tui's (gen/render_vectors.mjs): each scripted scenario is
//! replayed through tau's [`Renderer`], and after every step the terminal emulator fed with
//! tau's bytes must show what the one fed with pi-tui's recorded bytes shows: every row's
//! text and attributes, the cursor and its visibility, and in regular mode the scrollback.

mod common;

use common::{overlay_options, strings, Emulator};
use serde_json::Value;
use tau_tui::render::{
    mouse, DockPart, Frame, Overlay, OverlayOptions, Renderer, ScrollbarMode, StaticLines,
    TermSize, TuiMode,
};

fn vectors() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/render.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("parse {path}: {e}"))
}

fn num(v: &Value) -> usize {
    v.as_u64()
        .unwrap_or_else(|| panic!("expected a number, got {v}")) as usize
}

struct Replay {
    renderer: Renderer,
    content: StaticLines,
    /// The dock's parts and their minimum heights.
    dock: Vec<(StaticLines, usize)>,
    overlays: Vec<(StaticLines, OverlayOptions)>,
    size: TermSize,
    now: std::time::Instant,
}

impl Replay {
    fn step(&mut self, step: &Value) -> Vec<u8> {
        if let Some(c) = step["cols"].as_u64() {
            self.size.cols = c as usize;
        }
        if let Some(r) = step["rows"].as_u64() {
            self.size.rows = r as usize;
        }
        if !step["content"].is_null() {
            self.content = StaticLines::new(strings(&step["content"]));
        }
        if !step["dock"].is_null() {
            self.dock[0].0 = StaticLines::new(strings(&step["dock"]));
        }
        for (i, part) in step["dockParts"]
            .as_array()
            .into_iter()
            .flatten()
            .enumerate()
        {
            self.dock[i].0 = StaticLines::new(strings(part));
        }
        let mut out = Vec::new();
        if let Some(mode) = step["switch"].as_str() {
            // What Terminal::switch_mode does to the screen.
            let mode = if mode == "regular" {
                TuiMode::Regular
            } else {
                TuiMode::Fullscreen
            };
            let cols = self.size.cols;
            let fail = |e: std::io::Error| panic!("switch: {e}");
            self.renderer
                .leave(None, cols, &mut out)
                .unwrap_or_else(fail);
            self.renderer.set_mode(mode);
            self.renderer.enter(&mut out).unwrap_or_else(fail);
        }
        if let Some(on) = step["clearOnShrink"].as_bool() {
            self.renderer.set_clear_on_shrink(on);
        }
        if let Some(list) = step["overlays"].as_array() {
            self.overlays = list
                .iter()
                .map(|o| {
                    let hidden = o["hidden"] == Value::Bool(true);
                    (
                        StaticLines::new(strings(&o["lines"])),
                        overlay_options(&o["options"], hidden),
                    )
                })
                .collect();
        }
        for data in strings(&step["input"]) {
            assert!(
                self.renderer
                    .handle_viewport_input(&data, std::time::Instant::now())
                    != tau_tui::render::ViewportInput::Ignored,
                "{data:?} consumed"
            );
        }
        if let Some(scroll) = self.renderer.scroll() {
            match &step["scroll"] {
                Value::String(s) if s == "top" => scroll.to_top(),
                Value::String(s) if s == "bottom" => scroll.to_bottom(),
                Value::Number(n) => {
                    scroll.scroll_by(n.as_i64().unwrap_or(0));
                }
                _ => {}
            }
        }
        if step["force"] == Value::Bool(true) {
            self.renderer.reset();
        }
        // pi-tui's stop(), or stop({ preserveScreen: true }).
        let stop = !step["stop"].is_null();
        let preserve = step["stop"] == "preserve";
        let overlays = self
            .overlays
            .iter_mut()
            .enumerate()
            .map(|(i, (component, options))| Overlay {
                component,
                options,
                focus_order: i as u64,
            })
            .collect();
        let frame = Frame {
            content: &mut self.content,
            dock: self
                .dock
                .iter_mut()
                .map(|(c, min)| DockPart::with_min(c, *min))
                .collect(),
            overlays,
        };
        if stop {
            self.renderer
                .leave((!preserve).then_some(frame), self.size.cols, &mut out)
                .unwrap_or_else(|e| panic!("leave: {e}"));
            return out;
        }
        // Steps a millisecond apart: a transient scrollbar shown by one step is still there.
        self.now += std::time::Duration::from_millis(1);
        let report = self
            .renderer
            .render_at(frame, self.size, self.now, &mut out)
            .unwrap_or_else(|e| panic!("render: {e}"));
        assert!(report.over_wide.is_empty(), "{:?}", report.over_wide);
        out
    }
}

#[test]
fn tau_leaves_the_terminal_as_pi_tui_does() {
    let vectors = vectors();
    let scenarios = vectors["scenarios"].as_array().cloned().unwrap_or_default();
    assert!(scenarios.len() >= 7, "too few scenarios");
    let mut steps_checked = 0;
    for scenario in &scenarios {
        let name = scenario["name"].as_str().unwrap_or("?");
        let mode = if scenario["mode"] == "fullscreen" {
            TuiMode::Fullscreen
        } else {
            TuiMode::Regular
        };
        let size = TermSize {
            cols: num(&scenario["cols"]),
            rows: num(&scenario["rows"]),
        };
        let mut pi = Emulator::new(size.cols, size.rows);
        let mut tau = Emulator::new(size.cols, size.rows);
        let mut renderer = Renderer::new(mode);
        renderer.show_hardware_cursor = scenario["showCursor"] == Value::Bool(true);
        renderer.set_scrollbar(match scenario["scrollbar"].as_str() {
            Some("always") => ScrollbarMode::Always,
            Some("auto") => ScrollbarMode::Auto,
            _ => ScrollbarMode::Hidden,
        });
        renderer.set_keep_diff_on_height_change(scenario["termux"] == Value::Bool(true));
        if scenario["mouse"] == Value::Bool(true) {
            renderer.set_mouse(Some(mouse::mouse_enable_sequence(|_| None)));
        }
        let mut replay = Replay {
            renderer,
            content: StaticLines::new(Vec::<String>::new()),
            dock: scenario["dockMins"]
                .as_array()
                .map_or(vec![0], |m| m.iter().map(num).collect())
                .into_iter()
                .map(|min| (StaticLines::new(Vec::<String>::new()), min))
                .collect(),
            overlays: Vec::new(),
            size,
            now: std::time::Instant::now(),
        };
        pi.feed(scenario["start"].as_str().unwrap_or("").as_bytes());
        if mode == TuiMode::Fullscreen {
            let mut start = Vec::new();
            replay
                .renderer
                .enter(&mut start)
                .unwrap_or_else(|e| panic!("enter: {e}"));
            tau.feed(&start);
        }
        let outputs = scenario["outputs"].as_array().cloned().unwrap_or_default();
        let steps = scenario["steps"].as_array().cloned().unwrap_or_default();
        for (k, (step, pi_bytes)) in steps.iter().zip(&outputs).enumerate() {
            let before = replay.size;
            let bytes = replay.step(step);
            if replay.size != before {
                pi.resize(replay.size.cols, replay.size.rows);
                tau.resize(replay.size.cols, replay.size.rows);
            }
            pi.feed(pi_bytes.as_str().unwrap_or("").as_bytes());
            tau.feed(&bytes);
            let at = format!("{name} step {k}");
            assert_eq!(tau.screen(), pi.screen(), "{at}: screen text");
            assert_eq!(tau.formatted(), pi.formatted(), "{at}: attributes");
            assert_eq!(tau.cursor(), pi.cursor(), "{at}: cursor position");
            assert_eq!(
                tau.cursor_hidden(),
                pi.cursor_hidden(),
                "{at}: cursor visibility"
            );
            assert_eq!(tau.mouse(), pi.mouse(), "{at}: mouse reporting");
            if mode == TuiMode::Regular {
                assert_eq!(tau.scrollback(), pi.scrollback(), "{at}: scrollback");
            } else {
                assert_eq!(tau.alternate(), pi.alternate(), "{at}: alternate screen");
            }
            steps_checked += 1;
        }
    }
    assert!(steps_checked >= 60, "only {steps_checked} steps");
}
