//! Tokens to lines: pi-tui's Markdown rules for each block and inline token (spacing after
//! blocks, heading prefixes, code fences, quote borders, list markers, link targets).

use super::parse::strip_html_comments;
use super::theme::{style_prefix, DefaultTextStyle, MarkdownTheme};
use super::tokens::{Block, Inline, List};
use crate::width::{visible_width, wrap_text_with_ansi};

/// How inline text is styled where it stands, and the prefix that restores that style after
/// an inner element's closing code.
pub struct StyleContext<'a> {
    pub apply: &'a dyn Fn(&str) -> String,
    pub prefix: String,
}

pub struct Renderer<'a> {
    pub theme: &'a MarkdownTheme,
    pub default_style: Option<&'a DefaultTextStyle>,
    pub hyperlinks: bool,
    /// `style_prefix` of the default style, computed once.
    pub default_prefix: String,
}

impl<'a> Renderer<'a> {
    pub fn new(
        theme: &'a MarkdownTheme,
        default_style: Option<&'a DefaultTextStyle>,
        hyperlinks: bool,
    ) -> Self {
        let mut renderer = Self {
            theme,
            default_style,
            hyperlinks,
            default_prefix: String::new(),
        };
        if default_style.is_some() {
            renderer.default_prefix = style_prefix(&|t: &str| renderer.apply_default_style(t));
        }
        renderer
    }

    /// The default text style without its background (that goes on whole lines).
    pub fn apply_default_style(&self, text: &str) -> String {
        let Some(style) = self.default_style else {
            return text.to_string();
        };
        let mut styled = match &style.color {
            Some(color) => color(text),
            None => text.to_string(),
        };
        let theme = self.theme;
        for (on, decorate) in [
            (style.bold, &theme.bold),
            (style.italic, &theme.italic),
            (style.strikethrough, &theme.strikethrough),
            (style.underline, &theme.underline),
        ] {
            if on {
                styled = decorate(&styled);
            }
        }
        styled
    }

    /// Lines of one block at `width`; `next` is the following sibling's kind.
    pub fn block(
        &self,
        block: &Block,
        width: usize,
        next: Option<&str>,
        ctx: Option<&StyleContext>,
    ) -> Vec<String> {
        let spaced = |lines: &mut Vec<String>| {
            if next.is_some_and(|kind| kind != "space") {
                lines.push(String::new());
            }
        };
        let mut lines = Vec::new();
        match block {
            Block::Heading { depth, inlines } => {
                let theme = self.theme;
                let style = |text: &str| {
                    let inner = if *depth == 1 {
                        (theme.underline)(text)
                    } else {
                        text.to_string()
                    };
                    (theme.heading)(&(theme.bold)(&inner))
                };
                let heading_ctx = StyleContext {
                    apply: &style,
                    prefix: style_prefix(&style),
                };
                let text = self.inlines(inlines, Some(&heading_ctx));
                if *depth >= 3 {
                    lines.push(style(&format!("{} ", "#".repeat(usize::from(*depth)))) + &text);
                } else {
                    lines.push(text);
                }
                spaced(&mut lines);
            }
            Block::Paragraph(inlines) => {
                lines.push(self.inlines(inlines, ctx));
                if next.is_some_and(|kind| kind != "list" && kind != "space") {
                    lines.push(String::new());
                }
            }
            Block::Code { lang, text, .. } => {
                let indent = self.theme.code_block_indent.as_deref().unwrap_or("  ");
                lines.push((self.theme.code_block_border)(&format!(
                    "```{}",
                    lang.as_deref().unwrap_or("")
                )));
                match &self.theme.highlight_code {
                    Some(highlight) => lines.extend(
                        highlight(text, lang.as_deref())
                            .iter()
                            .map(|l| format!("{indent}{l}")),
                    ),
                    None => lines.extend(
                        text.split('\n')
                            .map(|l| format!("{indent}{}", (self.theme.code_block)(l))),
                    ),
                }
                lines.push((self.theme.code_block_border)("```"));
                spaced(&mut lines);
            }
            Block::List(list) => lines.extend(self.list(list, 0, width, ctx)),
            Block::Table(table) => lines.extend(self.table(table, width, next, ctx)),
            Block::Blockquote(children) => {
                // Without room for a border the content stands alone, and pi-tui adds no
                // spacing after it either.
                if self.blockquote(children, width, ctx, &mut lines) {
                    spaced(&mut lines);
                }
            }
            Block::Hr => {
                lines.push((self.theme.hr)(&"─".repeat(width.min(80))));
                spaced(&mut lines);
            }
            Block::Html(raw) => {
                lines.push(self.apply_default_style(strip_html_comments(raw).trim()))
            }
            Block::Space => lines.push(String::new()),
        }
        lines
    }

