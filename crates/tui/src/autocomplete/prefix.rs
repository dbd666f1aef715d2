//! Finding the path-like token before the cursor, as pi-tui does: the token after the last
//! delimiter (space, quote, `=`, CJK punctuation), without opening brackets that are not
//! closed inside it, or an unclosed `"..."` / `@"..."` started at a token boundary.

use crate::editor::segments::{has_separator, is_token_start_text};

const PATH_DELIMITERS: [char; 5] = [' ', '\t', '"', '\'', '='];

fn wrapper_closer(c: char) -> Option<char> {
    match c {
        '(' => Some(')'),
        '[' => Some(']'),
        '{' => Some('}'),
        '<' => Some('>'),
        '`' => Some('`'),
        _ => None,
    }
}

/// Byte index of the last delimiter character, if any.
fn find_last_delimiter(text: &str) -> Option<usize> {
    let mut last = None;
    let mut buf = [0u8; 4];
    for (i, c) in text.char_indices() {
        if PATH_DELIMITERS.contains(&c) || has_separator(c.encode_utf8(&mut buf)) {
            last = Some(i);
        }
    }
    last
}

/// "(~/Dev" is "~/Dev", but "app/[slug]/pa" keeps its bracket.
fn strip_leading_wrappers(token: &str) -> &str {
    let mut result = token;
    while let Some(first) = result.chars().next() {
        let Some(closer) = wrapper_closer(first) else {
            break;
        };
        if result[first.len_utf8()..].contains(closer) {
            break;
        }
        result = &result[first.len_utf8()..];
    }
    result
}

fn find_unclosed_quote_start(text: &str) -> Option<usize> {
    let mut open = None;
    for (i, c) in text.char_indices() {
        if c == '"' {
            open = if open.is_some() { None } else { Some(i) };
        }
    }
    open
}

/// Whether a token may start at `index` (after optional opening wrappers).
fn is_token_start(text: &str, index: usize) -> bool {
    let mut start = index;
    while start > 0 {
        let prev = text[..start].chars().next_back().unwrap_or(' ');
        if wrapper_closer(prev).is_none() {
            break;
        }
        start -= prev.len_utf8();
    }
    let before = text[..start].chars().next_back();
    before.is_some_and(|c| PATH_DELIMITERS.contains(&c)) || is_token_start_text(&text[..start])
}

fn extract_quoted_prefix(text: &str) -> Option<&str> {
    let quote = find_unclosed_quote_start(text)?;
    if quote > 0 && text[..quote].ends_with('@') {
        return is_token_start(text, quote - 1).then(|| &text[quote - 1..]);
    }
    is_token_start(text, quote).then(|| &text[quote..])
}

fn last_token(text: &str) -> &str {
    let token = match find_last_delimiter(text) {
        Some(i) => &text[i + text[i..].chars().next().map_or(1, char::len_utf8)..],
        None => text,
    };
    strip_leading_wrappers(token)
}

/// The `@file` token before the cursor (`@src/ma`, `@"my fi`).
pub(crate) fn extract_at_prefix(text: &str) -> Option<&str> {
    if let Some(quoted) = extract_quoted_prefix(text).filter(|q| q.starts_with("@\"")) {
        return Some(quoted);
    }
    Some(last_token(text)).filter(|t| t.starts_with('@'))
}

/// The path-like token before the cursor; with `force` (Tab) whatever token is there.
pub(crate) fn extract_path_prefix(text: &str, force: bool) -> Option<&str> {
    if let Some(quoted) = extract_quoted_prefix(text) {
        return Some(quoted);
    }
    let token = last_token(text);
    if force || token.contains('/') || token.starts_with('.') || token.starts_with("~/") {
        return Some(token);
    }
    // Right after a separator an empty token counts (not in empty text: that is Tab's job).
    (token.is_empty() && !text.is_empty() && is_token_start_text(text)).then_some(token)
}

/// The prefix without its `@` and quote, and which of them it had.
pub(crate) struct PathPrefix<'a> {
    pub raw: &'a str,
    pub at: bool,
    pub quoted: bool,
}

pub(crate) fn parse_path_prefix(prefix: &str) -> PathPrefix<'_> {
    if let Some(raw) = prefix.strip_prefix("@\"") {
        PathPrefix {
            raw,
            at: true,
            quoted: true,
        }
    } else if let Some(raw) = prefix.strip_prefix('"') {
        PathPrefix {
            raw,
            at: false,
            quoted: true,
        }
    } else if let Some(raw) = prefix.strip_prefix('@') {
        PathPrefix {
            raw,
            at: true,
            quoted: false,
        }
    } else {
        PathPrefix {
            raw: prefix,
            at: false,
            quoted: false,
        }
    }
}

/// The text to insert for `path`: `@` when attaching, quoted when asked or when the path
/// has a separator in it.
pub(crate) fn completion_value(path: &str, at: bool, quoted: bool) -> String {
    let at = if at { "@" } else { "" };
    if quoted || has_separator(path) {
        format!("{at}\"{path}\"")
    } else {
        format!("{at}{path}")
    }
}
