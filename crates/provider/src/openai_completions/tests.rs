//! Unit tests of the request body, the compat rules and the chunk reader.

use super::chunk::{map_finish_reason, parse_usage};
use super::request::build_body;
use super::*;
use crate::transform::transform_messages;
use pretty_assertions::assert_eq;
use serde_json::json;
use tau_protocol::{
    AgentMessage, AssistantMessage, ContentBlock, Model, ThinkingLevel, ToolCall, ToolDeclaration,
    UserMessage,
};

fn model(provider: &str, base_url: &str) -> Model {
    Model {
        id: "m1".into(),
        name: "M1".into(),
        api: API.into(),
        provider: provider.into(),
        base_url: base_url.into(),
        reasoning: false,
        input: vec!["text".into()],
        cost: Default::default(),
        context_window: 128_000,
        max_tokens: 16_384,
        headers: None,
        compat: None,
        thinking_level_map: None,
    }
}

fn body(
    model: &Model,
    messages: &[AgentMessage],
    tools: &[ToolDeclaration],
    level: ThinkingLevel,
) -> Value {
    let compat = Compat::for_model(model);
    let transformed = transform_messages(messages, model, &|id| id.to_owned());
    let input = BodyInput {
        model,
        system_prompt: "sys",
        original: messages,
        messages: &transformed,
        tools,
        thinking_level: level,
        compat: &compat,
        long_cache: false,
        cache_session_id: None,
        no_cache_retention: false,
    };
    let value = build_body(&input).unwrap();
    // What the provider sends: written straight to bytes, with the facts of the original
    // conversation; the same bytes as the value.
    let facts = ContextFacts::of(model, "sys", tools, messages);
    let streamed = encode_body(
        &BodyInput {
            original: &[],
            ..input
        },
        facts,
    )
    .unwrap();
    assert_eq!(
        String::from_utf8(streamed).unwrap(),
        serde_json::to_string(&value).unwrap()
    );
    value
}

fn keys(value: &Value) -> Vec<String> {
    value.as_object().unwrap().keys().cloned().collect()
}

fn user(text: &str) -> AgentMessage {
    AgentMessage::User(UserMessage::text(text))
}

#[test]
fn local_servers_get_pis_default_body() {
    let model = model("ollama", "http://127.0.0.1:11434/v1");
    let body = body(&model, &[user("hi")], &[], ThinkingLevel::High);
    assert_eq!(
        keys(&body),
        [
            "model",
            "messages",
            "stream",
            "stream_options",
            "store",
            "max_completion_tokens"
        ]
    );
    assert_eq!(
        body["messages"],
        json!([{"role": "system", "content": "sys"}, {"role": "user", "content": "hi"}])
    );
}

#[test]
fn openai_reasoning_models_use_the_developer_role_and_effort() {
    let mut model = model("openai", "https://api.openai.com/v1");
    model.reasoning = true;
    let body = body(&model, &[user("hi")], &[], ThinkingLevel::Xhigh);
    assert_eq!(body["messages"][0]["role"], json!("developer"));
    // xhigh is not in the (absent) level map, so it clamps down to high.
    assert_eq!(body["reasoning_effort"], json!("high"));
    let off = super::request::requested_effort(&model, ThinkingLevel::Off);
    assert_eq!(off, None);
}

#[test]
fn non_standard_hosts_drop_store_and_use_max_tokens() {
    let mut model = model("deepseek", "https://api.deepseek.com/v1");
    model.reasoning = true;
    let assistant = AgentMessage::Assistant(AssistantMessage {
        content: vec![ContentBlock::text("ok")],
        api: API.into(),
        provider: "deepseek".into(),
        model: "m1".into(),
        stop_reason: tau_protocol::StopReason::Stop,
        ..AssistantMessage::default()
    });
    let body = body(
        &model,
        &[user("hi"), assistant, user("more")],
        &[],
        ThinkingLevel::Off,
    );
    assert!(body.get("store").is_none());
    assert_eq!(body["max_tokens"], json!(16_384));
    assert_eq!(body["thinking"], json!({"type": "disabled"}));
    // DeepSeek wants reasoning_content on every assistant message of a reasoning model.
    assert_eq!(
        body["messages"][2],
        json!({"role": "assistant", "content": "ok", "reasoning_content": ""})
    );
}

