//! LLM providers: a `ProviderRequest` in, a stream of `AssistantMessageEvent`s out.
//!
//! The contract mirrors pi-agent-core's `StreamFn`: a provider never fails out of band.
//! Every failure (bad key, dropped connection, abort) ends the stream with an `Error` event
//! whose message has stop reason `error` or `aborted` and an `errorMessage`.

pub mod provider;

pub use provider::{EventStream, Provider, ProviderRequest};
