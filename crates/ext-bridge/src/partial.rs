//! The assistant message as it streams in, for `message_update` handlers (Pi hands them the
//! partial message). Rebuilt from the deltas only when some extension listens.

use std::sync::Mutex;

use serde_json::Value;
use tau_protocol::partial::PartialMessage;
use tau_protocol::{AgentMessage, AssistantMessageEvent, ContentBlock, Usage};

/// The message being streamed, if any, and the raw argument text of its tool calls so far.
#[derive(Debug, Default)]
pub(crate) struct Partial(Mutex<(PartialMessage, ToolArguments)>);

/// Raw argument JSON per content index, and the last arguments it parsed to.
type ToolArguments = std::collections::HashMap<usize, (String, Value)>;

impl Partial {
    fn lock(&self) -> std::sync::MutexGuard<'_, (PartialMessage, ToolArguments)> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A message started: an assistant message becomes the partial one.
    pub(crate) fn start(&self, message: &AgentMessage) {
        let mut guard = self.lock();
        guard.0.start(message);
        guard.1.clear();
    }

    /// Applies one streamed event; returns the partial message after it.
    pub(crate) fn update(
        &self,
        event: &AssistantMessageEvent,
        usage: &Usage,
    ) -> Option<AgentMessage> {
        let mut guard = self.lock();
        let (partial, arguments) = &mut *guard;
        let mut message = partial.update(event, usage)?.clone();
        // Pi streams a call's arguments as they arrive (a best-effort parse of the JSON so
        // far); tau's partial message gets them once the call is complete, so they are
        // filled in here from the deltas.
        if let AssistantMessageEvent::ToolCallDelta {
            content_index,
            delta,
        } = event
        {
            let (text, parsed) = arguments.entry(*content_index).or_default();
            text.push_str(delta);
            if let Some(value) = parse_partial_object(text) {
                *parsed = value;
            }
        }
        for (index, (_, parsed)) in arguments.iter() {
            if let Some(ContentBlock::ToolCall(call)) = message.content.get_mut(*index) {
                let empty = call.arguments.as_object().is_none_or(|o| o.is_empty());
                if empty && !parsed.is_null() {
                    call.arguments = parsed.clone();
                }
            }
        }
        Some(AgentMessage::Assistant(message))
    }
}

/// The object an unfinished JSON text describes so far: open strings and containers are
/// closed; `None` when that still does not parse (a dangling key, a partial literal), so
/// the caller keeps what it had.
fn parse_partial_object(text: &str) -> Option<Value> {
    let mut closers = Vec::new();
    let (mut in_string, mut escaped) = (false, false);
    for c in text.chars() {
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '{' => closers.push('}'),
            '[' => closers.push(']'),
            '}' | ']' => {
                closers.pop();
            }
            _ => {}
        }
    }
    let mut repaired = text.to_string();
    if in_string {
        if escaped {
            repaired.pop();
        }
        repaired.push('"');
    }
    let trimmed = repaired.trim_end().trim_end_matches(',');
    let mut repaired = trimmed.to_string();
    repaired.extend(closers.iter().rev());
    serde_json::from_str::<Value>(&repaired)
        .ok()
        .filter(Value::is_object)
}

#[cfg(test)]
mod tests {
    use super::parse_partial_object;
    use serde_json::json;

    #[test]
    fn unfinished_arguments_parse_as_far_as_they_go() {
        assert_eq!(parse_partial_object(""), None);
        assert_eq!(parse_partial_object("{"), Some(json!({})));
        assert_eq!(parse_partial_object("{\"path\":"), None);
        assert_eq!(
            parse_partial_object("{\"path\":\"notes.t"),
            Some(json!({"path": "notes.t"}))
        );
        assert_eq!(
            parse_partial_object(r#"{"a":[1,{"b":"x\""#),
            Some(json!({"a": [1, {"b": "x\""}]}))
        );
        assert_eq!(parse_partial_object("{\"n\": 1,"), Some(json!({"n": 1})));
    }
}