#[test]
fn chat_template_kwargs_for_vllm_and_llama_cpp() {
    let mut model = model("vllm", "http://127.0.0.1:8000/v1");
    model.reasoning = true;
    model.compat = Some(json!({
        "thinkingFormat": "chat-template",
        "chatTemplateKwargs": {
            "enable_thinking": {"$var": "thinking.enabled"},
            "thinking_budget": {"$var": "thinking.budget", "omitWhenOff": true},
            "reasoning_effort": {"omitWhenOff": true},
            "fixed": 1
        },
        "supportsThinkingTokenBudget": true,
        "maxTokensField": "max_tokens",
        "supportsStrictMode": true,
        "requiresToolResultName": true
    }));
    let tools = [ToolDeclaration {
        name: "read".into(),
        description: "d".into(),
        parameters: json!({"type": "object"}),
        constrained_sampling: None,
    }];
    let on = body(&model, &[user("hi")], &tools, ThinkingLevel::Low);
    assert_eq!(
        on["chat_template_kwargs"],
        json!({"enable_thinking": true, "thinking_budget": 2048, "reasoning_effort": "low", "fixed": 1})
    );
    assert_eq!(on["thinking_token_budget"], json!(2048));
    assert_eq!(on["max_tokens"], json!(16_384));
    assert_eq!(on["tools"][0]["function"]["strict"], json!(false));
    assert!(on.get("reasoning_effort").is_none());
    let off = body(&model, &[user("hi")], &tools, ThinkingLevel::Off);
    assert_eq!(
        off["chat_template_kwargs"],
        json!({"enable_thinking": false, "fixed": 1})
    );
    assert!(off.get("thinking_token_budget").is_none());
}

#[test]
fn level_maps_and_other_formats() {
    let mut model = model("openrouter", "https://openrouter.ai/api/v1");
    model.reasoning = true;
    model.thinking_level_map = Some(json!({"minimal": null, "xhigh": "xhigh"}));
    let body_for = |level| body(&model, &[user("hi")], &[], level);
    assert_eq!(
        body_for(ThinkingLevel::Minimal)["reasoning"],
        json!({"effort": "low"})
    );
    assert_eq!(
        body_for(ThinkingLevel::Xhigh)["reasoning"],
        json!({"effort": "xhigh"})
    );
    assert_eq!(
        body_for(ThinkingLevel::Max)["reasoning"],
        json!({"effort": "xhigh"})
    );
    assert_eq!(
        body_for(ThinkingLevel::Off)["reasoning"],
        json!({"effort": "none"})
    );
    let mut zai = model.clone();
    zai.provider = "zai".into();
    zai.base_url = "https://api.z.ai/api/paas/v4".into();
    zai.thinking_level_map = None;
    let zai_body = body(&zai, &[user("hi")], &[], ThinkingLevel::High);
    assert_eq!(
        zai_body["thinking"],
        json!({"type": "enabled", "clear_thinking": false})
    );
    assert!(zai_body.get("reasoning_effort").is_none());
    assert_eq!(zai_body["max_tokens"], json!(16_384));
}

#[test]
fn tool_history_and_bridges_for_picky_servers() {
    let mut model = model("proxy", "http://127.0.0.1:1/v1");
    model.compat = Some(
        json!({"requiresToolsWithToolHistory": true, "requiresAssistantAfterToolResult": true, "requiresToolResultName": true}),
    );
    let call = AgentMessage::Assistant(AssistantMessage {
        content: vec![ContentBlock::ToolCall(ToolCall {
            id: "c1".into(),
            name: "read".into(),
            arguments: json!({"path": "a", "n": 1}),
            thought_signature: None,
            namespace: None,
        })],
        api: API.into(),
        provider: "proxy".into(),
        model: "m1".into(),
        stop_reason: tau_protocol::StopReason::ToolUse,
        ..AssistantMessage::default()
    });
    let result = AgentMessage::ToolResult(tau_protocol::ToolResultMessage {
        tool_call_id: "c1".into(),
        tool_name: "read".into(),
        content: vec![],
        details: None,
        usage: None,
        is_error: false,
        duration_ms: None,
        timestamp: 0,
        extra: Default::default(),
    });
    let body = body(
        &model,
        &[user("go"), call, result, user("next")],
        &[],
        ThinkingLevel::Off,
    );
    assert_eq!(body["tools"], json!([]));
    assert_eq!(
        body["messages"],
        json!([
            {"role": "system", "content": "sys"},
            {"role": "user", "content": "go"},
            {"role": "assistant", "content": "", "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "read", "arguments": "{\"path\":\"a\",\"n\":1}"}}]},
            {"role": "tool", "content": "(no tool output)", "tool_call_id": "c1", "name": "read"},
            {"role": "assistant", "content": "I have processed the tool results."},
            {"role": "user", "content": "next"},
        ])
    );
}

