//! Markdown to HTML for the export, with pulldown-cmark (the parser the terminal UI uses).
//!
//! Rendered the way Pi's export renders it: GitHub tables, strikethrough and task lists, a
//! single newline is a line break, and HTML in the text is shown as text (the terminal shows
//! it verbatim too), never passed through. Links keep only harmless schemes
//! ([`escape::safe_url`]). Images are never fetched: the page must open offline, so a remote
//! image is a link and only a `data:image/...;base64` image is drawn.

use pulldown_cmark::{Alignment, CodeBlockKind, Event, Options, Parser, Tag, TagEnd};

use crate::escape::{self, push_html};

/// `text` rendered as HTML.
pub fn render(text: &str) -> String {
    let options =
        Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TASKLISTS;
    let mut writer = Writer {
        out: String::with_capacity(text.len() * 3 / 2 + 16),
        table: Vec::new(),
        in_table_head: false,
        cell: 0,
        image: None,
    };
    let text = without_html_blocks(text);
    for event in Parser::new_ext(&text, options) {
        writer.event(event);
    }
    writer.out
}

/// `text` with a backslash before each `<` that would open an HTML block (a `<` first on
/// a line, outside fenced code). Pi's export turns HTML parsing off, so such a line stays a
/// paragraph whose Markdown (links, emphasis) still renders; an HTML block would swallow it
/// as raw text. Tags inside a line are inline HTML, which [`Writer`] shows as text.
fn without_html_blocks(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('<') {
        return text.into();
    }
    let mut out = String::with_capacity(text.len() + 8);
    let mut fence: Option<(char, usize)> = None;
    for line in text.split_inclusive('\n') {
        let indent = line.len() - line.trim_start_matches(' ').len();
        let rest = &line[indent..];
        let marker = rest.chars().next().filter(|c| *c == '`' || *c == '~');
        if let (true, Some(mark)) = (indent < 4, marker) {
            let run = rest.chars().take_while(|c| *c == mark).count();
            match fence {
                None if run >= 3 => fence = Some((mark, run)),
                Some((open, len))
                    if open == mark && run >= len && rest[run..].trim().is_empty() =>
                {
                    fence = None
                }
                _ => {}
            }
        } else if fence.is_none() && indent < 4 && opens_html_block(rest) {
            out.push_str(&line[..indent]);
            out.push('\\');
            out.push_str(rest);
            continue;
        }
        out.push_str(line);
    }
    out.into()
}

/// Whether a line (indentation removed) starts like an HTML block: `<` and a tag name, `/`,
/// `!` or `?`; an autolink (`<https://…>`, `<a@b.c>`) does not.
fn opens_html_block(line: &str) -> bool {
    let Some(rest) = line.strip_prefix('<') else {
        return false;
    };
    if !rest.starts_with(|c: char| c.is_ascii_alphabetic() || matches!(c, '/' | '!' | '?')) {
        return false;
    }
    let token = rest.split([' ', '>', '\n']).next().unwrap_or_default();
    !token.contains([':', '@'])
}

/// An image whose alt text is being collected.
struct PendingImage {
    url: String,
    title: String,
    alt: String,
}

struct Writer {
    out: String,
    /// Column alignments of the table being written.
    table: Vec<Alignment>,
    in_table_head: bool,
    /// Index of the current cell in its row.
    cell: usize,
    image: Option<PendingImage>,
}

impl Writer {
    fn event(&mut self, event: Event<'_>) {
        if let Some(image) = &mut self.image {
            // Inside an image only text counts, as its alt text.
            match event {
                Event::End(TagEnd::Image) => self.finish_image(),
                Event::Text(text) | Event::Code(text) => image.alt.push_str(&text),
                _ => {}
            }
            return;
        }
        match event {
            Event::Start(tag) => self.start(tag),
            Event::End(tag) => self.end(tag),
            // HTML is shown as the text it is.
            Event::Text(text)
            | Event::Html(text)
            | Event::InlineHtml(text)
            | Event::InlineMath(text)
            | Event::DisplayMath(text) => push_html(&mut self.out, &text),
            Event::Code(code) => {
                self.out.push_str("<code>");
                push_html(&mut self.out, &code);
                self.out.push_str("</code>");
            }
            Event::FootnoteReference(name) => {
                self.out.push_str("<sup>[");
                push_html(&mut self.out, &name);
                self.out.push_str("]</sup>");
            }
            Event::SoftBreak | Event::HardBreak => self.out.push_str("<br>\n"),
            Event::Rule => self.out.push_str("<hr>\n"),
            Event::TaskListMarker(done) => self.out.push_str(if done {
                "<input type=\"checkbox\" checked disabled> "
            } else {
                "<input type=\"checkbox\" disabled> "
            }),
        }
    }

