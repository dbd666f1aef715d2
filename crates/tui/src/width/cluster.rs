//! The width of one grapheme cluster, by pi-tui's rules: terminal spacing marks, zero-width
//! clusters, RGI emoji, regional indicators, then the East Asian width of the first visible
//! code point plus the code points terminals give cells to after it.

use std::cmp::Ordering;

use super::tables::{self, CLASSES, RGI_SEQUENCES};

/// The generated classes of `c` (bits of [`tables`]).
pub(super) fn classes(c: char) -> u8 {
    let cp = c as u32;
    CLASSES
        .binary_search_by(|&(first, last, _)| {
            if last < cp {
                Ordering::Less
            } else if first > cp {
                Ordering::Greater
            } else {
                Ordering::Equal
            }
        })
        .map_or(0, |i| CLASSES[i].2)
}

fn has(c: char, bits: u8) -> bool {
    classes(c) & bits != 0
}

/// 1 or 2, as get-east-asian-width answers (ambiguous characters are narrow).
fn east_asian_width(c: char) -> usize {
    if has(c, tables::WIDE) {
        2
    } else {
        1
    }
}

/// Default ignorable, control, format or mark: pi-tui's "non-printing" code points.
fn non_printing(c: char) -> bool {
    has(c, tables::DI | tables::CC | tables::CF | tables::MARK)
}

/// pi-tui's cheap pre-filter before the RGI emoji test. Its length test counts UTF-16 units.
fn could_be_emoji(segment: &str, first: char) -> bool {
    let cp = first as u32;
    (0x1f000..=0x1fbff).contains(&cp)
        || (0x2300..=0x23ff).contains(&cp)
        || (0x2600..=0x27bf).contains(&cp)
        || (0x2b50..=0x2b55).contains(&cp)
        || segment.contains('\u{FE0F}')
        || segment.chars().map(char::len_utf16).sum::<usize>() > 2
}

fn is_rgi_emoji(segment: &str, first: char) -> bool {
    if segment.len() == first.len_utf8() {
        return has(first, tables::RGI);
    }
    // Sequences missing from the table measure 2 by the fallback rule anyway.
    RGI_SEQUENCES.binary_search(&segment).is_ok()
}

/// Width of one grapheme cluster as pi-tui's `graphemeWidth` gives it.
pub(crate) fn grapheme_width(segment: &str) -> usize {
    match segment.as_bytes() {
        [b' '..=b'~'] => 1,
        [b'\t'] => 3,
        _ => cluster_width(segment),
    }
}

fn cluster_width(segment: &str) -> usize {
    let Some(first) = segment.chars().next() else {
        return 0;
    };
    if segment.chars().all(|c| has(c, tables::TSM)) {
        return segment.chars().count();
    }
    if segment
        .chars()
        .all(|c| has(c, tables::DI | tables::CC | tables::MARK))
    {
        return 0;
    }
    if could_be_emoji(segment, first) && is_rgi_emoji(segment, first) {
        return 2;
    }
    let mut rest = segment.chars().skip_while(|&c| non_printing(c));
    let Some(base) = rest.next() else {
        return 0;
    };
    if ('\u{1F1E6}'..='\u{1F1FF}').contains(&base) {
        // Regional indicators: terminals draw even a lone one as a wide emoji.
        return 2;
    }
    let mut width = east_asian_width(base);
    let mut follows_mark = false;
    for c in rest {
        let class = classes(c);
        if class & tables::TSM != 0 {
            width += 1;
            follows_mark = false;
        } else if class & tables::MARK != 0 {
            follows_mark = true;
        } else if class & (tables::DI | tables::CC | tables::CF) == 0 {
            if follows_mark || ('\u{FF00}'..='\u{FFEF}').contains(&c) {
                width += east_asian_width(c);
            } else if c == '\u{0E33}' || c == '\u{0EB3}' {
                width += 1;
            }
            follows_mark = false;
        }
    }
    width
}

/// Whether the cluster holds a Han, kana, Hangul or Bopomofo code point (a word by itself
/// when wrapping).
pub(super) fn is_cjk_break(segment: &str) -> bool {
    segment.chars().any(|c| has(c, tables::CJK))
}
