//! HTTP plumbing shared by the real providers: the client ([`client`]) and the
//! server-sent-events parser ([`sse`]). Nothing here knows a provider's JSON.

pub mod client;
pub mod sse;

pub use client::{HttpClient, HttpResponse, JsonPost, SseStream, Timeouts};
pub use sse::{SseEvent, SseParser};
