//! The transcript: one `<section>` per entry that shows something, in file order. Entries off
//! the active branch are written too, `hidden`, so the page's tree can switch branches
//! without any other data; tool results are drawn inside their calls, not on their own.

use tau_protocol::session::{SessionEntry, SystemMessage};
use tau_protocol::{AgentMessage, AssistantMessage, ContentBlock, StopReason, UserContent};

use crate::doc::Doc;
use crate::escape::{html, push_html};
use crate::format::{format_cost, format_tokens, short_time};
use crate::{images, markdown, system, tools};

/// Appends every entry's section.
pub(crate) fn push_transcript(doc: &Doc<'_>, out: &mut String) {
    for index in 0..doc.entries.len() {
        let mut body = String::new();
        let class = entry_body(doc, index, &mut body);
        let Some(class) = class else { continue };
        out.push_str(&format!(
            "<section class=\"entry {class}\" data-n=\"{index}\""
        ));
        if let Some(dom_id) = doc.dom_id(index) {
            out.push_str(" id=\"");
            push_html(out, &dom_id);
            out.push('"');
        }
        if !doc.on_active_path[index] {
            out.push_str(" hidden");
        }
        out.push('>');
        if let Some(timestamp) = doc.entries[index].timestamp() {
            out.push_str("<time datetime=\"");
            push_html(out, timestamp);
            out.push_str("\">");
            push_html(out, &short_time(timestamp));
            out.push_str("</time>");
        }
        out.push_str(&body);
        out.push_str("</section>\n");
    }
}

/// Writes what an entry shows and returns its CSS class; `None` for entries that show
/// nothing (labels, extension data, names, usage records, tool results).
fn entry_body(doc: &Doc<'_>, index: usize, out: &mut String) -> Option<&'static str> {
    match &doc.entries[index] {
        SessionEntry::Message(entry) => message_body(doc, index, &entry.message, out),
        SessionEntry::ModelChange(change) => {
            out.push_str("<div class=\"note\">Switched to model <span class=\"model\">");
            push_html(out, &format!("{}/{}", change.provider, change.model_id));
            out.push_str("</span></div>");
            Some("setting")
        }
        SessionEntry::ThinkingLevelChange(change) => {
            out.push_str("<div class=\"note\">Thinking level: ");
            push_html(out, &change.thinking_level);
            out.push_str("</div>");
            Some("setting")
        }
        SessionEntry::Compaction(compaction) => {
            out.push_str(&format!(
                "<details class=\"compaction\"><summary>[compaction] Compacted from {} tokens</summary><div class=\"plain\">",
                group_thousands(compaction.tokens_before)
            ));
            push_html(out, &compaction.summary);
            out.push_str("</div></details>");
            Some("compaction")
        }
        SessionEntry::BranchSummary(summary) => {
            out.push_str("<div class=\"kind\">Branch summary</div><div class=\"markdown\">");
            out.push_str(&markdown::render(&summary.summary));
            out.push_str("</div>");
            Some("branch-summary")
        }
        SessionEntry::CustomMessage(message) => {
            push_custom(out, &message.custom_type, &message.content, message.display);
            Some(if message.display {
                "custom"
            } else {
                "custom hidden-message"
            })
        }
        SessionEntry::ContextEdit(edit) => {
            out.push_str("<div class=\"note\">Context edit: ");
            out.push_str(if edit.replacement.is_some() {
                "replaced entry "
            } else {
                "left out entry "
            });
            push_html(out, &edit.target_id);
            out.push_str("</div>");
            Some("setting")
        }
        SessionEntry::Unknown(map) => {
            let kind = map
                .get("type")
                .and_then(serde_json::Value::as_str)
                .unwrap_or("(no type)");
            out.push_str("<div class=\"note\">An entry of type ");
            push_html(out, kind);
            out.push_str(" that this version of tau does not show</div>");
            Some("unknown")
        }
        SessionEntry::Usage(_)
        | SessionEntry::Custom(_)
        | SessionEntry::Label(_)
        | SessionEntry::SessionInfo(_) => None,
    }
}

fn message_body(
    doc: &Doc<'_>,
    index: usize,
    message: &AgentMessage,
    out: &mut String,
) -> Option<&'static str> {
    match message {
        AgentMessage::User(user) => {
            push_user(out, &user.content);
            Some("user")
        }
        AgentMessage::Assistant(assistant) => {
            push_assistant(doc, assistant, out);
            Some("assistant")
        }
        AgentMessage::ToolResult(_) => None,
        AgentMessage::BashExecution(bash) => {
            out.push_str("<div class=\"tool ");
            let failed = bash.cancelled || bash.exit_code.is_some_and(|code| code != 0);
            out.push_str(if failed { "error" } else { "success" });
            out.push_str("\"><div class=\"tool-head\"><span class=\"prompt\">$</span> ");
            push_html(out, &bash.command);
            out.push_str("</div>");
            tools::push_output(out, &bash.output, 10);
            if bash.cancelled {
                out.push_str("<div class=\"warning\">(cancelled)</div>");
            } else if let Some(code) = bash.exit_code.filter(|code| *code != 0) {
                out.push_str(&format!("<div class=\"failure\">(exit {code})</div>"));
            }
            out.push_str("</div>");
            Some("bash")
        }
        AgentMessage::Custom(custom) => {
            push_custom(out, &custom.custom_type, &custom.content, custom.display);
            Some(if custom.display {
                "custom"
            } else {
                "custom hidden-message"
            })
        }
        AgentMessage::BranchSummary(summary) | AgentMessage::CompactionSummary(summary) => {
            out.push_str("<div class=\"kind\">Summary</div><div class=\"markdown\">");
            out.push_str(&markdown::render(&summary.summary));
            out.push_str("</div>");
            Some("branch-summary")
        }
        AgentMessage::Other(_) => match SystemMessage::from_agent_message(message) {
            Some(Ok(system)) => {
                system::push_system_entry(out, &system, doc.is_leading_system(index));
                Some("system")
            }
            Some(Err(error)) => {
                out.push_str("<div class=\"note\">A system message that could not be read: ");
                push_html(out, &error.to_string());
                out.push_str("</div>");
                Some("system")
            }
            None => {
                out.push_str("<div class=\"note\">A message with role ");
                push_html(out, message.role());
                out.push_str(" that this version of tau does not show</div>");
                Some("unknown")
            }
        },
    }
}

