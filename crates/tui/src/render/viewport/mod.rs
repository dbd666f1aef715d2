//! What fullscreen mode does with input that belongs to the viewport rather than to the
//! focused component (pi-tui's alternate-screen input listener): mouse reports (wheel,
//! selection, the search bar's buttons), focus reports, and the transcript search keys.
//! It also paints what it owns over a frame: search matches, the selection, flashes.

mod paint;
mod pointer;

use std::time::{Duration, Instant};

use crate::component::Lines;
use crate::keybindings::SharedKeybindings;
use crate::keys::is_key_release;

use super::mouse;
use super::overlay::OverlayBounds;
use super::scroll::ScrollState;
use super::search::{Search, SearchStyle};
use super::search_bar::SearchBar;
use super::selection::Selection;
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
            scroll.set_scrollbar_active(false);
            self.scrollbar_grab = None;
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
            let hover = self.on_scrollbar_column(wheel.x, wheel.y, scroll);
            let now_ms = self.millis(now);
            let lines = self.wheel.next(wheel.direction, now_ms);
            let step = if wheel.alt() {
                lines * mouse::ALT_WHEEL_MULTIPLIER
            } else {
                lines
            };
            scroll.scroll_by(wheel.direction * step);
            scroll.set_scrollbar_active(hover);
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
}
