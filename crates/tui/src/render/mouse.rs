//! Mouse reports in fullscreen mode, read exactly as pi-tui's alternate screen reads them:
//! SGR reports (`CSI < button ; x ; y M|m`) and the old X10 form (`CSI M` and three bytes).
//! They belong to the viewport (wheel, selection, search buttons) and never reach a
//! component as keys.

/// All motion, buttons, focus reports, SGR encoding.
pub(super) const ENABLE_ALL_MOTION: &str =
    "\x1b[?1000h\x1b[?1002h\x1b[?1003h\x1b[?1004h\x1b[?1006h";
/// Button motion only: multiplexers lag when every pointer move is forwarded.
pub(super) const ENABLE_BUTTON_MOTION: &str = "\x1b[?1000h\x1b[?1002h\x1b[?1004h\x1b[?1006h";
/// Everything above off.
pub const DISABLE_MOUSE: &str = "\x1b[?1006l\x1b[?1004l\x1b[?1003l\x1b[?1002l\x1b[?1000l";

/// Lines per wheel event with Alt held, as a multiple of the normal step.
pub const ALT_WHEEL_MULTIPLIER: i64 = 5;

/// Bit of the button code set while the pointer moves (drag or hover).
pub const MOTION_BIT: i64 = 32;

/// The sequence that turns mouse reporting on: button motion only inside tmux, zellij or
/// screen, all motion elsewhere.
pub fn mouse_enable_sequence(env: impl Fn(&str) -> Option<String>) -> &'static str {
    let term = env("TERM").unwrap_or_default().to_lowercase();
    let multiplexer = env("TMUX").is_some()
        || env("ZELLIJ").is_some()
        || env("STY").is_some()
        || term.starts_with("tmux")
        || term.starts_with("screen");
    if multiplexer {
        ENABLE_BUTTON_MOTION
    } else {
        ENABLE_ALL_MOTION
    }
}

/// One wheel notch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wheel {
    /// -1 up, 1 down.
    pub direction: i64,
    /// Cell column, from 0.
    pub x: i64,
    /// Cell row, from 0.
    pub y: i64,
    /// The raw button code (bit 3 is Alt).
    pub button: i64,
}

impl Wheel {
    /// Alt was held (pi-tui scrolls five times as far).
    pub fn alt(&self) -> bool {
        self.button & 8 != 0
    }
}

/// An SGR mouse report: press, motion or release.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MouseReport {
    /// Button code: low two bits the button (0 primary, 1 middle, 2 secondary, 3 none),
    /// 4 Shift, 8 Alt, 16 Ctrl, 32 motion, 64 wheel.
    pub button: i64,
    /// Cell column, from 0.
    pub x: i64,
    /// Cell row, from 0.
    pub y: i64,
    /// The final byte was `m`.
    pub release: bool,
}

impl MouseReport {
    /// The pointer moved (with a button held: a drag).
    pub fn is_motion(&self) -> bool {
        self.button & MOTION_BIT != 0
    }
}

/// A run of ASCII digits as JavaScript's `Number.parseInt` reads it, kept as an integer
/// (reports carry small numbers; a huge one saturates instead of losing precision).
fn digits(text: &str) -> Option<i64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.bytes().fold(0i64, |n, b| {
        n.saturating_mul(10).saturating_add(i64::from(b - b'0'))
    }))
}

/// `CSI < digits ; digits ; digits (M|m)`, nothing else.
fn parse_sgr(data: &str) -> Option<(i64, i64, i64, bool)> {
    let body = data.strip_prefix("\x1b[<")?;
    let (body, release) = match body.strip_suffix('M') {
        Some(body) => (body, false),
        None => (body.strip_suffix('m')?, true),
    };
    let mut parts = body.split(';');
    let button = digits(parts.next()?)?;
    let x = digits(parts.next()?)?;
    let y = digits(parts.next()?)?;
    parts.next().is_none().then_some((button, x, y, release))
}

/// Length in UTF-16 code units, as JavaScript's `String.length` counts.
fn js_length(data: &str) -> usize {
    data.chars().map(char::len_utf16).sum()
}

/// The X10 report's three code units after `CSI M`, as `charCodeAt` reads them.
fn x10_codes(data: &str) -> Option<[i64; 3]> {
    if js_length(data) != 6 {
        return None;
    }
    let rest = data.strip_prefix("\x1b[M")?;
    let units: Vec<u16> = rest.encode_utf16().collect();
    match units[..] {
        [b, x, y] => Some([i64::from(b), i64::from(x), i64::from(y)]),
        _ => None,
    }
}

/// Whether `data` is a mouse report of either form (pi-tui's `isMouseSequence`).
pub fn is_mouse_sequence(data: &str) -> bool {
    parse_sgr(data).is_some() || (js_length(data) == 6 && data.starts_with("\x1b[M"))
}

/// Focus gained or lost (`CSI I` / `CSI O`).
pub fn is_focus_report(data: &str) -> bool {
    data == FOCUS_IN || data == FOCUS_OUT
}

/// Focus gained.
pub const FOCUS_IN: &str = "\x1b[I";
/// Focus lost.
pub const FOCUS_OUT: &str = "\x1b[O";

/// A wheel notch, if `data` is one (pi-tui's `parseWheelEvent`).
pub fn parse_wheel(data: &str) -> Option<Wheel> {
    let (button, x, y) = match parse_sgr(data) {
        Some((b, x, y, _)) => (b, x - 1, y - 1),
        None => {
            let [b, x, y] = x10_codes(data)?;
            (b - 32, x - 33, y - 33)
        }
    };
    if button & 64 == 0 {
        return None;
    }
    let direction = match button & 3 {
        0 => -1,
        1 => 1,
        _ => return None,
    };
    Some(Wheel {
        direction,
        x,
        y,
        button,
    })
}

/// An SGR press, motion or release (pi-tui's `parseSgrMouseEvent`; X10 reports other than
/// the wheel are swallowed without meaning, as there).
pub fn parse_mouse(data: &str) -> Option<MouseReport> {
    let (button, x, y, release) = parse_sgr(data)?;
    Some(MouseReport {
        button,
        x: x - 1,
        y: y - 1,
        release,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wheel_reports_in_both_encodings() {
        let up = parse_wheel("\x1b[<64;10;5M");
        assert_eq!(
            up,
            Some(Wheel {
                direction: -1,
                x: 9,
                y: 4,
                button: 64
            })
        );
        assert_eq!(
            parse_wheel("\x1b[<73;1;1M").map(|w| (w.direction, w.alt())),
            Some((1, true))
        );
        assert_eq!(parse_wheel("\x1b[<0;10;5M"), None, "a click");
        assert_eq!(parse_wheel("\x1b[Ma!!").map(|w| w.direction), Some(1));
        assert!(is_mouse_sequence("\x1b[<0;10;5m") && !is_mouse_sequence("\x1b[A"));
        assert!(mouse_enable_sequence(|k| (k == "TMUX").then(String::new)).contains("1002h"));
    }
}
