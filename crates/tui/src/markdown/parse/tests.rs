//! The token shapes marked produces, from small sources.

use super::*;

fn text(t: &str) -> Inline {
    Inline::Text(t.to_string())
}

#[test]
fn blank_lines_between_blocks_become_one_space_token() {
    let blocks = parse("a\n\n\n\nb\n- c\n");
    let kinds: Vec<&str> = blocks.iter().map(Block::kind).collect();
    assert_eq!(kinds, ["paragraph", "space", "paragraph", "list"]);
    assert_eq!(
        parse("\nx")[0],
        Block::Space,
        "a leading newline is a space token"
    );
    assert_eq!(parse("x\n\n").last(), Some(&Block::Space));
    assert_eq!(parse("x\n").len(), 1);
}

#[test]
fn text_keeps_entities_escapes_and_continuation_indentation_as_marked_does() {
    let blocks = parse("&amp; \\* x\n   y");
    let Block::Paragraph(inlines) = &blocks[0] else {
        panic!("a paragraph: {blocks:?}")
    };
    assert_eq!(
        inlines,
        &[text("&amp; "), Inline::Escape("*".into()), text(" x\n   y")]
    );
}

#[test]
fn single_tildes_and_bare_urls() {
    let Block::Paragraph(inlines) = &parse("~a~ www.x.org.")[0] else {
        panic!("a paragraph")
    };
    assert_eq!(inlines[0], text("~a~ "));
    let Inline::Link { href, .. } = &inlines[1] else {
        panic!("a link: {inlines:?}")
    };
    assert_eq!(href, "http://www.x.org");
    assert_eq!(inlines[2], text("."));
}

#[test]
fn a_half_arrived_closing_fence_is_not_code() {
    let blocks = parse("```js\nlet a;\n``");
    assert_eq!(
        blocks,
        [Block::Code {
            lang: Some("js".into()),
            text: "let a;".into(),
            partial_fence: 0
        }]
    );
}

#[test]
fn comment_only_html_blocks_vanish_with_a_blank_line() {
    let kinds: Vec<&str> = parse("<!-- c -->\n\nvisible")
        .iter()
        .map(Block::kind)
        .collect();
    assert_eq!(kinds, ["paragraph"]);
}

#[test]
fn cjk_emphasis_closes_after_punctuation() {
    let Block::Paragraph(inlines) = &parse("**注意：**内容")[0] else {
        panic!("a paragraph")
    };
    assert_eq!(
        inlines,
        &[Inline::Strong(vec![text("注意：")]), text("内容")]
    );
    // Without CJK text CommonMark's answer stands: the run stays literal.
    let Block::Paragraph(inlines) = &parse("**note:**x")[0] else {
        panic!("a paragraph")
    };
    assert_eq!(inlines, &[text("**note:**x")]);
}
