//! What fullscreen mode does with input that belongs to the viewport rather than to the
//! focused component (pi-tui's alternate-screen input listener): mouse reports (wheel,
//! selection, the search bar's buttons), focus reports, and the transcript search keys.
//! It also paints what it owns over a frame: search matches, the selection, flashes.

use std::time::{Duration, Instant};

use crate::component::Lines;
use crate::keybindings::SharedKeybindings;
use crate::keys::is_key_release;
use crate::width::{truncate_to_width, visible_width};

use super::line::composite_line;
use super::mouse::{self, MouseReport};
use super::overlay::OverlayBounds;
use super::scroll::ScrollState;
use super::search::{Search, SearchStyle};
use super::search_bar::SearchBar;
use super::selection::{self, Point, Selection};
use super::wheel::{WheelAccelerator, WheelLines};

/// How often a selection dragged past the view's edge scrolls a line (pi-tui's 50 ms).
const AUTO_SCROLL_INTERVAL: Duration = Duration::from_millis(50);

/// A selection dragged past the top (-1) or bottom (1) of the view, the pointer at x, y.
#[derive(Clone, Copy, Debug)]
struct AutoScroll {
    direction: i64,
    x: i64,
    y: i64,
    next: Instant,
}

/// The transcript's scroll keys, which keep scrolling while the search bar is open.
const SCROLL_IDS: [&str; 10] = [
    "tui.altScreen.pageUp",
    "tui.altScreen.pageDown",
    "tui.altScreen.halfPageUp",
    "tui.altScreen.halfPageDown",
    "tui.altScreen.lineUp",
    "tui.altScreen.lineDown",
    "tui.altScreen.previousPrompt",
    "tui.altScreen.nextPrompt",
    "tui.altScreen.top",
    "tui.altScreen.bottom",
];

/// How long a flash ("Copied!") stays.
const FLASH_DURATION: Duration = Duration::from_millis(1000);

/// What the viewport did with some input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ViewportInput {
    /// Not the viewport's: the focused component gets it.
    Ignored,
    /// Taken; the caller draws a frame.
    Consumed,
    /// Taken, and this text is to be copied to the clipboard (a selection ended with
    /// copy-on-select on).
    Copy(String),
}

/// The viewport's settings (Pi's `fullscreen*` settings).
#[derive(Clone)]
pub struct ViewportOptions {
    /// `fullscreenWheelScrollLines`.
    pub wheel_lines: WheelLines,
    /// `auto` follows the spin's speed (off in local macOS terminals).
    pub accelerate_wheel: bool,
    /// `fullscreenCopyOnSelect`.
    pub copy_on_select: bool,
    /// The keys of the `tui.altScreen.search*` actions and the search bar's input.
    pub keybindings: SharedKeybindings,
    /// Match highlights.
    pub search_style: SearchStyle,
    /// Style of the "Jump to latest message" line shown while the view does not follow the
    /// end (Pi's `scrollToEndIndicator`); `None`: no such line.
    pub jump_style: Option<crate::component::Style>,
}

/// The last frame, as the input handler needs it.
#[derive(Default)]
pub(super) struct LastFrame {
    /// The transcript as rendered.
    pub content: Lines,
    /// Rows of the transcript's viewport.
    pub viewport: usize,
    /// The screen's rows as written.
    pub screen: Vec<String>,
    pub width: usize,
    pub height: usize,
    /// Overlays were shown (the pointer then selects screen cells, as in pi-tui).
    pub has_overlays: bool,
    /// The scrollbar was drawn (in the last column of the transcript rows).
    pub scrollbar_visible: bool,
    /// Where the search bar was drawn.
    pub search_bounds: Option<OverlayBounds>,
    /// Where the "Jump to latest message" line was drawn: row, column, width.
    pub jump: Option<(usize, usize, usize)>,
}

