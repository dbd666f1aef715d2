//! Lines per wheel event (Pi's `fullscreenWheelScrollLines`), as pi-tui's
//! `WheelScrollAccelerator`: a fixed count, or `auto`, which moves one line for an isolated
//! notch and up to six for a fast spin, except in local macOS terminals, which accelerate
//! wheel input themselves.

/// Events closer than this (ms) are one physical notch or a high-resolution source: one
/// line each, no acceleration.
const BURST_GAP_MS: f64 = 5.0;
/// A pause longer than this (ms) ends a gesture.
const GESTURE_GAP_MS: f64 = 200.0;
/// The average gap (ms) that maps to one line per event; faster events scale up.
const REFERENCE_GAP_MS: f64 = 100.0;
const MAX_AUTO_LINES: f64 = 6.0;

/// The setting's value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum WheelLines {
    /// Follow the spin's speed.
    Auto,
    /// This many lines per event (at least one).
    Fixed(f64),
}

impl WheelLines {
    /// The setting from settings.json: `"auto"` or a number from 1 to 100; anything else is
    /// `auto`, Pi's default.
    pub fn from_setting(value: Option<&serde_json::Value>) -> Self {
        match value.and_then(serde_json::Value::as_f64) {
            Some(n) if (1.0..=100.0).contains(&n) => WheelLines::Fixed(n),
            _ => WheelLines::Auto,
        }
    }
}

/// Whether the terminal already accelerates wheel input (local macOS).
pub fn terminal_accelerates_wheel(env: impl Fn(&str) -> Option<String>) -> bool {
    cfg!(target_os = "macos")
        && env("SSH_CONNECTION").is_none()
        && env("SSH_CLIENT").is_none()
        && env("SSH_TTY").is_none()
}

/// Turns wheel events into line counts.
#[derive(Clone, Debug)]
pub struct WheelAccelerator {
    lines: WheelLines,
    accelerate: bool,
    last_time: f64,
    last_direction: i64,
    average_gap: Option<f64>,
    carry: f64,
}

impl WheelAccelerator {
    /// `accelerate`: whether `auto` follows the spin's speed (see
    /// [`terminal_accelerates_wheel`]).
    pub fn new(lines: WheelLines, accelerate: bool) -> Self {
        Self {
            lines,
            accelerate,
            last_time: f64::NEG_INFINITY,
            last_direction: 0,
            average_gap: None,
            carry: 0.0,
        }
    }

    /// Lines for a wheel event in `direction` (-1 or 1) at `now_ms`; always at least one.
    pub fn next(&mut self, direction: i64, now_ms: f64) -> i64 {
        let WheelLines::Auto = self.lines else {
            let WheelLines::Fixed(n) = self.lines else {
                return 1;
            };
            return (n.floor() as i64).max(1);
        };
        if !self.accelerate {
            return 1;
        }
        let gap = now_ms - self.last_time;
        let same_gesture = direction == self.last_direction && gap <= GESTURE_GAP_MS;
        self.last_time = now_ms;
        self.last_direction = direction;
        if !same_gesture {
            self.average_gap = None;
            self.carry = 0.0;
            return 1;
        }
        if gap < BURST_GAP_MS {
            return 1;
        }
        let average = match self.average_gap {
            None => gap,
            Some(previous) => (previous + gap) / 2.0,
        };
        self.average_gap = Some(average);
        let lines = (REFERENCE_GAP_MS / average).clamp(1.0, MAX_AUTO_LINES) + self.carry;
        let whole = lines.floor();
        self.carry = lines - whole;
        whole as i64
    }
}

impl Default for WheelAccelerator {
    fn default() -> Self {
        Self::new(WheelLines::Fixed(1.0), false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_speeds_up_a_fast_spin_and_starts_over_after_a_pause() {
        let mut wheel = WheelAccelerator::new(WheelLines::Auto, true);
        assert_eq!(wheel.next(1, 0.0), 1, "a new gesture");
        assert_eq!(wheel.next(1, 20.0), 5);
        assert_eq!(wheel.next(1, 40.0), 5);
        assert_eq!(wheel.next(1, 42.0), 1, "a burst");
        assert_eq!(wheel.next(-1, 60.0), 1, "the direction changed");
        assert_eq!(wheel.next(-1, 400.0), 1, "a pause");
        assert_eq!(wheel.next(-1, 450.0), 2);
        let mut fixed = WheelAccelerator::new(WheelLines::Fixed(3.7), true);
        assert_eq!(fixed.next(1, 0.0), 3);
        let mut local = WheelAccelerator::new(WheelLines::Auto, false);
        assert_eq!((local.next(1, 0.0), local.next(1, 10.0)), (1, 1));
    }

    #[test]
    fn the_setting_is_auto_unless_a_number_in_range() {
        use serde_json::json;
        assert_eq!(
            WheelLines::from_setting(Some(&json!(4))),
            WheelLines::Fixed(4.0)
        );
        assert_eq!(
            WheelLines::from_setting(Some(&json!("auto"))),
            WheelLines::Auto
        );
        assert_eq!(WheelLines::from_setting(Some(&json!(0))), WheelLines::Auto);
        assert_eq!(WheelLines::from_setting(None), WheelLines::Auto);
    }
}
