//! The session tree beside the transcript: one row per entry, branches indented, the active
//! branch first and marked. Rows carry their entry index and parent index (`data-n`,
//! `data-p`), which is all the page's script needs to show another branch.

use serde_json::Value;
use tau_protocol::session::{SessionEntry, SystemMessage};
use tau_protocol::{AgentMessage, ContentBlock, StopReason, UserContent};

use crate::doc::Doc;
use crate::escape::push_html;
use crate::system::describe_update;
use crate::tools::{read_range, shorten_path};

/// Appends the sidebar.
pub(crate) fn push_sidebar(doc: &Doc<'_>, out: &mut String) {
    out.push_str(
        "<aside id=\"sidebar\"><div class=\"sidebar-tools\" data-needs-script hidden>\
<input type=\"search\" id=\"tree-search\" placeholder=\"Search\" aria-label=\"Search the session tree\">\
<div class=\"filters\">\
<button type=\"button\" data-filter=\"default\" aria-pressed=\"true\" title=\"Everything but settings entries\">Default</button>\
<button type=\"button\" data-filter=\"no-tools\" aria-pressed=\"false\" title=\"Default without tool results\">No tools</button>\
<button type=\"button\" data-filter=\"user\" aria-pressed=\"false\" title=\"User messages only\">User</button>\
<button type=\"button\" data-filter=\"labeled\" aria-pressed=\"false\" title=\"Labeled entries only\">Labeled</button>\
<button type=\"button\" data-filter=\"all\" aria-pressed=\"false\" title=\"Every entry\">All</button>\
</div></div><ol id=\"tree\">\n",
    );
    for row in flatten(doc) {
        push_row(doc, &row, out);
    }
    out.push_str("</ol></aside>\n");
}

struct Row {
    index: usize,
    depth: usize,
    /// `Some(is_last)` for an entry that starts one of several branches.
    branch: Option<bool>,
}

/// Depth-first rows, the child on the active branch first. Depth grows only where a branch
/// splits, so a long conversation stays flat (Pi's tree view does the same).
fn flatten(doc: &Doc<'_>) -> Vec<Row> {
    let ordered = |list: &[usize]| {
        let mut list = list.to_vec();
        // Stable: the active branch first, otherwise Pi's order.
        list.sort_by_key(|&i| !contains_active(doc, i));
        list
    };
    let mut rows = Vec::with_capacity(doc.entries.len());
    let roots = ordered(&doc.roots);
    let several_roots = roots.len() > 1;
    let mut stack: Vec<Row> = roots
        .iter()
        .enumerate()
        .rev()
        .map(|(i, &index)| Row {
            index,
            depth: usize::from(several_roots),
            branch: several_roots.then_some(i + 1 == roots.len()),
        })
        .collect();
    while let Some(row) = stack.pop() {
        let children = ordered(&doc.children[row.index]);
        let split = children.len() > 1;
        let depth = row.depth + usize::from(split);
        for (i, &child) in children.iter().enumerate().rev() {
            stack.push(Row {
                index: child,
                depth,
                branch: split.then_some(i + 1 == children.len()),
            });
        }
        rows.push(row);
    }
    rows
}

/// Whether the active leaf is `index` or below it.
fn contains_active(doc: &Doc<'_>, index: usize) -> bool {
    doc.on_active_path[index]
}

fn push_row(doc: &Doc<'_>, row: &Row, out: &mut String) {
    let index = row.index;
    let (kind, text) = row_text(doc, index);
    out.push_str(&format!("<li class=\"row kind-{kind}"));
    if doc.on_active_path[index] {
        out.push_str(" on-path");
    }
    if doc.leaf == Some(index) {
        out.push_str(" leaf");
    }
    out.push_str(&format!(
        "\" data-kind=\"{kind}\" data-n=\"{index}\" data-leaf=\"{}\"",
        doc.newest_leaf[index]
    ));
    if let Some(id) = doc.entries[index].id() {
        out.push_str(" data-id=\"");
        push_html(out, id);
        out.push('"');
    }
    if let Some(parent) = doc.parent[index] {
        out.push_str(&format!(" data-p=\"{parent}\""));
    }
    let label = doc.label(index);
    if label.is_some() {
        out.push_str(" data-labeled");
    }
    out.push_str(" tabindex=\"0\"><span class=\"prefix\">");
    let indent = row.depth.saturating_sub(usize::from(row.branch.is_some()));
    out.push_str(&"  ".repeat(indent));
    match row.branch {
        Some(false) => out.push_str("├─ "),
        Some(true) => out.push_str("└─ "),
        None => {}
    }
    out.push_str("</span>");
    if let Some(label) = label {
        out.push_str("<span class=\"tree-label\">[");
        push_html(out, label);
        out.push_str("]</span> ");
    }
    out.push_str(&text);
    out.push_str("</li>\n");
}

