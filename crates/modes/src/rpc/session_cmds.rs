//! Session commands (Pi's rpc-commands.md "Session" and `get_messages`, `get_commands`):
//! reading the session's entries, tree, statistics and messages, naming it, and replacing
//! it (`new_session`, `switch_session`, `fork`, `clone`) through the same gates extension
//! commands use.

use std::collections::HashMap;

use serde_json::{json, Value};
use tau_protocol::session::SessionEntry;
use tau_protocol::{AgentMessage, StopReason};
use tau_session::Session;

use super::commands::{text, Outcome};
use super::Rpc;

/// The session commands; anything else is unknown.
pub(super) async fn run(rpc: &Rpc, kind: &str, command: &Value) -> Outcome {
    match kind {
        "new_session" => {
            let parent = command.get("parentSession").and_then(Value::as_str);
            let result = rpc.sessions.new_session(parent.map(str::to_string)).await?;
            Ok(Some(json!({ "cancelled": result["cancelled"] })))
        }
        "switch_session" => {
            let path = text(command, "sessionPath")?.to_string();
            let result = rpc.sessions.switch_session(path).await?;
            Ok(Some(json!({ "cancelled": result["cancelled"] })))
        }
        "fork" => {
            let entry = text(command, "entryId")?.to_string();
            let result = rpc.sessions.fork(entry, "before".into()).await?;
            let mut data = json!({});
            if let Some(selected) = result.get("selectedText").filter(|t| !t.is_null()) {
                data["text"] = selected.clone();
            }
            data["cancelled"] = result["cancelled"].clone();
            Ok(Some(data))
        }
        "clone" => {
            let leaf = rpc
                .current
                .get()
                .with_session_log(|s| s.leaf_id().map(str::to_string))
                .ok_or("Cannot clone session: no current entry selected")?;
            let result = rpc.sessions.fork(leaf, "at".into()).await?;
            Ok(Some(json!({ "cancelled": result["cancelled"] })))
        }
        "get_fork_messages" => Ok(Some(rpc.current.get().with_session_log(fork_messages))),
        "get_entries" => {
            let since = command.get("since").and_then(Value::as_str);
            rpc.current
                .get()
                .with_session_log(|s| entries(s, since))
                .map(Some)
        }
        "get_session_stats" => {
            let runtime = rpc.current.get();
            let window = runtime.config().model.context_window;
            Ok(Some(
                runtime.with_session_log(|s| tau_app::stats::stats(s, window)),
            ))
        }
        "get_last_assistant_text" => {
            let text = last_assistant_text(&rpc.current.get().messages());
            Ok(Some(json!({ "text": text })))
        }
        "get_messages" => Ok(Some(json!({ "messages": rpc.current.get().messages() }))),
        "set_session_name" => {
            let name = text(command, "name")?.trim().to_string();
            if name.is_empty() {
                return Err("Session name cannot be empty".into());
            }
            rpc.current.get().set_session_name(&name)?;
            let event = json!({ "type": "session_info_changed", "name": name });
            rpc.out.record(&event).await;
            if let Some(extensions) = &rpc.extensions {
                // Not awaited, as in Pi.
                let hooks = extensions.hooks.clone();
                tokio::spawn(async move { hooks.notify(event).await });
            }
            Ok(None)
        }
        "get_commands" => Ok(Some(json!({ "commands": commands(rpc) }))),
        // Pi's wording, which clients may match.
        other => Err(format!("Unknown command: {other}")),
    }
}

fn to_json(entry: &SessionEntry) -> Value {
    serde_json::to_value(entry).unwrap_or(Value::Null)
}

fn fork_messages(session: &mut Session) -> Value {
    let messages: Vec<Value> = session
        .tree()
        .entries()
        .iter()
        .map(to_json)
        .filter(|e| e["type"] == "message" && e["message"]["role"] == "user")
        .filter_map(|e| {
            let text = tau_app::ext_switch::content_text(&e["message"]["content"]);
            (!text.is_empty()).then(|| json!({ "entryId": e["id"], "text": text }))
        })
        .collect();
    json!({ "messages": messages })
}

fn entries(session: &mut Session, since: Option<&str>) -> Result<Value, String> {
    let all = session.tree().entries();
    let start = match since {
        None => 0,
        Some(id) => {
            all.iter()
                .position(|e| e.id() == Some(id))
                .ok_or_else(|| format!("Entry not found: {id}"))?
                + 1
        }
    };
    let entries: Vec<Value> = all[start..].iter().map(to_json).collect();
    Ok(json!({ "entries": entries, "leafId": session.leaf_id() }))
}

