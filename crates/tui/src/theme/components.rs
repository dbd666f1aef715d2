//! Styles for pi-tui's components built from a theme, with the token each field uses as in
//! Pi's `getMarkdownTheme`, `getSelectListTheme`, `getEditorTheme` and `getSettingsListTheme`.
//! Field names are pi-tui's, in snake case.

use std::sync::Arc;

use super::styled::Theme;
use crate::component::Style;
use crate::editor::EditorTheme;
use crate::markdown::MarkdownTheme;
use crate::widgets::select_list::SelectListTheme;

/// A style that also depends on whether the row is selected (settings list labels and values).
pub type SelectableStyle = Arc<dyn Fn(&str, bool) -> String + Send + Sync>;

fn style(theme: &Arc<Theme>, paint: fn(&Theme, &str) -> String) -> Style {
    let theme = Arc::clone(theme);
    Arc::new(move |text: &str| paint(&theme, text))
}

/// pi-tui's `MarkdownTheme` from `theme`, as Pi's `getMarkdownTheme` makes it (without
/// `highlightCode`, which the caller adds): `mdHeading`, `mdLink`, `mdLinkUrl`, `mdCode`,
/// `mdCodeBlock`, `mdCodeBlockBorder`, `mdQuote`, `mdQuoteBorder`, `mdHr`, `mdListBullet`, and
/// the text attributes.
pub fn markdown_theme(theme: &Arc<Theme>) -> MarkdownTheme {
    MarkdownTheme {
        heading: theme.fg_style("mdHeading"),
        link: theme.fg_style("mdLink"),
        link_url: theme.fg_style("mdLinkUrl"),
        code: theme.fg_style("mdCode"),
        code_block: theme.fg_style("mdCodeBlock"),
        code_block_border: theme.fg_style("mdCodeBlockBorder"),
        quote: theme.fg_style("mdQuote"),
        quote_border: theme.fg_style("mdQuoteBorder"),
        hr: theme.fg_style("mdHr"),
        list_bullet: theme.fg_style("mdListBullet"),
        bold: style(theme, Theme::bold),
        italic: style(theme, Theme::italic),
        underline: style(theme, Theme::underline),
        strikethrough: style(theme, Theme::strikethrough),
        highlight_code: None,
        code_block_indent: None,
    }
}

/// pi-tui's `SelectListTheme` from `theme` (Pi's `getSelectListTheme`): the selected row's
/// marker and text in `accent`, descriptions, the "(n/m)" line and "no match" in `muted`.
pub fn select_list_theme(theme: &Arc<Theme>) -> SelectListTheme {
    SelectListTheme {
        selected_prefix: theme.fg_style("accent"),
        selected_text: theme.fg_style("accent"),
        description: theme.fg_style("muted"),
        scroll_info: theme.fg_style("muted"),
        no_match: theme.fg_style("muted"),
    }
}

/// pi-tui's `EditorTheme` from `theme` (Pi's `getEditorTheme`): the border in `borderMuted`
/// (the interactive mode swaps in the thinking-level or bash-mode colour), the completion
/// list as [`select_list_theme`].
pub fn editor_theme(theme: &Arc<Theme>) -> EditorTheme {
    EditorTheme {
        border_color: theme.fg_style("borderMuted"),
        select_list: select_list_theme(theme),
    }
}

/// Settings list styles (pi-tui's `SettingsListTheme`).
#[derive(Clone)]
pub struct SettingsListStyles {
    /// `accent` when selected, else unstyled.
    pub label: SelectableStyle,
    /// `accent` when selected, else `muted`.
    pub value: SelectableStyle,
    /// `dim`.
    pub description: Style,
    /// The selection marker, already painted: `accent` "→ ".
    pub cursor: String,
    /// `dim`.
    pub hint: Style,
}

impl Default for SettingsListStyles {
    /// Unstyled text (tests, and a list before its first themed render).
    fn default() -> Self {
        SettingsListStyles {
            label: Arc::new(|text: &str, _| text.to_string()),
            value: Arc::new(|text: &str, _| text.to_string()),
            description: crate::component::plain_style(),
            cursor: "→ ".into(),
            hint: crate::component::plain_style(),
        }
    }
}

impl SettingsListStyles {
    /// The settings list styles of `theme`.
    pub fn from_theme(theme: &Arc<Theme>) -> Self {
        let label_theme = Arc::clone(theme);
        let value_theme = Arc::clone(theme);
        SettingsListStyles {
            label: Arc::new(move |text: &str, selected: bool| {
                if selected {
                    label_theme.fg("accent", text)
                } else {
                    text.to_string()
                }
            }),
            value: Arc::new(move |text: &str, selected: bool| {
                value_theme.fg(if selected { "accent" } else { "muted" }, text)
            }),
            description: theme.fg_style("dim"),
            cursor: theme.fg("accent", "→ "),
            hint: theme.fg_style("dim"),
        }
    }
}

/// The style Pi gives a highlight.js scope in highlighted code blocks (its cli-highlight theme):
/// token colors for code scopes, attributes for `emphasis`/`strong`/`link`, `text` for
/// `default` and `subst`. `None` for a scope Pi leaves unstyled.
pub fn highlight_scope_style(theme: &Arc<Theme>, scope: &str) -> Option<Style> {
    let token = match scope {
        "default" | "subst" => "text",
        "keyword" | "name" => "syntaxKeyword",
        "built_in" | "class" | "type" => "syntaxType",
        "literal" | "number" => "syntaxNumber",
        "regexp" | "string" => "syntaxString",
        "comment" | "doctag" => "syntaxComment",
        "meta" => "muted",
        "function" | "title" => "syntaxFunction",
        "tag" | "punctuation" => "syntaxPunctuation",
        "attr" | "variable" | "params" => "syntaxVariable",
        "operator" => "syntaxOperator",
        "addition" => "toolDiffAdded",
        "deletion" => "toolDiffRemoved",
        "emphasis" => return Some(style(theme, Theme::italic)),
        "strong" => return Some(style(theme, Theme::bold)),
        "link" => return Some(style(theme, Theme::underline)),
        _ => return None,
    };
    Some(theme.fg_style(token))
}
