//! Inline events to marked-shaped inline tokens: text as marked keeps it (entities as
//! written, escapes apart, the spaces around soft breaks), links, emphasis and bare URLs.

use std::ops::Range;

use pulldown_cmark::{Event, LinkType, Tag};

use super::super::autolink::link_bare_urls;
use super::super::tokens::Inline;
use super::{is_block_tag, Builder};

impl<'a> Builder<'a> {
    /// Inline events up to and including the end tag of the enclosing block.
    pub(super) fn inlines(&mut self) -> Vec<Inline> {
        let inlines = self.inline_run(true);
        self.pos += 1;
        finish_inlines(inlines)
    }

    /// Inline events up to the next block-level event, without consuming it.
    pub(super) fn inlines_until_block(&mut self) -> (Vec<Inline>, usize) {
        let start = self.pos;
        let inlines = self.inline_run(false);
        let end = self.events[start..self.pos]
            .iter()
            .map(|(_, r)| r.end)
            .max()
            .unwrap_or(0);
        (finish_inlines(inlines), end)
    }

    /// Reads inline events; stops before an `End` tag (or, when `to_end` is false, also before
    /// the start of a block).
    fn inline_run(&mut self, to_end: bool) -> Vec<Inline> {
        let mut out = Vec::new();
        let mut prev_end: Option<usize> = None;
        while let Some((event, range)) = self.events.get(self.pos).cloned() {
            if let Event::Start(tag) = &event {
                if !to_end && is_block_tag(tag) {
                    break;
                }
            }
            if matches!(event, Event::End(_) | Event::Rule | Event::Html(_)) {
                break;
            }
            self.pos += 1;
            match event {
                Event::Text(text) => {
                    // pulldown-cmark starts an escaped character's text after the backslash and
                    // runs on into the text behind it; marked makes the character its own token.
                    let escaped = range.start > 0
                        && self.src.as_bytes().get(range.start - 1) == Some(&b'\\')
                        && prev_end != Some(range.start);
                    // In a table cell `\|` is the cell's text, not an escape (GFM takes it out
                    // before inline parsing, as marked does).
                    match text.chars().next().filter(|c| escaped && *c != '|') {
                        Some(first) => {
                            out.push(Inline::Escape(first.to_string()));
                            let rest = &text[first.len_utf8()..];
                            if !rest.is_empty() {
                                out.push(Inline::Text(rest.to_string()));
                            }
                        }
                        None => out.push(self.text(&text, &range)),
                    }
                }
                Event::Code(code) => out.push(Inline::Code(code.to_string())),
                Event::InlineHtml(html) => out.push(Inline::Html(html.to_string())),
                Event::SoftBreak => out.push(Inline::Text(self.soft_break(prev_end, &range))),
                Event::HardBreak => {
                    out.push(Inline::Break);
                    let indent = self.line_indent_after(&range);
                    if !indent.is_empty() {
                        out.push(Inline::Text(indent));
                    }
                }
                Event::Start(tag) => {
                    if let Some(inline) = self.inline_tag(tag, &range) {
                        out.extend(inline);
                    }
                }
                _ => {}
            }
            prev_end = Some(range.end);
        }
        out
    }

    /// A text event as marked sees it: entities as written, an escape as its own token.
    fn text(&self, text: &str, range: &Range<usize>) -> Inline {
        let raw = self.src.get(range.clone()).unwrap_or("");
        if raw.starts_with('\\') && raw.len() > 1 && &raw[1..] == text {
            Inline::Escape(text.to_string())
        } else if raw.starts_with('&') && raw.ends_with(';') && raw != text {
            Inline::Text(raw.to_string())
        } else {
            Inline::Text(text.to_string())
        }
    }

    /// A soft line break keeps the spaces around it, as marked's text does; inside a list item
    /// or quote the continuation line's indentation belongs to the container.
    fn soft_break(&self, prev_end: Option<usize>, range: &Range<usize>) -> String {
        let bytes = self.src.as_bytes();
        let newline = (range.start..bytes.len())
            .find(|&i| bytes[i] == b'\n')
            .unwrap_or(range.start);
        let before_start = prev_end.unwrap_or(newline).min(newline);
        let before = self.src.get(before_start..newline).unwrap_or("");
        let before = if before.chars().all(|c| c == ' ') {
            before
        } else {
            ""
        };
        let after = if self.depth == 0 {
            let rest = self.src.get(newline + 1..).unwrap_or("");
            &rest[..rest.len() - rest.trim_start_matches(' ').len()]
        } else {
            ""
        };
        format!("{before}\n{after}")
    }