    fn start(&mut self, tag: Tag<'_>) {
        let out = &mut self.out;
        match tag {
            Tag::Paragraph => out.push_str("<p>"),
            Tag::Heading { level, .. } => out.push_str(&format!("<{level}>")),
            Tag::BlockQuote(_) => out.push_str("<blockquote>\n"),
            Tag::CodeBlock(kind) => {
                out.push_str("<pre><code");
                if let CodeBlockKind::Fenced(info) = kind {
                    let language = info.split_whitespace().next().unwrap_or_default();
                    if !language.is_empty() {
                        out.push_str(" class=\"language-");
                        push_html(out, language);
                        out.push('"');
                    }
                }
                out.push('>');
            }
            // Raw HTML blocks arrive as `Html` events, escaped there.
            Tag::HtmlBlock => out.push_str("<p>"),
            Tag::List(Some(1)) => out.push_str("<ol>\n"),
            Tag::List(Some(start)) => out.push_str(&format!("<ol start=\"{start}\">\n")),
            Tag::List(None) => out.push_str("<ul>\n"),
            Tag::Item => out.push_str("<li>"),
            Tag::FootnoteDefinition(name) => {
                out.push_str("<div class=\"footnote\"><sup>[");
                push_html(out, &name);
                out.push_str("]</sup> ");
            }
            Tag::DefinitionList => out.push_str("<dl>"),
            Tag::DefinitionListTitle => out.push_str("<dt>"),
            Tag::DefinitionListDefinition => out.push_str("<dd>"),
            Tag::Table(alignments) => {
                self.table = alignments;
                out.push_str("<table>");
            }
            Tag::TableHead => {
                self.in_table_head = true;
                self.cell = 0;
                out.push_str("<thead><tr>");
            }
            Tag::TableRow => {
                self.cell = 0;
                out.push_str("<tr>");
            }
            Tag::TableCell => {
                out.push_str(if self.in_table_head { "<th" } else { "<td" });
                match self.table.get(self.cell) {
                    Some(Alignment::Left) => out.push_str(" class=\"left\""),
                    Some(Alignment::Center) => out.push_str(" class=\"center\""),
                    Some(Alignment::Right) => out.push_str(" class=\"right\""),
                    Some(Alignment::None) | None => {}
                }
                out.push('>');
            }
            Tag::Emphasis => out.push_str("<em>"),
            Tag::Strong => out.push_str("<strong>"),
            Tag::Strikethrough => out.push_str("<del>"),
            Tag::Superscript => out.push_str("<sup>"),
            Tag::Subscript => out.push_str("<sub>"),
            Tag::Link {
                dest_url, title, ..
            } => match escape::safe_url(&dest_url) {
                Some(url) => {
                    out.push_str("<a href=\"");
                    push_html(out, &url);
                    out.push('"');
                    if !title.is_empty() {
                        out.push_str(" title=\"");
                        push_html(out, &title);
                        out.push('"');
                    }
                    out.push_str(" rel=\"noopener noreferrer\">");
                }
                // A refused link keeps its text, as Pi's export does.
                None => out.push_str("<a>"),
            },
            Tag::Image {
                dest_url, title, ..
            } => {
                self.image = Some(PendingImage {
                    url: dest_url.into_string(),
                    title: title.into_string(),
                    alt: String::new(),
                });
            }
            Tag::MetadataBlock(_) => out.push_str("<pre>"),
        }
    }

    fn end(&mut self, tag: TagEnd) {
        let out = &mut self.out;
        match tag {
            TagEnd::Paragraph | TagEnd::HtmlBlock => out.push_str("</p>\n"),
            TagEnd::Heading(level) => out.push_str(&format!("</{level}>\n")),
            TagEnd::BlockQuote(_) => out.push_str("</blockquote>\n"),
            TagEnd::CodeBlock => out.push_str("</code></pre>\n"),
            TagEnd::List(true) => out.push_str("</ol>\n"),
            TagEnd::List(false) => out.push_str("</ul>\n"),
            TagEnd::Item => out.push_str("</li>\n"),
            TagEnd::FootnoteDefinition => out.push_str("</div>\n"),
            TagEnd::DefinitionList => out.push_str("</dl>\n"),
            TagEnd::DefinitionListTitle => out.push_str("</dt>\n"),
            TagEnd::DefinitionListDefinition => out.push_str("</dd>\n"),
            TagEnd::Table => out.push_str("</tbody></table>\n"),
            TagEnd::TableHead => {
                self.in_table_head = false;
                out.push_str("</tr></thead><tbody>");
            }
            TagEnd::TableRow => out.push_str("</tr>"),
            TagEnd::TableCell => {
                out.push_str(if self.in_table_head { "</th>" } else { "</td>" });
                self.cell += 1;
            }
            TagEnd::Emphasis => out.push_str("</em>"),
            TagEnd::Strong => out.push_str("</strong>"),
            TagEnd::Strikethrough => out.push_str("</del>"),
            TagEnd::Superscript => out.push_str("</sup>"),
            TagEnd::Subscript => out.push_str("</sub>"),
            TagEnd::Link => out.push_str("</a>"),
            TagEnd::Image => self.finish_image(),
            TagEnd::MetadataBlock(_) => out.push_str("</pre>\n"),
        }
    }

