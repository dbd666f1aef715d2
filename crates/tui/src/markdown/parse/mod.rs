//! Markdown source to the marked-shaped token tree of [`super::tokens`], built from
//! pulldown-cmark's events and their source offsets.
//!
//! pulldown-cmark is a CommonMark parser; marked is close to CommonMark but keeps more of the
//! source: blank lines become `space` tokens, entities stay as written, escapes are their own
//! tokens, a paragraph keeps the indentation of its continuation lines, a single `~` is not
//! strikethrough and bare URLs become links (GFM autolinks, which pulldown-cmark lacks). The
//! offsets let us recover each of those from the source.

mod cleanup;
mod inline;

use std::ops::Range;

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};

use super::tokens::{Block, Inline, List, ListItem, Table};
pub use cleanup::strip_html_comments;
use cleanup::{partial_fence_len, remove_html_comment_blocks, trim_partial_closing_fence};

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
    };
    let spanned = with_definitions(src, builder.blocks());
    let mut blocks = with_spaces(src, spanned, Some(src.len()), true);
    trim_partial_closing_fence(&mut blocks);
    remove_html_comment_blocks(&mut blocks);
    blocks
}

/// Puts a [`Block::Definition`] where text between top-level blocks left no events: only
/// link reference definitions do that. marked keeps a token for each, so the blank lines on
/// both sides of one stay two `space` tokens.
fn with_definitions(src: &str, blocks: Vec<Spanned>) -> Vec<Spanned> {
    let mut out = Vec::with_capacity(blocks.len());
    let mut gap_start = 0;
    // Each run of non-blank lines is one definition block (blank lines between definitions
    // become spaces).
    let definition = |out: &mut Vec<Spanned>, from: usize, to: usize| {
        let gap = src.get(from..to).unwrap_or("");
        let mut offset = from;
        let mut run: Option<(usize, usize)> = None;
        for line in gap.split_inclusive('\n') {
            let line_end = offset + line.trim_end().len();
            if line.trim().is_empty() {
                if let Some((start, content_end)) = run.take() {
                    out.push(Spanned {
                        block: Block::Definition,
                        start,
                        content_end,
                    });
                }
            } else {
                let start = offset + (line.len() - line.trim_start().len());
                run = Some((run.map_or(start, |(s, _)| s), line_end));
            }
            offset += line.len();
        }
        if let Some((start, content_end)) = run {
            out.push(Spanned {
                block: Block::Definition,
                start,
                content_end,
            });
        }
    };
    for block in blocks {
        definition(&mut out, gap_start, block.start);
        gap_start = block.content_end.max(gap_start);
        out.push(block);
    }
    definition(&mut out, gap_start, src.len());
    out
}

/// A block with where it sits in the source, for finding the blank lines between blocks.
struct Spanned {
    block: Block,
    start: usize,
    /// End of the block's last non-blank character.
    content_end: usize,
}

