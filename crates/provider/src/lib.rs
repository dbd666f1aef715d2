//! LLM providers: a `ProviderRequest` in, a stream of `AssistantMessageEvent`s out.
//!
//! The contract mirrors pi-agent-core's `StreamFn`: a provider never fails out of band.
//! Every failure (bad key, dropped connection, abort) ends the stream with an `Error` event
//! whose message has stop reason `error` or `aborted` and an `errorMessage`.
//!
//! - [`anthropic`]: the `anthropic-messages` API (Anthropic's Messages streaming).
//! - [`bedrock`]: the `bedrock-converse-stream` API (Amazon Bedrock's ConverseStream).
//! - [`builder`]: the partial message of a streaming response and the events it emits; every
//!   provider is built on it.
//! - [`google`]: the `google-generative-ai` API (Gemini's `streamGenerateContent`).
//! - [`http`]: the shared HTTP client and SSE parser of the real providers.
//! - [`error`]: `ProviderError`, worded as Pi words failures; [`retry`] classifies them.
//! - [`json`]: tolerant and strict parsing of streamed tool-call arguments.
//! - [`mistral`]: the `mistral-conversations` API (Mistral's native chat completions).
//! - [`models`]: the model catalogue, models.json, credentials and `--model` resolution.
//! - [`openai_codex`]: the `openai-codex-responses` API (ChatGPT's Codex backend, for the
//!   `openai-codex` sign-in).
//! - [`openai_completions`]: the `openai-completions` API (OpenAI and compatible servers).
//! - [`openai_responses`]: the `openai-responses` API (OpenAI's Responses API), and
//!   `azure-openai-responses` (the same API on Azure OpenAI).
//! - [`request_hooks`]: extension hooks on a request's headers, payload, response and
//!   stream events.
//! - [`scripted`]: the offline scripted model that plays assistant turns from a JSON script.
//! - [`transform`], [`estimate`], [`cost`], [`strict_schema`]: conversation clean-up,
//!   output-token budget, cost and strict tool schemas, shared by every API.

pub mod anthropic;
pub mod bedrock;
pub mod builder;
pub mod cost;
pub mod endpoint;
pub mod error;
pub mod estimate;
pub mod file_lock;
pub mod google;
pub mod http;
pub mod json;
pub mod mistral;
pub mod models;
pub mod openai_codex;
mod openai_common;
pub mod openai_completions;
pub mod openai_responses;
pub mod provider;
pub mod request_hooks;
pub mod retry;
pub mod scripted;
pub mod session_affinity;
pub mod strict_schema;
pub mod transform;

pub use anthropic::AnthropicMessages;
pub use bedrock::Bedrock;
pub use builder::{apply, AssistantMessageBuilder, ABORTED_MESSAGE};
pub use endpoint::{ConfigureEndpoint, EndpointSettings};
pub use error::{ErrorContext, ProviderError};
pub use google::GoogleGenerativeAi;
pub use http::{HttpClient, Timeouts};
pub use mistral::Mistral;
pub use openai_codex::OpenAiCodex;
pub use openai_completions::OpenAiCompletions;
pub use openai_responses::OpenAiResponses;
pub use provider::{EventStream, Provider, ProviderRequest};
pub use request_hooks::{RequestHooks, SharedRequestHooks, Wants};
pub use retry::{is_context_overflow, is_retryable_error};
pub use scripted::{scripted_model, ScriptError, ScriptedProvider};
