//! Fix-ups pi-tui applies to marked's tokens: streamed partial closing fences and
//! comment-only HTML blocks.

use super::super::tokens::Block;

/// How many characters of a streamed, not yet complete closing fence end this code block's
/// source: a last line of only the fence character, shorter than the opening fence.
pub(super) fn partial_fence_len(raw: &str) -> usize {
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

/// Streamed replies end mid-fence: a last line of fewer fence characters than the opening
/// fence is the closing fence arriving, so it is not shown as code (pi-tui does the same so
/// the block does not flicker).
pub(super) fn trim_partial_closing_fence(blocks: &mut [Block]) {
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
pub(super) fn remove_html_comment_blocks(blocks: &mut Vec<Block>) {
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