    /// The indentation of the line after a hard break, which marked keeps at the top level.
    fn line_indent_after(&self, range: &Range<usize>) -> String {
        if self.depth > 0 {
            return String::new();
        }
        let rest = self.src.get(range.start..).unwrap_or("");
        let Some(newline) = rest.find('\n') else {
            return String::new();
        };
        let next = &rest[newline + 1..];
        next[..next.len() - next.trim_start_matches(' ').len()].to_string()
    }

    fn inline_tag(&mut self, tag: Tag<'a>, range: &Range<usize>) -> Option<Vec<Inline>> {
        let single = |inline| Some(vec![inline]);
        match tag {
            Tag::Emphasis => single(Inline::Em(self.inlines())),
            Tag::Strong => single(Inline::Strong(self.inlines())),
            Tag::Strikethrough => {
                let children = self.inlines();
                let raw = self.src.get(range.clone()).unwrap_or("");
                if raw.starts_with("~~") {
                    single(Inline::Del(children))
                } else {
                    // marked takes only `~~` as strikethrough; a single tilde stays text.
                    let mut parts = vec![Inline::Text("~".into())];
                    parts.extend(children);
                    parts.push(Inline::Text("~".into()));
                    Some(parts)
                }
            }
            Tag::Link {
                link_type,
                dest_url,
                ..
            } => {
                let children = unwrap_links(self.inlines());
                let text = plain_text(&children);
                let href = match link_type {
                    LinkType::Email if !dest_url.starts_with("mailto:") => {
                        format!("mailto:{dest_url}")
                    }
                    _ => dest_url.to_string(),
                };
                single(Inline::Link {
                    children,
                    href,
                    text,
                })
            }
            Tag::Image { .. } => {
                let children = self.inlines();
                single(Inline::Image(plain_text(&children)))
            }
            _ => {
                self.skip_to_end();
                None
            }
        }
    }
}

/// A link's text holds no links (a bare URL inside a link's text stays text).
fn unwrap_links(inlines: Vec<Inline>) -> Vec<Inline> {
    let mut out: Vec<Inline> = Vec::with_capacity(inlines.len());
    for inline in inlines {
        let pieces = match inline {
            Inline::Link { children, .. } => unwrap_links(children),
            other => vec![other],
        };
        for piece in pieces {
            match (out.last_mut(), piece) {
                (Some(Inline::Text(last)), Inline::Text(text)) => last.push_str(&text),
                (_, piece) => out.push(piece),
            }
        }
    }
    out
}

/// The text of inline tokens without their markup.
fn plain_text(inlines: &[Inline]) -> String {
    let mut out = String::new();
    for inline in inlines {
        match inline {
            Inline::Text(t)
            | Inline::Escape(t)
            | Inline::Code(t)
            | Inline::Image(t)
            | Inline::Html(t) => out.push_str(t),
            Inline::Strong(c) | Inline::Em(c) | Inline::Del(c) => out.push_str(&plain_text(c)),
            Inline::Link { children, .. } => out.push_str(&plain_text(children)),
            Inline::Break => out.push('\n'),
        }
    }
    out
}

/// Joins adjacent text (marked merges them; escapes stay apart) and links bare URLs.
fn finish_inlines(inlines: Vec<Inline>) -> Vec<Inline> {
    let mut merged: Vec<Inline> = Vec::with_capacity(inlines.len());
    for inline in inlines {
        match (merged.last_mut(), inline) {
            (Some(Inline::Text(last)), Inline::Text(text)) => last.push_str(&text),
            (_, inline) => merged.push(inline),
        }
    }
    merged
        .into_iter()
        .flat_map(|inline| match inline {
            Inline::Text(text) => link_bare_urls(&text),
            other => vec![other],
        })
        .collect()
}
