//! The `Provider` trait and the request it answers.

use futures::stream::BoxStream;
use tau_protocol::{AgentMessage, AssistantMessageEvent, Model, ThinkingLevel, ToolDeclaration};
use tokio_util::sync::CancellationToken;

/// Everything one model request needs.
#[derive(Debug, Clone)]
pub struct ProviderRequest {
    /// The model to ask.
    pub model: Model,
    /// System prompt for this request.
    pub system_prompt: String,
    /// Conversation so far, already converted for the model: only `user`, `assistant` and
    /// `toolResult` messages.
    pub messages: Vec<AgentMessage>,
    /// Tools the model may call.
    pub tools: Vec<ToolDeclaration>,
    /// Requested reasoning level.
    pub thinking_level: ThinkingLevel,
    /// API key, when the provider needs one.
    pub api_key: Option<String>,
    /// Extension hooks on the HTTP request (headers, payload, response, stream events);
    /// `None` when nobody listens.
    pub hooks: Option<crate::request_hooks::SharedRequestHooks>,
    /// The id of the session the request belongs to (Pi's `sessionId`): prompt-cache keys
    /// and session-affinity headers are made from it. `None` sends neither.
    pub session_id: Option<String>,
    /// Pi's `cacheRetention: "none"` (its compaction summaries): the session id still goes
    /// where it routes (OpenCode's session header) but not where it keys a cache.
    pub no_cache_retention: bool,
}

impl ProviderRequest {
    /// The session id where it keys a prompt cache: none under `cacheRetention: "none"`.
    pub fn cache_session_id(&self) -> Option<&str> {
        self.session_id
            .as_deref()
            .filter(|_| !self.no_cache_retention)
    }
}

/// A stream of assistant-message events that ends with `Done` or `Error`.
pub type EventStream = BoxStream<'static, AssistantMessageEvent>;

/// A model backend.
pub trait Provider: Send + Sync {
    /// Starts one streamed response. Cancelling `cancel` ends the stream promptly with an
    /// `Error` event whose stop reason is `aborted`.
    fn stream(&self, request: ProviderRequest, cancel: CancellationToken) -> EventStream;

    /// [`Provider::stream`] with the conversation borrowed: `messages` stands for
    /// `request.messages`, which is ignored. A provider that serialises its request before
    /// streaming reads the conversation in place instead of copying it (a resumed session
    /// can hold tens of megabytes); the default copies it into the request.
    fn stream_borrowed(
        &self,
        mut request: ProviderRequest,
        messages: &[&AgentMessage],
        cancel: CancellationToken,
    ) -> EventStream {
        request.messages = messages.iter().map(|&message| message.clone()).collect();
        self.stream(request, cancel)
    }
}
