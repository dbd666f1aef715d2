//! Removing terminal escape sequences and control characters from command output, as Pi
//! 1.6.0 cleans the output of user `!` commands: OSC sequences up to their terminator, CSI
//! and similar sequences, and an unfinished sequence held back between streamed chunks.

use std::sync::OnceLock;

use regex::Regex;

use crate::truncate::slice_tail;

/// Longest unfinished sequence held back while streaming; longer ones pass through as is.
const MAX_PENDING_ANSI_LENGTH: usize = 256;

/// CSI and related introducers: ESC or the C1 CSI, then parameters (`;` and `:` separated).
/// A private prefix (`<`, `=`, `>`) counts only right after a real CSI introducer.
const CSI_START: &str =
    r"(?:(?:\x1B\[|\x{9B})[<=>]|[\x1B\x{9B}][\[\]()#;?]*)(?:[0-9]{1,4}(?:[;:][0-9]{0,4})*)?";
const CSI_FINAL: &str = r"[0-9A-PR-TZcf-nq-uy=><~]";

fn ansi_regex() -> Option<&'static Regex> {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        // OSC runs lazily to the first terminator: BEL, ESC \ or the C1 ST.
        let osc = r"\x1B\](?s:.)*?(?:\x07|\x1B\\|\x{9C})";
        Regex::new(&format!("(?:{osc})|{CSI_START}{CSI_FINAL}")).ok()
    })
    .as_ref()
}

fn csi_start_only() -> Option<&'static Regex> {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| Regex::new(&format!("^(?:{CSI_START})$")).ok())
        .as_ref()
}

fn has_introducer(text: &str) -> bool {
    text.contains(['\u{1B}', '\u{9B}'])
}

/// `text` without complete escape sequences.
pub fn strip_ansi(text: &str) -> String {
    if !has_introducer(text) {
        return text.to_string();
    }
    match ansi_regex() {
        Some(re) => re.replace_all(text, "").into_owned(),
        None => text.to_string(),
    }
}

/// Whether `rest` (after `ESC ]`) can still become an OSC sequence: no terminator yet, and no
/// ESC followed by `\`.
fn is_open_osc_body(rest: &str) -> bool {
    let mut chars = rest.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\u{7}' | '\u{9C}' => return false,
            '\u{1B}' if chars.peek() == Some(&'\\') => return false,
            _ => {}
        }
    }
    true
}

/// Splits streamed text into what can be stripped now and a trailing unfinished escape
/// sequence to prepend to the next chunk: `(complete, pending)`.
pub fn split_incomplete_ansi_suffix(text: &str) -> (&str, &str) {
    if !has_introducer(text) {
        return (text, "");
    }
    let window = slice_tail(text, MAX_PENDING_ANSI_LENGTH);
    let offset = text.len() - window.len();
    for (i, c) in window.char_indices() {
        if c != '\u{1B}' && c != '\u{9B}' {
            continue;
        }
        let suffix = &window[i..];
        let open_osc = suffix.strip_prefix("\u{1B}]").is_some_and(is_open_osc_body);
        let open_csi = csi_start_only().is_some_and(|re| re.is_match(suffix));
        if open_osc || open_csi {
            return text.split_at(offset + i);
        }
    }
    (text, "")
}

/// Removes control characters other than tab, newline and carriage return, and the
/// interlinear annotation characters U+FFF9..U+FFFB, which break width computations.
pub fn sanitize_binary_output(text: &str) -> String {
    text.chars()
        .filter(|&c| {
            !matches!(c, '\u{0}'..='\u{8}' | '\u{B}' | '\u{C}' | '\u{E}'..='\u{1F}' | '\u{FFF9}'..='\u{FFFB}')
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_csi_and_osc_sequences() {
        assert_eq!(strip_ansi("\u{1B}[31mred\u{1B}[0m plain"), "red plain");
        assert_eq!(
            strip_ansi("\u{1B}]8;;https://x\u{7}link\u{1B}]8;;\u{1B}\\ end"),
            "link end"
        );
        assert_eq!(strip_ansi("\u{1B}[<35;59;1Mmouse"), "mouse");
        // After a bare ESC, `=` is the final byte: the digits after it stay.
        assert_eq!(strip_ansi("\u{1B}=123"), "123");
        assert_eq!(strip_ansi("\u{1B}(Bx"), "x");
        assert_eq!(strip_ansi("\u{9B}1;2Hz"), "z");
        assert_eq!(strip_ansi("\u{1B}[?25lq"), "q");
        assert_eq!(strip_ansi("no escapes"), "no escapes");
    }

    #[test]
    fn holds_back_an_unfinished_sequence() {
        assert_eq!(
            split_incomplete_ansi_suffix("abc\u{1B}[3"),
            ("abc", "\u{1B}[3")
        );
        assert_eq!(
            split_incomplete_ansi_suffix("x\u{1B}]0;title"),
            ("x", "\u{1B}]0;title")
        );
        assert_eq!(
            split_incomplete_ansi_suffix("done\u{1B}[0m"),
            ("done\u{1B}[0m", "")
        );
        assert_eq!(split_incomplete_ansi_suffix("plain"), ("plain", ""));
        assert_eq!(
            split_incomplete_ansi_suffix("a\u{1B}]0;t\u{1B}"),
            ("a", "\u{1B}]0;t\u{1B}")
        );
        assert_eq!(
            split_incomplete_ansi_suffix("a\u{1B}]0;t\u{1B}\\b\u{1B}["),
            ("a\u{1B}]0;t\u{1B}\\b", "\u{1B}[")
        );
    }

    #[test]
    fn sanitizes_control_characters() {
        assert_eq!(
            sanitize_binary_output("a\u{0}b\tc\r\n\u{7}d\u{FFFA}"),
            "ab\tc\r\nd"
        );
    }
}
