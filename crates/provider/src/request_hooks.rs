//! Hooks on one HTTP request, Pi's `transformHeaders`, `onPayload`, `onResponse` and
//! `onProviderStreamEvent` (the extension events `before_provider_headers`,
//! `before_provider_request`, `after_provider_response` and `provider_stream_event`).
//!
//! A request carries hooks only when someone listens ([`ProviderRequest::hooks`]), and
//! [`RequestHooks::wants`] says which of the four: a request nobody watches is never turned
//! back into JSON, and its body may still stream straight from the conversation.
//!
//! Order, as in pi-ai: headers (once per request, retries reuse them), then the payload
//! (each body the provider builds), then the response status and headers (only a successful
//! response: an HTTP error never reaches it), then each parsed stream event before the
//! provider reads it. Every hook is awaited where it is called, so the stream waits.
//!
//! [`ProviderRequest::hooks`]: crate::ProviderRequest::hooks

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use reqwest::header::HeaderMap;
use serde_json::{Map, Value};
use tau_protocol::Model;

use crate::error::ProviderError;
use crate::http::JsonPost;

/// What a hook returns: a boxed future, so the trait stays object-safe without a macro.
pub type HookFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Which hooks a [`RequestHooks`] wants called.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Wants {
    /// [`RequestHooks::headers`].
    pub headers: bool,
    /// [`RequestHooks::payload`].
    pub payload: bool,
    /// [`RequestHooks::response`].
    pub response: bool,
    /// [`RequestHooks::stream_event`].
    pub stream_events: bool,
}

impl Wants {
    /// Whether the request must be built in full before it is sent (its headers or body
    /// may change), instead of streaming its body as it is written.
    pub fn edits_request(self) -> bool {
        self.headers || self.payload
    }
}

/// Observers and rewriters of a provider's HTTP request.
pub trait RequestHooks: Send + Sync {
    /// Which of the hooks below to call; the others are skipped with their work.
    fn wants(&self) -> Wants;

    /// The request's own headers (the model's and the provider's extra headers, not the
    /// API's defaults), returned edited: a string sets a header (replacing a default of the
    /// same name), `null` or a removed name drops it.
    fn headers<'a>(&'a self, headers: Map<String, Value>) -> HookFuture<'a, Map<String, Value>>;

    /// The JSON body about to be sent, returned as it should be sent.
    fn payload<'a>(&'a self, payload: Value, model: &'a Model) -> HookFuture<'a, Value>;

    /// A successful response's status and headers (names lower-case), before its body is read.
    fn response<'a>(
        &'a self,
        status: u16,
        headers: Map<String, Value>,
        model: &'a Model,
    ) -> HookFuture<'a, ()>;

    /// One parsed stream event, before the provider reads it.
    fn stream_event<'a>(&'a self, data: &'a Value, model: &'a Model) -> HookFuture<'a, ()>;
}

/// Shared [`RequestHooks`], as a request carries them.
#[derive(Clone)]
pub struct SharedRequestHooks(pub Arc<dyn RequestHooks>);

impl fmt::Debug for SharedRequestHooks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("SharedRequestHooks")
            .field(&self.0.wants())
            .finish()
    }
}

impl SharedRequestHooks {
    /// The same hooks with only [`RequestHooks::headers`] called: requests beside the
    /// conversation (compaction and branch summaries) get Pi's `transformHeaders` but no
    /// payload, response or stream-event hooks, as in Pi. `None` when no headers hook is wanted.
    pub fn headers_only(&self) -> Option<SharedRequestHooks> {
        self.0
            .wants()
            .headers
            .then(|| SharedRequestHooks(Arc::new(HeadersOnly(self.0.clone()))))
    }
}

/// [`SharedRequestHooks::headers_only`].
struct HeadersOnly(Arc<dyn RequestHooks>);

impl RequestHooks for HeadersOnly {
    fn wants(&self) -> Wants {
        Wants {
            headers: true,
            ..Wants::default()
        }
    }

    fn headers<'a>(&'a self, headers: Map<String, Value>) -> HookFuture<'a, Map<String, Value>> {
        self.0.headers(headers)
    }

    fn payload<'a>(&'a self, payload: Value, _model: &'a Model) -> HookFuture<'a, Value> {
        Box::pin(async move { payload })
    }

    fn response<'a>(
        &'a self,
        _status: u16,
        _headers: Map<String, Value>,
        _model: &'a Model,
    ) -> HookFuture<'a, ()> {
        Box::pin(async {})
    }

    fn stream_event<'a>(&'a self, _data: &'a Value, _model: &'a Model) -> HookFuture<'a, ()> {
        Box::pin(async {})
    }
}

/// What the headers hook changed: applied to each request built from then on.
#[derive(Debug, Clone, Default)]
pub(crate) struct HeaderEdits {
    before: Map<String, Value>,
    after: Map<String, Value>,
}

impl HeaderEdits {
    /// Applies the edits to the final header list (later entries win, names match in any
    /// case): a name the hook removed or set to `null` is dropped, a value it set replaces
    /// every header of that name.
    pub(crate) fn apply(&self, headers: &mut Vec<(String, String)>) {
        let drop = |headers: &mut Vec<(String, String)>, name: &str| {
            headers.retain(|(existing, _)| !existing.eq_ignore_ascii_case(name));
        };
        for name in self.before.keys() {
            if !self.after.contains_key(name) {
                drop(headers, name);
            }
        }
        for (name, value) in &self.after {
            drop(headers, name);
            match value {
                Value::Null => {}
                Value::String(text) => headers.push((name.clone(), text.clone())),
                other => headers.push((name.clone(), other.to_string())),
            }
        }
    }
}

