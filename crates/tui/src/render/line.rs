//! What the renderer does to one line before it reaches the terminal, as pi-tui does it:
//! fake cursors become reverse video, the hardware-cursor marker is found and removed,
//! overlays are painted over a range of columns, and every line ends with a reset so no
//! style or hyperlink leaks into the next row.

use unicode_segmentation::UnicodeSegmentation;

use crate::component::{CURSOR_MARKER, FAKE_CURSOR_END, FAKE_CURSOR_START};
use crate::width::ansi::{code_at, text_end, Tracker};
use crate::width::cluster::grapheme_width;
use crate::width::{slice_by_column, visible_width};

/// Closes SGR attributes and any open OSC 8 hyperlink; pi-tui's per-line and per-segment reset.
pub const SEGMENT_RESET: &str = "\x1b[0m\x1b]8;;\x07";

const REVERSE_ON: &str = "\x1b[7m";
const REVERSE_OFF: &str = "\x1b[27m";

/// Lines carrying a Kitty or iTerm2 image pass through compositing untouched (pi-tui's
/// `isImageLine`): tool rows draw them (images of tool results), and extensions may too.
pub fn is_image_line(line: &str) -> bool {
    line.contains("\x1b_G") || line.contains("\x1b]1337;File=")
}

/// Drops OSC 133 prompt markers at the start of a line: a terminal reads `133;A` as a new
/// shell prompt, which would end the program status.
pub fn strip_prompt_markers(line: &str) -> &str {
    let mut rest = line;
    loop {
        let Some(after) = rest.strip_prefix("\x1b]133;") else {
            return rest;
        };
        let mut chars = after.chars();
        if !matches!(chars.next(), Some('A' | 'B' | 'C')) {
            return rest;
        }
        let tail = chars.as_str();
        if let Some(t) = tail.strip_prefix('\x07') {
            rest = t;
        } else if let Some(t) = tail.strip_prefix("\x1b\\") {
            rest = t;
        } else {
            return rest;
        }
    }
}

/// Turns fake-cursor markers into reverse video. With the hardware cursor shown, the fake
/// cursor that directly follows the focused component's [`CURSOR_MARKER`] is dropped (its
/// text stays), since the terminal's own cursor is drawn there.
pub fn resolve_fake_cursors(line: &str, show_hardware_cursor: bool) -> String {
    if !line.contains(FAKE_CURSOR_START) {
        return line.to_string();
    }
    let mut text = line.to_string();
    if show_hardware_cursor {
        let focused = format!("{CURSOR_MARKER}{FAKE_CURSOR_START}");
        if let Some(at) = text.find(&focused) {
            let body_start = at + focused.len();
            let (body_end, close_len) = match text[body_start..].find(FAKE_CURSOR_END) {
                Some(off) => (body_start + off, FAKE_CURSOR_END.len()),
                None => (text.len(), 0),
            };
            let body = text[body_start..body_end].to_string();
            text.replace_range(at..body_end + close_len, &format!("{CURSOR_MARKER}{body}"));
        }
    }
    text.replace(FAKE_CURSOR_START, REVERSE_ON)
        .replace(FAKE_CURSOR_END, REVERSE_OFF)
}

/// Finds the hardware-cursor marker in the bottom `height` lines (searching upwards), strips
/// it from that line and returns its row and column.
pub fn extract_cursor_position(lines: &mut [String], height: usize) -> Option<(usize, usize)> {
    let top = lines.len().saturating_sub(height);
    for row in (top..lines.len()).rev() {
        if let Some(at) = lines[row].find(CURSOR_MARKER) {
            let col = visible_width(&lines[row][..at]);
            lines[row] = lines[row].replace(CURSOR_MARKER, "");
            return Some((row, col));
        }
    }
    None
}

/// Tabs become three spaces (outside escape sequences) and Thai/Lao AM is decomposed, so the
/// terminal advances exactly as far as the width rules say.
pub fn normalize_terminal_output(line: &str) -> String {
    let text = if line.contains(['\u{0e33}', '\u{0eb3}']) {
        line.replace('\u{0e33}', "\u{0e4d}\u{0e32}")
            .replace('\u{0eb3}', "\u{0ecd}\u{0eb2}")
    } else {
        line.to_string()
    };
    if !text.contains('\t') {
        return text;
    }
    let mut out = String::with_capacity(text.len() + 8);
    let mut i = 0;
    while i < text.len() {
        if let Some(code) = code_at(&text, i) {
            out.push_str(code);
            i += code.len();
            continue;
        }
        // Text runs end at an ESC or the end, both character boundaries.
        let end = text_end(&text, i);
        for c in text[i..end].chars() {
            if c == '\t' {
                out.push_str("   ");
            } else {
                out.push(c);
            }
        }
        i = end;
    }
    out
}

/// The final form of a line on its way out: marker removed, normalised, reset appended.
pub fn apply_line_reset(line: &str) -> String {
    if is_image_line(line) {
        return line.to_string();
    }
    let mut out = normalize_terminal_output(&line.replace(CURSOR_MARKER, ""));
    out.push_str(SEGMENT_RESET);
    out
}

/// The text left and right of an overlay's columns, with the style in force at the right
/// edge re-opened (pi-tui's `extractSegments`).
struct Segments {
    before: String,
    before_width: usize,
    after: String,
    after_width: usize,
}

