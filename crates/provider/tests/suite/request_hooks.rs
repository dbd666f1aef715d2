//! Request hooks on each HTTP provider against the loopback mock server: the headers hook
//! edits the request's own headers, the payload hook replaces the body the server receives
//! (Anthropic keeps `stream: true`), the response hook sees a successful response only, and
//! the stream-event hook sees each parsed event once, in order, before the provider reads it.

use std::sync::{Arc, Mutex};

use serde_json::{json, Map, Value};
use tau_protocol::{Model, ThinkingLevel};
use tau_provider::request_hooks::{HookFuture, RequestHooks, SharedRequestHooks, Wants};
use tau_provider::{Provider, ProviderRequest};
use tau_test_support::{MockReply, MockServer, MockTurn};
use tokio_util::sync::CancellationToken;

use super::support::{collect, final_message, user};

/// Records what each hook saw and rewrites the request.
#[derive(Default)]
struct Recorder {
    log: Mutex<Vec<Value>>,
}

impl Recorder {
    fn push(&self, entry: Value) {
        self.log.lock().unwrap().push(entry);
    }

    fn log(&self) -> Vec<Value> {
        self.log.lock().unwrap().clone()
    }
}

impl RequestHooks for Recorder {
    fn wants(&self) -> Wants {
        Wants {
            headers: true,
            payload: true,
            response: true,
            stream_events: true,
        }
    }

    fn headers<'a>(
        &'a self,
        mut headers: Map<String, Value>,
    ) -> HookFuture<'a, Map<String, Value>> {
        self.push(json!({"headers": headers.clone()}));
        headers.insert("x-hooked".into(), json!("yes"));
        headers.insert("x-model-header".into(), Value::Null);
        Box::pin(async move { headers })
    }

    fn payload<'a>(&'a self, mut payload: Value, _model: &'a Model) -> HookFuture<'a, Value> {
        self.push(json!({"payload": payload["model"].clone()}));
        payload["hooked"] = json!(true);
        payload["stream"] = json!(false);
        // Gemini's payload is the SDK's parameters: sampling goes under `config`.
        if let Some(config) = payload.get_mut("config") {
            config["temperature"] = json!(0.25);
        }
        Box::pin(async move { payload })
    }

    fn response<'a>(
        &'a self,
        status: u16,
        headers: Map<String, Value>,
        _: &'a Model,
    ) -> HookFuture<'a, ()> {
        self.push(json!({"status": status, "contentType": headers.get("content-type")}));
        Box::pin(async {})
    }

    fn stream_event<'a>(&'a self, data: &'a Value, model: &'a Model) -> HookFuture<'a, ()> {
        self.push(json!({"event": data.get("type").or(data.get("object")), "model": model.id}));
        Box::pin(async {})
    }
}

/// Runs one request of `provider` for `model` with the recorder; the recorder's log and the
/// body and headers the server received.
async fn run(
    provider: &dyn Provider,
    mut model: Model,
    server: &MockServer,
) -> (Vec<Value>, Value, Option<String>) {
    model.headers = Some(json!({"x-model-header": "m"}).as_object().unwrap().clone());
    let recorder = Arc::new(Recorder::default());
    let request = ProviderRequest {
        model,
        system_prompt: "Be brief.".into(),
        messages: vec![user("hi")],
        tools: Vec::new(),
        thinking_level: ThinkingLevel::Off,
        api_key: None,
        hooks: Some(SharedRequestHooks(recorder.clone())),
        session_id: None,
        no_cache_retention: false,
    };
    let events = collect(provider, request, CancellationToken::new()).await;
    assert_eq!(final_message(&events).error_message, None, "{events:#?}");
    let received = &server.requests()[0];
    assert_eq!(received.header("x-hooked"), Some("yes"));
    let dropped = received.header("x-model-header").map(str::to_owned);
    (recorder.log(), received.json(), dropped)
}

fn reply() -> Vec<MockReply> {
    vec![MockTurn::text("Hello there friend.").into()]
}

/// The log's entries in order, the stream events counted.
fn shape(log: &[Value]) -> Vec<String> {
    log.iter()
        .map(|entry| {
            entry
                .as_object()
                .and_then(|e| e.keys().next().cloned())
                .unwrap_or_default()
        })
        .collect()
}

#[tokio::test]
async fn openai_completions_runs_every_hook_in_order() {
    let server = MockServer::start(reply()).await.unwrap();
    let model = super::openai_completions::model(&server.base_url());
    let (log, body, dropped) = run(&super::openai_completions::provider(), model, &server).await;
    assert_eq!(dropped, None, "a header set to null is not sent");
    assert_eq!(body["hooked"], true);
    assert_eq!(
        body["stream"], false,
        "the payload is sent as the hook returned it"
    );
    assert_eq!(log[0], json!({"headers": {"x-model-header": "m"}}));
    assert_eq!(
        log[2],
        json!({"status": 200, "contentType": "text/event-stream"})
    );
    let events = shape(&log).iter().filter(|k| *k == "event").count();
    assert_eq!(shape(&log)[..3], ["headers", "payload", "status"]);
    assert_eq!(
        events, 6,
        "role, three text pieces, finish, usage: {log:#?}"
    );
}