/// The viewport's state.
#[derive(Default)]
pub(super) struct Viewport {
    pub options: Option<ViewportOptions>,
    wheel: WheelAccelerator,
    pub selection: Selection,
    pub search: Option<Search>,
    flashes: Vec<(String, Instant)>,
    pub last: LastFrame,
    /// The scrollbar's thumb is held, this many rows below its top.
    scrollbar_grab: Option<usize>,
    /// A selection is dragged past the view's edge.
    auto_scroll: Option<AutoScroll>,
    epoch: Option<Instant>,
}

impl Viewport {
    pub fn set_options(&mut self, options: ViewportOptions) {
        self.wheel = WheelAccelerator::new(options.wheel_lines, options.accelerate_wheel);
        self.options = Some(options);
    }

    fn millis(&mut self, now: Instant) -> f64 {
        let epoch = *self.epoch.get_or_insert(now);
        now.saturating_duration_since(epoch).as_secs_f64() * 1000.0
    }

    /// Shows `message` at the top right for a moment.
    pub fn flash(&mut self, message: &str, now: Instant) {
        self.flashes
            .push((message.to_string(), now + FLASH_DURATION));
    }

    /// Leaving the screen: no search, no pressed button, no flashes (pi-tui's
    /// `beforeTerminalStop`).
    pub fn stop(&mut self) {
        self.search = None;
        self.scrollbar_grab = None;
        self.selection.pressed = false;
        self.auto_scroll = None;
        self.flashes.clear();
    }

    /// Taking the screen: nothing selected (pi-tui's `beforeTerminalStart`).
    pub fn start(&mut self) {
        self.selection.clear();
        self.flashes.clear();
    }

    /// The input handler: see [`ViewportInput`].
    pub fn handle(&mut self, data: &str, scroll: &mut ScrollState, now: Instant) -> ViewportInput {
        if data == mouse::FOCUS_OUT {
            let had = self.selection.pressed;
            self.selection.pressed = false;
            self.auto_scroll = None;
            if let Some(search) = &mut self.search {
                search.bar.set_hovered(None);
            }
            if had {
                self.selection.clear();
            }
            return ViewportInput::Consumed;
        }
        if data == mouse::FOCUS_IN {
            return ViewportInput::Consumed;
        }
        if let Some(wheel) = mouse::parse_wheel(data) {
            let now_ms = self.millis(now);
            let lines = self.wheel.next(wheel.direction, now_ms);
            let step = if wheel.alt() {
                lines * mouse::ALT_WHEEL_MULTIPLIER
            } else {
                lines
            };
            scroll.scroll_by(wheel.direction * step);
            return ViewportInput::Consumed;
        }
        if let Some(report) = mouse::parse_mouse(data) {
            return self.on_mouse(report, scroll, now);
        }
        if mouse::is_mouse_sequence(data) {
            return ViewportInput::Consumed;
        }
        let Some(keybindings) = self.options.as_ref().map(|o| o.keybindings.clone()) else {
            return ViewportInput::Ignored;
        };
        let kb = keybindings
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let release = is_key_release(data);
        if kb.matches(data, "tui.altScreen.search") {
            if !release {
                self.toggle_search(scroll.top());
            }
            return ViewportInput::Consumed;
        }
        let Some(search) = &mut self.search else {
            return ViewportInput::Ignored;
        };
        if release {
            return ViewportInput::Consumed;
        }
        // The transcript still scrolls while the bar has the focus, as in pi-tui.
        if SCROLL_IDS.iter().any(|id| kb.matches(data, id)) {
            return ViewportInput::Ignored;
        }
        if kb.matches(data, "tui.altScreen.searchNext") {
            search.navigate(1);
        } else if kb.matches(data, "tui.altScreen.searchPrevious") {
            search.navigate(-1);
        } else if kb.matches(data, "tui.altScreen.searchClose") {
            self.search = None;
        } else {
            // The bar has the focus: every other key edits the query.
            drop(kb);
            if search.bar.type_key(data) {
                let query = search.bar.query().to_string();
                search.set_query(&query, scroll.top());
            }
        }
        ViewportInput::Consumed
    }