/// Puts marked's `space` tokens between blocks: a gap of two or more newlines (a blank line)
/// leaves one. A list item's own trailing gap needs one more, since the item keeps the first
/// blank line. `end` is where the container's last gap stops (`None`: the container keeps no
/// trailing space); at the start of the document any newline counts.
fn with_spaces(src: &str, spanned: Vec<Spanned>, end: Option<usize>, document: bool) -> Vec<Block> {
    let newlines =
        |from: usize, to: usize| src.get(from..to).map_or(0, |gap| gap.matches('\n').count());
    let mut blocks = Vec::with_capacity(spanned.len() * 2);
    if document {
        if let Some(first) = spanned.first() {
            if newlines(0, first.start) >= 1 {
                blocks.push(Block::Space);
            }
        }
    }
    let count = spanned.len();
    for (index, item) in spanned.iter().enumerate() {
        let gap_end = match spanned.get(index + 1) {
            Some(next) => Some(next.start),
            None => end,
        };
        blocks.push(item.block.clone());
        if let Some(gap_end) = gap_end {
            let extra = usize::from(index + 1 == count && !document);
            if newlines(item.content_end, gap_end).saturating_sub(extra) >= 2 {
                blocks.push(Block::Space);
            }
        }
    }
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

    fn list(&mut self, start: Option<u64>) -> (List, usize) {
        let mut items = Vec::new();
        let mut spans: Vec<(usize, Vec<Spanned>, Option<bool>)> = Vec::new();
        let mut loose = false;
        self.depth += 1;
        while let Some((event, range)) = self.events.get(self.pos).cloned() {
            self.pos += 1;
            match event {
                Event::Start(Tag::Item) => {
                    // The marker opens a tight item; in a loose one it sits inside the first
                    // paragraph, where the inline reader passes over it.
                    let task = match (self.events.get(self.pos), self.events.get(self.pos + 1)) {
                        (Some((Event::TaskListMarker(checked), _)), _) => {
                            let checked = *checked;
                            self.pos += 1;
                            Some(checked)
                        }
                        (
                            Some((Event::Start(Tag::Paragraph), _)),
                            Some((Event::TaskListMarker(checked), _)),
                        ) => Some(*checked),
                        _ => None,
                    };
                    loose |= matches!(
                        self.events.get(self.pos),
                        Some((Event::Start(Tag::Paragraph), _))
                    );
                    self.columns
                        .push(Some(self.item_content_column(range.start)));
                    let children = self.blocks();
                    self.columns.pop();
                    self.pos += 1;
                    spans.push((range.start, children, task));
                }
                Event::End(_) => break,
                _ => {}
            }
        }
        self.depth -= 1;
        let starts: Vec<usize> = spans.iter().map(|(start, _, _)| *start).collect();
        let content_end = spans
            .iter()
            .flat_map(|(start, children, _)| {
                children.iter().map(|c| c.content_end).chain([*start + 1])
            })
            .max()
            .unwrap_or(0);
        for (index, (_, children, task)) in spans.into_iter().enumerate() {
            let next = starts.get(index + 1).copied();
            items.push(ListItem {
                task,
                blocks: with_spaces(self.src, children, next, false),
            });
        }
        let list = List {
            ordered: start.is_some(),
            start: start.unwrap_or(1),
            loose,
            items,
        };
        (list, content_end)
    }

    /// The column where a list item's content starts: after its marker (`-`, `1.`) and one
    /// to four spaces (one when more follow, or none do).
    fn item_content_column(&self, item_start: usize) -> usize {
        let line_start = self.src[..item_start].rfind('\n').map_or(0, |i| i + 1);
        let from_item = &self.src[item_start..];
        let marker_start = item_start + (from_item.len() - from_item.trim_start_matches(' ').len());
        let rest = &self.src[marker_start..];
        let marker = rest
            .find(|c: char| !c.is_ascii_digit())
            .map_or(rest.len(), |digits| digits + 1);
        let after = rest.get(marker..).unwrap_or("");
        let spaces = after.len() - after.trim_start_matches(' ').len();
        let line_ends = after.trim_start_matches(' ').starts_with('\n') || after.trim().is_empty();
        let gap = if (1..=4).contains(&spaces) && !line_ends {
            spaces
        } else {
            1
        };
        marker_start - line_start + marker + gap
    }

    fn table(&mut self, range: &Range<usize>) -> Table {
        let mut header = Vec::new();
        let mut rows: Vec<Vec<Vec<Inline>>> = Vec::new();
        let mut in_head = false;
        while let Some((event, _)) = self.events.get(self.pos).cloned() {
            self.pos += 1;
            match event {
                Event::Start(Tag::TableHead) => in_head = true,
                Event::End(TagEnd::TableHead) => in_head = false,
                Event::Start(Tag::TableRow) => rows.push(Vec::new()),
                Event::Start(Tag::TableCell) => {
                    self.in_table_cell = true;
                    let cell = self.inlines();
                    self.in_table_cell = false;
                    match (in_head, rows.last_mut()) {
                        (true, _) | (false, None) => header.push(cell),
                        (false, Some(row)) => row.push(cell),
                    }
                }
                Event::End(TagEnd::Table) => break,
                _ => {}
            }
        }
        // marked's table source keeps the newline after it unless blank lines follow.
        let content_end = self.content_end(range);
        let after = self.src.get(content_end..).unwrap_or("");
        let gap = &after[..after.len() - after.trim_start().len()];
        let mut raw = self
            .src
            .get(range.start..content_end)
            .unwrap_or("")
            .to_string();
        if gap.matches('\n').count() == 1 {
            raw.push('\n');
        }
        Table { header, rows, raw }
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

#[cfg(test)]
mod tests {
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
}
