//! The diff an `edit` reports in its `details`, in Pi 1.6.0's formats: a display diff with
//! line numbers (`+12 text`, `-12 text`, ` 12 text`, ` ... ` for skipped lines), a unified
//! patch with file headers only, and the first changed line of the new file.
//!
//! Like Pi, only windows of lines around the replacements are diffed, so the cost follows
//! the size of the change rather than of the file. Lines are aligned by
//! [`crate::line_diff`], which reproduces jsdiff's alignment.

use serde::Serialize;

use crate::edit_match::Replacement;
use crate::line_diff::{diff_lines, LinePart, LineTag};

/// Unchanged lines shown around each change.
const CONTEXT_LINES: usize = 4;
/// Unchanged lines diffed on each side of a replacement; well above the context shown, so a
/// change is aligned within its window as it would be over the whole file.
const DIFF_WINDOW_MARGIN_LINES: usize = 32;

/// Pi's edit `details`: `{ diff, patch, firstChangedLine }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EditDiff {
    /// Display diff with line numbers.
    pub diff: String,
    /// Unified patch with `---`/`+++` headers.
    pub patch: String,
    /// First changed line in the new file (1-based); absent when nothing changed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_changed_line: Option<usize>,
}

fn strip_lf(line: &str) -> &str {
    line.strip_suffix('\n').unwrap_or(line)
}

/// Display lines of one diff, numbered from the given 1-based old and new lines.
struct Shown {
    output: Vec<String>,
    first_changed_line: Option<usize>,
}

