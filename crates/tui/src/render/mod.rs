//! The line-based differential renderer, modelled on pi-tui's: a frame is the transcript
//! (`content`) above a fixed `dock`, with overlays on top. Each call to
//! [`Renderer::render`] turns the frame into terminal rows and writes only what changed
//! since the previous call, wrapped in synchronized output (`CSI ?2026h/l`) so terminals
//! show whole frames. It writes to any [`std::io::Write`] and holds no global state, so tests
//! feed its bytes to a terminal emulator.
//!
//! Two modes, as pi-tui's `tuiMode`: [`TuiMode::Regular`] draws into the normal screen (the
//! transcript ends up in the terminal's scrollback) and [`TuiMode::Fullscreen`] owns the
//! alternate screen with an app-side scroll position ([`ScrollState`]).

mod alt_screen;
mod cursor;
pub mod line;
mod main_screen;
pub mod mouse;
pub mod overlay;
mod scheduler;
mod scroll;

use std::fmt;
use std::io::{self, Write};
use std::sync::Arc;

use crate::component::Component;
use crate::width::{slice_by_column, visible_width};

pub use alt_screen::AltScreen;
pub use main_screen::MainScreen;
pub use overlay::{
    resolve_layout, Anchor, Margin, Overlay, OverlayBounds, OverlayLayout, OverlayOptions,
    Position, SizeValue,
};
pub use scheduler::RenderScheduler;
pub use scroll::ScrollState;

use cursor::CursorPlan;
use line::{apply_line_reset, extract_cursor_position, resolve_fake_cursors, strip_prompt_markers};

pub(crate) const BEGIN_SYNC: &str = "\x1b[?2026h";
pub(crate) const END_SYNC: &str = "\x1b[?2026l";

/// pi-tui's `tuiMode`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TuiMode {
    /// Normal screen and terminal scrollback (`TuiMainScreen`).
    Regular,
    /// Alternate screen, app-owned viewport (`TuiAltScreen`); Pi's default.
    Fullscreen,
}

/// Terminal size in cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TermSize {
    /// Columns.
    pub cols: usize,
    /// Rows.
    pub rows: usize,
}

/// What to draw: the scrolling transcript, the dock pinned below it, and overlays.
pub struct Frame<'a> {
    /// The transcript: scrolls (terminal scrollback in regular mode, the app's viewport in
    /// fullscreen).
    pub content: &'a mut dyn Component,
    /// Below the transcript, always visible in fullscreen: pending messages, status,
    /// widgets, editor, footer.
    pub dock: &'a mut dyn Component,
    /// Drawn over both.
    pub overlays: Vec<Overlay<'a>>,
}

/// A line a component rendered wider than the terminal. pi-tui throws here and the app
/// dies; tau cuts the line to the width and reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OverWideLine {
    /// Row in the frame (regular mode: line of the whole frame; fullscreen: screen row).
    pub row: usize,
    /// Its width.
    pub width: usize,
    /// The terminal's.
    pub terminal_width: usize,
}

impl fmt::Display for OverWideLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "rendered line {} is wider than the terminal ({} > {}) and was cut; a component is not \
             truncating its output (measure with visibleWidth, cut with truncateToWidth)",
            self.row, self.width, self.terminal_width
        )
    }
}

/// What a frame did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RenderReport {
    /// Bytes written to the output.
    pub bytes_written: usize,
    /// Every row was rewritten (first frame, resize, forced reset, change above the screen).
    pub full_redraw: bool,
    /// Lines cut to the terminal width.
    pub over_wide: Vec<OverWideLine>,
    /// Where the hardware cursor was put (frame row, column), if a component asked.
    pub cursor: Option<(usize, usize)>,
    /// Where each overlay of the frame was drawn (`None`: not visible), in frame order.
    pub overlay_bounds: Vec<Option<OverlayBounds>>,
}

/// A frame's rows in final form, ready to diff.
pub(crate) struct PreparedFrame {
    pub lines: Vec<String>,
    pub cursor: Option<(usize, usize)>,
    pub has_overlays: bool,
}

enum Screen {
    Main(MainScreen),
    Alt(AltScreen),
}

