//! The scripted provider: streaming, turn selection, match arms, captures, exhaustion and
//! cancellation.

use std::time::Duration;

use futures::StreamExt;
use pretty_assertions::assert_eq;
use serde_json::json;
use tau_protocol::{AgentMessage, AssistantMessageEvent as E, ContentBlock, StopReason};
use tau_provider::{apply, Provider, ScriptedProvider};
use tokio_util::sync::CancellationToken;

use super::support::{collect, final_message, kinds, play, request, tool_result, user};

fn script(json: serde_json::Value) -> ScriptedProvider {
    ScriptedProvider::parse(&json.to_string(), "test.json").unwrap()
}

#[tokio::test]
async fn a_turn_streams_each_block_as_start_deltas_end_then_done() {
    let provider = script(json!({"turns": [{
        "thinking": "The user wants a listing of the current directory, so I will run ls.",
        "text": "Let me look at the files in this directory for you.",
        "toolCalls": [
            {"name": "bash", "arguments": {"command": "ls -la /tmp/some/long/path"}},
            {"name": "read", "arguments": {"path": "README.md"}}
        ]
    }]}));
    let events = collect(
        &provider,
        request(vec![user("list files")]),
        CancellationToken::new(),
    )
    .await;

    let mut kinds = kinds(&events);
    kinds.dedup();
    assert_eq!(
        kinds,
        [
            "start",
            "thinking_start",
            "thinking_delta",
            "thinking_end",
            "text_start",
            "text_delta",
            "text_end",
            "toolcall_start",
            "toolcall_delta",
            "toolcall_end",
            "toolcall_start",
            "toolcall_delta",
            "toolcall_end",
            "done"
        ]
    );
    let count = |kind: &str| {
        super::support::kinds(&events)
            .iter()
            .filter(|k| *k == kind)
            .count()
    };
    assert!(count("text_delta") > 1, "text is split into several deltas");
    assert!(count("thinking_delta") > 1);
    assert!(count("toolcall_delta") > 2, "arguments stream in fragments");

    let E::Start { partial } = &events[0] else {
        panic!("first event is not start")
    };
    assert_eq!(
        (partial.api.as_str(), partial.provider.as_str()),
        ("scripted", "scripted")
    );
    assert_eq!(partial.stop_reason, StopReason::Pending);

    let message = final_message(&events);
    assert_eq!(message.stop_reason, StopReason::ToolUse);
    assert_eq!(
        message.text(),
        "Let me look at the files in this directory for you."
    );
    let calls: Vec<_> = message
        .tool_calls()
        .map(|c| (c.id.as_str(), c.name.as_str(), c.arguments.clone()))
        .collect();
    assert_eq!(
        calls,
        [
            (
                "call_1",
                "bash",
                json!({"command": "ls -la /tmp/some/long/path"})
            ),
            ("call_2", "read", json!({"path": "README.md"}))
        ]
    );
    assert!(
        message.usage.input > 0 && message.usage.output > 0,
        "{:?}",
        message.usage
    );
    assert_eq!(
        message.usage.total_tokens,
        message.usage.input + message.usage.output
    );

    // A consumer rebuilding the partial from the wire events ends with the same message.
    let mut rebuilt = Default::default();
    for event in &events {
        apply(&mut rebuilt, event);
    }
    assert_eq!(&rebuilt, message);
}

#[tokio::test]
async fn the_turn_is_the_number_of_assistant_messages_in_the_request() {
    let provider = script(json!({"turns": [
        {"toolCalls": [{"name": "bash", "arguments": {"command": "true"}}]},
        {"text": "second", "toolCalls": [{"name": "bash", "arguments": {}}], "stopReason": "stop"},
        {"text": "third"}
    ]}));
    let mut messages = vec![user("go")];
    let first = play(&provider, &mut messages).await;
    assert_eq!(first.stop_reason, StopReason::ToolUse);
    messages.push(tool_result("call_1", "bash", "", false));

    let second = play(&provider, &mut messages).await;
    assert_eq!(second.text(), "second");
    assert_eq!(
        second.stop_reason,
        StopReason::Stop,
        "stopReason overrides the default"
    );
    assert_eq!(
        second.tool_calls().next().map(|c| c.id.as_str()),
        Some("call_2"),
        "ids continue across the conversation"
    );
    messages.push(tool_result("call_2", "bash", "", false));

    // The same request gives the same answer: the provider keeps no state.
    let again = collect(
        &provider,
        request(messages.clone()),
        CancellationToken::new(),
    )
    .await;
    assert_eq!(final_message(&again).text(), "third");
    assert_eq!(play(&provider, &mut messages).await.text(), "third");
}

