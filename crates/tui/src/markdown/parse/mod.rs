//! Markdown source to the marked-shaped token tree of [`super::tokens`], built from
//! pulldown-cmark's events and their source offsets.
//!
//! pulldown-cmark is a CommonMark parser; marked is close to CommonMark but keeps more of the
//! source: blank lines become `space` tokens, entities stay as written, escapes are their own
//! tokens, a paragraph keeps the indentation of its continuation lines, a single `~` is not
//! strikethrough and bare URLs become links (GFM autolinks, which pulldown-cmark lacks). The
//! offsets let us recover each of those from the source.

mod cjk_emphasis;
mod cleanup;
mod containers;
mod inline;
mod spacing;
#[cfg(test)]
mod tests;

use std::ops::Range;

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag};

use super::tokens::{Block, Inline};
pub use cleanup::strip_html_comments;
use cleanup::{partial_fence_len, remove_html_comment_blocks, trim_partial_closing_fence};
use spacing::{with_definitions, with_spaces, Spanned};

/// Parses `src` (tabs already expanded) into top-level blocks.
pub fn parse(src: &str) -> Vec<Block> {
    let options =
        Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TASKLISTS;
    let parser = Parser::new_ext(src, options).into_offset_iter();
    let events: Vec<(Event, Range<usize>)> = parser.collect();
    let mut builder = Builder {
        src,
        events,
        pos: 0,
        depth: 0,
        columns: Vec::new(),
        in_table_cell: false,
        cjk_document: src.chars().any(cjk_emphasis::is_cjk),
    };
    let spanned = with_definitions(src, builder.blocks());
    let mut blocks = with_spaces(src, spanned, Some(src.len()), true);
    trim_partial_closing_fence(&mut blocks);
    remove_html_comment_blocks(&mut blocks);
    blocks
}

pub(super) struct Builder<'a> {
    pub(super) src: &'a str,
    pub(super) events: Vec<(Event<'a>, Range<usize>)>,
    pub(super) pos: usize,
    /// How many containers (list items, quotes) enclose the current position.
    pub(super) depth: usize,
    /// For each enclosing container, innermost last: a list item's content column, or
    /// `None` for a quote.
    pub(super) columns: Vec<Option<usize>>,
    /// Inside a table cell, where an escaped pipe is part of the cell's text.
    pub(super) in_table_cell: bool,
    /// The document holds CJK text, so `*` emphasis is paired by marked-cjk-friendly's rules
    /// (see `cjk_emphasis`).
    pub(super) cjk_document: bool,
}

impl<'a> Builder<'a> {
    /// Where a block's content ends: before trailing blank lines, including the `>`-only
    /// lines a quote's blank line leaves (pulldown-cmark's ranges take those in).
    fn content_end(&self, range: &Range<usize>) -> usize {
        let mut content = self.src.get(range.clone()).unwrap_or("").trim_end();
        while let Some(newline) = content.rfind('\n') {
            let last_line = &content[newline + 1..];
            if !last_line.chars().all(|c| c == '>' || c == ' ') {
                break;
            }
            content = content[..newline].trim_end();
        }
        range.start + content.len()
    }

    fn spanned(&self, block: Block, range: Range<usize>) -> Spanned {
        let content_end = self.content_end(&range).max(range.start);
        Spanned {
            block,
            start: range.start,
            content_end,
        }
    }

    /// Blocks until the end tag of the enclosing container (or the end of the events).
    fn blocks(&mut self) -> Vec<Spanned> {
        let mut out = Vec::new();
        while let Some((event, range)) = self.events.get(self.pos).cloned() {
            match event {
                Event::End(_) => break,
                Event::Start(tag) if is_block_tag(&tag) => {
                    self.pos += 1;
                    if let Some(block) = self.block(tag, range.clone()) {
                        out.push(block);
                    }
                }
                Event::Rule => {
                    self.pos += 1;
                    out.push(self.spanned(Block::Hr, range));
                }
                Event::Html(_) => {
                    self.pos += 1;
                    let raw = self
                        .src
                        .get(range.clone())
                        .unwrap_or("")
                        .trim_end()
                        .to_string();
                    out.push(self.spanned(Block::Html(raw), range));
                }
                _ => {
                    // Inline content straight in a container: the text of a tight list item.
                    let start = range.start;
                    let (inlines, end) = self.inlines_until_block();
                    out.push(self.spanned(Block::Paragraph(inlines), start..end));
                }
            }
        }
        out
    }

