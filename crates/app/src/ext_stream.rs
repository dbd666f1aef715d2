//! Models whose stream runs in the extension host (docs/protocol.md `provider_stream`): an
//! extension provider's own `streamSimple`, or an api tau does not speak that pi-ai does.
//! The host forwards pi-ai's events as they come; they become this provider's stream. An
//! abort aborts the host stream's signal; a stream that throws, ends without a final event,
//! or goes silent for longer than the idle limit ends as a provider error naming the cause.

use std::sync::{Arc, RwLock, Weak};
use std::time::Duration;

use futures::StreamExt;
use serde_json::{json, Value};
use tau_ext_bridge::ExtensionHost;
use tau_protocol::{AssistantMessage, AssistantMessageEvent, StopReason, ThinkingLevel};
use tau_provider::{AssistantMessageBuilder, EventStream, Provider, ProviderRequest};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

/// The host of the run's extensions, once they are loaded (one per process).
static HOST: RwLock<Option<Weak<ExtensionHost>>> = RwLock::new(None);

/// How long a host stream may send nothing before it counts as hung.
static IDLE: RwLock<Duration> = RwLock::new(Duration::from_secs(300));

/// Makes `host` the one that streams extension models; `idle` bounds a silent stream.
pub fn set_host(host: &Arc<ExtensionHost>, idle: Option<Duration>) {
    *HOST.write().unwrap_or_else(|p| p.into_inner()) = Some(Arc::downgrade(host));
    if let Some(idle) = idle {
        *IDLE.write().unwrap_or_else(|p| p.into_inner()) = idle;
    }
}

/// Whether an extension host is there to stream models.
pub fn has_host() -> bool {
    current_host().is_some()
}

fn current_host() -> Option<Arc<ExtensionHost>> {
    HOST.read()
        .unwrap_or_else(|p| p.into_inner())
        .as_ref()
        .and_then(Weak::upgrade)
}

/// A provider whose responses the extension host streams.
pub struct HostStream;

impl Provider for HostStream {
    fn stream(&self, request: ProviderRequest, cancel: CancellationToken) -> EventStream {
        let (events, received) = mpsc::unbounded_channel();
        tokio::spawn(run(request, cancel, events));
        futures::stream::unfold(received, |mut received| async move {
            received.recv().await.map(|event| (event, received))
        })
        .boxed()
    }
}

/// The `provider_stream` parameters for `request`.
fn params(request: &ProviderRequest) -> Value {
    let reasoning = match request.thinking_level {
        ThinkingLevel::Off => Value::Null,
        level => json!(level.as_str()),
    };
    let mut options = json!({ "reasoning": reasoning });
    if let Some(key) = &request.api_key {
        options["apiKey"] = json!(key);
    }
    if let Some(headers) = &request.model.headers {
        options["headers"] = Value::Object(headers.clone());
    }
    // Pi's options carry the session id (and a summary's `cacheRetention: "none"`).
    if let Some(id) = &request.session_id {
        options["sessionId"] = json!(id);
    }
    if request.no_cache_retention {
        options["cacheRetention"] = json!("none");
    }
    json!({
        "model": crate::model::model_json(&request.model),
        "context": {
            "systemPrompt": request.system_prompt,
            "tools": request.tools,
            "messages": request.messages,
        },
        "options": options,
    })
}

async fn run(
    request: ProviderRequest,
    cancel: CancellationToken,
    out: mpsc::UnboundedSender<AssistantMessageEvent>,
) {
    let name = format!("{}/{}", request.model.provider, request.model.id);
    let mut builder = AssistantMessageBuilder::new(&request.model);
    let Some(host) = current_host() else {
        let message =
            format!("model {name} is streamed by an extension, and no extension host is running");
        let _ = out.send(builder.fail(StopReason::Error, message));
        return;
    };
    let idle = *IDLE.read().unwrap_or_else(|p| p.into_inner());
    let (sender, mut incoming) = mpsc::unbounded_channel();
    let stop = cancel.child_token();
    let call = host.provider_stream(params(&request), sender, &stop);
    tokio::pin!(call);
    let forward = |event: Value, builder: &mut AssistantMessageBuilder| -> Result<bool, String> {
        let event = wire_event(event)?;
        let terminal = matches!(
            event,
            AssistantMessageEvent::Done { .. } | AssistantMessageEvent::Error { .. }
        );
        match &event {
            AssistantMessageEvent::Start { partial } => {
                *builder = AssistantMessageBuilder::from_partial((**partial).clone());
            }
            other => builder.apply(other),
        }
        let _ = out.send(event);
        Ok(terminal)
    };
    let outcome = loop {
        tokio::select! {
            // (A closed channel means the connection is gone: the answer says why.)
            Some(event) = incoming.recv() => match forward(event, &mut builder) {
                Ok(true) => {
                    // The host answers right after its final event; do not wait on a
                    // stream that keeps running past it.
                    let _ = tokio::time::timeout(Duration::from_secs(5), &mut call).await;
                    stop.cancel();
                    return;
                }
                Ok(false) => {}
                Err(error) => {
                    stop.cancel();
                    break Err(format!("extension provider {name} sent a malformed event: {error}"));
                }
            },
            answer = &mut call => {
                // Events sent before the answer are already queued: forward them first.
                while let Ok(event) = incoming.try_recv() {
                    if forward(event, &mut builder).unwrap_or(false) {
                        return;
                    }
                }
                break answer.map_err(|error| format!("extension provider {name} failed: {error}"));
            }
            () = tokio::time::sleep(idle) => {
                stop.cancel();
                break Err(format!(
                    "extension provider {name} sent nothing for {} s; its stream was stopped",
                    idle.as_secs_f64()
                ));
            }
        }
    };
    let event = match outcome {
        // The host answered with the final message but its terminal event did not arrive.
        Ok(message) => match final_message(message) {
            Ok(message)
                if !matches!(message.stop_reason, StopReason::Error | StopReason::Aborted) =>
            {
                AssistantMessageEvent::Done {
                    reason: message.stop_reason,
                    message,
                }
            }
            Ok(message) => AssistantMessageEvent::Error {
                reason: message.stop_reason,
                error: message,
            },
            Err(error) => builder.fail(StopReason::Error, error),
        },
        Err(_) if cancel.is_cancelled() => {
            builder.fail(StopReason::Aborted, tau_provider::ABORTED_MESSAGE)
        }
        Err(error) => builder.fail(StopReason::Error, error),
    };
    let _ = out.send(event);
}

/// An assistant message from pi-ai's JSON (its `role` is implied here).
fn final_message(mut value: Value) -> Result<AssistantMessage, String> {
    if let Some(fields) = value.as_object_mut() {
        fields.remove("role");
    }
    serde_json::from_value(value).map_err(|error| error.to_string())
}

/// One host event as tau's stream event.
fn wire_event(mut event: Value) -> Result<AssistantMessageEvent, String> {
    let kind = event
        .get("type")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    match kind.as_str() {
        "start" => {
            let partial = event
                .get_mut("partial")
                .map(Value::take)
                .unwrap_or(Value::Null);
            Ok(AssistantMessageEvent::Start {
                partial: Box::new(final_message(partial)?),
            })
        }
        "done" | "error" => {
            let key = if kind == "done" { "message" } else { "error" };
            if let Some(message) = event.get_mut(key).and_then(Value::as_object_mut) {
                message.remove("role");
            }
            serde_json::from_value(event).map_err(|error| error.to_string())
        }
        _ => serde_json::from_value(event).map_err(|error| error.to_string()),
    }
}
