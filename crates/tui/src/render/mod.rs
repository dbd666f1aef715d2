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
mod dock;
mod frame;
pub mod line;
mod main_screen;
pub mod mouse;
pub mod overlay;
mod scheduler;
mod scroll;
mod scrollbar;
pub mod search;
pub mod search_bar;
pub mod selection;
mod viewport;
pub mod wheel;

use std::io::{self, Write};
use std::time::Instant;

use crate::width::{slice_by_column, visible_width};

pub use alt_screen::AltScreen;
pub use dock::DockPart;
pub use frame::{Frame, OverWideLine, RenderReport, StaticLines, TermSize, TuiMode};
pub use main_screen::MainScreen;
pub use overlay::{
    resolve_layout, Anchor, Margin, Overlay, OverlayBounds, OverlayLayout, OverlayOptions,
    Position, SizeValue,
};
pub use scheduler::{RenderScheduler, MIN_RENDER_INTERVAL};
pub use scroll::ScrollState;
pub use scrollbar::{ScrollbarMode, ScrollbarStyle, SCROLLBAR_HIDE_DELAY};
pub use search::SearchStyle;
pub use viewport::{ViewportInput, ViewportOptions};

use cursor::CursorPlan;
use dock::DockLines;
use frame::{finalize_lines, PreparedFrame};
use line::{apply_line_reset, extract_cursor_position, resolve_fake_cursors, strip_prompt_markers};

pub(crate) const BEGIN_SYNC: &str = "\x1b[?2026h";
pub(crate) const END_SYNC: &str = "\x1b[?2026l";

enum Screen {
    Main(MainScreen),
    Alt(AltScreen),
}

