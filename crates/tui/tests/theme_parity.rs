//! tau's theme module against vectors generated from Pi's own Theme class, schema validator and
//! pi-tui color code (gen/theme_vectors.mjs): whether each theme file is accepted, and every
//! token's fg/bg escape in both color modes; color parsing and the 256-color approximation;
//! chalk's text attributes; the terminal detection helpers.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

use serde_json::Value;
use tau_tui::theme::{
    color_fg_bg_appearance, detect_color_mode, load_theme_file, parse_color,
    parse_color_scheme_report, parse_osc_color_reply, resolve_theme_setting, terminal_appearance,
    Appearance, Color, ColorMode, OscTarget, Palette, PaletteColor, Rgb, TextStyle, Theme,
};

fn vectors() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/theme.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("parse {path}: {e}"))
}

fn arr(v: &Value) -> &Vec<Value> {
    v.as_array()
        .unwrap_or_else(|| panic!("expected an array, got {v}"))
}

fn mode_of(name: &str) -> ColorMode {
    match name {
        "truecolor" => ColorMode::Truecolor,
        "256color" => ColorMode::Ansi256,
        other => panic!("unknown color mode {other}"),
    }
}

fn appearance_of(v: &Value) -> Option<Appearance> {
    match v.as_str() {
        Some("dark") => Some(Appearance::Dark),
        Some("light") => Some(Appearance::Light),
        None => None,
        Some(other) => panic!("unknown appearance {other}"),
    }
}

/// Pi's installed package, where its shipped themes live (absent on machines without the
/// oracle; those vectors are then skipped).
fn pi_theme_dir() -> PathBuf {
    let root = std::env::var("TAU_ORACLE_PI")
        .unwrap_or_else(|_| "/root/.cache/tau-oracle/pi-1.6.0/node_modules".to_string());
    PathBuf::from(root).join("@earendil-works/pi-coding-agent/dist/modes/interactive/theme")
}

fn theme_path(label: &str) -> PathBuf {
    match label.strip_prefix("pi:") {
        Some(file) => pi_theme_dir().join(file),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(label),
    }
}

#[allow(clippy::print_stderr)]
fn skip(message: &str) {
    eprintln!("skipped: {message}");
}

#[test]
fn theme_files_give_pis_escapes_for_every_token() {
    let v = vectors();
    let (mut files, mut escapes) = (0, 0);
    for case in arr(&v["themes"]) {
        let label = case["file"].as_str().unwrap_or_default();
        let path = theme_path(label);
        if label.starts_with("pi:") && !path.exists() {
            skip(&format!(
                "{label}: Pi's package is not installed at {}",
                path.display()
            ));
            continue;
        }
        let loaded = load_theme_file(&path);
        for (mode_name, expected) in case["modes"].as_object().into_iter().flatten() {
            let accepted = expected["ok"].as_bool() == Some(true);
            match (&loaded, accepted) {
                (Ok(definition), true) => {
                    let theme = Theme::new(definition, mode_of(mode_name));
                    assert_eq!(theme.name(), expected["name"], "{label}");
                    assert_eq!(
                        theme.appearance(),
                        appearance_of(&expected["appearance"]),
                        "{label}"
                    );
                    check_style_and_colors(&v, &theme, expected, label);
                    for (slot, paint) in [
                        ("fg", Theme::fg as fn(&Theme, &str, &str) -> String),
                        ("bg", Theme::bg),
                    ] {
                        for (token, want) in expected[slot].as_object().into_iter().flatten() {
                            assert_eq!(
                                paint(&theme, token, "x"),
                                *want,
                                "{label} {mode_name} {slot} {token}"
                            );
                            escapes += 1;
                        }
                    }
                }
                (Err(_), false) => {}
                (Ok(_), false) => panic!(
                    "{label}: Pi rejects it ({}), tau accepted it",
                    expected["error"]
                ),
                (Err(error), true) => panic!("{label}: Pi accepts it, tau rejected it: {error}"),
            }
        }
        files += 1;
    }
    assert!(files >= 21, "only {files} theme files checked");
    assert!(escapes >= 700, "only {escapes} escapes checked");
}

/// `Theme.style` on each option set of the vectors, and the concrete color behind each token.
fn check_style_and_colors(v: &Value, theme: &Theme, expected: &Value, label: &str) {
    for (index, options) in arr(&v["styleOptions"]).iter().enumerate() {
        let flag = |name: &str| options[name].as_bool() == Some(true);
        let style = TextStyle {
            fg: options["fg"].as_str(),
            bg: options["bg"].as_str(),
            bold: flag("bold"),
            dim: flag("dim"),
            italic: flag("italic"),
            underline: flag("underline"),
            inverse: flag("inverse"),
            strikethrough: flag("strikethrough"),
        };
        assert_eq!(
            theme.style("x", &style),
            expected["style"][index],
            "{label} style {options}"
        );
    }
    let want: BTreeMap<String, PaletteColor> = serde_json::from_value(expected["colors"].clone())
        .unwrap_or_else(|e| panic!("{label}: colors: {e}"));
    assert_eq!(Palette::from_theme(theme).colors, want, "{label} colors");
}

