//! [`SystemPrompt`]: the prompt and tool set after replaying every `role: "system"` message of
//! a context in order (pi-ai's `getCurrentSystemMessage` and `getSystemMessageText`).
//!
//! Each system message appends its non-empty `content` to the base prompt, patches `sections`
//! by name (`null` removes one) and changes tools (`toolsRemoved` first, then `toolsAdded`).
//! Order follows JavaScript `Map` semantics: replacing a section or tool keeps its position,
//! removing and re-adding moves it to the end.
//!
//! Replay reads the raw message objects leniently, as Pi does: a malformed tool declaration
//! is left out rather than failing the whole prompt.

use serde_json::{Map, Value};
use tau_protocol::messages::{AgentMessage, ContentBlock};
use tau_protocol::ToolDeclaration;

/// The replayed system prompt state of a context.
#[derive(Debug, Clone, PartialEq)]
pub struct SystemPrompt {
    /// Non-empty `content` texts of every system message, joined by blank lines. With a
    /// forced prompt (`--system-prompt`) this is the whole prompt.
    pub content: String,
    /// Named sections in order.
    pub sections: Vec<(String, String)>,
    /// Declared tools in order.
    pub tools: Vec<ToolDeclaration>,
    /// Timestamp of the first system message.
    pub timestamp: u64,
}

impl SystemPrompt {
    /// Replays the system messages among `messages`; `None` when there are none.
    pub fn replay<'a>(messages: impl IntoIterator<Item = &'a AgentMessage>) -> Option<Self> {
        let mut state: Option<SystemPrompt> = None;
        let mut contents: Vec<String> = Vec::new();
        for message in messages {
            let AgentMessage::Other(map) = message else {
                continue;
            };
            if message.role() != "system" {
                continue;
            }
            let state = state.get_or_insert_with(|| SystemPrompt {
                content: String::new(),
                sections: Vec::new(),
                tools: Vec::new(),
                timestamp: map.get("timestamp").and_then(Value::as_u64).unwrap_or(0),
            });
            let text = content_text(map.get("content"));
            if !text.is_empty() {
                contents.push(text);
            }
            if let Some(Value::Object(sections)) = map.get("sections") {
                for (name, value) in sections {
                    state.patch_section(name, value);
                }
            }
            state.apply_tools(map);
        }
        state.map(|mut state| {
            state.content = contents.join("\n\n");
            state
        })
    }

    fn patch_section(&mut self, name: &str, value: &Value) {
        let position = self.sections.iter().position(|(n, _)| n == name);
        match (value, position) {
            (Value::String(text), Some(i)) => self.sections[i].1 = text.clone(),
            (Value::String(text), None) => self.sections.push((name.into(), text.clone())),
            (Value::Null, Some(i)) => {
                self.sections.remove(i);
            }
            // Pi stores any other value as is; it cannot be rendered, so tau leaves it out.
            _ => {}
        }
    }

    fn apply_tools(&mut self, map: &Map<String, Value>) {
        let list = |key: &str| {
            map.get(key)
                .and_then(Value::as_array)
                .map(Vec::as_slice)
                .unwrap_or_default()
        };
        for removed in list("toolsRemoved") {
            if let Some(name) = removed.get("name").and_then(Value::as_str) {
                self.tools.retain(|tool| tool.name != name);
            }
        }
        for added in list("toolsAdded") {
            let Ok(tool) = serde_json::from_value::<ToolDeclaration>(added.clone()) else {
                continue;
            };
            match self.tools.iter_mut().find(|t| t.name == tool.name) {
                Some(slot) => *slot = tool,
                None => self.tools.push(tool),
            }
        }
    }

    /// The section with this name.
    pub fn section(&self, name: &str) -> Option<&str> {
        self.sections
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, text)| text.as_str())
    }

    /// The complete prompt text: content, then each section, non-empty parts joined by blank
    /// lines (pi-ai's `getSystemMessageText`).
    pub fn text(&self) -> String {
        std::iter::once(self.content.as_str())
            .chain(self.sections.iter().map(|(_, text)| text.as_str()))
            .filter(|part| !part.is_empty())
            .collect::<Vec<_>>()
            .join("\n\n")
    }

    /// The state as one leading system message, keys in Pi's order (`role`, `content`,
    /// `sections`, `toolsAdded`, `timestamp`); empty sections and tools are left out.
    pub fn to_message(&self) -> AgentMessage {
        let mut map = Map::new();
        map.insert("role".into(), Value::String("system".into()));
        map.insert("content".into(), Value::String(self.content.clone()));
        if !self.sections.is_empty() {
            let sections = self
                .sections
                .iter()
                .map(|(name, text)| (name.clone(), Value::String(text.clone())))
                .collect();
            map.insert("sections".into(), Value::Object(sections));
        }
        if !self.tools.is_empty() {
            let tools = self
                .tools
                .iter()
                .filter_map(|t| serde_json::to_value(t).ok());
            map.insert("toolsAdded".into(), Value::Array(tools.collect()));
        }
        map.insert("timestamp".into(), Value::from(self.timestamp));
        AgentMessage::Other(map)
    }
}

