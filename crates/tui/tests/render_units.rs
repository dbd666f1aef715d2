//! The renderer through a terminal emulator: what the screen, the cursor and the scrollback
//! show after each frame, in both modes, with overlays, resizes, over-wide lines and
//! scrolling; plus the cost of a small change.

mod common;

use std::sync::Arc;
use std::time::Instant;

use common::Emulator;
use tau_tui::render::{
    Anchor, Frame, Margin, Overlay, OverlayOptions, RenderReport, Renderer, SizeValue, StaticLines,
    TermSize, TuiMode,
};
use tau_tui::{Component, Lines, CURSOR_MARKER};

/// Text that wraps to the width it is given (to see width changes re-wrap).
struct Paragraph(String);

impl Component for Paragraph {
    fn render(&mut self, width: usize) -> Lines {
        let chars: Vec<char> = self.0.chars().collect();
        Arc::new(
            chars
                .chunks(width.max(1))
                .map(|c| c.iter().collect())
                .collect(),
        )
    }
}

struct Harness {
    renderer: Renderer,
    term: Emulator,
    size: TermSize,
}

impl Harness {
    fn new(mode: TuiMode, cols: usize, rows: usize) -> Self {
        let mut renderer = Renderer::new(mode);
        let mut term = Emulator::new(cols, rows);
        let mut start = Vec::new();
        renderer
            .enter(&mut start)
            .unwrap_or_else(|e| panic!("enter: {e}"));
        term.feed(&start);
        Self {
            renderer,
            term,
            size: TermSize { cols, rows },
        }
    }

    fn resize(&mut self, cols: usize, rows: usize) {
        self.size = TermSize { cols, rows };
        self.term.resize(cols, rows);
    }

    fn draw<'a>(
        &mut self,
        content: &'a mut (dyn Component + 'a),
        dock: &'a mut (dyn Component + 'a),
        overlays: Vec<Overlay<'a>>,
    ) -> (RenderReport, Vec<u8>) {
        let frame = Frame {
            content,
            dock,
            overlays,
        };
        let mut out = Vec::new();
        let report = self
            .renderer
            .render(frame, self.size, &mut out)
            .unwrap_or_else(|e| panic!("render: {e}"));
        self.term.feed(&out);
        (report, out)
    }

    fn lines(&mut self, content: &[String], dock: &[&str]) -> (RenderReport, Vec<u8>) {
        let mut c = StaticLines::new(content.to_vec());
        let mut d = StaticLines::new(dock.iter().copied());
        self.draw(&mut c, &mut d, Vec::new())
    }
}

fn numbered(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("line {i}")).collect()
}

fn blank_trimmed(rows: Vec<String>) -> Vec<String> {
    rows.into_iter().map(|r| r.trim_end().to_string()).collect()
}

#[test]
fn regular_mode_leaves_the_transcript_in_the_scrollback() {
    let mut h = Harness::new(TuiMode::Regular, 20, 5);
    h.lines(&numbered(3), &["> "]);
    assert_eq!(h.term.screen(), vec!["line 0", "line 1", "line 2", ">", ""]);
    h.lines(&numbered(12), &["> "]);
    assert_eq!(
        h.term.screen(),
        vec!["line 8", "line 9", "line 10", "line 11", ">"]
    );
    let (count, newest) = h.term.scrollback();
    assert_eq!(count, 8);
    assert_eq!(newest[newest.len() - 1], "line 7");
}

#[test]
fn regular_mode_rewrites_only_from_the_first_changed_line() {
    let mut h = Harness::new(TuiMode::Regular, 30, 50);
    let mut lines = numbered(200);
    h.lines(&lines, &["> "]);
    lines[199] = "line 199 changed".into();
    let (report, bytes) = h.lines(&lines, &["> "]);
    assert!(!report.full_redraw);
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.contains("line 199 changed") && !text.contains("line 198"));
    eprintln!(
        "regular: 1-line change in 200 lines wrote {} bytes",
        bytes.len()
    );
    assert!(bytes.len() < 120, "{} bytes", bytes.len());
    assert_eq!(h.term.screen()[48], "line 199 changed");
    // A change above the visible part needs a full redraw.
    lines[0] = "first".into();
    assert!(h.lines(&lines, &["> "]).0.full_redraw);
    assert_eq!(h.term.screen()[48], "line 199 changed");
}

#[test]
fn shrinking_clears_the_rows_left_behind_and_growing_appends() {
    let mut h = Harness::new(TuiMode::Regular, 20, 10);
    h.lines(&numbered(6), &["dock"]);
    h.lines(&numbered(2), &["dock"]);
    assert_eq!(
        blank_trimmed(h.term.screen())[..4],
        ["line 0", "line 1", "dock", ""]
    );
    h.lines(&numbered(4), &["dock"]);
    assert_eq!(
        h.term.screen()[..6],
        ["line 0", "line 1", "line 2", "line 3", "dock", ""]
    );
}

