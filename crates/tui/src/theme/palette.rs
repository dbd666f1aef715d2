//! A theme flattened to escape strings for the Node extension host, whose `theme` object must
//! write the same bytes as tau (see the module doc for the JSON shape).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::color::ColorMode;
use super::styled::Theme;
use super::terminal::Appearance;

/// Every token's opening escape sequence, with the theme's name and modes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
        }
    }

    /// The palette as a JSON value.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }
}