    /// Writes the pending image: drawn when it is an inline image, a link otherwise.
    fn finish_image(&mut self) {
        let Some(image) = self.image.take() else {
            return;
        };
        let out = &mut self.out;
        let inline = image
            .url
            .strip_prefix("data:")
            .and_then(|rest| rest.split_once(";base64,"))
            .and_then(|(mime, data)| escape::image_data_uri(mime, data));
        if let Some(src) = inline {
            out.push_str("<img class=\"md-image\" src=\"");
            push_html(out, &src);
            out.push_str("\" alt=\"");
            push_html(out, &image.alt);
            out.push_str("\">");
            return;
        }
        let label = if image.alt.is_empty() {
            "image"
        } else {
            &image.alt
        };
        match escape::safe_url(&image.url) {
            Some(url) => {
                out.push_str("<a class=\"md-image-link\" href=\"");
                push_html(out, &url);
                out.push('"');
                if !image.title.is_empty() {
                    out.push_str(" title=\"");
                    push_html(out, &image.title);
                    out.push('"');
                }
                out.push_str(" rel=\"noopener noreferrer\">[image: ");
                push_html(out, label);
                out.push_str("]</a>");
            }
            None => {
                out.push_str("[image: ");
                push_html(out, label);
                out.push(']');
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::render;

    #[test]
    fn common_markdown_becomes_html() {
        let html =
            render("# Title\n\nSome *em* and **strong**, `code` ~~gone~~.\n\n- a\n- [x] b\n");
        assert!(html.contains("<h1>Title</h1>"), "{html}");
        assert!(html.contains("<em>em</em>") && html.contains("<strong>strong</strong>"));
        assert!(html.contains("<code>code</code>") && html.contains("<del>gone</del>"));
        assert!(html.contains("<ul>") && html.contains("checked disabled"));
    }

    #[test]
    fn a_single_newline_breaks_the_line() {
        assert_eq!(render("one\ntwo"), "<p>one<br>\ntwo</p>\n");
    }

    #[test]
    fn fenced_code_keeps_its_text_and_language() {
        let html = render("```rust\nlet a = 1 < 2;\n```\n");
        assert_eq!(
            html,
            "<pre><code class=\"language-rust\">let a = 1 &lt; 2;\n</code></pre>\n"
        );
    }

    #[test]
    fn tables_have_heads_and_alignment() {
        let html = render("| a | b |\n|:--|--:|\n| 1 | 2 |\n");
        assert!(
            html.contains(
                "<thead><tr><th class=\"left\">a</th><th class=\"right\">b</th></tr></thead>"
            ),
            "{html}"
        );
        assert!(
            html.contains(
                "<tbody><tr><td class=\"left\">1</td><td class=\"right\">2</td></tr></tbody>"
            ),
            "{html}"
        );
    }

    #[test]
    fn html_in_markdown_is_text() {
        let html = render("<script>alert(1)</script>\n\nhi <img src=x onerror=alert(2)> there");
        assert!(!html.contains("<script"), "{html}");
        assert!(!html.contains("<img"), "{html}");
        assert!(
            html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
            "{html}"
        );
        assert!(
            html.contains("&lt;img src=x onerror=alert(2)&gt;"),
            "{html}"
        );
    }

    #[test]
    fn a_line_opening_with_a_tag_stays_markdown() {
        let html = render(
            "<b>bold?</b> and [a link](https://x.org)\n\n```\n<kept>\n```\n<https://auto.link>\n",
        );
        assert!(
            html.starts_with("<p>&lt;b&gt;bold?&lt;/b&gt; and <a href=\"https://x.org\""),
            "{html}"
        );
        assert!(
            html.contains("<pre><code>&lt;kept&gt;\n</code></pre>"),
            "{html}"
        );
        assert!(
            html.contains(
                "<a href=\"https://auto.link\" rel=\"noopener noreferrer\">https://auto.link</a>"
            ),
            "{html}"
        );
    }

    #[test]
    fn dangerous_links_lose_their_target() {
        let html = render("[click](javascript:alert(1)) [ok](https://example.org \"t\")");
        assert!(!html.contains("javascript"), "{html}");
        assert!(html.contains("<a>click</a>"), "{html}");
        assert!(
            html.contains(
                "<a href=\"https://example.org\" title=\"t\" rel=\"noopener noreferrer\">ok</a>"
            ),
            "{html}"
        );
    }

    #[test]
    fn remote_images_are_links_and_inline_images_are_drawn() {
        let html = render("![cat](https://example.org/cat.png) ![dot](data:image/png;base64,iVBORw==) ![x](javascript:1)");
        assert!(html.contains("<a class=\"md-image-link\" href=\"https://example.org/cat.png\" rel=\"noopener noreferrer\">[image: cat]</a>"), "{html}");
        assert!(
            html.contains(
                "<img class=\"md-image\" src=\"data:image/png;base64,iVBORw==\" alt=\"dot\">"
            ),
            "{html}"
        );
        assert!(
            html.contains("[image: x]") && !html.contains("javascript"),
            "{html}"
        );
    }
}
