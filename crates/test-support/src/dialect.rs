//! Wire dialects: how a [`MockTurn`] looks on the wire of one API.
//!
//! Each dialect renders a turn as the SSE events the real API would send, and words HTTP
//! errors and in-stream errors its way. The server picks the dialect from the request path,
//! so one script serves every provider. To add an API: a variant here, a module under
//! `dialect/` with `render` / `raw_done`, and its path in [`Dialect::for_path`].

mod anthropic_messages;
pub mod bedrock_converse_stream;
mod google_generative_ai;
mod openai_completions;
mod openai_responses;

use crate::script::MockTurn;

/// One server-sent event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SseFrame {
    /// The `event:` name, when the dialect uses named events.
    pub event: Option<String>,
    /// The `data:` payload (one line).
    pub data: String,
}

impl SseFrame {
    /// An unnamed event.
    pub fn data(data: impl Into<String>) -> Self {
        Self {
            event: None,
            data: data.into(),
        }
    }

    /// The event's bytes on the wire.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = String::new();
        if let Some(event) = &self.event {
            out.push_str("event: ");
            out.push_str(event);
            out.push('\n');
        }
        for line in self.data.split('\n') {
            out.push_str("data: ");
            out.push_str(line);
            out.push('\n');
        }
        out.push('\n');
        out.into_bytes()
    }
}

/// Facts about the request a reply answers.
#[derive(Debug, Clone)]
pub struct RenderContext {
    /// 1-based number of the request on this server.
    pub request_number: usize,
    /// The `model` of the request body.
    pub model: String,
}

/// The APIs the mock server speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// OpenAI Chat Completions (`POST …/chat/completions`), as pi-ai's `openai-completions`.
    OpenAiCompletions,
    /// OpenAI Responses (`POST …/responses`), as pi-ai's `openai-responses`.
    OpenAiResponses,
    /// Anthropic Messages (`POST …/v1/messages`), as pi-ai's `anthropic-messages`.
    AnthropicMessages,
    /// Gemini (`POST …/models/{id}:streamGenerateContent`), as pi-ai's
    /// `google-generative-ai`.
    GoogleGenerativeAi,
    /// Amazon Bedrock ConverseStream (`POST …/model/{id}/converse-stream`), binary
    /// event-stream frames, as pi-ai's `bedrock-converse-stream`.
    BedrockConverseStream,
}

impl Dialect {
    /// The dialect served at `path`, by its suffix.
    pub fn for_path(path: &str) -> Option<Self> {
        if path.ends_with("/chat/completions") {
            return Some(Dialect::OpenAiCompletions);
        }
        if path.ends_with("/responses") {
            return Some(Dialect::OpenAiResponses);
        }
        if path.ends_with("/v1/messages") {
            return Some(Dialect::AnthropicMessages);
        }
        if path.ends_with(":streamGenerateContent") {
            return Some(Dialect::GoogleGenerativeAi);
        }
        if path.ends_with("/converse-stream") {
            return Some(Dialect::BedrockConverseStream);
        }
        None
    }

    /// The SSE events of `turn`, in order, ending with the dialect's end marker unless the
    /// turn asks otherwise. The server applies `drop_after`, `malformed_at` and delays.
    pub fn render(self, turn: &MockTurn, context: &RenderContext) -> Vec<SseFrame> {
        match self {
            Dialect::OpenAiCompletions => openai_completions::render(turn, context),
            Dialect::OpenAiResponses => openai_responses::render(turn, context),
            Dialect::AnthropicMessages => anthropic_messages::render(turn, context),
            Dialect::GoogleGenerativeAi => google_generative_ai::render(turn, context),
            Dialect::BedrockConverseStream => bedrock_converse_stream::render(turn, context),
        }
    }

    /// The end-of-stream marker sent after raw chunks, if the dialect has one.
    pub fn done_frame(self) -> Option<SseFrame> {
        match self {
            Dialect::OpenAiCompletions => Some(SseFrame::data("[DONE]")),
            Dialect::OpenAiResponses
            | Dialect::GoogleGenerativeAi
            | Dialect::BedrockConverseStream => None,
            Dialect::AnthropicMessages => Some(anthropic_messages::message_stop()),
        }
    }

    /// Broken JSON the dialect's client must reject.
    pub fn malformed_data(self) -> String {
        match self {
            Dialect::OpenAiCompletions => {
                r#"{"id":"broken","choices":[{"delta":{"content":"#.to_owned()
            }
            Dialect::OpenAiResponses => {
                r#"{"type":"response.output_text.delta","output_index":0,"delta":"#.to_owned()
            }
            Dialect::AnthropicMessages => anthropic_messages::MALFORMED.to_owned(),
            Dialect::GoogleGenerativeAi => google_generative_ai::MALFORMED.to_owned(),
            Dialect::BedrockConverseStream => bedrock_converse_stream::MALFORMED.to_owned(),
        }
    }

    /// The SSE event of a raw script chunk: dialects with named events name it after the
    /// chunk's `type`.
    pub fn raw_frame(self, chunk: serde_json::Value) -> SseFrame {
        match self {
            Dialect::OpenAiCompletions => match chunk {
                serde_json::Value::String(raw) => SseFrame::data(raw),
                other => SseFrame::data(other.to_string()),
            },
            Dialect::OpenAiResponses => openai_responses::raw_frame(chunk),
            Dialect::AnthropicMessages => anthropic_messages::raw_frame(chunk),
            Dialect::GoogleGenerativeAi => google_generative_ai::raw_frame(chunk),
            Dialect::BedrockConverseStream => bedrock_converse_stream::raw_frame(chunk),
        }
    }

    /// The JSON body of an HTTP error reply in the dialect's shape (OpenAI's
    /// `{"error": {"message", "type"}}` is reshaped for Anthropic).
    pub fn error_body(self, status: u16, body: serde_json::Value) -> serde_json::Value {
        match self {
            Dialect::OpenAiCompletions | Dialect::OpenAiResponses => body,
            Dialect::AnthropicMessages => anthropic_messages::error_body(status, body),
            Dialect::GoogleGenerativeAi => google_generative_ai::error_body(status, body),
            Dialect::BedrockConverseStream => bedrock_converse_stream::error_body(status, body),
        }
    }

    /// The bytes of one frame on the wire: SSE text, or Bedrock's binary messages.
    pub fn encode(self, frame: &SseFrame) -> Vec<u8> {
        match self {
            Dialect::BedrockConverseStream => bedrock_converse_stream::encode(frame),
            _ => frame.to_bytes(),
        }
    }

    /// The content type of a streamed reply.
    pub fn content_type(self) -> &'static str {
        match self {
            Dialect::BedrockConverseStream => "application/vnd.amazon.eventstream",
            _ => "text/event-stream",
        }
    }
}
