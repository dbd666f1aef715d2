//! The Markdown component on arbitrary input: any mix of Markdown syntax, at any width
//! (zero included), renders without panicking, and a width of at least a few columns keeps
//! every line within the width.

use tau_tui::markdown::{Markdown, MarkdownTheme};
use tau_tui::{visible_width, Component};

const PIECES: [&str; 40] = [
    "word",
    " ",
    "\n",
    "\n\n",
    "*",
    "**",
    "_",
    "~~",
    "`",
    "```",
    "```js\n",
    "[",
    "]",
    "(",
    ")",
    "](u)",
    "\\",
    "<",
    ">",
    "> ",
    "- ",
    "1. ",
    "  ",
    "    ",
    "# ",
    "---",
    "|",
    "| a | b |\n|---|---|\n",
    "&amp;",
    "中文",
    "🎉",
    "\t",
    "<!--",
    "-->",
    "https://x.y",
    "a@b.co",
    "- [ ] ",
    "$x$",
    "\\[",
    "e\u{301}",
];

/// A small deterministic generator (xorshift) so failures reproduce.
fn documents(count: usize) -> Vec<String> {
    let mut state = 0x2545_f491_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..count)
        .map(|_| {
            let len = 1 + (next() % 30) as usize;
            (0..len)
                .map(|_| PIECES[(next() % PIECES.len() as u64) as usize])
                .collect()
        })
        .collect()
}

#[test]
fn arbitrary_markdown_renders_at_every_width() {
    for doc in documents(400) {
        let mut md = Markdown::new(doc.clone(), 1, 0, MarkdownTheme::plain(), None);
        for width in [0, 1, 2, 3, 7, 20, 61] {
            let lines = md.render(width);
            if width >= 8 {
                for line in lines.iter() {
                    assert!(visible_width(line) <= width, "{doc:?} at {width}: {line:?}");
                }
            }
        }
    }
}