#[tokio::test]
async fn anthropic_keeps_streaming_whatever_the_payload_hook_returns() {
    let server = MockServer::start(reply()).await.unwrap();
    let model = super::anthropic::model(&server);
    let (log, body, dropped) = run(&super::anthropic::provider(), model, &server).await;
    assert_eq!(dropped, None);
    assert_eq!(body["hooked"], true);
    assert_eq!(
        body["stream"], true,
        "pi-ai forces stream: true after the hook"
    );
    assert_eq!(shape(&log)[..3], ["headers", "payload", "status"]);
    let events: Vec<&Value> = log.iter().filter_map(|e| e.get("event")).collect();
    assert_eq!(events.first(), Some(&&json!("message_start")));
    assert_eq!(events.last(), Some(&&json!("message_stop")));
    assert_eq!(
        events.len(),
        8,
        "message_start, a text block of three pieces, message_delta, message_stop"
    );
}

#[tokio::test]
async fn openai_responses_shows_each_event_and_an_error_response_is_not_reported() {
    let server = MockServer::start(reply()).await.unwrap();
    let model = super::openai_responses::model(&server.base_url());
    let (log, body, _) = run(&super::openai_responses::provider(), model, &server).await;
    assert_eq!(body["hooked"], true);
    let events: Vec<&Value> = log.iter().filter_map(|e| e.get("event")).collect();
    assert_eq!(events.first(), Some(&&json!("response.created")));
    assert_eq!(events.last(), Some(&&json!("response.completed")));

    // A failed request: headers and payload hooks ran, the response hook did not.
    let failing = MockServer::start(vec![MockReply::json_error(
        400,
        json!({"error": {"message": "bad request", "type": "invalid_request_error"}}),
    )])
    .await
    .unwrap();
    let recorder = Arc::new(Recorder::default());
    let request = ProviderRequest {
        model: super::openai_responses::model(&failing.base_url()),
        system_prompt: String::new(),
        messages: vec![user("hi")],
        tools: Vec::new(),
        thinking_level: ThinkingLevel::Off,
        api_key: None,
        hooks: Some(SharedRequestHooks(recorder.clone())),
        session_id: None,
        no_cache_retention: false,
    };
    let events = collect(
        &super::openai_responses::provider(),
        request,
        CancellationToken::new(),
    )
    .await;
    assert!(final_message(&events).error_message.is_some());
    assert_eq!(shape(&recorder.log()), ["headers", "payload"]);
}

#[tokio::test]
async fn google_runs_the_hooks_pi_ai_runs_on_the_sdk_parameters() {
    let server = MockServer::start(reply()).await.unwrap();
    let model = super::google::model(&format!("{}/v1beta", server.url()));
    let (log, body, dropped) = run(&super::google::provider(), model, &server).await;
    assert_eq!(dropped, None, "a header set to null is not sent");
    assert_eq!(log[0], json!({"headers": {"x-model-header": "m"}}));
    assert_eq!(log[1], json!({"payload": "gemini-2.5-flash"}));
    assert_eq!(
        body["generationConfig"]["temperature"], 0.25,
        "the hook's edit of the parameters reaches the wire: {body}"
    );
    assert_eq!(
        body.get("hooked"),
        None,
        "keys the SDK does not know are dropped"
    );
    // pi-ai's Google provider has no response hook: after the payload come the chunks.
    let shape = shape(&log);
    assert_eq!(shape[..2], ["headers", "payload"]);
    assert!(shape[2..].iter().all(|kind| kind == "event"), "{log:#?}");
    assert_eq!(
        shape.len() - 2,
        4,
        "three text chunks and the finish: {log:#?}"
    );
}

#[tokio::test]
async fn bedrock_runs_every_hook_pi_ai_runs_on_the_command_input() {
    let server = MockServer::start(reply()).await.unwrap();
    let model = super::bedrock::model(&server.url());
    let (log, body, dropped) = run(&super::bedrock::provider(), model, &server).await;
    assert_eq!(dropped, None, "a header set to null is not sent");
    assert_eq!(log[0], json!({"headers": {"x-model-header": "m"}}));
    assert_eq!(shape(&log)[1], "payload");
    assert_eq!(
        (body.get("hooked"), body.get("stream"), body.get("modelId")),
        (None, None, None),
        "members the SDK does not know are dropped, the model id goes in the URL: {body}"
    );
    // pi-ai reports the response, then hands each stream event over.
    assert_eq!(
        log[2],
        json!({"status": 200, "contentType": "application/vnd.amazon.eventstream"})
    );
    let events = &shape(&log)[3..];
    assert!(events.iter().all(|kind| kind == "event"), "{log:#?}");
    // messageStart, three text deltas, the block stop, messageStop and metadata.
    assert_eq!(events.len(), 7, "{log:#?}");
}
