//! LLM providers: a `ProviderRequest` in, a stream of `AssistantMessageEvent`s out.
//!
//! The contract mirrors pi-agent-core's `StreamFn`: a provider never fails out of band.
//! Every failure (bad key, dropped connection, abort) ends the stream with an `Error` event
//! whose message has stop reason `error` or `aborted` and an `errorMessage`.
//!
//! - [`builder`]: the partial message of a streaming response and the events it emits; every
//!   provider is built on it.
//! - [`json`]: tolerant and strict parsing of streamed tool-call arguments.
//! - [`scripted`]: the offline scripted model that plays assistant turns from a JSON script.

pub mod builder;
pub mod json;
pub mod provider;
pub mod scripted;

pub use builder::{apply, AssistantMessageBuilder, ABORTED_MESSAGE};
pub use provider::{EventStream, Provider, ProviderRequest};
pub use scripted::{scripted_model, ScriptError, ScriptedProvider};
