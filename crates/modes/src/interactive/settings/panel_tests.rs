use super::*;
use tau_tui::keybindings::KeybindingsManager;

/// The text without escape sequences.
fn strip(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn panel() -> SettingsPanel {
    let context = SettingsContext {
        agent_dir: PathBuf::from("/nowhere"),
        keybindings: KeybindingsManager::new().shared(),
        themes: vec!["dark".into(), "light".into(), "system".into()],
        tui_mode: "fullscreen",
        theme: "dark".into(),
        cwd: PathBuf::from("/nowhere"),
        inline_images: false,
        project_trusted: true,
    };
    let models = vec![
        ("mock/m1".to_string(), true),
        ("mock/m2".to_string(), false),
    ];
    SettingsPanel::new(context, Map::new(), &[("theme", "dark".into())], models)
}

fn keys(panel: &mut SettingsPanel, keys: &[&str]) -> Vec<Change> {
    keys.iter()
        .flat_map(|k| panel.handle_input(k).changes)
        .collect()
}

#[test]
fn enter_cycles_the_first_setting_and_esc_closes() {
    let mut panel = panel();
    let changes = keys(&mut panel, &["\r"]);
    assert_eq!(
        changes,
        [Change::Setting {
            id: "autocompact".into(),
            value: "false".into()
        }]
    );
    assert!(panel.handle_input("\x1b").closed);
}

#[test]
fn the_theme_submenu_lists_system_first_and_picks_one() {
    let mut panel = panel();
    keys(&mut panel, &["t", "h", "e", "m", "e"]);
    keys(&mut panel, &["\r"]);
    let theme = Arc::new(tau_tui::theme::Theme::new(
        &tau_tui::theme::builtin_theme(tau_tui::theme::Appearance::Dark),
        tau_tui::theme::ColorMode::Truecolor,
    ));
    let text = strip(&panel.render_lines(&theme, 80).join("\n"));
    assert!(text.contains("Theme") && text.contains("✓ dark"), "{text}");
    let system = text.find("system").unwrap();
    assert!(system < text.find("✓ dark").unwrap(), "{text}");
    // The list starts on the current theme (dark); down picks light.
    let changes = keys(&mut panel, &["\x1b[B", "\r"]);
    assert_eq!(changes, [Change::Theme("light".into())]);
    let text = panel.render_lines(&theme, 80).join("\n");
    assert!(text.contains("light"), "{text}");
}

#[test]
fn per_model_levels_go_model_then_level_and_start_over() {
    let mut panel = panel();
    for key in "default thinking".chars() {
        panel.handle_input(&key.to_string());
    }
    keys(&mut panel, &["\r"]);
    let changes = keys(&mut panel, &["\r", "\x1b[B", "\x1b[B", "\r"]);
    assert_eq!(
        changes,
        [Change::ModelThinking {
            model: "mock/m1".into(),
            level: Some("low".into())
        }]
    );
    // Back at the models; Esc closes the submenu with the summary shown.
    keys(&mut panel, &["\x1b"]);
    assert_eq!(
        panel.list.item("model-thinking").unwrap().current_value,
        "1 configured"
    );
}
