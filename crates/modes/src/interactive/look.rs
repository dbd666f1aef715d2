//! The resolved theme and the component themes made from it (Pi's `getMarkdownTheme`,
//! `getEditorTheme`, ...), built once per theme change.

use std::sync::Arc;

use tau_tui::editor::EditorTheme;
use tau_tui::markdown::highlight::{highlight, TokenKind};
use tau_tui::markdown::MarkdownTheme;
use tau_tui::theme::{editor_theme, markdown_theme, Theme};
use tau_tui::Style;

/// Everything the interactive mode paints with.
#[derive(Clone)]
pub struct Look {
    pub theme: Arc<Theme>,
    pub markdown: MarkdownTheme,
    pub editor: EditorTheme,
    /// The terminal shows OSC 8 hyperlinks.
    pub hyperlinks: bool,
    /// The terminal's inline image protocol (pi-tui's `getCapabilities().images`).
    pub images: Option<tau_tui::image::ImageProtocol>,
}

/// The theme token a highlighted span gets, as Pi's code highlighting maps them.
fn token_style(theme: &Theme, kind: TokenKind, text: &str) -> String {
    match kind.theme_token() {
        Some(token) => theme.fg(token, text),
        None => text.to_string(),
    }
}

impl Look {
    pub fn new(theme: Arc<Theme>) -> Self {
        let mut markdown: MarkdownTheme = markdown_theme(&theme);
        let highlighter = theme.clone();
        markdown.highlight_code = Some(Arc::new(move |code: &str, lang: Option<&str>| {
            let styled = lang.and_then(|lang| {
                highlight(code, lang, &|kind, text| {
                    token_style(&highlighter, kind, text)
                })
            });
            styled.unwrap_or_else(|| {
                code.split('\n')
                    .map(|line| highlighter.fg("mdCodeBlock", line))
                    .collect()
            })
        }));
        let capabilities = tau_tui::image::detect_from_process();
        Look {
            hyperlinks: capabilities.hyperlinks,
            images: capabilities.images,
            editor: editor_theme(&theme),
            markdown,
            theme,
        }
    }

    /// `theme.fg(token, ·)` as a style function.
    pub fn fg(&self, token: &'static str) -> Style {
        self.theme.fg_style(token)
    }

    /// `theme.bg(token, ·)` as a style function.
    pub fn bg(&self, token: &'static str) -> Style {
        let theme = self.theme.clone();
        Arc::new(move |text: &str| theme.bg(token, text))
    }
}