#[test]
fn finish_reasons_and_usage() {
    assert_eq!(
        map_finish_reason("stop"),
        (tau_protocol::StopReason::Stop, None)
    );
    assert_eq!(map_finish_reason("end").0, tau_protocol::StopReason::Stop);
    assert_eq!(
        map_finish_reason("function_call").0,
        tau_protocol::StopReason::ToolUse
    );
    assert_eq!(
        map_finish_reason("weird"),
        (
            tau_protocol::StopReason::Error,
            Some("Provider finish_reason: weird".into())
        )
    );
    let model = model("deepseek", "");
    let usage = parse_usage(
        &json!({"prompt_tokens": 100, "prompt_cache_hit_tokens": 30, "completion_tokens": 7, "reasoning_tokens": 3}),
        &model,
    );
    assert_eq!(
        (
            usage.input,
            usage.cache_read,
            usage.output,
            usage.reasoning,
            usage.total_tokens
        ),
        (70, 30, 7, Some(3), 107)
    );
}

#[test]
fn chunks_match_tool_calls_by_id_and_fill_late_names() {
    let model = model("p", "");
    let mut reader = ChunkReader::new(AssistantMessageBuilder::new(&model), model.clone());
    let mut events = vec![reader.start()];
    events.extend(reader.chunk(&json!({"id": "r1", "model": "m1-2025", "choices": [{"delta": {"tool_calls": [{"id": "t1", "function": {"arguments": "{\"a\""}}]}}]})));
    events.extend(reader.chunk(&json!({"choices": [{"delta": {"tool_calls": [{"id": "t1", "function": {"name": "grep", "arguments": ":1}"}}]}, "usage": {"prompt_tokens": 5, "completion_tokens": 2}}]})));
    events
        .extend(reader.chunk(&json!({"choices": [{"delta": {}, "finish_reason": "tool_calls"}]})));
    events.extend(reader.finish(false, true));
    let Some(AssistantMessageEvent::Done { message, .. }) = events.last() else {
        panic!("{events:?}")
    };
    let call = message.tool_calls().next().unwrap();
    assert_eq!(
        (call.id.as_str(), call.name.as_str(), &call.arguments),
        ("t1", "grep", &json!({"a": 1}))
    );
    assert_eq!(message.response_model.as_deref(), Some("m1-2025"));
    assert_eq!(message.usage.total_tokens, 7);
    assert_eq!(events.len(), 6, "{events:?}");
}

#[test]
fn servers_without_finish_reason_get_an_inferred_stop() {
    let model = model("p", "");
    let mut reader = ChunkReader::new(AssistantMessageBuilder::new(&model), model.clone());
    reader.chunk(&json!({"choices": [{"delta": {"content": "hi"}}]}));
    let events = reader.finish(false, false);
    assert!(matches!(
        events.last(),
        Some(AssistantMessageEvent::Done {
            reason: tau_protocol::StopReason::Stop,
            ..
        })
    ));
}

