//! Turning the path a model passes to a tool into an absolute path, as Pi 1.6.0's tools do.
//!
//! Pi normalises Unicode spaces to plain spaces, strips one leading `@` (models copy file
//! mentions verbatim), expands `~` and `file://` URLs, and resolves the rest against the
//! working directory. `read` also tries the spellings macOS uses in screenshot names when the
//! path as given does not exist.

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;
use std::path::{Component, Path, PathBuf};

use unicode_normalization::UnicodeNormalization;

/// Narrow no-break space, which macOS puts before AM/PM in screenshot names.
const NARROW_NO_BREAK_SPACE: char = '\u{202F}';

fn is_unicode_space(c: char) -> bool {
    matches!(
        c,
        '\u{00A0}' | '\u{2000}'..='\u{200A}' | '\u{202F}' | '\u{205F}' | '\u{3000}'
    )
}

/// Replaces no-break, thin, ideographic and similar Unicode spaces with plain spaces.
pub fn normalize_unicode_spaces(input: &str) -> String {
    input
        .chars()
        .map(|c| if is_unicode_space(c) { ' ' } else { c })
        .collect()
}

/// The user's home directory (`$HOME`, then the password database), as Node's `homedir`.
pub fn home_dir() -> Option<PathBuf> {
    #[allow(
        deprecated,
        reason = "deprecated only before Rust 1.86; behaves as Node's homedir"
    )]
    std::env::home_dir()
}

/// A tool path with Pi's normalisation applied but not yet resolved against a directory:
/// Unicode spaces become spaces, one leading `@` goes, `~` and `~/x` expand to the home
/// directory and a `file://` URL becomes its path.
pub fn expand_path(input: &str) -> PathBuf {
    let spaced = normalize_unicode_spaces(input);
    let stripped = spaced.strip_prefix('@').unwrap_or(&spaced);
    expand_tilde_and_url(stripped, home_dir().as_deref())
}

/// `~`, `~/…` and `file://` expansion shared by tool paths and the base directory.
fn expand_tilde_and_url(input: &str, home: Option<&Path>) -> PathBuf {
    if let Some(home) = home {
        if input == "~" {
            return home.to_path_buf();
        }
        if let Some(rest) = input.strip_prefix("~/") {
            return home.join(rest);
        }
    }
    if let Some(path) = file_url_to_path(input) {
        return path;
    }
    PathBuf::from(input)
}

/// The path of a `file://` URL with an empty or `localhost` host, percent-decoded; `None`
/// for anything else. (Node throws for other hosts and for an encoded `/`; tau then treats
/// the text as a plain relative path, which fails as a missing file.)
fn file_url_to_path(input: &str) -> Option<PathBuf> {
    let rest = input.strip_prefix("file://")?;
    let path = if rest.starts_with('/') {
        rest
    } else {
        rest.strip_prefix("localhost")
            .filter(|p| p.starts_with('/'))?
    };
    // Query and fragment are not part of the path.
    let path = path.split(['?', '#']).next().unwrap_or(path);
    let bytes = percent_decode(path)?;
    Some(PathBuf::from(OsString::from_vec(bytes)))
}

fn percent_decode(input: &str) -> Option<Vec<u8>> {
    let raw = input.as_bytes();
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == b'%' && i + 2 < raw.len() {
            let hex = std::str::from_utf8(&raw[i + 1..i + 3]).ok();
            if let Some(byte) = hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                if byte == b'/' {
                    return None;
                }
                out.push(byte);
                i += 3;
                continue;
            }
        }
        out.push(raw[i]);
        i += 1;
    }
    Some(out)
}

/// Lexically normalises an absolute path as Node's `path.resolve` does: `.` and empty
/// components go, `..` pops (never above the root), no trailing slash.
pub fn normalize_lexically(path: &Path) -> PathBuf {
    let mut out = PathBuf::from("/");
    for component in path.components() {
        match component {
            Component::RootDir | Component::CurDir | Component::Prefix(_) => {}
            Component::ParentDir => {
                out.pop();
            }
            Component::Normal(part) => out.push(part),
        }
    }
    out
}

/// Resolves a tool path against `cwd`: expanded as [`expand_path`], joined to `cwd` when
/// relative (itself `~`-expanded), and lexically normalised.
pub fn resolve_to_cwd(input: &str, cwd: &Path) -> PathBuf {
    let expanded = expand_path(input);
    if expanded.is_absolute() {
        return normalize_lexically(&expanded);
    }
    let base = expand_tilde_and_url(&cwd.to_string_lossy(), home_dir().as_deref());
    let base = if base.is_absolute() {
        base
    } else {
        // Node resolves a relative base against the process's working directory.
        std::env::current_dir().unwrap_or_default().join(base)
    };
    normalize_lexically(&base.join(expanded))
}

/// Whether anything exists at `path` (following symlinks), as `access(F_OK)`.
pub async fn path_exists(path: &Path) -> bool {
    tokio::fs::metadata(path).await.is_ok()
}

/// The spellings `read` tries, in order, when the resolved path does not exist: the macOS
/// screenshot AM/PM form (narrow no-break space before `AM.`/`PM.`), NFD, the curly
/// apostrophe (U+2019) form, and NFD with curly apostrophes.
pub fn read_path_variants(resolved: &str) -> Vec<String> {
    let am_pm = macos_am_pm_variant(resolved);
    let nfd: String = resolved.nfd().collect();
    let curly = resolved.replace('\'', "\u{2019}");
    let nfd_curly = nfd.replace('\'', "\u{2019}");
    let mut variants: Vec<String> = Vec::new();
    for variant in [am_pm, nfd, curly, nfd_curly] {
        if variant != resolved && !variants.contains(&variant) {
            variants.push(variant);
        }
    }
    variants
}

/// Replaces ` AM.` / ` PM.` (any case) with the narrow no-break space form.
fn macos_am_pm_variant(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    let mut rest = input;
    while let Some(pos) = rest.find(' ') {
        let after = &rest[pos + 1..];
        let is_marker = after.len() >= 3
            && after.is_char_boundary(2)
            && matches!(after[..2].to_ascii_uppercase().as_str(), "AM" | "PM")
            && after.as_bytes()[2] == b'.';
        out.push_str(&rest[..pos]);
        if is_marker {
            out.push(NARROW_NO_BREAK_SPACE);
            out.push_str(&after[..3]);
            rest = &after[3..];
        } else {
            out.push(' ');
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// [`resolve_to_cwd`], then, when nothing exists there, the first of
/// [`read_path_variants`] that exists; the plain resolution when none does.
pub async fn resolve_read_path(input: &str, cwd: &Path) -> PathBuf {
    let resolved = resolve_to_cwd(input, cwd);
    if path_exists(&resolved).await {
        return resolved;
    }
    let Some(text) = resolved.to_str() else {
        return resolved;
    };
    for variant in read_path_variants(text) {
        let candidate = PathBuf::from(&variant);
        if path_exists(&candidate).await {
            return candidate;
        }
    }
    resolved
}

#[cfg(test)]
#[path = "path_tests.rs"]
mod tests;