/// The renderer for one terminal.
pub struct Renderer {
    screen: Screen,
    /// The other mode's state, kept while this one is active so switching back continues
    /// where it left off (pi-tui's captured main-screen render state).
    parked_main: Option<MainScreen>,
    parked_alt: Option<AltScreen>,
    /// Track and thumb styles of the fullscreen scrollbar.
    pub scrollbar_style: ScrollbarStyle,
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
            parked_main: None,
            parked_alt: None,
            scrollbar_style: ScrollbarStyle::default(),
            show_hardware_cursor: false,
        }
    }

    /// The mode it draws in.
    pub fn mode(&self) -> TuiMode {
        match self.screen {
            Screen::Main(_) => TuiMode::Regular,
            Screen::Alt(_) => TuiMode::Fullscreen,
        }
    }

    /// Switches mode between frames (use [`crate::terminal::Terminal::switch_mode`], which
    /// leaves the old screen and enters the new one around it). Regular mode resumes
    /// diffing against what it last left on the normal screen, as Pi does when fullscreen is
    /// toggled off; fullscreen keeps its scroll position and settings.
    pub fn set_mode(&mut self, mode: TuiMode) {
        if mode == self.mode() {
            return;
        }
        let next = match mode {
            TuiMode::Regular => Screen::Main(self.parked_main.take().unwrap_or_default()),
            TuiMode::Fullscreen => Screen::Alt(self.parked_alt.take().unwrap_or_default()),
        };
        match std::mem::replace(&mut self.screen, next) {
            Screen::Main(m) => self.parked_main = Some(m),
            Screen::Alt(a) => self.parked_alt = Some(a),
        }
    }

    fn main_mut(&mut self) -> &mut MainScreen {
        match &mut self.screen {
            Screen::Main(m) => m,
            Screen::Alt(_) => self.parked_main.get_or_insert_with(MainScreen::default),
        }
    }

    fn alt_mut(&mut self) -> &mut AltScreen {
        match &mut self.screen {
            Screen::Alt(a) => a,
            Screen::Main(_) => self.parked_alt.get_or_insert_with(AltScreen::default),
        }
    }

    /// Regular mode: redraw with a clear whenever the frame shrinks (pi-tui's
    /// `setClearOnShrink`; off by default).
    pub fn set_clear_on_shrink(&mut self, enabled: bool) {
        self.main_mut().clear_on_shrink = enabled;
    }

    /// Regular mode: keep diffing when only the height changes (set it when `TERMUX_VERSION`
    /// is in the environment, as pi-tui does).
    pub fn set_keep_diff_on_height_change(&mut self, enabled: bool) {
        self.main_mut().keep_diff_on_height_change = enabled;
    }

    /// Fullscreen: turn mouse reporting on when entering (`enable` is the sequence from
    /// [`mouse::mouse_enable_sequence`]), so the wheel scrolls the transcript. Takes effect at
    /// the next [`Self::enter`].
    pub fn set_mouse(&mut self, enable: Option<&'static str>) {
        self.alt_mut().mouse = enable;
    }

    /// Fullscreen: the mouse, selection and search settings (Pi's `fullscreen*` settings)
    /// and the keybindings of the search keys.
    pub fn set_viewport_options(&mut self, options: ViewportOptions) {
        self.alt_mut().viewport.set_options(options);
    }

    /// Fullscreen: input that belongs to the viewport rather than to the focused component
    /// (pi-tui's viewport input listener): mouse and focus reports, and the transcript
    /// search keys (every key while the search bar is open). The caller requests a frame
    /// unless it is [`ViewportInput::Ignored`], and puts a [`ViewportInput::Copy`]'s text
    /// on the clipboard.
    pub fn handle_viewport_input(&mut self, data: &str, now: Instant) -> ViewportInput {
        let Screen::Alt(alt) = &mut self.screen else {
            return ViewportInput::Ignored;
        };
        alt.viewport.handle(data, &mut alt.scroll, now)
    }

    /// Fullscreen: the selected text, if something is selected.
    pub fn selected_text(&self) -> Option<String> {
        match &self.screen {
            Screen::Alt(alt) => alt.viewport.selected_text(),
            Screen::Main(_) => None,
        }
    }

    /// Fullscreen: whether a finished selection is copied at once (`fullscreenCopyOnSelect`).
    pub fn copy_on_select(&self) -> bool {
        match &self.screen {
            Screen::Alt(alt) => alt
                .viewport
                .options
                .as_ref()
                .is_some_and(|o| o.copy_on_select),
            Screen::Main(_) => false,
        }
    }

    /// Fullscreen: whether the transcript search bar is open.
    pub fn search_open(&self) -> bool {
        matches!(&self.screen, Screen::Alt(alt) if alt.viewport.search.is_some())
    }

    /// Fullscreen: shows `message` at the top right for a second (pi-tui's `flash`);
    /// returns false in regular mode, where there is no place for it.
    pub fn flash(&mut self, message: &str, now: Instant) -> bool {
        match &mut self.screen {
            Screen::Alt(alt) => {
                alt.viewport.flash(message, now);
                true
            }
            Screen::Main(_) => false,
        }
    }

    /// Fullscreen: how the transcript's scrollbar is drawn (Pi's setting
    /// `fullscreenScrollbar`).
    pub fn set_scrollbar(&mut self, mode: ScrollbarMode) {
        self.alt_mut().scroll.scrollbar = mode;
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
            Screen::Main(_) => "\x1b[?25l".to_string(),
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
                let lines = frame.map(|mut f| {
                    let width = cols.max(1);
                    let content = f.content.render(width);
                    let dock = DockLines::render(&mut f.dock, width);
                    content
                        .iter()
                        .chain(dock.all())
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
        self.render_at(frame, size, Instant::now(), out)
    }

    /// [`Self::render`] with the time given (tests step it; a transient scrollbar depends
    /// on it).
    pub fn render_at(
        &mut self,
        frame: Frame<'_>,
        size: TermSize,
        now: Instant,
        out: &mut dyn Write,
    ) -> io::Result<RenderReport> {
        let width = size.cols.max(1);
        let height = size.rows.max(1);
        let show = self.show_hardware_cursor;
        let Frame {
            content,
            mut dock,
            mut overlays,
        } = frame;
        let always_bar =
            matches!(&self.screen, Screen::Alt(a) if a.scroll.scrollbar == ScrollbarMode::Always);
        let content_width = if always_bar && width > 1 {
            width - 1
        } else {
            width
        };
        let content_lines = content.render(content_width);
        let dock_lines = DockLines::render(&mut dock, width);
        let mut report = RenderReport::default();
        let mut bytes = String::new();
        let mut scrollbar_shown = false;
        let (mut lines, viewport) = match &mut self.screen {
            Screen::Main(_) => (
                content_lines
                    .iter()
                    .chain(dock_lines.all())
                    .map(|l| resolve_fake_cursors(strip_prompt_markers(l), show))
                    .collect(),
                0,
            ),
            Screen::Alt(alt) => {
                let bar_column = content_width != width;
                let auto_scroll_at = alt.viewport.auto_scroll(&mut alt.scroll, now);
                let layout = |alt: &mut AltScreen| {
                    alt_screen::layout_rows(
                        &content_lines,
                        &dock_lines,
                        height,
                        &mut alt.scroll,
                        bar_column,
                    )
                };
                let (mut rows, mut viewport) = layout(alt);
                // A newly selected search match scrolls the view: lay out again.
                let scrolled = match alt.viewport.search.as_mut() {
                    Some(search) => search.refresh(&content_lines, &mut alt.scroll),
                    None => false,
                };
                if scrolled {
                    (rows, viewport) = layout(alt);
                }
                let (visible, until) = alt.scroll.scrollbar_visible(now);
                scrollbar_shown = visible;
                report.redraw_at = match (until, auto_scroll_at) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                let top = alt.scroll.top();
                if let Some(search) = &alt.viewport.search {
                    let max_col = if visible { width - 1 } else { content_width };
                    let style = alt
                        .viewport
                        .options
                        .as_ref()
                        .map(|o| o.search_style.clone())
                        .unwrap_or_default();
                    search.paint(&mut rows[..viewport], top, max_col, &style);
                }
                if visible {
                    let mode = alt.scroll.scrollbar;
                    let active = alt.scroll.scrollbar_active();
                    let style = &self.scrollbar_style;
                    scrollbar::paint(
                        &mut rows[..viewport],
                        width,
                        content_lines.len(),
                        top,
                        mode,
                        active,
                        style,
                    );
                }
                let right_edge = if visible { width - 1 } else { width };
                let following = alt.scroll.is_following();
                alt.viewport
                    .paint_jump(&mut rows[..viewport], following, width, right_edge);
                let rows = rows
                    .iter()
                    .map(|l| resolve_fake_cursors(strip_prompt_markers(l), show))
                    .collect::<Vec<_>>();
                (rows, viewport)
            }
        };
        // The search bar floats above every other overlay.
        let bar_options = search_bar::overlay_options();
        let mut search = match &mut self.screen {
            Screen::Alt(alt) => alt.viewport.search.take(),
            Screen::Main(_) => None,
        };
        let has_overlays = !overlays.is_empty();
        let mut overlays: Vec<Overlay<'_>> = overlays
            .iter_mut()
            .map(|o| Overlay {
                component: &mut *o.component,
                options: o.options,
                focus_order: o.focus_order,
            })
            .collect();
        if let Some(search) = search.as_mut() {
            overlays.push(Overlay {
                component: &mut search.bar,
                options: &bar_options,
                focus_order: u64::MAX,
            });
        }
        report.overlay_bounds =
            overlay::composite_overlays(&mut lines, &mut overlays, width, height, show);
        drop(overlays);
        let search_bounds = match search {
            Some(_) => report.overlay_bounds.pop().flatten(),
            None => None,
        };
        if let Screen::Alt(alt) = &mut self.screen {
            alt.viewport.search = search;
            let first = lines.len().saturating_sub(height);
            let screen = &mut lines[first..];
            let top = alt.scroll.top();
            alt.viewport.paint_selection(screen, top, viewport, width);
            let flash_until = alt.viewport.paint_flashes(screen, width, now);
            report.redraw_at = match (report.redraw_at, flash_until) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            let last = &mut alt.viewport.last;
            last.content = content_lines.clone();
            last.viewport = viewport;
            last.width = width;
            last.height = height;
            last.has_overlays = has_overlays;
            last.scrollbar_visible = scrollbar_shown;
            last.search_bounds = search_bounds;
        }
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
                    has_overlays,
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
                alt.viewport.last.screen = screen.clone();
                report.full_redraw = alt.draw(screen, width, height, plan, &mut bytes);
            }
        }
        out.write_all(bytes.as_bytes())?;
        out.flush()?;
        report.bytes_written = bytes.len();
        Ok(report)
    }
}