fn extract_segments(
    line: &str,
    before_end: usize,
    after_start: usize,
    after_len: usize,
    strict_after: bool,
) -> Segments {
    let mut seg = Segments {
        before: String::new(),
        before_width: 0,
        after: String::new(),
        after_width: 0,
    };
    let after_end = after_start + after_len;
    let mut tracker = Tracker::default();
    let mut pending_before = String::new();
    let mut after_started = false;
    let mut col = 0;
    let done = |col: usize| {
        if after_len == 0 {
            col >= before_end
        } else {
            col >= after_end
        }
    };
    let mut i = 0;
    while i < line.len() {
        if let Some(code) = code_at(line, i) {
            tracker.process(code);
            if col < before_end {
                pending_before.push_str(code);
            } else if col >= after_start
                && col < after_end
                && (after_started || code.starts_with("\x1b_"))
            {
                seg.after.push_str(code);
            }
            i += code.len();
            continue;
        }
        let end = text_end(line, i);
        for g in line[i..end].graphemes(true) {
            let w = grapheme_width(g);
            if col < before_end && col + w <= before_end {
                seg.before.push_str(&pending_before);
                pending_before.clear();
                seg.before.push_str(g);
                seg.before_width += w;
            } else if col >= after_start
                && col < after_end
                && (!strict_after || col + w <= after_end)
            {
                if !after_started {
                    seg.after.push_str(&tracker.active_codes());
                    after_started = true;
                }
                seg.after.push_str(g);
                seg.after_width += w;
            }
            col += w;
            if done(col) {
                break;
            }
        }
        i = end;
        if done(col) {
            break;
        }
    }
    seg
}

/// Paints `overlay` over columns `start_col .. start_col + overlay_width` of `base`, keeping
/// what is left and right of it, in a line exactly `total_width` wide (pi-tui's
/// `compositeTuiLine`).
pub fn composite_line(
    base: &str,
    overlay: &str,
    start_col: usize,
    overlay_width: usize,
    total_width: usize,
) -> String {
    if is_image_line(base) {
        return base.to_string();
    }
    let after_start = start_col + overlay_width;
    let seg = extract_segments(
        base,
        start_col,
        after_start,
        total_width.saturating_sub(after_start),
        true,
    );
    let overlay_text = slice_by_column(overlay, 0, overlay_width, true);
    let overlay_used = visible_width(&overlay_text);
    let before_pad = start_col.saturating_sub(seg.before_width);
    let overlay_pad = overlay_width.saturating_sub(overlay_used);
    let actual_before = start_col.max(seg.before_width);
    let actual_overlay = overlay_width.max(overlay_used);
    let after_target = total_width.saturating_sub(actual_before + actual_overlay);
    let after_pad = after_target.saturating_sub(seg.after_width);
    let mut out = seg.before;
    out.push_str(&" ".repeat(before_pad));
    out.push_str(SEGMENT_RESET);
    out.push_str(&overlay_text);
    out.push_str(&" ".repeat(overlay_pad));
    out.push_str(SEGMENT_RESET);
    out.push_str(&seg.after);
    out.push_str(&" ".repeat(after_pad));
    if visible_width(&out) <= total_width {
        out
    } else {
        slice_by_column(&out, 0, total_width, true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_overlay_replaces_the_middle_columns_and_keeps_both_sides() {
        let line = composite_line("abcdefghij", "XY", 3, 2, 10);
        assert_eq!(line, format!("abc{SEGMENT_RESET}XY{SEGMENT_RESET}fghij"));
    }

    #[test]
    fn the_style_at_the_right_edge_is_reopened_after_the_overlay() {
        let line = composite_line("\x1b[31mabcdef", "X", 1, 1, 6);
        assert!(line.ends_with("\x1b[31mcdef"), "{line:?}");
    }

    #[test]
    fn a_short_base_line_is_padded_to_the_overlay_column() {
        let line = composite_line("ab", "X", 4, 1, 6);
        assert_eq!(line, format!("ab  {SEGMENT_RESET}X{SEGMENT_RESET} "));
    }

    #[test]
    fn the_focused_fake_cursor_gives_way_to_the_hardware_cursor() {
        let line = format!("a{CURSOR_MARKER}{FAKE_CURSOR_START}b{FAKE_CURSOR_END}c");
        assert_eq!(
            resolve_fake_cursors(&line, true),
            format!("a{CURSOR_MARKER}bc")
        );
        assert_eq!(
            resolve_fake_cursors(&line, false),
            format!("a{CURSOR_MARKER}\x1b[7mb\x1b[27mc")
        );
    }

    #[test]
    fn the_cursor_marker_gives_row_and_column_and_is_removed() {
        let mut lines = vec!["top".to_string(), format!("ab{CURSOR_MARKER}c")];
        assert_eq!(extract_cursor_position(&mut lines, 24), Some((1, 2)));
        assert_eq!(lines[1], "abc");
    }

    #[test]
    fn tabs_become_three_spaces_outside_escape_sequences() {
        assert_eq!(
            normalize_terminal_output("a\tb\x1b[1m\t"),
            "a   b\x1b[1m   "
        );
        assert_eq!(strip_prompt_markers("\x1b]133;A\x07\x1b]133;B\x1b\\x"), "x");
    }
}
