//! Pi's `context_with_system` step: after the `context` transform, hooks see the whole
//! transcript of the request, system messages included, and what they return is what the
//! request is built from: its prompt and tool declarations come from the system messages
//! (pi-ai's `getCurrentSystemMessage`: `content` appended, `sections` patched by name, tools
//! added and removed in order).
//!
//! tau keeps the prompt and tools in the run's configuration and leaves system messages out
//! of the model's messages, so the request changes only where a hook changed the system
//! messages; a transcript without a leading system message gets one made from the
//! configuration first (pi-ai's `createInitialSystemMessage`), so hooks always see the prompt.
//! A prompt forced for the run by `before_agent_start` still wins, as in Pi.

use serde_json::{json, Map, Value};
use tau_protocol::{AgentMessage, ToolDeclaration};

use crate::config::AgentConfig;
use crate::hooks::AgentHooks;

/// The request's conversation, prompt and tools after `context_with_system` hooks.
pub(crate) struct WithSystem {
    /// The transcript as the hooks returned it (system messages are dropped later, when it
    /// is converted for the model).
    pub messages: Vec<AgentMessage>,
    /// The prompt and tools the system messages now declare, when a hook changed them.
    pub system: Option<(String, Vec<ToolDeclaration>)>,
}

/// Runs the hooks over `messages`; `None` when no hook rewrote the transcript.
pub(crate) async fn apply(
    hooks: &dyn AgentHooks,
    messages: &[AgentMessage],
    config: &AgentConfig,
) -> Option<WithSystem> {
    if !hooks.handles_context_with_system() {
        return None;
    }
    let leading = messages.first().is_some_and(is_system);
    let transcript: Vec<AgentMessage> = if leading {
        messages.to_vec()
    } else {
        initial_message(config)
            .into_iter()
            .chain(messages.iter().cloned())
            .collect()
    };
    let returned = hooks.context_with_system(&transcript).await?;
    let before: Vec<&AgentMessage> = transcript.iter().filter(|m| is_system(m)).collect();
    let after: Vec<&AgentMessage> = returned.iter().filter(|m| is_system(m)).collect();
    // A prompt the run forced (`before_agent_start`'s `systemPrompt`) is not the one the
    // transcript declares; Pi still projects it onto the request, so only the tools change.
    let forced = current_system(&before).0 != config.system_prompt;
    let system = (before != after).then(|| {
        let (prompt, tools) = current_system(&after);
        (
            if forced {
                config.system_prompt.clone()
            } else {
                prompt
            },
            tools,
        )
    });
    Some(WithSystem {
        messages: returned,
        system,
    })
}

fn is_system(message: &AgentMessage) -> bool {
    message.role() == "system"
}

/// A leading system message declaring the configuration's prompt and tools.
fn initial_message(config: &AgentConfig) -> Option<AgentMessage> {
    let tools = config.declarations();
    if config.system_prompt.is_empty() && tools.is_empty() {
        return None;
    }
    let mut message = Map::new();
    message.insert("role".into(), json!("system"));
    message.insert("content".into(), json!(config.system_prompt));
    if !tools.is_empty() {
        message.insert("toolsAdded".into(), json!(tools));
    }
    message.insert("timestamp".into(), json!(0));
    Some(AgentMessage::Other(message))
}

/// The prompt text and tools after replaying `system` messages in order.
fn current_system(system: &[&AgentMessage]) -> (String, Vec<ToolDeclaration>) {
    let mut content: Vec<String> = Vec::new();
    let mut sections: Vec<(String, String)> = Vec::new();
    let mut tools: Vec<ToolDeclaration> = Vec::new();
    for message in system {
        let Ok(Value::Object(fields)) = serde_json::to_value(message) else {
            continue;
        };
        let text = content_text(fields.get("content"));
        if !text.is_empty() {
            content.push(text);
        }
        for (name, value) in fields
            .get("sections")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            // A Map in pi-ai: a patched section keeps its place, a removed one loses it.
            match (value.as_str(), sections.iter().position(|(n, _)| n == name)) {
                (Some(text), Some(at)) => sections[at].1 = text.to_owned(),
                (Some(text), None) => sections.push((name.clone(), text.to_owned())),
                (None, Some(at)) => {
                    sections.remove(at);
                }
                (None, None) => {}
            }
        }
        let declared = |key: &str| -> Vec<ToolDeclaration> {
            fields
                .get(key)
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(|tool| serde_json::from_value(tool.clone()).ok())
                .collect()
        };
        for removed in declared("toolsRemoved") {
            tools.retain(|tool| tool.name != removed.name);
        }
        for added in declared("toolsAdded") {
            tools.retain(|tool| tool.name != added.name);
            tools.push(added);
        }
    }
    let prompt = std::iter::once(content.join("\n\n"))
        .chain(sections.into_iter().map(|(_, text)| text))
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("\n\n");
    (prompt, tools)
}

/// A message `content` as text: a string, or its text blocks joined by newlines.
fn content_text(content: Option<&Value>) -> String {
    match content {
        Some(Value::String(text)) => text.clone(),
        Some(Value::Array(blocks)) => blocks
            .iter()
            .filter(|block| block["type"] == "text")
            .filter_map(|block| block["text"].as_str())
            .collect::<Vec<_>>()
            .join("\n"),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn system(value: Value) -> AgentMessage {
        serde_json::from_value(value).expect("a system message")
    }

    #[test]
    fn sections_are_patched_by_name_and_content_is_appended() {
        let head = system(json!({"role": "system", "content": "", "timestamp": 0,
            "sections": {"preamble": "You help.", "rules": "Be brief."},
            "toolsAdded": [{"name": "read", "description": "r", "parameters": {}},
                           {"name": "bash", "description": "b", "parameters": {}}]}));
        let patch = system(
            json!({"role": "system", "content": "Extra.", "timestamp": 1,
            "sections": {"rules": null, "cwd": "In /tmp."},
            "toolsRemoved": [{"name": "bash", "description": "b", "parameters": {}}]}),
        );
        let (prompt, tools) = current_system(&[&head, &patch]);
        assert_eq!(prompt, "Extra.\n\nYou help.\n\nIn /tmp.");
        let rewrite = system(json!({"role": "system", "content": "", "timestamp": 2,
            "sections": {"preamble": "You help a lot."}}));
        let (prompt, _) = current_system(&[&head, &rewrite]);
        assert_eq!(
            prompt, "You help a lot.\n\nBe brief.",
            "a patched section keeps its place"
        );
        let names: Vec<&str> = tools.iter().map(|tool| tool.name.as_str()).collect();
        assert_eq!(names, ["read"]);
    }
}