fn format_display_diff(
    parts: &[LinePart<'_>],
    old_start: usize,
    new_start: usize,
    width: usize,
    context: usize,
) -> Shown {
    let mut output = Vec::new();
    let mut old_line = old_start;
    let mut new_line = new_start;
    let mut last_was_change = false;
    let mut first_changed_line = None;
    let skip = format!(" {} ...", " ".repeat(width));
    for (i, part) in parts.iter().enumerate() {
        let raw: Vec<&str> = part.lines.iter().map(|l| strip_lf(l)).collect();
        match part.tag {
            LineTag::Added | LineTag::Removed => {
                first_changed_line.get_or_insert(new_line);
                for line in raw {
                    if part.tag == LineTag::Added {
                        output.push(format!("+{new_line:>width$} {line}"));
                        new_line += 1;
                    } else {
                        output.push(format!("-{old_line:>width$} {line}"));
                        old_line += 1;
                    }
                }
                last_was_change = true;
            }
            LineTag::Equal => {
                let next_is_change = parts.get(i + 1).is_some_and(|p| p.tag != LineTag::Equal);
                let (leading, skipped, trailing): (&[&str], usize, &[&str]) =
                    match (last_was_change, next_is_change) {
                        (true, true) if raw.len() <= context * 2 => (&raw, 0, &[]),
                        (true, true) => (
                            &raw[..context],
                            raw.len() - 2 * context,
                            &raw[raw.len() - context..],
                        ),
                        (true, false) => {
                            let shown = raw.len().min(context);
                            (&raw[..shown], raw.len() - shown, &[])
                        }
                        (false, true) => {
                            let skipped = raw.len().saturating_sub(context);
                            (&[], skipped, &raw[skipped..])
                        }
                        (false, false) => (&[], raw.len(), &[]),
                    };
                for line in leading {
                    output.push(format!(" {old_line:>width$} {line}"));
                    old_line += 1;
                    new_line += 1;
                }
                if skipped > 0 {
                    if last_was_change || next_is_change {
                        output.push(skip.clone());
                    }
                    old_line += skipped;
                    new_line += skipped;
                }
                for line in trailing {
                    output.push(format!(" {old_line:>width$} {line}"));
                    old_line += 1;
                    new_line += 1;
                }
                last_was_change = false;
            }
        }
    }
    Shown {
        output,
        first_changed_line,
    }
}

/// One hunk of a unified patch; starts are 1-based as jsdiff computes them.
struct Hunk {
    old_start: usize,
    old_lines: usize,
    new_start: usize,
    new_lines: usize,
    lines: Vec<String>,
}

/// jsdiff's `structuredPatch` hunks for already diffed parts.
fn structured_hunks(parts: &[LinePart<'_>], context: usize) -> Vec<Hunk> {
    let mut hunks = Vec::new();
    // 0 means "no hunk open", as in jsdiff (open hunks always start at line 1 or later).
    let mut old_range_start = 0usize;
    let mut new_range_start = 0usize;
    let mut cur: Vec<String> = Vec::new();
    let mut old_line = 1usize;
    let mut new_line = 1usize;
    // jsdiff appends an empty equal part to close the last hunk.
    let empty = LinePart {
        tag: LineTag::Equal,
        lines: Vec::new(),
    };
    let all: Vec<&LinePart<'_>> = parts.iter().chain(std::iter::once(&empty)).collect();
    for (i, part) in all.iter().enumerate() {
        if part.tag != LineTag::Equal {
            if old_range_start == 0 {
                old_range_start = old_line;
                new_range_start = new_line;
                if i > 0 {
                    let prev = &all[i - 1].lines;
                    let take = prev.len().min(context);
                    cur = prev[prev.len() - take..]
                        .iter()
                        .map(|l| format!(" {l}"))
                        .collect();
                    old_range_start -= cur.len();
                    new_range_start -= cur.len();
                }
            }
            let sign = if part.tag == LineTag::Added { '+' } else { '-' };
            cur.extend(part.lines.iter().map(|l| format!("{sign}{l}")));
            if part.tag == LineTag::Added {
                new_line += part.lines.len();
            } else {
                old_line += part.lines.len();
            }
        } else {
            if old_range_start != 0 {
                if part.lines.len() <= context * 2 && i + 2 < all.len() {
                    cur.extend(part.lines.iter().map(|l| format!(" {l}")));
                } else {
                    let size = part.lines.len().min(context);
                    cur.extend(part.lines[..size].iter().map(|l| format!(" {l}")));
                    hunks.push(Hunk {
                        old_start: old_range_start,
                        old_lines: old_line - old_range_start + size,
                        new_start: new_range_start,
                        new_lines: new_line - new_range_start + size,
                        lines: std::mem::take(&mut cur),
                    });
                    old_range_start = 0;
                    new_range_start = 0;
                }
            }
            old_line += part.lines.len();
            new_line += part.lines.len();
        }
    }
    for hunk in &mut hunks {
        let mut lines = Vec::with_capacity(hunk.lines.len());
        for line in hunk.lines.drain(..) {
            match line.strip_suffix('\n') {
                Some(stripped) => lines.push(stripped.to_string()),
                None => {
                    lines.push(line);
                    lines.push("\\ No newline at end of file".to_string());
                }
            }
        }
        hunk.lines = lines;
    }
    hunks
}

/// jsdiff's `formatPatch` with file headers only.
fn format_patch(path: &str, hunks: &[Hunk]) -> String {
    let mut out = vec![format!("--- {path}"), format!("+++ {path}")];
    for hunk in hunks {
        // Unified diff quirk: an empty range starts one line earlier.
        let old_start = if hunk.old_lines == 0 {
            hunk.old_start.saturating_sub(1)
        } else {
            hunk.old_start
        };
        let new_start = if hunk.new_lines == 0 {
            hunk.new_start.saturating_sub(1)
        } else {
            hunk.new_start
        };
        out.push(format!(
            "@@ -{old_start},{} +{new_start},{} @@",
            hunk.old_lines, hunk.new_lines
        ));
        out.extend(hunk.lines.iter().cloned());
    }
    out.join("\n") + "\n"
}

/// Lines as `text.split("\n").length` counts them.
fn count_lines(text: &str) -> usize {
    count_line_feeds(text) + 1
}

fn count_line_feeds(text: &str) -> usize {
    text.bytes().filter(|&b| b == b'\n').count()
}

/// Start of the line containing `offset`.
fn line_start_before(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |p| p + 1)
}

/// A window of whole lines diffed on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Window {
    old_start: usize,
    old_end: usize,
    /// 0-based line of `old_start`.
    old_line: usize,
    new_start: usize,
    new_end: usize,
    new_line: usize,
}

