//! Writing the request body straight to bytes: the same bytes as serialising
//! [`super::request::build_body`]'s value, without holding the converted `messages` array.
//!
//! A resumed session can hold tens of megabytes of conversation; building every converted
//! message as a JSON value first doubles that in memory. Here each message is converted and
//! written in turn, and the transformed conversation is taken by value.

use std::borrow::Borrow;

use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};
use serde_json::{Map, Value};
use tau_protocol::AgentMessage;

use super::messages::convert_messages_each;
use super::request::{body_fields, BodyInput, ContextFacts};

/// Serialises the body of `input` (whose `original` is not read: `facts` stand for it) to
/// JSON bytes. Errors are the request's `detail`: a strict-mode tool the server cannot take,
/// or a value that cannot be serialised.
pub fn encode_body<M: Borrow<AgentMessage>>(
    input: &BodyInput<'_, M>,
    facts: ContextFacts,
) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(estimated_size(input.messages));
    encode_body_to(input, facts, &mut out)?;
    Ok(out)
}

/// [`encode_body`] writing to `out` as the body is produced, so a large body can be sent
/// while it is written. The request's own errors come before any byte is written.
pub fn encode_body_to<M: Borrow<AgentMessage>>(
    input: &BodyInput<'_, M>,
    facts: ContextFacts,
    out: impl std::io::Write,
) -> Result<(), String> {
    let serialise_error =
        |error: serde_json::Error| format!("cannot serialise the request: {error}");
    if input.compat.anthropic_cache_control {
        // Cache control marks the last messages, so it needs the whole array.
        let body = Value::Object(body_fields(input, facts, true)?);
        return serde_json::to_writer(out, &body).map_err(serialise_error);
    }
    let body = body_fields(input, facts, false)?;
    serde_json::to_writer(
        out,
        &Body {
            fields: &body,
            input,
        },
    )
    .map_err(serialise_error)
}

/// A guess at the body size, so the buffer rarely grows: the text plus some framing.
pub fn estimated_size<M: Borrow<AgentMessage>>(messages: &[M]) -> usize {
    let text: usize = messages
        .iter()
        .map(|message| match message.borrow() {
            AgentMessage::User(user) => match &user.content {
                tau_protocol::UserContent::Text(text) => text.len(),
                tau_protocol::UserContent::Blocks(blocks) => blocks_len(blocks),
            },
            AgentMessage::Assistant(assistant) => blocks_len(&assistant.content),
            AgentMessage::ToolResult(result) => blocks_len(&result.content),
            _ => 0,
        })
        .sum();
    // Escapes (newlines, quotes) make the JSON a little longer than the text.
    text + text / 16 + messages.len() * 128 + 4096
}

fn blocks_len(blocks: &[tau_protocol::ContentBlock]) -> usize {
    blocks
        .iter()
        .map(|block| match block {
            tau_protocol::ContentBlock::Text { text, .. } => text.len(),
            _ => 64,
        })
        .sum()
}

/// The body's fields, with `messages` written from the conversation as it is converted.
struct Body<'a, M> {
    fields: &'a Map<String, Value>,
    input: &'a BodyInput<'a, M>,
}

impl<M: Borrow<AgentMessage>> Serialize for Body<'_, M> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.fields.len()))?;
        for (key, value) in self.fields {
            if key == "messages" {
                map.serialize_entry(key, &Messages(self.input))?;
            } else {
                map.serialize_entry(key, value)?;
            }
        }
        map.end()
    }
}

/// The `messages` array, converted one message at a time.
struct Messages<'a, M>(&'a BodyInput<'a, M>);

impl<M: Borrow<AgentMessage>> Serialize for Messages<'_, M> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let input = self.0;
        let mut seq = serializer.serialize_seq(None)?;
        let mut result = Ok(());
        convert_messages_each(
            input.model,
            input.system_prompt,
            input.messages,
            input.compat,
            &mut |message| {
                if result.is_ok() {
                    result = seq.serialize_element(&message);
                }
            },
        );
        result?;
        seq.end()
    }
}