/// The row's filter kind and its HTML (Pi's tree labels).
fn row_text(doc: &Doc<'_>, index: usize) -> (&'static str, String) {
    let mut html = String::new();
    let mut push = |class: &str, text: &str| {
        html.push_str(&format!("<span class=\"{class}\">"));
        push_html(&mut html, text);
        html.push_str("</span>");
    };
    let kind = match &doc.entries[index] {
        SessionEntry::Message(entry) => match &entry.message {
            AgentMessage::User(user) => {
                push("role-user", "user: ");
                push("", &one_line(&user.content.joined_text()));
                "user"
            }
            AgentMessage::Assistant(message) => {
                push("role-assistant", "assistant: ");
                let text = one_line(&message.text());
                if !text.is_empty() {
                    push("", &text);
                } else if message.stop_reason == StopReason::Aborted {
                    push("dim", "(aborted)");
                } else if let Some(error) = &message.error_message {
                    push("failure", &one_line(error));
                } else if message.tool_calls().next().is_some() {
                    let names: Vec<&str> = message.tool_calls().map(|c| c.name.as_str()).collect();
                    push("dim", &format!("(calls {})", names.join(", ")));
                } else {
                    push("dim", "(no text)");
                }
                "assistant"
            }
            AgentMessage::ToolResult(result) => {
                match doc.tool_calls.get(result.tool_call_id.as_str()) {
                    Some(call) => push("role-tool", &describe_call(&call.name, &call.arguments)),
                    None => push("role-tool", &format!("[{}]", result.tool_name)),
                }
                "tool"
            }
            AgentMessage::BashExecution(bash) => {
                push("role-tool", "[bash]: ");
                push("", &one_line(&bash.command));
                "tool"
            }
            AgentMessage::Custom(custom) => {
                push("role-custom", &format!("[{}]: ", custom.custom_type));
                push("", &one_line(&custom.content.joined_text()));
                "other"
            }
            message @ AgentMessage::Other(_) => {
                match SystemMessage::from_agent_message(message) {
                    Some(Ok(_)) if doc.is_leading_system(index) => push("dim", "[system prompt]"),
                    Some(Ok(system)) => {
                        let changes = describe_update(&system);
                        push(
                            "dim",
                            &if changes.is_empty() {
                                "[system update]".to_string()
                            } else {
                                format!("[system update: {}]", truncate(&changes))
                            },
                        );
                    }
                    _ => push("dim", &format!("[{}]", message.role())),
                }
                "other"
            }
            other => {
                push("dim", &format!("[{}]", other.role()));
                "other"
            }
        },
        SessionEntry::Compaction(compaction) => {
            let thousands = (compaction.tokens_before as f64 / 1000.0).round();
            push(
                "role-compaction",
                &format!("[compaction: {thousands}k tokens]"),
            );
            "other"
        }
        SessionEntry::BranchSummary(summary) => {
            push("role-summary", "[branch summary]: ");
            push("", &one_line(&summary.summary));
            "other"
        }
        SessionEntry::CustomMessage(message) => {
            push("role-custom", &format!("[{}]: ", message.custom_type));
            push("", &one_line(&content_text(&message.content)));
            "other"
        }
        SessionEntry::ModelChange(change) => {
            push("dim", &format!("[model: {}]", change.model_id));
            "setting"
        }
        SessionEntry::ThinkingLevelChange(change) => {
            push("dim", &format!("[thinking: {}]", change.thinking_level));
            "setting"
        }
        SessionEntry::ContextEdit(edit) => {
            let what = if edit.replacement.is_some() {
                "replace"
            } else {
                "omit"
            };
            push("dim", &format!("[context {what}: {}]", edit.target_id));
            "setting"
        }
        SessionEntry::Label(label) => {
            push(
                "dim",
                &format!("[label: {}]", label.label.as_deref().unwrap_or("(cleared)")),
            );
            "setting"
        }
        SessionEntry::Custom(custom) => {
            push("dim", &format!("[custom: {}]", custom.custom_type));
            "setting"
        }
        SessionEntry::SessionInfo(info) => {
            push(
                "dim",
                &format!("[name: {}]", info.name.as_deref().unwrap_or("")),
            );
            "other"
        }
        SessionEntry::Usage(usage) => {
            push("dim", &format!("[usage: {}]", usage.kind));
            "other"
        }
        SessionEntry::Unknown(map) => {
            let kind = map.get("type").and_then(Value::as_str).unwrap_or("unknown");
            push("dim", &format!("[{kind}]"));
            "other"
        }
    };
    (kind, html)
}

fn content_text(content: &UserContent) -> String {
    match content {
        UserContent::Text(text) => text.clone(),
        UserContent::Blocks(blocks) => blocks.iter().filter_map(ContentBlock::as_text).collect(),
    }
}

/// Text on one line, cut at 100 characters.
fn one_line(text: &str) -> String {
    let flat: String = text
        .chars()
        .map(|c| if c == '\n' || c == '\t' { ' ' } else { c })
        .collect();
    truncate(flat.trim())
}

fn truncate(text: &str) -> String {
    match text.char_indices().nth(100) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_string(),
    }
}

/// A tool call in a few words (Pi's formatToolCall).
fn describe_call(name: &str, args: &Value) -> String {
    let text = |key: &str| match args.get(key) {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Null) | None => String::new(),
        Some(other) => other.to_string(),
    };
    let path = |fallback: &str| {
        let path = text("path");
        let path = if path.is_empty() {
            text("file_path")
        } else {
            path
        };
        if path.is_empty() {
            fallback.to_string()
        } else {
            shorten_path(&path)
        }
    };
    match name {
        "read" => {
            let range = read_range(args.get("offset"), args.get("limit")).unwrap_or_default();
            format!("[read: {}{range}]", path(""))
        }
        "write" | "edit" => format!("[{name}: {}]", path("")),
        "bash" => {
            let command = text("command");
            let flat = one_line(&command);
            let short: String = flat.chars().take(50).collect();
            let more = if command.chars().count() > 50 {
                "..."
            } else {
                ""
            };
            format!("[bash: {short}{more}]")
        }
        "grep" => format!("[grep: /{}/ in {}]", text("pattern"), path(".")),
        "find" => format!("[find: {} in {}]", text("pattern"), path(".")),
        "ls" => format!("[ls: {}]", path(".")),
        _ => {
            let json = args.to_string();
            let short: String = json.chars().take(40).collect();
            let more = if json.chars().count() > 40 { "..." } else { "" };
            format!("[{name}: {short}{more}]")
        }
    }
}