#[tokio::test]
async fn a_match_turn_reacts_to_the_last_tool_result() {
    let provider = script(json!({"turns": [
        {"toolCalls": [{"name": "bash", "arguments": {"command": "make"}}]},
        {"match": [
            {"when": {"isError": true, "toolName": "bash"}, "turn": {"text": "the command failed"}},
            {"when": {"toolResultContains": "warning"}, "turn": {"text": "there are warnings"}},
            {"turn": {"text": "all good"}}
        ]}
    ]}));
    let answer = |result: AgentMessage| {
        let provider = provider.clone();
        async move {
            let mut messages = vec![user("build")];
            play(&provider, &mut messages).await;
            messages.push(result);
            play(&provider, &mut messages).await.text()
        }
    };
    assert_eq!(
        answer(tool_result("call_1", "bash", "exit 2", true)).await,
        "the command failed"
    );
    assert_eq!(
        answer(tool_result("call_1", "read", "exit 2", true)).await,
        "all good",
        "every condition of an arm must hold"
    );
    assert_eq!(
        answer(tool_result("call_1", "bash", "1 warning", false)).await,
        "there are warnings"
    );
    assert_eq!(
        answer(tool_result("call_1", "bash", "done", false)).await,
        "all good"
    );
}

#[tokio::test]
async fn a_match_without_a_fitting_arm_ends_with_an_error() {
    let provider = script(json!({"turns": [
        {"match": [{"when": {"isError": true}, "turn": {"text": "x"}}]}
    ]}));
    let events = collect(
        &provider,
        request(vec![user("hi")]),
        CancellationToken::new(),
    )
    .await;
    let E::Error { reason, error } = events.last().unwrap() else {
        panic!("{events:?}")
    };
    assert_eq!(*reason, StopReason::Error);
    assert!(
        error
            .error_message
            .as_deref()
            .unwrap()
            .contains("no arm of the match in turns[0]"),
        "{error:?}"
    );
}

#[tokio::test]
async fn captured_values_are_substituted_in_later_turns() {
    let provider = script(json!({"turns": [
        {"toolCalls": [{"name": "bash", "arguments": {"command": "mktemp -d"}}],
         "capture": {"dir": "(/\\S+)", "whole": "tmp\\.\\w+"}},
        {"text": "Working in ${dir}.",
         "toolCalls": [{"name": "edit", "arguments": {
             "path": "${dir}/a.txt",
             "edits": [{"oldText": "${whole}", "newText": "$HOME ${unknown}"}],
             "count": 1
         }}]},
        {"thinking": "still ${dir}", "text": "Done with ${dir}."}
    ]}));
    let mut messages = vec![user("go")];
    play(&provider, &mut messages).await;
    messages.push(tool_result("call_1", "bash", "/tmp/tmp.Ab12\n", false));
    let second = play(&provider, &mut messages).await;
    assert_eq!(second.text(), "Working in /tmp/tmp.Ab12.");
    assert_eq!(
        second.tool_calls().next().unwrap().arguments,
        json!({
            "path": "/tmp/tmp.Ab12/a.txt",
            "edits": [{"oldText": "tmp.Ab12", "newText": "$HOME ${unknown}"}],
            "count": 1
        })
    );
    messages.push(tool_result("call_2", "edit", "Successfully edited", false));
    let third = play(&provider, &mut messages).await;
    assert_eq!(third.text(), "Done with /tmp/tmp.Ab12.");
    assert_eq!(
        third.content[0],
        ContentBlock::Thinking {
            thinking: "still /tmp/tmp.Ab12".into(),
            thinking_signature: None,
            redacted: None
        }
    );
}