    fn toggle_search(&mut self, top: usize) {
        if self.search.take().is_some() {
            return;
        }
        let Some(options) = &self.options else {
            return;
        };
        let mut bar = SearchBar::new(options.keybindings.clone());
        bar.hovered_style = std::sync::Arc::new(|t: &str| format!("\x1b[4m{t}\x1b[24m"));
        self.search = Some(Search::new(bar, top));
    }

    /// The search bar's button under (`x`, `y`), if the bar is open.
    fn search_button(&self, x: i64, y: i64) -> Option<i64> {
        let (search, bounds) = (self.search.as_ref()?, self.last.search_bounds?);
        let (row, col) = (y - bounds.row as i64, x - bounds.col as i64);
        let inside =
            row >= 0 && col >= 0 && row < bounds.height as i64 && col < bounds.width as i64;
        inside
            .then(|| search.bar.button_at(row as usize, col as usize))
            .flatten()
    }

    /// pi-tui's `handleMouseEvent` for the viewport's own parts: the search bar's buttons,
    /// the "Jump to latest" line, the scrollbar, then text selection.
    fn on_mouse(
        &mut self,
        raw: MouseReport,
        scroll: &mut ScrollState,
        now: Instant,
    ) -> ViewportInput {
        let pressed = !raw.release && !raw.is_motion() && raw.button & 3 == 0;
        let direction = self.search_button(raw.x, raw.y);
        if let Some(search) = &mut self.search {
            search.bar.set_hovered(direction);
            if let Some(direction) = direction.filter(|_| pressed) {
                search.navigate(direction);
                return ViewportInput::Consumed;
            }
        }
        if !self.last.has_overlays {
            if let Some((row, col, width)) = self.last.jump.filter(|_| pressed) {
                if raw.y == row as i64 && raw.x >= col as i64 && raw.x < (col + width) as i64 {
                    scroll.to_bottom();
                    return ViewportInput::Consumed;
                }
            }
            if self.on_scrollbar(raw, pressed, scroll) {
                return ViewportInput::Consumed;
            }
        }
        self.on_selection_mouse(raw, scroll, now)
    }

    /// pi-tui's `handleScrollbarMouseEvent`: a press on a shown scrollbar grabs the thumb
    /// (or centres it under the pointer), motion drags it, release lets go.
    fn on_scrollbar(&mut self, raw: MouseReport, pressed: bool, scroll: &mut ScrollState) -> bool {
        let track = self.last.viewport;
        let content = self.last.content.len();
        if let Some(grab) = self.scrollbar_grab {
            if raw.release {
                self.scrollbar_grab = None;
            } else {
                drag_scrollbar(scroll, track, content, raw.y, grab);
            }
            return true;
        }
        let on_bar = self.last.scrollbar_visible
            && raw.x == self.last.width as i64 - 1
            && raw.y >= 0
            && (raw.y as usize) < track;
        if !pressed || !on_bar {
            return false;
        }
        self.selection.clear();
        let (thumb_top, thumb_height) = super::scrollbar::thumb(track, content, scroll.top());
        let y = raw.y as usize;
        let on_thumb = y >= thumb_top && y < thumb_top + thumb_height;
        let grab = if on_thumb {
            y - thumb_top
        } else {
            thumb_height / 2
        };
        if !on_thumb {
            drag_scrollbar(scroll, track, content, raw.y, grab);
        }
        self.scrollbar_grab = Some(grab);
        true
    }

    /// A point under the pointer: in the transcript (clamped to its visible rows) or on the
    /// screen.
    fn point(&self, x: i64, y: i64, transcript: bool, scroll: &ScrollState) -> Point {
        let last = &self.last;
        let col = x.clamp(0, last.width.max(1) as i64 - 1) as usize;
        if transcript && last.viewport > 0 {
            let pointer_row = y.clamp(0, last.viewport as i64 - 1) as usize;
            let max_row = last.content.len().saturating_sub(1);
            return Point {
                row: (scroll.top() + pointer_row).min(max_row),
                col,
                boundary: false,
                transcript: true,
            };
        }
        Point {
            row: y.clamp(0, last.height.max(1) as i64 - 1) as usize,
            col,
            boundary: false,
            transcript: false,
        }
    }