    /// Consumes the events of the block that `tag` opened, including its end tag.
    fn block(&mut self, tag: Tag<'a>, range: Range<usize>) -> Option<Spanned> {
        let block = match tag {
            Tag::Paragraph => {
                let mut inlines = self.inlines();
                // marked keeps a paragraph's indentation: at the top level all of it, in a
                // list item what lies past the item's content column.
                let line_start = self.src[..range.start].rfind('\n').map_or(0, |i| i + 1);
                let before = &self.src[line_start..range.start];
                let indent = if before.chars().all(|c| c == ' ') {
                    self.kept_indent(line_start)
                } else {
                    ""
                };
                if !indent.is_empty() {
                    match inlines.first_mut() {
                        Some(Inline::Text(text)) => text.insert_str(0, indent),
                        _ => inlines.insert(0, Inline::Text(indent.to_string())),
                    }
                }
                // marked also keeps the spaces that end a paragraph's last line.
                let raw = self
                    .src
                    .get(range.clone())
                    .unwrap_or("")
                    .trim_end_matches('\n');
                let trailing = &raw[raw.trim_end_matches(' ').len()..];
                if !trailing.is_empty() && !raw.trim().is_empty() {
                    match inlines.last_mut() {
                        Some(Inline::Text(text)) => text.push_str(trailing),
                        _ => inlines.push(Inline::Text(trailing.to_string())),
                    }
                }
                Block::Paragraph(inlines)
            }
            Tag::Heading { level, .. } => Block::Heading {
                depth: level as u8,
                inlines: self.inlines(),
            },
            Tag::CodeBlock(kind) => self.code_block(kind, &range),
            Tag::HtmlBlock => {
                // The events' text, not the source: inside a list item the item's
                // indentation is not part of the HTML.
                let mut html = String::new();
                while let Some((event, _)) = self.events.get(self.pos) {
                    self.pos += 1;
                    match event {
                        Event::Html(text) | Event::Text(text) => html.push_str(text),
                        Event::End(_) => break,
                        _ => {}
                    }
                }
                Block::Html(html.trim_end().to_string())
            }
            Tag::BlockQuote(_) => {
                self.depth += 1;
                self.columns.push(None);
                let children = self.blocks();
                self.columns.pop();
                self.pos += 1;
                self.depth -= 1;
                Block::Blockquote(with_spaces(self.src, children, None, false))
            }
            Tag::List(start) => {
                // A list's range can run on over the blank lines and link definitions after
                // it; its content ends where its last item's does.
                let (list, content_end) = self.list(start);
                return Some(Spanned {
                    block: Block::List(list),
                    start: range.start,
                    content_end,
                });
            }
            Tag::Table(_) => Block::Table(self.table(&range)),
            _ => {
                self.skip_to_end();
                return None;
            }
        };
        Some(self.spanned(block, range))
    }

    fn skip_to_end(&mut self) {
        let mut depth = 1usize;
        while let Some((event, _)) = self.events.get(self.pos) {
            self.pos += 1;
            match event {
                Event::Start(_) => depth += 1,
                Event::End(_) => {
                    depth -= 1;
                    if depth == 0 {
                        return;
                    }
                }
                _ => {}
            }
        }
    }

    fn code_block(&mut self, kind: CodeBlockKind<'a>, range: &Range<usize>) -> Block {
        let mut text = String::new();
        while let Some((event, _)) = self.events.get(self.pos) {
            self.pos += 1;
            match event {
                Event::Text(t) => text.push_str(t),
                Event::End(_) => break,
                _ => {}
            }
        }
        let lang = match kind {
            // A fence without an info string has an empty language; an indented block none.
            CodeBlockKind::Fenced(info) => Some(info.trim().to_string()),
            CodeBlockKind::Indented => None,
        };
        let mut text = match text.strip_suffix('\n') {
            Some(stripped) => stripped.to_string(),
            None => text,
        };
        // marked's indented code keeps its last newline when no blank line follows it.
        if lang.is_none() {
            let after = self.src.get(self.content_end(range)..).unwrap_or("");
            let gap = &after[..after.len() - after.trim_start().len()];
            if gap.matches('\n').count() == 1 {
                text.push('\n');
            }
        }
        let raw = self.src.get(range.clone()).unwrap_or("");
        Block::Code {
            lang,
            text,
            partial_fence: partial_fence_len(raw),
        }
    }
}

pub(super) fn is_block_tag(tag: &Tag) -> bool {
    matches!(
        tag,
        Tag::Paragraph
            | Tag::Heading { .. }
            | Tag::BlockQuote(_)
            | Tag::CodeBlock(_)
            | Tag::HtmlBlock
            | Tag::List(_)
            | Tag::Item
            | Tag::Table(_)
    )
}
