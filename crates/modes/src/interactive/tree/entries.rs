//! The session tree as `/tree` needs it, taken from the session once when the selector opens:
//! per entry its parent, label, the one line Pi shows for it (as styled segments), the text a
//! search matches, and what the filters look at.

use std::collections::HashMap;
use std::path::Path;

use serde_json::Value;
use tau_protocol::session::SessionEntry;
use tau_protocol::{AgentMessage, ContentBlock, StopReason, UserContent};

use crate::interactive::tools::format::{read_line_range, shorten_path};

/// What the filters need to know of an entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    User,
    /// An assistant message; `hidden` when it only calls tools (and neither failed nor was
    /// aborted), which Pi leaves out unless it is the current leaf.
    Assistant {
        hidden: bool,
    },
    ToolResult,
    /// Bookkeeping the default view hides: labels, context edits, custom entries, model and
    /// thinking changes, session info.
    Settings,
    /// `usage` entries: never shown.
    Usage,
    /// Everything else (compactions, branch summaries, custom messages, other messages).
    Other,
}

/// One piece of an entry's line: a theme colour token (`""`: none) and its text; `italic`
/// for Pi's italic "empty" session title.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment {
    pub token: &'static str,
    pub text: String,
    pub italic: bool,
}

fn seg(token: &'static str, text: impl Into<String>) -> Segment {
    Segment {
        token,
        text: text.into(),
        italic: false,
    }
}

/// One entry of the tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeEntry {
    pub id: String,
    pub parent_id: Option<String>,
    pub class: Class,
    pub line: Vec<Segment>,
    /// What a search matches, besides the label.
    pub search: String,
    pub label: Option<String>,
    /// When the label was set (ISO time), for Pi's label-timestamp toggle.
    pub label_time: Option<String>,
    /// What Ctrl+X copies (Pi's `getEntryCopyText`).
    pub copy: Option<String>,
}

/// The tree at the moment `/tree` opened.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TreeSnapshot {
    /// Entries in file order (children after their parents).
    pub entries: Vec<TreeEntry>,
    pub leaf_id: Option<String>,
}

/// Whitespace Pi flattens in one-line texts.
fn one_line(text: &str) -> String {
    text.replace(['\n', '\t'], " ").trim().to_string()
}

/// Text blocks joined, as Pi's `extractContent` (cut to 200 characters).
fn content_text(content: &UserContent) -> String {
    let text = match content {
        UserContent::Text(text) => text.clone(),
        UserContent::Blocks(blocks) => blocks.iter().filter_map(ContentBlock::as_text).collect(),
    };
    text.chars().take(200).collect()
}

fn full_text(content: &UserContent) -> String {
    match content {
        UserContent::Text(text) => text.clone(),
        UserContent::Blocks(blocks) => blocks.iter().filter_map(ContentBlock::as_text).collect(),
    }
}

fn blocks_text(blocks: &[ContentBlock]) -> String {
    blocks.iter().filter_map(ContentBlock::as_text).collect()
}

/// A tool call as the tree shows the tool result it produced (Pi's `formatToolCall`).
pub fn tool_call_text(name: &str, args: &Value, home: Option<&Path>) -> String {
    let text = |key: &str| match args.get(key) {
        Some(Value::String(s)) if !s.is_empty() => Some(s.clone()),
        Some(Value::String(_)) | Some(Value::Null) | None => None,
        Some(other) => Some(other.to_string()),
    };
    let path_or = |fallback: &str| {
        let raw = text("path")
            .or_else(|| text("file_path"))
            .unwrap_or_else(|| fallback.into());
        shorten_path(&raw, home)
    };
    match name {
        "read" => format!(
            "[read: {}{}]",
            path_or(""),
            read_line_range(args.get("offset"), args.get("limit"))
        ),
        "write" => format!("[write: {}]", path_or("")),
        "edit" => format!("[edit: {}]", path_or("")),
        "bash" => {
            let raw = text("command").unwrap_or_default();
            let short: String = one_line(&raw).chars().take(50).collect();
            let more = if raw.chars().count() > 50 { "..." } else { "" };
            format!("[bash: {short}{more}]")
        }
        "grep" => format!(
            "[grep: /{}/ in {}]",
            text("pattern").unwrap_or_default(),
            shorten_path(&text("path").unwrap_or_else(|| ".".into()), home)
        ),
        "find" => format!(
            "[find: {} in {}]",
            text("pattern").unwrap_or_default(),
            shorten_path(&text("path").unwrap_or_else(|| ".".into()), home)
        ),
        "ls" => format!(
            "[ls: {}]",
            shorten_path(&text("path").unwrap_or_else(|| ".".into()), home)
        ),
        _ => {
            let json = args.to_string();
            let short: String = json.chars().take(40).collect();
            let more = if json.chars().count() > 40 { "..." } else { "" };
            format!("[{name}: {short}{more}]")
        }
    }
}

