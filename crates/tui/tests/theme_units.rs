//! The theme module's own behaviour beyond the Pi vectors: error reports that name the file
//! and key, discovery and selection, the built-in palettes, component styles, the host palette.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use tau_tui::theme::{
    builtin_theme, editor_theme, load_theme_file, markdown_theme, parse_theme_json,
    select_list_theme, Appearance, ColorMode, Palette, SettingsListStyles, Theme, ThemeRegistry,
    THEME_TOKENS,
};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/themes")
        .join(name)
}

fn fixture_theme(name: &str, mode: ColorMode) -> Arc<Theme> {
    let definition =
        load_theme_file(&fixture(name)).unwrap_or_else(|e| panic!("{name} should load: {e}"));
    Arc::new(Theme::new(&definition, mode))
}

#[test]
fn a_rejected_file_names_the_file_and_every_bad_key() {
    let cases: &[(&str, &[&str])] = &[
        ("invalid-unknown-token.json", &["colors.accentt"]),
        ("invalid-bad-color.json", &["colors.error"]),
        ("invalid-missing-var.json", &["colors.warning"]),
        ("invalid-circular.json", &["colors.text"]),
        (
            "invalid-missing-required.json",
            &["colors.mdLink", "colors.bashMode"],
        ),
        ("invalid-name-slash.json", &["name"]),
        ("invalid-extra-key.json", &["author"]),
        ("invalid-index-range.json", &["colors.muted"]),
        ("invalid-index-fraction.json", &["colors.muted"]),
        ("invalid-oklch-range.json", &["colors.dim"]),
        ("invalid-appearance.json", &["appearance"]),
        ("invalid-export-key.json", &["export.footerBg"]),
        ("invalid-var-type.json", &["vars.x"]),
        ("invalid-syntax.json", &[""]),
    ];
    for (file, keys) in cases {
        let error = load_theme_file(&fixture(file)).expect_err(file);
        let found: Vec<&str> = error.problems.iter().map(|p| p.key.as_str()).collect();
        assert_eq!(found, *keys, "{file}: {error}");
        let message = error.to_string();
        assert!(message.contains(file), "{message}");
        for key in *keys {
            assert!(message.contains(key), "{message}");
        }
    }
    let message = load_theme_file(&fixture("invalid-bad-color.json"))
        .expect_err("bad color")
        .to_string();
    assert!(message.contains("\"#ff00zz\""), "{message}");
}

#[test]
fn malformed_documents_are_reported_not_panicked_on() {
    let documents = [
        "",
        "[]",
        "null",
        "42",
        "{}",
        r#"{"name": 1, "colors": {}}"#,
        r#"{"name": "x", "colors": []}"#,
        r#"{"name": "x", "colors": {"accent": null}}"#,
        r#"{"name": "x", "vars": "nope", "colors": {}}"#,
        r#"{"name": "x", "colors": {}, "export": 3}"#,
        r#"{"name": "", "colors": {"accent": {"nested": true}}}"#,
        "\u{feff}{\"name\":\"x\"}",
        r#"{"name": "x", "colors": {"accent": "oklch(50% 0.1 1e999)"}}"#,
        r#"{"name": "x", "colors": {"accent": "okhsl(é 1 1)"}}"#,
    ];
    for document in documents {
        let error = parse_theme_json("doc", document).expect_err(document);
        assert!(!error.problems.is_empty(), "{document}");
    }
}

#[test]
fn optional_tokens_take_their_fallbacks_color() {
    let theme = fixture_theme("optional-omitted.json", ColorMode::Truecolor);
    let pairs = [
        ("thinkingMax", "thinkingXhigh"),
        ("scrollbarTrack", "muted"),
        ("scrollbarThumb", "text"),
        ("searchMatchText", "text"),
    ];
    for (optional, fallback) in pairs {
        assert_eq!(
            theme.fg_ansi(optional),
            theme.fg_ansi(fallback),
            "{optional}"
        );
        assert!(theme.fg_ansi(optional).is_some(), "{optional}");
    }
    assert_eq!(theme.bg_ansi("searchMatchBg"), theme.bg_ansi("selectedBg"));
}

#[test]
fn fg_and_bg_write_the_token_then_reset_and_tolerate_unknown_tokens() {
    let theme = fixture_theme("hex-vars-indexed.json", ColorMode::Truecolor);
    // accent -> alias2 -> alias -> base = #1E2430
    assert_eq!(theme.fg("accent", "hi"), "\x1b[38;2;30;36;48mhi\x1b[39m");
    // border is "red" = #f00
    assert_eq!(theme.fg_ansi("border"), Some("\x1b[38;2;255;0;0m"));
    let mode256 = fixture_theme("hex-vars-indexed.json", ColorMode::Ansi256);
    assert_eq!(mode256.fg_ansi("border"), Some("\x1b[38;5;196m"));
    assert_eq!(mode256.fg_ansi("borderAccent"), Some("\x1b[38;5;202m"));
    // borderMuted is "none" = "": the terminal default.
    assert_eq!(theme.fg("borderMuted", "x"), "\x1b[39mx\x1b[39m");
    assert_eq!(theme.fg("noSuchToken", "plain"), "plain");
    assert_eq!(
        theme.fg("selectedBg", "plain"),
        "plain",
        "a background token has no fg"
    );
    assert_eq!(theme.bg("accent", "plain"), "plain");
}

