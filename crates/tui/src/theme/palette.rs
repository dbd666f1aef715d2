//! A theme flattened to escape strings for the Node extension host, whose `theme` object must
//! write the same bytes as tau (see the module doc for the JSON shape).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::color::{Color, ColorMode};
use super::styled::Theme;
use super::terminal::Appearance;

/// Every token's opening escape sequence, with the theme's name and modes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Palette {
    /// The theme's name.
    pub name: String,
    /// `"dark"`, `"light"`, or `null` when the theme gives no clue.
    pub appearance: Option<Appearance>,
    /// `"truecolor"` or `"256color"`.
    pub color_mode: ColorMode,
    /// Foreground token -> opening sequence (`fg(t, s)` is `fg[t] + s + "\x1b[39m"`).
    pub fg: BTreeMap<String, String>,
    /// Background token -> opening sequence (`bg(t, s)` is `bg[t] + s + "\x1b[49m"`).
    pub bg: BTreeMap<String, String>,
    /// Token -> its color as a pi-tui `Color` object, for extensions that compute with
    /// `theme.colors`; terminal-default tokens are left out (the host fills them from the
    /// terminal's reported default colors, as Pi does).
    pub colors: BTreeMap<String, PaletteColor>,
}

/// A color in pi-tui's object shape: `{"kind":"indexed","index":n}`,
/// `{"kind":"rgb","r":..,"g":..,"b":..}` or `{"kind":"oklch","l":..,"c":..,"h":..}`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum PaletteColor {
    /// A palette index.
    Indexed {
        /// 0-255.
        index: u8,
    },
    /// sRGB.
    Rgb {
        /// Red.
        r: u8,
        /// Green.
        g: u8,
        /// Blue.
        b: u8,
    },
    /// OKLCH.
    Oklch {
        /// Lightness 0-1.
        l: f64,
        /// Chroma.
        c: f64,
        /// Hue in degrees.
        h: f64,
    },
}

impl From<Color> for PaletteColor {
    fn from(color: Color) -> Self {
        match color {
            Color::Indexed(index) => PaletteColor::Indexed { index },
            Color::Rgb { r, g, b } => PaletteColor::Rgb { r, g, b },
            Color::Oklch { l, c, h } => PaletteColor::Oklch { l, c, h },
        }
    }
}

impl Palette {
    /// The palette of `theme`.
    pub fn from_theme(theme: &Theme) -> Self {
        let collect = |tokens: &mut dyn Iterator<Item = (&'static str, &str)>| {
            tokens
                .map(|(token, ansi)| (token.to_string(), ansi.to_string()))
                .collect()
        };
        Palette {
            name: theme.name().to_string(),
            appearance: theme.appearance(),
            color_mode: theme.color_mode(),
            fg: collect(&mut theme.fg_tokens()),
            bg: collect(&mut theme.bg_tokens()),
            colors: theme
                .concrete_colors()
                .iter()
                .map(|(token, color)| (token.to_string(), PaletteColor::from(*color)))
                .collect(),
        }
    }

    /// The palette as a JSON value.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }
}
