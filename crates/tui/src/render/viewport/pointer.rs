//! Mouse reports on the viewport's own parts, in pi-tui's order: the search bar's buttons,
//! the "Jump to latest" line, the scrollbar, then text selection (with scrolling past the
//! view's edge).

use std::time::Instant;

use super::super::mouse::MouseReport;
use super::super::scroll::ScrollState;
use super::super::selection::Point;
use super::{AutoScroll, Viewport, ViewportInput, AUTO_SCROLL_INTERVAL};

impl Viewport {
    /// pi-tui's `handleMouseEvent` for the viewport's own parts: the search bar's buttons,
    /// the "Jump to latest" line, the scrollbar, then text selection.
    pub(super) fn on_mouse(
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
        if self.last.has_overlays {
            scroll.set_scrollbar_active(false);
        } else {
            if self.scrollbar_grab.is_none() {
                let hover = self.on_scrollbar_column(raw.x, raw.y, scroll);
                scroll.set_scrollbar_active(hover);
            }
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

    /// Whether (`x`, `y`) is on the scrollbar's column, shown or not (an `Auto` one shows
    /// when the pointer comes onto it).
    pub(super) fn on_scrollbar_column(&self, x: i64, y: i64, scroll: &ScrollState) -> bool {
        scroll.has_scrollbar()
            && x == self.last.width as i64 - 1
            && y >= 0
            && (y as usize) < self.last.viewport
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
        let (thumb_top, thumb_height) =
            super::super::scrollbar::thumb(track, content, scroll.top());
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
    let (_, thumb_height) = super::super::scrollbar::thumb(track, content, scroll.top());
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