#[test]
fn thinking_levels_and_bash_mode_pick_their_border_tokens() {
    let theme = Arc::new(Theme::new(
        &builtin_theme(Appearance::Dark),
        ColorMode::Truecolor,
    ));
    let levels = [
        ("off", "thinkingOff"),
        ("minimal", "thinkingMinimal"),
        ("low", "thinkingLow"),
        ("medium", "thinkingMedium"),
        ("high", "thinkingHigh"),
        ("xhigh", "thinkingXhigh"),
        ("max", "thinkingMax"),
        ("bogus", "thinkingOff"),
    ];
    for (level, token) in levels {
        assert_eq!(
            theme.thinking_border_color(level)("─"),
            theme.fg(token, "─"),
            "{level}"
        );
    }
    assert_eq!(
        theme.bash_mode_border_color()("─"),
        theme.fg("bashMode", "─")
    );
}

#[test]
fn built_in_themes_are_complete_and_tau_s_own() {
    for appearance in [Appearance::Dark, Appearance::Light] {
        let definition = builtin_theme(appearance);
        assert_eq!(definition.name, appearance.as_str());
        assert_eq!(definition.appearance, Some(appearance));
        assert_eq!(definition.colors.len(), THEME_TOKENS.len());
        let theme = Theme::new(&definition, ColorMode::Truecolor);
        let pi_file = Path::new("/root/.cache/tau-oracle/pi-1.6.0/node_modules/@earendil-works/pi-coding-agent/dist/modes/interactive/theme")
            .join(format!("{}.json", appearance.as_str()));
        let Ok(pi) = load_theme_file(&pi_file) else {
            continue;
        };
        let pi = Theme::new(&pi, ColorMode::Truecolor);
        let same = THEME_TOKENS
            .iter()
            .filter(|t| {
                theme.fg(t.name, "") == pi.fg(t.name, "")
                    && theme.bg(t.name, "") == pi.bg(t.name, "")
            })
            .count();
        assert!(same < 3, "{same} tokens equal Pi's {appearance:?} palette");
    }
}

fn write(path: &Path, text: &str) {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("mkdir {parent:?}: {e}"));
    }
    std::fs::write(path, text).unwrap_or_else(|e| panic!("write {path:?}: {e}"));
}

fn renamed(name: &str) -> String {
    let text = tau_tui::theme::builtin::builtin_theme_json("dark").unwrap_or_default();
    text.replacen("\"name\": \"dark\"", &format!("\"name\": \"{name}\""), 1)
}

