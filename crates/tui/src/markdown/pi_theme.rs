//! The Markdown theme Pi builds from its colour theme (`getMarkdownTheme` in Pi's
//! interactive theme), and chalk's way of applying a text attribute, which Pi's `bold`,
//! `italic`, `underline` and `strikethrough` use.

use std::sync::Arc;

use super::highlight::{markdown_highlighter, TokenKind};
use super::theme::MarkdownTheme;
use crate::component::Style;

/// Colours text with a theme colour token (`theme.fg("mdHeading", text)`).
pub type ThemeFg = Arc<dyn Fn(&str, &str) -> String + Send + Sync>;

/// A text attribute as chalk applies it: `open text close`, where a `close` already inside
/// the text is followed by `open` again (so nesting keeps the attribute on) and each line
/// break is closed and reopened around. Empty text stays empty.
pub fn chalk_style(open: &'static str, close: &'static str) -> Style {
    Arc::new(move |text: &str| {
        if text.is_empty() {
            return String::new();
        }
        let mut inner = if text.contains('\x1b') {
            text.replace(close, &format!("{close}{open}"))
        } else {
            text.to_string()
        };
        if inner.contains('\n') {
            inner = inner
                .replace("\r\n", "\n")
                .replace('\n', &format!("{close}\n{open}"));
            if text.contains("\r\n") {
                inner = inner.replace(&format!("{close}\n"), &format!("{close}\r\n"));
            }
        }
        format!("{open}{inner}{close}")
    })
}

/// chalk's bold (`SGR 1`, closed by `22`).
pub fn bold() -> Style {
    chalk_style("\x1b[1m", "\x1b[22m")
}

/// chalk's italic (`SGR 3`/`23`).
pub fn italic() -> Style {
    chalk_style("\x1b[3m", "\x1b[23m")
}

/// chalk's underline (`SGR 4`/`24`).
pub fn underline() -> Style {
    chalk_style("\x1b[4m", "\x1b[24m")
}

/// chalk's strikethrough (`SGR 9`/`29`).
pub fn strikethrough() -> Style {
    chalk_style("\x1b[9m", "\x1b[29m")
}

impl MarkdownTheme {
    /// Pi's Markdown theme over a colour theme: each element coloured with its `md*` token,
    /// attributes from chalk, and fenced code highlighted with the `syntax*` tokens (a block
    /// without a known language is drawn in `mdCodeBlock`).
    pub fn pi(fg: ThemeFg) -> Self {
        let token = |name: &'static str| -> Style {
            let fg = fg.clone();
            Arc::new(move |text: &str| fg(name, text))
        };
        let (bold, italic, underline) = (bold(), italic(), underline());
        let code_style = {
            let fg = fg.clone();
            let (bold, italic, underline) = (bold.clone(), italic.clone(), underline.clone());
            Arc::new(move |kind: TokenKind, text: &str| match kind {
                TokenKind::Emphasis => italic(text),
                TokenKind::Strong => bold(text),
                TokenKind::Link => underline(text),
                other => fg(other.theme_token().unwrap_or("text"), text),
            })
        };
        Self {
            heading: token("mdHeading"),
            link: token("mdLink"),
            link_url: token("mdLinkUrl"),
            code: token("mdCode"),
            code_block: token("mdCodeBlock"),
            code_block_border: token("mdCodeBlockBorder"),
            quote: token("mdQuote"),
            quote_border: token("mdQuoteBorder"),
            hr: token("mdHr"),
            list_bullet: token("mdListBullet"),
            highlight_code: Some(markdown_highlighter(code_style, token("mdCodeBlock"))),
            bold,
            italic,
            underline,
            strikethrough: strikethrough(),
            code_block_indent: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chalk_reopens_after_an_inner_close_and_around_line_breaks() {
        let bold = bold();
        assert_eq!(bold("a"), "\x1b[1ma\x1b[22m");
        assert_eq!(bold(""), "");
        assert_eq!(bold("x\x1b[22my"), "\x1b[1mx\x1b[22m\x1b[1my\x1b[22m");
        assert_eq!(bold("a\nb"), "\x1b[1ma\x1b[22m\n\x1b[1mb\x1b[22m");
        assert_eq!(bold("a\r\nb"), "\x1b[1ma\x1b[22m\r\n\x1b[1mb\x1b[22m");
    }

    #[test]
    fn pi_theme_colours_by_token_and_highlights_known_languages() {
        let fg: ThemeFg = Arc::new(|token: &str, text: &str| format!("<{token}>{text}</>"));
        let theme = MarkdownTheme::pi(fg);
        assert_eq!((theme.heading)("H"), "<mdHeading>H</>");
        assert_eq!((theme.list_bullet)("- "), "<mdListBullet>- </>");
        let highlight = theme
            .highlight_code
            .as_ref()
            .expect("Pi's theme highlights");
        assert_eq!(
            highlight("let x", Some("js")),
            vec!["<syntaxKeyword>let</><text> x</>"]
        );
        assert_eq!(highlight("plain", None), vec!["<mdCodeBlock>plain</>"]);
    }
}
