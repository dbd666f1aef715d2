use super::*;
use pretty_assertions::assert_eq;

fn edits(pairs: &[(&str, &str)]) -> Vec<EditSpec> {
    pairs
        .iter()
        .map(|(o, n)| EditSpec {
            old_text: o.to_string(),
            new_text: n.to_string(),
        })
        .collect()
}

/// The whole pipeline `edit` runs on file content: BOM split, LF matching, splice back.
fn run(content: &str, pairs: &[(&str, &str)]) -> Result<String, String> {
    let (bom, text) = split_bom(content);
    let normalized = normalize_to_lf(text);
    let applied = apply_edits_to_normalized_content(&normalized, &edits(pairs), "f.txt")
        .map_err(|e| e.to_string())?;
    let body = if text == normalized {
        applied.new_content
    } else {
        apply_replacements_to_original(text, &applied.replacements)
    };
    Ok(format!("{bom}{body}"))
}

#[test]
fn single_replacement_lf() {
    assert_eq!(run("a\nb\nc\n", &[("b", "B")]).unwrap(), "a\nB\nc\n");
}

#[test]
fn multiple_edits_match_the_original_not_each_other() {
    // The second edit's oldText is the first edit's newText: it must not see it.
    assert_eq!(
        run("one\ntwo\n", &[("one", "two"), ("two", "three")]).unwrap(),
        "two\nthree\n"
    );
    assert_eq!(
        run("one\ntwo\nthree\nfour\n", &[("four", "4"), ("one", "1")]).unwrap(),
        "1\ntwo\nthree\n4\n"
    );
}

#[test]
fn crlf_file_keeps_crlf_including_in_new_lines() {
    assert_eq!(
        run("a\r\nb\r\nc\r\n", &[("b\nc", "x\ny\nz")]).unwrap(),
        "a\r\nx\r\ny\r\nz\r\n"
    );
    // oldText sent with CRLF matches too.
    assert_eq!(run("a\r\nb\r\n", &[("a\r\nb", "q")]).unwrap(), "q\r\n");
}

#[test]
fn bom_is_kept_and_not_matched() {
    assert_eq!(
        run("\u{FEFF}a\r\nb\r\n", &[("a", "A\nA2")]).unwrap(),
        "\u{FEFF}A\r\nA2\r\nb\r\n"
    );
}

#[test]
fn mixed_and_lone_cr_line_endings_follow_pi() {
    // Each replaced range takes the ending of the line it starts on; untouched lines keep theirs.
    assert_eq!(
        run("a\r\nb\nc\r\n", &[("b\nc", "q\nr")]).unwrap(),
        "a\r\nq\nr\r\n"
    );
    // Classic Mac line endings: lone CRs are line breaks when the file has no LF.
    assert_eq!(run("a\rb\rc", &[("b", "x\ny")]).unwrap(), "a\rx\ry\rc");
}

#[test]
fn fuzzy_match_rewrites_only_touched_lines() {
    // Trailing whitespace in the file, none in oldText.
    assert_eq!(
        run("x = 1   \ny = 2\n", &[("x = 1\ny = 2", "x = 3\ny = 4")]).unwrap(),
        "x = 3\ny = 4\n"
    );
    // Curly quotes in the file, ASCII in oldText; the untouched line keeps its trailing spaces.
    assert_eq!(
        run(
            "say \u{201C}hello\u{201D}\nother  \nend\n",
            &[("say \"hello\"", "say \"bye\"")]
        )
        .unwrap(),
        "say \"bye\"\nother  \nend\n"
    );
    // Dashes and curly apostrophes, two edits.
    assert_eq!(
        run(
            "x\u{2014}y  \nfoo\nbar \u{2018}q\u{2019}\n",
            &[("x-y", "X"), ("bar 'q'", "BAR")]
        )
        .unwrap(),
        "X\nfoo\nBAR\n"
    );
}

#[test]
fn normalization_covers_nfkc_quotes_dashes_and_spaces() {
    assert_eq!(
        normalize_for_fuzzy_match(
            "\u{FB01}le \u{FF21}\u{2212}1\u{00A0}x \u{201C}q\u{201D}  \nnext\t"
        ),
        "file A-1 x \"q\"\nnext"
    );
}

#[test]
fn not_unique_reports_the_count() {
    assert_eq!(
        run("foo\nfoo\n", &[("foo", "bar")]).unwrap_err(),
        "Found 2 occurrences of the text in f.txt. The text must be unique. Please provide more context to make it unique."
    );
    // Uniqueness is counted after fuzzy normalisation: "a " and "a" are the same line.
    assert_eq!(
        run("a \na\n", &[("a ", "b")]).unwrap_err(),
        "Found 2 occurrences of the text in f.txt. The text must be unique. Please provide more context to make it unique."
    );
    // A whitespace-only oldText normalises to nothing and counts like JavaScript's split("").
    assert_eq!(
        run("a  b\n", &[("  ", "_")]).unwrap_err(),
        "Found 4 occurrences of the text in f.txt. The text must be unique. Please provide more context to make it unique."
    );
    assert_eq!(
        run("x\ny\nx\n", &[("y", "Y"), ("x", "X")]).unwrap_err(),
        "Found 2 occurrences of edits[1] in f.txt. Each oldText must be unique. Please provide more context to make it unique."
    );
}

#[test]
fn not_found_single_and_indexed() {
    assert_eq!(
        run("abc\n", &[("zzz", "y")]).unwrap_err(),
        "Could not find the exact text in f.txt. The old text must match exactly including all whitespace and newlines."
    );
    assert_eq!(
        run("abc\n", &[("abc", "x"), ("zzz", "y")]).unwrap_err(),
        "Could not find edits[1] in f.txt. The oldText must match exactly including all whitespace and newlines."
    );
}

#[test]
fn overlapping_edits_are_rejected() {
    assert_eq!(
        run("abcdef\n", &[("cdef", "y"), ("abcd", "x")]).unwrap_err(),
        "edits[1] and edits[0] overlap in f.txt. Merge them into one edit or target disjoint regions."
    );
}

#[test]
fn empty_old_text_is_rejected() {
    assert_eq!(
        run("abc\n", &[("", "x")]).unwrap_err(),
        "oldText must not be empty in f.txt."
    );
    assert_eq!(
        run("abc\n", &[("a", "b"), ("", "x")]).unwrap_err(),
        "edits[1].oldText must not be empty in f.txt."
    );
}

#[test]
fn no_change_is_an_error() {
    assert_eq!(
        run("abc\n", &[("abc", "abc")]).unwrap_err(),
        "No changes made to f.txt. The replacement produced identical content. This might indicate an issue with special characters or the text not existing as expected."
    );
    assert_eq!(
        run("abc\ndef\n", &[("abc", "abc"), ("def", "def")]).unwrap_err(),
        "No changes made to f.txt. The replacements produced identical content."
    );
}

#[test]
fn replacements_are_sorted_and_relative_to_the_normalized_base() {
    let applied = apply_edits_to_normalized_content(
        "one\ntwo\nthree\n",
        &edits(&[("three", "3"), ("one", "1")]),
        "f.txt",
    )
    .unwrap();
    assert_eq!(
        applied.replacements,
        vec![
            Replacement {
                match_index: 0,
                match_length: 3,
                new_text: "1".into()
            },
            Replacement {
                match_index: 8,
                match_length: 5,
                new_text: "3".into()
            },
        ]
    );
    assert_eq!(applied.new_content, "1\ntwo\n3\n");
}