#[test]
fn discovery_loads_good_files_reports_bad_ones_and_selects_by_setting() {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    let agent = tmp.path().join("agent");
    let project = tmp.path().join("project/.pi/themes");
    write(&agent.join("themes/ocean.json"), &renamed("ocean"));
    write(&agent.join("themes/Beta.json"), &renamed("Beta"));
    write(&agent.join("themes/shared.json"), &renamed("shared"));
    write(
        &agent.join("themes/broken.json"),
        r##"{"name": "broken", "colors": {"accent": "#zzz"}}"##,
    );
    write(&agent.join("themes/notes.txt"), "not a theme");
    write(&project.join("shared.json"), &renamed("shared"));
    let cli_theme = tmp.path().join("cli/solar.json");
    write(&cli_theme, &renamed("solar"));
    // The resource loader's order: project folder, agent folder, then `--theme` paths.
    let registry = ThemeRegistry::from_paths(&[
        project.clone(),
        agent.join("themes"),
        cli_theme.clone(),
        tmp.path().join("missing.json"),
        agent.join("themes/notes.txt"),
    ]);

    let names: Vec<String> = registry.list().into_iter().map(|e| e.name).collect();
    assert_eq!(
        names,
        ["system", "Beta", "dark", "light", "ocean", "shared", "solar"]
    );
    let shared = registry.list().into_iter().find(|e| e.name == "shared");
    assert_eq!(
        shared.and_then(|e| e.path),
        Some(project.join("shared.json")),
        "project wins"
    );

    let messages: Vec<String> = registry
        .diagnostics()
        .iter()
        .map(|d| format!("{}: {}", d.path.display(), d.message))
        .collect();
    assert_eq!(messages.len(), 4, "{messages:#?}");
    assert!(messages
        .iter()
        .any(|m| m.contains("notes.txt") && m.contains("not a json file")));
    assert!(messages
        .iter()
        .any(|m| m.contains("broken.json") && m.contains("colors.accent")));
    assert!(messages
        .iter()
        .any(|m| m.contains("missing required color token")));
    assert!(messages
        .iter()
        .any(|m| m.contains("agent/themes/shared.json")
            && m.contains("name \"shared\" collision (skipped; ")));
    assert!(messages
        .iter()
        .any(|m| m.contains("missing.json") && m.contains("does not exist")));

    let (ocean, warning) = registry.select(Some("ocean"), Appearance::Dark, ColorMode::Truecolor);
    assert_eq!((ocean.name(), warning), ("ocean", None));
    let (pair, _) = registry.select(Some("light/solar"), Appearance::Dark, ColorMode::Truecolor);
    assert_eq!(pair.name(), "solar");
    let (pair, _) = registry.select(Some("light/solar"), Appearance::Light, ColorMode::Truecolor);
    assert_eq!(pair.name(), "light");
    let (system, warning) = registry.select(None, Appearance::Light, ColorMode::Ansi256);
    assert_eq!((system.name(), warning), ("system", None));
    let light = Theme::new(&builtin_theme(Appearance::Light), ColorMode::Ansi256);
    assert_eq!(system.fg("accent", "x"), light.fg("accent", "x"));
    let (fallback, warning) =
        registry.select(Some("broken"), Appearance::Dark, ColorMode::Truecolor);
    assert_eq!(fallback.name(), "system");
    assert!(warning.is_some_and(|w| w.contains("\"broken\"")));
    let (_, warning) = registry.select(Some("a/b/c"), Appearance::Dark, ColorMode::Truecolor);
    assert!(warning.is_some_and(|w| w.contains("a/b/c")));

    let only_cli = ThemeRegistry::from_paths(&[cli_theme]);
    let names: Vec<String> = only_cli.list().into_iter().map(|e| e.name).collect();
    assert_eq!(names, ["system", "dark", "light", "solar"]);
}

#[test]
fn a_custom_theme_named_system_is_ignored() {
    let mut registry = ThemeRegistry::default();
    let mut fake = builtin_theme(Appearance::Light);
    fake.name = "system".to_string();
    fake.source_path = Some(PathBuf::from("/x/system.json"));
    registry.add(fake);
    let system = registry.list().into_iter().find(|e| e.name == "system");
    assert_eq!(system.and_then(|e| e.path), None);
    let (theme, _) = registry.select(Some("system"), Appearance::Dark, ColorMode::Truecolor);
    let dark = Theme::new(&builtin_theme(Appearance::Dark), ColorMode::Truecolor);
    assert_eq!(theme.fg("accent", "x"), dark.fg("accent", "x"));
}

#[test]
fn the_palette_lets_the_host_reproduce_every_escape() {
    let theme = fixture_theme("oklch-okhsl.json", ColorMode::Ansi256);
    let palette = Palette::from_theme(&theme);
    let json = palette.to_json();
    assert_eq!(json["name"], "fixture-ok");
    assert_eq!(json["appearance"], "light");
    assert_eq!(json["colorMode"], "256color");
    let (fg, bg) = (&json["fg"], &json["bg"]);
    for token in THEME_TOKENS {
        let (host, tau) = match (fg.get(token.name), bg.get(token.name)) {
            (Some(open), None) => (
                format!("{}t\x1b[39m", open.as_str().unwrap_or_default()),
                theme.fg(token.name, "t"),
            ),
            (None, Some(open)) => (
                format!("{}t\x1b[49m", open.as_str().unwrap_or_default()),
                theme.bg(token.name, "t"),
            ),
            other => panic!("{} should be in exactly one map: {other:?}", token.name),
        };
        assert_eq!(host, tau, "{}", token.name);
    }
    let back: Palette = serde_json::from_value(json).unwrap_or_else(|e| panic!("round trip: {e}"));
    assert_eq!(back, palette);
}