#[tokio::test]
async fn an_exhausted_script_says_so_and_stops() {
    let provider = script(json!({"turns": [{"text": "only turn"}]}));
    let mut messages = vec![user("hi")];
    assert_eq!(play(&provider, &mut messages).await.text(), "only turn");
    messages.push(user("and then?"));
    let after = play(&provider, &mut messages).await;
    assert_eq!(after.stop_reason, StopReason::Stop);
    assert!(
        after
            .text()
            .starts_with("The script has ended: all 1 turns were played"),
        "{}",
        after.text()
    );
    let empty = ScriptedProvider::parse(r#"{"turns": []}"#, "empty.json").unwrap();
    assert!(play(&empty, &mut vec![user("hi")])
        .await
        .text()
        .starts_with("The script has ended"));
}

#[tokio::test]
async fn an_error_turn_streams_its_content_then_ends_with_the_error() {
    let provider = script(
        json!({"turns": [{"text": "Starting the work", "error": "overloaded: try again later"}]}),
    );
    let events = collect(
        &provider,
        request(vec![user("hi")]),
        CancellationToken::new(),
    )
    .await;
    assert!(kinds(&events).contains(&"text_end".to_owned()));
    let E::Error { reason, error } = events.last().unwrap() else {
        panic!("{events:?}")
    };
    assert_eq!(
        (*reason, error.stop_reason),
        (StopReason::Error, StopReason::Error)
    );
    assert_eq!(
        error.error_message.as_deref(),
        Some("overloaded: try again later")
    );
    assert_eq!(error.text(), "Starting the work");
}

#[tokio::test]
async fn script_usage_replaces_the_estimates() {
    let provider =
        script(json!({"turns": [{"text": "hi", "usage": {"input": 1000, "cacheRead": 50}}]}));
    let events = collect(
        &provider,
        request(vec![user("hi")]),
        CancellationToken::new(),
    )
    .await;
    let usage = &final_message(&events).usage;
    assert_eq!((usage.input, usage.output, usage.cache_read), (1000, 1, 50));
    assert_eq!(usage.total_tokens, 1051);
}

#[tokio::test]
async fn cancelling_mid_stream_ends_with_aborted_and_keeps_the_partial() {
    let text =
        "This answer streams slowly, one small piece at a time, so that a test can abort it.";
    let provider = script(json!({"turns": [{
        "text": text,
        "toolCalls": [{"name": "write", "arguments": {"path": "a.txt", "content": "never written"}}],
        "delayMs": 20
    }]}));
    let cancel = CancellationToken::new();
    let mut stream = provider.stream(request(vec![user("hi")]), cancel.clone());
    let mut events = Vec::new();
    while let Some(event) = stream.next().await {
        if matches!(event, E::TextDelta { .. })
            && events
                .iter()
                .filter(|e| matches!(e, E::TextDelta { .. }))
                .count()
                == 1
        {
            cancel.cancel();
        }
        events.push(event);
    }
    let E::Error { reason, error } = events.last().unwrap() else {
        panic!("{events:?}")
    };
    assert_eq!(
        (*reason, error.stop_reason),
        (StopReason::Aborted, StopReason::Aborted)
    );
    assert_eq!(error.error_message.as_deref(), Some("Request was aborted"));
    let partial = error.text();
    assert!(
        !partial.is_empty() && text.starts_with(&partial) && partial.len() < text.len(),
        "{partial:?}"
    );
    assert_eq!(error.tool_calls().count(), 0);
    assert!(
        !kinds(&events).contains(&"text_end".to_owned()),
        "an aborted block is not closed"
    );
    assert_eq!(
        kinds(&events)
            .iter()
            .filter(|k| k.as_str() == "error")
            .count(),
        1
    );
}

#[tokio::test]
async fn cancelling_during_tool_arguments_keeps_partial_arguments() {
    let provider = script(json!({"turns": [{
        "toolCalls": [{"name": "write", "arguments": {"path": "notes/todo.txt", "content": "a long body that takes several fragments to stream"}}],
        "delayMs": 5
    }]}));
    let cancel = CancellationToken::new();
    let mut stream = provider.stream(request(vec![user("hi")]), cancel.clone());
    let mut events = Vec::new();
    while let Some(event) = stream.next().await {
        let deltas = events
            .iter()
            .filter(|e| matches!(e, E::ToolCallDelta { .. }))
            .count();
        if deltas == 3 {
            cancel.cancel();
        }
        events.push(event);
    }
    let error = final_message(&events);
    assert_eq!(error.stop_reason, StopReason::Aborted);
    let call = error.tool_calls().next().unwrap();
    assert_eq!(call.arguments["path"], json!("notes/todo.txt"));
    let content = call.arguments["content"].as_str().unwrap_or_default();
    assert!("a long body that takes several fragments to stream".starts_with(content));
}

#[tokio::test]
async fn a_cancelled_request_still_starts_then_errors() {
    let provider = script(json!({"turns": [{"text": "hello"}]}));
    let cancel = CancellationToken::new();
    cancel.cancel();
    let events = tokio::time::timeout(
        Duration::from_secs(5),
        collect(&provider, request(vec![user("hi")]), cancel),
    )
    .await
    .unwrap();
    assert_eq!(kinds(&events), ["start", "error"]);
    assert_eq!(final_message(&events).stop_reason, StopReason::Aborted);
}
