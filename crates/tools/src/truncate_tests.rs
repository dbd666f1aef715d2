//! Unit tests of `truncate`: the edge cases Pi's truncation handles.

use pretty_assertions::assert_eq;
use serde_json::json;

use super::*;

fn opts(max_lines: usize, max_bytes: usize) -> TruncationOptions {
    TruncationOptions {
        max_lines,
        max_bytes,
    }
}

#[test]
fn defaults_are_pis() {
    assert_eq!(TruncationOptions::default(), opts(2000, 51200));
    assert_eq!(GREP_MAX_LINE_LENGTH, 500);
}

#[test]
fn untouched_content_serialises_with_null_truncated_by() {
    let r = truncate_head("a\nb\n", TruncationOptions::default());
    assert_eq!(
        serde_json::to_value(&r).unwrap(),
        json!({
            "content": "a\nb\n",
            "truncated": false,
            "truncatedBy": null,
            "totalLines": 2,
            "totalBytes": 4,
            "outputLines": 2,
            "outputBytes": 4,
            "lastLinePartial": false,
            "firstLineExceedsLimit": false,
            "maxLines": 2000,
            "maxBytes": 51200
        })
    );
}

#[test]
fn empty_content_has_no_lines() {
    let r = truncate_tail("", opts(0, 0));
    assert!(!r.truncated);
    assert_eq!(r.total_lines, 0);
    assert_eq!(r.content, "");
}

#[test]
fn trailing_newline_does_not_count_as_a_line() {
    let r = truncate_head("a\nb\nc\n", opts(3, 100));
    assert!(!r.truncated);
    assert_eq!(r.total_lines, 3);
    // Over the line limit, the trailing newline is dropped from the kept text.
    let r = truncate_head("a\nb\nc\n", opts(2, 100));
    assert_eq!(r.content, "a\nb");
    assert_eq!(r.truncated_by, Some(TruncatedBy::Lines));
    assert_eq!((r.output_lines, r.output_bytes), (2, 3));
}

#[test]
fn head_cut_by_lines() {
    let text = (1..=10)
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join("\n");
    let r = truncate_head(&text, opts(3, 1000));
    assert_eq!(r.content, "1\n2\n3");
    assert_eq!(r.truncated_by, Some(TruncatedBy::Lines));
    assert_eq!(r.total_lines, 10);
    assert_eq!(r.total_bytes, text.len());
}

#[test]
fn head_cut_by_bytes_keeps_whole_lines() {
    let r = truncate_head("aaaa\nbbbb\ncccc", opts(100, 10));
    // "aaaa" (4) + "\nbbbb" (5) = 9; "\ncccc" would make 14.
    assert_eq!(r.content, "aaaa\nbbbb");
    assert_eq!(r.truncated_by, Some(TruncatedBy::Bytes));
    assert_eq!(r.output_bytes, 9);
    assert!(!r.last_line_partial);
}

#[test]
fn head_exactly_at_byte_limit_is_not_cut() {
    let r = truncate_head("aaaa\nbbbb", opts(100, 9));
    assert!(!r.truncated);
}

#[test]
fn head_first_line_over_limit_returns_nothing() {
    let r = truncate_head("0123456789abc\nshort", opts(100, 10));
    assert_eq!(r.content, "");
    assert!(r.truncated);
    assert!(r.first_line_exceeds_limit);
    assert_eq!(r.truncated_by, Some(TruncatedBy::Bytes));
    assert_eq!((r.output_lines, r.output_bytes), (0, 0));
    assert_eq!(r.total_lines, 2);
}

#[test]
fn head_counts_utf8_bytes() {
    // "é" is two bytes: "éé" = 4, "\néé" = 5.
    let r = truncate_head("éé\néé\néé", opts(100, 9));
    assert_eq!(r.content, "éé\néé");
    assert_eq!(r.total_bytes, 14);
    assert_eq!(r.output_bytes, 9);
}

#[test]
fn tail_cut_by_lines() {
    let text = (1..=10)
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join("\n")
        + "\n";
    let r = truncate_tail(&text, opts(3, 1000));
    assert_eq!(r.content, "8\n9\n10");
    assert_eq!(r.truncated_by, Some(TruncatedBy::Lines));
    assert_eq!(r.output_lines, 3);
    assert_eq!(r.total_lines, 10);
}

#[test]
fn tail_cut_by_bytes_keeps_whole_lines() {
    let r = truncate_tail("aaaa\nbbbb\ncccc", opts(100, 10));
    assert_eq!(r.content, "bbbb\ncccc");
    assert_eq!(r.truncated_by, Some(TruncatedBy::Bytes));
    assert!(!r.last_line_partial);
}

#[test]
fn tail_last_line_over_limit_keeps_its_end() {
    let r = truncate_tail("first\n0123456789abcdef", opts(100, 5));
    assert_eq!(r.content, "bcdef");
    assert!(r.last_line_partial);
    assert_eq!(r.truncated_by, Some(TruncatedBy::Bytes));
    assert_eq!((r.output_lines, r.output_bytes), (1, 5));
}

#[test]
fn tail_partial_line_never_splits_a_char() {
    // Each "é" is 2 bytes; 5 bytes from the end lands mid-char, so only 4 are kept.
    let r = truncate_tail("éééééé", opts(100, 5));
    assert_eq!(r.content, "éé");
    assert_eq!(r.output_bytes, 4);
    assert!(r.last_line_partial);
}

#[test]
fn truncate_line_appends_pis_suffix() {
    assert_eq!(truncate_line("short", 10), ("short".to_string(), false));
    assert_eq!(
        truncate_line("0123456789xyz", 10),
        ("0123456789... [truncated]".to_string(), true)
    );
}

#[test]
fn truncate_line_counts_utf16_and_keeps_pairs_whole() {
    // "😀" is two UTF-16 units; a cut at 3 units would split the second emoji.
    assert_eq!(utf16_len("😀😀"), 4);
    assert_eq!(
        truncate_line("😀😀", 3),
        ("😀... [truncated]".to_string(), true)
    );
    assert_eq!(slice_tail("😀😀", 3), "😀");
    assert_eq!(slice_tail("abc", 2), "bc");
    assert_eq!(slice_head("abc", 5), "abc");
}

#[test]
fn format_size_matches_pi() {
    assert_eq!(format_size(0), "0B");
    assert_eq!(format_size(1023), "1023B");
    assert_eq!(format_size(1024), "1.0KB");
    assert_eq!(format_size(1280), "1.3KB"); // 1.25 rounds up as toFixed does
    assert_eq!(format_size(51200), "50.0KB");
    assert_eq!(format_size(1024 * 1024), "1.0MB");
    assert_eq!(format_size(1024 * 1024 * 5 / 2), "2.5MB");
}
