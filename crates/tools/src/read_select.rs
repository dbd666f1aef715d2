//! Selecting a range of lines from a file read in chunks, as Pi 1.6.0's `read` does: memory
//! stays bounded by the output limits whatever the file's size, while the lines and bytes of
//! the whole selection are still counted.

use crate::truncate::{truncate_head, TruncationOptions, TruncationResult, DEFAULT_MAX_BYTES};

/// Decodes UTF-8 arriving in chunks, replacing invalid sequences with U+FFFD exactly as
/// decoding the whole input at once would (a sequence split across chunks is kept whole).
#[derive(Debug, Default)]
pub(crate) struct Utf8Stream {
    pending: Vec<u8>,
}

impl Utf8Stream {
    /// Appends the text of `chunk` to `out`, holding back an incomplete trailing sequence.
    pub(crate) fn decode(&mut self, chunk: &[u8], out: &mut String) {
        let joined;
        let mut data = if self.pending.is_empty() {
            chunk
        } else {
            let mut buf = std::mem::take(&mut self.pending);
            buf.extend_from_slice(chunk);
            joined = buf;
            joined.as_slice()
        };
        loop {
            match std::str::from_utf8(data) {
                Ok(text) => {
                    out.push_str(text);
                    return;
                }
                Err(err) => {
                    let (valid, rest) = data.split_at(err.valid_up_to());
                    out.push_str(&String::from_utf8_lossy(valid));
                    match err.error_len() {
                        Some(len) => {
                            out.push('\u{FFFD}');
                            data = &rest[len..];
                        }
                        None => {
                            self.pending = rest.to_vec();
                            return;
                        }
                    }
                }
            }
        }
    }

    /// Ends the input: an incomplete trailing sequence becomes one U+FFFD.
    pub(crate) fn finish(&mut self, out: &mut String) {
        if !self.pending.is_empty() {
            self.pending.clear();
            out.push('\u{FFFD}');
        }
    }
}

/// What the selection of a file's lines produced.
#[derive(Debug)]
pub(crate) struct Selection {
    /// Lines in the file: newlines plus one.
    pub(crate) total_file_lines: usize,
    /// Head truncation of the selected lines, counted over the whole selection.
    pub(crate) truncation: TruncationResult,
    /// UTF-8 bytes of the first selected line.
    pub(crate) first_line_bytes: usize,
    /// Lines selected, counted as `total_file_lines` counts (an empty last line too).
    pub(crate) selected_lines: usize,
}

/// Collects lines `start..end` (0-based, `end` exclusive, `None` for the rest of the file) from
/// decoded text fed in pieces. Only lines head truncation can show are stored (one past the
/// caps, so truncation decides as for the full text); the others are only counted.
#[derive(Debug)]
pub(crate) struct LineSelector {
    start: usize,
    end: Option<usize>,
    line: usize,
    selected_lines: usize,
    selected_bytes: usize,
    first_line_bytes: usize,
    last_line_empty: bool,
    stored: Vec<String>,
    stored_bytes: usize,
    past_caps: bool,
    /// The selected line being read while it is stored.
    current: Option<String>,
    current_bytes: usize,
    current_has_text: bool,
}

impl LineSelector {
    /// A selector of lines `start..end`.
    pub(crate) fn new(start: usize, end: Option<usize>) -> Self {
        LineSelector {
            start,
            end,
            line: 0,
            selected_lines: 0,
            selected_bytes: 0,
            first_line_bytes: 0,
            last_line_empty: true,
            stored: Vec::new(),
            stored_bytes: 0,
            past_caps: false,
            current: Some(String::new()),
            current_bytes: 0,
            current_has_text: false,
        }
    }

    fn selected(&self) -> bool {
        self.line >= self.start && self.end.is_none_or(|end| self.line < end)
    }

    /// Whether more input cannot change the output: the range has ended, the output caps are
    /// passed, or the line being read is already too long to show.
    pub(crate) fn settled(&self) -> bool {
        self.end.is_some_and(|end| self.line >= end)
            || self.past_caps
            || (self.selected() && self.current_bytes > DEFAULT_MAX_BYTES)
    }

    /// Whether the input reached the first selected line.
    pub(crate) fn reached_start(&self) -> bool {
        self.line >= self.start
    }

    /// Feeds the next piece of decoded text.
    pub(crate) fn push(&mut self, text: &str) {
        let mut segments = text.split('\n').peekable();
        while let Some(segment) = segments.next() {
            let ends_line = segments.peek().is_some();
            if self.selected() {
                if !segment.is_empty() {
                    self.append(segment);
                }
                self.selected_bytes += segment.len();
                if ends_line {
                    self.finish_line();
                    // The newline after the last selected line is not part of the selection.
                    if self.end != Some(self.line + 1) {
                        self.selected_bytes += 1;
                    }
                }
            }
            if ends_line {
                self.line += 1;
            }
        }
    }

    fn append(&mut self, segment: &str) {
        self.current_has_text = true;
        if let Some(current) = &mut self.current {
            // A line over the byte cap is never shown: store only enough to know it is over.
            if self.current_bytes <= DEFAULT_MAX_BYTES {
                current.push_str(segment);
            }
            self.current_bytes += segment.len();
        }
    }

