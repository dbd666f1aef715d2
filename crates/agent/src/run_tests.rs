use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use futures::stream;
use serde_json::{json, Value};
use tau_protocol::{
    AgentEvent, AgentMessage, AssistantMessage, AssistantMessageEvent, ContentBlock, Model,
    StopReason, ToolCall, ToolResult, UserMessage,
};
use tau_provider::{EventStream, Provider, ProviderRequest};
use tau_tools::{Tool, ToolContext, ToolError, ToolInfo};
use tokio_util::sync::CancellationToken;

use super::*;
use crate::config::{AgentConfig, ToolExecution};
use crate::hooks::{AfterToolCall, AgentHooks, BeforeToolCall};

/// Answers each request with the next canned message; records the requests.
struct CannedProvider {
    answers: Mutex<VecDeque<AssistantMessage>>,
    requests: Mutex<Vec<ProviderRequest>>,
}

impl Provider for CannedProvider {
    fn stream(&self, request: ProviderRequest, cancel: CancellationToken) -> EventStream {
        self.requests.lock().unwrap().push(request);
        let mut message = self
            .answers
            .lock()
            .unwrap()
            .pop_front()
            .unwrap_or_else(|| reply("script over", vec![]));
        if cancel.is_cancelled() {
            message.stop_reason = StopReason::Aborted;
            message.error_message = Some("aborted".into());
            return Box::pin(stream::iter(vec![AssistantMessageEvent::Error {
                reason: StopReason::Aborted,
                error: message,
            }]));
        }
        let start = AssistantMessageEvent::Start {
            partial: Box::new(AssistantMessage {
                content: vec![],
                ..message.clone()
            }),
        };
        Box::pin(stream::iter(vec![
            start,
            AssistantMessageEvent::Done {
                reason: message.stop_reason,
                message,
            },
        ]))
    }
}

fn reply(text: &str, calls: Vec<(&str, &str, Value)>) -> AssistantMessage {
    let mut content = vec![ContentBlock::text(text)];
    let has_calls = !calls.is_empty();
    content.extend(calls.into_iter().map(|(id, name, arguments)| {
        ContentBlock::ToolCall(ToolCall {
            id: id.into(),
            name: name.into(),
            arguments,
            thought_signature: None,
            namespace: None,
        })
    }));
    AssistantMessage {
        content,
        api: "test".into(),
        provider: "test".into(),
        model: "m".into(),
        stop_reason: if has_calls {
            StopReason::ToolUse
        } else {
            StopReason::Stop
        },
        timestamp: 1,
        ..Default::default()
    }
}

/// Sleeps `ms` then echoes `text`; reports one partial result first.
struct EchoTool(ToolInfo);

impl EchoTool {
    fn new() -> Arc<Self> {
        Arc::new(EchoTool(ToolInfo {
            name: "echo".into(),
            label: "Echo".into(),
            description: "echo text".into(),
            parameters: json!({"type":"object","properties":{"text":{"type":"string"},"ms":{"type":"number"}},"required":["text"]}),
            prompt_snippet: None,
            prompt_guidelines: vec![],
            constrained_sampling: None,
        }))
    }
}

#[async_trait]
impl Tool for EchoTool {
    fn info(&self) -> &ToolInfo {
        &self.0
    }
    async fn execute(
        &self,
        _id: &str,
        args: Value,
        ctx: ToolContext,
    ) -> Result<ToolResult, ToolError> {
        let text = args["text"].as_str().unwrap_or_default().to_string();
        ctx.send_update(ToolResult::text(format!("partial {text}")));
        let ms = args["ms"].as_u64().unwrap_or(0);
        tokio::select! {
            _ = tokio::time::sleep(Duration::from_millis(ms)) => {}
            _ = ctx.cancel.cancelled() => return Err(ToolError::Aborted),
        }
        if text == "fail" {
            return Err(ToolError::Failed("echo failed".into()));
        }
        Ok(ToolResult::text(text))
    }
}