/// Runs the headers hook over the request's own headers (`model.headers`, then the
/// provider's `extra` ones); `None` when it is not wanted.
pub(crate) async fn edit_headers(
    hooks: Option<&SharedRequestHooks>,
    model: &Model,
    extra: &[(String, String)],
) -> Option<HeaderEdits> {
    let hooks = hooks.filter(|hooks| hooks.0.wants().headers)?;
    let mut before: Map<String, Value> = model.headers.clone().unwrap_or_default();
    for (name, value) in extra {
        before.insert(name.clone(), Value::String(value.clone()));
    }
    let after = hooks.0.headers(before.clone()).await;
    Some(HeaderEdits { before, after })
}

/// Runs the payload hook over `post`'s body and puts the result in its place. `force_stream`
/// keeps `stream: true` whatever the hook returned (pi-ai's Anthropic provider does).
pub(crate) async fn rewrite_payload(
    hooks: Option<&SharedRequestHooks>,
    model: &Model,
    post: &mut JsonPost,
    force_stream: bool,
) -> Result<(), ProviderError> {
    let Some(hooks) = hooks.filter(|hooks| hooks.0.wants().payload) else {
        return Ok(());
    };
    let invalid = |detail: String| ProviderError::InvalidRequest {
        provider: model.provider.clone(),
        detail,
    };
    // A body streamed as it is written has no bytes here; requests with a payload hook are
    // never streamed, so there is nothing to rewrite.
    let Some(bytes) = post.body.as_bytes() else {
        return Ok(());
    };
    let payload: Value = serde_json::from_slice(bytes)
        .map_err(|error| invalid(format!("cannot read the request back: {error}")))?;
    let mut payload = hooks.0.payload(payload, model).await;
    if force_stream {
        if let Value::Object(fields) = &mut payload {
            fields.insert("stream".into(), Value::Bool(true));
        }
    }
    let body = serde_json::to_vec(&payload)
        .map_err(|error| invalid(format!("cannot serialise the request: {error}")))?;
    post.body = body.into();
    Ok(())
}

/// The headers hook, then the payload hook, over a built request (the payload is not forced
/// to stream).
pub(crate) async fn apply_to_post(
    hooks: Option<&SharedRequestHooks>,
    model: &Model,
    extra: &[(String, String)],
    post: &mut JsonPost,
) -> Result<(), ProviderError> {
    if let Some(edits) = edit_headers(hooks, model, extra).await {
        edits.apply(&mut post.headers);
    }
    rewrite_payload(hooks, model, post, false).await
}

/// Tells the response hook a successful response's status and headers.
pub(crate) async fn observe_response(
    hooks: Option<&SharedRequestHooks>,
    model: &Model,
    status: u16,
    headers: &HeaderMap,
) {
    let Some(hooks) = hooks.filter(|hooks| hooks.0.wants().response) else {
        return;
    };
    hooks
        .0
        .response(status, header_record(headers), model)
        .await;
}

/// Shows the stream-event hook one parsed event.
pub(crate) async fn observe_event(hooks: Option<&SharedRequestHooks>, model: &Model, data: &Value) {
    if let Some(hooks) = hooks.filter(|hooks| hooks.0.wants().stream_events) {
        hooks.0.stream_event(data, model).await;
    }
}

/// Response headers as fetch's `Headers` lists them: lower-case names, repeated values
/// joined with `, `.
fn header_record(headers: &HeaderMap) -> Map<String, Value> {
    let mut record: Map<String, Value> = Map::new();
    for (name, value) in headers {
        let value = String::from_utf8_lossy(value.as_bytes()).into_owned();
        match record.get_mut(name.as_str()) {
            Some(Value::String(joined)) => {
                joined.push_str(", ");
                joined.push_str(&value);
            }
            _ => {
                record.insert(name.as_str().to_owned(), Value::String(value));
            }
        }
    }
    record
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn edits(before: Value, after: Value) -> HeaderEdits {
        let map = |value: Value| match value {
            Value::Object(map) => map,
            _ => Map::new(),
        };
        HeaderEdits {
            before: map(before),
            after: map(after),
        }
    }

    fn pairs(items: &[(&str, &str)]) -> Vec<(String, String)> {
        items
            .iter()
            .map(|(name, value)| ((*name).to_owned(), (*value).to_owned()))
            .collect()
    }

    #[test]
    fn a_set_header_replaces_every_header_of_that_name() {
        let mut headers = pairs(&[("Authorization", "Bearer k"), ("x-a", "1")]);
        edits(
            json!({"x-a": "1"}),
            json!({"x-a": "1", "authorization": "Bearer other"}),
        )
        .apply(&mut headers);
        assert_eq!(
            headers,
            pairs(&[("x-a", "1"), ("authorization", "Bearer other")])
        );
    }

    #[test]
    fn null_and_removed_names_drop_the_header() {
        let mut headers = pairs(&[("User-Agent", "tau"), ("x-a", "1"), ("x-b", "2")]);
        edits(
            json!({"x-a": "1", "x-b": "2"}),
            json!({"x-b": "2", "user-agent": null}),
        )
        .apply(&mut headers);
        assert_eq!(headers, pairs(&[("x-b", "2")]));
    }

    #[test]
    fn response_headers_are_lower_case_with_repeats_joined() {
        let mut map = HeaderMap::new();
        map.append("X-Rate", "1".parse().expect("value"));
        map.append("x-rate", "2".parse().expect("value"));
        map.append("Content-Type", "text/event-stream".parse().expect("value"));
        assert_eq!(
            Value::Object(header_record(&map)),
            json!({"x-rate": "1, 2", "content-type": "text/event-stream"})
        );
    }
}