#[test]
fn colors_parse_and_convert_as_pi_tui() {
    let v = vectors();
    for case in arr(&v["colors"]) {
        let input = &case["input"];
        let color = match input {
            Value::Number(n) => n
                .as_u64()
                .and_then(|i| u8::try_from(i).ok())
                .map(Color::Indexed),
            Value::String(s) => parse_color(s),
            other => panic!("unexpected color input {other}"),
        };
        match (color, case["fg"].is_null()) {
            (None, true) => {}
            (Some(color), false) => {
                for (index, mode) in [ColorMode::Truecolor, ColorMode::Ansi256]
                    .into_iter()
                    .enumerate()
                {
                    assert_eq!(
                        color.ansi(mode, false),
                        case["fg"][index],
                        "fg {input} {mode:?}"
                    );
                    assert_eq!(
                        color.ansi(mode, true),
                        case["bg"][index],
                        "bg {input} {mode:?}"
                    );
                }
            }
            (Some(color), true) => panic!("{input}: pi-tui rejects it, tau parsed {color:?}"),
            (None, false) => panic!("{input}: pi-tui parses it, tau rejected it"),
        }
    }
    assert!(arr(&v["colors"]).len() > 2000);
}

#[test]
fn text_attributes_are_chalks() {
    let v = vectors();
    let dark = tau_tui::theme::builtin_theme(Appearance::Dark);
    let theme = Theme::new(&dark, ColorMode::Truecolor);
    type Paint = fn(&Theme, &str) -> String;
    let attributes: [(&str, Paint); 6] = [
        ("bold", Theme::bold),
        ("dim", Theme::dim),
        ("italic", Theme::italic),
        ("underline", Theme::underline),
        ("inverse", Theme::inverse),
        ("strikethrough", Theme::strikethrough),
    ];
    for case in arr(&v["styles"]) {
        let input = case["input"].as_str().unwrap_or_default();
        for (name, paint) in attributes {
            assert_eq!(paint(&theme, input), case[name], "{name} {input:?}");
        }
    }
}

fn rgb_of(v: &Value) -> Option<Rgb> {
    let channel = |name: &str| v[name].as_u64().and_then(|c| u8::try_from(c).ok());
    Some(Rgb {
        r: channel("r")?,
        g: channel("g")?,
        b: channel("b")?,
    })
}

#[test]
fn osc_replies_and_scheme_reports_parse_as_pi_tui() {
    let v = vectors();
    for case in arr(&v["osc"]) {
        let input = case["input"].as_str().unwrap_or_default();
        let got = parse_osc_color_reply(input);
        let want = &case["reply"];
        match got {
            None => assert!(want.is_null(), "{input:?}: pi-tui parses it as {want}"),
            Some(reply) => {
                let target = match reply.target {
                    OscTarget::Foreground => Value::from("foreground"),
                    OscTarget::Background => Value::from("background"),
                    OscTarget::Palette(index) => Value::from(index),
                };
                assert_eq!(target, want["target"], "{input:?}");
                assert_eq!(reply.rgb, rgb_of(&want["rgb"]), "{input:?}");
            }
        }
    }
    for case in arr(&v["scheme"]) {
        let input = case["input"].as_str().unwrap_or_default();
        assert_eq!(
            parse_color_scheme_report(input),
            appearance_of(&case["scheme"]),
            "{input:?}"
        );
    }
}

#[test]
fn light_or_dark_is_decided_as_pi() {
    let v = vectors();
    for case in arr(&v["colorfgbg"]) {
        let input = case["input"].as_str();
        assert_eq!(
            color_fg_bg_appearance(input),
            appearance_of(&case["appearance"]),
            "{input:?}"
        );
    }
    for case in arr(&v["appearance"]) {
        let background = rgb_of(&case["background"]).unwrap_or_else(|| panic!("bad case {case}"));
        let got = terminal_appearance(background, rgb_of(&case["foreground"]));
        assert_eq!(Some(got), appearance_of(&case["appearance"]), "{case}");
    }
    for case in arr(&v["settings"]) {
        let input = case["input"].as_str();
        for appearance in [Appearance::Light, Appearance::Dark] {
            let want = case[appearance.as_str()].as_str().map(str::to_string);
            assert_eq!(
                resolve_theme_setting(input, appearance),
                want,
                "{input:?} {appearance:?}"
            );
        }
    }
}

#[test]
fn color_mode_is_detected_from_the_environment_as_pi() {
    let v = vectors();
    for case in arr(&v["colorMode"]) {
        let env: HashMap<String, String> = case["env"]
            .as_object()
            .into_iter()
            .flatten()
            .map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_string()))
            .collect();
        let mode = detect_color_mode(&|name| env.get(name).cloned());
        assert_eq!(mode.as_str(), case["mode"], "{env:?}");
    }
}