#[derive(Default)]
struct Recorder {
    events: Mutex<Vec<AgentEvent>>,
    block: Option<String>,
    steer_after_first_turn: Mutex<Option<AgentMessage>>,
    follow_up: Mutex<Option<AgentMessage>>,
}

#[async_trait]
impl AgentHooks for Recorder {
    async fn on_event(&self, event: &AgentEvent) {
        self.events.lock().unwrap().push(event.clone());
    }
    async fn before_tool_call(
        &self,
        _a: &AssistantMessage,
        call: &ToolCall,
        args: &mut Value,
    ) -> Option<BeforeToolCall> {
        if Some(&call.id) == self.block.as_ref() {
            return Some(BeforeToolCall {
                block: true,
                reason: Some("not allowed".into()),
                terminate: false,
            });
        }
        // Mutation in place is what the tool then sees.
        if args["text"] == "mutate-me" {
            args["text"] = json!("mutated");
        }
        None
    }
    async fn after_tool_call(
        &self,
        call: &ToolCall,
        _args: &Value,
        _r: &ToolResult,
        _e: bool,
    ) -> Option<AfterToolCall> {
        (call.id == "rewrite").then(|| AfterToolCall {
            content: Some(vec![ContentBlock::text("rewritten")]),
            ..Default::default()
        })
    }
    async fn steering_messages(&self) -> Vec<AgentMessage> {
        self.steer_after_first_turn
            .lock()
            .unwrap()
            .take()
            .into_iter()
            .collect()
    }
    async fn follow_up_messages(&self) -> Vec<AgentMessage> {
        self.follow_up.lock().unwrap().take().into_iter().collect()
    }
}

impl Recorder {
    fn types(&self) -> Vec<&'static str> {
        self.events
            .lock()
            .unwrap()
            .iter()
            .map(AgentEvent::type_name)
            .collect()
    }
}