/// The renderer for one terminal.
pub struct Renderer {
    screen: Screen,
    /// Show the terminal's cursor at the focused component's marker (pi-tui's
    /// `showHardwareCursor`); it is moved there either way, for IME windows.
    pub show_hardware_cursor: bool,
}

impl Renderer {
    /// A renderer that has drawn nothing yet.
    pub fn new(mode: TuiMode) -> Self {
        let screen = match mode {
            TuiMode::Regular => Screen::Main(MainScreen::new()),
            TuiMode::Fullscreen => Screen::Alt(AltScreen::new()),
        };
        Self {
            screen,
            show_hardware_cursor: false,
        }
    }

    /// The mode it was made for.
    pub fn mode(&self) -> TuiMode {
        match self.screen {
            Screen::Main(_) => TuiMode::Regular,
            Screen::Alt(_) => TuiMode::Fullscreen,
        }
    }

    /// Regular mode: redraw with a clear whenever the frame shrinks (pi-tui's
    /// `setClearOnShrink`; off by default).
    pub fn set_clear_on_shrink(&mut self, enabled: bool) {
        if let Screen::Main(main) = &mut self.screen {
            main.clear_on_shrink = enabled;
        }
    }

    /// Fullscreen: turn mouse reporting on when entering (`enable` is the sequence from
    /// [`mouse::mouse_enable_sequence`]), so the wheel scrolls the transcript. Takes effect at
    /// the next [`Self::enter`].
    pub fn set_mouse(&mut self, enable: Option<&'static str>) {
        if let Screen::Alt(alt) = &mut self.screen {
            alt.mouse = enable;
        }
    }

    /// Fullscreen: input that belongs to the viewport rather than to the focused component
    /// (pi-tui's viewport input listener for mouse and focus reports). A wheel notch scrolls
    /// the transcript by `wheel_lines` (five times as far with Alt). Returns whether `data`
    /// was consumed; the caller then requests a frame.
    pub fn handle_viewport_input(&mut self, data: &str, wheel_lines: i64) -> bool {
        let Screen::Alt(alt) = &mut self.screen else {
            return false;
        };
        if mouse::is_focus_report(data) {
            return true;
        }
        if let Some(wheel) = mouse::parse_wheel(data) {
            let step = if wheel.alt {
                wheel_lines * mouse::ALT_WHEEL_MULTIPLIER
            } else {
                wheel_lines
            };
            alt.scroll.scroll_by(wheel.direction * step.max(1));
            return true;
        }
        alt.mouse.is_some() && mouse::is_mouse_report(data)
    }

    /// The transcript's scroll position (fullscreen only).
    pub fn scroll(&mut self) -> Option<&mut ScrollState> {
        match &mut self.screen {
            Screen::Alt(alt) => Some(&mut alt.scroll),
            Screen::Main(_) => None,
        }
    }

    /// How many frames were full redraws.
    pub fn full_redraws(&self) -> usize {
        match &self.screen {
            Screen::Main(m) => m.full_redraws(),
            Screen::Alt(a) => a.full_redraws(),
        }
    }

    /// The next frame redraws everything (after the terminal was handed to a child, or a
    /// theme change).
    pub fn reset(&mut self) {
        match &mut self.screen {
            Screen::Main(m) => m.reset(),
            Screen::Alt(a) => a.reset(),
        }
    }

    /// What to write when taking the terminal: the alternate screen in fullscreen mode; the
    /// cursor hidden in both.
    pub fn enter(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let bytes = match &mut self.screen {
            Screen::Alt(a) => a.enter(),
            Screen::Main(m) => {
                m.reset();
                "\x1b[?25l".to_string()
            }
        };
        out.write_all(bytes.as_bytes())?;
        out.flush()
    }

