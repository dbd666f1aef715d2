//! How long a long reply takes to render. Ignored by default (timing is for release builds):
//! `cargo test -p tau-tui --release --test markdown_speed -- --ignored --nocapture`

use std::sync::Arc;
use std::time::Instant;

use tau_tui::markdown::highlight::{markdown_highlighter, TokenKind};
use tau_tui::markdown::{Markdown, MarkdownTheme};
use tau_tui::Component;

/// About 2,000 source lines of the usual reply shapes.
fn long_reply() -> String {
    let section = "## Step {n}\n\nThe **parser** reads `src/lib.rs` and *wraps* long paragraphs of prose that go on \
for a while, with a [link](https://example.com/docs) and a bare https://example.org/path too.\n\n\
- first item with some words\n- second item\n  - nested item with `code`\n- [x] a finished task\n\n\
```rust\nfn main() {\n    let total: u64 = (1..=10).map(|n| n * 2).sum();\n    println!(\"{total}\");\n}\n```\n\n\
| Column | Meaning | Value |\n|---|---|---:|\n| alpha | the first letter | 1 |\n| beta | the second one, longer | 22 |\n\n\
> A quoted remark that also wraps when the terminal is narrow enough to need it.\n\n---\n\n";
    let mut out = String::new();
    let mut n = 0;
    while out.lines().count() < 2000 {
        n += 1;
        out.push_str(&section.replace("{n}", &n.to_string()));
    }
    out
}

#[test]
#[ignore = "timing; run in release"]
fn a_two_thousand_line_reply_renders_quickly() {
    let reply = long_reply();
    let sgr = |open: &'static str| -> tau_tui::Style {
        Arc::new(move |t: &str| format!("\x1b[{open}m{t}\x1b[0m"))
    };
    let theme = MarkdownTheme {
        heading: sgr("1;36"),
        code: sgr("33"),
        bold: sgr("1"),
        italic: sgr("3"),
        link: sgr("34"),
        highlight_code: Some(markdown_highlighter(
            Arc::new(|kind: TokenKind, t: &str| format!("\x1b[3{}m{t}\x1b[39m", kind as u8 % 8)),
            sgr("32"),
        )),
        ..MarkdownTheme::plain()
    };
    let started = Instant::now();
    let mut md = Markdown::new(reply.clone(), 1, 0, theme, None);
    let lines = md.render(100);
    let first = started.elapsed();
    let started = Instant::now();
    let rewrapped = md.render(80);
    let resize = started.elapsed();
    eprintln!(
        "{} source lines -> {} lines at width 100 in {first:?}; re-render at width 80 ({} lines) in {resize:?}",
        reply.lines().count(),
        lines.len(),
        rewrapped.len()
    );
    assert!(lines.len() > 2000);

    // Streaming: the reply's last 200 lines arrive 40 bytes at a time.
    let start = reply.len()
        - reply
            .lines()
            .rev()
            .take(200)
            .map(|l| l.len() + 1)
            .sum::<usize>();
    let mut end = start;
    let mut frames = 0;
    let started = Instant::now();
    while end < reply.len() {
        end = (end + 40).min(reply.len());
        while !reply.is_char_boundary(end) {
            end += 1;
        }
        md.set_text(&reply[..end]);
        md.render(100);
        frames += 1;
    }
    let streamed = started.elapsed();
    eprintln!(
        "streaming: {frames} renders of the growing reply, {:?} each",
        streamed / frames
    );
    assert_eq!(md.render(100).to_vec(), lines.to_vec());
}
