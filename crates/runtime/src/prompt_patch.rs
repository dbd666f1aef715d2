//! The system message a turn starts with: the full prompt and tool declarations for a new
//! conversation, or, for a resumed one, only what changed since the session's replayed
//! prompt (Pi's `diffSystemPromptSections` and tool-state changes): changed or new sections,
//! `null` for removed ones, `toolsAdded` / `toolsRemoved`. Nothing when nothing changed.

use serde_json::{json, Map, Value};
use tau_protocol::{AgentMessage, ToolDeclaration};

use crate::prompt::SystemPrompt;

/// The system message to record before the next prompt, if any.
pub fn system_message_for(
    previous: Option<&tau_session::SystemPrompt>,
    current: &SystemPrompt,
    tools: &[ToolDeclaration],
) -> Option<AgentMessage> {
    let Some(previous) = previous else {
        return Some(current.message(tools));
    };
    let mut sections = Map::new();
    for (name, text) in &current.sections {
        let before = previous
            .sections
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, t)| t);
        if before != Some(text) {
            sections.insert(name.clone(), Value::String(text.clone()));
        }
    }
    for (name, _) in &previous.sections {
        if !current.sections.iter().any(|(n, _)| n == name) {
            sections.insert(name.clone(), Value::Null);
        }
    }
    let added: Vec<&ToolDeclaration> = tools
        .iter()
        .filter(|tool| !previous.tools.contains(tool))
        .collect();
    let removed: Vec<Value> = previous
        .tools
        .iter()
        .filter(|old| !tools.iter().any(|tool| tool.name == old.name))
        .map(|old| json!({"name": old.name}))
        .collect();
    if sections.is_empty() && added.is_empty() && removed.is_empty() {
        return None;
    }
    let mut message = Map::new();
    message.insert("role".into(), json!("system"));
    message.insert("content".into(), json!(""));
    if !sections.is_empty() {
        message.insert("sections".into(), Value::Object(sections));
    }
    message.insert("timestamp".into(), json!(tau_protocol::now_millis()));
    if !added.is_empty() {
        message.insert("toolsAdded".into(), json!(added));
    }
    if !removed.is_empty() {
        message.insert("toolsRemoved".into(), Value::Array(removed));
    }
    Some(AgentMessage::Other(message))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tool(name: &str, description: &str) -> ToolDeclaration {
        ToolDeclaration {
            name: name.into(),
            description: description.into(),
            parameters: json!({"type": "object"}),
            constrained_sampling: None,
        }
    }

    fn prompt(sections: &[(&str, &str)]) -> SystemPrompt {
        SystemPrompt {
            sections: sections
                .iter()
                .map(|(n, t)| (n.to_string(), t.to_string()))
                .collect(),
        }
    }

    fn replayed(
        sections: &[(&str, &str)],
        tools: Vec<ToolDeclaration>,
    ) -> tau_session::SystemPrompt {
        tau_session::SystemPrompt {
            content: String::new(),
            sections: sections
                .iter()
                .map(|(n, t)| (n.to_string(), t.to_string()))
                .collect(),
            tools,
            timestamp: 1,
        }
    }

    #[test]
    fn a_new_conversation_gets_the_whole_prompt() {
        let current = prompt(&[("preamble", "p"), ("cwd", "<cwd>\n/a\n</cwd>")]);
        let message = system_message_for(None, &current, &[tool("read", "r")]).expect("message");
        let value = serde_json::to_value(&message).unwrap();
        assert_eq!(value["sections"]["preamble"], "p");
        assert_eq!(value["toolsAdded"][0]["name"], "read");
    }

    #[test]
    fn an_unchanged_prompt_adds_nothing_and_changes_become_a_patch() {
        let tools = vec![tool("read", "r"), tool("bash", "b")];
        let before = replayed(
            &[("preamble", "p"), ("cwd", "c1"), ("addendum", "x")],
            tools.clone(),
        );
        assert!(system_message_for(
            Some(&before),
            &prompt(&[("preamble", "p"), ("cwd", "c1"), ("addendum", "x")]),
            &tools
        )
        .is_none());

        let now = vec![tool("read", "r2"), tool("grep", "g")];
        let patch = system_message_for(
            Some(&before),
            &prompt(&[("preamble", "p"), ("cwd", "c2")]),
            &now,
        )
        .expect("patch");
        let value = serde_json::to_value(&patch).unwrap();
        assert_eq!(value["sections"], json!({"cwd": "c2", "addendum": null}));
        let added: Vec<&str> = value["toolsAdded"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap())
            .collect();
        assert_eq!(added, ["read", "grep"]);
        assert_eq!(value["toolsRemoved"], json!([{"name": "bash"}]));
    }
}
