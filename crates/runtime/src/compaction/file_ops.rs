//! Which files the compacted history read and changed, from its `read`, `write` and `edit`
//! tool calls (Pi's file tracking). The lists accumulate across compactions through the
//! previous entry's `details` and are appended to the summary as `<read-files>` and
//! `<modified-files>` blocks.

use std::collections::BTreeSet;

use serde_json::{json, Value};
use tau_protocol::session::CompactionEntry;
use tau_protocol::AgentMessage;

/// File paths by operation.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FileOps {
    /// Paths passed to `read`.
    pub read: BTreeSet<String>,
    /// Paths passed to `write`.
    pub written: BTreeSet<String>,
    /// Paths passed to `edit`.
    pub edited: BTreeSet<String>,
}

impl FileOps {
    /// Adds the files a previous tau- or Pi-generated compaction recorded; summaries an
    /// extension wrote (`fromHook`) keep their own format and are skipped.
    pub fn add_previous(&mut self, previous: &CompactionEntry) {
        if previous.from_hook == Some(true) {
            return;
        }
        if let Some(details) = &previous.details {
            self.add_details(details);
        }
    }

    /// Adds the lists a summary recorded in its `details` (`readFiles`, `modifiedFiles`).
    pub fn add_details(&mut self, details: &Value) {
        let list = |key: &str| {
            details
                .get(key)
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .map(str::to_string)
        };
        self.read.extend(list("readFiles"));
        self.edited.extend(list("modifiedFiles"));
    }

    /// Adds the file operations of one message: an assistant's tool calls, or the nested
    /// calls recorded on a tool result.
    pub fn add_message(&mut self, message: &AgentMessage) {
        match message {
            AgentMessage::Assistant(assistant) => {
                for call in assistant.tool_calls() {
                    self.add(&call.name, &call.arguments);
                }
            }
            AgentMessage::ToolResult(result) => {
                let calls = result
                    .extra
                    .get("nestedCalls")
                    .and_then(|nested| nested.get("calls"))
                    .and_then(Value::as_array);
                for call in calls.into_iter().flatten() {
                    if let Some(name) = call.get("name").and_then(Value::as_str) {
                        self.add(name, call.get("arguments").unwrap_or(&Value::Null));
                    }
                }
            }
            AgentMessage::User(_)
            | AgentMessage::Custom(_)
            | AgentMessage::BashExecution(_)
            | AgentMessage::BranchSummary(_)
            | AgentMessage::CompactionSummary(_)
            | AgentMessage::Other(_) => {}
        }
    }

    fn add(&mut self, tool: &str, arguments: &Value) {
        let Some(path) = arguments
            .get("path")
            .and_then(Value::as_str)
            .filter(|p| !p.is_empty())
        else {
            return;
        };
        let set = match tool {
            "read" => &mut self.read,
            "write" => &mut self.written,
            "edit" => &mut self.edited,
            _ => return,
        };
        set.insert(path.to_string());
    }

    /// Files only read, and files written or edited; both sorted.
    pub fn lists(&self) -> (Vec<String>, Vec<String>) {
        let modified: BTreeSet<&String> = self.edited.iter().chain(&self.written).collect();
        let read_only = self
            .read
            .iter()
            .filter(|path| !modified.contains(path))
            .cloned()
            .collect();
        (read_only, modified.into_iter().cloned().collect())
    }

    /// The `details` a compaction entry stores: `{readFiles, modifiedFiles}`.
    pub fn details(&self) -> Value {
        let (read_files, modified_files) = self.lists();
        json!({"readFiles": read_files, "modifiedFiles": modified_files})
    }

    /// The blocks appended to the summary; empty when no files were touched.
    pub fn summary_suffix(&self) -> String {
        let (read_files, modified_files) = self.lists();
        let mut sections = Vec::new();
        if !read_files.is_empty() {
            sections.push(format!(
                "<read-files>\n{}\n</read-files>",
                read_files.join("\n")
            ));
        }
        if !modified_files.is_empty() {
            sections.push(format!(
                "<modified-files>\n{}\n</modified-files>",
                modified_files.join("\n")
            ));
        }
        if sections.is_empty() {
            String::new()
        } else {
            format!("\n\n{}", sections.join("\n\n"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tau_protocol::{AssistantMessage, ContentBlock, ToolCall};

    fn calls(calls: &[(&str, Value)]) -> AgentMessage {
        AgentMessage::Assistant(AssistantMessage {
            content: calls
                .iter()
                .enumerate()
                .map(|(i, (name, arguments))| {
                    ContentBlock::ToolCall(ToolCall {
                        id: format!("c{i}"),
                        name: (*name).into(),
                        arguments: arguments.clone(),
                        thought_signature: None,
                        namespace: None,
                    })
                })
                .collect(),
            ..Default::default()
        })
    }

    #[test]
    fn modified_files_leave_the_read_list_and_lists_are_sorted() {
        let mut ops = FileOps::default();
        ops.add_message(&calls(&[
            ("read", json!({"path": "b.rs"})),
            ("read", json!({"path": "a.rs"})),
            ("edit", json!({"path": "b.rs", "edits": []})),
            ("write", json!({"path": "new.rs", "content": ""})),
            ("bash", json!({"command": "cat c.rs"})),
        ]));
        assert_eq!(
            ops.details(),
            json!({"readFiles": ["a.rs"], "modifiedFiles": ["b.rs", "new.rs"]})
        );
        assert_eq!(
            ops.summary_suffix(),
            "\n\n<read-files>\na.rs\n</read-files>\n\n<modified-files>\nb.rs\nnew.rs\n</modified-files>"
        );
        assert_eq!(FileOps::default().summary_suffix(), "");
    }

    #[test]
    fn previous_lists_carry_over_unless_an_extension_wrote_them() {
        let entry: CompactionEntry = serde_json::from_value(json!({
            "type": "compaction", "id": "c", "parentId": null, "timestamp": "2024-01-01T00:00:00.000Z",
            "summary": "s", "firstKeptEntryId": "x", "tokensBefore": 1,
            "details": {"readFiles": ["r.md"], "modifiedFiles": ["m.rs"]}
        }))
        .unwrap();
        let mut ops = FileOps::default();
        ops.add_previous(&entry);
        assert_eq!(ops.lists(), (vec!["r.md".into()], vec!["m.rs".into()]));
        let hooked = CompactionEntry {
            from_hook: Some(true),
            ..entry
        };
        let mut ops = FileOps::default();
        ops.add_previous(&hooked);
        assert_eq!(ops, FileOps::default());
    }
}
