//! One transcript item drawn as Pi draws it: user messages as Markdown on the user
//! background, assistant messages, tool rows and shell rows from Pi's renderers, notices,
//! custom messages and summaries.

use std::sync::Arc;
use std::time::Instant;

use tau_tui::markdown::{DefaultTextStyle, Markdown};
use tau_tui::text::{Spacer, Text};
use tau_tui::{Component, Lines};

use super::assistant::AssistantView;
use super::ViewOptions;
use crate::interactive::renderers::{ItemRenderers, RendererLines};
use crate::interactive::tools::{
    render_bash_row, render_tool_row, BashRenderOptions, ToolRenderOptions,
};
use crate::interactive::transcript::{Item, Level, SummaryKind, ToolState};

/// The drawn form of one item.
pub enum ItemView {
    /// Laid out from parts (user messages, notices, custom messages, summaries).
    Parts(Vec<Box<dyn Component>>),
    Assistant(Box<AssistantView>),
    /// Lines made by a row renderer (tool and shell rows) for one width.
    Rows {
        lines: Lines,
        /// Keeps redrawing while it runs (its clock or spinner moves).
        live: bool,
        /// The item and options it is drawn from, to draw it again at another width.
        source: Box<Item>,
        options: Box<ViewOptions>,
        width: usize,
    },
    /// Drawn by an extension's renderer instances in the host.
    Remote {
        ids: ItemRenderers,
        lines: RendererLines,
        source: Box<Item>,
        options: Box<ViewOptions>,
    },
}

fn spacer() -> Box<dyn Component> {
    Box::new(Spacer::new(1))
}

impl ItemView {
    pub fn new(item: &Item, options: &ViewOptions) -> Self {
        match item {
            Item::Assistant { .. } => {
                ItemView::Assistant(Box::new(AssistantView::new(options.pad)))
            }
            Item::Tool(_) | Item::Bash(_) => ItemView::Rows {
                lines: Arc::new(Vec::new()),
                live: false,
                source: Box::new(item.clone()),
                options: Box::new(options.clone()),
                width: 0,
            },
            _ => ItemView::Parts(Vec::new()),
        }
    }

    /// An item an extension draws.
    pub fn remote(
        item: &Item,
        ids: ItemRenderers,
        lines: RendererLines,
        options: &ViewOptions,
    ) -> Self {
        ItemView::Remote {
            ids,
            lines,
            source: Box::new(item.clone()),
            options: Box::new(options.clone()),
        }
    }

    /// The renderer instances of a remote item.
    pub fn remote_ids(&self) -> Option<&ItemRenderers> {
        match self {
            ItemView::Remote { ids, .. } => Some(ids),
            _ => None,
        }
    }

    pub fn is_live(&self) -> bool {
        matches!(self, ItemView::Rows { live: true, .. })
    }