    fn line_at(&self, point: Point) -> &str {
        let lines: &[String] = if point.transcript {
            &self.last.content
        } else {
            &self.last.screen
        };
        lines.get(point.row).map_or("", String::as_str)
    }

    /// The selected text, if any.
    pub fn selected_text(&self) -> Option<String> {
        let (start, _) = self.selection.bounds()?;
        if start.transcript {
            self.selection.text(&self.last.content)
        } else {
            self.selection.text(&self.last.screen)
        }
    }

    /// pi-tui's `handleSelectionMouseEvent`.
    fn on_selection_mouse(
        &mut self,
        raw: MouseReport,
        scroll: &mut ScrollState,
        now: Instant,
    ) -> ViewportInput {
        let button = raw.button & 3;
        if button != 0 && !(raw.release && button == 3) {
            return ViewportInput::Consumed;
        }
        let anchored_in_transcript = self.selection.anchor().is_some_and(|a| a.transcript);
        if raw.release {
            if !self.selection.pressed {
                return ViewportInput::Consumed;
            }
            self.selection.pressed = false;
            self.auto_scroll = None;
            if self.selection.anchor().is_none() {
                return ViewportInput::Consumed;
            }
            let point = self.point(raw.x, raw.y, anchored_in_transcript, scroll);
            let line = self.line_at(point).to_string();
            self.selection.extend(point, &line);
            let copy = self.options.as_ref().is_some_and(|o| o.copy_on_select);
            return match self.selected_text().filter(|_| copy) {
                Some(text) => {
                    self.flash("Copied!", now);
                    ViewportInput::Copy(text)
                }
                None => ViewportInput::Consumed,
            };
        }
        if raw.is_motion() {
            if !self.selection.pressed || self.selection.anchor().is_none() {
                return ViewportInput::Consumed;
            }
            let point = self.point(raw.x, raw.y, anchored_in_transcript, scroll);
            let line = self.line_at(point).to_string();
            self.selection.drag(point, &line);
            // At the view's top or bottom row the transcript scrolls on under the pointer.
            let bottom = self.last.viewport as i64 - 1;
            let direction = match raw.y {
                y if y <= 0 => -1,
                y if y >= bottom => 1,
                _ => 0,
            };
            self.auto_scroll = (anchored_in_transcript && direction != 0).then(|| AutoScroll {
                direction,
                x: raw.x,
                y: raw.y,
                next: now + AUTO_SCROLL_INTERVAL,
            });
            return ViewportInput::Consumed;
        }
        let in_transcript =
            !self.last.has_overlays && raw.y >= 0 && (raw.y as usize) < self.last.viewport;
        let point = self.point(raw.x, raw.y, in_transcript, scroll);
        let line = self.line_at(point).to_string();
        let now_ms = self.millis(now);
        self.auto_scroll = None;
        self.selection.press(point, &line, now_ms);
        ViewportInput::Consumed
    }

    /// Scrolls a selection dragged past the view's edge a line per interval due by `now`,
    /// the selection's end following; returns when the next line is due.
    pub fn auto_scroll(&mut self, scroll: &mut ScrollState, now: Instant) -> Option<Instant> {
        let mut auto = self.auto_scroll?;
        while auto.next <= now {
            if scroll.scroll_by(auto.direction) == auto.direction {
                self.auto_scroll = None;
                return None;
            }
            let point = self.point(auto.x, auto.y, true, scroll);
            let line = self.line_at(point).to_string();
            self.selection.extend(point, &line);
            auto.next += AUTO_SCROLL_INTERVAL;
        }
        self.auto_scroll = Some(auto);
        Some(auto.next)
    }

