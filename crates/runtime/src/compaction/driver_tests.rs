use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use futures::stream;
use pretty_assertions::assert_eq;
use serde_json::json;
use tau_agent::{AgentConfig, ToolExecution};
use tau_protocol::{
    AgentEvent, AgentMessage, AssistantMessage, AssistantMessageEvent, ContentBlock, Model,
    StopReason, UserContent,
};
use tau_provider::{EventStream, Provider, ProviderRequest};
use tau_session::Session;
use tokio_util::sync::CancellationToken;

use crate::compaction::test_support::{answer, session_with, user};
use crate::compaction::{CompactionError, CompactionSettings};
use crate::runtime::{EventSink, Runtime};

/// Answers each request with the next canned answer (stamped now); records the requests.
/// With `hang`, a request waits until it is cancelled.
#[derive(Default)]
struct Canned {
    answers: Mutex<VecDeque<AssistantMessage>>,
    requests: Mutex<Vec<ProviderRequest>>,
    hang: bool,
}

impl Provider for Canned {
    fn stream(&self, request: ProviderRequest, cancel: CancellationToken) -> EventStream {
        self.requests.lock().unwrap().push(request);
        if self.hang {
            return Box::pin(stream::once(async move {
                cancel.cancelled().await;
                AssistantMessageEvent::Error {
                    reason: StopReason::Aborted,
                    error: AssistantMessage {
                        stop_reason: StopReason::Aborted,
                        error_message: Some("Request was aborted".into()),
                        ..text("")
                    },
                }
            }));
        }
        let mut message = self
            .answers
            .lock()
            .unwrap()
            .pop_front()
            .unwrap_or_else(|| text("script over"));
        // Answers come at least a millisecond after anything recorded before the request,
        // as over a network, so "older than the compaction" checks are deterministic.
        std::thread::sleep(Duration::from_millis(2));
        message.timestamp = tau_protocol::now_millis();
        let start = AssistantMessageEvent::Start {
            partial: Box::new(AssistantMessage {
                content: vec![],
                ..message.clone()
            }),
        };
        let last = if message.stop_reason == StopReason::Error {
            AssistantMessageEvent::Error {
                reason: StopReason::Error,
                error: message,
            }
        } else {
            AssistantMessageEvent::Done {
                reason: message.stop_reason,
                message,
            }
        };
        Box::pin(stream::iter(vec![start, last]))
    }
}

fn text(answer: &str) -> AssistantMessage {
    AssistantMessage {
        content: vec![ContentBlock::text(answer)],
        api: "test".into(),
        provider: "test".into(),
        model: "m".into(),
        stop_reason: StopReason::Stop,
        ..Default::default()
    }
}

fn with_usage(answer: &str, total: u64) -> AssistantMessage {
    let mut message = text(answer);
    message.usage.total_tokens = total;
    message
}

fn overflow() -> AssistantMessage {
    AssistantMessage {
        content: vec![],
        stop_reason: StopReason::Error,
        error_message: Some("prompt is too long: 5000 tokens > 1000 maximum".into()),
        ..text("")
    }
}

#[derive(Default)]
struct Recorder(Mutex<Vec<AgentEvent>>);

#[async_trait]
impl EventSink for Recorder {
    async fn on_event(&self, event: &AgentEvent) {
        self.0.lock().unwrap().push(event.clone());
    }
}

impl Recorder {
    fn take(&self) -> Vec<AgentEvent> {
        std::mem::take(&mut self.0.lock().unwrap())
    }
}

/// Event kinds with the detail the tests compare.
fn kinds(events: &[AgentEvent]) -> Vec<String> {
    events
        .iter()
        .filter(|e| !matches!(e, AgentEvent::MessageUpdate { .. }))
        .map(|event| match event {
            AgentEvent::AgentEnd { will_retry, .. } => format!("agent_end({will_retry})"),
            AgentEvent::CompactionStart { reason } => format!("compaction_start({reason:?})"),
            AgentEvent::CompactionEnd {
                reason,
                result,
                aborted,
                will_retry,
                error_message,
            } => format!(
                "compaction_end({reason:?}, ok={}, aborted={aborted}, retry={will_retry}, error={})",
                result.is_some(),
                error_message.as_deref().unwrap_or("-")
            ),
            AgentEvent::EntryAppended { entry } => format!("entry_appended({})", entry.kind()),
            AgentEvent::MessageStart { message } | AgentEvent::MessageEnd { message } => {
                format!("{}({})", event.type_name(), message.role())
            }
            other => other.type_name().to_string(),
        })
        .collect()
}