#[test]
fn component_styles_use_pis_tokens() {
    let theme = Arc::new(Theme::new(
        &builtin_theme(Appearance::Dark),
        ColorMode::Truecolor,
    ));
    let md = markdown_theme(&theme);
    assert_eq!((md.heading)("h"), theme.fg("mdHeading", "h"));
    assert_eq!((md.link_url)("u"), theme.fg("mdLinkUrl", "u"));
    assert_eq!(
        (md.code_block_border)("```"),
        theme.fg("mdCodeBlockBorder", "```")
    );
    assert_eq!((md.list_bullet)("-"), theme.fg("mdListBullet", "-"));
    assert_eq!((md.bold)("b"), "\x1b[1mb\x1b[22m");
    assert_eq!((md.strikethrough)("s"), "\x1b[9ms\x1b[29m");
    let list = select_list_theme(&theme);
    assert_eq!((list.selected_prefix)("→"), theme.fg("accent", "→"));
    assert_eq!((list.no_match)("none"), theme.fg("muted", "none"));
    let editor = editor_theme(&theme);
    assert_eq!((editor.border_color)("─"), theme.fg("borderMuted", "─"));
    assert_eq!(
        (editor.select_list.scroll_info)("1/2"),
        theme.fg("muted", "1/2")
    );
    let settings = SettingsListStyles::from_theme(&theme);
    assert_eq!((settings.label)("l", false), "l");
    assert_eq!((settings.label)("l", true), theme.fg("accent", "l"));
    assert_eq!((settings.value)("v", false), theme.fg("muted", "v"));
    assert_eq!((settings.value)("v", true), theme.fg("accent", "v"));
    assert_eq!(settings.cursor, theme.fg("accent", "→ "));
    assert_eq!((settings.hint)("h"), theme.fg("dim", "h"));
}

#[test]
fn highlighted_code_scopes_use_pis_syntax_tokens() {
    let theme = Arc::new(Theme::new(
        &builtin_theme(Appearance::Light),
        ColorMode::Ansi256,
    ));
    let paint = |scope: &str| tau_tui::theme::highlight_scope_style(&theme, scope).map(|s| s("x"));
    for (scope, token) in [
        ("keyword", "syntaxKeyword"),
        ("built_in", "syntaxType"),
        ("string", "syntaxString"),
        ("comment", "syntaxComment"),
        ("title", "syntaxFunction"),
        ("params", "syntaxVariable"),
        ("meta", "muted"),
        ("deletion", "toolDiffRemoved"),
        ("subst", "text"),
    ] {
        assert_eq!(paint(scope), Some(theme.fg(token, "x")), "{scope}");
    }
    assert_eq!(paint("strong"), Some(theme.bold("x")));
    assert_eq!(paint("section"), None);
}

#[test]
fn query_replies_build_the_report_that_decides_system() {
    use tau_tui::theme::{detect_terminal_appearance, parse_osc_color_reply, TerminalReport};
    let query = tau_tui::theme::terminal_color_query();
    assert!(query.starts_with("\x1b]10;?\x07\x1b]11;?\x07\x1b]4;0;?\x07"));
    assert!(query.ends_with("\x1b]4;15;?\x07\x1b[c"));
    let mut report = TerminalReport::default();
    assert_eq!(
        detect_terminal_appearance(&report, Some("0;15")),
        Appearance::Light
    );
    assert_eq!(detect_terminal_appearance(&report, None), Appearance::Dark);
    report.scheme = Some(Appearance::Light);
    assert_eq!(
        detect_terminal_appearance(&report, Some("15;0")),
        Appearance::Light
    );
    for reply in [
        "\x1b]4;0;rgb:ffff/ffff/ffff\x07",
        "\x1b]11;rgb:1c1c/1c1c/1c1c\x1b\\",
        "\x1b]10;rgb:e0/e0/e0\x07",
    ] {
        report.apply(parse_osc_color_reply(reply).unwrap_or_else(|| panic!("{reply:?}")));
    }
    assert_eq!(
        detect_terminal_appearance(&report, Some("0;15")),
        Appearance::Dark
    );
}

#[test]
fn the_agent_directory_s_themes_stay_listed_and_selectable_when_not_loaded() {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    let agent_themes = tmp.path().join("agent/themes");
    write(&agent_themes.join("own.json"), &renamed("own"));
    write(&agent_themes.join("shared.json"), &renamed("shared"));
    write(&agent_themes.join("broken.json"), "{");
    let project = tmp.path().join("project/shared.json");
    write(&project, &renamed("shared"));
    // As with `--no-themes`: only the project's file was loaded.
    let registry = ThemeRegistry::from_paths(std::slice::from_ref(&project))
        .with_always_available(&agent_themes);
    let listed: Vec<(String, Option<PathBuf>)> = registry
        .list()
        .into_iter()
        .map(|e| (e.name, e.path))
        .collect();
    assert!(listed.contains(&("own".into(), Some(agent_themes.join("own.json")))));
    // Pi lists the agent directory's file of a name, and selects the loaded one.
    assert!(listed.contains(&("shared".into(), Some(agent_themes.join("shared.json")))));
    let shared = registry.definition("shared", Appearance::Dark);
    assert_eq!(shared.and_then(|d| d.source_path), Some(project));
    let (own, warning) = registry.select(Some("own"), Appearance::Dark, ColorMode::Truecolor);
    assert_eq!((own.name(), warning), ("own", None));
    assert!(
        registry.diagnostics().is_empty(),
        "loading reports broken files, not this"
    );
}
