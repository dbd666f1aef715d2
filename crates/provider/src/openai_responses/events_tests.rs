//! Unit tests of the event reader: refusals, replaced arguments, late items, terminal
//! responses and failures.

use super::events::EventReader;
use super::*;
use pretty_assertions::assert_eq;
use serde_json::json;
use tau_protocol::{ContentBlock, Model, StopReason};

fn new_reader() -> EventReader {
    let model = Model {
        id: "gpt-5".into(),
        name: "GPT-5".into(),
        api: API.into(),
        provider: "openai".into(),
        base_url: "https://api.openai.com/v1".into(),
        reasoning: true,
        input: vec!["text".into()],
        cost: Default::default(),
        context_window: 400_000,
        max_tokens: 128_000,
        headers: None,
        compat: None,
        thinking_level_map: None,
    };
    EventReader::new(AssistantMessageBuilder::new(&model), model)
}

fn feed(reader: &mut EventReader, events: &[Value]) -> Vec<AssistantMessageEvent> {
    events
        .iter()
        .flat_map(|event| reader.event(event).unwrap())
        .collect()
}

fn completed() -> Value {
    json!({"type": "response.completed", "response": {"id": "r", "status": "completed"}})
}

#[test]
fn refusals_replaced_arguments_and_late_items() {
    let mut reader = new_reader();
    let events = feed(
        &mut reader,
        &[
            json!({"type": "response.output_item.added", "output_index": 0,
                "item": {"type": "message", "id": "msg_1"}}),
            json!({"type": "response.refusal.delta", "output_index": 0, "delta": "No."}),
            json!({"type": "response.output_item.done", "output_index": 0, "item": {
                "type": "message", "id": "msg_1", "phase": "final_answer",
                "content": [{"type": "refusal", "refusal": "No."}]}}),
            json!({"type": "response.output_item.added", "output_index": 1, "item": {
                "type": "function_call", "id": "fc_1", "call_id": "c1", "name": "read",
                "arguments": "", "namespace": "files"}}),
            json!({"type": "response.function_call_arguments.delta", "output_index": 1,
                "delta": "{\"pa"}),
            json!({"type": "response.function_call_arguments.done", "output_index": 1,
                "arguments": "{\"path\":\"x\"}"}),
            // A done item without its added event still opens and closes a block.
            json!({"type": "response.output_item.done", "output_index": 2, "item": {
                "type": "function_call", "id": "fc_2", "call_id": "c2", "name": "ls",
                "arguments": "{\"dir\":1}"}}),
            json!({"type": "response.output_item.done", "output_index": 1, "item": {
                "type": "function_call", "id": "fc_1", "call_id": "c1", "name": "read",
                "arguments": "{\"path\":\"y\"}"}}),
            completed(),
        ],
    );
    let deltas: Vec<&str> = events
        .iter()
        .filter_map(|event| match event {
            AssistantMessageEvent::ToolCallDelta { delta, .. } => Some(delta.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(deltas, ["{\"pa", "th\":\"x\"}"]);
    let done = reader.finish(false);
    let Some(AssistantMessageEvent::Done { message, reason }) = done.last() else {
        panic!("{done:?}")
    };
    assert_eq!(*reason, StopReason::ToolUse);
    assert_eq!(
        message.content[0],
        ContentBlock::Text {
            text: "No.".into(),
            text_signature: Some(r#"{"v":1,"id":"msg_1","phase":"final_answer"}"#.into()),
        }
    );
    let calls: Vec<_> = message.tool_calls().collect();
    // Final arguments that do not continue the streamed ones replace them.
    assert_eq!(calls[0].arguments, json!({"path": "y"}));
    assert_eq!(calls[0].namespace.as_deref(), Some("files"));
    assert_eq!(
        (calls[1].id.as_str(), &calls[1].arguments),
        ("c2|fc_2", &json!({"dir": 1}))
    );
}

#[test]
fn terminal_responses_backfill_reasoning_and_map_statuses() {
    let mut reader = new_reader();
    let item = json!({"type": "reasoning", "id": "rs_1", "summary": [],
        "content": [{"type": "reasoning_text", "text": "raw"}]});
    feed(
        &mut reader,
        &[
            json!({"type": "response.output_item.added", "output_index": 0, "item": item}),
            json!({"type": "response.reasoning_text.delta", "output_index": 0, "delta": "ra"}),
            json!({"type": "response.output_item.done", "output_index": 0, "item": item}),
            json!({"type": "response.completed", "response": {"status": "completed",
                "service_tier": "flex",
                "output": [{"type": "reasoning", "id": "rs_1", "encrypted_content": "enc"}],
                "input_transformations": [
                    {"type": "reasoning", "id": "rs_0", "action": "removed", "reason": "prefix_mismatch"},
                    {"type": "reasoning", "id": "rs_z", "action": "removed", "reason": "turn_boundary"}],
                "usage": {"input_tokens": 10, "output_tokens": 5, "total_tokens": 15}}}),
        ],
    );
    let done = reader.finish(false);
    let Some(AssistantMessageEvent::Done { message, .. }) = done.last() else {
        panic!("{done:?}")
    };
    let ContentBlock::Thinking {
        thinking,
        thinking_signature: Some(signature),
        ..
    } = &message.content[0]
    else {
        panic!("{message:?}")
    };
    assert_eq!(thinking, "raw");
    let stored: Value = serde_json::from_str(signature).unwrap();
    assert_eq!(stored["encrypted_content"], json!("enc"));
    let diagnostics = &message.extra["diagnostics"][0];
    assert_eq!(
        diagnostics["details"]["transformations"],
        json!([
        {"type": "reasoning", "id": "rs_0", "action": "removed", "reason": "prefix_mismatch"}])
    );
    assert_eq!(message.usage.total_tokens, 15);

    let mut reader = new_reader();
    let error = reader
        .event(&json!({"type": "response.completed", "response": {"status": "weird"}}))
        .unwrap_err();
    assert_eq!(error.to_string(), "Unhandled stop reason: weird");
}

#[test]
fn failures_are_worded_as_pi_words_them() {
    let failed = |response: Value| {
        new_reader()
            .event(&json!({"type": "response.failed", "response": response}))
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        failed(json!({"status": "failed", "incomplete_details": {"reason": "max_output_tokens"}})),
        "incomplete: max_output_tokens"
    );
    assert_eq!(
        failed(json!({"error": {"message": "boom"}})),
        "unknown: boom"
    );
    assert_eq!(
        failed(json!({})),
        "Unknown error (no error details in response)"
    );
    let bare = new_reader()
        .event(&json!({"type": "error", "code": "bad", "message": "worse"}))
        .unwrap_err();
    assert_eq!(bare.to_string(), "Error Code bad: worse");

    // A tool call whose item never finished is not handed over.
    let mut reader = new_reader();
    feed(
        &mut reader,
        &[
            json!({"type": "response.output_item.added", "output_index": 0, "item": {
                "type": "function_call", "id": "fc_1", "call_id": "c1", "name": "read"}}),
            completed(),
        ],
    );
    let Some(AssistantMessageEvent::Error { error, .. }) = reader.finish(false).pop() else {
        panic!()
    };
    assert_eq!(
        error.error_message.as_deref(),
        Some("OpenAI Responses stream completed with an unfinished tool call: read (c1|fc_1)")
    );

    let prefixed = with_api_prefix(
        ProviderError::Server {
            status: 503,
            message: "503 upstream unavailable".into(),
        },
        "fake",
    );
    assert_eq!(
        prefixed.to_string(),
        "fake API error (503): 503 upstream unavailable"
    );
    assert_eq!(
        with_account_hint("429: subscription_sharing_usage_limit_exceeded".into()),
        "429: subscription_sharing_usage_limit_exceeded\nCheck your ChatGPT usage: https://chatgpt.com/settings/usage"
    );
}