struct Setup {
    runtime: Arc<Runtime>,
    provider: Arc<Canned>,
    events: Arc<Recorder>,
}

fn setup(answers: Vec<AssistantMessage>, settings: CompactionSettings, hang: bool) -> Setup {
    setup_with(
        answers,
        settings,
        hang,
        Session::in_memory("/project"),
        vec![],
    )
}

fn setup_with(
    answers: Vec<AssistantMessage>,
    settings: CompactionSettings,
    hang: bool,
    session: Session,
    history: Vec<AgentMessage>,
) -> Setup {
    let provider = Arc::new(Canned {
        answers: Mutex::new(answers.into()),
        hang,
        ..Default::default()
    });
    let config = AgentConfig {
        provider: provider.clone(),
        model: Model {
            id: "m".into(),
            name: "m".into(),
            api: "test".into(),
            provider: "test".into(),
            base_url: String::new(),
            reasoning: false,
            input: vec![],
            cost: Default::default(),
            context_window: 1000,
            max_tokens: 100,
            headers: None,
            compat: None,
            thinking_level_map: None,
        },
        thinking_level: Default::default(),
        system_prompt: "You help.".into(),
        tools: vec![],
        cwd: "/project".into(),
        tool_execution: ToolExecution::Parallel,
        api_key: None,
        session_id: None,
    };
    let events = Arc::new(Recorder::default());
    let system: AgentMessage = serde_json::from_value(json!({
        "role": "system", "content": "You help.", "timestamp": 1
    }))
    .unwrap();
    let runtime = Runtime::new(config, vec![events.clone()])
        .with_session(session, history)
        .with_system_message(system)
        .with_compaction(settings);
    Setup {
        runtime: Arc::new(runtime),
        provider,
        events,
    }
}

/// Keeps about 50 tokens; the threshold is 1000 - 100.
fn small_budget() -> CompactionSettings {
    CompactionSettings {
        reserve_tokens: 100,
        keep_recent_tokens: 50,
        ..Default::default()
    }
}

fn prompt(text: &str) -> UserContent {
    UserContent::Blocks(vec![ContentBlock::text(text)])
}

fn request_texts(request: &ProviderRequest) -> Vec<String> {
    request
        .messages
        .iter()
        .map(|message| match message {
            AgentMessage::User(user) => user.content.joined_text(),
            AgentMessage::Assistant(assistant) => assistant.text(),
            other => other.role().to_string(),
        })
        .collect()
}

#[tokio::test]
async fn compact_command_summarises_the_history_and_the_next_request_starts_with_it() {
    let first = "a".repeat(400);
    let second = "b".repeat(400);
    let s = setup(
        vec![
            with_usage("one", 100),
            with_usage("two", 200),
            text("## Goal\nParse things"),
            text("three"),
        ],
        small_budget(),
        false,
    );
    s.runtime.prompt(prompt(&first)).await;
    s.runtime.prompt(prompt(&second)).await;
    s.events.take();

    let produced = s
        .runtime
        .prompt(prompt("/compact focus on the parser"))
        .await;
    assert!(produced.is_empty());
    assert_eq!(
        kinds(&s.events.take()),
        [
            "compaction_start(Manual)",
            "compaction_end(Manual, ok=true, aborted=false, retry=false, error=-)"
        ]
    );

    // The summary request: no tools, our system prompt, one user message with the transcript.
    let requests = s.provider.requests.lock().unwrap().clone();
    let summary_request = &requests[2];
    assert!(summary_request.tools.is_empty());
    assert!(summary_request
        .system_prompt
        .contains("checkpoint summaries"));
    let body = &request_texts(summary_request)[0];
    assert!(
        body.starts_with(&format!(
            "<conversation>\n[User]: {first}\n\n[Assistant]: one\n</conversation>"
        )),
        "{body}"
    );
    assert!(body.contains("## Critical Context"));
    assert!(body.ends_with("Give particular attention to: focus on the parser"));

    // The entry and the rebuilt context: checkpoint, summary, then the kept exchange.
    let entry = s
        .runtime
        .with_session_log(|session| session.tree().leaf().cloned());
    let Some(tau_protocol::session::SessionEntry::Compaction(entry)) = entry else {
        panic!("no compaction entry: {entry:?}");
    };
    assert_eq!(entry.summary, "## Goal\nParse things");
    assert_eq!(entry.tokens_before, 200);
    assert_eq!(entry.from_hook, Some(false));
    assert_eq!(
        entry.details,
        Some(json!({"readFiles": [], "modifiedFiles": []}))
    );
    assert!(entry.system_message.is_some());
    let roles: Vec<String> = s
        .runtime
        .messages()
        .iter()
        .map(|m| m.role().to_string())
        .collect();
    assert_eq!(roles, ["system", "compactionSummary", "user", "assistant"]);

    s.runtime.prompt(prompt("next")).await;
    let requests = s.provider.requests.lock().unwrap().clone();
    let texts = request_texts(&requests[3]);
    assert_eq!(texts.len(), 4);
    assert!(texts[0].contains("<summary>\n## Goal\nParse things\n</summary>"));
    assert_eq!(texts[1..], [second, "two".to_string(), "next".to_string()]);
}

