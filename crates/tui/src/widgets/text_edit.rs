//! Editing pieces the one-line input and the editor share, as pi-tui's: the kill ring for
//! Emacs-style kill/yank, word segmentation and word-wise cursor moves, and decoding a key
//! sequence into the character it types.

use unicode_segmentation::UnicodeSegmentation;

use super::js_text::has_js_space;

/// Killed text, newest last. Consecutive kills merge into one entry (pi-tui's `KillRing`).
#[derive(Clone, Debug, Default)]
pub struct KillRing {
    ring: Vec<String>,
}

impl KillRing {
    /// Adds `text`; with `accumulate` it joins the newest entry, before it when `prepend`
    /// (a backward kill) and after it otherwise.
    pub fn push(&mut self, text: &str, prepend: bool, accumulate: bool) {
        if text.is_empty() {
            return;
        }
        match self.ring.last_mut() {
            Some(last) if accumulate => {
                if prepend {
                    last.insert_str(0, text);
                } else {
                    last.push_str(text);
                }
            }
            _ => self.ring.push(text.to_string()),
        }
    }

    /// The newest entry.
    pub fn peek(&self) -> Option<&str> {
        self.ring.last().map(String::as_str)
    }

    /// Moves the newest entry to the front (yank-pop).
    pub fn rotate(&mut self) {
        if self.ring.len() > 1 {
            if let Some(last) = self.ring.pop() {
                self.ring.insert(0, last);
            }
        }
    }

    /// Entries in the ring.
    pub fn len(&self) -> usize {
        self.ring.len()
    }
}

/// What the last edit was, for undo coalescing and kill accumulation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LastAction {
    TypeWord,
    Kill,
    Yank,
}

/// A piece of text from a segmenter: where it starts (bytes) and whether it is a word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment<'a> {
    /// Byte offset in the segmented text.
    pub start: usize,
    /// The segment.
    pub text: &'a str,
    /// Whether it is a word (letters or digits).
    pub word_like: bool,
}

/// Word segments of `text` (Unicode word boundaries). A segment counts as a word when it
/// holds a letter or digit, which is what `Intl.Segmenter`'s `isWordLike` reports for it.
///
/// Known difference: ICU splits runs of Han and Hiragana into words by dictionary ("中文"
/// is one word); tau has no dictionary and stops after each such character, as UAX #29 does.
pub fn word_segments(text: &str) -> Vec<Segment<'_>> {
    text.split_word_bound_indices()
        .map(|(start, text)| Segment {
            start,
            text,
            word_like: text.chars().any(char::is_alphanumeric),
        })
        .collect()
}

/// Grapheme segments of `text`.
pub fn grapheme_segments(text: &str) -> Vec<Segment<'_>> {
    text.grapheme_indices(true)
        .map(|(start, text)| Segment {
            start,
            text,
            word_like: false,
        })
        .collect()
}

/// ASCII punctuation that splits a word for cursor moves (pi-tui's `PUNCTUATION_REGEX`).
pub fn is_punctuation(c: char) -> bool {
    "(){}[]<>.,;:'\"!?+-=*/\\|&%^$#@~`".contains(c)
}

