//! Terminal column widths, truncation, column slicing and word wrapping of ANSI-styled text,
//! with pi-tui's exact rules (checked against vectors from pi-tui itself in
//! `tests/width_parity.rs`). Escape sequences take no columns, a tab takes 3, and a grapheme
//! cluster takes what [`cluster::grapheme_width`] says. Printable ASCII takes fast paths that
//! neither segment nor allocate per character.

pub(crate) mod ansi;
pub(crate) mod cluster;
mod tables;
mod wrap;

use unicode_segmentation::UnicodeSegmentation;

pub(crate) use wrap::is_js_space;
pub use wrap::wrap_text_with_ansi;

/// The grapheme clusters of a run of text without escape sequences. Printable ASCII is one
/// cluster per byte, so such runs skip the segmenter.
fn clusters(text: &str) -> impl Iterator<Item = &str> {
    let ascii = is_printable_ascii(text);
    let bytes = (0..if ascii { text.len() } else { 0 }).map(move |k| &text[k..k + 1]);
    let segmented = (!ascii).then(|| text.graphemes(true)).into_iter().flatten();
    bytes.chain(segmented)
}

fn is_printable_ascii(s: &str) -> bool {
    s.bytes().all(|b| (0x20..=0x7e).contains(&b))
}

/// The width of a line of printable ASCII, tabs and escape sequences, or `None` when it holds
/// anything else.
fn ascii_visible_width(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let mut width = 0;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            0x20..=0x7e => {
                width += 1;
                i += 1;
            }
            b'\t' => {
                width += 3;
                i += 1;
            }
            0x1b => match ansi::code_len(s, i) {
                0 => return None,
                n => i += n,
            },
            _ => return None,
        }
    }
    Some(width)
}

/// The number of terminal columns `s` takes.
pub fn visible_width(s: &str) -> usize {
    if let Some(width) = ascii_visible_width(s) {
        return width;
    }
    // Escape sequences are removed before segmenting, so a mark after a style code still
    // joins the character before the code.
    let mut clean = String::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        let n = ansi::code_len(s, i);
        if n > 0 {
            i += n;
            continue;
        }
        let next = s[i..]
            .bytes()
            .position(|b| b == 0x1b || b == b'\t')
            .map_or(s.len(), |p| if p == 0 { i + 1 } else { i + p });
        let piece = &s[i..next];
        if piece == "\t" {
            clean.push_str("   ");
        } else {
            clean.push_str(piece);
        }
        i = next;
    }
    clean.graphemes(true).map(cluster::grapheme_width).sum()
}

/// The longest prefix of `text` no wider than `max_width`, with its width (for the ellipsis).
fn truncate_fragment(text: &str, max_width: usize) -> (String, usize) {
    if max_width == 0 || text.is_empty() {
        return (String::new(), 0);
    }
    if is_printable_ascii(text) {
        let clipped = &text[..text.len().min(max_width)];
        return (clipped.to_owned(), clipped.len());
    }
    let mut result = String::new();
    let mut width = 0;
    if !text.contains('\x1b') && !text.contains('\t') {
        for g in text.graphemes(true) {
            let w = cluster::grapheme_width(g);
            if width + w > max_width {
                break;
            }
            result.push_str(g);
            width += w;
        }
        return (result, width);
    }
    let mut pending = String::new();
    let mut i = 0;
    while i < text.len() {
        if let Some(code) = ansi::code_at(text, i) {
            pending.push_str(code);
            i += code.len();
            continue;
        }
        if text.as_bytes()[i] == b'\t' {
            if width + 3 > max_width {
                break;
            }
            result.push_str(&pending);
            pending.clear();
            result.push('\t');
            width += 3;
            i += 1;
            continue;
        }
        let end = text_run_end(text, i);
        for g in clusters(&text[i..end]) {
            let w = cluster::grapheme_width(g);
            if width + w > max_width {
                return (result, width);
            }
            result.push_str(&pending);
            pending.clear();
            result.push_str(g);
            width += w;
        }
        i = end;
    }
    (result, width)
}

/// The end of the text run at `i`: the next tab or escape sequence (a lone ESC is text).
fn text_run_end(text: &str, i: usize) -> usize {
    let b = text.as_bytes();
    let mut end = i;
    while end < b.len() && b[end] != b'\t' && ansi::code_len(text, end) == 0 {
        end += 1;
    }
    end
}

fn spaces(out: &mut String, n: usize) {
    out.extend(std::iter::repeat_n(' ', n));
}

/// The truncated prefix, closed (open hyperlink, then SGR reset) before the ellipsis so the
/// ellipsis is drawn unstyled.
fn finalize(
    prefix: &str,
    prefix_width: usize,
    ellipsis: &str,
    ellipsis_width: usize,
    max_width: usize,
    pad: bool,
) -> String {
    let mut out = String::with_capacity(prefix.len() + ellipsis.len() + 16);
    out.push_str(prefix);
    out.push_str(ansi::active_osc8_close(prefix));
    out.push_str("\x1b[0m");
    if !ellipsis.is_empty() {
        out.push_str(ellipsis);
        out.push_str("\x1b[0m");
    }
    if pad {
        spaces(
            &mut out,
            max_width.saturating_sub(prefix_width + ellipsis_width),
        );
    }
    out
}