/// pi-ai's `contentText`: a string as is, text blocks joined by newlines.
fn content_text(content: Option<&Value>) -> String {
    match content {
        Some(Value::String(text)) => text.clone(),
        Some(Value::Array(blocks)) => blocks
            .iter()
            .filter_map(|block| serde_json::from_value::<ContentBlock>(block.clone()).ok())
            .filter_map(|block| block.as_text().map(str::to_string))
            .collect::<Vec<_>>()
            .join("\n"),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn message(value: Value) -> AgentMessage {
        serde_json::from_value(value).unwrap()
    }

    fn tool(name: &str, description: &str) -> Value {
        json!({"name": name, "description": description, "parameters": {"type":"object"}})
    }

    #[test]
    fn no_system_messages_means_no_prompt() {
        let user = message(json!({"role":"user","content":"hi","timestamp":1}));
        assert_eq!(SystemPrompt::replay([&user]), None);
    }

    #[test]
    fn sections_and_tools_replay_like_javascript_maps() {
        let messages = [
            message(json!({"role":"system","content":"","timestamp":7,
                "sections":{"preamble":"P","tools":"T","cwd":"C"},
                "toolsAdded":[tool("read","r"), tool("write","w"), tool("bash","b")]})),
            message(json!({"role":"user","content":"hi","timestamp":8})),
            message(json!({"role":"system","content":"","timestamp":9,
                "sections":{"tools":"T2","preamble":null,"skills":"S"},
                "toolsRemoved":[{"name":"write"}],"toolsAdded":[tool("read","r2")]})),
            message(
                json!({"role":"system","content":[{"type":"text","text":"extra"}],"timestamp":10,
                "sections":{"preamble":"P2"},"toolsRemoved":[{"name":"read"}],
                "toolsAdded":[tool("read","r3"), {"name":"broken"}]}),
            ),
        ];
        let prompt = SystemPrompt::replay(&messages).unwrap();
        assert_eq!(prompt.timestamp, 7);
        assert_eq!(prompt.content, "extra");
        let sections: Vec<_> = prompt
            .sections
            .iter()
            .map(|(n, t)| (n.as_str(), t.as_str()))
            .collect();
        assert_eq!(
            sections,
            [
                ("tools", "T2"),
                ("cwd", "C"),
                ("skills", "S"),
                ("preamble", "P2")
            ]
        );
        let tools: Vec<_> = prompt
            .tools
            .iter()
            .map(|t| (t.name.as_str(), t.description.as_str()))
            .collect();
        assert_eq!(tools, [("bash", "b"), ("read", "r3")]);
        assert_eq!(prompt.text(), "extra\n\nT2\n\nC\n\nS\n\nP2");
        assert_eq!(prompt.section("cwd"), Some("C"));
    }

    #[test]
    fn forced_prompt_content_accumulates_and_renders_as_one_message() {
        let messages = [
            message(json!({"role":"system","content":"You are terse.","timestamp":1})),
            message(json!({"role":"system","content":"","timestamp":2})),
            message(json!({"role":"system","content":"Also polite.","timestamp":3})),
        ];
        let prompt = SystemPrompt::replay(&messages).unwrap();
        assert_eq!(prompt.text(), "You are terse.\n\nAlso polite.");
        assert_eq!(
            serde_json::to_string(&prompt.to_message()).unwrap(),
            r#"{"role":"system","content":"You are terse.\n\nAlso polite.","timestamp":1}"#
        );
    }
}
