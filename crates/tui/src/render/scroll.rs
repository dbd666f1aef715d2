//! The fullscreen transcript's viewport, as pi-tui's `ScrollView` with `follow: "end"`:
//! while it follows the end, new content keeps the bottom in view (streaming); scrolling up
//! stops following, and scrolling back to the bottom follows again.

/// Lines kept from the previous page when paging (pi-tui's page overlap).
const PAGE_OVERLAP: usize = 4;

use std::time::Instant;

use super::scrollbar::{ScrollbarMode, SCROLLBAR_HIDE_DELAY};

/// Scroll position of the transcript.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScrollState {
    top: usize,
    content_height: usize,
    viewport_height: usize,
    following_end: bool,
    /// Scrolled to the end explicitly without re-enabling follow; cleared once content
    /// grows past it.
    follow_suppressed_at_end: bool,
    /// The view moved since the last frame (an `Auto` scrollbar shows).
    moved: bool,
    /// Until when an `Auto` scrollbar stays.
    scrollbar_until: Option<Instant>,
    /// The pointer is on the scrollbar (or drags it): it stays and its thumb is solid.
    active: bool,
    /// How the scrollbar is drawn.
    pub scrollbar: ScrollbarMode,
}

impl Default for ScrollState {
    fn default() -> Self {
        Self {
            top: 0,
            content_height: 0,
            viewport_height: 0,
            following_end: true,
            follow_suppressed_at_end: false,
            moved: false,
            scrollbar_until: None,
            active: false,
            scrollbar: ScrollbarMode::Hidden,
        }
    }
}

impl ScrollState {
    /// First transcript line shown.
    pub fn top(&self) -> usize {
        self.top
    }

    /// Whether new output keeps the view at the bottom.
    pub fn is_following(&self) -> bool {
        self.following_end
    }

    /// Rows of the transcript's viewport in the last frame.
    pub fn viewport_height(&self) -> usize {
        self.viewport_height
    }

    /// Whether the pointer is on the scrollbar.
    pub fn scrollbar_active(&self) -> bool {
        self.active
    }

    /// The pointer came onto the scrollbar or left it (pi-tui's `setScrollbarActive`): an
    /// `Auto` scrollbar stays while it is there and for the usual moment after.
    pub fn set_scrollbar_active(&mut self, active: bool) {
        if active != self.active {
            self.active = active;
            self.moved = true;
        }
    }

    /// Whether the scrollbar can be shown at all: not hidden, and for `Auto` the transcript
    /// overflows the view.
    pub(super) fn has_scrollbar(&self) -> bool {
        match self.scrollbar {
            ScrollbarMode::Hidden => false,
            ScrollbarMode::Always => self.viewport_height > 0,
            ScrollbarMode::Auto => self.content_height > self.viewport_height,
        }
    }

    fn max_top(&self) -> usize {
        self.content_height.saturating_sub(self.viewport_height)
    }

    /// Called by the renderer each frame with the transcript's size.
    pub(super) fn update_layout(&mut self, content_height: usize, viewport_height: usize) {
        self.content_height = content_height;
        self.viewport_height = viewport_height;
        let max = self.max_top();
        self.top = if self.following_end {
            max
        } else {
            self.top.min(max)
        };
        if self.top < max {
            self.follow_suppressed_at_end = false;
        }
        if self.top == max && !self.follow_suppressed_at_end {
            self.following_end = true;
        }
    }

    /// Whether the scrollbar is drawn in a frame at `now`; an `Auto` one appears when the
    /// view moved and stays for [`SCROLLBAR_HIDE_DELAY`]. Returns when it disappears, for
    /// the caller to schedule the frame that hides it.
    pub(super) fn scrollbar_visible(&mut self, now: Instant) -> (bool, Option<Instant>) {
        let overflows = self.content_height > self.viewport_height;
        let moved = std::mem::take(&mut self.moved);
        match self.scrollbar {
            ScrollbarMode::Hidden => (false, None),
            ScrollbarMode::Always => (self.viewport_height > 0, None),
            ScrollbarMode::Auto => {
                if !overflows {
                    self.scrollbar_until = None;
                } else if self.active {
                    return (true, None);
                } else if moved {
                    self.scrollbar_until = Some(now + SCROLLBAR_HIDE_DELAY);
                }
                match self.scrollbar_until {
                    Some(until) if until > now => (true, Some(until)),
                    _ => (false, None),
                }
            }
        }
    }