fn padded(text: &str, width: usize, max_width: usize, pad: bool) -> String {
    let mut out = text.to_owned();
    if pad {
        spaces(&mut out, max_width.saturating_sub(width));
    }
    out
}

/// `text` cut to at most `max_width` columns, ending in `ellipsis` when it was cut (pi-tui's
/// default is `"..."`), and padded with spaces to exactly `max_width` when `pad` is set.
pub fn truncate_to_width(text: &str, max_width: usize, ellipsis: &str, pad: bool) -> String {
    if max_width == 0 {
        return String::new();
    }
    if text.is_empty() {
        return padded("", 0, max_width, pad);
    }
    let ellipsis_width = visible_width(ellipsis);
    if ellipsis_width >= max_width {
        let text_width = visible_width(text);
        if text_width <= max_width {
            return padded(text, text_width, max_width, pad);
        }
        let (clipped, clipped_width) = truncate_fragment(ellipsis, max_width);
        if clipped_width == 0 {
            return padded("", 0, max_width, pad);
        }
        return finalize("", 0, &clipped, clipped_width, max_width, pad);
    }
    if is_printable_ascii(text) {
        if text.len() <= max_width {
            return padded(text, text.len(), max_width, pad);
        }
        let target = max_width - ellipsis_width;
        return finalize(
            &text[..target],
            target,
            ellipsis,
            ellipsis_width,
            max_width,
            pad,
        );
    }
    let target = max_width - ellipsis_width;
    let mut cut = Cut {
        result: String::new(),
        pending: String::new(),
        seen: 0,
        kept: 0,
        contiguous: true,
        target,
        max_width,
    };
    let overflowed = if !text.contains('\x1b') && !text.contains('\t') {
        text.graphemes(true)
            .any(|g| cut.take(g, cluster::grapheme_width(g)))
    } else {
        cut_styled(text, &mut cut)
    };
    if !overflowed {
        return padded(text, cut.seen, max_width, pad);
    }
    finalize(
        &cut.result,
        cut.kept,
        ellipsis,
        ellipsis_width,
        max_width,
        pad,
    )
}

/// The state of [`truncate_to_width`]'s walk: the kept prefix and how far the text reaches.
struct Cut {
    result: String,
    /// Escape sequences waiting for the next kept cluster.
    pending: String,
    seen: usize,
    kept: usize,
    /// Still keeping: once one cluster does not fit, nothing after it is kept.
    contiguous: bool,
    target: usize,
    max_width: usize,
}

impl Cut {
    /// Takes one cluster; true once the text is known to be wider than `max_width`.
    fn take(&mut self, g: &str, w: usize) -> bool {
        if self.contiguous && self.kept + w <= self.target {
            self.result.push_str(&self.pending);
            self.pending.clear();
            self.result.push_str(g);
            self.kept += w;
        } else {
            self.contiguous = false;
            self.pending.clear();
        }
        self.seen += w;
        self.seen > self.max_width
    }
}

fn cut_styled(text: &str, cut: &mut Cut) -> bool {
    let mut i = 0;
    while i < text.len() {
        if let Some(code) = ansi::code_at(text, i) {
            cut.pending.push_str(code);
            i += code.len();
            continue;
        }
        if text.as_bytes()[i] == b'\t' {
            if cut.take("\t", 3) {
                return true;
            }
            i += 1;
            continue;
        }
        let end = text_run_end(text, i);
        for g in clusters(&text[i..end]) {
            if cut.take(g, cluster::grapheme_width(g)) {
                return true;
            }
        }
        i = end;
    }
    false
}

/// The columns `start_col .. start_col + len` of `line`, with the escape sequences that style
/// them. A wide cluster starting inside the range but ending past it is kept unless `strict`.
pub fn slice_by_column(line: &str, start_col: usize, len: usize, strict: bool) -> String {
    let mut result = String::new();
    if len == 0 {
        return result;
    }
    let end_col = start_col.saturating_add(len);
    let mut col = 0;
    let mut pending = String::new();
    let mut i = 0;
    while i < line.len() {
        if let Some(code) = ansi::code_at(line, i) {
            if col >= start_col && col < end_col {
                result.push_str(&pending);
                pending.clear();
                result.push_str(code);
            } else if col < start_col && !code.starts_with("\x1b_") {
                // APC sequences (cursor markers) are one-shot commands, not style to carry.
                pending.push_str(code);
            }
            i += code.len();
            continue;
        }
        let text_end = ansi::text_end(line, i);
        let text = &line[i..text_end];
        i = text_end;
        if is_printable_ascii(text) {
            let from = start_col.saturating_sub(col);
            let to = text.len().min(end_col - col);
            if to > from {
                result.push_str(&pending);
                pending.clear();
                result.push_str(&text[from..to]);
            }
            col += text.len();
        } else {
            for g in text.graphemes(true) {
                let w = cluster::grapheme_width(g);
                if col >= start_col && col < end_col && (!strict || col + w <= end_col) {
                    result.push_str(&pending);
                    pending.clear();
                    result.push_str(g);
                }
                col += w;
                if col >= end_col {
                    break;
                }
            }
        }
        if col >= end_col {
            break;
        }
    }
    result
}
