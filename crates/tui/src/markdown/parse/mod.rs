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
    let events: Vec<(Event, Range<usize>)> =
        Parser::new_ext(src, options).into_offset_iter().collect();
    let mut builder = Builder {
        src,
        events,
        pos: 0,
        depth: 0,
    };
    let spanned = builder.blocks();
    let mut blocks = with_spaces(src, spanned, Some(src.len()), true);
    trim_partial_closing_fence(&mut blocks);
    remove_html_comment_blocks(&mut blocks);
    blocks
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
}

impl<'a> Builder<'a> {
    fn content_end(&self, range: &Range<usize>) -> usize {
        let slice = self.src.get(range.clone()).unwrap_or("");
        range.start + slice.trim_end().len()
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
            Tag::Paragraph => Block::Paragraph(self.inlines()),
            Tag::Heading { level, .. } => Block::Heading {
                depth: level as u8,
                inlines: self.inlines(),
            },
            Tag::CodeBlock(kind) => self.code_block(kind, &range),
            Tag::HtmlBlock => {
                self.skip_to_end();
                Block::Html(
                    self.src
                        .get(range.clone())
                        .unwrap_or("")
                        .trim_end()
                        .to_string(),
                )
            }
            Tag::BlockQuote(_) => {
                self.depth += 1;
                let children = self.blocks();
                self.pos += 1;
                self.depth -= 1;
                Block::Blockquote(with_spaces(self.src, children, None, false))
            }
            Tag::List(start) => Block::List(self.list(start)),
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
        let text = match text.strip_suffix('\n') {
            Some(stripped) => stripped.to_string(),
            None => text,
        };
        let raw = self.src.get(range.clone()).unwrap_or("");
        Block::Code {
            lang,
            text,
            partial_fence: partial_fence_len(raw),
        }
    }

    fn list(&mut self, start: Option<u64>) -> List {
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
                    let children = self.blocks();
                    self.pos += 1;
                    spans.push((range.start, children, task));
                }
                Event::End(_) => break,
                _ => {}
            }
        }
        self.depth -= 1;
        let starts: Vec<usize> = spans.iter().map(|(start, _, _)| *start).collect();
        for (index, (_, children, task)) in spans.into_iter().enumerate() {
            let next = starts.get(index + 1).copied();
            items.push(ListItem {
                task,
                blocks: with_spaces(self.src, children, next, false),
            });
        }
        List {
            ordered: start.is_some(),
            start: start.unwrap_or(1),
            loose,
            items,
        }
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
                    let cell = self.inlines();
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
