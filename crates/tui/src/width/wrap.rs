//! Word wrapping of ANSI-styled text, as pi-tui's `wrapTextWithAnsi` does it: words never
//! split unless longer than a line, each CJK cluster is a word of its own, trailing spaces
//! are dropped, and the style in force is closed at each line end and re-opened on the next.

use unicode_segmentation::UnicodeSegmentation;

use super::ansi::{self, Tracker};
use super::{cluster, is_printable_ascii, visible_width};

/// JavaScript's `\s` (and what `trimEnd` removes).
pub(crate) fn is_js_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{B}' | '\u{C}' | '\r' | ' ' | '\u{A0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200A}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202F}'
                | '\u{205F}'
                | '\u{3000}'
                | '\u{FEFF}'
    )
}

fn trim_end(s: &str) -> &str {
    s.trim_end_matches(is_js_space)
}

/// Whether a token's visible text is only whitespace (codes in it are skipped; a lone ESC is
/// visible).
fn is_whitespace_token(token: &str) -> bool {
    let mut i = 0;
    while i < token.len() {
        if token.as_bytes()[i] == 0x1b {
            match ansi::code_len(token, i) {
                0 => return false,
                n => i += n,
            }
            continue;
        }
        let Some(c) = token[i..].chars().next() else {
            break;
        };
        if !is_js_space(c) {
            return false;
        }
        i += c.len_utf8();
    }
    true
}

/// Splits a line into runs of spaces and runs of other clusters (each CJK cluster alone),
/// escape sequences riding on the visible text after them.
fn tokens(text: &str) -> Vec<String> {
    #[derive(PartialEq, Clone, Copy)]
    enum Kind {
        Space,
        Word,
    }
    let mut tokens = Vec::new();
    let mut current = String::new();
    let mut kind: Option<Kind> = None;
    let mut pending = String::new();
    let mut i = 0;
    while i < text.len() {
        if let Some(code) = ansi::code_at(text, i) {
            pending.push_str(code);
            i += code.len();
            continue;
        }
        // Visible text runs to the next escape sequence (a lone ESC is text).
        let mut end = i + 1;
        while end < text.len() && !(text.as_bytes()[end] == 0x1b && ansi::code_len(text, end) > 0) {
            end += 1;
        }
        while !text.is_char_boundary(end) {
            end += 1;
        }
        let chunk = &text[i..end];
        let ascii = is_printable_ascii(chunk);
        let mut visit = |segment: &str| {
            let is_space = segment == " ";
            if !ascii && !is_space && cluster::is_cjk_break(segment) {
                if !current.is_empty() {
                    tokens.push(std::mem::take(&mut current));
                }
                kind = None;
                tokens.push(std::mem::take(&mut pending) + segment);
                return;
            }
            let segment_kind = if is_space { Kind::Space } else { Kind::Word };
            if !current.is_empty() && kind != Some(segment_kind) {
                tokens.push(std::mem::take(&mut current));
            }
            current.push_str(&pending);
            pending.clear();
            kind = Some(segment_kind);
            current.push_str(segment);
        };
        if ascii {
            for k in 0..chunk.len() {
                visit(&chunk[k..k + 1]);
            }
        } else {
            for g in chunk.graphemes(true) {
                visit(g);
            }
        }
        i = end;
    }
    if !pending.is_empty() {
        if !current.is_empty() {
            current.push_str(&pending);
        } else if let Some(last) = tokens.last_mut() {
            last.push_str(&pending);
        } else {
            current = pending;
        }
    }
    if !current.is_empty() {
        tokens.push(current);
    }
    tokens
}

/// `text` wrapped to lines of at most `width` columns (not padded). Newlines (`\n`, `\r\n`,
/// `\r`) end lines, and the style in force carries over them.
pub fn wrap_text_with_ansi(text: &str, width: usize) -> Vec<String> {
    if text.is_empty() {
        return vec![String::new()];
    }
    let mut result = Vec::new();
    let mut tracker = Tracker::default();
    let mut rest = text;
    loop {
        let (line, next) = match rest.find(['\r', '\n']) {
            Some(p) => {
                let skip = if rest[p..].starts_with("\r\n") { 2 } else { 1 };
                (&rest[..p], Some(&rest[p + skip..]))
            }
            None => (rest, None),
        };
        let prefix = if result.is_empty() {
            String::new()
        } else {
            tracker.active_codes()
        };
        result.extend(wrap_single_line(&(prefix + line), width));
        tracker.process_text(line);
        match next {
            Some(n) => rest = n,
            None => break,
        }
    }
    result
}

fn wrap_single_line(line: &str, width: usize) -> Vec<String> {
    if line.is_empty() {
        return vec![String::new()];
    }
    if visible_width(line) <= width {
        return vec![line.to_owned()];
    }
    let mut wrapped: Vec<String> = Vec::new();
    let mut tracker = Tracker::default();
    let mut current = String::new();
    let mut current_width = 0;
    for token in tokens(line) {
        let token_width = visible_width(&token);
        let is_space = is_whitespace_token(&token);
        if token_width > width && !is_space {
            if !current.is_empty() {
                // Trim before the reset, which would otherwise stop the final trim.
                let mut done = trim_end(&current).to_owned();
                done.push_str(&tracker.line_end_reset());
                wrapped.push(done);
            }
            let mut broken = break_long_word(&token, width, &mut tracker);
            current = broken.pop().unwrap_or_default();
            wrapped.extend(broken);
            current_width = visible_width(&current);
            continue;
        }
        let needed = current_width + token_width;
        if needed > width && current_width > 0 {
            let mut done = trim_end(&current).to_owned();
            if is_space {
                // The dropped space may carry codes (closing a styled word): keep them here so
                // the style ends on this line and is not re-opened on the next.
                done.push_str(&ansi::codes_of(&token));
                tracker.process_text(&token);
            }
            done.push_str(&tracker.line_end_reset());
            wrapped.push(done);
            if is_space {
                current = tracker.active_codes();
                current_width = 0;
                continue;
            }
            current = tracker.active_codes() + &token;
            current_width = token_width;
        } else if is_space && needed > width && token.contains('\x1b') {
            // Spaces wider than an empty line: keep only their codes, which would otherwise
            // stop the final trim and leave the line too wide.
            current.push_str(&ansi::codes_of(&token));
        } else {
            current.push_str(&token);
            current_width += token_width;
        }
        tracker.process_text(&token);
    }
    if !current.is_empty() {
        wrapped.push(current);
    }
    if wrapped.is_empty() {
        return vec![String::new()];
    }
    wrapped
        .into_iter()
        .map(|l| trim_end(&l).to_owned())
        .collect()
}

/// Breaks a word wider than a line at cluster boundaries.
fn break_long_word(word: &str, width: usize, tracker: &mut Tracker) -> Vec<String> {
    let mut lines = Vec::new();
    let mut current = tracker.active_codes();
    let mut current_width = 0;
    let mut i = 0;
    while i < word.len() {
        if let Some(code) = ansi::code_at(word, i) {
            current.push_str(code);
            tracker.process(code);
            i += code.len();
            continue;
        }
        let end = ansi::text_end(word, i);
        for g in super::clusters(&word[i..end]) {
            let w = visible_width(g);
            if current_width + w > width {
                current.push_str(&tracker.line_end_reset());
                lines.push(std::mem::replace(&mut current, tracker.active_codes()));
                current_width = 0;
            }
            current.push_str(g);
            current_width += w;
        }
        i = end;
    }
    if !current.is_empty() || lines.is_empty() {
        lines.push(current);
    }
    lines
}
