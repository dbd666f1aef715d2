//! Output truncation shared by the tools, with Pi 1.6.0's limits and result shape.
//!
//! Two independent limits apply, whichever is hit first wins: a line count and a UTF-8 byte
//! count. Head truncation (file reads) never returns a partial line; tail truncation (bash
//! output) returns the end of the last line when that line alone is over the byte limit.
//! The [`TruncationResult`] serialises exactly as Pi writes it into a tool's `details`.

use serde::{Deserialize, Serialize};

/// Default line limit of tool output.
pub const DEFAULT_MAX_LINES: usize = 2000;
/// Default byte limit of tool output (50KB).
pub const DEFAULT_MAX_BYTES: usize = 50 * 1024;
/// Longest grep match line kept, in UTF-16 code units as Pi counts string length.
pub const GREP_MAX_LINE_LENGTH: usize = 500;

/// The two limits of a truncation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TruncationOptions {
    /// Most lines kept.
    pub max_lines: usize,
    /// Most UTF-8 bytes kept.
    pub max_bytes: usize,
}

impl Default for TruncationOptions {
    fn default() -> Self {
        TruncationOptions {
            max_lines: DEFAULT_MAX_LINES,
            max_bytes: DEFAULT_MAX_BYTES,
        }
    }
}

/// Which limit cut the output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum TruncatedBy {
    /// The line limit.
    Lines,
    /// The byte limit.
    Bytes,
}

/// The outcome of a truncation; `truncatedBy` is `null` when nothing was cut.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TruncationResult {
    /// The kept text.
    pub content: String,
    /// Whether anything was cut.
    pub truncated: bool,
    /// Which limit cut it.
    pub truncated_by: Option<TruncatedBy>,
    /// Lines of the input (a trailing newline does not start another line).
    pub total_lines: usize,
    /// UTF-8 bytes of the input.
    pub total_bytes: usize,
    /// Lines kept.
    pub output_lines: usize,
    /// UTF-8 bytes kept.
    pub output_bytes: usize,
    /// Tail truncation kept only the end of the input's last line.
    pub last_line_partial: bool,
    /// Head truncation kept nothing because the first line alone is over the byte limit.
    pub first_line_exceeds_limit: bool,
    /// The line limit applied.
    pub max_lines: usize,
    /// The byte limit applied.
    pub max_bytes: usize,
}

/// Lines as Pi counts them: none for empty input, and a trailing newline ends the last line
/// rather than starting an empty one.
fn split_lines(content: &str) -> Vec<&str> {
    if content.is_empty() {
        return Vec::new();
    }
    let mut lines: Vec<&str> = content.split('\n').collect();
    if content.ends_with('\n') {
        lines.pop();
    }
    lines
}

fn untruncated(content: &str, total_lines: usize, opts: TruncationOptions) -> TruncationResult {
    TruncationResult {
        content: content.to_string(),
        truncated: false,
        truncated_by: None,
        total_lines,
        total_bytes: content.len(),
        output_lines: total_lines,
        output_bytes: content.len(),
        last_line_partial: false,
        first_line_exceeds_limit: false,
        max_lines: opts.max_lines,
        max_bytes: opts.max_bytes,
    }
}

/// Keeps the first lines that fit both limits, never a partial line. When the first line
/// alone is over the byte limit the content is empty and `first_line_exceeds_limit` is set.
pub fn truncate_head(content: &str, opts: TruncationOptions) -> TruncationResult {
    let lines = split_lines(content);
    let total_lines = lines.len();
    let total_bytes = content.len();
    if total_lines <= opts.max_lines && total_bytes <= opts.max_bytes {
        return untruncated(content, total_lines, opts);
    }
    let first_len = lines.first().map_or(0, |l| l.len());
    if first_len > opts.max_bytes {
        return TruncationResult {
            content: String::new(),
            truncated: true,
            truncated_by: Some(TruncatedBy::Bytes),
            total_lines,
            total_bytes,
            output_lines: 0,
            output_bytes: 0,
            last_line_partial: false,
            first_line_exceeds_limit: true,
            max_lines: opts.max_lines,
            max_bytes: opts.max_bytes,
        };
    }
    let mut kept = 0usize;
    let mut bytes = 0usize;
    let mut by = TruncatedBy::Lines;
    for (i, line) in lines.iter().enumerate().take(opts.max_lines) {
        let cost = line.len() + usize::from(i > 0);
        if bytes + cost > opts.max_bytes {
            by = TruncatedBy::Bytes;
            break;
        }
        kept += 1;
        bytes += cost;
    }
    if kept >= opts.max_lines && bytes <= opts.max_bytes {
        by = TruncatedBy::Lines;
    }
    let out = lines[..kept].join("\n");
    TruncationResult {
        output_bytes: out.len(),
        content: out,
        truncated: true,
        truncated_by: Some(by),
        total_lines,
        total_bytes,
        output_lines: kept,
        last_line_partial: false,
        first_line_exceeds_limit: false,
        max_lines: opts.max_lines,
        max_bytes: opts.max_bytes,
    }
}

