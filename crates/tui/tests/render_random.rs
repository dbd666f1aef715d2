//! Random frame sequences (a fixed-seed generator, so runs repeat) through both modes and a
//! terminal emulator, checking what must hold after every frame whatever changed:
//! fullscreen shows exactly the transcript window and the dock; regular mode shows a
//! contiguous window of the frame that ends with its last line. Edits, growth, shrinking,
//! styled and wide text, resizes and scrolling are mixed.

mod common;

use common::Emulator;
use tau_tui::render::{DockPart, Frame, Renderer, StaticLines, TermSize, TuiMode};

/// xorshift64*: deterministic, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// What a row shows of `text` on `cols` columns: cut to the width (a wide character that
/// does not fit is left out), trailing blanks trimmed as the emulator's rows are.
fn fit(text: &str, cols: usize) -> String {
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = if c.is_ascii() { 1 } else { 2 };
        if used + w > cols {
            break;
        }
        used += w;
        out.push(c);
    }
    out.trim_end().to_string()
}

/// A line of visible text `text` (what the emulator shows), styled or wide at random.
fn random_line(rng: &mut Rng, serial: usize, width: usize) -> (String, String) {
    let text = match rng.below(4) {
        0 => format!("wide 中文{serial}"),
        _ => format!("line {serial} {}", "x".repeat(rng.below(width))),
    };
    // Within the width it is made for; a later, narrower terminal cuts it.
    let text = fit(&text, width);
    let styled = match rng.below(3) {
        0 => format!("\x1b[3{}m{text}\x1b[0m", rng.below(8)),
        1 => format!("\x1b[1m{text}"),
        _ => text.clone(),
    };
    (styled, text)
}

struct Model {
    styled: Vec<String>,
    plain: Vec<String>,
    serial: usize,
}

impl Model {
    fn edit(&mut self, rng: &mut Rng, width: usize) {
        let mut line = |rng: &mut Rng| {
            self.serial += 1;
            random_line(rng, self.serial, width)
        };
        match rng.below(6) {
            0 | 1 => {
                for _ in 0..=rng.below(4) {
                    let (s, p) = line(rng);
                    self.styled.push(s);
                    self.plain.push(p);
                }
            }
            2 if !self.plain.is_empty() => {
                let i = rng.below(self.plain.len());
                let (s, p) = line(rng);
                self.styled[i] = s;
                self.plain[i] = p;
            }
            3 if !self.plain.is_empty() => {
                let keep = rng.below(self.plain.len());
                self.styled.truncate(keep);
                self.plain.truncate(keep);
            }
            4 if !self.plain.is_empty() => {
                let i = self.plain.len() - 1 - rng.below(self.plain.len().min(3));
                let (s, p) = line(rng);
                self.styled[i] = s;
                self.plain[i] = p;
            }
            _ => {}
        }
    }
}

fn run(mode: TuiMode, seed: u64, frames: usize) {
    let mut rng = Rng(seed);
    let mut size = TermSize { cols: 24, rows: 8 };
    let mut term = Emulator::new(size.cols, size.rows);
    let mut renderer = Renderer::new(mode);
    renderer.set_clear_on_shrink(seed & 1 == 0);
    let mut start = Vec::new();
    renderer
        .enter(&mut start)
        .unwrap_or_else(|e| panic!("enter: {e}"));
    term.feed(&start);
    let mut model = Model {
        styled: Vec::new(),
        plain: Vec::new(),
        serial: 0,
    };
    for frame_no in 0..frames {
        if rng.below(12) == 0 {
            size = TermSize {
                cols: 12 + rng.below(20),
                rows: 4 + rng.below(8),
            };
            term.resize(size.cols, size.rows);
        }
        model.edit(&mut rng, size.cols);
        if mode == TuiMode::Fullscreen && rng.below(5) == 0 {
            let scroll = renderer.scroll().unwrap_or_else(|| panic!("scroll"));
            match rng.below(4) {
                0 => scroll.page_up(),
                1 => scroll.line_down(),
                2 => scroll.to_bottom(),
                _ => scroll.to_top(),
            }
        }
        let dock_text = format!("dock {frame_no}");
        let mut content = StaticLines::new(model.styled.clone());
        let mut dock = StaticLines::new([dock_text.clone()]);
        let frame = Frame {
            content: &mut content,
            dock: vec![DockPart::new(&mut dock)],
            overlays: Vec::new(),
        };
        let mut out = Vec::new();
        renderer
            .render(frame, size, &mut out)
            .unwrap_or_else(|e| panic!("render: {e}"));
        term.feed(&out);
        let screen = term.screen();
        let at = format!("seed {seed} frame {frame_no} size {size:?}");
        let shown: Vec<String> = model.plain.iter().map(|l| fit(l, size.cols)).collect();
        let mut expected_frame = shown.clone();
        expected_frame.push(dock_text.clone());
        match mode {
            TuiMode::Fullscreen => {
                let viewport = size.rows - 1;
                let top = renderer.scroll().map_or(0, |s| s.top());
                let mut rows: Vec<String> =
                    shown.iter().skip(top).take(viewport).cloned().collect();
                rows.resize(viewport, String::new());
                rows.push(dock_text);
                assert_eq!(screen, rows, "{at}");
            }
            TuiMode::Regular => {
                // Some window [top, top + rows) of the frame, blank past its end, holding the
                // last line.
                let len = expected_frame.len();
                let found = (0..len).any(|top| {
                    top + size.rows >= len
                        && screen.iter().enumerate().all(|(i, row)| {
                            expected_frame.get(top + i).map_or("", String::as_str) == row
                        })
                });
                assert!(found, "{at}: {screen:?} is no window of {expected_frame:?}");
            }
        }
    }
}

#[test]
fn fullscreen_always_shows_the_transcript_window_and_the_dock() {
    for seed in [1, 7, 42, 1234] {
        run(TuiMode::Fullscreen, seed, 250);
    }
}

#[test]
fn regular_mode_always_shows_a_window_ending_at_the_last_line() {
    for seed in [3, 8, 77, 4322] {
        run(TuiMode::Regular, seed, 250);
    }
}
