//! What the Markdown component styles with: pi-tui's `MarkdownTheme` and `DefaultTextStyle`.

use std::sync::Arc;

use crate::component::{plain_style, Style};

/// Highlights a code block: the code and its fence's language in, one styled line per line
/// of code out (pi-tui's `highlightCode`).
pub type HighlightCode = Arc<dyn Fn(&str, Option<&str>) -> Vec<String> + Send + Sync>;

/// Styles for each Markdown element, as pi-tui's `MarkdownTheme`.
#[derive(Clone)]
pub struct MarkdownTheme {
    pub heading: Style,
    pub link: Style,
    pub link_url: Style,
    pub code: Style,
    pub code_block: Style,
    pub code_block_border: Style,
    pub quote: Style,
    pub quote_border: Style,
    pub hr: Style,
    pub list_bullet: Style,
    pub bold: Style,
    pub italic: Style,
    pub strikethrough: Style,
    pub underline: Style,
    /// When set, code blocks are drawn from its lines instead of `code_block` per line.
    pub highlight_code: Option<HighlightCode>,
    /// Put before each code block line; pi-tui's default is two spaces.
    pub code_block_indent: Option<String>,
}

impl MarkdownTheme {
    /// A theme that styles nothing (every style leaves text as it is).
    pub fn plain() -> Self {
        let p = plain_style;
        Self {
            heading: p(),
            link: p(),
            link_url: p(),
            code: p(),
            code_block: p(),
            code_block_border: p(),
            quote: p(),
            quote_border: p(),
            hr: p(),
            list_bullet: p(),
            bold: p(),
            italic: p(),
            strikethrough: p(),
            underline: p(),
            highlight_code: None,
            code_block_indent: None,
        }
    }
}

/// The style of text that no Markdown element styles (a message's own colour), as pi-tui's
/// `DefaultTextStyle`. The background is applied to whole padded lines, not to the text.
#[derive(Clone, Default)]
pub struct DefaultTextStyle {
    pub color: Option<Style>,
    pub bg_color: Option<Style>,
    pub bold: bool,
    pub italic: bool,
    pub strikethrough: bool,
    pub underline: bool,
}

/// What a style puts before its text: the part of `style("\0")` before the `\0`. Restored
/// after an inner style's reset so the outer style carries on.
pub fn style_prefix(style: &dyn Fn(&str) -> String) -> String {
    let styled = style("\0");
    styled
        .find('\0')
        .map(|at| styled[..at].to_string())
        .unwrap_or_default()
}
