//! Small formatting rules Pi's tool renderers share: reading arguments the JavaScript way,
//! paths shown from the home directory, line ranges, durations, key hints and the
//! "more lines" hint.

use std::path::{Path, PathBuf};

use serde_json::Value;
use tau_protocol::js_number::to_fixed;

use super::{Paint, ToolRenderOptions};

/// JavaScript's `\s` (and what `String.prototype.trim` removes).
pub fn is_js_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{0B}' | '\u{0C}' | '\r' | ' ' | '\u{A0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200A}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202F}'
                | '\u{205F}'
                | '\u{3000}'
                | '\u{FEFF}'
    )
}

/// True when JavaScript's `trim()` leaves nothing.
pub fn is_js_blank(text: &str) -> bool {
    text.chars().all(is_js_space)
}

/// JavaScript's `trim()`.
pub fn js_trim(text: &str) -> &str {
    text.trim_matches(is_js_space)
}

/// `args?.key`, with JSON `null` read as absent (as `??` does).
pub fn arg<'v>(args: &'v Value, key: &str) -> Option<&'v Value> {
    args.get(key).filter(|v| !v.is_null())
}

/// Pi's `str()`: a string as is, nothing as "", anything else as invalid (`None`).
pub fn str_arg(value: Option<&Value>) -> Option<String> {
    match value {
        None | Some(Value::Null) => Some(String::new()),
        Some(Value::String(s)) => Some(s.clone()),
        Some(_) => None,
    }
}

/// The path argument read by read, edit and write: `file_path`, then `path`.
pub fn path_arg(args: &Value) -> Option<String> {
    str_arg(arg(args, "file_path").or_else(|| arg(args, "path")))
}

/// A value as a JavaScript template literal prints it (`${value}`).
pub fn js_template(value: Option<&Value>) -> String {
    match value {
        None => "undefined".to_string(),
        Some(Value::Null) => "null".to_string(),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Bool(b)) => b.to_string(),
        Some(Value::Number(n)) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), _, _) => i.to_string(),
            (_, Some(u), _) => u.to_string(),
            (_, _, Some(f)) => js_num(f),
            _ => n.to_string(),
        },
        Some(Value::Array(items)) => items
            .iter()
            .map(|item| match item {
                Value::Null => String::new(),
                other => js_template(Some(other)),
            })
            .collect::<Vec<_>>()
            .join(","),
        Some(Value::Object(_)) => "[object Object]".to_string(),
    }
}

/// A byte count from the details, as `formatSize` shows it.
pub fn size(value: Option<&Value>, default: usize) -> String {
    let bytes = value
        .and_then(Value::as_u64)
        .map_or(default, |b| b as usize);
    tau_tools::truncate::format_size(bytes)
}

/// JavaScript truthiness of an argument.
pub fn truthy(value: Option<&Value>) -> bool {
    match value {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(Value::Number(n)) => n.as_f64().is_some_and(|f| f != 0.0 && !f.is_nan()),
        Some(Value::String(s)) => !s.is_empty(),
        Some(_) => true,
    }
}

/// Tabs as three spaces, as every renderer shows them.
pub fn replace_tabs(text: &str) -> String {
    text.replace('\t', "   ")
}

fn normalize(path: &Path) -> PathBuf {
    tau_tools::path::normalize_lexically(path)
}

/// `~/…` for paths inside the home directory (Pi's `shortenHomePath`).
pub fn shorten_path(path: &str, home: Option<&Path>) -> String {
    let Some(home) = home.filter(|h| !h.as_os_str().is_empty()) else {
        return path.to_string();
    };
    if !path.starts_with('/') {
        return path.to_string();
    }
    let full = normalize(Path::new(path));
    let home = normalize(home);
    match full.strip_prefix(&home) {
        Ok(rest) if rest.as_os_str().is_empty() => "~".to_string(),
        Ok(rest) => format!("~/{}", rest.display()),
        Err(_) => path.to_string(),
    }
}

/// An absolute form of a tool path, `~` expanded, for links.
fn absolute(raw: &str, opts: &ToolRenderOptions<'_>) -> PathBuf {
    let expanded = match (raw.strip_prefix('~'), opts.home) {
        (Some(""), Some(home)) => home.to_path_buf(),
        (Some(rest), Some(home)) if rest.starts_with('/') => home.join(&rest[1..]),
        _ => PathBuf::from(raw),
    };
    normalize(&opts.cwd.join(expanded))
}

/// Node's `pathToFileURL(path).href` for a POSIX path.
fn file_url(path: &Path) -> String {
    let mut url = String::from("file://");
    for byte in path.to_string_lossy().bytes() {
        // What Node's `pathToFileURL` leaves as is; everything else is percent-encoded.
        let keep = byte.is_ascii_alphanumeric() || b"/-._;=@$&+,'()*!:".contains(&byte);
        if keep {
            url.push(byte as char);
        } else {
            url.push_str(&format!("%{byte:02X}"));
        }
    }
    url
}

/// The styled path, linked to its file when the terminal shows links.
pub fn link_path(styled: String, raw: &str, opts: &ToolRenderOptions<'_>) -> String {
    if !opts.hyperlinks {
        return styled;
    }
    let url = file_url(&absolute(raw, opts));
    format!("\x1b]8;;{url}\x1b\\{styled}\x1b]8;;\x1b\\")
}

/// `[invalid arg]`.
pub fn invalid_arg(paint: &dyn Paint) -> String {
    paint.fg("error", "[invalid arg]")
}