/// Tool calls by id, to name the call a tool result answers.
type Calls = HashMap<String, (String, Value)>;

fn message_line(message: &AgentMessage, calls: &Calls, home: Option<&Path>) -> Vec<Segment> {
    match message {
        AgentMessage::User(user) => vec![
            seg("accent", "user: "),
            seg("", one_line(&content_text(&user.content))),
        ],
        AgentMessage::Assistant(assistant) => {
            let text = one_line(
                &blocks_text(&assistant.content)
                    .chars()
                    .take(200)
                    .collect::<String>(),
            );
            let body = if !text.is_empty() {
                seg("", text)
            } else if assistant.stop_reason == StopReason::Aborted {
                seg("muted", "(aborted)")
            } else if let Some(error) = assistant.error_message.as_deref().filter(|e| !e.is_empty())
            {
                seg(
                    "error",
                    one_line(error).chars().take(80).collect::<String>(),
                )
            } else {
                seg("muted", "(no content)")
            };
            vec![seg("success", "assistant: "), body]
        }
        AgentMessage::ToolResult(result) => {
            let text = match calls.get(&result.tool_call_id) {
                Some((name, args)) => tool_call_text(name, args, home),
                None => format!("[{}]", result.tool_name),
            };
            vec![seg("muted", text)]
        }
        AgentMessage::BashExecution(bash) => {
            vec![seg("dim", format!("[bash]: {}", one_line(&bash.command)))]
        }
        other => vec![seg("dim", format!("[{}]", other.role()))],
    }
}

fn message_search(message: &AgentMessage) -> String {
    let mut parts = vec![message.role().to_string()];
    match message {
        AgentMessage::User(user) => parts.push(content_text(&user.content)),
        AgentMessage::Assistant(assistant) => {
            parts.push(blocks_text(&assistant.content).chars().take(200).collect());
        }
        AgentMessage::ToolResult(result) => {
            parts.push(blocks_text(&result.content).chars().take(200).collect());
        }
        AgentMessage::BashExecution(bash) => parts.push(bash.command.clone()),
        AgentMessage::Custom(custom) => parts.push(content_text(&custom.content)),
        AgentMessage::BranchSummary(_)
        | AgentMessage::CompactionSummary(_)
        | AgentMessage::Other(_) => {}
    }
    parts.join(" ")
}

fn message_class(message: &AgentMessage) -> Class {
    match message {
        AgentMessage::User(_) => Class::User,
        AgentMessage::Assistant(assistant) => {
            let has_text = assistant
                .content
                .iter()
                .filter_map(ContentBlock::as_text)
                .any(|text| !text.trim().is_empty());
            let failed = !matches!(
                assistant.stop_reason,
                StopReason::Stop | StopReason::ToolUse
            );
            Class::Assistant {
                hidden: !has_text && !failed,
            }
        }
        AgentMessage::ToolResult(_) => Class::ToolResult,
        _ => Class::Other,
    }
}

fn message_copy(message: &AgentMessage) -> Option<String> {
    match message {
        AgentMessage::User(user) => Some(full_text(&user.content)),
        AgentMessage::Assistant(assistant) => {
            let text = blocks_text(&assistant.content);
            if text.is_empty() {
                assistant.error_message.clone()
            } else {
                Some(text)
            }
        }
        AgentMessage::ToolResult(result) => Some(blocks_text(&result.content)),
        AgentMessage::BashExecution(bash) => Some(bash.command.clone()),
        AgentMessage::Custom(custom) => Some(full_text(&custom.content)),
        AgentMessage::BranchSummary(_)
        | AgentMessage::CompactionSummary(_)
        | AgentMessage::Other(_) => None,
    }
}

