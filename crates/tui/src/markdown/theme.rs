//! What the Markdown component styles with: pi-tui's `MarkdownTheme` and `DefaultTextStyle`.

use std::sync::Arc;

use crate::component::{plain_style, Style};

/// Highlights a code block: the code and its fence's language in, one styled line per line
/// of code out (pi-tui's `highlightCode`).
pub type HighlightCode = Arc<dyn Fn(&str, Option<&str>) -> Vec<String> + Send + Sync>;

/// Styles for each Markdown element, as pi-tui's `MarkdownTheme`.
#[derive(Clone)]
pub struct MarkdownTheme {
    /// Headings (level 1 is also bold and underlined, others bold).
    pub heading: Style,
    /// Link text (inside `underline`).
    pub link: Style,
    /// The ` (url)` printed after a link when hyperlinks are off.
    pub link_url: Style,
    /// Inline code spans.
    pub code: Style,
    /// Each line of a code block when there is no `highlight_code`.
    pub code_block: Style,
    /// The ```` ```lang ```` and ```` ``` ```` lines around a code block.
    pub code_block_border: Style,
    /// Quoted text (inside `italic`).
    pub quote: Style,
    /// The `│ ` before each quoted line.
    pub quote_border: Style,
    /// Horizontal rules.
    pub hr: Style,
    /// List markers (`- `, `1. `, `- [ ] `).
    pub list_bullet: Style,
    /// Strong text; also table headers.
    pub bold: Style,
    /// Emphasis; also quotes.
    pub italic: Style,
    /// `~~struck~~` text.
    pub strikethrough: Style,
    /// Underlined text (links, level-1 headings).
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
    /// Foreground colour of plain text.
    pub color: Option<Style>,
    /// Background of every line, padding included.
    pub bg_color: Option<Style>,
    /// Plain text is bold.
    pub bold: bool,
    /// Plain text is italic.
    pub italic: bool,
    /// Plain text is struck through.
    pub strikethrough: bool,
    /// Plain text is underlined.
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
