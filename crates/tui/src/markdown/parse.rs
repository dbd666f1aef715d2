//! Markdown source to the marked-shaped token tree of [`super::tokens`], built from
//! pulldown-cmark's events and their source offsets.
//!
//! pulldown-cmark is a CommonMark parser; marked is close to CommonMark but keeps more of the
//! source: blank lines become `space` tokens, entities stay as written, escapes are their own
//! tokens, a paragraph keeps the indentation of its continuation lines, a single `~` is not
//! strikethrough and bare URLs become links (GFM autolinks, which pulldown-cmark lacks). The
//! offsets let us recover each of those from the source.

use std::ops::Range;

use pulldown_cmark::{CodeBlockKind, Event, LinkType, Options, Parser, Tag, TagEnd};

use super::autolink::link_bare_urls;
use super::tokens::{Block, Inline, List, ListItem, Table};

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

struct Builder<'a> {
    src: &'a str,
    events: Vec<(Event<'a>, Range<usize>)>,
    pos: usize,
    /// How many containers (list items, quotes) enclose the current position.
    depth: usize,
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

    /// Inline events up to and including the end tag of the enclosing block.
    fn inlines(&mut self) -> Vec<Inline> {
        let inlines = self.inline_run(true);
        self.pos += 1;
        finish_inlines(inlines)
    }

    /// Inline events up to the next block-level event, without consuming it.
    fn inlines_until_block(&mut self) -> (Vec<Inline>, usize) {
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

/// How many characters of a streamed, not yet complete closing fence end this code block's
/// source: a last line of only the fence character, shorter than the opening fence.
fn partial_fence_len(raw: &str) -> usize {
    let fence_char = match raw.chars().next() {
        Some(c @ ('`' | '~')) => c,
        _ => return 0,
    };
    let marker = raw.chars().take_while(|&c| c == fence_char).count();
    let last_line = raw.rsplit('\n').next().unwrap_or("");
    let partial = !last_line.is_empty()
        && last_line.len() < marker
        && last_line.chars().all(|c| c == fence_char);
    if marker >= 3 && partial && raw.contains('\n') {
        last_line.len()
    } else {
        0
    }
}

fn is_block_tag(tag: &Tag) -> bool {
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
pub fn plain_text(inlines: &[Inline]) -> String {
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

/// Streamed replies end mid-fence: a last line of fewer fence characters than the opening
/// fence is the closing fence arriving, so it is not shown as code (pi-tui does the same so
/// the block does not flicker).
fn trim_partial_closing_fence(blocks: &mut [Block]) {
    match blocks.last_mut() {
        Some(Block::List(list)) => {
            if let Some(item) = list.items.last_mut() {
                trim_partial_closing_fence(&mut item.blocks);
            }
        }
        Some(Block::Blockquote(children)) => trim_partial_closing_fence(children),
        Some(Block::Code {
            text,
            partial_fence,
            ..
        }) if *partial_fence > 0 => {
            let keep = text.len().saturating_sub(*partial_fence);
            if text.is_char_boundary(keep) {
                text.truncate(keep);
            }
            if text.ends_with('\n') {
                text.pop();
            }
            *partial_fence = 0;
        }
        _ => {}
    }
}

/// HTML blocks of nothing but comments render no line; one between two blank lines (or at
/// either end) also takes one blank line with it.
fn remove_html_comment_blocks(blocks: &mut Vec<Block>) {
    let mut i = blocks.len();
    while i > 0 {
        i -= 1;
        match &mut blocks[i] {
            Block::List(list) => list
                .items
                .iter_mut()
                .for_each(|item| remove_html_comment_blocks(&mut item.blocks)),
            Block::Blockquote(children) => remove_html_comment_blocks(children),
            Block::Html(raw) if strip_html_comments(raw).trim().is_empty() => {
                blocks.remove(i);
                let next_is_space = matches!(blocks.get(i), Some(Block::Space));
                if next_is_space && (i == 0 || matches!(blocks.get(i - 1), Some(Block::Space))) {
                    blocks.remove(i);
                } else if i == blocks.len()
                    && i > 0
                    && matches!(blocks.get(i - 1), Some(Block::Space))
                {
                    i -= 1;
                    blocks.remove(i);
                }
            }
            _ => {}
        }
    }
}

/// Removes HTML comments; an unclosed one runs to the end, as in CommonMark.
pub fn strip_html_comments(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(open) = rest.find("<!--") {
        out.push_str(&rest[..open]);
        match rest[open + 4..].find("-->") {
            Some(close) => rest = &rest[open + 4 + close + 3..],
            None => rest = "",
        }
    }
    out.push_str(rest);
    out
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
