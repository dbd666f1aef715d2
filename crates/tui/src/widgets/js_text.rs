//! The JavaScript string rules pi-tui's widgets lean on. pi-tui measures text in UTF-16 code
//! units and trims with JavaScript's idea of whitespace; where that shows (a paste's "1234
//! chars", a fuzzy score, a vertical cursor move) tau has to count the same way.

pub(crate) use crate::width::is_js_space;

/// Length in UTF-16 code units (JavaScript's `length`).
pub fn utf16_len(s: &str) -> usize {
    s.chars().map(char::len_utf16).sum()
}

/// The byte offset of UTF-16 offset `units` in `s`, rounded down to a character boundary.
pub fn byte_at_utf16(s: &str, units: usize) -> usize {
    let mut count = 0;
    for (i, c) in s.char_indices() {
        if count + c.len_utf16() > units {
            return i;
        }
        count += c.len_utf16();
    }
    s.len()
}

/// JavaScript's `trim()`.
pub fn js_trim(s: &str) -> &str {
    s.trim_matches(is_js_space)
}

/// JavaScript's `trimStart()`.
pub fn js_trim_start(s: &str) -> &str {
    s.trim_start_matches(is_js_space)
}

/// JavaScript's `/\s/.test(text)`: any whitespace in the text.
pub fn has_js_space(s: &str) -> bool {
    s.chars().any(is_js_space)
}

/// The previous character boundary before `at` (0 at the start).
pub fn prev_char_boundary(s: &str, at: usize) -> usize {
    s[..at].char_indices().next_back().map_or(0, |(i, _)| i)
}