/// `{tree, leafId}`: nodes `{entry, children, label?, labelTimestamp?}`, built without
/// recursion (a long session is a deep chain).
/// `get_tree`'s `data` as JSON text: `{"tree": [node...], "leafId": ...}`, each node
/// `{"entry", "children", "label"?, "labelTimestamp"?}` as Pi nests them.
///
/// Written out with an explicit stack rather than built as a `Value`: a linear session nests
/// one level per entry, and serialising or dropping a `Value` recurses once per level, which
/// overflows the stack (an abort, not an error) on a session of some ten thousand entries.
pub(super) fn tree_json(session: &mut Session) -> String {
    let tree = session.tree();
    let all = tree.entries();
    let index: HashMap<&str, usize> = all
        .iter()
        .enumerate()
        .filter_map(|(i, e)| e.id().map(|id| (id, i)))
        .collect();
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); all.len()];
    let mut roots = Vec::new();
    for (i, entry) in all.iter().enumerate() {
        match entry.parent_id().and_then(|p| index.get(p)) {
            Some(&parent) if parent < i => children[parent].push(i),
            _ => roots.push(i),
        }
    }
    let mut out = String::from("{\"tree\":[");
    // Each frame: the node being written and how many of its children are done.
    let mut stack: Vec<(usize, usize)> = Vec::new();
    for (n, &root) in roots.iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        open_node(&mut out, &all[root]);
        stack.push((root, 0));
        while let Some((node, done)) = stack.last_mut() {
            let node = *node;
            match children[node].get(*done) {
                Some(&child) => {
                    if *done > 0 {
                        out.push(',');
                    }
                    *done += 1;
                    open_node(&mut out, &all[child]);
                    stack.push((child, 0));
                }
                None => {
                    out.push(']');
                    if let Some(label) = all[node].id().and_then(|id| tree.label_info(id)) {
                        out.push_str(",\"label\":");
                        out.push_str(&json!(label.label).to_string());
                        out.push_str(",\"labelTimestamp\":");
                        out.push_str(&json!(label.timestamp).to_string());
                    }
                    out.push('}');
                    stack.pop();
                }
            }
        }
    }
    out.push_str("],\"leafId\":");
    out.push_str(&json!(session.leaf_id()).to_string());
    out.push('}');
    out
}

/// `{"entry":<entry>,"children":[` of one tree node.
fn open_node(out: &mut String, entry: &SessionEntry) {
    out.push_str("{\"entry\":");
    out.push_str(&to_json(entry).to_string());
    out.push_str(",\"children\":[");
}

/// Pi's `getLastAssistantText`: the last answer that ended normally or has text; `null`
/// when there is none or it is blank.
fn last_assistant_text(messages: &[AgentMessage]) -> Option<String> {
    let last = messages.iter().rev().find_map(|m| match m {
        AgentMessage::Assistant(a)
            if a.stop_reason == StopReason::Stop
                || a.content
                    .iter()
                    .any(|b| b.as_text().is_some_and(|t| !t.trim().is_empty())) =>
        {
            Some(a)
        }
        _ => None,
    })?;
    let text: String = last.content.iter().filter_map(|b| b.as_text()).collect();
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_string())
}

/// The commands, as Pi lists them: extension commands, then prompt templates and skills.
fn commands(rpc: &Rpc) -> Vec<Value> {
    let mut listed = extension_commands(rpc);
    listed.extend(rpc.driver.resources().get().commands());
    listed
}

/// The extension commands, as Pi lists them.
fn extension_commands(rpc: &Rpc) -> Vec<Value> {
    let Some(extensions) = &rpc.extensions else {
        return Vec::new();
    };
    let report = extensions.host.report();
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for ext in report.extensions.iter().filter(|e| e.ok) {
        for command in &ext.commands {
            *counts.entry(command.name.as_str()).or_default() += 1;
        }
    }
    let mut seen: HashMap<&str, usize> = HashMap::new();
    let mut listed = Vec::new();
    for ext in report.extensions.iter().filter(|e| e.ok) {
        for command in &ext.commands {
            let occurrence = seen.entry(command.name.as_str()).or_default();
            *occurrence += 1;
            // Pi numbers a name several extensions register: `name:1`, `name:2`.
            let name = if counts[command.name.as_str()] > 1 {
                format!("{}:{occurrence}", command.name)
            } else {
                command.name.clone()
            };
            let mut entry = json!({ "name": name });
            if let Some(description) = &command.description {
                entry["description"] = json!(description);
            }
            entry["source"] = json!("extension");
            entry["sourceInfo"] = json!({
                "path": ext.path,
                "source": "cli",
                "scope": "temporary",
                "origin": "top-level",
            });
            listed.push(entry);
        }
    }
    listed
}
