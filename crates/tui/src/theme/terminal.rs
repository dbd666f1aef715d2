//! What the terminal tells about colors: whether it shows 24-bit color (from the environment,
//! as Pi's capability detection decides), its colors as it answers an OSC 10/11/4 query, its
//! light/dark report (mode 2031), and from those whether it is dark or light — which picks the
//! `system` theme and the half of a `light/dark` setting.

use super::color::ColorMode;
use super::oklab::{js_round, rgb_to_oklab};

/// Dark or light: what a theme is made for, or what the terminal's background is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Appearance {
    /// Light text on a dark background.
    Dark,
    /// Dark text on a light background.
    Light,
}

impl Appearance {
    /// `"dark"` or `"light"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Appearance::Dark => "dark",
            Appearance::Light => "light",
        }
    }
}

/// An sRGB color a terminal reported (channels 0-255).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgb {
    /// Red.
    pub r: u8,
    /// Green.
    pub g: u8,
    /// Blue.
    pub b: u8,
}

/// Truecolor or 256 colors, from environment variables (`env` looks one up), the way pi-tui
/// decides: `PI_TRUE_COLOR=1`/`0` overrides; inside tmux or screen only `COLORTERM=truecolor`/
/// `24bit` or a `TERM` ending in `-direct` counts; terminals known to show 24-bit color
/// (kitty, Ghostty, WezTerm, iTerm2, Warp, Windows Terminal, Alacritty, VS Code, Zed,
/// JetBrains, rex, Orca) get it; any other terminal needs the `COLORTERM`/`TERM` hint.
pub fn detect_color_mode(env: &dyn Fn(&str) -> Option<String>) -> ColorMode {
    let var = |name: &str| env(name).filter(|value| !value.is_empty());
    let lower = |name: &str| var(name).unwrap_or_default().to_lowercase();
    let true_color = match var("PI_TRUE_COLOR").as_deref() {
        Some("1") => true,
        Some("0") => false,
        _ => {
            let term_program = lower("TERM_PROGRAM");
            let term = lower("TERM");
            let color_term = lower("COLORTERM");
            let hint =
                color_term == "truecolor" || color_term == "24bit" || term.ends_with("-direct");
            let known = |program: &str| term_program == program;
            // Multiplexers and herdr pass 24-bit color through only when the hint says so.
            let multiplexed =
                var("TMUX").is_some() || term.starts_with("tmux") || term.starts_with("screen");
            if multiplexed || known("herdr") {
                hint
            } else {
                known("rex")
                    || (known("orca") && env("ORCA_IMAGE_PROTOCOL").as_deref() == Some("kitty"))
                    || var("KITTY_WINDOW_ID").is_some()
                    || known("kitty")
                    || known("ghostty")
                    || term.contains("ghostty")
                    || var("GHOSTTY_RESOURCES_DIR").is_some()
                    || var("WEZTERM_PANE").is_some()
                    || known("wezterm")
                    || known("warpterminal")
                    || var("WARP_SESSION_ID").is_some()
                    || var("WARP_TERMINAL_SESSION_UUID").is_some()
                    || var("ITERM_SESSION_ID").is_some()
                    || known("iterm.app")
                    || var("WT_SESSION").is_some()
                    || known("alacritty")
                    || term.starts_with("alacritty")
                    || var("ALACRITTY_WINDOW_ID").is_some()
                    || known("vscode")
                    || known("zed")
                    || lower("TERMINAL_EMULATOR") == "jetbrains-jediterm"
                    || cfg!(windows)
                    || hint
            }
        }
    };
    if true_color {
        ColorMode::Truecolor
    } else {
        ColorMode::Ansi256
    }
}

/// [`detect_color_mode`] on this process's environment.
pub fn detect_color_mode_from_env() -> ColorMode {
    detect_color_mode(&|name| std::env::var(name).ok())
}

/// Which color an OSC color reply is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OscTarget {
    /// OSC 10: the default foreground.
    Foreground,
    /// OSC 11: the default background.
    Background,
    /// OSC 4: one palette entry.
    Palette(u16),
}

/// A terminal's reply to an OSC 10/11/4 color query.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OscColorReply {
    /// Which color.
    pub target: OscTarget,
    /// The color, or `None` when the reply's color could not be read.
    pub rgb: Option<Rgb>,
}

