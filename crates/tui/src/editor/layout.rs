//! Where the editor's logical lines break into screen rows (pi-tui's `wordWrapLine` and
//! visual-line map): at the last space before a word that no longer fits, next to CJK
//! characters, or mid-word when a word is wider than the row. A paste marker wider than the
//! row is split for display only; it stays one unit for editing.

use crate::widgets::js_text::has_js_space;
use crate::widgets::text_edit::{grapheme_segments, Segment};
use crate::width::visible_width;

use super::segments::{has_cjk, is_paste_marker};

/// One row of a wrapped line: `line[start..end]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chunk {
    /// First byte of the row.
    pub start: usize,
    /// Byte after the row.
    pub end: usize,
}

/// Wraps `line` to `max_width` columns over `segments` (its graphemes, markers merged).
pub(crate) fn word_wrap_line(line: &str, max_width: usize, segments: &[Segment<'_>]) -> Vec<Chunk> {
    if line.is_empty() || max_width == 0 {
        return vec![Chunk { start: 0, end: 0 }];
    }
    if visible_width(line) <= max_width {
        return vec![Chunk {
            start: 0,
            end: line.len(),
        }];
    }
    let mut chunks = Vec::new();
    let mut current_width = 0usize;
    let mut chunk_start = 0usize;
    // The position after the last whitespace before a non-whitespace grapheme.
    let mut wrap_at: Option<(usize, usize)> = None;
    for (i, seg) in segments.iter().enumerate() {
        let g_width = visible_width(seg.text);
        let is_ws = !is_paste_marker(seg.text) && has_js_space(seg.text);
        if current_width + g_width > max_width {
            match wrap_at {
                Some((at, width)) if current_width - width + g_width <= max_width => {
                    chunks.push(Chunk {
                        start: chunk_start,
                        end: at,
                    });
                    chunk_start = at;
                    current_width -= width;
                }
                _ if chunk_start < seg.start => {
                    chunks.push(Chunk {
                        start: chunk_start,
                        end: seg.start,
                    });
                    chunk_start = seg.start;
                    current_width = 0;
                }
                _ => {}
            }
            wrap_at = None;
        }
        if g_width > max_width {
            // An atomic segment wider than the row: split it by graphemes for display.
            let sub = word_wrap_line(seg.text, max_width, &grapheme_segments(seg.text));
            for c in &sub[..sub.len() - 1] {
                chunks.push(Chunk {
                    start: seg.start + c.start,
                    end: seg.start + c.end,
                });
            }
            let last = sub[sub.len() - 1];
            chunk_start = seg.start + last.start;
            current_width = visible_width(&seg.text[last.start..last.end]);
            wrap_at = None;
            continue;
        }
        current_width += g_width;
        let Some(next) = segments.get(i + 1) else {
            continue;
        };
        let next_is_marker = is_paste_marker(next.text);
        if is_ws && (next_is_marker || !has_js_space(next.text)) {
            wrap_at = Some((next.start, current_width));
        } else if !is_ws && !has_js_space(next.text) {
            let cjk = !is_paste_marker(seg.text) && has_cjk(seg.text);
            let next_cjk = !next_is_marker && has_cjk(next.text);
            if cjk || next_cjk {
                wrap_at = Some((next.start, current_width));
            }
        }
    }
    chunks.push(Chunk {
        start: chunk_start,
        end: line.len(),
    });
    chunks
}

/// One screen row of the editor's text: which logical line, and which bytes of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct VisualLine {
    pub logical: usize,
    pub start: usize,
    pub len: usize,
}

/// Index of the row holding position `col` of line `line`; the end of a logical line
/// belongs to its last row.
pub(crate) fn find_visual_line_at(rows: &[VisualLine], line: usize, col: usize) -> usize {
    for (i, vl) in rows.iter().enumerate() {
        if vl.logical != line || col < vl.start {
            continue;
        }
        let offset = col - vl.start;
        let last_of_line = rows.get(i + 1).is_none_or(|n| n.logical != vl.logical);
        if offset < vl.len || (last_of_line && offset == vl.len) {
            return i;
        }
    }
    rows.len().saturating_sub(1)
}

/// Whether row `i` is the last row of its logical line.
pub(crate) fn is_last_row_of_line(rows: &[VisualLine], i: usize) -> bool {
    rows.get(i + 1).is_none_or(|n| n.logical != rows[i].logical)
}