#[test]
fn a_width_change_redraws_everything_rewrapped() {
    let mut h = Harness::new(TuiMode::Regular, 10, 6);
    let mut text = Paragraph("abcdefghijklmnopqrst".into());
    let mut dock = StaticLines::new(["$"]);
    h.draw(&mut text, &mut dock, Vec::new());
    assert_eq!(h.term.screen()[..3], ["abcdefghij", "klmnopqrst", "$"]);
    h.resize(5, 6);
    let (report, _) = h.draw(&mut text, &mut dock, Vec::new());
    assert!(report.full_redraw);
    assert_eq!(
        h.term.screen()[..5],
        ["abcde", "fghij", "klmno", "pqrst", "$"]
    );
}

#[test]
fn a_line_wider_than_the_terminal_is_cut_and_reported_not_fatal() {
    for mode in [TuiMode::Regular, TuiMode::Fullscreen] {
        let mut h = Harness::new(mode, 10, 4);
        let (report, _) = h.lines(&["0123456789abcdef".to_string()], &["ok"]);
        assert_eq!(report.over_wide.len(), 1, "{mode:?}");
        assert_eq!(report.over_wide[0].width, 16);
        assert!(report.over_wide[0].to_string().contains("16 > 10"));
        assert!(h.term.screen().contains(&"0123456789".to_string()));
    }
}

#[test]
fn the_hardware_cursor_goes_to_the_marker() {
    let mut h = Harness::new(TuiMode::Regular, 20, 6);
    h.renderer.show_hardware_cursor = true;
    let marked = format!("> ab{CURSOR_MARKER}c");
    let (report, _) = h.lines(&numbered(2), &[&marked, "footer"]);
    assert_eq!(report.cursor, Some((2, 4)));
    assert_eq!(h.term.cursor(), (2, 4));
    assert!(!h.term.cursor_hidden());
    h.lines(&numbered(2), &["> abc", "footer"]);
    assert!(h.term.cursor_hidden());

    let mut f = Harness::new(TuiMode::Fullscreen, 20, 6);
    f.lines(&numbered(2), &[&marked, "footer"]);
    assert_eq!(f.term.cursor(), (4, 4), "dock pinned to the bottom");
    assert!(
        f.term.cursor_hidden(),
        "shown only with show_hardware_cursor"
    );
}

fn anchored(anchor: Anchor) -> OverlayOptions {
    OverlayOptions {
        anchor,
        width: Some(SizeValue::Cells(4)),
        ..OverlayOptions::default()
    }
}

#[test]
fn overlays_land_at_each_anchor_over_the_fullscreen_frame() {
    let cases = [
        (Anchor::TopLeft, 0, 0),
        (Anchor::TopCenter, 0, 8),
        (Anchor::TopRight, 0, 16),
        (Anchor::LeftCenter, 3, 0),
        (Anchor::Center, 3, 8),
        (Anchor::RightCenter, 3, 16),
        (Anchor::BottomLeft, 6, 0),
        (Anchor::BottomCenter, 6, 8),
        (Anchor::BottomRight, 6, 16),
    ];
    for (anchor, row, col) in cases {
        let mut h = Harness::new(TuiMode::Fullscreen, 20, 8);
        let mut content = StaticLines::new(vec!["....................".to_string(); 30]);
        let mut dock = StaticLines::new(["...................."]);
        let mut boxed = StaticLines::new(["[AB]", "[CD]"]);
        let options = anchored(anchor);
        let overlays = vec![Overlay {
            component: &mut boxed,
            options: &options,
            focus_order: 1,
        }];
        let (report, _) = h.draw(&mut content, &mut dock, overlays);
        let screen = h.term.screen();
        assert_eq!(&screen[row][col..col + 4], "[AB]", "{anchor:?}: {screen:?}");
        assert_eq!(&screen[row + 1][col..col + 4], "[CD]", "{anchor:?}");
        assert_eq!(screen[row].len(), 20, "the rest of the row is kept");
        let bounds = report.overlay_bounds[0].unwrap_or_else(|| panic!("bounds"));
        assert_eq!((bounds.row, bounds.col, bounds.height), (row, col, 2));
    }
}