/// Whole-line windows with margin around sorted, disjoint replacements; overlapping windows
/// merge.
fn diff_windows(base: &str, replacements: &[Replacement]) -> Vec<Window> {
    let bytes = base.as_bytes();
    let mut windows: Vec<Window> = Vec::new();
    let mut offset_delta = 0isize;
    let mut line_delta = 0isize;
    let mut cursor_offset = 0usize;
    let mut cursor_line = 0usize;
    for r in replacements {
        let match_end = r.match_index + r.match_length;
        let mut start = line_start_before(base, r.match_index);
        for _ in 0..DIFF_WINDOW_MARGIN_LINES {
            if start == 0 {
                break;
            }
            start = line_start_before(base, start - 1);
        }
        let mut end = match_end;
        for i in 0..=DIFF_WINDOW_MARGIN_LINES {
            if end >= base.len() {
                break;
            }
            let from = if i == 0 {
                if match_end > r.match_index {
                    match_end - 1
                } else {
                    r.match_index
                }
            } else {
                end
            };
            end = bytes[from..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(base.len(), |p| from + p + 1);
        }
        let r_offset_delta = r.new_text.len() as isize - r.match_length as isize;
        let r_line_delta = count_line_feeds(&r.new_text) as isize
            - count_line_feeds(&base[r.match_index..match_end]) as isize;
        match windows.last_mut() {
            Some(previous) if start <= previous.old_end => {
                previous.old_end = previous.old_end.max(end);
                previous.new_end =
                    (previous.old_end as isize + offset_delta + r_offset_delta) as usize;
            }
            _ => {
                cursor_line += count_line_feeds(&base[cursor_offset..start]);
                cursor_offset = start;
                windows.push(Window {
                    old_start: start,
                    old_end: end,
                    old_line: cursor_line,
                    new_start: (start as isize + offset_delta) as usize,
                    new_end: (end as isize + offset_delta + r_offset_delta) as usize,
                    new_line: (cursor_line as isize + line_delta) as usize,
                });
            }
        }
        offset_delta += r_offset_delta;
        line_delta += r_line_delta;
    }
    windows
}

/// The display diff, unified patch and first changed line of an edit, diffing only windows
/// around `replacements` (sorted, disjoint ranges of `base` whose application gives `new`).
pub fn generate_edit_diff(
    path: &str,
    base: &str,
    new: &str,
    replacements: &[Replacement],
) -> EditDiff {
    let width = count_lines(base).max(count_lines(new)).to_string().len();
    let skip = format!(" {} ...", " ".repeat(width));
    let mut output: Vec<String> = Vec::new();
    let mut hunks: Vec<Hunk> = Vec::new();
    let mut first_changed_line = None;
    for w in diff_windows(base, replacements) {
        let old_text = base.get(w.old_start..w.old_end).unwrap_or_default();
        let new_text = new.get(w.new_start..w.new_end).unwrap_or_default();
        let parts = diff_lines(old_text, new_text);
        let mut shown =
            format_display_diff(&parts, w.old_line + 1, w.new_line + 1, width, CONTEXT_LINES);
        if first_changed_line.is_none() {
            first_changed_line = shown.first_changed_line;
        }
        // Both windows around a run of unchanged lines mark it skipped; show one marker.
        if output.last() == Some(&skip) && shown.output.first() == Some(&skip) {
            shown.output.remove(0);
        }
        output.append(&mut shown.output);
        for mut hunk in structured_hunks(&parts, CONTEXT_LINES) {
            hunk.old_start += w.old_line;
            hunk.new_start += w.new_line;
            hunks.push(hunk);
        }
    }
    EditDiff {
        diff: output.join("\n"),
        patch: format_patch(path, &hunks),
        first_changed_line,
    }
}

/// The display diff and first changed line of two whole texts (Pi's `generateDiffString`).
pub fn generate_diff_string(old: &str, new: &str) -> (String, Option<usize>) {
    let width = count_lines(old).max(count_lines(new)).to_string().len();
    let shown = format_display_diff(&diff_lines(old, new), 1, 1, width, CONTEXT_LINES);
    (shown.output.join("\n"), shown.first_changed_line)
}

#[cfg(test)]
#[path = "edit_diff_tests.rs"]
mod tests;
