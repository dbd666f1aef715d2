//! The system prompt and tools: a session's `role: "system"` entries where they occur (the
//! first on a branch as the prompt, later ones as updates), or, for sessions that record no
//! prompt, the prompt and tools the exporting tau runs with.

use serde_json::Value;
use tau_protocol::session::SystemMessage;
use tau_protocol::ToolDeclaration;

use crate::escape::push_html;

/// Appends a system entry: the whole prompt and the tools when it leads its branch, what it
/// changes otherwise.
pub(crate) fn push_system_entry(out: &mut String, message: &SystemMessage, leading: bool) {
    let tools = message.tools_added.as_deref().unwrap_or_default();
    if leading {
        push_prompt(out, "System prompt", &full_text(message));
        push_tools(out, "Available tools", tools);
        return;
    }
    let changes = describe_update(message);
    let title = if changes.is_empty() {
        "System prompt update".to_string()
    } else {
        format!("System prompt update: {changes}")
    };
    push_prompt(out, &title, &update_text(message));
    push_tools(out, "Tools added", tools);
    let removed = message.tools_removed.as_deref().unwrap_or_default();
    if !removed.is_empty() {
        out.push_str("<details class=\"tools-list\"><summary>Tools removed</summary><ul>");
        for tool in removed {
            out.push_str("<li><span class=\"tool-name\">");
            push_html(out, &tool.name);
            out.push_str("</span></li>");
        }
        out.push_str("</ul></details>");
    }
}

/// A folded prompt text with its line count.
pub(crate) fn push_prompt(out: &mut String, title: &str, text: &str) {
    if text.is_empty() {
        return;
    }
    let lines = text.split('\n').count();
    out.push_str("<details class=\"system-prompt\"><summary>");
    push_html(out, title);
    let unit = if lines == 1 { "line" } else { "lines" };
    out.push_str(&format!(
        " <span class=\"dim\">({lines} {unit})</span></summary><div class=\"plain\">"
    ));
    push_html(out, text);
    out.push_str("</div></details>");
}

/// A folded list of tool declarations: name, description, parameter names.
pub(crate) fn push_tools(out: &mut String, title: &str, tools: &[ToolDeclaration]) {
    if tools.is_empty() {
        return;
    }
    out.push_str("<details class=\"tools-list\"><summary>");
    push_html(out, title);
    out.push_str(&format!(
        " <span class=\"dim\">({})</span></summary><ul>",
        tools.len()
    ));
    for tool in tools {
        out.push_str("<li><span class=\"tool-name\">");
        push_html(out, &tool.name);
        out.push_str("</span> ");
        push_html(out, &tool.description);
        let params: Vec<&str> = tool
            .parameters
            .get("properties")
            .and_then(Value::as_object)
            .map(|props| props.keys().map(String::as_str).collect())
            .unwrap_or_default();
        if !params.is_empty() {
            out.push_str(" <span class=\"dim\">(");
            push_html(out, &params.join(", "));
            out.push_str(")</span>");
        }
        out.push_str("</li>");
    }
    out.push_str("</ul></details>");
}

/// The leading message's prompt: content, then its sections (pi-ai's getSystemMessageText).
fn full_text(message: &SystemMessage) -> String {
    let mut parts = vec![message.content_text()];
    for value in message.sections.iter().flat_map(|s| s.values()) {
        if let Some(text) = value.as_str() {
            parts.push(text.to_string());
        }
    }
    parts.retain(|part| !part.is_empty());
    parts.join("\n\n")
}

/// What a later message adds (pi-ai's renderSystemMessageUpdate).
fn update_text(message: &SystemMessage) -> String {
    let mut parts = Vec::new();
    let content = message.content_text();
    if !content.is_empty() {
        parts.push(content);
    }
    for (name, value) in message.sections.iter().flatten() {
        parts.push(match value.as_str() {
            None => format!("Removed system prompt section \"{name}\"."),
            Some(text) => format!("Updated system prompt section \"{name}\":\n\n{text}"),
        });
    }
    parts.join("\n\n")
}

/// A short list of what a later message changes: `instructions, rules, -old, tools +a -b`.
pub(crate) fn describe_update(message: &SystemMessage) -> String {
    let mut parts = Vec::new();
    if !message.content_text().is_empty() {
        parts.push("instructions".to_string());
    }
    for (name, value) in message.sections.iter().flatten() {
        parts.push(if value.is_null() {
            format!("-{name}")
        } else {
            name.clone()
        });
    }
    let added = message
        .tools_added
        .iter()
        .flatten()
        .map(|t| format!("+{}", t.name));
    let removed = message
        .tools_removed
        .iter()
        .flatten()
        .map(|t| format!("-{}", t.name));
    let changes: Vec<String> = added.chain(removed).collect();
    if !changes.is_empty() {
        parts.push(format!("tools {}", changes.join(" ")));
    }
    parts.join(", ")
}
