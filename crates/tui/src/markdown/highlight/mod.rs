//! Syntax colouring for fenced code blocks, in the spirit of the highlight.js classes Pi's
//! theme maps (`keyword` to `syntaxKeyword`, `string` to `syntaxString`, ...). It is a small
//! hand-written scanner per language family, not highlight.js: tokens are sensible, not
//! identical.
//!
//! Use [`markdown_highlighter`] to get a [`HighlightCode`] for a [`super::MarkdownTheme`].

mod languages;
mod markup;
mod scanner;

use std::sync::Arc;

use super::theme::HighlightCode;
use crate::component::Style;

/// What a piece of code is, by highlight.js's class names (the ones Pi's theme styles).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// Text no rule matched.
    Default,
    /// Language keywords.
    Keyword,
    /// Built-in functions and types (`built_in`).
    BuiltIn,
    /// `true`, `false`, `null`, `None`...
    Literal,
    /// Numeric literals.
    Number,
    /// Regular expression literals.
    Regexp,
    /// String and character literals.
    String,
    /// Interpolation inside a string (`${...}`).
    Subst,
    /// Comments.
    Comment,
    /// Tags inside doc comments.
    Doctag,
    /// Preprocessor lines, decorators, attributes, shebangs.
    Meta,
    /// A called or defined function's name (`title.function`).
    Function,
    /// A defined class or type's name (`title.class`).
    Title,
    /// Type names (capitalised names where the language uses that).
    Type,
    /// Markup tag brackets.
    Tag,
    /// Markup tag names.
    Name,
    /// Markup attributes and data keys (JSON, YAML).
    Attr,
    /// Variables (shell `$VAR`).
    Variable,
    /// Function parameters.
    Params,
    /// Operators.
    Operator,
    /// Brackets, commas, semicolons.
    Punctuation,
    /// Markdown emphasis.
    Emphasis,
    /// Markdown strong text.
    Strong,
    /// Markdown links.
    Link,
    /// Added diff lines.
    Addition,
    /// Removed diff lines.
    Deletion,
}

impl TokenKind {
    /// The Pi theme colour token this kind is drawn with (Pi's cli-highlight theme mapping);
    /// `None` for the kinds Pi draws with a text attribute instead (emphasis, strong, link).
    pub fn theme_token(self) -> Option<&'static str> {
        use TokenKind::*;
        Some(match self {
            Default | Subst => "text",
            Keyword | Name => "syntaxKeyword",
            BuiltIn | Type => "syntaxType",
            Literal | Number => "syntaxNumber",
            Regexp | String => "syntaxString",
            Comment | Doctag => "syntaxComment",
            Meta => "muted",
            Function | Title => "syntaxFunction",
            Tag | Punctuation => "syntaxPunctuation",
            Attr | Variable | Params => "syntaxVariable",
            Operator => "syntaxOperator",
            Addition => "toolDiffAdded",
            Deletion => "toolDiffRemoved",
            Emphasis | Strong | Link => return None,
        })
    }
}

/// A run of code of one kind.
pub type Span = (TokenKind, std::string::String);

/// Styles a piece of code of a kind.
pub type TokenStyle = Arc<dyn Fn(TokenKind, &str) -> std::string::String + Send + Sync>;

/// Whether `lang` (a fence's info string, any case) names a language this highlighter knows.
pub fn supports_language(lang: &str) -> bool {
    languages::family(lang).is_some()
}

/// The spans of `code` in `lang`, or `None` for a language it does not know.
pub fn tokenize(code: &str, lang: &str) -> Option<Vec<Span>> {
    Some(match languages::family(lang)? {
        languages::Family::Code(spec) => scanner::scan(code, spec),
        languages::Family::Diff => markup::diff(code),
        languages::Family::Markup => markup::html(code),
        languages::Family::Css => markup::css(code),
        languages::Family::Yaml => markup::yaml(code),
        languages::Family::Markdown => markup::markdown(code),
    })
}

/// Highlighted lines of `code`: each line's spans styled separately, so a multi-line token
/// (a block comment) is styled on every line it covers. `None` for an unknown language.
pub fn highlight(
    code: &str,
    lang: &str,
    style: &dyn Fn(TokenKind, &str) -> std::string::String,
) -> Option<Vec<std::string::String>> {
    let spans = tokenize(code, lang)?;
    let mut lines = vec![std::string::String::new()];
    for (kind, text) in spans {
        for (i, piece) in text.split('\n').enumerate() {
            if i > 0 {
                lines.push(std::string::String::new());
            }
            if !piece.is_empty() {
                if let Some(line) = lines.last_mut() {
                    line.push_str(&style(kind, piece));
                }
            }
        }
    }
    Some(lines)
}

/// A [`HighlightCode`] as Pi's `highlightCode`: a known language is coloured with `style`;
/// no language or an unknown one draws each line with `fallback` (Pi's `mdCodeBlock`),
/// since guessing the language colours prose at random.
pub fn markdown_highlighter(style: TokenStyle, fallback: Style) -> HighlightCode {
    Arc::new(move |code: &str, lang: Option<&str>| {
        lang.filter(|l| !l.is_empty())
            .and_then(|l| highlight(code, l, &*style))
            .unwrap_or_else(|| code.split('\n').map(|line| fallback(line)).collect())
    })
}