    /// Returns whether the quote got its border.
    fn blockquote(
        &self,
        children: &[Block],
        width: usize,
        ctx: Option<&StyleContext>,
        lines: &mut Vec<String>,
    ) -> bool {
        let theme = self.theme;
        let quote_style = |text: &str| (theme.quote)(&(theme.italic)(text));
        let prefix = style_prefix(&quote_style);
        if width < 3 {
            // No room for another border: nested content goes without one, so deep nesting
            // cannot re-wrap every line at width one (pi-tui's guard).
            for (i, child) in children.iter().enumerate() {
                lines.extend(self.block(child, width, children.get(i + 1).map(Block::kind), ctx));
            }
            return false;
        }
        let content_width = width - 2;
        let identity = |text: &str| text.to_string();
        let quote_ctx = StyleContext {
            apply: &identity,
            prefix: prefix.clone(),
        };
        let mut rendered = Vec::new();
        for (i, child) in children.iter().enumerate() {
            rendered.extend(self.block(
                child,
                content_width,
                children.get(i + 1).map(Block::kind),
                Some(&quote_ctx),
            ));
        }
        while rendered.last().is_some_and(|l: &String| l.is_empty()) {
            rendered.pop();
        }
        let border = (theme.quote_border)("│ ");
        for line in rendered {
            let styled = if prefix.is_empty() {
                quote_style(&line)
            } else {
                quote_style(&line.replace("\x1b[0m", &format!("\x1b[0m{prefix}")))
            };
            for wrapped in wrap_text_with_ansi(&styled, content_width) {
                lines.push(format!("{border}{wrapped}"));
            }
        }
        true
    }

    fn list(
        &self,
        list: &List,
        depth: usize,
        width: usize,
        ctx: Option<&StyleContext>,
    ) -> Vec<String> {
        let mut lines = Vec::new();
        let indent = "    ".repeat(depth);
        let count = list.items.len();
        for (i, item) in list.items.iter().enumerate() {
            let bullet = if list.ordered {
                format!("{}. ", list.start.saturating_add(i as u64))
            } else {
                "- ".into()
            };
            let task = match item.task {
                Some(true) => "[x] ",
                Some(false) => "[ ] ",
                None => "",
            };
            let marker = format!("{bullet}{task}");
            let first_prefix = format!("{indent}{}", (self.theme.list_bullet)(&marker));
            let continuation = format!("{indent}{}", " ".repeat(visible_width(&marker)));
            let item_width = width.saturating_sub(visible_width(&first_prefix)).max(1);
            let mut any = false;
            for child in &item.blocks {
                if let Block::List(nested) = child {
                    lines.extend(self.list(nested, depth + 1, width, ctx));
                    any = true;
                    continue;
                }
                for line in self.block(child, item_width, None, ctx) {
                    for wrapped in wrap_text_with_ansi(&line, item_width) {
                        let prefix = if any { &continuation } else { &first_prefix };
                        lines.push(format!("{prefix}{wrapped}"));
                        any = true;
                    }
                }
            }
            if !any {
                lines.push(first_prefix);
            }
            if list.loose && i + 1 < count {
                lines.push(String::new());
            }
        }
        lines
    }

    /// Inline tokens to one string (it may hold `\n` from breaks).
    pub fn inlines(&self, tokens: &[Inline], ctx: Option<&StyleContext>) -> String {
        let default_apply = |text: &str| self.apply_default_style(text);
        let default_ctx;
        let ctx = match ctx {
            Some(ctx) => ctx,
            None => {
                default_ctx = StyleContext {
                    apply: &default_apply,
                    prefix: self.default_prefix.clone(),
                };
                &default_ctx
            }
        };
        let apply_lines = |text: &str| {
            text.split('\n')
                .map(|seg| (ctx.apply)(seg))
                .collect::<Vec<_>>()
                .join("\n")
        };
        let theme = self.theme;
        let prefix = ctx.prefix.as_str();
        let mut out = String::new();
        let mut drop_leading_space = false;
        for (i, token) in tokens.iter().enumerate() {
            let dropping = std::mem::take(&mut drop_leading_space);
            match token {
                Inline::Text(text) => {
                    let text = if dropping {
                        text.trim_start_matches([' ', '\t'])
                    } else {
                        text
                    };
                    out.push_str(&apply_lines(text));
                }
                Inline::Escape(text) | Inline::Image(text) => out.push_str(&apply_lines(text)),
                Inline::Strong(children) => {
                    out.push_str(&(theme.bold)(&self.inlines(children, Some(ctx))));
                    out.push_str(prefix);
                }
                Inline::Em(children) => {
                    out.push_str(&(theme.italic)(&self.inlines(children, Some(ctx))));
                    out.push_str(prefix);
                }
                Inline::Del(children) => {
                    out.push_str(&(theme.strikethrough)(&self.inlines(children, Some(ctx))));
                    out.push_str(prefix);
                }
                Inline::Code(code) => {
                    out.push_str(&(theme.code)(code));
                    out.push_str(prefix);
                }
                Inline::Link {
                    children,
                    href,
                    text,
                } => {
                    let styled =
                        (theme.link)(&(theme.underline)(&self.inlines(children, Some(ctx))));
                    if self.hyperlinks {
                        out.push_str(&format!("\x1b]8;;{href}\x1b\\{styled}\x1b]8;;\x1b\\"));
                    } else {
                        let bare = href.strip_prefix("mailto:").unwrap_or(href);
                        out.push_str(&styled);
                        if text != href && text != bare {
                            out.push_str(&(theme.link_url)(&format!(" ({href})")));
                        }
                    }
                    out.push_str(prefix);
                }
                Inline::Break => out.push('\n'),
                Inline::Html(raw) => {
                    if raw.starts_with("<!--") {
                        drop_leading_space = i == 0 || ends_with_blank(&tokens[i - 1]);
                    } else {
                        out.push_str(&apply_lines(raw));
                    }
                }
            }
        }
        if !prefix.is_empty() {
            while out.ends_with(prefix) {
                out.truncate(out.len() - prefix.len());
            }
        }
        out
    }
}

/// Whether a token's source ends with a space or tab (for hidden comments' spacing).
fn ends_with_blank(token: &Inline) -> bool {
    match token {
        Inline::Text(t) | Inline::Html(t) => t.ends_with([' ', '\t']),
        _ => false,
    }
}