/// The line, search text, class and copy text of one entry.
fn describe(
    entry: &SessionEntry,
    calls: &Calls,
    home: Option<&Path>,
) -> (Vec<Segment>, String, Class, Option<String>) {
    let dim = |text: String| vec![seg("dim", text)];
    match entry {
        SessionEntry::Message(message) => (
            message_line(&message.message, calls, home),
            message_search(&message.message),
            message_class(&message.message),
            message_copy(&message.message),
        ),
        SessionEntry::CustomMessage(custom) => (
            vec![
                seg("customMessageLabel", format!("[{}]: ", custom.custom_type)),
                seg("", one_line(&full_text(&custom.content))),
            ],
            format!("{} {}", custom.custom_type, content_text(&custom.content)),
            Class::Other,
            Some(full_text(&custom.content)),
        ),
        SessionEntry::Compaction(compaction) => (
            vec![seg(
                "borderAccent",
                format!(
                    "[compaction: {}k tokens]",
                    (compaction.tokens_before as f64 / 1000.0).round()
                ),
            )],
            "compaction".into(),
            Class::Other,
            Some(compaction.summary.clone()),
        ),
        SessionEntry::BranchSummary(summary) => (
            vec![
                seg("warning", "[branch summary]: "),
                seg("", one_line(&summary.summary)),
            ],
            format!("branch summary {}", summary.summary),
            Class::Other,
            Some(summary.summary.clone()),
        ),
        SessionEntry::ModelChange(change) => (
            dim(format!("[model: {}]", change.model_id)),
            format!("model {}", change.model_id),
            Class::Settings,
            None,
        ),
        SessionEntry::ThinkingLevelChange(change) => (
            dim(format!("[thinking: {}]", change.thinking_level)),
            format!("thinking {}", change.thinking_level),
            Class::Settings,
            None,
        ),
        SessionEntry::Custom(custom) => (
            dim(format!("[custom: {}]", custom.custom_type)),
            format!("custom {}", custom.custom_type),
            Class::Settings,
            None,
        ),
        SessionEntry::ContextEdit(edit) => {
            let kind = if edit.replacement.is_none() {
                "omit"
            } else {
                "replace"
            };
            (
                dim(format!("[context {kind}: {}]", edit.target_id)),
                format!("context edit {kind} {}", edit.target_id),
                Class::Settings,
                None,
            )
        }
        SessionEntry::Label(label) => (
            dim(format!(
                "[label: {}]",
                label.label.as_deref().unwrap_or("(cleared)")
            )),
            format!("label {}", label.label.as_deref().unwrap_or_default()),
            Class::Settings,
            None,
        ),
        SessionEntry::SessionInfo(info) => {
            let line = match info.name.as_deref().filter(|n| !n.is_empty()) {
                Some(name) => dim(format!("[title: {name}]")),
                None => vec![
                    seg("dim", "[title: "),
                    Segment {
                        token: "dim",
                        text: "empty".into(),
                        italic: true,
                    },
                    seg("dim", "]"),
                ],
            };
            let search = format!("title {}", info.name.as_deref().unwrap_or_default());
            (line, search, Class::Settings, None)
        }
        SessionEntry::Usage(_) => (Vec::new(), String::new(), Class::Usage, None),
        SessionEntry::Unknown(_) => (Vec::new(), String::new(), Class::Other, None),
    }
}

/// The tree of `session` as `/tree` shows it.
pub fn snapshot(session: &mut tau_session::Session, home: Option<&Path>) -> TreeSnapshot {
    let tree = session.tree();
    let mut calls = Calls::new();
    let mut entries = Vec::new();
    for entry in tree.entries() {
        let Some(id) = entry.id() else { continue };
        if let SessionEntry::Message(message) = entry {
            if let AgentMessage::Assistant(assistant) = &message.message {
                for call in assistant.tool_calls() {
                    calls.insert(call.id.clone(), (call.name.clone(), call.arguments.clone()));
                }
            }
        }
        let (line, search, class, copy) = describe(entry, &calls, home);
        let label = tree.label_info(id);
        let label_text = label.map(|l| l.label.clone());
        entries.push(TreeEntry {
            id: id.to_string(),
            parent_id: entry.parent_id().map(str::to_string),
            class,
            line,
            search,
            label: label_text,
            label_time: label.map(|l| l.timestamp.clone()),
            copy: copy.filter(|text| !text.trim().is_empty()),
        });
    }
    TreeSnapshot {
        entries,
        leaf_id: tree.leaf_id().map(str::to_string),
    }
}
