//! Unit tests of `output_accumulator`.

use pretty_assertions::assert_eq;

use super::*;

fn small() -> OutputAccumulator {
    OutputAccumulator::new(TruncationOptions {
        max_lines: 3,
        max_bytes: 20,
    })
}

#[test]
fn short_output_is_kept_whole_without_a_temp_file() {
    let mut acc = OutputAccumulator::default();
    acc.append(b"hello\nwor");
    acc.append(b"ld\n");
    acc.finish();
    let snap = acc.snapshot(true);
    assert_eq!(snap.content, "hello\nworld\n");
    assert!(!snap.truncation.truncated);
    assert_eq!(snap.truncation.truncated_by, None);
    assert_eq!(snap.truncation.total_lines, 2);
    assert!(snap.full_output_path.is_none());
    assert_eq!(
        acc.read_full_output(1024),
        ("hello\nworld\n".to_string(), false)
    );
}

#[test]
fn split_utf8_and_leading_bom_decode_like_text_decoder() {
    let mut acc = OutputAccumulator::default();
    let bytes = "\u{FEFF}é€\n".as_bytes();
    for b in bytes {
        acc.append(std::slice::from_ref(b));
    }
    acc.finish();
    let snap = acc.snapshot(false);
    assert_eq!(snap.content, "é€\n");
    assert_eq!(snap.truncation.total_bytes, "é€\n".len());
}

#[test]
fn over_the_line_limit_keeps_the_tail_and_everything_in_the_temp_file() {
    let mut acc = small();
    acc.append(b"1\n2\n3\n4\n5\n");
    acc.finish();
    let snap = acc.snapshot(true);
    assert_eq!(snap.content, "3\n4\n5");
    assert!(snap.truncation.truncated);
    assert_eq!(snap.truncation.truncated_by, Some(TruncatedBy::Lines));
    assert_eq!(snap.truncation.total_lines, 5);
    assert_eq!(snap.truncation.output_lines, 3);
    acc.close_temp_file().unwrap();
    let path = snap.full_output_path.unwrap();
    assert!(path
        .file_name()
        .unwrap()
        .to_string_lossy()
        .starts_with(BASH_TEMP_FILE_PREFIX));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "1\n2\n3\n4\n5\n");
    std::fs::remove_file(path).unwrap();
}

#[test]
fn an_overlong_last_line_shows_its_end() {
    let mut acc = small();
    acc.append(b"short\n");
    acc.append("x".repeat(50).as_bytes());
    acc.finish();
    let snap = acc.snapshot(true);
    assert_eq!(snap.content, "x".repeat(20));
    assert!(snap.truncation.last_line_partial);
    assert_eq!(snap.truncation.truncated_by, Some(TruncatedBy::Bytes));
    assert_eq!(acc.last_line_bytes(), 50);
    acc.close_temp_file().unwrap();
    std::fs::remove_file(snap.full_output_path.unwrap()).unwrap();
}

#[test]
fn rolling_tail_drops_the_partial_first_line() {
    // max_bytes 20 gives a rolling tail of 40 bytes, trimmed once it passes 80.
    let mut acc = small();
    for i in 0..30 {
        acc.append(format!("line {i:03}\n").as_bytes());
    }
    acc.finish();
    let snap = acc.snapshot(false);
    assert_eq!(snap.truncation.total_lines, 30);
    assert_eq!(snap.content, "line 028\nline 029");
    acc.close_temp_file().unwrap();
    let path = acc.temp_path().unwrap().clone();
    let full = std::fs::read_to_string(&path).unwrap();
    assert_eq!(full.lines().count(), 30);
    assert!(full.starts_with("line 000\n"));
    std::fs::remove_file(path).unwrap();
}

#[test]
fn full_output_over_the_cap_keeps_head_and_tail() {
    let mut acc = small();
    acc.append("a".repeat(100).as_bytes());
    acc.append("b".repeat(100).as_bytes());
    acc.finish();
    acc.snapshot(true);
    acc.close_temp_file().unwrap();
    let (text, omitted) = acc.read_full_output(20);
    assert!(omitted);
    assert_eq!(
        text,
        format!(
            "{}\n\n[... 180 bytes omitted ...]\n\n{}",
            "a".repeat(10),
            "b".repeat(10)
        )
    );
    std::fs::remove_file(acc.temp_path().unwrap()).unwrap();
}
