//! tau's own `dark` and `light` themes (same tokens as Pi's, colors chosen for tau), and the
//! `system` theme, which in tau is whichever of the two suits the terminal's background.
//! The palettes are ordinary theme files, checked by the same loader as user themes.

use super::file::{parse_theme_json, ThemeDefinition};
use super::terminal::Appearance;

/// The reserved name that follows the terminal: a user theme of this name is ignored.
pub const SYSTEM_THEME_NAME: &str = "system";

/// The built-in theme names, as listed: `system` first.
pub const BUILTIN_THEME_NAMES: &[&str] = &[SYSTEM_THEME_NAME, "dark", "light"];

const DARK_JSON: &str = include_str!("builtin/dark.json");
const LIGHT_JSON: &str = include_str!("builtin/light.json");

/// The source text of a built-in palette (`dark` or `light`).
pub fn builtin_theme_json(name: &str) -> Option<&'static str> {
    match name {
        "dark" => Some(DARK_JSON),
        "light" => Some(LIGHT_JSON),
        _ => None,
    }
}

/// The built-in palette for an appearance. The files are tested to load, so a failure here is
/// a broken build; it falls back to an all-terminal-default theme rather than panic.
pub fn builtin_theme(appearance: Appearance) -> ThemeDefinition {
    let name = appearance.as_str();
    let text = builtin_theme_json(name).unwrap_or_default();
    match parse_theme_json(name, text) {
        Ok(definition) => definition,
        Err(error) => {
            debug_assert!(false, "built-in theme {name} is invalid: {error}");
            terminal_default_theme(name)
        }
    }
}

/// `dark`, `light`, or `system` (resolved with the terminal's appearance).
pub fn builtin_theme_named(name: &str, terminal: Appearance) -> Option<ThemeDefinition> {
    match name {
        SYSTEM_THEME_NAME => {
            let mut definition = builtin_theme(terminal);
            definition.name = SYSTEM_THEME_NAME.to_string();
            Some(definition)
        }
        "dark" => Some(builtin_theme(Appearance::Dark)),
        "light" => Some(builtin_theme(Appearance::Light)),
        _ => None,
    }
}

fn terminal_default_theme(name: &str) -> ThemeDefinition {
    use super::color::ColorValue;
    ThemeDefinition {
        name: name.to_string(),
        appearance: None,
        colors: super::tokens::THEME_TOKENS
            .iter()
            .map(|token| (token, ColorValue::TerminalDefault))
            .collect(),
        source_path: None,
        export: Vec::new(),
    }
}
