//! Line output of `grep` and `find` capped at Pi's 50KB: every line is counted, but lines
//! past the cap are not kept (head truncation would drop them anyway), and the truncation
//! record reports the totals of the full output, as Pi's tools do.

use crate::truncate::{truncate_head, TruncationOptions, TruncationResult, DEFAULT_MAX_BYTES};

/// JavaScript's `Number.MAX_SAFE_INTEGER`: the line limit Pi passes when only bytes count,
/// and which it then reports in `details.truncation.maxLines`.
pub(crate) const NO_LINE_LIMIT: usize = 9_007_199_254_740_991;

/// Lines collected up to just past the byte cap, with the size of everything seen.
#[derive(Debug, Default)]
pub(crate) struct CappedLines {
    lines: Vec<String>,
    /// Bytes of all lines, each counted with a trailing newline.
    bytes: usize,
    count: usize,
}

impl CappedLines {
    /// Counts a line and keeps it while the output so far is within the cap.
    pub(crate) fn push(&mut self, line: String) {
        // Pi's `outputBytes - 1 <= DEFAULT_MAX_BYTES`, with outputBytes starting at 0.
        if self.bytes <= DEFAULT_MAX_BYTES + 1 {
            self.bytes += line.len() + 1;
            self.lines.push(line);
        } else {
            self.bytes += line.len() + 1;
        }
        self.count += 1;
    }

    /// Lines counted so far.
    pub(crate) fn count(&self) -> usize {
        self.count
    }

    /// Head-truncates the kept lines to 50KB; totals are those of every counted line.
    pub(crate) fn finish(self) -> TruncationResult {
        let mut truncation = truncate_head(
            &self.lines.join("\n"),
            TruncationOptions {
                max_lines: NO_LINE_LIMIT,
                max_bytes: DEFAULT_MAX_BYTES,
            },
        );
        truncation.total_lines = self.count;
        truncation.total_bytes = self.bytes.saturating_sub(1);
        truncation
    }
}

/// Appends Pi's notice block, `\n\n[first. second]`, when there are notices.
pub(crate) fn append_notices(output: &mut String, notices: &[String]) {
    if !notices.is_empty() {
        output.push_str("\n\n[");
        output.push_str(&notices.join(". "));
        output.push(']');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_lines_until_just_past_the_cap_and_counts_all() {
        let mut capped = CappedLines::default();
        let line = "x".repeat(1023);
        for _ in 0..100 {
            capped.push(line.clone());
        }
        assert_eq!(capped.count(), 100);
        let truncation = capped.finish();
        assert!(truncation.truncated);
        // 50 lines of 1023 bytes and their newlines make exactly 51199 bytes.
        assert_eq!(truncation.output_lines, 50);
        assert_eq!(truncation.total_lines, 100);
        assert_eq!(truncation.total_bytes, 100 * 1024 - 1);
    }

    #[test]
    fn notices_are_joined_in_brackets() {
        let mut out = String::from("a");
        append_notices(&mut out, &[]);
        assert_eq!(out, "a");
        append_notices(&mut out, &["one".into(), "two".into()]);
        assert_eq!(out, "a\n\n[one. two]");
    }
}