    /// Lays the item out again.
    pub fn update(&mut self, item: &Item, first: bool, options: &ViewOptions, _now: Instant) {
        let look = &options.look;
        let pad = options.pad;
        match (self, item) {
            (ItemView::Assistant(view), Item::Assistant { message, .. }) => {
                view.update(message, look, &options.thinking);
            }
            (
                ItemView::Rows {
                    live,
                    source,
                    options: kept,
                    width,
                    ..
                },
                Item::Tool(_) | Item::Bash(_),
            ) => {
                *live = match item {
                    Item::Tool(row) => matches!(row.state, ToolState::Running | ToolState::Pending),
                    Item::Bash(row) => row.running,
                    _ => false,
                };
                **source = item.clone();
                **kept = options.clone();
                *width = 0;
            }
            (ItemView::Parts(parts), item) => {
                parts.clear();
                match item {
                    Item::User { text, .. } => {
                        if !first {
                            parts.push(spacer());
                        }
                        // An expanded `/skill:name` prompt: the skill collapsed (Ctrl+O
                        // expands it), then the arguments as the user's message (Pi's
                        // SkillInvocationMessageComponent).
                        match tau_app::resources::skills::parse_block(text) {
                            Some(block) => {
                                parts.push(skill_invocation(&block, options));
                                if let Some(message) = &block.user_message {
                                    parts.push(spacer());
                                    parts.push(user_message(message, look, pad));
                                }
                            }
                            None => parts.push(user_message(text, look, pad)),
                        }
                    }
                    Item::Notice { level, text } => {
                        parts.push(spacer());
                        let styled = match level {
                            Level::Error => look.theme.fg("error", &format!("Error: {text}")),
                            Level::Warning => look.theme.fg("warning", &format!("Warning: {text}")),
                            Level::Info => look.theme.fg("dim", text),
                        };
                        parts.push(Box::new(Text::new(styled, pad, 0, None)));
                    }
                    Item::Document { title, markdown } => {
                        let border = look.theme.fg_style("border");
                        parts.push(spacer());
                        parts.push(Box::new(Border(border.clone())));
                        let title = look.theme.bold(&look.theme.fg("accent", title));
                        parts.push(Box::new(Text::new(title, 1, 0, None)));
                        parts.push(spacer());
                        parts.push(Box::new(Markdown::new(
                            markdown.clone(),
                            1,
                            1,
                            look.markdown.clone(),
                            None,
                        )));
                        parts.push(Box::new(Border(border)));
                    }
                    Item::Custom(message) => {
                        parts.push(spacer());
                        let bg = look.bg("customMessageBg");
                        let mut boxed = tau_tui::text::PaddedBox::new(pad, 1, Some(bg));
                        let label = look.theme.fg(
                            "customMessageLabel",
                            &format!("\x1b[1m[{}]\x1b[22m", message.custom_type),
                        );
                        boxed.add_child(Box::new(Text::new(label, 0, 0, None)));
                        boxed.add_child(spacer());
                        let style = DefaultTextStyle {
                            color: Some(look.fg("customMessageText")),
                            ..DefaultTextStyle::default()
                        };
                        boxed.add_child(Box::new(Markdown::new(
                            message.content.joined_text(),
                            0,
                            0,
                            look.markdown.clone(),
                            Some(style),
                        )));
                        parts.push(Box::new(boxed));
                    }
                    Item::Summary {
                        kind,
                        summary,
                        tokens_before,
                    } => {
                        parts.push(spacer());
                        let title = match (kind, tokens_before) {
                            (SummaryKind::Compaction, Some(tokens)) => {
                                format!("Compacted from {tokens} tokens")
                            }
                            (SummaryKind::Compaction, None) => "Compaction summary".into(),
                            (SummaryKind::Branch, _) => "Branch summary".into(),
                        };
                        let title = look
                            .theme
                            .fg("customMessageLabel", &look.theme.bold(&title));
                        parts.push(Box::new(Text::new(title, pad, 0, None)));
                        if options.tools_expanded {
                            parts.push(Box::new(Markdown::new(
                                summary.clone(),
                                pad,
                                0,
                                look.markdown.clone(),
                                None,
                            )));
                        }
                    }
                    _ => {}
                }
            }
            (ItemView::Remote { .. }, _) => {}
            (view, item) => {
                // The item changed kind (never happens for one slot): start over.
                *view = ItemView::new(item, options);
                view.update(item, first, options, _now);
            }
        }
    }

    pub fn render(&mut self, width: usize) -> Lines {
        match self {
            ItemView::Assistant(view) => view.render(width),
            ItemView::Parts(parts) => {
                let mut lines = Vec::new();
                for part in parts {
                    lines.extend(part.render(width).iter().cloned());
                }
                Arc::new(lines)
            }
            ItemView::Remote {
                ids,
                lines,
                source,
                options,
            } => {
                let map = lines.lock().unwrap_or_else(|p| p.into_inner());
                let of = |id: Option<tau_ext_bridge::components::ComponentId>| -> Vec<String> {
                    id.and_then(|id| map.get(&id))
                        .map(|l| l.to_vec())
                        .unwrap_or_default()
                };
                let drawn = match source.as_ref() {
                    Item::Tool(row) => {
                        let mut opts = ToolRenderOptions::new(width, &options.cwd);
                        opts.output_pad = options.pad;
                        opts.images = options.images;
                        crate::interactive::tools::frame_rendered_row(
                            row,
                            ids.main.map(|id| of(Some(id))),
                            ids.result.map(|id| of(Some(id))),
                            &opts,
                            options.look.theme.as_ref(),
                        )
                    }
                    _ => {
                        let mut lines = vec![String::new()];
                        lines.extend(of(ids.main));
                        lines
                    }
                };
                Arc::new(drawn)
            }
            ItemView::Rows {
                lines,
                live,
                source,
                options,
                width: drawn,
            } => {
                if *drawn != width || *live {
                    *lines = Arc::new(draw_row(source, options, width));
                    *drawn = width;
                }
                lines.clone()
            }
        }
    }

