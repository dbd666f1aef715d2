//! Mouse reports in fullscreen mode, as pi-tui's alternate screen reads them: the wheel
//! scrolls the transcript; focus reports and other mouse events are the viewport's and never
//! reach a component. Mouse reporting is opt-in here ([`super::Renderer::set_mouse`]): with
//! it on the terminal's own text selection stops working, and tau has no selection of its
//! own yet.

/// All motion, buttons, focus reports, SGR encoding.
pub(super) const ENABLE_ALL_MOTION: &str =
    "\x1b[?1000h\x1b[?1002h\x1b[?1003h\x1b[?1004h\x1b[?1006h";
/// Button motion only: multiplexers lag when every pointer move is forwarded.
pub(super) const ENABLE_BUTTON_MOTION: &str = "\x1b[?1000h\x1b[?1002h\x1b[?1004h\x1b[?1006h";
/// Everything above off.
pub const DISABLE_MOUSE: &str = "\x1b[?1006l\x1b[?1004l\x1b[?1003l\x1b[?1002l\x1b[?1000l";

/// Lines per wheel event with Alt held, as a multiple of the normal step.
pub const ALT_WHEEL_MULTIPLIER: i64 = 5;

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
    /// Alt was held (pi-tui scrolls five times as far).
    pub alt: bool,
}

/// An SGR mouse report `CSI < button ; x ; y M|m`: button, x, y (1-based).
fn parse_sgr(data: &str) -> Option<(i64, i64, i64)> {
    let body = data.strip_prefix("\x1b[<")?;
    let body = body.strip_suffix('M').or_else(|| body.strip_suffix('m'))?;
    let mut parts = body.split(';');
    let mut next = || {
        let p = parts.next()?;
        (!p.is_empty() && p.bytes().all(|b| b.is_ascii_digit())).then(|| p.parse::<i64>().ok())?
    };
    let values = (next()?, next()?, next()?);
    parts.next().is_none().then_some(values)
}

/// Whether `data` is a mouse report (SGR or the old X10 form).
pub fn is_mouse_report(data: &str) -> bool {
    parse_sgr(data).is_some() || (data.starts_with("\x1b[M") && data.chars().count() == 6)
}

/// Focus gained or lost (`CSI I` / `CSI O`).
pub fn is_focus_report(data: &str) -> bool {
    data == "\x1b[I" || data == "\x1b[O"
}

/// A wheel notch, if `data` is one.
pub fn parse_wheel(data: &str) -> Option<Wheel> {
    let (button, x, y) = if let Some((b, x, y)) = parse_sgr(data) {
        (b, x - 1, y - 1)
    } else {
        let rest = data.strip_prefix("\x1b[M")?;
        let codes: Vec<i64> = rest.chars().map(|c| i64::from(u32::from(c))).collect();
        match codes[..] {
            [b, x, y] => (b - 32, x - 33, y - 33),
            _ => return None,
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
        alt: button & 8 != 0,
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
                alt: false
            })
        );
        assert_eq!(
            parse_wheel("\x1b[<73;1;1M").map(|w| (w.direction, w.alt)),
            Some((1, true))
        );
        assert_eq!(parse_wheel("\x1b[<0;10;5M"), None, "a click");
        assert_eq!(parse_wheel("\x1b[Ma!!").map(|w| w.direction), Some(1));
        assert!(is_mouse_report("\x1b[<0;10;5m") && !is_mouse_report("\x1b[A"));
        assert!(mouse_enable_sequence(|k| (k == "TMUX").then(String::new)).contains("1002h"));
    }
}
