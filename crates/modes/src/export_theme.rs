//! The HTML export in the terminal UI's active theme, as Pi's `/export` passes its theme: the
//! theme's `export` colours (`pageBg`, `cardBg`) or, without them, page and card colours
//! derived from `userMessageBg` as Pi derives them, and the theme's tokens for the page's
//! text, accents and roles (the tree's roles take the tokens Pi's page gives them). The
//! `system` theme is the terminal's own colours, which a page cannot know: its export keeps
//! the page's colours, light or dark as the reader prefers.

use std::path::Path;

use tau_export::PageColors;
use tau_tui::theme::{
    builtin_theme_named, load_theme_file, Appearance, ColorMode, Theme, SYSTEM_THEME_NAME,
};

/// Which theme token colours each of the page's style variables.
const TOKENS: [(&str, &str); 12] = [
    ("card", "userMessageBg"),
    ("border", "border"),
    ("text", "text"),
    ("dim", "dim"),
    ("accent", "accent"),
    ("user", "accent"),
    ("assistant", "success"),
    ("tool", "muted"),
    ("error", "error"),
    ("ok", "success"),
    ("highlight", "selectedBg"),
    ("code-bg", "toolPendingBg"),
];

/// Pi's fallback base colour when a theme has no `userMessageBg`.
const DEFAULT_BASE: [u8; 3] = [0x34, 0x35, 0x41];

fn token(theme: &Theme, name: &str) -> Option<[u8; 3]> {
    theme
        .concrete_colors()
        .iter()
        .find(|(token, _)| *token == name)
        .map(|(_, color)| color.to_rgb())
}

