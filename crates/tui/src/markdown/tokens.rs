//! The token tree the renderer walks, shaped like the token list of `marked` (the lexer
//! pi-tui uses) rather than like pulldown-cmark's event stream: pi-tui's output depends on
//! marked's shapes, such as the `space` token a blank line leaves between two blocks, or the
//! separate token a backslash escape gets.

/// A block-level token.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    /// Blank lines between blocks (marked's `space`): renders as one empty line.
    Space,
    Heading {
        depth: u8,
        inlines: Vec<Inline>,
    },
    /// A paragraph, or the bare text of a tight list item (they render alike).
    Paragraph(Vec<Inline>),
    Code {
        lang: Option<String>,
        text: String,
        /// Length of a streamed partial closing fence at the end of the source (see
        /// `parse::trim_partial_closing_fence`); zero once trimmed or when there is none.
        partial_fence: usize,
    },
    List(List),
    Table(Table),
    Blockquote(Vec<Block>),
    Hr,
    /// Raw HTML block source (trailing blank lines excluded).
    Html(String),
}

impl Block {
    /// The marked token type name, which decides spacing after a block.
    pub fn kind(&self) -> &'static str {
        match self {
            Block::Space => "space",
            Block::Heading { .. } => "heading",
            Block::Paragraph(_) => "paragraph",
            Block::Code { .. } => "code",
            Block::List(_) => "list",
            Block::Table(_) => "table",
            Block::Blockquote(_) => "blockquote",
            Block::Hr => "hr",
            Block::Html(_) => "html",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct List {
    pub ordered: bool,
    pub start: u64,
    pub loose: bool,
    pub items: Vec<ListItem>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ListItem {
    /// `Some(checked)` for a task list item.
    pub task: Option<bool>,
    pub blocks: Vec<Block>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    pub header: Vec<Vec<Inline>>,
    pub rows: Vec<Vec<Vec<Inline>>>,
    /// The table's source, shown when the width is too small for any table.
    pub raw: String,
}

/// An inline token.
#[derive(Debug, Clone, PartialEq)]
pub enum Inline {
    /// Literal text; may hold `\n` from soft line breaks.
    Text(String),
    /// A backslash-escaped character, kept apart from the text around it as marked does.
    Escape(String),
    Strong(Vec<Inline>),
    Em(Vec<Inline>),
    Del(Vec<Inline>),
    Code(String),
    Link {
        children: Vec<Inline>,
        href: String,
        /// The link's text as written, compared with `href` to decide whether to print it.
        text: String,
    },
    /// An image renders as its alt text.
    Image(String),
    /// A hard line break.
    Break,
    /// Inline HTML, shown as written (comments are hidden).
    Html(String),
}
