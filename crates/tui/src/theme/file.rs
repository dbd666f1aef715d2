//! Theme files in Pi's JSON format: checked against Pi's schema (strict: unknown keys and
//! tokens are errors, the non-optional tokens are required), variables resolved, optional
//! tokens filled from their fallbacks, every color parsed. A file is accepted exactly when Pi
//! accepts it; a rejected file reports every problem found, each naming its key.

use std::fmt;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

use super::color::{parse_color, Color, ColorValue};
use super::terminal::Appearance;
use super::tokens::{token_info, TokenInfo, EXPORT_KEYS, THEME_TOKENS};

/// A theme file that passed every check: one color per token, optional ones filled in.
#[derive(Debug, Clone, PartialEq)]
pub struct ThemeDefinition {
    /// The file's `name`.
    pub name: String,
    /// The file's `appearance`, if it declares one.
    pub appearance: Option<Appearance>,
    /// Every token of [`THEME_TOKENS`], in that order, with its resolved value.
    pub colors: Vec<(&'static TokenInfo, ColorValue)>,
    /// Where the theme was read from (`None` for the built-in themes).
    pub source_path: Option<PathBuf>,
    /// The `export` section's colors (`pageBg`, `cardBg`, `infoBg`) that resolve to a color,
    /// for HTML exports; a terminal default or an unresolvable value is left out, as Pi
    /// leaves it out.
    pub export: Vec<(&'static str, Color)>,
}

/// One thing wrong with a theme file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThemeProblem {
    /// Where in the file: `colors.accent`, `vars.blue`, `name`, or empty for the whole file.
    pub key: String,
    /// What is wrong, and what the value should be.
    pub message: String,
}

/// Why a theme file was rejected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThemeError {
    /// The file's path (or the label it was parsed under).
    pub source: String,
    /// Every problem found.
    pub problems: Vec<ThemeProblem>,
}