    /// Scrolls by `lines` (negative is up); returns the part that could not be scrolled.
    pub fn scroll_by(&mut self, lines: i64) -> i64 {
        if lines == 0 {
            return 0;
        }
        let max = self.max_top() as i64;
        let start = if self.following_end {
            max
        } else {
            self.top as i64
        };
        let next = (start + lines).clamp(0, max);
        self.moved |= next != start;
        self.top = next as usize;
        self.following_end = next == max;
        self.follow_suppressed_at_end = false;
        lines - (next - start)
    }

    /// One line up.
    pub fn line_up(&mut self) {
        self.scroll_by(-1);
    }

    /// One line down.
    pub fn line_down(&mut self) {
        self.scroll_by(1);
    }

    fn page(&self) -> i64 {
        self.viewport_height.saturating_sub(PAGE_OVERLAP).max(1) as i64
    }

    /// A page up, keeping a few lines of the previous page.
    pub fn page_up(&mut self) {
        self.scroll_by(-self.page());
    }

    /// A page down.
    pub fn page_down(&mut self) {
        self.scroll_by(self.page());
    }

    /// Half a page up.
    pub fn half_page_up(&mut self) {
        self.scroll_by(-((self.viewport_height / 2).max(1) as i64));
    }

    /// Half a page down.
    pub fn half_page_down(&mut self) {
        self.scroll_by((self.viewport_height / 2).max(1) as i64);
    }

    /// To the first line; following stops unless everything fits.
    pub fn to_top(&mut self) {
        self.moved |= self.top != 0;
        self.top = 0;
        self.following_end = self.content_height <= self.viewport_height;
        self.follow_suppressed_at_end = false;
    }

    /// To the last line, following again.
    pub fn to_bottom(&mut self) {
        self.moved |= self.top != self.max_top();
        self.top = self.max_top();
        self.following_end = true;
        self.follow_suppressed_at_end = false;
    }

    /// To `top` (clamped); `disable_follow` keeps the view there even at the bottom.
    pub fn scroll_to(&mut self, top: usize, disable_follow: bool) {
        let max = self.max_top();
        self.moved |= self.top != top.min(max);
        self.top = top.min(max);
        self.follow_suppressed_at_end = disable_follow && self.top == max;
        self.following_end = !self.follow_suppressed_at_end && self.top == max;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn following_keeps_the_bottom_in_view_until_the_user_scrolls_up() {
        let mut s = ScrollState::default();
        s.update_layout(100, 10);
        assert_eq!(s.top(), 90);
        s.page_up();
        assert_eq!(s.top(), 84);
        assert!(!s.is_following());
        s.update_layout(120, 10);
        assert_eq!(s.top(), 84);
        s.to_bottom();
        s.update_layout(130, 10);
        assert_eq!(s.top(), 120);
        assert!(s.is_following());
        s.line_up();
        s.line_down();
        assert!(s.is_following());
        s.to_top();
        assert_eq!((s.top(), s.is_following()), (0, false));
    }

    #[test]
    fn an_auto_scrollbar_stays_while_the_pointer_is_on_it_and_a_moment_after() {
        let mut s = ScrollState {
            scrollbar: ScrollbarMode::Auto,
            ..ScrollState::default()
        };
        s.update_layout(100, 10);
        let now = Instant::now();
        assert_eq!(s.scrollbar_visible(now), (false, None), "no movement yet");
        s.set_scrollbar_active(true);
        let later = now + SCROLLBAR_HIDE_DELAY * 5;
        assert_eq!(
            s.scrollbar_visible(later),
            (true, None),
            "held by the pointer"
        );
        s.set_scrollbar_active(false);
        let until = later + SCROLLBAR_HIDE_DELAY;
        assert_eq!(s.scrollbar_visible(later), (true, Some(until)));
        assert!(!s.scrollbar_visible(until).0);
    }
}