/// Where one word-left move from `cursor` lands: past trailing whitespace, then over one
/// word (stopping after ASCII punctuation inside it), one atomic segment or one run of
/// punctuation. `segments` are the word segments of `text[..cursor]`.
pub fn find_word_backward(
    segments: &[Segment<'_>],
    cursor: usize,
    is_atomic: &dyn Fn(&str) -> bool,
) -> usize {
    if cursor == 0 {
        return 0;
    }
    let mut segs = segments.to_vec();
    let mut at = cursor;
    while let Some(last) = segs.last() {
        if is_atomic(last.text) || !has_js_space(last.text) {
            break;
        }
        at -= last.text.len();
        segs.pop();
    }
    let Some(last) = segs.last().copied() else {
        return at;
    };
    if is_atomic(last.text) {
        at -= last.text.len();
    } else if last.word_like {
        match last.text.rfind(is_punctuation) {
            None => at -= last.text.len(),
            Some(i) => {
                let punct_len = last.text[i..].chars().next().map_or(1, char::len_utf8);
                at -= last.text.len() - (i + punct_len);
            }
        }
    } else {
        while let Some(last) = segs.last() {
            if is_atomic(last.text) || last.word_like || has_js_space(last.text) {
                break;
            }
            at -= last.text.len();
            segs.pop();
        }
    }
    at
}

/// Where one word-right move from `cursor` lands (the mirror of [`find_word_backward`]).
/// `segments` are the word segments of `text[cursor..]`; `len` is the text's length.
pub fn find_word_forward(
    segments: &[Segment<'_>],
    cursor: usize,
    len: usize,
    is_atomic: &dyn Fn(&str) -> bool,
) -> usize {
    if cursor >= len {
        return len;
    }
    let mut iter = segments.iter().peekable();
    let mut at = cursor;
    while let Some(seg) = iter.peek() {
        if is_atomic(seg.text) || !has_js_space(seg.text) {
            break;
        }
        at += seg.text.len();
        iter.next();
    }
    let Some(seg) = iter.peek().copied() else {
        return at;
    };
    if is_atomic(seg.text) {
        at += seg.text.len();
    } else if seg.word_like {
        at += seg.text.find(is_punctuation).unwrap_or(seg.text.len());
    } else {
        while let Some(seg) = iter.peek() {
            if is_atomic(seg.text) || seg.word_like || has_js_space(seg.text) {
                break;
            }
            at += seg.text.len();
            iter.next();
        }
    }
    at
}

/// Parses `ESC [ <cp>[:<shifted>[:<base>]][;<mod>[:<event>]] u`; returns (cp, shifted, mod).
fn parse_csi_u(data: &str) -> Option<(u32, Option<u32>, u32)> {
    let body = data.strip_prefix("\x1b[")?.strip_suffix('u')?;
    let (keys, mods) = match body.split_once(';') {
        Some((k, m)) => (k, Some(m)),
        None => (body, None),
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let mut parts = keys.split(':');
    let cp = parts.next().filter(|s| digits(s))?.parse().ok()?;
    let shifted = match parts.next() {
        Some("") | None => None,
        Some(s) if digits(s) => Some(s.parse().ok()?),
        Some(_) => return None,
    };
    if let Some(base) = parts.next() {
        if !digits(base) || parts.next().is_some() {
            return None;
        }
    }
    let modifier = match mods {
        None => 1,
        Some(m) => {
            let (m, event) = m.split_once(':').map_or((m, None), |(a, b)| (a, Some(b)));
            if !digits(m) || event.is_some_and(|e| !digits(e)) {
                return None;
            }
            m.parse().ok()?
        }
    };
    Some((cp, shifted, modifier))
}

const SHIFT: u32 = 1;
const ALT: u32 = 2;
const CTRL: u32 = 4;
/// Caps Lock and Num Lock, which do not change what a key types.
const LOCKS: u32 = 64 | 128;

/// Kitty's keypad keys type the character of their main-keyboard twin.
fn keypad_equivalent(cp: u32) -> u32 {
    match cp {
        57399..=57408 => cp - 57399 + u32::from(b'0'),
        57409 => '.' as u32,
        57410 => '/' as u32,
        57411 => '*' as u32,
        57412 => '-' as u32,
        57413 => '+' as u32,
        57415 => '=' as u32,
        57416 => ',' as u32,
        _ => cp,
    }
}

/// The character a Kitty CSI-u key types (plain or shifted keys only), as pi-tui's
/// `decodeKittyPrintable`.
pub fn decode_kitty_printable(data: &str) -> Option<String> {
    let (cp, shifted, mod_value) = parse_csi_u(data)?;
    let modifier = mod_value.checked_sub(1)?;
    if modifier & !(SHIFT | LOCKS) != 0 || modifier & (ALT | CTRL) != 0 {
        return None;
    }
    let cp = match shifted {
        Some(s) if modifier & SHIFT != 0 => s,
        _ => cp,
    };
    let cp = keypad_equivalent(cp);
    if cp < 32 || (57344..=63743).contains(&cp) {
        return None;
    }
    char::from_u32(cp).map(String::from)
}

/// The character a key types: Kitty CSI-u or xterm modifyOtherKeys (`ESC [27;<mod>;<cp>~`)
/// with at most Shift, as pi-tui's `decodePrintableKey`.
pub fn decode_printable_key(data: &str) -> Option<String> {
    if let Some(text) = decode_kitty_printable(data) {
        return Some(text);
    }
    let body = data.strip_prefix("\x1b[27;")?.strip_suffix('~')?;
    let (m, cp) = body.split_once(';')?;
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(m) || !all_digits(cp) {
        return None;
    }
    let modifier = m.parse::<u32>().ok()?.checked_sub(1)? & !LOCKS;
    if modifier & !SHIFT != 0 {
        return None;
    }
    let cp: u32 = cp.parse().ok()?;
    if cp < 32 {
        return None;
    }
    char::from_u32(cp).map(String::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn back(text: &str) -> usize {
        find_word_backward(&word_segments(text), text.len(), &|_| false)
    }

    fn fwd(text: &str) -> usize {
        find_word_forward(&word_segments(text), 0, text.len(), &|_| false)
    }

    #[test]
    fn word_moves_stop_at_punctuation_inside_words() {
        assert_eq!(back("hello world  "), 6);
        assert_eq!(back("foo.bar"), 4);
        assert_eq!(back("a --"), 2);
        assert_eq!(fwd("  foo.bar"), 5);
        assert_eq!(fwd("--x"), 2);
    }

    #[test]
    fn kitty_printables() {
        assert_eq!(decode_printable_key("\x1b[97u").as_deref(), Some("a"));
        assert_eq!(decode_printable_key("\x1b[97:65;2u").as_deref(), Some("A"));
        assert_eq!(decode_printable_key("\x1b[97;5u"), None);
        assert_eq!(decode_printable_key("\x1b[27;2;65~").as_deref(), Some("A"));
    }
}