    fn finish_line(&mut self) {
        if let Some(text) = self.current.take() {
            if self.selected_lines == 0 {
                self.first_line_bytes = self.current_bytes;
            }
            let caps = TruncationOptions::default();
            if self.stored.len() > caps.max_lines || self.stored_bytes > caps.max_bytes {
                self.past_caps = true;
            }
            self.stored_bytes += text.len() + usize::from(!self.stored.is_empty());
            self.stored.push(text);
        }
        self.selected_lines += 1;
        self.last_line_empty = !self.current_has_text;
        self.current = (!self.past_caps).then(String::new);
        self.current_bytes = 0;
        self.current_has_text = false;
    }

    /// Ends the input and truncates the selection.
    pub(crate) fn finish(mut self) -> Selection {
        if self.selected() {
            self.finish_line();
        }
        let mut truncation = truncate_head(&self.stored.join("\n"), TruncationOptions::default());
        // Counts of the joined selected lines, which drop a trailing empty line.
        truncation.total_lines = if self.selected_bytes == 0 {
            0
        } else {
            self.selected_lines - usize::from(self.last_line_empty)
        };
        truncation.total_bytes = self.selected_bytes;
        Selection {
            total_file_lines: self.line + 1,
            truncation,
            first_line_bytes: self.first_line_bytes,
            selected_lines: self.selected_lines,
        }
    }
}

/// Pi's whole-file path for unusual ranges (fractional offsets, negative or fractional
/// limits), whose meaning JavaScript's `Array.slice` defines: `start` and `end` are truncated
/// toward zero and a negative `end` counts from the end.
pub(crate) fn select_from_text(text: &str, start: f64, limit: Option<f64>) -> Selection {
    let lines: Vec<&str> = text.split('\n').collect();
    let len = lines.len() as f64;
    let from = start.trunc().clamp(0.0, len) as usize;
    let to = match limit {
        None => lines.len(),
        Some(limit) => {
            let end = (start + limit).min(len).trunc();
            if end < 0.0 {
                (len + end).max(0.0) as usize
            } else {
                end as usize
            }
        }
    };
    let selected = if from < to { &lines[from..to] } else { &[][..] };
    let truncation = truncate_head(&selected.join("\n"), TruncationOptions::default());
    let first_line_bytes = if truncation.first_line_exceeds_limit {
        lines.get(from).map_or(0, |l| l.len())
    } else {
        0
    };
    Selection {
        total_file_lines: lines.len(),
        truncation,
        first_line_bytes,
        selected_lines: to.saturating_sub(from),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn select(text: &str, start: usize, end: Option<usize>, chunk: usize) -> Selection {
        let mut selector = LineSelector::new(start, end);
        let mut decoder = Utf8Stream::default();
        for piece in text.as_bytes().chunks(chunk) {
            let mut out = String::new();
            decoder.decode(piece, &mut out);
            selector.push(&out);
        }
        let mut out = String::new();
        decoder.finish(&mut out);
        selector.push(&out);
        selector.finish()
    }

    #[test]
    fn streamed_selection_matches_whole_text_selection() {
        let text = "alpha\nbéta\n\ngamma\ndelta\n";
        for chunk in [1, 2, 3, 7, 100] {
            for (start, end) in [(0, None), (1, Some(3)), (2, Some(2)), (4, None), (5, None)] {
                let streamed = select(text, start, end, chunk);
                let limit = end.map(|e| (e - start) as f64);
                let whole = select_from_text(text, start as f64, limit);
                assert_eq!(streamed.total_file_lines, whole.total_file_lines);
                assert_eq!(
                    streamed.truncation, whole.truncation,
                    "chunk {chunk} range {start}..{end:?}"
                );
            }
        }
    }

    #[test]
    fn streamed_selection_past_the_caps_matches_too() {
        let long = "x".repeat(30_000);
        let texts = [
            "line\n".repeat(2500),
            format!("{long}\n{long}\n{long}\nend"),
            format!("short\n{}\nafter", "y".repeat(60_000)),
        ];
        for text in &texts {
            for (start, end) in [(0, None), (1, None), (1, Some(2))] {
                let streamed = select(text, start, end, 4096);
                let limit = end.map(|e| (e - start) as f64);
                let whole = select_from_text(text, start as f64, limit);
                assert_eq!(streamed.truncation, whole.truncation);
                if whole.truncation.first_line_exceeds_limit {
                    assert_eq!(streamed.first_line_bytes, whole.first_line_bytes);
                }
            }
        }
    }

    #[test]
    fn decoder_keeps_split_sequences_and_replaces_invalid_bytes() {
        let bytes = "é€😀".as_bytes();
        let mut decoder = Utf8Stream::default();
        let mut out = String::new();
        for b in bytes {
            decoder.decode(std::slice::from_ref(b), &mut out);
        }
        decoder.finish(&mut out);
        assert_eq!(out, "é€😀");
        let invalid = b"a\xffb\xe2\x82";
        let mut decoder = Utf8Stream::default();
        let mut out = String::new();
        decoder.decode(invalid, &mut out);
        decoder.finish(&mut out);
        assert_eq!(out, String::from_utf8_lossy(invalid));
    }

    #[test]
    fn whole_text_slice_follows_javascript() {
        // limit -1 selects all lines but the last.
        let s = select_from_text("a\nb\nc", 0.0, Some(-1.0));
        assert_eq!(s.truncation.content, "a\nb");
        let s = select_from_text("a\nb\nc", 0.5, None);
        assert_eq!(s.truncation.content, "a\nb\nc");
    }
}