    /// Forgets the caches the next render can rebuild (the caller keeps the lines).
    pub fn release_caches(&mut self) {
        match self {
            ItemView::Assistant(view) => view.release_caches(),
            ItemView::Parts(parts) => parts.iter_mut().for_each(|p| p.release_caches()),
            ItemView::Rows { lines, width, .. } => {
                *lines = Arc::new(Vec::new());
                *width = 0;
            }
            ItemView::Remote { .. } => {}
        }
    }

    pub fn invalidate(&mut self) {
        match self {
            ItemView::Assistant(view) => view.invalidate(),
            ItemView::Parts(parts) => parts.iter_mut().for_each(|p| p.invalidate()),
            ItemView::Rows { width, .. } => *width = 0,
            ItemView::Remote { .. } => {}
        }
    }
}

fn draw_row(item: &Item, options: &ViewOptions, width: usize) -> Vec<String> {
    let paint = options.look.theme.as_ref();
    match item {
        Item::Tool(row) => {
            let highlight = |code: &str, lang: &str| -> Vec<String> {
                options
                    .look
                    .markdown
                    .highlight_code
                    .as_ref()
                    .map(|h| h(code, Some(lang)))
                    .unwrap_or_else(|| code.split('\n').map(str::to_string).collect())
            };
            let mut opts = ToolRenderOptions::new(width, &options.cwd);
            opts.expanded = options.tools_expanded;
            opts.home = options.home.as_deref();
            opts.output_pad = options.pad;
            opts.now = Some(Instant::now());
            opts.highlight = Some(&highlight);
            opts.images = options.images;
            render_tool_row(row, &opts, paint)
        }
        Item::Bash(row) => {
            let mut opts = BashRenderOptions::new(width);
            opts.expanded = options.tools_expanded;
            opts.output_pad = options.pad;
            // The spinner advances every 80 ms.
            opts.spinner_frame = (tau_protocol::now_millis() / 80) as usize;
            render_bash_row(row, &opts, paint)
        }
        _ => Vec::new(),
    }
}

/// Pi's `DynamicBorder`: one `─` per column in the border colour.
struct Border(tau_tui::Style);

impl Component for Border {
    fn render(&mut self, width: usize) -> Lines {
        Arc::new(vec![(self.0)(&"─".repeat(width.max(1)))])
    }
}

/// The user's own text: Markdown on the user-message background, list markers and escapes
/// as typed.
fn user_message(text: &str, look: &super::Look, pad: usize) -> Box<dyn Component> {
    let style = DefaultTextStyle {
        color: Some(look.fg("userMessageText")),
        bg_color: Some(look.bg("userMessageBg")),
        ..DefaultTextStyle::default()
    };
    let mut markdown = Markdown::new(text.to_string(), pad, 1, look.markdown.clone(), Some(style));
    markdown.set_options(tau_tui::markdown::MarkdownOptions {
        hyperlinks: look.hyperlinks,
        preserve_ordered_list_markers: true,
        preserve_backslash_escapes: true,
    });
    Box::new(markdown)
}

/// A skill invocation: `[skill] name (ctrl+o to expand)`, or expanded the label and the
/// skill's text under its name, on the custom-message background.
fn skill_invocation(
    block: &tau_app::resources::skills::SkillBlock,
    options: &ViewOptions,
) -> Box<dyn Component> {
    let look = &options.look;
    let mut boxed = tau_tui::text::PaddedBox::new(options.pad, 1, Some(look.bg("customMessageBg")));
    if options.tools_expanded {
        let label = look
            .theme
            .fg("customMessageLabel", "\x1b[1m[skill]\x1b[22m");
        boxed.add_child(Box::new(Text::new(label, 0, 0, None)));
        let style = DefaultTextStyle {
            color: Some(look.fg("customMessageText")),
            ..DefaultTextStyle::default()
        };
        boxed.add_child(Box::new(Markdown::new(
            format!("**{}**\n\n{}", block.name, block.content),
            0,
            0,
            look.markdown.clone(),
            Some(style),
        )));
    } else {
        let expand = crate::interactive::tools::KeyTexts::default().expand;
        let line = format!(
            "{}{}{}",
            look.theme
                .fg("customMessageLabel", "\x1b[1m[skill]\x1b[22m "),
            look.theme.fg("customMessageText", &block.name),
            look.theme.fg("dim", &format!(" ({expand} to expand)"))
        );
        boxed.add_child(Box::new(Text::new(line, 0, 0, None)));
    }
    Box::new(boxed)
}
