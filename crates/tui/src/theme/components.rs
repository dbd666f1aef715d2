//! Styles for pi-tui's components built from a theme, with the token each field uses as in
//! Pi's `getMarkdownTheme`, `getSelectListTheme`, `getEditorTheme` and `getSettingsListTheme`.
//! Field names are pi-tui's, in snake case.

use std::sync::Arc;

use super::styled::Theme;
use crate::component::Style;

/// A style that also depends on whether the row is selected (settings list labels and values).
pub type SelectableStyle = Arc<dyn Fn(&str, bool) -> String + Send + Sync>;

fn style(theme: &Arc<Theme>, paint: fn(&Theme, &str) -> String) -> Style {
    let theme = Arc::clone(theme);
    Arc::new(move |text: &str| paint(&theme, text))
}

/// Markdown rendering styles (pi-tui's `MarkdownTheme`, without `highlightCode`).
#[derive(Clone)]
pub struct MarkdownStyles {
    /// `mdHeading`.
    pub heading: Style,
    /// `mdLink`.
    pub link: Style,
    /// `mdLinkUrl`.
    pub link_url: Style,
    /// `mdCode` (inline code).
    pub code: Style,
    /// `mdCodeBlock` (code block lines when not syntax-highlighted).
    pub code_block: Style,
    /// `mdCodeBlockBorder` (the fences).
    pub code_block_border: Style,
    /// `mdQuote`.
    pub quote: Style,
    /// `mdQuoteBorder`.
    pub quote_border: Style,
    /// `mdHr`.
    pub hr: Style,
    /// `mdListBullet`.
    pub list_bullet: Style,
    /// Bold (SGR 1).
    pub bold: Style,
    /// Italic (SGR 3).
    pub italic: Style,
    /// Underline (SGR 4).
    pub underline: Style,
    /// Strikethrough (SGR 9).
    pub strikethrough: Style,
}

impl MarkdownStyles {
    /// The Markdown styles of `theme`.
    pub fn from_theme(theme: &Arc<Theme>) -> Self {
        MarkdownStyles {
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
        }
    }
}

/// Select list styles (pi-tui's `SelectListTheme`).
#[derive(Clone)]
pub struct SelectListStyles {
    /// `accent`: the marker before the selected row.
    pub selected_prefix: Style,
    /// `accent`: the selected row's text.
    pub selected_text: Style,
    /// `muted`: an item's description.
    pub description: Style,
    /// `muted`: the "(n/m)" line.
    pub scroll_info: Style,
    /// `muted`: the message when nothing matches.
    pub no_match: Style,
}

impl SelectListStyles {
    /// The select list styles of `theme`.
    pub fn from_theme(theme: &Arc<Theme>) -> Self {
        SelectListStyles {
            selected_prefix: theme.fg_style("accent"),
            selected_text: theme.fg_style("accent"),
            description: theme.fg_style("muted"),
            scroll_info: theme.fg_style("muted"),
            no_match: theme.fg_style("muted"),
        }
    }
}

/// Editor styles (pi-tui's `EditorTheme`).
#[derive(Clone)]
pub struct EditorStyles {
    /// `borderMuted`: the editor's border (the interactive mode swaps in the thinking-level or
    /// bash-mode color).
    pub border_color: Style,
    /// The autocomplete list.
    pub select_list: SelectListStyles,
}

impl EditorStyles {
    /// The editor styles of `theme`.
    pub fn from_theme(theme: &Arc<Theme>) -> Self {
        EditorStyles {
            border_color: theme.fg_style("borderMuted"),
            select_list: SelectListStyles::from_theme(theme),
        }
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

impl From<MarkdownStyles> for crate::markdown::MarkdownTheme {
    fn from(s: MarkdownStyles) -> Self {
        crate::markdown::MarkdownTheme {
            heading: s.heading,
            link: s.link,
            link_url: s.link_url,
            code: s.code,
            code_block: s.code_block,
            code_block_border: s.code_block_border,
            quote: s.quote,
            quote_border: s.quote_border,
            hr: s.hr,
            list_bullet: s.list_bullet,
            bold: s.bold,
            italic: s.italic,
            strikethrough: s.strikethrough,
            underline: s.underline,
            highlight_code: None,
            code_block_indent: None,
        }
    }
}

impl From<SelectListStyles> for crate::widgets::select_list::SelectListTheme {
    fn from(s: SelectListStyles) -> Self {
        crate::widgets::select_list::SelectListTheme {
            selected_prefix: s.selected_prefix,
            selected_text: s.selected_text,
            description: s.description,
            scroll_info: s.scroll_info,
            no_match: s.no_match,
        }
    }
}

impl From<EditorStyles> for crate::editor::EditorTheme {
    fn from(s: EditorStyles) -> Self {
        crate::editor::EditorTheme {
            border_color: s.border_color,
            select_list: s.select_list.into(),
        }
    }
}