    /// Paints the selection over the finished `screen` (after overlays), the transcript's
    /// lines from `top` in its first `viewport` rows.
    pub fn paint_selection(
        &self,
        screen: &mut [String],
        top: usize,
        viewport: usize,
        width: usize,
    ) {
        let Some((start, end)) = self.selection.bounds() else {
            return;
        };
        if !start.transcript {
            let rows = 0..screen.len();
            selection::paint(screen, (start, end), rows, 0, width);
            return;
        }
        // Transcript lines to screen rows; an end above or below the view is the view's
        // first or last cell.
        if viewport == 0 || end.row < top || start.row >= top + viewport {
            return;
        }
        let s = if start.row < top {
            Point {
                row: 0,
                col: 0,
                boundary: false,
                transcript: false,
            }
        } else {
            Point {
                row: start.row - top,
                transcript: false,
                ..start
            }
        };
        let e = if end.row >= top + viewport {
            Point {
                row: viewport - 1,
                col: width,
                boundary: true,
                transcript: false,
            }
        } else {
            Point {
                row: end.row - top,
                transcript: false,
                ..end
            }
        };
        selection::paint(screen, (s, e), 0..viewport.min(screen.len()), 0, width);
    }

    /// Paints "↓ Jump to latest message · <key>" centred on the last transcript row while
    /// the view does not follow the end, up to `right_edge` (the scrollbar's column).
    pub fn paint_jump(
        &mut self,
        rows: &mut [String],
        following: bool,
        width: usize,
        right_edge: usize,
    ) {
        self.last.jump = None;
        let (Some(style), Some(row)) = (self.jump_style(), rows.len().checked_sub(1)) else {
            return;
        };
        if following || width == 0 || super::line::is_image_line(&rows[row]) {
            return;
        }
        let key = self.options.as_ref().and_then(|o| {
            let kb = o.keybindings.read().unwrap_or_else(|p| p.into_inner());
            kb.get_keys("tui.altScreen.bottom").first().cloned()
        });
        let label = match key {
            Some(key) => format!(
                " ↓ Jump to latest message · {} ",
                super::search_bar::key_label(Some(&key))
            ),
            None => " ↓ Jump to latest message ".to_string(),
        };
        let label = truncate_to_width(&style(&label), width, "", false);
        let column = (width - visible_width(&label)) / 2;
        let text = truncate_to_width(&label, right_edge.saturating_sub(column), "", false);
        let text_width = visible_width(&text);
        if text_width == 0 {
            return;
        }
        rows[row] = composite_line(&rows[row], &text, column, text_width, width);
        self.last.jump = Some((row, column, text_width));
    }

    fn jump_style(&self) -> Option<crate::component::Style> {
        self.options.as_ref()?.jump_style.clone()
    }

    /// Paints the flashes that are still on at the top right; returns when the next one
    /// ends.
    pub fn paint_flashes(
        &mut self,
        screen: &mut [String],
        width: usize,
        now: Instant,
    ) -> Option<Instant> {
        self.flashes.retain(|(_, until)| *until > now);
        let height = screen.len();
        let shown = self.flashes.len().min(height);
        for (row, (message, _)) in self.flashes[self.flashes.len() - shown..]
            .iter()
            .enumerate()
        {
            let text = truncate_to_width(&format!(" {message} "), width, "", false);
            let line = format!("\x1b[7m{text}\x1b[27m");
            let w = visible_width(&line);
            if w > 0 {
                screen[row] = composite_line(&screen[row], &line, width - w, w, width);
            }
        }
        self.flashes.iter().map(|(_, until)| *until).min()
    }
}

/// Scrolls so the thumb's grabbed row is under `pointer_y` (pi-tui's
/// `scrollScrollbarToPointer`).
fn drag_scrollbar(
    scroll: &mut ScrollState,
    track: usize,
    content: usize,
    pointer_y: i64,
    grab: usize,
) {
    let (_, thumb_height) = super::scrollbar::thumb(track, content, scroll.top());
    let max_thumb = track.saturating_sub(thumb_height);
    let offset = (pointer_y - grab as i64).clamp(0, max_thumb as i64) as usize;
    let max_top = content.saturating_sub(track);
    let top = if max_thumb == 0 {
        0
    } else {
        ((offset as f64 / max_thumb as f64) * max_top as f64).round() as usize
    };
    scroll.scroll_to(top, false);
}