/// A user message; a leading `<skill …>` block (what `/skill:name` sends) is folded.
fn push_user(out: &mut String, content: &UserContent) {
    let text = content.joined_text();
    let blocks: &[ContentBlock] = match content {
        UserContent::Blocks(blocks) => blocks,
        UserContent::Text(_) => &[],
    };
    let rest = match parse_skill_block(&text) {
        Some(skill) => {
            out.push_str("<details class=\"skill\"><summary>[skill] ");
            push_html(out, skill.name);
            out.push_str("</summary><div class=\"markdown\">");
            out.push_str(&markdown::render(skill.content));
            out.push_str("</div></details>");
            skill.user_message.unwrap_or_default()
        }
        None => &text,
    };
    images::push_images(out, blocks);
    if !rest.trim().is_empty() {
        out.push_str("<div class=\"markdown\">");
        out.push_str(&markdown::render(rest));
        out.push_str("</div>");
    }
}

/// The parts of a skill invocation: `<skill name="…" location="…">\n…\n</skill>` and the
/// user's own text after a blank line.
struct SkillBlock<'a> {
    name: &'a str,
    content: &'a str,
    user_message: Option<&'a str>,
}

fn parse_skill_block(text: &str) -> Option<SkillBlock<'_>> {
    let rest = text.strip_prefix("<skill name=\"")?;
    let (name, rest) = rest.split_once('"')?;
    let rest = rest.strip_prefix(" location=\"")?;
    let (location, rest) = rest.split_once('"')?;
    let body = rest.strip_prefix(">\n")?;
    if name.is_empty() || location.is_empty() {
        return None;
    }
    let end = body.find("\n</skill>")?;
    let content = &body[..end];
    let after = &body[end + "\n</skill>".len()..];
    let user_message = if after.is_empty() {
        None
    } else {
        let message = after.strip_prefix("\n\n")?.trim();
        (!message.is_empty()).then_some(message)
    };
    Some(SkillBlock {
        name,
        content,
        user_message,
    })
}

