//! The page's colours from a theme (Pi's export takes the active theme's): the caller names
//! a colour for some of the page's style variables, and the page sets those over its own
//! defaults for the theme's appearance, whatever the reader's light or dark preference.
//! Values are `#rrggbb` made here from channels, so nothing from a theme file reaches the
//! page's style as text.

/// The page's style variables a theme can set.
pub const VARIABLES: [&str; 14] = [
    "bg",
    "panel",
    "card",
    "border",
    "text",
    "dim",
    "accent",
    "user",
    "assistant",
    "tool",
    "error",
    "ok",
    "code-bg",
    "highlight",
];

/// The page's own dark colours (assets/export.css, `:root`).
const DARK: [&str; 14] = [
    "#16171d", "#1e2029", "#252834", "#343848", "#e3e5ec", "#8b90a3", "#7aa2f7", "#9ece6a",
    "#7dcfff", "#e0af68", "#f7768e", "#73daca", "#1a1c24", "#3d4466",
];

/// The page's own light colours (assets/export.css, the light `:root`).
const LIGHT: [&str; 14] = [
    "#f4f5f8", "#eceef3", "#ffffff", "#d5d9e2", "#1f2330", "#6a7186", "#3461c1", "#3f7d1c",
    "#0b6f99", "#98620b", "#c0324b", "#1d7f6c", "#f0f2f6", "#dde6ff",
];

/// Colours for the page's style variables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageColors {
    values: Vec<String>,
}

impl PageColors {
    /// The page's own colours for a light or a dark theme, to set a theme's over.
    pub fn new(light: bool) -> PageColors {
        let base = if light { LIGHT } else { DARK };
        PageColors {
            values: base.iter().map(|v| v.to_string()).collect(),
        }
    }

    /// Sets `variable` (one of [`VARIABLES`]; others are ignored) to an sRGB colour.
    pub fn set(&mut self, variable: &str, rgb: [u8; 3]) {
        if let Some(index) = VARIABLES.iter().position(|v| *v == variable) {
            let [r, g, b] = rgb;
            self.values[index] = format!("#{r:02x}{g:02x}{b:02x}");
        }
    }

    /// The colour of `variable`, as the page gets it.
    pub fn get(&self, variable: &str) -> Option<&str> {
        let index = VARIABLES.iter().position(|v| *v == variable)?;
        self.values.get(index).map(String::as_str)
    }

    /// The style rule that sets every variable, after the page's own (and its light
    /// preference rule), so it wins in both.
    pub(crate) fn css(&self) -> String {
        let mut css = String::from(":root:root {\n");
        for (name, value) in VARIABLES.iter().zip(&self.values) {
            css.push_str(&format!("  --{name}: {value};\n"));
        }
        css.push_str("}\n");
        css
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_the_style_sheet_s_own() {
        let css = include_str!("../assets/export.css");
        let light_rule = css.find("prefers-color-scheme: light").expect("light rule");
        for (index, name) in VARIABLES.iter().enumerate() {
            let dark = format!("--{name}: {};", DARK[index]);
            let light = format!("--{name}: {};", LIGHT[index]);
            assert!(css[..light_rule].contains(&dark), "{dark}");
            assert!(css[light_rule..].contains(&light), "{light}");
        }
    }

    #[test]
    fn a_set_colour_is_hex_and_unknown_names_change_nothing() {
        let mut colors = PageColors::new(false);
        colors.set("accent", [1, 2, 255]);
        colors.set("</style>", [0, 0, 0]);
        assert_eq!(colors.get("accent"), Some("#0102ff"));
        assert_eq!(colors.get("bg"), Some("#16171d"));
        let css = colors.css();
        assert!(
            css.contains("--accent: #0102ff;") && !css.contains("style"),
            "{css}"
        );
        assert_eq!(PageColors::new(true).get("bg"), Some("#f4f5f8"));
    }
}
