//! The obvious cases of the width rules, readable on their own (the parity vectors cover the
//! rest against pi-tui itself).

use tau_tui::{slice_by_column, truncate_to_width, visible_width, wrap_text_with_ansi};

#[test]
fn widths_of_plain_styled_and_wide_text() {
    assert_eq!(visible_width(""), 0);
    assert_eq!(visible_width("hello"), 5);
    assert_eq!(visible_width("a\tb"), 5, "a tab takes 3 columns");
    assert_eq!(visible_width("\x1b[1;31mred\x1b[0m"), 3);
    assert_eq!(
        visible_width("\x1b]8;;https://example.com\x1b\\link\x1b]8;;\x1b\\"),
        4
    );
    assert_eq!(
        visible_width("\x1b_pi:c\x07x"),
        1,
        "APC cursor markers take no width"
    );
    assert_eq!(visible_width("中文"), 4);
    assert_eq!(visible_width("ｱｲ"), 2, "halfwidth katakana is narrow");
    assert_eq!(visible_width("e\u{301}"), 1);
    assert_eq!(
        visible_width("e\x1b[1m\u{301}"),
        1,
        "a mark joins across a style code"
    );
    assert_eq!(visible_width("\x01\x7f\u{200b}"), 0);
}

#[test]
fn widths_of_emoji() {
    assert_eq!(visible_width("😀"), 2);
    assert_eq!(visible_width("👨‍👩‍👧‍👦"), 2, "a ZWJ family is one emoji");
    assert_eq!(visible_width("❤️"), 2, "VS16 makes a text heart an emoji");
    assert_eq!(visible_width("❤"), 1);
    assert_eq!(visible_width("☝🏻"), 2, "skin tone on a narrow base");
    assert_eq!(visible_width("🇯🇵"), 2);
    assert_eq!(visible_width("🇦"), 2, "a lone regional indicator");
    assert_eq!(visible_width("#️⃣"), 2);
    assert_eq!(visible_width("👩‍❤️‍👨"), 2, "VS16 inside a ZWJ sequence");
}

#[test]
fn truncation_resets_style_before_the_ellipsis_and_pads() {
    assert_eq!(truncate_to_width("hello", 10, "...", false), "hello");
    assert_eq!(truncate_to_width("hello", 8, "...", true), "hello   ");
    assert_eq!(
        truncate_to_width("hello world", 8, "...", false),
        "hello\x1b[0m...\x1b[0m"
    );
    assert_eq!(
        truncate_to_width("\x1b[31mhello world", 8, "…", true),
        "\x1b[31mhello w\x1b[0m…\x1b[0m"
    );
    assert_eq!(
        truncate_to_width("\x1b]8;;u\x07linked text\x1b]8;;\x07", 6, "...", false),
        "\x1b]8;;u\x07lin\x1b]8;;\x07\x1b[0m...\x1b[0m",
        "an open hyperlink is closed before the reset"
    );
    assert_eq!(
        truncate_to_width("中文字", 5, "", false),
        "中文\x1b[0m",
        "a wide cluster that does not fit is dropped whole"
    );
    assert_eq!(truncate_to_width("anything", 0, "...", true), "");
}

#[test]
fn slicing_by_column_keeps_style_and_respects_wide_clusters() {
    assert_eq!(slice_by_column("hello world", 6, 5, false), "world");
    assert_eq!(
        slice_by_column("\x1b[31mhello\x1b[0m world", 1, 3, false),
        "\x1b[31mell"
    );
    assert_eq!(slice_by_column("中文字", 2, 3, false), "文字");
    assert_eq!(
        slice_by_column("中文字", 2, 3, true),
        "文",
        "strict drops a cut wide cluster"
    );
    assert_eq!(slice_by_column("abc", 1, 0, false), "");
}

#[test]
fn wrapping_breaks_at_words_and_carries_style() {
    assert_eq!(wrap_text_with_ansi("", 10), vec![""]);
    assert_eq!(
        wrap_text_with_ansi("hello world foo", 11),
        vec!["hello world", "foo"]
    );
    assert_eq!(
        wrap_text_with_ansi("abcdefghij", 4),
        vec!["abcd", "efgh", "ij"]
    );
    assert_eq!(
        wrap_text_with_ansi("\x1b[4munder lined\x1b[24m", 6),
        vec!["\x1b[4munder\x1b[24m", "\x1b[4mlined\x1b[24m"],
        "underline is closed at the line end and re-opened"
    );
    assert_eq!(
        wrap_text_with_ansi("\x1b[31mred\nstill", 20),
        vec!["\x1b[31mred", "\x1b[31mstill"],
        "the style carries over a newline"
    );
    assert_eq!(wrap_text_with_ansi("中文字", 4), vec!["中文", "字"]);
}

#[test]
fn huge_columns_do_not_overflow() {
    assert_eq!(slice_by_column("abc", usize::MAX, usize::MAX, false), "");
    assert_eq!(slice_by_column("abc", 1, usize::MAX, true), "bc");
    assert_eq!(truncate_to_width("abc", usize::MAX, "...", false), "abc");
}