/// Parse a complete OSC color reply (`ESC ] 11 ; rgb:RRRR/GGGG/BBBB` ended by BEL or ST, also
/// `10`, `4;N`, `#rrggbb`, `#rrrrggggbbbb`, `rgba:`); `None` when `data` is not such a reply.
pub fn parse_osc_color_reply(data: &str) -> Option<OscColorReply> {
    let body = data.strip_prefix("\x1b]")?;
    let body = body
        .strip_suffix('\x07')
        .or_else(|| body.strip_suffix("\x1b\\"))?;
    let (target, value) = if let Some(rest) = body.strip_prefix("10;") {
        (OscTarget::Foreground, rest)
    } else if let Some(rest) = body.strip_prefix("11;") {
        (OscTarget::Background, rest)
    } else {
        let rest = body.strip_prefix("4;")?;
        let (index, value) = rest.split_once(';')?;
        if index.is_empty() || index.len() > 3 || !index.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        (OscTarget::Palette(index.parse().ok()?), value)
    };
    if value.contains(['\x07', '\x1b']) {
        return None;
    }
    Some(OscColorReply {
        target,
        rgb: parse_osc_color_value(value),
    })
}

fn parse_osc_color_value(raw: &str) -> Option<Rgb> {
    let value = raw.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    if let Some(hex) = value.strip_prefix('#') {
        return match hex.len() {
            6 | 12 if hex.bytes().all(|b| b.is_ascii_hexdigit()) => {
                let width = hex.len() / 3;
                rgb_from_channels(&hex[..width], &hex[width..2 * width], &hex[2 * width..])
            }
            _ => None,
        };
    }
    let value = strip_prefix_ignore_case(value, "rgba:")
        .or_else(|| strip_prefix_ignore_case(value, "rgb:"))
        .unwrap_or(value);
    let mut parts = value.split('/');
    let (r, g, b) = (parts.next()?, parts.next()?, parts.next()?);
    rgb_from_channels(r, g, b)
}

fn strip_prefix_ignore_case<'a>(value: &'a str, prefix: &str) -> Option<&'a str> {
    let head = value.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &value[prefix.len()..])
}

fn rgb_from_channels(r: &str, g: &str, b: &str) -> Option<Rgb> {
    Some(Rgb {
        r: scale_hex_channel(r)?,
        g: scale_hex_channel(g)?,
        b: scale_hex_channel(b)?,
    })
}

/// A hex channel of any width scaled to 0-255 (`ff` and `ffff` are both 255).
fn scale_hex_channel(channel: &str) -> Option<u8> {
    if channel.is_empty() || !channel.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let max = 16f64.powi(i32::try_from(channel.len()).ok()?) - 1.0;
    // Long channels overflow u64 but not f64; pi-tui parses them as doubles too.
    let value = channel.bytes().fold(0f64, |acc, b| {
        acc * 16.0 + f64::from((b as char).to_digit(16).unwrap_or(0))
    });
    if !max.is_finite() || max <= 0.0 {
        return None;
    }
    Some(js_round(value / max * 255.0) as u8)
}

/// The terminal's light/dark report (`CSI ? 997 ; 1 n` dark, `; 2 n` light, possibly repeated;
/// the last report counts, as in pi-tui).
pub fn parse_color_scheme_report(data: &str) -> Option<Appearance> {
    let mut rest = data;
    let mut last = None;
    while !rest.is_empty() {
        let after = rest.strip_prefix("\x1b[?997;")?;
        let scheme = match after.as_bytes().first() {
            Some(b'1') => Appearance::Dark,
            Some(b'2') => Appearance::Light,
            _ => return None,
        };
        rest = after[1..].strip_prefix('n')?;
        last = Some(scheme);
    }
    last
}

/// Dark or light from `COLORFGBG` (`fg;bg` or `fg;xpm;bg`): background index 0-6 or 8 is dark,
/// 7 or 9-15 light; anything else (`default`, above 15) says nothing.
pub fn color_fg_bg_appearance(value: Option<&str>) -> Option<Appearance> {
    let background = value?.rsplit(';').next()?.trim();
    if background.is_empty()
        || background.len() > 2
        || !background.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    match background.parse::<u8>().ok()? {
        0..=6 | 8 => Some(Appearance::Dark),
        7 | 9..=15 => Some(Appearance::Light),
        _ => None,
    }
}

