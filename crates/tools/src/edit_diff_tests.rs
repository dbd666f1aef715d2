use super::*;
use crate::edit_match::{apply_edits_to_normalized_content, EditSpec};
use pretty_assertions::assert_eq;

/// Applies edits to `content` and returns the diff Pi would report.
fn diff_of(content: &str, pairs: &[(&str, &str)]) -> EditDiff {
    let edits: Vec<EditSpec> = pairs
        .iter()
        .map(|(o, n)| EditSpec {
            old_text: o.to_string(),
            new_text: n.to_string(),
        })
        .collect();
    let applied = apply_edits_to_normalized_content(content, &edits, "f.txt").unwrap();
    generate_edit_diff(
        "f.txt",
        &applied.base_content,
        &applied.new_content,
        &applied.replacements,
    )
}

fn numbered(lines: std::ops::RangeInclusive<usize>) -> String {
    lines.map(|i| format!("line {i}\n")).collect()
}

// Expected strings below are the output of Pi 1.6.0's generateEditDiff for the same input.

#[test]
fn small_change_shows_all_context() {
    let d = diff_of("a\nb\nc\n", &[("b", "B")]);
    assert_eq!(d.diff, " 1 a\n-2 b\n+2 B\n 3 c");
    assert_eq!(
        d.patch,
        "--- f.txt\n+++ f.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"
    );
    assert_eq!(d.first_changed_line, Some(2));
}

#[test]
fn distant_edits_get_separate_windows_and_hunks() {
    let d = diff_of(
        &numbered(1..=200),
        &[
            ("line 10\n", "LINE 10\n"),
            ("line 150\n", "LINE 150\nextra\n"),
        ],
    );
    assert_eq!(
        d.diff,
        "     ...\n   6 line 6\n   7 line 7\n   8 line 8\n   9 line 9\n- 10 line 10\n+ 10 LINE 10\n  11 line 11\n  12 line 12\n  13 line 13\n  14 line 14\n     ...\n 146 line 146\n 147 line 147\n 148 line 148\n 149 line 149\n-150 line 150\n+150 LINE 150\n+151 extra\n 151 line 151\n 152 line 152\n 153 line 153\n 154 line 154\n     ..."
    );
    assert_eq!(
        d.patch,
        "--- f.txt\n+++ f.txt\n@@ -6,9 +6,9 @@\n line 6\n line 7\n line 8\n line 9\n-line 10\n+LINE 10\n line 11\n line 12\n line 13\n line 14\n@@ -146,9 +146,10 @@\n line 146\n line 147\n line 148\n line 149\n-line 150\n+LINE 150\n+extra\n line 151\n line 152\n line 153\n line 154\n"
    );
    assert_eq!(d.first_changed_line, Some(10));
}

#[test]
fn nearby_edits_share_a_window_with_one_skip_marker() {
    let d = diff_of(
        &numbered(1..=200),
        &[("line 10\n", "LINE 10\n"), ("line 20\n", "")],
    );
    assert_eq!(
        d.diff,
        "     ...\n   6 line 6\n   7 line 7\n   8 line 8\n   9 line 9\n- 10 line 10\n+ 10 LINE 10\n  11 line 11\n  12 line 12\n  13 line 13\n  14 line 14\n     ...\n  16 line 16\n  17 line 17\n  18 line 18\n  19 line 19\n- 20 line 20\n  21 line 21\n  22 line 22\n  23 line 23\n  24 line 24\n     ..."
    );
    assert_eq!(
        d.patch,
        "--- f.txt\n+++ f.txt\n@@ -6,9 +6,9 @@\n line 6\n line 7\n line 8\n line 9\n-line 10\n+LINE 10\n line 11\n line 12\n line 13\n line 14\n@@ -16,9 +16,8 @@\n line 16\n line 17\n line 18\n line 19\n-line 20\n line 21\n line 22\n line 23\n line 24\n"
    );
}

#[test]
fn missing_final_newline_is_marked_in_the_patch() {
    let d = diff_of("a\nb", &[("b", "b\nc")]);
    assert_eq!(d.diff, " 1 a\n-2 b\n+2 b\n+3 c");
    assert_eq!(
        d.patch,
        "--- f.txt\n+++ f.txt\n@@ -1,2 +1,3 @@\n a\n-b\n\\ No newline at end of file\n+b\n+c\n\\ No newline at end of file\n"
    );
}

#[test]
fn details_serialize_with_pi_field_names() {
    let d = diff_of("a\n", &[("a", "b")]);
    assert_eq!(
        serde_json::to_value(&d).unwrap(),
        serde_json::json!({
            "diff": "-1 a\n+1 b",
            "patch": "--- f.txt\n+++ f.txt\n@@ -1,1 +1,1 @@\n-a\n+b\n",
            "firstChangedLine": 1
        })
    );
}

#[test]
fn whole_text_diff_string() {
    let (diff, first) = generate_diff_string("a\nb\nc\n", "a\nc\n");
    assert_eq!(diff, " 1 a\n-2 b\n 3 c");
    assert_eq!(first, Some(2));
}