impl fmt::Display for ThemeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid theme {}", self.source)?;
        for problem in &self.problems {
            if problem.key.is_empty() {
                write!(f, "; {}", problem.message)?;
            } else {
                write!(f, "; {}: {}", problem.key, problem.message)?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for ThemeError {}

/// Read and check a theme file.
pub fn load_theme_file(path: &Path) -> Result<ThemeDefinition, ThemeError> {
    let source = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|error| ThemeError {
        source: source.clone(),
        problems: vec![problem("", format!("cannot read the file: {error}"))],
    })?;
    let mut definition = parse_theme_json(&source, &text)?;
    definition.source_path = Some(path.to_path_buf());
    Ok(definition)
}

fn problem(key: &str, message: impl Into<String>) -> ThemeProblem {
    ThemeProblem {
        key: key.to_string(),
        message: message.into(),
    }
}

/// Check a theme document; `label` names it in errors.
pub fn parse_theme_json(label: &str, text: &str) -> Result<ThemeDefinition, ThemeError> {
    let fail = |problems| ThemeError {
        source: label.to_string(),
        problems,
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let document: Value = serde_json::from_str(text)
        .map_err(|error| fail(vec![problem("", format!("not valid JSON: {error}"))]))?;
    let Some(object) = document.as_object() else {
        return Err(fail(vec![problem("", "expected a JSON object")]));
    };
    let mut problems = Vec::new();
    let name = check_top_level(object, &mut problems);
    let vars = check_vars(object.get("vars"), &mut problems);
    let colors = check_colors(object.get("colors"), &vars, &mut problems);
    check_export(object.get("export"), &mut problems);
    let export = export_colors(object.get("export"), &vars);
    let appearance = match object.get("appearance") {
        Some(Value::String(s)) if s == "dark" => Some(Appearance::Dark),
        Some(Value::String(s)) if s == "light" => Some(Appearance::Light),
        _ => None,
    };
    match (name, colors) {
        (Some(name), Some(colors)) if problems.is_empty() => Ok(ThemeDefinition {
            name,
            appearance,
            colors,
            source_path: None,
            export,
        }),
        _ => Err(fail(problems)),
    }
}

fn check_top_level(
    object: &Map<String, Value>,
    problems: &mut Vec<ThemeProblem>,
) -> Option<String> {
    for key in object.keys() {
        if !matches!(
            key.as_str(),
            "$schema" | "name" | "appearance" | "vars" | "colors" | "export"
        ) {
            problems.push(problem(
                key,
                "unknown property (allowed: $schema, name, appearance, vars, colors, export)",
            ));
        }
    }
    if object.get("$schema").is_some_and(|v| !v.is_string()) {
        problems.push(problem("$schema", "must be a string"));
    }
    if let Some(appearance) = object.get("appearance") {
        if !matches!(appearance.as_str(), Some("dark" | "light")) {
            problems.push(problem("appearance", "must be \"dark\" or \"light\""));
        }
    }
    match object.get("name") {
        None => problems.push(problem("name", "missing; every theme needs a name")),
        Some(Value::String(name)) if name.is_empty() || name.contains('/') => problems.push(problem(
            "name",
            format!(
                "\"{name}\" is not a valid theme name: it must be non-empty and cannot contain \"/\" \
                 (reserved for light/dark theme pairs)"
            ),
        )),
        Some(Value::String(name)) => return Some(name.clone()),
        Some(_) => problems.push(problem("name", "must be a string")),
    }
    None
}

/// A raw color value: a string (hex, oklch(), okhsl(), variable name or "") or an integer
/// palette index 0-255. `None` when the JSON value is neither.
#[derive(Debug, Clone, PartialEq)]
enum RawColor {
    Text(String),
    Index(u8),
}

fn raw_color(value: &Value) -> Option<RawColor> {
    match value {
        Value::String(s) => Some(RawColor::Text(s.clone())),
        // JSON `3.0` is the integer 3 to Pi too.
        Value::Number(n) => n
            .as_f64()
            .filter(|f| f.fract() == 0.0 && (0.0..=255.0).contains(f))
            .map(|f| RawColor::Index(f as u8)),
        _ => None,
    }
}

const COLOR_FORMS: &str =
    "expected \"#rgb\", \"#rrggbb\", \"oklch(L C H)\", \"okhsl(H S L)\", a variable name, \"\" \
     (terminal default) or a palette index 0-255";

fn check_vars(vars: Option<&Value>, problems: &mut Vec<ThemeProblem>) -> Map<String, Value> {
    match vars {
        None => Map::new(),
        Some(Value::Object(vars)) => {
            for (key, value) in vars {
                if raw_color(value).is_none() {
                    problems.push(problem(&format!("vars.{key}"), COLOR_FORMS));
                }
            }
            vars.clone()
        }
        Some(_) => {
            problems.push(problem("vars", "must be an object of name -> color"));
            Map::new()
        }
    }
}

fn check_export(export: Option<&Value>, problems: &mut Vec<ThemeProblem>) {
    match export {
        None => {}
        Some(Value::Object(export)) => {
            for (key, value) in export {
                if !EXPORT_KEYS.contains(&key.as_str()) {
                    problems.push(problem(
                        &format!("export.{key}"),
                        "unknown property (allowed: pageBg, cardBg, infoBg)",
                    ));
                } else if raw_color(value).is_none() {
                    problems.push(problem(&format!("export.{key}"), COLOR_FORMS));
                }
            }
        }
        Some(_) => problems.push(problem("export", "must be an object")),
    }
}

/// The `export` colors that resolve to a color (Pi's `getThemeExportColors`).
fn export_colors(export: Option<&Value>, vars: &Map<String, Value>) -> Vec<(&'static str, Color)> {
    let Some(Value::Object(export)) = export else {
        return Vec::new();
    };
    EXPORT_KEYS
        .iter()
        .filter_map(|key| {
            let raw = raw_color(export.get(*key)?)?;
            match resolve_var(raw, vars).and_then(|raw| to_color_value(&raw)) {
                Ok(ColorValue::Color(color)) => Some((*key, color)),
                _ => None,
            }
        })
        .collect()
}

/// Follow variable references until a color; mirrors Pi: numbers, "", `#...` and
/// `oklch(`/`okhsl(` values are colors, any other string names a variable.
fn resolve_var(raw: RawColor, vars: &Map<String, Value>) -> Result<RawColor, String> {
    let mut seen: Vec<String> = Vec::new();
    let mut current = raw;
    loop {
        let RawColor::Text(text) = &current else {
            return Ok(current);
        };
        let lower = text.get(..6).map(str::to_ascii_lowercase);
        if text.is_empty()
            || text.starts_with('#')
            || matches!(lower.as_deref(), Some("oklch(" | "okhsl("))
        {
            return Ok(current);
        }
        if seen.contains(text) {
            return Err(format!("circular variable reference through \"{text}\""));
        }
        let Some(next) = vars.get(text.as_str()) else {
            return Err(format!(
                "unknown variable \"{text}\" (not in vars, and not a color: {COLOR_FORMS})"
            ));
        };
        let Some(next) = raw_color(next) else {
            return Err(format!("variable \"{text}\" is not a valid color value"));
        };
        seen.push(text.clone());
        current = next;
    }
}

fn check_colors(
    colors: Option<&Value>,
    vars: &Map<String, Value>,
    problems: &mut Vec<ThemeProblem>,
) -> Option<Vec<(&'static TokenInfo, ColorValue)>> {
    let colors = match colors {
        Some(Value::Object(colors)) => colors,
        Some(_) => {
            problems.push(problem("colors", "must be an object of token -> color"));
            return None;
        }
        None => {
            problems.push(problem("colors", "missing; the theme's colors go here"));
            return None;
        }
    };
    let before = problems.len();
    for key in colors.keys() {
        if token_info(key).is_none() {
            problems.push(problem(
                &format!("colors.{key}"),
                "unknown color token (custom names belong in vars)",
            ));
        }
    }
    let mut values: Vec<Option<ColorValue>> = Vec::with_capacity(THEME_TOKENS.len());
    for token in THEME_TOKENS {
        let key = format!("colors.{}", token.name);
        let Some(value) = colors.get(token.name) else {
            if token.fallback.is_none() {
                problems.push(problem(&key, "missing required color token"));
            }
            values.push(None);
            continue;
        };
        let Some(raw) = raw_color(value) else {
            problems.push(problem(&key, COLOR_FORMS));
            values.push(None);
            continue;
        };
        match resolve_var(raw, vars).and_then(|raw| to_color_value(&raw)) {
            Ok(color) => values.push(Some(color)),
            Err(message) => {
                problems.push(problem(&key, message));
                values.push(None);
            }
        }
    }
    if problems.len() > before {
        return None;
    }
    let resolved = THEME_TOKENS
        .iter()
        .zip(&values)
        .map(|(token, value)| {
            let value = value.clone().or_else(|| {
                let fallback = token.fallback?;
                let index = THEME_TOKENS.iter().position(|t| t.name == fallback)?;
                values[index].clone()
            });
            value.map(|value| (token, value))
        })
        .collect::<Option<Vec<_>>>();
    if resolved.is_none() {
        debug_assert!(false, "a token's fallback is itself optional");
        problems.push(problem("colors", "a fallback token has no color"));
    }
    resolved
}

fn to_color_value(raw: &RawColor) -> Result<ColorValue, String> {
    match raw {
        RawColor::Index(index) => Ok(ColorValue::Color(super::color::Color::Indexed(*index))),
        RawColor::Text(text) if text.is_empty() => Ok(ColorValue::TerminalDefault),
        RawColor::Text(text) => parse_color(text)
            .map(ColorValue::Color)
            .ok_or_else(|| format!("invalid color value \"{text}\" ({COLOR_FORMS})")),
    }
}