fn relative_luminance(rgb: Rgb) -> f64 {
    let linear = |channel: u8| {
        let value = f64::from(channel) / 255.0;
        if value <= 0.04045 {
            value / 12.92
        } else {
            ((value + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(rgb.r) + 0.7152 * linear(rgb.g) + 0.0722 * linear(rgb.b)
}

fn wcag_contrast(first: Rgb, second: Rgb) -> f64 {
    let (a, b) = (relative_luminance(first), relative_luminance(second));
    (a.max(b) + 0.05) / (a.min(b) + 0.05)
}

/// Contrast body text needs (WCAG AA); Pi trusts the foreground's direction only when the
/// matching black or white text would reach it.
const TEXT_MINIMUM_CONTRAST: f64 = 4.5;

/// Dark or light from the terminal's reported colors, as Pi decides: the direction of the
/// foreground against the background when they differ clearly in lightness and text that way
/// can be readable; otherwise dark when white text contrasts more with the background than
/// black text.
pub fn terminal_appearance(background: Rgb, foreground: Option<Rgb>) -> Appearance {
    let white = Rgb {
        r: 255,
        g: 255,
        b: 255,
    };
    let black = Rgb { r: 0, g: 0, b: 0 };
    let white_contrast = wcag_contrast(white, background);
    let black_contrast = wcag_contrast(black, background);
    if let Some(foreground) = foreground {
        let lightness = |c: Rgb| rgb_to_oklab([c.r, c.g, c.b].map(f64::from))[0];
        let (fg_l, bg_l) = (lightness(foreground), lightness(background));
        if (fg_l - bg_l).abs() > 0.05 {
            let (appearance, best) = if fg_l > bg_l {
                (Appearance::Dark, white_contrast)
            } else {
                (Appearance::Light, black_contrast)
            };
            if best >= TEXT_MINIMUM_CONTRAST {
                return appearance;
            }
        }
    }
    if white_contrast >= black_contrast {
        Appearance::Dark
    } else {
        Appearance::Light
    }
}

/// Everything the terminal reported so far that bears on dark versus light.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TerminalReport {
    /// OSC 11 reply.
    pub background: Option<Rgb>,
    /// OSC 10 reply.
    pub foreground: Option<Rgb>,
    /// Mode 2031 light/dark report.
    pub scheme: Option<Appearance>,
}

impl TerminalReport {
    /// Record an OSC 10/11 reply (palette replies and unreadable colors change nothing).
    pub fn apply(&mut self, reply: OscColorReply) {
        match (reply.target, reply.rgb) {
            (OscTarget::Foreground, Some(rgb)) => self.foreground = Some(rgb),
            (OscTarget::Background, Some(rgb)) => self.background = Some(rgb),
            _ => {}
        }
    }
}

/// What pi-tui sends to learn the terminal's colors: OSC 10 and 11 (default foreground and
/// background), OSC 4 for palette entries 0-15, then a primary device attributes request
/// (`CSI c`), whose reply marks the end of the answers (terminals answer in order, and every
/// terminal answers DA1).
pub fn terminal_color_query() -> String {
    let mut query = String::from("\x1b]10;?\x07\x1b]11;?\x07");
    for index in 0..16 {
        query.push_str(&format!("\x1b]4;{index};?\x07"));
    }
    query.push_str("\x1b[c");
    query
}

/// Ask the terminal to report light/dark changes (mode 2031; replies parse with
/// [`parse_color_scheme_report`]).
pub const ENABLE_COLOR_SCHEME_REPORTS: &str = "\x1b[?2031h";
/// Stop the mode 2031 reports (on exit).
pub const DISABLE_COLOR_SCHEME_REPORTS: &str = "\x1b[?2031l";

/// Pi's decision: the reported background (with the foreground), else the light/dark report,
/// else `COLORFGBG` (its value passed in), else dark.
pub fn detect_terminal_appearance(
    report: &TerminalReport,
    color_fg_bg: Option<&str>,
) -> Appearance {
    match report.background {
        Some(background) => terminal_appearance(background, report.foreground),
        None => report
            .scheme
            .or_else(|| color_fg_bg_appearance(color_fg_bg))
            .unwrap_or(Appearance::Dark),
    }
}