/// Pi's `renderToolPath`: invalid, `...` while empty, else the accented short path.
pub fn tool_path(
    raw: Option<&str>,
    empty_fallback: Option<&str>,
    opts: &ToolRenderOptions<'_>,
    paint: &dyn Paint,
) -> String {
    let Some(raw) = raw else {
        return invalid_arg(paint);
    };
    let value = if raw.is_empty() {
        empty_fallback.unwrap_or("")
    } else {
        raw
    };
    if value.is_empty() {
        return paint.fg("toolOutput", "...");
    }
    link_path(
        paint.fg("accent", &shorten_path(value, opts.home)),
        value,
        opts,
    )
}

fn line_number(value: &Value) -> Option<f64> {
    let number = match value {
        Value::Number(n) => n.as_f64(),
        Value::String(s) if !js_trim(s).is_empty() => js_trim(s).parse::<f64>().ok(),
        _ => None,
    };
    number.filter(|n| n.is_finite())
}

/// A number as JavaScript prints it (integers without a fraction).
pub fn js_num(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e21 {
        format!("{}", n as i64)
    } else {
        n.to_string()
    }
}

/// Pi's `formatReadLineRange`: `:start`, `:start-end` or nothing.
pub fn read_line_range(offset: Option<&Value>, limit: Option<&Value>) -> String {
    if offset.is_none() && limit.is_none() {
        return String::new();
    }
    let start = match offset {
        None => Some(1.0),
        Some(value) => line_number(value),
    };
    let Some(start) = start else {
        return String::new();
    };
    let Some(limit) = limit else {
        return format!(":{}", js_num(start));
    };
    let Some(count) = line_number(limit) else {
        return String::new();
    };
    let end = start + count - 1.0;
    if end == 0.0 {
        format!(":{}", js_num(start))
    } else {
        format!(":{}-{}", js_num(start), js_num(end))
    }
}

/// Pi's `formatToolDuration`: `4.2s`, `1m 30s`, `2h 3m 4s`.
pub fn duration(ms: u64) -> String {
    let seconds = ms as f64 / 1000.0;
    if seconds < 60.0 {
        return format!("{}s", to_fixed(seconds, 1));
    }
    let total = seconds.floor() as u64;
    let (minutes, rest) = (total / 60, total % 60);
    if minutes < 60 {
        return format!("{minutes}m {rest}s");
    }
    format!("{}h {}m {rest}s", minutes / 60, minutes % 60)
}

/// Pi's `keyHint`: the keys dim, the description muted.
pub fn key_hint(keys: &str, description: &str, paint: &dyn Paint) -> String {
    paint.fg("dim", keys) + &paint.fg("muted", &format!(" {description}"))
}

/// `\n... (N more lines, ctrl+o to expand)` after a cut listing.
pub fn more_lines_hint(counted: &str, opts: &ToolRenderOptions<'_>, paint: &dyn Paint) -> String {
    format!(
        "{} {}{}",
        paint.fg("muted", &format!("\n... ({counted},")),
        key_hint(opts.keys.expand, "to expand", paint),
        paint.fg("muted", ")")
    )
}

/// The first `max` lines (all when expanded), each as `style` makes it, with the hint.
pub fn listing(
    lines: &[String],
    max: usize,
    opts: &ToolRenderOptions<'_>,
    paint: &dyn Paint,
    style: impl Fn(&str) -> String,
) -> String {
    let shown = if opts.expanded { lines.len() } else { max };
    let shown = shown.min(lines.len());
    let body: Vec<String> = lines[..shown].iter().map(|l| style(l)).collect();
    let mut text = format!("\n{}", body.join("\n"));
    let remaining = lines.len() - shown;
    if remaining > 0 {
        text += &more_lines_hint(&format!("{remaining} more lines"), opts, paint);
    }
    text
}

/// Pi's `getLanguageFromPath`: the highlighter's language for a file name's extension.
pub fn language_from_path(path: &str) -> Option<&'static str> {
    let ext = path.rsplit('.').next()?.to_lowercase();
    let lang = match ext.as_str() {
        "ts" | "tsx" => "typescript",
        "js" | "jsx" | "mjs" | "cjs" => "javascript",
        "py" => "python",
        "rb" => "ruby",
        "rs" => "rust",
        "go" => "go",
        "java" => "java",
        "kt" => "kotlin",
        "swift" => "swift",
        "dart" => "dart",
        "groovy" | "gradle" => "groovy",
        "nix" => "nix",
        "c" | "h" => "c",
        "cpp" | "cc" | "cxx" | "hpp" => "cpp",
        "cs" => "csharp",
        "php" => "php",
        "sh" | "bash" | "zsh" => "bash",
        "fish" => "fish",
        "ps1" => "powershell",
        "sql" => "sql",
        "html" | "htm" => "html",
        "css" => "css",
        "scss" => "scss",
        "sass" => "sass",
        "less" => "less",
        "json" => "json",
        "yaml" | "yml" => "yaml",
        "toml" => "toml",
        "xml" => "xml",
        "md" | "markdown" => "markdown",
        "dockerfile" => "dockerfile",
        "makefile" => "makefile",
        "cmake" => "cmake",
        "lua" => "lua",
        "perl" => "perl",
        "r" => "r",
        "scala" => "scala",
        "clj" => "clojure",
        "ex" | "exs" => "elixir",
        "erl" => "erlang",
        "hs" => "haskell",
        "ml" => "ocaml",
        "vim" => "vim",
        "graphql" => "graphql",
        "proto" => "protobuf",
        "tf" | "hcl" => "hcl",
        _ => return None,
    };
    Some(lang)
}
