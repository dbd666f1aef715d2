//! How the editor cuts text into units. A large paste shows as a marker such as
//! `[paste #1 +120 lines]`; while that paste is known, the whole marker is one unit for the
//! cursor, deletion and wrapping, as in pi-tui. Also the character classes pi-tui's regexes
//! use (CJK break opportunities, autocomplete separators).

use std::collections::BTreeMap;
use std::sync::LazyLock;

use regex::Regex;

use crate::widgets::text_edit::{grapheme_segments, word_segments, Segment};

/// `[paste #<id>]`, `[paste #<id> +<n> lines]` or `[paste #<id> <n> chars]`.
/// (The patterns are constant; `None` would mean a bug, and then nothing counts as a marker.)
static PASTE_MARKER: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(r"\[paste #(\d+)( (\+\d+ lines|\d+ chars))?\]").ok());

static PASTE_MARKER_WHOLE: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(r"^\[paste #(\d+)( (\+\d+ lines|\d+ chars))?\]$").ok());

/// The paste-marker pattern.
pub(crate) fn paste_marker() -> Option<&'static Regex> {
    PASTE_MARKER.as_ref()
}

const CJK_SCRIPTS: &str =
    r"\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\p{scx=Bopomofo}";
/// JavaScript's `\s`, which differs from Rust's (U+FEFF yes, U+0085 no).
const JS_SPACE_CLASS: &str =
    r"\t\n\x0B\x0C\r \xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF";
const CJK_PUNCTUATION_EXTRA: &str = "，．：；！？（）［］｛｝“”‘’…—";

static CJK_BREAK: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(&format!("[{CJK_SCRIPTS}]")).ok());

/// One character that ends an autocomplete token: whitespace or CJK punctuation.
pub(crate) fn separator_class() -> String {
    format!("[{JS_SPACE_CLASS}[\\p{{P}}&&[{CJK_SCRIPTS}]]{CJK_PUNCTUATION_EXTRA}]")
}

/// Any character that does not end an autocomplete token.
pub(crate) fn non_separator_class() -> String {
    format!("[^{JS_SPACE_CLASS}[\\p{{P}}&&[{CJK_SCRIPTS}]]{CJK_PUNCTUATION_EXTRA}]")
}

static SEPARATOR: LazyLock<Option<Regex>> = LazyLock::new(|| Regex::new(&separator_class()).ok());

/// Whether `text` contains a CJK character (a line may break next to one).
pub(crate) fn has_cjk(text: &str) -> bool {
    CJK_BREAK.as_ref().is_some_and(|re| re.is_match(text))
}

/// Whether `text` contains an autocomplete separator.
pub(crate) fn has_separator(text: &str) -> bool {
    SEPARATOR.as_ref().is_some_and(|re| re.is_match(text))
}

/// Whether a segment is a whole paste marker.
pub(crate) fn is_paste_marker(segment: &str) -> bool {
    segment.len() >= 10
        && PASTE_MARKER_WHOLE
            .as_ref()
            .is_some_and(|re| re.is_match(segment))
}

/// The id of a whole paste marker.
pub(crate) fn paste_marker_id(segment: &str) -> Option<u32> {
    PASTE_MARKER_WHOLE
        .as_ref()?
        .captures(segment)?
        .get(1)?
        .as_str()
        .parse()
        .ok()
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum SegmentMode {
    Grapheme,
    Word,
}

/// Segments of `text`, with each marker of a known paste merged into one segment.
pub(crate) fn segment<'a>(
    text: &'a str,
    mode: SegmentMode,
    pastes: &BTreeMap<u32, String>,
) -> Vec<Segment<'a>> {
    let base = match mode {
        SegmentMode::Grapheme => grapheme_segments(text),
        SegmentMode::Word => word_segments(text),
    };
    let Some(marker_re) =
        paste_marker().filter(|_| !pastes.is_empty() && text.contains("[paste #"))
    else {
        return base;
    };
    let markers: Vec<(usize, usize)> = marker_re
        .captures_iter(text)
        .filter(|c| c[1].parse::<u32>().is_ok_and(|id| pastes.contains_key(&id)))
        .filter_map(|c| c.get(0).map(|m| (m.start(), m.end())))
        .collect();
    if markers.is_empty() {
        return base;
    }
    let mut out = Vec::with_capacity(base.len());
    let mut next_marker = 0;
    for seg in base {
        while next_marker < markers.len() && markers[next_marker].1 <= seg.start {
            next_marker += 1;
        }
        match markers.get(next_marker) {
            Some(&(start, end)) if seg.start >= start && seg.start < end => {
                if seg.start == start {
                    out.push(Segment {
                        start,
                        text: &text[start..end],
                        word_like: false,
                    });
                }
            }
            _ => out.push(seg),
        }
    }
    out
}

/// Whether a token may start right after `text`: it is empty or ends in a separator.
pub(crate) fn is_token_start_text(text: &str) -> bool {
    text.chars().next_back().is_none_or(|c| {
        let mut buf = [0u8; 4];
        has_separator(c.encode_utf8(&mut buf))
    })
}
