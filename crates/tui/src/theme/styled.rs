//! A theme ready to paint text: each token's escape sequence computed once for the terminal's
//! color mode, so `fg`/`bg` on the render path are a lookup and two concatenations, as in Pi.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use super::color::{Color, ColorMode, ColorValue};
use super::file::ThemeDefinition;
use super::terminal::Appearance;
use super::tokens::Slot;
use crate::component::Style;

const FG_RESET: &str = "\x1b[39m";
const BG_RESET: &str = "\x1b[49m";

/// A loaded theme in one color mode.
#[derive(Debug, Clone)]
pub struct Theme {
    name: String,
    source_path: Option<PathBuf>,
    appearance: Option<Appearance>,
    color_mode: ColorMode,
    fg_ansi: HashMap<&'static str, String>,
    bg_ansi: HashMap<&'static str, String>,
    concrete: Vec<(&'static str, Color)>,
    export: Vec<(&'static str, Color)>,
}

impl Theme {
    /// Compute every token's escape sequence for `mode`.
    pub fn new(definition: &ThemeDefinition, mode: ColorMode) -> Self {
        let mut fg_ansi = HashMap::new();
        let mut bg_ansi = HashMap::new();
        let mut foregrounds = Vec::new();
        let mut backgrounds = Vec::new();
        let mut concrete = Vec::new();
        for (token, value) in &definition.colors {
            let background = token.slot == Slot::Background;
            let ansi = match value {
                ColorValue::TerminalDefault if background => BG_RESET.to_string(),
                ColorValue::TerminalDefault => FG_RESET.to_string(),
                ColorValue::Color(color) => {
                    if background {
                        &mut backgrounds
                    } else {
                        &mut foregrounds
                    }
                    .push(*color);
                    concrete.push((token.name, *color));
                    color.ansi(mode, background)
                }
            };
            if background {
                &mut bg_ansi
            } else {
                &mut fg_ansi
            }
            .insert(token.name, ansi);
        }
        Theme {
            name: definition.name.clone(),
            source_path: definition.source_path.clone(),
            appearance: definition
                .appearance
                .or_else(|| detect_appearance(&foregrounds, &backgrounds)),
            color_mode: mode,
            fg_ansi,
            bg_ansi,
            concrete,
            export: definition.export.clone(),
        }
    }

    /// The same theme under another name (the `system` theme is a renamed built-in).
    pub fn renamed(mut self, name: &str) -> Self {
        self.name = name.to_string();
        self
    }

    /// The theme's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The file it came from (`None` for built-in themes).
    pub fn source_path(&self) -> Option<&std::path::Path> {
        self.source_path.as_deref()
    }

    /// The background the theme is made for: declared in the file, else judged from the
    /// lightness of its own colors. `None` when it has no colors to judge by (all terminal
    /// defaults or basic palette entries); Pi then uses the terminal's appearance.
    pub fn appearance(&self) -> Option<Appearance> {
        self.appearance
    }

    /// Truecolor or 256 colors.
    pub fn color_mode(&self) -> ColorMode {
        self.color_mode
    }

    /// `text` in the foreground token's color, then the default foreground again. An unknown
    /// or background token leaves the text unstyled (Pi throws; a bad name from an extension
    /// must not take the UI down).
    pub fn fg(&self, token: &str, text: &str) -> String {
        match self.fg_ansi.get(token) {
            Some(ansi) => format!("{ansi}{text}{FG_RESET}"),
            None => text.to_string(),
        }
    }

    /// `text` on the background token's color, then the default background again.
    pub fn bg(&self, token: &str, text: &str) -> String {
        match self.bg_ansi.get(token) {
            Some(ansi) => format!("{ansi}{text}{BG_RESET}"),
            None => text.to_string(),
        }
    }

    /// The opening sequence of a foreground token (Pi's `getFgAnsi`).
    pub fn fg_ansi(&self, token: &str) -> Option<&str> {
        self.fg_ansi.get(token).map(String::as_str)
    }

    /// The opening sequence of a background token (Pi's `getBgAnsi`).
    pub fn bg_ansi(&self, token: &str) -> Option<&str> {
        self.bg_ansi.get(token).map(String::as_str)
    }

    /// Every foreground token with its opening sequence.
    pub fn fg_tokens(&self) -> impl Iterator<Item = (&'static str, &str)> {
        self.fg_ansi.iter().map(|(k, v)| (*k, v.as_str()))
    }

    /// Every background token with its opening sequence.
    pub fn bg_tokens(&self) -> impl Iterator<Item = (&'static str, &str)> {
        self.bg_ansi.iter().map(|(k, v)| (*k, v.as_str()))
    }

    /// Bold (SGR 1 ... 22), as chalk writes it.
    pub fn bold(&self, text: &str) -> String {
        sgr(text, "\x1b[1m", "\x1b[22m")
    }

    /// Faint (SGR 2 ... 22).
    pub fn dim(&self, text: &str) -> String {
        sgr(text, "\x1b[2m", "\x1b[22m")
    }

    /// Italic (SGR 3 ... 23).
    pub fn italic(&self, text: &str) -> String {
        sgr(text, "\x1b[3m", "\x1b[23m")
    }

    /// Underline (SGR 4 ... 24).
    pub fn underline(&self, text: &str) -> String {
        sgr(text, "\x1b[4m", "\x1b[24m")
    }

    /// Inverse video (SGR 7 ... 27).
    pub fn inverse(&self, text: &str) -> String {
        sgr(text, "\x1b[7m", "\x1b[27m")
    }

    /// Strikethrough (SGR 9 ... 29).
    pub fn strikethrough(&self, text: &str) -> String {
        sgr(text, "\x1b[9m", "\x1b[29m")
    }

    /// Colors and attributes at once, as Pi's `Theme.style` (pi-tui's `styleTextWithAnsi`):
    /// the openings in the order fg, bg, bold, dim, italic, underline, inverse,
    /// strikethrough, and the closings in reverse. Unlike the one-attribute methods, inner
    /// resets and line breaks are not touched. An unknown token adds no color.
    pub fn style(&self, text: &str, style: &TextStyle<'_>) -> String {
        let mut prefix = String::new();
        let mut suffix = String::new();
        if let Some(open) = style.fg.and_then(|token| self.fg_ansi(token)) {
            prefix.push_str(open);
            suffix = FG_RESET.to_string();
        }
        if let Some(open) = style.bg.and_then(|token| self.bg_ansi(token)) {
            prefix.push_str(open);
            suffix.insert_str(0, BG_RESET);
        }
        if style.bold {
            prefix.push_str("\x1b[1m");
        }
        if style.dim {
            prefix.push_str("\x1b[2m");
        }
        if style.bold || style.dim {
            suffix.insert_str(0, "\x1b[22m");
        }
        for (on, open, close) in [
            (style.italic, "\x1b[3m", "\x1b[23m"),
            (style.underline, "\x1b[4m", "\x1b[24m"),
            (style.inverse, "\x1b[7m", "\x1b[27m"),
            (style.strikethrough, "\x1b[9m", "\x1b[29m"),
        ] {
            if on {
                prefix.push_str(open);
                suffix.insert_str(0, close);
            }
        }
        format!("{prefix}{text}{suffix}")
    }

    /// The concrete color of every token that has one (terminal-default tokens are absent),
    /// as Pi's `Theme.colors` before it fills those from the terminal's reported colors.
    pub fn concrete_colors(&self) -> &[(&'static str, Color)] {
        &self.concrete
    }

    /// The theme file's `export` colors (`pageBg`, `cardBg`, `infoBg`) that it sets.
    pub fn export_colors(&self) -> &[(&'static str, Color)] {
        &self.export
    }

    /// A style painting text in `token` (for a component field).
    pub fn fg_style(self: &Arc<Self>, token: &'static str) -> Style {
        let theme = Arc::clone(self);
        Arc::new(move |text: &str| theme.fg(token, text))
    }

    /// The editor border color for a thinking level (`off`, `minimal`, `low`, `medium`,
    /// `high`, `xhigh`, `max`; anything else is `off`), as Pi's `getThinkingBorderColor`.
    pub fn thinking_border_color(self: &Arc<Self>, level: &str) -> Style {
        self.fg_style(thinking_token(level))
    }

    /// The editor border color in bash mode (Pi's `getBashModeBorderColor`).
    pub fn bash_mode_border_color(self: &Arc<Self>) -> Style {
        self.fg_style("bashMode")
    }
}

/// Colors (as token names) and attributes for [`Theme::style`], Pi's `ThemeStyle`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TextStyle<'a> {
    /// A foreground token.
    pub fg: Option<&'a str>,
    /// A background token.
    pub bg: Option<&'a str>,
    /// SGR 1.
    pub bold: bool,
    /// SGR 2.
    pub dim: bool,
    /// SGR 3.
    pub italic: bool,
    /// SGR 4.
    pub underline: bool,
    /// SGR 7.
    pub inverse: bool,
    /// SGR 9.
    pub strikethrough: bool,
}

/// The token coloring the editor border at a thinking level.
pub fn thinking_token(level: &str) -> &'static str {
    match level {
        "minimal" => "thinkingMinimal",
        "low" => "thinkingLow",
        "medium" => "thinkingMedium",
        "high" => "thinkingHigh",
        "xhigh" => "thinkingXhigh",
        "max" => "thinkingMax",
        _ => "thinkingOff",
    }
}

/// Wrap `text` in one SGR attribute the way chalk does, so nested styles and line breaks come
/// out the same: an inner close of the same attribute is followed by a re-open (the outer
/// style continues after it), and each line break is preceded by the close and followed by the
/// open (a `\r\n` is kept whole). Empty text stays empty.
pub fn sgr(text: &str, open: &str, close: &str) -> String {
    if text.is_empty() {
        return String::new();
    }
    let mut body = if text.contains('\x1b') {
        text.replace(close, &format!("{close}{open}"))
    } else {
        text.to_string()
    };
    if body.contains('\n') {
        let mut out = String::with_capacity(body.len() + 16);
        let mut lines = body.split('\n').peekable();
        while let Some(line) = lines.next() {
            if lines.peek().is_none() {
                out.push_str(line);
                break;
            }
            match line.strip_suffix('\r') {
                Some(line) => out.push_str(&format!("{line}{close}\r\n{open}")),
                None => out.push_str(&format!("{line}{close}\n{open}")),
            }
        }
        body = out;
    }
    format!("{open}{body}{close}")
}

/// Pi's guess at a theme's background when the file does not say: compare the average Oklab
/// lightness of its background and foreground colors (basic palette entries 0-15 left out,
/// since they follow the user's terminal palette).
fn detect_appearance(foregrounds: &[Color], backgrounds: &[Color]) -> Option<Appearance> {
    let average = |colors: &[Color]| {
        let fixed: Vec<f64> = colors
            .iter()
            .filter(|c| !matches!(c, Color::Indexed(i) if *i < 16))
            .map(|c| c.oklab_lightness())
            .collect();
        (!fixed.is_empty()).then(|| fixed.iter().sum::<f64>() / fixed.len() as f64)
    };
    let pick = |dark: bool| {
        if dark {
            Appearance::Dark
        } else {
            Appearance::Light
        }
    };
    match (average(foregrounds), average(backgrounds)) {
        (Some(fg), Some(bg)) => Some(pick(bg < fg)),
        (None, Some(bg)) => Some(pick(bg < 0.5)),
        (Some(fg), None) => Some(pick(fg > 0.5)),
        (None, None) => None,
    }
}