#[test]
fn overlay_percentages_margins_and_stacking() {
    let mut h = Harness::new(TuiMode::Regular, 40, 10);
    let mut content = StaticLines::new(vec!["-".repeat(40); 10]);
    let mut dock = StaticLines::new(Vec::<String>::new());
    let mut wide = StaticLines::new(["W".repeat(40)]);
    let mut top = StaticLines::new(["T"]);
    let mut hidden = StaticLines::new(["H"]);
    let half = OverlayOptions {
        width: Some(SizeValue::Percent(50.0)),
        anchor: Anchor::BottomRight,
        margin: Margin {
            right: 2,
            bottom: 1,
            ..Margin::default()
        },
        ..OverlayOptions::default()
    };
    let above = OverlayOptions {
        width: Some(SizeValue::Cells(1)),
        row: Some(tau_tui::render::Position::Cells(8)),
        col: Some(tau_tui::render::Position::Percent(100.0)),
        margin: Margin {
            right: 2,
            ..Margin::default()
        },
        ..OverlayOptions::default()
    };
    let invisible = OverlayOptions {
        visible: false,
        ..above
    };
    let overlays = vec![
        Overlay {
            component: &mut top,
            options: &above,
            focus_order: 2,
        },
        Overlay {
            component: &mut wide,
            options: &half,
            focus_order: 1,
        },
        Overlay {
            component: &mut hidden,
            options: &invisible,
            focus_order: 3,
        },
    ];
    let (report, _) = h.draw(&mut content, &mut dock, overlays);
    let row = &h.term.screen()[8];
    // Width 50% of 40 = 20 at the bottom right inside the margins: columns 18..38; the
    // one-column box at 100% of the free width (37), higher in focus order, on top of it.
    assert_eq!(row, &format!("{}{}T--", "-".repeat(18), "W".repeat(19)));
    assert_eq!(report.overlay_bounds[2], None);
}

#[test]
fn fullscreen_follows_streaming_output_until_the_user_scrolls_up() {
    let mut h = Harness::new(TuiMode::Fullscreen, 20, 6);
    h.lines(&numbered(3), &["dock"]);
    assert_eq!(
        h.term.screen(),
        vec!["line 0", "line 1", "line 2", "", "", "dock"]
    );
    h.lines(&numbered(20), &["dock"]);
    assert_eq!(h.term.screen()[0], "line 15");
    let scroll = h
        .renderer
        .scroll()
        .unwrap_or_else(|| panic!("fullscreen scrolls"));
    scroll.page_up();
    h.lines(&numbered(30), &["dock"]);
    assert_eq!(h.term.screen()[0], "line 14", "stays where the user went");
    let scroll = h.renderer.scroll().unwrap_or_else(|| panic!("scroll"));
    scroll.to_bottom();
    h.lines(&numbered(31), &["dock"]);
    assert_eq!(h.term.screen()[4], "line 30");
    assert_eq!(h.term.screen()[5], "dock");
    h.renderer
        .scroll()
        .unwrap_or_else(|| panic!("scroll"))
        .to_top();
    h.lines(&numbered(31), &["dock"]);
    assert_eq!(h.term.screen()[0], "line 0");
}

#[test]
fn fullscreen_writes_only_changed_rows_and_renders_long_transcripts_fast() {
    let mut h = Harness::new(TuiMode::Fullscreen, 80, 200);
    let mut lines = numbered(199);
    h.lines(&lines, &["> "]);
    lines[100] = "changed".into();
    let (report, bytes) = h.lines(&lines, &["> "]);
    assert!(!report.full_redraw);
    eprintln!(
        "fullscreen: 1-line change on a 200-row screen wrote {} bytes",
        bytes.len()
    );
    assert!(bytes.len() < 60, "{}", String::from_utf8_lossy(&bytes));
    assert_eq!(h.term.screen()[100], "changed");

    let mut big = Harness::new(TuiMode::Fullscreen, 120, 50);
    let mut content =
        StaticLines::new((0..5000).map(|i| format!("\x1b[3{}mtranscript line {i}\x1b[0m", i % 8)));
    let mut dock = StaticLines::new(["status", "> "]);
    big.draw(&mut content, &mut dock, Vec::new());
    let frames = 20;
    let start = Instant::now();
    for k in 0..frames {
        big.renderer
            .scroll()
            .unwrap_or_else(|| panic!("scroll"))
            .scroll_by(if k % 2 == 0 { -3 } else { 3 });
        let frame = Frame {
            content: &mut content,
            dock: &mut dock,
            overlays: Vec::new(),
        };
        let mut out = Vec::new();
        big.renderer
            .render(frame, big.size, &mut out)
            .unwrap_or_else(|e| panic!("render: {e}"));
    }
    let per_frame = start.elapsed() / frames;
    eprintln!("fullscreen: 5,000-line transcript, {per_frame:?} per frame");
    assert!(per_frame.as_millis() < 50, "{per_frame:?}");

    // Regular mode diffs the whole frame each time (as pi-tui does).
    let mut regular = Harness::new(TuiMode::Regular, 120, 50);
    let mut lines: Vec<String> = (0..5000).map(|i| format!("transcript line {i}")).collect();
    regular.lines(&lines, &["> "]);
    let start = Instant::now();
    for k in 0..frames {
        lines[4999] = format!("streaming {k}");
        regular.lines(&lines, &["> "]);
    }
    let per_frame = start.elapsed() / frames;
    eprintln!("regular: 5,000-line transcript, last line changing, {per_frame:?} per frame");
    assert!(per_frame.as_millis() < 200, "{per_frame:?}");
}