/// WCAG relative luminance, as Pi's export computes it.
fn luminance([r, g, b]: [u8; 3]) -> f64 {
    let linear = |c: u8| {
        let s = f64::from(c) / 255.0;
        if s <= 0.03928 {
            s / 12.92
        } else {
            ((s + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

fn scaled(rgb: [u8; 3], factor: f64) -> [u8; 3] {
    rgb.map(|c| (f64::from(c) * factor).round().clamp(0.0, 255.0) as u8)
}

/// Pi's `deriveExportColors`: page and card backgrounds from one base colour.
fn derived(base: [u8; 3]) -> ([u8; 3], [u8; 3]) {
    if luminance(base) > 0.5 {
        (scaled(base, 0.96), base)
    } else {
        (scaled(base, 0.7), scaled(base, 0.85))
    }
}

/// The page's colours for `theme`; `None` for the `system` theme.
pub(crate) fn page_colors(theme: &Theme) -> Option<PageColors> {
    if theme.name() == SYSTEM_THEME_NAME {
        return None;
    }
    let explicit = |key: &str| {
        theme
            .export_colors()
            .iter()
            .find(|(name, _)| *name == key)
            .map(|(_, color)| color.to_rgb())
    };
    let (derived_page, derived_card) =
        derived(token(theme, "userMessageBg").unwrap_or(DEFAULT_BASE));
    let page = explicit("pageBg").unwrap_or(derived_page);
    let panel = explicit("cardBg").unwrap_or(derived_card);
    let light = match theme.appearance() {
        Some(appearance) => appearance == Appearance::Light,
        None => luminance(page) > 0.5,
    };
    let mut colors = PageColors::new(light);
    colors.set("bg", page);
    colors.set("panel", panel);
    for (variable, name) in TOKENS {
        if let Some(rgb) = token(theme, name) {
            colors.set(variable, rgb);
        }
    }
    Some(colors)
}

/// A string `theme` in the `settings.json` of `dir`.
fn theme_setting(dir: &Path) -> Option<String> {
    let settings = tau_app::settings_file::read(dir);
    tau_app::settings_file::get(&settings, "theme")?
        .as_str()
        .map(str::to_string)
}

/// The colours of Pi's RPC `export_html`, which has no terminal UI theme: the `theme`
/// setting's (a trusted project's over the user's; a `light/dark` pair names none), when it
/// is a built-in or `<agent dir>/themes/<name>.json`, as Pi finds a theme outside the UI.
pub(crate) fn setting_page_colors(
    agent_dir: &Path,
    project_settings: Option<&Path>,
) -> Option<PageColors> {
    let name = project_settings
        .and_then(theme_setting)
        .or_else(|| theme_setting(agent_dir))
        .filter(|name| !name.contains('/') && name != SYSTEM_THEME_NAME)?;
    let definition = builtin_theme_named(&name, Appearance::Dark)
        .or_else(|| load_theme_file(&agent_dir.join("themes").join(format!("{name}.json"))).ok())?;
    page_colors(&Theme::new(&definition, ColorMode::Truecolor).renamed(&name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tau_tui::theme::{builtin_theme, parse_theme_json};

    #[test]
    fn a_theme_s_export_section_and_tokens_colour_the_page() {
        let mut text: serde_json::Value = serde_json::from_str(
            tau_tui::theme::builtin::builtin_theme_json("dark").unwrap_or_default(),
        )
        .expect("JSON");
        text["name"] = "ocean".into();
        text["vars"]["deep"] = "#102030".into();
        text["export"] = serde_json::json!({"pageBg": "deep", "cardBg": "#405060"});
        text["colors"]["accent"] = "#ff0000".into();
        let definition = parse_theme_json("ocean", &text.to_string()).expect("valid");
        let theme = Theme::new(&definition, ColorMode::Truecolor);
        let colors = page_colors(&theme).expect("named theme");
        assert_eq!(colors.get("bg"), Some("#102030"));
        assert_eq!(colors.get("panel"), Some("#405060"));
        assert_eq!(colors.get("accent"), Some("#ff0000"));
        assert_eq!(colors.get("user"), Some("#ff0000"));

        let system = Theme::new(&builtin_theme(Appearance::Dark), ColorMode::Truecolor)
            .renamed(SYSTEM_THEME_NAME);
        assert_eq!(page_colors(&system), None);
    }

    #[test]
    fn without_an_export_section_page_and_card_derive_from_the_user_message_background() {
        assert_eq!(derived([100, 100, 100]), ([70, 70, 70], [85, 85, 85]));
        assert_eq!(derived([250, 250, 250]), ([240, 240, 240], [250, 250, 250]));
        let mut text: serde_json::Value = serde_json::from_str(
            tau_tui::theme::builtin::builtin_theme_json("light").unwrap_or_default(),
        )
        .expect("JSON");
        text["name"] = "pale".into();
        text.as_object_mut().expect("object").remove("export");
        let definition = parse_theme_json("pale", &text.to_string()).expect("valid");
        let light = Theme::new(&definition, ColorMode::Truecolor);
        let colors = page_colors(&light).expect("named theme");
        // A light page (whatever the reader prefers), with the theme's own text colour or,
        // where the theme leaves it to the terminal, the page's light default.
        let [r, g, b] = derived(token(&light, "userMessageBg").unwrap_or(DEFAULT_BASE)).0;
        assert_eq!(
            colors.get("bg"),
            Some(format!("#{r:02x}{g:02x}{b:02x}").as_str())
        );
        let text = match token(&light, "text") {
            Some([r, g, b]) => format!("#{r:02x}{g:02x}{b:02x}"),
            None => "#1f2330".to_string(),
        };
        assert_eq!(colors.get("text"), Some(text.as_str()));
        assert_eq!(PageColors::new(true).get("panel"), Some("#eceef3"));
    }

    #[test]
    fn outside_the_ui_the_theme_setting_names_the_colours() {
        let dir = tempfile::tempdir().expect("tempdir");
        let (agent, project) = (dir.path().join("agent"), dir.path().join("project/.pi"));
        let write = |path: &Path, text: &str| {
            std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
            std::fs::write(path, text).expect("write");
        };
        assert_eq!(
            setting_page_colors(&agent, None),
            None,
            "no setting: the page's own"
        );
        let mut ocean: serde_json::Value = serde_json::from_str(
            tau_tui::theme::builtin::builtin_theme_json("dark").unwrap_or_default(),
        )
        .expect("JSON");
        ocean["name"] = "ocean".into();
        ocean["export"] = serde_json::json!({"pageBg": "#010203"});
        write(&agent.join("themes/ocean.json"), &ocean.to_string());
        write(&agent.join("settings.json"), r#"{"theme": "ocean"}"#);
        let colors = setting_page_colors(&agent, None).expect("ocean");
        assert_eq!(colors.get("bg"), Some("#010203"));
        write(&project.join("settings.json"), r#"{"theme": "light"}"#);
        let light = setting_page_colors(&agent, Some(&project)).expect("light");
        assert_ne!(light.get("bg"), Some("#010203"));
        write(&agent.join("settings.json"), r#"{"theme": "light/ocean"}"#);
        assert_eq!(setting_page_colors(&agent, None), None, "a pair names none");
    }
}
