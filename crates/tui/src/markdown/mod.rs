//! The Markdown component: an assistant reply (or any Markdown) drawn as styled lines with
//! pi-tui's exact layout, checked line for line against pi-tui in `tests/markdown_parity.rs`.
//!
//! Parsing is pulldown-cmark, reshaped into the token tree pi-tui's renderer expects from
//! `marked` (`parse`); `render` and `table` lay the tokens out; [`highlight`] colours fenced
//! code for a theme that wants it, and [`MarkdownTheme::pi`] is Pi's own theme.
//!
//! ```
//! use std::sync::Arc;
//! use tau_tui::markdown::{Markdown, MarkdownTheme};
//! use tau_tui::Component;
//!
//! let fg = Arc::new(|token: &str, text: &str| format!("[{token}]{text}"));
//! let mut reply = Markdown::new("# Done\n\nAll **tests** pass.", 1, 0, MarkdownTheme::pi(fg), None);
//! let lines = reply.render(40);
//! assert_eq!(lines.len(), 3);
//! reply.set_text("# Done\n\nAll **tests** pass, and more arrives..."); // streaming
//! ```

mod autolink;
pub mod highlight;
mod parse;
mod pi_theme;
mod render;
mod table;
mod theme;
mod tokens;

use std::sync::Arc;

pub use pi_theme::{chalk_style, ThemeFg};
pub use theme::{DefaultTextStyle, HighlightCode, MarkdownOptions, MarkdownTheme};

use crate::component::{Component, Lines, WidthCache};
use crate::width::{visible_width, wrap_text_with_ansi};
use render::Renderer;
use tokens::Block;

/// Rewrites the Markdown source before parsing, given the width available for content
/// (pi-tui's `transform` option; Pi's extensions register such transformers).
pub type Transform = Arc<dyn Fn(&str, usize) -> String + Send + Sync>;

/// Renders Markdown text with padding, a theme and an optional default text style.
pub struct Markdown {
    text: String,
    padding_x: usize,
    padding_y: usize,
    theme: MarkdownTheme,
    default_style: Option<DefaultTextStyle>,
    options: MarkdownOptions,
    /// The source last parsed (after the transform and tab expansion) and its blocks;
    /// parsing depends on neither width nor theme.
    blocks: Option<(String, Arc<Vec<Block>>)>,
    transform: Option<Transform>,
    cache: WidthCache,
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
            options: MarkdownOptions::default(),
            blocks: None,
            transform: None,
            cache: WidthCache::default(),
            rendered_blocks: Vec::new(),
            rendered_from: None,
        }
    }

    /// Whether links become OSC 8 hyperlinks (the terminal supports them) or print their
    /// target after the text; pi-tui decides this from terminal capabilities.
    pub fn set_hyperlinks(&mut self, hyperlinks: bool) {
        self.set_options(MarkdownOptions {
            hyperlinks,
            ..self.options
        });
    }

    /// Replaces the rendering options.
    pub fn set_options(&mut self, options: MarkdownOptions) {
        if self.options != options {
            self.options = options;
            self.invalidate();
        }
    }

    /// Replaces the text (a streamed reply grows through this); the same text keeps the cache.
    pub fn set_text(&mut self, text: impl Into<String>) {
        let text = text.into();
        if text != self.text {
            self.text = text;
            self.cache.clear();
        }
    }

    /// Sets or clears the source transform.
    pub fn set_transform(&mut self, transform: Option<Transform>) {
        self.transform = transform;
        self.invalidate();
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
        let transformed = self
            .transform
            .as_ref()
            .map(|transform| transform(&self.text, content_width));
        let text = transformed.as_deref().unwrap_or(&self.text);
        if text.trim().is_empty() {
            self.rendered_blocks.clear();
            return Vec::new();
        }
        let source = text.replace('\t', "   ");
        let blocks = match &self.blocks {
            Some((parsed_source, blocks)) if *parsed_source == source => blocks.clone(),
            _ => {
                let parsed = Arc::new(parse::parse(&source));
                self.blocks = Some((source, parsed.clone()));
                parsed
            }
        };
        let renderer = Renderer::new(&self.theme, self.default_style.as_ref(), self.options);
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
        if let Some(lines) = self.cache.get(width) {
            return lines;
        }
        let lines = self.render_lines(width);
        self.cache.store(width, lines)
    }

    fn invalidate(&mut self) {
        self.cache.clear();
        self.rendered_blocks.clear();
    }

    fn release_caches(&mut self) {
        self.invalidate();
        self.rendered_from = None;
        self.blocks = None;
    }
}
