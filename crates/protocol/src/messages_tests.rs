use super::*;
use pretty_assertions::assert_eq;
use serde_json::json;

fn round_trip(value: Value) {
    let message: AgentMessage = serde_json::from_value(value.clone()).expect("parses");
    assert_eq!(serde_json::to_value(&message).expect("serialises"), value);
}

#[test]
fn user_message_with_string_content_round_trips() {
    round_trip(json!({"role":"user","content":"hello","timestamp":1733234401000u64}));
}

#[test]
fn user_message_with_text_and_image_blocks_round_trips() {
    round_trip(json!({"role":"user","content":[
        {"type":"text","text":"look"},
        {"type":"image","data":"aGVsbG8=","mimeType":"image/png"}
    ],"timestamp":1}));
}

#[test]
fn assistant_message_with_every_block_kind_round_trips() {
    round_trip(json!({
        "role":"assistant",
        "content":[
            {"type":"thinking","thinking":"hmm","thinkingSignature":"sig"},
            {"type":"text","text":"I will read it."},
            {"type":"toolCall","id":"call_1","name":"read","arguments":{"path":"a.txt"}}
        ],
        "api":"openai-completions","provider":"openai","model":"gpt-4o",
        "usage":{"input":10,"output":5,"cacheRead":0,"cacheWrite":0,"totalTokens":15,
                 "cost":{"input":0.1,"output":0.2,"cacheRead":0,"cacheWrite":0,"total":0.3}},
        "stopReason":"toolUse","timestamp":2
    }));
}

#[test]
fn error_assistant_message_keeps_unknown_fields() {
    round_trip(json!({
        "role":"assistant","content":[],"api":"a","provider":"p","model":"m",
        "usage":{"input":0,"output":0,"cacheRead":0,"cacheWrite":0,"totalTokens":0,
                 "cost":{"input":0,"output":0,"cacheRead":0,"cacheWrite":0,"total":0}},
        "stopReason":"error","errorMessage":"boom","rawStopReason":"x","diagnostics":[{"k":1}],
        "timestamp":3
    }));
}

#[test]
fn tool_result_message_round_trips() {
    round_trip(
        json!({"role":"toolResult","toolCallId":"call_1","toolName":"bash",
        "content":[{"type":"text","text":"ok"}],"details":{"exitCode":0},"isError":false,
        "durationMs":12,"timestamp":4}),
    );
}

#[test]
fn coding_agent_roles_round_trip() {
    round_trip(
        json!({"role":"custom","customType":"note","content":"hi","display":true,
        "details":{"a":1},"timestamp":5}),
    );
    round_trip(
        json!({"role":"bashExecution","command":"ls","output":"a\n","exitCode":0,
        "cancelled":false,"truncated":false,"timestamp":6}),
    );
    round_trip(
        json!({"role":"bashExecution","command":"sleep 9","output":"","exitCode":null,
        "cancelled":true,"truncated":false,"timestamp":6}),
    );
    round_trip(json!({"role":"branchSummary","summary":"s","fromId":null,"timestamp":7}));
    round_trip(json!({"role":"compactionSummary","summary":"s","tokensBefore":100,"timestamp":8}));
}

#[test]
fn unknown_roles_are_kept_verbatim() {
    let value = json!({"role":"notification","text":"x","timestamp":9});
    round_trip(value.clone());
    let message: AgentMessage = serde_json::from_value(value).expect("parses");
    assert_eq!(message.role(), "notification");
}

#[test]
fn malformed_known_role_is_an_error_naming_the_role() {
    let err = serde_json::from_value::<AgentMessage>(json!({"role":"user"})).unwrap_err();
    assert!(err.to_string().contains("invalid user message"), "{err}");
}