    /// What to write when giving the terminal back. Without a frame the screen is kept as it
    /// is (pi-tui's `stop({ preserveScreen: true })`): fullscreen just leaves the alternate
    /// screen. With one, regular mode moves the cursor below the frame, and fullscreen prints
    /// the whole transcript and dock into the normal screen after leaving the alternate one
    /// (so an external editor's exit, or tau's, leaves the conversation in the scrollback).
    pub fn leave(
        &mut self,
        frame: Option<Frame<'_>>,
        cols: usize,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        let bytes = match &mut self.screen {
            Screen::Main(m) => {
                let mut text = if frame.is_some() {
                    m.leave()
                } else {
                    String::new()
                };
                text.push_str("\x1b[?25h");
                text
            }
            Screen::Alt(a) => {
                let lines = frame.map(|f| {
                    let width = cols.max(1);
                    let content = f.content.render(width);
                    let dock = f.dock.render(width);
                    content
                        .iter()
                        .chain(dock.iter())
                        .map(|l| {
                            let l = resolve_fake_cursors(strip_prompt_markers(l), false);
                            let l = apply_line_reset(&l);
                            if visible_width(&l) > width {
                                slice_by_column(&l, 0, width, true)
                            } else {
                                l
                            }
                        })
                        .collect::<Vec<_>>()
                });
                a.leave(lines.as_deref())
            }
        };
        out.write_all(bytes.as_bytes())?;
        out.flush()
    }

    /// Draws `frame` on a terminal of `size`, writing the difference to `out`.
    pub fn render(
        &mut self,
        frame: Frame<'_>,
        size: TermSize,
        out: &mut dyn Write,
    ) -> io::Result<RenderReport> {
        let width = size.cols.max(1);
        let height = size.rows.max(1);
        let show = self.show_hardware_cursor;
        let Frame {
            content,
            dock,
            mut overlays,
        } = frame;
        let content_lines = content.render(width);
        let dock_lines = dock.render(width);
        let mut report = RenderReport::default();
        let mut bytes = String::new();
        let mut lines = match &mut self.screen {
            Screen::Main(_) => content_lines
                .iter()
                .chain(dock_lines.iter())
                .map(|l| resolve_fake_cursors(strip_prompt_markers(l), show))
                .collect(),
            Screen::Alt(alt) => {
                alt_screen::layout_rows(&content_lines, &dock_lines, height, &mut alt.scroll)
                    .iter()
                    .map(|l| resolve_fake_cursors(strip_prompt_markers(l), show))
                    .collect::<Vec<_>>()
            }
        };
        report.overlay_bounds =
            overlay::composite_overlays(&mut lines, &mut overlays, width, height, show);
        let cursor = extract_cursor_position(&mut lines, height);
        let lines = finalize_lines(lines, width, &mut report.over_wide);
        report.cursor = cursor;
        let plan = CursorPlan {
            cursor,
            show_hardware_cursor: show,
        };
        match &mut self.screen {
            Screen::Main(main) => {
                let prepared = PreparedFrame {
                    lines,
                    cursor,
                    has_overlays: !overlays.is_empty(),
                };
                report.full_redraw = main
                    .draw(prepared, width, height, show, &mut bytes)
                    .full_redraw;
            }
            Screen::Alt(alt) => {
                if !alt.is_active() {
                    // Not entered (or left): nothing of ours is on screen to update.
                    return Ok(report);
                }
                let start = lines.len().saturating_sub(height);
                let screen = lines[start..].to_vec();
                report.full_redraw = alt.draw(screen, width, height, plan, &mut bytes);
            }
        }
        out.write_all(bytes.as_bytes())?;
        out.flush()?;
        report.bytes_written = bytes.len();
        Ok(report)
    }
}

/// Resets every line, cutting (and reporting) the ones wider than the terminal.
fn finalize_lines(
    lines: Vec<String>,
    width: usize,
    over_wide: &mut Vec<OverWideLine>,
) -> Vec<String> {
    lines
        .into_iter()
        .enumerate()
        .map(|(row, line)| {
            if line::is_image_line(&line) {
                return line;
            }
            let w = visible_width(&line);
            if w <= width {
                return apply_line_reset(&line);
            }
            over_wide.push(OverWideLine {
                row,
                width: w,
                terminal_width: width,
            });
            apply_line_reset(&slice_by_column(&line, 0, width, true))
        })
        .collect()
}

/// A component made of fixed lines (tests, and a simple dock).
pub struct StaticLines(pub crate::component::Lines);

impl StaticLines {
    /// Lines from anything string-like.
    pub fn new<I: IntoIterator<Item = S>, S: Into<String>>(lines: I) -> Self {
        Self(Arc::new(lines.into_iter().map(Into::into).collect()))
    }
}

impl Component for StaticLines {
    fn render(&mut self, _width: usize) -> crate::component::Lines {
        self.0.clone()
    }
}
