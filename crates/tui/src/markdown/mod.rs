//! The Markdown component: an assistant reply (or any Markdown) drawn as styled lines with
//! pi-tui's exact layout, checked line for line against pi-tui in `tests/markdown_parity.rs`.
//!
//! Parsing is pulldown-cmark, reshaped into the token tree pi-tui's renderer expects from
//! `marked` ([`parse`]); [`render`] and [`table`] lay the tokens out; [`highlight`] colours
//! fenced code for a theme that wants it.

mod autolink;
pub mod highlight;

mod parse;
mod render;
mod table;
mod theme;
mod tokens;

use std::sync::Arc;

pub use theme::{DefaultTextStyle, HighlightCode, MarkdownTheme};

use crate::component::{Component, Lines};
use crate::width::{visible_width, wrap_text_with_ansi};
use render::Renderer;
use tokens::Block;

/// Renders Markdown text with padding, a theme and an optional default text style.
pub struct Markdown {
    text: String,
    padding_x: usize,
    padding_y: usize,
    theme: MarkdownTheme,
    default_style: Option<DefaultTextStyle>,
    hyperlinks: bool,
    /// Parsed blocks of `text` (parsing does not depend on width or theme).
    blocks: Option<Arc<Vec<Block>>>,
    cache: Option<(usize, Lines)>,
    /// Each top-level block's lines from the last render. While a reply streams only its last
    /// block changes, so the others are reused (as pi-tui does).
    rendered_blocks: Vec<RenderedBlock>,
    /// The blocks `rendered_blocks` were drawn from.
    rendered_from: Option<Arc<Vec<Block>>>,
}

/// A top-level block's output, valid for that block, width and following block kind.
struct RenderedBlock {
    next: Option<&'static str>,
    width: usize,
    lines: Vec<String>,
}

impl Markdown {
    /// Markdown `text` with `padding_x` columns left and right and `padding_y` blank lines
    /// above and below (pi-tui's constructor); hyperlinks start off.
    pub fn new(
        text: impl Into<String>,
        padding_x: usize,
        padding_y: usize,
        theme: MarkdownTheme,
        default_style: Option<DefaultTextStyle>,
    ) -> Self {
        Self {
            text: text.into(),
            padding_x,
            padding_y,
            theme,
            default_style,
            hyperlinks: false,
            blocks: None,
            cache: None,
            rendered_blocks: Vec::new(),
            rendered_from: None,
        }
    }

    /// Whether links become OSC 8 hyperlinks (the terminal supports them) or print their
    /// target after the text; pi-tui decides this from terminal capabilities.
    pub fn set_hyperlinks(&mut self, hyperlinks: bool) {
        if self.hyperlinks != hyperlinks {
            self.hyperlinks = hyperlinks;
            self.invalidate();
        }
    }

    /// Replaces the text (a streamed reply grows through this); the same text keeps the cache.
    pub fn set_text(&mut self, text: impl Into<String>) {
        let text = text.into();
        if text != self.text {
            self.text = text;
            self.blocks = None;
            self.cache = None;
        }
    }

    /// The Markdown source.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Replaces the theme (a theme switch).
    pub fn set_theme(&mut self, theme: MarkdownTheme) {
        self.theme = theme;
        self.invalidate();
    }

    fn render_lines(&mut self, width: usize) -> Vec<String> {
        let content_width = width.saturating_sub(self.padding_x * 2).max(1);
        if self.text.trim().is_empty() {
            self.rendered_blocks.clear();
            return Vec::new();
        }
        let blocks = match &self.blocks {
            Some(blocks) => blocks.clone(),
            None => {
                let parsed = Arc::new(parse::parse(&self.text.replace('\t', "   ")));
                self.blocks = Some(parsed.clone());
                parsed
            }
        };
        let renderer = Renderer::new(&self.theme, self.default_style.as_ref(), self.hyperlinks);
        let bg = self.default_style.as_ref().and_then(|s| s.bg_color.clone());
        let margin = " ".repeat(self.padding_x);
        let fill = |line: String| -> String {
            let padding = " ".repeat(width.saturating_sub(visible_width(&line)));
            match &bg {
                Some(bg) => bg(&format!("{line}{padding}")),
                None => line + &padding,
            }
        };
        let mut content = Vec::new();
        let previous = std::mem::take(&mut self.rendered_blocks);
        let previous_blocks = self.rendered_from.replace(blocks.clone());
        for (i, block) in blocks.iter().enumerate() {
            let next = blocks.get(i + 1).map(Block::kind);
            let same_block = previous_blocks
                .as_ref()
                .and_then(|b| b.get(i))
                .is_some_and(|b| b == block);
            let reusable = previous
                .get(i)
                .filter(|p| same_block && p.width == width && p.next == next);
            let lines = match reusable {
                Some(done) => done.lines.clone(),
                None => {
                    let mut lines = Vec::new();
                    for line in renderer.block(block, content_width, next, None) {
                        for wrapped in wrap_text_with_ansi(&line, content_width) {
                            lines.push(fill(format!("{margin}{wrapped}{margin}")));
                        }
                    }
                    lines
                }
            };
            content.extend(lines.iter().cloned());
            self.rendered_blocks
                .push(RenderedBlock { next, width, lines });
        }
        let empty: Vec<String> = (0..self.padding_y)
            .map(|_| fill(" ".repeat(width)))
            .collect();
        let mut lines = empty.clone();
        lines.extend(content);
        lines.extend(empty);
        if lines.is_empty() {
            lines.push(String::new());
        }
        lines
    }
}

impl Component for Markdown {
    fn render(&mut self, width: usize) -> Lines {
        if let Some((cached_width, lines)) = &self.cache {
            if *cached_width == width {
                return lines.clone();
            }
        }
        let lines: Lines = Arc::new(self.render_lines(width));
        self.cache = Some((width, lines.clone()));
        lines
    }

    fn invalidate(&mut self) {
        self.cache = None;
        self.rendered_blocks.clear();
    }
}
