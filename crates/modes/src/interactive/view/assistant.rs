//! An assistant message as Pi draws it: each text block as Markdown, runs of thinking
//! blocks in the thinking colour (or the hidden-thinking label), and the error or abort
//! line when the response failed without tool calls. The Markdown components are kept
//! across updates, so a streaming reply re-lays out only its last block.

use std::sync::Arc;

use tau_protocol::{AssistantMessage, ContentBlock, StopReason};
use tau_tui::markdown::{DefaultTextStyle, Markdown};
use tau_tui::text::{Spacer, Text};
use tau_tui::{Component, Lines};

use crate::interactive::look::Look;

enum Part {
    Spacer(Spacer),
    Text(Box<Markdown>),
    Thinking(Box<Markdown>),
    Plain(Text),
}

impl Part {
    fn component(&mut self) -> &mut dyn Component {
        match self {
            Part::Spacer(c) => c,
            Part::Text(c) | Part::Thinking(c) => c.as_mut(),
            Part::Plain(c) => c,
        }
    }
}

/// How thinking is shown.
#[derive(Clone, PartialEq, Eq)]
pub struct ThinkingDisplay {
    pub hidden: bool,
    /// Shown in place of hidden thinking; empty hides it without a trace.
    pub label: String,
}

/// One assistant message.
pub struct AssistantView {
    parts: Vec<Part>,
    pad: usize,
}

fn thinking_style(look: &Look) -> DefaultTextStyle {
    DefaultTextStyle {
        color: Some(look.fg("thinkingText")),
        italic: true,
        ..DefaultTextStyle::default()
    }
}

impl AssistantView {
    pub fn new(pad: usize) -> Self {
        AssistantView {
            parts: Vec::new(),
            pad,
        }
    }

    /// Lays the message out again, reusing the Markdown of blocks of the same kind.
    pub fn update(&mut self, message: &AssistantMessage, look: &Look, thinking: &ThinkingDisplay) {
        let mut old: Vec<Part> = std::mem::take(&mut self.parts).into_iter().rev().collect();
        let reuse_text = |text: &str, old: &mut Vec<Part>, thinking_kind: bool| {
            while let Some(part) = old.pop() {
                match (part, thinking_kind) {
                    (Part::Text(mut md), false) => {
                        md.set_text(text);
                        return md;
                    }
                    (Part::Thinking(mut md), true) => {
                        md.set_text(text);
                        return md;
                    }
                    _ => {}
                }
            }
            let style = thinking_kind.then(|| thinking_style(look));
            Box::new(Markdown::new(
                text,
                self.pad,
                0,
                look.markdown.clone(),
                style,
            ))
        };
        let mut parts = Vec::new();
        let mut needs_spacer = true;
        let content = &message.content;
        let mut i = 0;
        while i < content.len() {
            match &content[i] {
                ContentBlock::Text { text, .. } if !text.trim().is_empty() => {
                    if needs_spacer {
                        parts.push(Part::Spacer(Spacer::new(1)));
                        needs_spacer = false;
                    }
                    parts.push(Part::Text(reuse_text(text.trim(), &mut old, false)));
                }
                ContentBlock::Thinking { .. } => {
                    let mut blocks = Vec::new();
                    while let Some(ContentBlock::Thinking { thinking, .. }) = content.get(i) {
                        if !thinking.trim().is_empty() {
                            blocks.push(thinking.trim().to_string());
                        }
                        i += 1;
                    }
                    i -= 1;
                    if blocks.is_empty() || (thinking.hidden && thinking.label.trim().is_empty()) {
                        i += 1;
                        continue;
                    }
                    if needs_spacer {
                        parts.push(Part::Spacer(Spacer::new(1)));
                    }
                    if thinking.hidden {
                        let label = look
                            .theme
                            .italic(&look.theme.fg("thinkingText", &thinking.label));
                        parts.push(Part::Plain(Text::new(label, self.pad, 0, None)));
                    } else {
                        let text = blocks.join("\n\n");
                        parts.push(Part::Thinking(reuse_text(&text, &mut old, true)));
                    }
                    needs_spacer = true;
                }
                _ => {}
            }
            i += 1;
        }
        let has_calls = content
            .iter()
            .any(|b| matches!(b, ContentBlock::ToolCall(_)));
        let error_line = match message.stop_reason {
            StopReason::Length => Some("Response was truncated before completion.".to_string()),
            StopReason::Aborted if !has_calls => Some(match message.error_message.as_deref() {
                Some(text) if text != "Request was aborted" => text.to_string(),
                _ => "Operation aborted".to_string(),
            }),
            StopReason::Error if !has_calls => Some(format!(
                "Error: {}",
                message.error_message.as_deref().unwrap_or("Unknown error")
            )),
            _ => None,
        };
        if let Some(line) = error_line {
            parts.push(Part::Spacer(Spacer::new(1)));
            let styled = look.theme.fg("error", &line);
            parts.push(Part::Plain(Text::new(styled, self.pad, 0, None)));
        }
        self.parts = parts;
    }
}

impl Component for AssistantView {
    fn render(&mut self, width: usize) -> Lines {
        let mut lines = Vec::new();
        for part in &mut self.parts {
            lines.extend(part.component().render(width).iter().cloned());
        }
        Arc::new(lines)
    }

    fn invalidate(&mut self) {
        for part in &mut self.parts {
            part.component().invalidate();
        }
    }

    fn release_caches(&mut self) {
        for part in &mut self.parts {
            part.component().release_caches();
        }
    }
}