fn push_assistant(doc: &Doc<'_>, message: &AssistantMessage, out: &mut String) {
    for block in &message.content {
        match block {
            ContentBlock::Text { text, .. } if !text.trim().is_empty() => {
                out.push_str("<div class=\"markdown\">");
                out.push_str(&markdown::render(text));
                out.push_str("</div>");
            }
            ContentBlock::Thinking {
                thinking, redacted, ..
            } => {
                if redacted == &Some(true) {
                    out.push_str("<div class=\"thinking-redacted\">Thinking (redacted)</div>");
                } else if !thinking.trim().is_empty() {
                    out.push_str("<details class=\"thinking\" open><summary>Thinking</summary><div class=\"plain\">");
                    push_html(out, thinking);
                    out.push_str("</div></details>");
                }
            }
            ContentBlock::Image { .. } => images::push_images(out, std::slice::from_ref(block)),
            ContentBlock::Text { .. } | ContentBlock::ToolCall(_) => {}
        }
    }
    for call in message.tool_calls() {
        tools::push_tool_call(doc, call, out);
    }
    match message.stop_reason {
        StopReason::Aborted => out.push_str("<div class=\"failure\">Aborted</div>"),
        StopReason::Error => {
            out.push_str("<div class=\"failure\">Error: ");
            push_html(
                out,
                message.error_message.as_deref().unwrap_or("Unknown error"),
            );
            out.push_str("</div>");
        }
        _ => {}
    }
    push_meta(message, out);
}

/// The model that answered and what the answer cost.
fn push_meta(message: &AssistantMessage, out: &mut String) {
    let mut parts = Vec::new();
    if !message.model.is_empty() {
        parts.push(html(&if message.provider.is_empty() {
            message.model.clone()
        } else {
            format!("{}/{}", message.provider, message.model)
        }));
    }
    let usage = &message.usage;
    let mut tokens = Vec::new();
    for (sign, count) in [
        ("↑", usage.input),
        ("↓", usage.output),
        ("R", usage.cache_read),
        ("W", usage.cache_write),
    ] {
        if count > 0 {
            tokens.push(format!("{sign}{}", format_tokens(count)));
        }
    }
    if !tokens.is_empty() {
        parts.push(tokens.join(" "));
    }
    if usage.cost.total > 0.0 {
        parts.push(format_cost(usage.cost.total));
    }
    if !parts.is_empty() {
        out.push_str("<div class=\"meta\">");
        out.push_str(&parts.join(" · "));
        out.push_str("</div>");
    }
}

fn push_custom(out: &mut String, custom_type: &str, content: &UserContent, display: bool) {
    out.push_str("<div class=\"kind\">[");
    push_html(out, custom_type);
    out.push(']');
    if !display {
        out.push_str(" · hidden in the terminal");
    }
    out.push_str("</div>");
    if let UserContent::Blocks(blocks) = content {
        images::push_images(out, blocks);
    }
    let text = content.joined_text();
    if !text.trim().is_empty() {
        out.push_str("<div class=\"markdown\">");
        out.push_str(&markdown::render(&text));
        out.push_str("</div>");
    }
}

/// `12345` as `12,345` (Pi's `toLocaleString()` in an English locale).
fn group_thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skill_blocks_split_from_the_users_text() {
        let skill = parse_skill_block(
            "<skill name=\"deploy\" location=\"/s/SKILL.md\">\nDo it.\n</skill>\n\nnow please",
        )
        .expect("a skill block");
        assert_eq!(skill.name, "deploy");
        assert_eq!(skill.content, "Do it.");
        assert_eq!(skill.user_message, Some("now please"));
        let bare = parse_skill_block("<skill name=\"a\" location=\"b\">\nx\n</skill>")
            .expect("a skill block");
        assert_eq!(bare.user_message, None);
        assert!(parse_skill_block("<skill name=\"a\">\nx\n</skill>").is_none());
        assert!(parse_skill_block("hello").is_none());
    }

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(group_thousands(0), "0");
        assert_eq!(group_thousands(999), "999");
        assert_eq!(group_thousands(12345), "12,345");
        assert_eq!(group_thousands(1234567), "1,234,567");
    }
}
