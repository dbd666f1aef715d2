//! Pi's provider request events, dispatched from tau's HTTP providers: `before_provider_headers`,
//! `before_provider_request`, `after_provider_response` and `provider_stream_event`
//! (pi-coding-agent's `transformHeaders`, `onPayload`, `onResponse` and
//! `onProviderStreamEvent`), composed as Pi's extension runner composes them.
//!
//! - headers: every handler edits `event.headers` in place, each seeing the previous edits;
//!   return values are ignored.
//! - payload: chained; a handler's returned value (anything but `undefined`) replaces the
//!   payload for the handlers after it and for the request.
//! - response and stream events: notifications, every handler in order.
//!
//! A throwing handler is reported and skipped. Handlers of one event run in one round trip
//! where no value is chained between them.

use std::sync::Arc;

use serde_json::{json, Map, Value};
use tau_agent::request_hooks::{HookFuture, RequestHooks, SharedRequestHooks, Wants};
use tau_protocol::Model;

use crate::error::BridgeError;
use crate::host::{ExtensionHost, HandlerRef};

const HEADERS: &str = "before_provider_headers";
const REQUEST: &str = "before_provider_request";
const RESPONSE: &str = "after_provider_response";
const STREAM_EVENT: &str = "provider_stream_event";

/// Request hooks backed by the extension host.
#[derive(Debug)]
pub(crate) struct ProviderEvents {
    host: Arc<ExtensionHost>,
    wants: Wants,
}

impl ProviderEvents {
    /// The hooks for the next request, `None` when no extension handles any of the events.
    pub(crate) fn for_host(host: &Arc<ExtensionHost>) -> Option<SharedRequestHooks> {
        let handles = |event| !host.registered(event).is_empty();
        let wants = Wants {
            headers: handles(HEADERS),
            payload: handles(REQUEST),
            response: handles(RESPONSE),
            stream_events: handles(STREAM_EVENT),
        };
        (wants != Wants::default()).then(|| {
            SharedRequestHooks(Arc::new(ProviderEvents {
                host: Arc::clone(host),
                wants,
            }))
        })
    }

    fn report(&self, handler: Option<&HandlerRef>, event: &str, error: &BridgeError) {
        crate::hooks::report(&self.host, handler, event, error);
    }

    /// Runs every handler of `event`'s type in one round trip, each seeing the event as the
    /// previous one left it; the event after the last handler that changed it.
    async fn run_all(&self, name: &str, event: Value) -> Option<Value> {
        let handlers = self.host.registered(name);
        if handlers.is_empty() {
            return None;
        }
        let results = match self
            .host
            .invoke_sequence(&handlers, event, json!({}), None, false)
            .await
        {
            Ok(results) => results,
            Err(error) => {
                self.report(None, name, &error);
                return None;
            }
        };
        let mut edited = None;
        for (handler, result) in handlers.iter().zip(results) {
            match result {
                Ok(outcome) => edited = outcome.event.or(edited),
                Err(error) => self.report(Some(handler), name, &error),
            }
        }
        edited
    }

    async fn edit_headers(&self, headers: Map<String, Value>) -> Map<String, Value> {
        let event = json!({ "type": HEADERS, "headers": headers });
        match self.run_all(HEADERS, event).await {
            Some(Value::Object(mut edited)) => match edited.remove("headers") {
                Some(Value::Object(headers)) => headers,
                // A handler replaced `event.headers` with something else: Pi would send its
                // enumerable keys; nothing usable here, so no header is sent.
                _ => Map::new(),
            },
            _ => headers,
        }
    }

    async fn rewrite_payload(&self, payload: Value) -> Value {
        let mut current = payload;
        for handler in self.host.registered(REQUEST) {
            let event = json!({ "type": REQUEST, "payload": current });
            match self.host.invoke(&handler.id, event, json!({})).await {
                // The host sends `undefined` as `null`: the payload stays.
                Ok(outcome) if outcome.value.is_null() => {
                    if let Some(edited) = outcome
                        .event
                        .and_then(|mut e| e.get_mut("payload").map(Value::take))
                    {
                        current = edited;
                    }
                }
                Ok(outcome) => current = outcome.value,
                Err(error) => self.report(Some(&handler), REQUEST, &error),
            }
        }
        current
    }
}

impl RequestHooks for ProviderEvents {
    fn wants(&self) -> Wants {
        self.wants
    }

    fn headers<'a>(&'a self, headers: Map<String, Value>) -> HookFuture<'a, Map<String, Value>> {
        Box::pin(self.edit_headers(headers))
    }

    fn payload<'a>(&'a self, payload: Value, _model: &'a Model) -> HookFuture<'a, Value> {
        Box::pin(self.rewrite_payload(payload))
    }

    fn response<'a>(
        &'a self,
        status: u16,
        headers: Map<String, Value>,
        _model: &'a Model,
    ) -> HookFuture<'a, ()> {
        let event = json!({ "type": RESPONSE, "status": status, "headers": headers });
        Box::pin(async move {
            self.run_all(RESPONSE, event).await;
        })
    }

    fn stream_event<'a>(&'a self, data: &'a Value, model: &'a Model) -> HookFuture<'a, ()> {
        let event = json!({
            "data": data,
            "type": STREAM_EVENT,
            "provider": model.provider,
            "api": model.api,
            "model": model.id,
        });
        Box::pin(async move {
            self.run_all(STREAM_EVENT, event).await;
        })
    }
}
