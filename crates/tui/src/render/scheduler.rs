//! When to draw, as pi-tui's render loop decides: requests coalesce into at most one frame
//! per 16 ms, while input asks for an immediate frame so typing never waits. The clock is
//! the caller's (an [`Instant`] passed in), so the loop can run on tokio timers and tests
//! step time by hand.

use std::time::{Duration, Instant};

/// pi-tui's minimum interval between frames.
pub const MIN_RENDER_INTERVAL: Duration = Duration::from_millis(16);

/// Coalesces render requests.
#[derive(Debug, Clone)]
pub struct RenderScheduler {
    interval: Duration,
    requested: bool,
    immediate: bool,
    last_render: Option<Instant>,
}

impl Default for RenderScheduler {
    fn default() -> Self {
        Self::new(MIN_RENDER_INTERVAL)
    }
}

impl RenderScheduler {
    /// At most one frame per `interval` (pi-tui: [`MIN_RENDER_INTERVAL`]).
    pub fn new(interval: Duration) -> Self {
        Self {
            interval,
            requested: false,
            immediate: false,
            last_render: None,
        }
    }

    /// Something changed; a frame is due within the interval.
    pub fn request(&mut self) {
        self.requested = true;
    }

    /// Input was handled; draw as soon as the loop comes round, ignoring the interval.
    pub fn request_immediate(&mut self) {
        self.requested = true;
        self.immediate = true;
    }

    /// Whether a frame is waiting.
    pub fn is_pending(&self) -> bool {
        self.requested
    }

    /// When the pending frame may be drawn (`None`: nothing pending; `now` when it is due
    /// already). The caller sleeps until then and calls [`Self::take_due`].
    pub fn deadline(&self, now: Instant) -> Option<Instant> {
        if !self.requested {
            return None;
        }
        match self.last_render {
            Some(last) if !self.immediate => Some((last + self.interval).max(now)),
            _ => Some(now),
        }
    }

    /// Whether to draw at `now`; if so the request is consumed and `now` becomes the time of
    /// the last frame.
    pub fn take_due(&mut self, now: Instant) -> bool {
        if !self.requested {
            return false;
        }
        let due = self.immediate
            || self
                .last_render
                .is_none_or(|last| now.saturating_duration_since(last) >= self.interval);
        if due {
            self.requested = false;
            self.immediate = false;
            self.last_render = Some(now);
        }
        due
    }

    /// A frame was drawn outside the scheduler (e.g. forced); the interval counts from it.
    pub fn rendered_at(&mut self, now: Instant) {
        self.requested = false;
        self.immediate = false;
        self.last_render = Some(now);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_coalesce_into_one_frame_per_interval() {
        let t0 = Instant::now();
        let mut s = RenderScheduler::default();
        s.request();
        assert!(s.take_due(t0));
        s.request();
        s.request();
        assert!(!s.take_due(t0 + Duration::from_millis(5)));
        assert_eq!(s.deadline(t0), Some(t0 + MIN_RENDER_INTERVAL));
        assert!(s.take_due(t0 + Duration::from_millis(16)));
        assert!(!s.take_due(t0 + Duration::from_millis(40)));
    }

    #[test]
    fn input_draws_at_once() {
        let t0 = Instant::now();
        let mut s = RenderScheduler::default();
        s.rendered_at(t0);
        s.request_immediate();
        assert!(s.take_due(t0 + Duration::from_millis(1)));
    }
}