#[test]
fn reasoning_details_become_the_thinking_signature() {
    let model = model("openrouter", "");
    let mut reader = ChunkReader::new(AssistantMessageBuilder::new(&model), model.clone());
    reader.chunk(&json!({"choices": [{"delta": {"reasoning": "Hm", "reasoning_details": [{"type": "reasoning.text", "text": "Hm"}]}}]}));
    reader.chunk(&json!({"choices": [{"delta": {"content": "Yes"}, "finish_reason": "stop"}]}));
    let events = reader.finish(false, true);
    let Some(AssistantMessageEvent::Done { message, .. }) = events.last() else {
        panic!()
    };
    assert_eq!(
        message.content[0],
        ContentBlock::Thinking {
            thinking: "Hm".into(),
            thinking_signature: Some(r#"[{"type":"reasoning.text","text":"Hm"}]"#.into()),
            redacted: None,
        }
    );
    // Replayed as reasoning_details, not as a raw field.
    let replay = messages::convert_messages(
        &model,
        "",
        &[AgentMessage::Assistant(message.clone())],
        &Compat::for_model(&model),
    );
    assert_eq!(
        replay,
        [
            json!({"role": "assistant", "content": "Yes", "reasoning_details": [{"type": "reasoning.text", "text": "Hm"}]})
        ]
    );
}

#[test]
fn stream_errors_use_the_message_or_the_json() {
    let error = stream_error(
        None,
        &json!({"error": {"message": "Overloaded", "type": "overloaded_error"}}),
    )
    .unwrap();
    assert_eq!(error.to_string(), "Overloaded");
    let error = stream_error(Some("error"), &json!({"code": 1})).unwrap();
    assert_eq!(error.to_string(), r#"{"code":1}"#);
    assert!(stream_error(None, &json!({"choices": []})).is_none());
}

#[test]
fn tool_call_ids_from_other_apis_are_normalized() {
    assert_eq!(normalize_tool_call_id("call_1|fc_2", "x"), "call_1_fc_2");
    let long = format!("call_abc|{}", "x+/=".repeat(100));
    let normalized = normalize_tool_call_id(&long, "x");
    // Too long even sanitised: the call id plus a hash of the whole id, as pi-ai does.
    assert_eq!(normalized.len(), "call_abc_".len() + 8);
    assert!(normalized.starts_with("call_abc_"));
    assert_ne!(normalized, normalize_tool_call_id("call_abc|other", "x"));
    assert_eq!(normalize_tool_call_id(&"a".repeat(50), "openai").len(), 40);
    assert_eq!(normalize_tool_call_id(&"a".repeat(50), "other").len(), 50);
}

#[test]
fn strict_tools_only_where_the_server_supports_them() {
    let tool = ToolDeclaration {
        name: "read".into(),
        description: "d".into(),
        parameters: json!({"type": "object", "required": ["path"], "properties": {"path": {"type": "string"}, "limit": {"type": "number"}}}),
        constrained_sampling: Some(json!({"type": "json_schema", "strict": "prefer"})),
    };
    let plain = model("local", "http://127.0.0.1:1/v1");
    let body_plain = body(
        &plain,
        &[user("hi")],
        std::slice::from_ref(&tool),
        ThinkingLevel::Off,
    );
    assert_eq!(body_plain["tools"][0]["function"].get("strict"), None);
    assert_eq!(
        body_plain["tools"][0]["function"]["parameters"],
        tool.parameters
    );
    let mut strict = plain;
    strict.compat = Some(json!({"supportsStrictMode": true}));
    let body_strict = body(
        &strict,
        &[user("hi")],
        std::slice::from_ref(&tool),
        ThinkingLevel::Off,
    );
    assert_eq!(body_strict["tools"][0]["function"]["strict"], json!(true));
    assert_eq!(
        body_strict["tools"][0]["function"]["parameters"],
        json!({"type": "object", "required": ["path", "limit"], "properties": {"path": {"type": "string"}, "limit": {"anyOf": [{"type": "number"}, {"type": "null"}]}}, "additionalProperties": false})
    );
}

/// Recorded from pi-ai 1.6.0 with `PI_CACHE_RETENTION=long`: OpenRouter's Claude gets
/// `prompt_cache_retention` and one-hour markers; Together (no long retention) gets neither.
#[test]
fn long_cache_retention_where_the_server_supports_it() {
    let long_body = |model: &Model| {
        let compat = Compat::for_model(model);
        let messages = vec![user("hi")];
        build_body(&BodyInput {
            model,
            system_prompt: "S",
            original: &messages,
            messages: &messages,
            tools: &[],
            thinking_level: ThinkingLevel::Off,
            compat: &compat,
            long_cache: true,
            cache_session_id: None,
            no_cache_retention: false,
        })
        .unwrap()
    };
    let mut claude = model("openrouter", "https://openrouter.ai/api/v1");
    claude.id = "anthropic/claude-sonnet-4".into();
    claude.reasoning = false;
    claude.max_tokens = 1000;
    let body = long_body(&claude);
    assert_eq!(
        body.to_string(),
        json!({"model": "anthropic/claude-sonnet-4", "messages": [
            {"role": "system", "content": [{"type": "text", "text": "S", "cache_control": {"type": "ephemeral", "ttl": "1h"}}]},
            {"role": "user", "content": [{"type": "text", "text": "hi", "cache_control": {"type": "ephemeral", "ttl": "1h"}}]}],
            "stream": true, "prompt_cache_retention": "24h", "stream_options": {"include_usage": true},
            "store": false, "max_completion_tokens": 1000})
        .to_string()
    );
    let mut together = claude;
    together.provider = "together".into();
    together.base_url = "https://api.together.xyz/v1".into();
    together.compat = Some(json!({"cacheControlFormat": "anthropic"}));
    let body = long_body(&together);
    assert_eq!(body.get("prompt_cache_retention"), None);
    assert_eq!(
        body["messages"][0]["content"][0]["cache_control"],
        json!({"type": "ephemeral"})
    );
    // The flag overrides the detection both ways.
    together.compat =
        Some(json!({"cacheControlFormat": "anthropic", "supportsLongCacheRetention": true}));
    assert_eq!(long_body(&together)["prompt_cache_retention"], "24h");
}
