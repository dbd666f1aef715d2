//! Where marked's `space` tokens go between blocks, and the link definitions that leave no
//! events but still separate blank lines.

use super::super::tokens::Block;

/// Puts a [`Block::Definition`] where text between top-level blocks left no events: only
/// link reference definitions do that. marked keeps a token for each, so the blank lines on
/// both sides of one stay two `space` tokens.
pub(super) fn with_definitions(src: &str, blocks: Vec<Spanned>) -> Vec<Spanned> {
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
pub(super) struct Spanned {
    pub(super) block: Block,
    pub(super) start: usize,
    /// End of the block's last non-blank character.
    pub(super) content_end: usize,
}

/// Puts marked's `space` tokens between blocks: a gap of two or more newlines (a blank line)
/// leaves one. A list item's own trailing gap needs one more, since the item keeps the first
/// blank line. `end` is where the container's last gap stops (`None`: the container keeps no
/// trailing space); at the start of the document any newline counts.
pub(super) fn with_spaces(
    src: &str,
    spanned: Vec<Spanned>,
    end: Option<usize>,
    document: bool,
) -> Vec<Block> {
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