#[tokio::test]
async fn compact_command_on_a_tiny_session_reports_nothing_to_compact() {
    let s = setup(vec![text("hello")], small_budget(), false);
    s.runtime.prompt(prompt("hi")).await;
    s.events.take();
    let error = s.runtime.compact(None).await.unwrap_err();
    assert!(matches!(error, CompactionError::NothingToCompact));
    assert_eq!(
        kinds(&s.events.take()),
        [
            "compaction_start(Manual)",
            "compaction_end(Manual, ok=false, aborted=false, retry=false, error=Compaction failed: Nothing to compact (session too small))"
        ]
    );
}

#[tokio::test]
async fn an_abort_cancels_a_running_compaction() {
    let (session, _) = session_with(vec![
        user(&"a".repeat(400)),
        answer("ok", 0),
        user(&"b".repeat(400)),
        answer("ok", 0),
    ]);
    let s = setup_with(vec![], small_budget(), true, session, vec![]);
    let runtime = s.runtime.clone();
    let task = tokio::spawn(async move { runtime.compact(None).await });
    while s.provider.requests.lock().unwrap().is_empty() {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    s.runtime.abort();
    let outcome = task.await.unwrap();
    assert!(matches!(outcome, Err(CompactionError::Cancelled)));
    assert_eq!(
        kinds(&s.events.take()),
        [
            "compaction_start(Manual)",
            "compaction_end(Manual, ok=false, aborted=true, retry=false, error=-)"
        ]
    );
    // Nothing was written.
    let leaf = s
        .runtime
        .with_session_log(|session| session.tree().leaf().cloned());
    assert_eq!(
        leaf.map(|entry| entry.kind().to_string()).as_deref(),
        Some("message")
    );
}

#[tokio::test]
async fn a_run_that_crosses_the_threshold_compacts_before_settling() {
    let s = setup(
        vec![
            with_usage("one", 100),
            with_usage("two", 950),
            text("the summary"),
        ],
        small_budget(),
        false,
    );
    s.runtime.prompt(prompt(&"a".repeat(400))).await;
    assert!(!kinds(&s.events.take())
        .iter()
        .any(|kind| kind.starts_with("compaction")));
    s.runtime.prompt(prompt(&"b".repeat(400))).await;
    let kinds = kinds(&s.events.take());
    assert_eq!(
        kinds[kinds.len() - 4..],
        [
            "agent_end(false)",
            "compaction_start(Threshold)",
            "compaction_end(Threshold, ok=true, aborted=false, retry=false, error=-)",
            "agent_settled"
        ]
    );
    assert_eq!(s.provider.requests.lock().unwrap().len(), 3);
}

#[tokio::test]
async fn disabled_compaction_never_starts_automatically() {
    let settings = CompactionSettings {
        enabled: false,
        ..small_budget()
    };
    let s = setup(
        vec![with_usage("one", 100), with_usage("two", 950)],
        settings,
        false,
    );
    s.runtime.prompt(prompt(&"a".repeat(400))).await;
    s.runtime.prompt(prompt(&"b".repeat(400))).await;
    assert!(!kinds(&s.events.take())
        .iter()
        .any(|kind| kind.starts_with("compaction")));
    assert_eq!(s.provider.requests.lock().unwrap().len(), 2);
}

#[tokio::test]
async fn a_resumed_session_over_the_threshold_compacts_before_the_prompt() {
    let (session, _) = session_with(vec![
        user(&"a".repeat(400)),
        answer("ok", 100),
        user(&"b".repeat(400)),
        answer("ok", 990),
    ]);
    let history = session.build_session_context().messages;
    let s = setup_with(
        vec![text("summary"), text("fresh")],
        small_budget(),
        false,
        session,
        history,
    );
    s.runtime.prompt(prompt("continue")).await;
    let kinds = kinds(&s.events.take());
    assert_eq!(
        kinds[..3],
        [
            "compaction_start(Threshold)",
            "compaction_end(Threshold, ok=true, aborted=false, retry=false, error=-)",
            "agent_start"
        ]
    );
    let requests = s.provider.requests.lock().unwrap().clone();
    assert!(request_texts(&requests[1])[0].contains("<summary>\nsummary\n</summary>"));
}

#[tokio::test]
async fn an_overflow_compacts_and_retries_with_the_summary_instead_of_the_history() {
    let first = "a".repeat(400);
    let second = "b".repeat(400);
    let s = setup(
        vec![
            with_usage("one", 100),
            with_usage("two", 200),
            overflow(),
            text("the summary"),
            text("recovered"),
        ],
        small_budget(),
        false,
    );
    s.runtime.prompt(prompt(&first)).await;
    s.runtime.prompt(prompt(&second)).await;
    s.events.take();
    let produced = s.runtime.prompt(prompt("go on")).await;
    let kinds = kinds(&s.events.take());
    let end = kinds
        .iter()
        .position(|kind| kind == "agent_end(false)")
        .expect("agent_end");
    assert_eq!(
        kinds[end..],
        [
            "agent_end(false)",
            "entry_appended(context_edit)",
            "compaction_start(Overflow)",
            "compaction_end(Overflow, ok=true, aborted=false, retry=true, error=-)",
            "agent_start",
            "turn_start",
            "message_start(assistant)",
            "message_end(assistant)",
            "turn_end",
            "agent_end(false)",
            "agent_settled"
        ]
    );
    let requests = s.provider.requests.lock().unwrap().clone();
    assert_eq!(requests.len(), 5);
    let retried = request_texts(&requests[4]);
    // The first exchange is only in the summary; the failed answer is gone.
    assert!(retried[0].contains("<summary>\nthe summary\n</summary>"));
    assert_eq!(
        retried[1..],
        [second, "two".to_string(), "go on".to_string()]
    );
    assert!(!retried.iter().any(|t| t == &first));
    let last = produced.iter().rev().find_map(|m| match m {
        AgentMessage::Assistant(a) => Some(a.text()),
        _ => None,
    });
    assert_eq!(last.as_deref(), Some("recovered"));
}

#[tokio::test]
async fn overflow_recovery_is_attempted_once_per_prompt() {
    let s = setup(
        vec![
            with_usage("one", 100),
            with_usage("two", 200),
            overflow(),
            text("the summary"),
            overflow(),
        ],
        small_budget(),
        false,
    );
    s.runtime.prompt(prompt(&"a".repeat(400))).await;
    s.runtime.prompt(prompt(&"b".repeat(400))).await;
    s.events.take();
    s.runtime.prompt(prompt("go on")).await;
    let kinds = kinds(&s.events.take());
    assert_eq!(
        kinds[kinds.len() - 3..],
        [
            "agent_end(false)",
            "compaction_end(Overflow, ok=false, aborted=false, retry=false, error=Context overflow recovery failed after one compact-and-retry attempt. Try reducing context or switching to a larger-context model.)",
            "agent_settled"
        ]
    );
    assert_eq!(s.provider.requests.lock().unwrap().len(), 5);
}

#[tokio::test]
async fn a_failed_summary_is_reported_and_the_run_goes_on() {
    let s = setup(
        vec![
            with_usage("one", 100),
            with_usage("two", 950),
            AssistantMessage {
                stop_reason: StopReason::Error,
                error_message: Some("401 invalid key".into()),
                ..text("")
            },
        ],
        small_budget(),
        false,
    );
    s.runtime.prompt(prompt(&"a".repeat(400))).await;
    s.runtime.prompt(prompt(&"b".repeat(400))).await;
    let kinds = kinds(&s.events.take());
    assert_eq!(
        kinds[kinds.len() - 3..],
        [
            "compaction_start(Threshold)",
            "compaction_end(Threshold, ok=false, aborted=false, retry=false, error=Auto-compaction failed: Summarization failed: 401 invalid key)",
            "agent_settled"
        ]
    );
    let leaf = s
        .runtime
        .with_session_log(|session| session.tree().leaf().cloned());
    assert_eq!(
        leaf.map(|entry| entry.kind().to_string()).as_deref(),
        Some("message")
    );
}