/// Keeps the last lines that fit both limits. When the last line alone is over the byte
/// limit its end is kept (cut at a character boundary) and `last_line_partial` is set.
pub fn truncate_tail(content: &str, opts: TruncationOptions) -> TruncationResult {
    let lines = split_lines(content);
    let total_lines = lines.len();
    let total_bytes = content.len();
    if total_lines <= opts.max_lines && total_bytes <= opts.max_bytes {
        return untruncated(content, total_lines, opts);
    }
    // Collected back to front, reversed at the end.
    let mut kept: Vec<&str> = Vec::new();
    let mut bytes = 0usize;
    let mut by = TruncatedBy::Lines;
    let mut last_line_partial = false;
    for line in lines.iter().rev() {
        if kept.len() >= opts.max_lines {
            break;
        }
        let cost = line.len() + usize::from(!kept.is_empty());
        if bytes + cost > opts.max_bytes {
            by = TruncatedBy::Bytes;
            if kept.is_empty() {
                let end = tail_bytes(line, opts.max_bytes);
                bytes = end.len();
                kept.push(end);
                last_line_partial = true;
            }
            break;
        }
        kept.push(line);
        bytes += cost;
    }
    if kept.len() >= opts.max_lines && bytes <= opts.max_bytes {
        by = TruncatedBy::Lines;
    }
    kept.reverse();
    let out = kept.join("\n");
    TruncationResult {
        output_bytes: out.len(),
        content: out,
        truncated: true,
        truncated_by: Some(by),
        total_lines,
        total_bytes,
        output_lines: kept.len(),
        last_line_partial,
        first_line_exceeds_limit: false,
        max_lines: opts.max_lines,
        max_bytes: opts.max_bytes,
    }
}

/// The longest suffix of `s` of at most `max_bytes` bytes that starts on a char boundary.
fn tail_bytes(s: &str, max_bytes: usize) -> &str {
    if s.len() <= max_bytes {
        return s;
    }
    let mut start = s.len() - max_bytes;
    while !s.is_char_boundary(start) {
        start += 1;
    }
    &s[start..]
}

/// Cuts a line to `max_chars` UTF-16 code units (JavaScript string length, as Pi measures)
/// and appends `... [truncated]`; returns the text and whether it was cut. A character is
/// never split.
pub fn truncate_line(line: &str, max_chars: usize) -> (String, bool) {
    if utf16_len(line) <= max_chars {
        return (line.to_string(), false);
    }
    (
        format!("{}... [truncated]", slice_head(line, max_chars)),
        true,
    )
}

/// Length in UTF-16 code units, JavaScript's `string.length`.
pub fn utf16_len(text: &str) -> usize {
    text.chars().map(char::len_utf16).sum()
}

/// At most the first `max_units` UTF-16 code units of `text`, never splitting a character.
pub fn slice_head(text: &str, max_units: usize) -> &str {
    let mut units = 0usize;
    for (idx, ch) in text.char_indices() {
        units += ch.len_utf16();
        if units > max_units {
            return &text[..idx];
        }
    }
    text
}

/// At most the last `max_units` UTF-16 code units of `text`, never splitting a character.
pub fn slice_tail(text: &str, max_units: usize) -> &str {
    let mut units = 0usize;
    for (idx, ch) in text.char_indices().rev() {
        units += ch.len_utf16();
        if units > max_units {
            return &text[idx + ch.len_utf8()..];
        }
    }
    text
}

/// A byte count as Pi shows it: `512B`, `1.5KB`, `2.0MB` (one decimal, halves rounded up as
/// JavaScript's `toFixed` does).
pub fn format_size(bytes: usize) -> String {
    const KB: u128 = 1024;
    const MB: u128 = 1024 * 1024;
    let b = bytes as u128;
    if b < KB {
        return format!("{bytes}B");
    }
    let (unit, suffix) = if b < MB { (KB, "KB") } else { (MB, "MB") };
    // Tenths rounded half up; exact because bytes / unit is a dyadic fraction.
    let tenths = (20 * b + unit) / (2 * unit);
    format!("{}.{}{suffix}", tenths / 10, tenths % 10)
}

#[cfg(test)]
#[path = "truncate_tests.rs"]
mod tests;