fn config(
    answers: Vec<AssistantMessage>,
    execution: ToolExecution,
) -> (AgentConfig, Arc<CannedProvider>) {
    let provider = Arc::new(CannedProvider {
        answers: Mutex::new(answers.into()),
        requests: Mutex::default(),
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
        system_prompt: "sys".into(),
        tools: vec![EchoTool::new()],
        cwd: std::env::temp_dir(),
        tool_execution: execution,
        api_key: None,
        session_id: None,
    };
    (config, provider)
}

fn prompt(text: &str) -> Vec<AgentMessage> {
    vec![AgentMessage::User(UserMessage::text(text))]
}

fn tool_texts(messages: &[AgentMessage]) -> Vec<(String, bool)> {
    messages
        .iter()
        .filter_map(|m| match m {
            AgentMessage::ToolResult(r) => {
                Some((r.content[0].as_text().unwrap_or("").to_string(), r.is_error))
            }
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn a_plain_answer_has_pi_event_order() {
    let (config, _) = config(vec![reply("hi", vec![])], ToolExecution::Parallel);
    let hooks = Recorder::default();
    let produced = run_agent_loop(
        prompt("hello"),
        &mut Vec::new(),
        &config,
        &hooks,
        &CancellationToken::new(),
    )
    .await;
    assert_eq!(
        hooks.types(),
        [
            "agent_start",
            "turn_start",
            "message_start",
            "message_end",
            "message_start",
            "message_end",
            "turn_end",
            "agent_end"
        ]
    );
    assert_eq!(produced.len(), 2);
}

#[tokio::test]
async fn parallel_calls_finish_out_of_order_but_record_in_call_order() {
    let calls = vec![
        ("slow", "echo", json!({"text":"first","ms":150})),
        ("fast", "echo", json!({"text":"second","ms":"1"})),
    ];
    let (config, provider) = config(
        vec![reply("", calls), reply("done", vec![])],
        ToolExecution::Parallel,
    );
    let hooks = Recorder::default();
    let produced = run_agent_loop(
        prompt("go"),
        &mut Vec::new(),
        &config,
        &hooks,
        &CancellationToken::new(),
    )
    .await;
    assert_eq!(
        tool_texts(&produced),
        [("first".to_string(), false), ("second".to_string(), false)]
    );
    let ends: Vec<String> = hooks
        .events
        .lock()
        .unwrap()
        .iter()
        .filter_map(|e| match e {
            AgentEvent::ToolExecutionEnd { tool_call_id, .. } => Some(tool_call_id.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(
        ends,
        ["fast", "slow"],
        "tool_execution_end in completion order"
    );
    // Both starts come before any end: preflight is done in order, then the calls run concurrently.
    let types = hooks.types();
    let last_start = types
        .iter()
        .rposition(|t| *t == "tool_execution_start")
        .unwrap();
    let first_end = types
        .iter()
        .position(|t| *t == "tool_execution_end")
        .unwrap();
    assert!(last_start < first_end);
    assert!(types.contains(&"tool_execution_update"));
    // The second request carries both results after the assistant message.
    let requests = provider.requests.lock().unwrap();
    let roles: Vec<&str> = requests[1]
        .messages
        .iter()
        .map(AgentMessage::role)
        .collect();
    assert_eq!(roles, ["user", "assistant", "toolResult", "toolResult"]);
}

#[tokio::test]
async fn invalid_unknown_blocked_and_failing_calls_become_error_results() {
    let calls = vec![
        ("bad", "echo", json!({"ms": 1})),
        ("nope", "missing", json!({})),
        ("blocked", "echo", json!({"text":"x"})),
        ("failing", "echo", json!({"text":"fail"})),
        ("mutate", "echo", json!({"text":"mutate-me"})),
        ("rewrite", "echo", json!({"text":"orig"})),
    ];
    let (config, _) = config(
        vec![reply("", calls), reply("done", vec![])],
        ToolExecution::Sequential,
    );
    let hooks = Recorder {
        block: Some("blocked".into()),
        ..Default::default()
    };
    let produced = run_agent_loop(
        prompt("go"),
        &mut Vec::new(),
        &config,
        &hooks,
        &CancellationToken::new(),
    )
    .await;
    let results = tool_texts(&produced);
    assert!(
        results[0]
            .0
            .starts_with("Validation failed for tool \"echo\""),
        "{}",
        results[0].0
    );
    assert!(results[0].1);
    assert_eq!(results[1], ("Tool missing not found".to_string(), true));
    assert_eq!(results[2], ("not allowed".to_string(), true));
    assert_eq!(results[3], ("echo failed".to_string(), true));
    assert_eq!(results[4], ("mutated".to_string(), false));
    assert_eq!(results[5], ("rewritten".to_string(), false));
}

#[tokio::test]
async fn abort_mid_tool_records_aborted_results_and_an_aborted_message() {
    let calls = vec![("long", "echo", json!({"text":"x","ms":10_000}))];
    let (config, _) = config(
        vec![reply("", calls), reply("never", vec![])],
        ToolExecution::Parallel,
    );
    let hooks = Recorder::default();
    let cancel = CancellationToken::new();
    let canceller = cancel.clone();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(100)).await;
        canceller.cancel();
    });
    let started = std::time::Instant::now();
    let produced = run_agent_loop(prompt("go"), &mut Vec::new(), &config, &hooks, &cancel).await;
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!(
        tool_texts(&produced),
        [("Operation aborted".to_string(), true)]
    );
    match produced.last() {
        Some(AgentMessage::Assistant(last)) => assert_eq!(last.stop_reason, StopReason::Aborted),
        other => panic!("expected an aborted assistant message, got {other:?}"),
    }
    assert_eq!(hooks.types().last(), Some(&"agent_end"));
}

#[tokio::test]
async fn steering_and_follow_up_messages_start_new_turns() {
    let (config, provider) = config(
        vec![
            reply("one", vec![]),
            reply("two", vec![]),
            reply("three", vec![]),
        ],
        ToolExecution::Parallel,
    );
    let hooks = Recorder {
        steer_after_first_turn: Mutex::new(Some(AgentMessage::User(UserMessage::text("steer")))),
        follow_up: Mutex::new(Some(AgentMessage::User(UserMessage::text("later")))),
        ..Default::default()
    };
    let produced = run_agent_loop(
        prompt("go"),
        &mut Vec::new(),
        &config,
        &hooks,
        &CancellationToken::new(),
    )
    .await;
    let roles: Vec<&str> = produced.iter().map(AgentMessage::role).collect();
    // The first steering poll happens before the first request, so "steer" precedes "one".
    assert_eq!(roles, ["user", "user", "assistant", "user", "assistant"]);
    assert_eq!(provider.requests.lock().unwrap().len(), 2);
    let turn_starts = hooks.types().iter().filter(|t| **t == "turn_start").count();
    assert_eq!(turn_starts, 2);
}

#[tokio::test]
async fn a_length_stop_fails_every_tool_call() {
    let mut cut = reply("", vec![("c1", "echo", json!({"text":"x"}))]);
    cut.stop_reason = StopReason::Length;
    let (config, _) = config(vec![cut, reply("ok", vec![])], ToolExecution::Parallel);
    let produced = run_agent_loop(
        prompt("go"),
        &mut Vec::new(),
        &config,
        &Recorder::default(),
        &CancellationToken::new(),
    )
    .await;
    assert!(tool_texts(&produced)[0]
        .0
        .contains("hit the output token limit"));
}

#[tokio::test]
async fn continue_refuses_to_start_from_an_assistant_message() {
    let (config, _) = config(vec![], ToolExecution::Parallel);
    let context = vec![AgentMessage::Assistant(reply("x", vec![]))];
    let result = run_agent_loop_continue(
        context,
        &config,
        &Recorder::default(),
        &CancellationToken::new(),
    )
    .await;
    assert!(matches!(result, Err(AgentRunError::ContinueFromAssistant)));
}

/// Asks the first `finish_turn` to continue with a user message added to the context.
#[derive(Default)]
struct ContinueOnce {
    asked: Mutex<Vec<usize>>,
}

#[async_trait]
impl AgentHooks for ContinueOnce {
    async fn finish_turn(&self, turn: &crate::hooks::FinishedTurn<'_>) -> crate::TurnBoundary {
        let mut asked = self.asked.lock().unwrap();
        asked.push(turn.context.len());
        if asked.len() > 1 {
            return crate::TurnBoundary::default();
        }
        crate::TurnBoundary {
            entries: Vec::new(),
            continue_run: true,
            messages: vec![AgentMessage::User(UserMessage::text("nudge"))],
        }
    }
}

#[tokio::test]
async fn a_turn_boundary_adds_messages_and_continues_once() {
    let (config, provider) = config(
        vec![reply("one", vec![]), reply("two", vec![])],
        ToolExecution::Parallel,
    );
    let hooks = ContinueOnce::default();
    let mut context = Vec::new();
    let produced = run_agent_loop(
        prompt("go"),
        &mut context,
        &config,
        &hooks,
        &CancellationToken::new(),
    )
    .await;
    // Each turn's boundary saw the conversation after it: prompt + answer, then + nudge + answer.
    assert_eq!(*hooks.asked.lock().unwrap(), [2, 4]);
    assert_eq!(provider.requests.lock().unwrap().len(), 2);
    // The boundary's message is in the context the next request saw, not among the run's
    // own messages (Pi records it as a session entry).
    let roles: Vec<&str> = context.iter().map(AgentMessage::role).collect();
    assert_eq!(roles, ["user", "assistant", "user", "assistant"]);
    assert_eq!(produced.len(), 3);
}
