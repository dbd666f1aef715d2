//! The ConverseStream request, in two shapes. [`build_payload`] makes what pi-ai hands its
//! `onPayload` hook: the AWS SDK's command input (`modelId`, `messages`, `system`,
//! `inferenceConfig`, `toolConfig`, `additionalModelRequestFields`). [`to_wire`] makes the
//! JSON body the SDK sends: `modelId` moves to the URL, members go in the SDK's schema
//! order, and members the schema does not know are dropped, as the SDK drops them.
//!
//! Content follows pi-ai: blank texts are left out (a message left empty says `<empty>`),
//! images go as bytes (base64 on the wire; the hook sees base64 too, where pi-ai's hook sees
//! a byte array), consecutive tool results share one user message, Claude's error-result
//! images follow the results with a caption, thinking replays as `reasoningContent` (signed
//! for Claude, as plain text when a Claude signature is missing), and Claude models that
//! cache get `cachePoint` blocks after the system prompt and the last user message.

use std::borrow::Borrow;

use base64::Engine;
use serde_json::{json, Map, Value};
use tau_protocol::{
    AgentMessage, ContentBlock, Model, ThinkingLevel, ToolDeclaration, ToolResultMessage,
    UserContent,
};

use crate::anthropic::messages::without_images;
use crate::estimate::clamp_max_tokens_to_context;
use crate::models::clamp_thinking;
use crate::strict_schema::{make_strict, resolve_strict};

/// Stands in for a message whose text is all blank (Bedrock rejects empty content).
const EMPTY_TEXT: &str = "<empty>";
/// The beta that lets budget-based Claude models think between tool calls.
const INTERLEAVED_THINKING_BETA: &str = "interleaved-thinking-2025-05-14";
/// The beta that drops replayed thinking bound to a changed prompt.
const BINDING_CONTROLS_BETA: &str = "thinking-binding-controls-2026-08-01";
/// What redacted reasoning reads as.
pub const REDACTED_THINKING: &str = "[Reasoning redacted]";
/// Minimum answer room kept beside a thinking budget.
const MIN_ANSWER_TOKENS: u64 = 1024;

/// What the payload is built from.
pub struct PayloadInput<'a, M> {
    /// The model asked.
    pub model: &'a Model,
    /// System prompt.
    pub system_prompt: &'a str,
    /// The conversation as the user wrote it (for the output-token budget).
    pub original: &'a [M],
    /// The conversation after [`crate::transform::transform_messages`].
    pub messages: &'a [M],
    /// Tools offered.
    pub tools: &'a [ToolDeclaration],
    /// Requested reasoning level.
    pub thinking_level: ThinkingLevel,
    /// The region the request goes to (GovCloud takes no `thinking.display`).
    pub region: &'a str,
    /// Reads an environment variable (`PI_CACHE_RETENTION`, `AWS_BEDROCK_FORCE_CACHE`).
    pub env: &'a dyn Fn(&str) -> Option<String>,
    /// Pi's `cacheRetention: "none"` (its compaction summaries): no cache points.
    pub no_cache_retention: bool,
}

/// pi-ai's command input; fails (with Pi's text) on an image type Bedrock does not take or
/// a tool that requires strict sampling the model is not configured for.
pub fn build_payload<M: Borrow<AgentMessage>>(
    input: &PayloadInput<'_, M>,
) -> Result<Value, String> {
    let model = input.model;
    let retention = cache_retention(input.env).filter(|_| !input.no_cache_retention);
    let caching = retention.is_some() && supports_prompt_caching(model, input.env);
    let cache_point = || {
        let mut point = json!({"type": "default"});
        if retention == Some("long") {
            point["ttl"] = json!("1h");
        }
        json!({"cachePoint": point})
    };
    let level = match input.thinking_level {
        ThinkingLevel::Off => None,
        level if model.reasoning => {
            Some(clamp_thinking(model, level)).filter(|level| *level != ThinkingLevel::Off)
        }
        _ => None,
    };
    let base_max = clamp_max_tokens_to_context(
        model.context_window,
        input.system_prompt,
        input.tools,
        input.original,
        model.max_tokens,
    );
    // Budget-based Claude thinking shares the output ceiling with the answer.
    let (max_tokens, budget) = match level {
        Some(level) if is_claude(model) && !supports_adaptive_thinking(model) => {
            let budget = default_budget(level);
            let max = (base_max + budget).min(model.max_tokens);
            let budget = if max <= budget {
                budget.min(max.saturating_sub(MIN_ANSWER_TOKENS))
            } else {
                budget
            };
            let max = clamp_max_tokens_to_context(
                model.context_window,
                input.system_prompt,
                input.tools,
                input.original,
                max,
            );
            (max, Some(budget.min(max.saturating_sub(MIN_ANSWER_TOKENS))))
        }
        _ => (base_max, None),
    };

    let mut messages = convert_messages(input.messages, model)?;
    if caching {
        if let Some(last) = messages.last_mut() {
            if last["role"] == "user" {
                if let Some(Value::Array(content)) = last.get_mut("content") {
                    content.push(cache_point());
                }
            }
        }
    }
    let mut payload = Map::new();
    payload.insert("modelId".into(), json!(model.id));
    payload.insert("messages".into(), Value::Array(messages));
    if !input.system_prompt.is_empty() {
        let mut system = vec![json!({"text": input.system_prompt})];
        if caching {
            system.push(cache_point());
        }
        payload.insert("system".into(), Value::Array(system));
    }
    payload.insert("inferenceConfig".into(), json!({"maxTokens": max_tokens}));
    if !input.tools.is_empty() {
        payload.insert("toolConfig".into(), tool_config(model, input.tools)?);
    }
    if let Some(level) = level {
        if let Some(fields) = additional_fields(model, level, budget, input.region) {
            payload.insert("additionalModelRequestFields".into(), fields);
        }
    }
    Ok(Value::Object(payload))
}

/// `short` (the default), `long` under `PI_CACHE_RETENTION=long` (`none` is the request's
/// own option).
fn cache_retention(env: &dyn Fn(&str) -> Option<String>) -> Option<&'static str> {
    if env("PI_CACHE_RETENTION").as_deref() == Some("long") {
        Some("long")
    } else {
        Some("short")
    }
}

fn default_budget(level: ThinkingLevel) -> u64 {
    match level {
        ThinkingLevel::Off | ThinkingLevel::Minimal => 1024,
        ThinkingLevel::Low => 2048,
        ThinkingLevel::Medium => 8192,
        ThinkingLevel::High | ThinkingLevel::Xhigh | ThinkingLevel::Max => 16384,
    }
}

fn tool_config(model: &Model, tools: &[ToolDeclaration]) -> Result<Value, String> {
    let supports_strict = model
        .compat
        .as_ref()
        .and_then(|compat| compat.get("supportsStrictMode"))
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let mut specs = Vec::with_capacity(tools.len());
    for tool in tools {
        let strict = resolve_strict(tool, supports_strict)? == Some(true);
        let schema = if strict {
            make_strict(&tool.parameters)?
        } else {
            tool.parameters.clone()
        };
        let mut spec = json!({"name": tool.name, "description": tool.description,
            "inputSchema": {"json": schema}});
        if strict {
            spec["strict"] = json!(true);
        }
        specs.push(json!({"toolSpec": spec}));
    }
    Ok(json!({"tools": specs}))
}

/// Reasoning as pi-ai asks for it: Claude's `thinking` (adaptive with an effort on newer
/// models, a token budget on older ones), `reasoning_effort` for gpt-oss, `reasoning.effort`
/// for GPT models; other models get nothing.
fn additional_fields(
    model: &Model,
    level: ThinkingLevel,
    budget: Option<u64>,
    region: &str,
) -> Option<Value> {
    if is_claude(model) {
        let gov_cloud = region.to_ascii_lowercase().starts_with("us-gov-") || {
            let id = model.id.to_ascii_lowercase();
            id.starts_with("us-gov.") || id.starts_with("arn:aws-us-gov:")
        };
        let mut thinking = Map::new();
        if supports_adaptive_thinking(model) {
            let binding = !gov_cloud && matches_any(model, &NEWEST_CLAUDE);
            thinking.insert("type".into(), json!("adaptive"));
            if !gov_cloud {
                thinking.insert("display".into(), json!("summarized"));
            }
            if binding {
                thinking.insert(
                    "block_binding".into(),
                    json!({"prefix_mismatch_behavior": "drop_block"}),
                );
            }
            let mut fields = json!({"thinking": thinking,
                "output_config": {"effort": adaptive_effort(model, level)}});
            if binding {
                fields["anthropic_beta"] = json!([BINDING_CONTROLS_BETA]);
            }
            return Some(fields);
        }
        thinking.insert("type".into(), json!("enabled"));
        thinking.insert(
            "budget_tokens".into(),
            json!(budget.unwrap_or_else(|| default_budget(level))),
        );
        if !gov_cloud {
            thinking.insert("display".into(), json!("summarized"));
        }
        return Some(json!({"thinking": thinking,
            "anthropic_beta": [INTERLEAVED_THINKING_BETA]}));
    }
    let candidates = match_candidates(model);
    if candidates.iter().any(|name| name.contains("gpt-oss")) {
        let effort = match level {
            ThinkingLevel::Medium => "medium",
            ThinkingLevel::High | ThinkingLevel::Xhigh | ThinkingLevel::Max => "high",
            _ => "low",
        };
        return Some(json!({"reasoning_effort": effort}));
    }
    if candidates.iter().any(|name| name.contains("gpt-")) {
        let mapped = model
            .thinking_level_map
            .as_ref()
            .and_then(|map| map.get(level.as_str()))
            .and_then(Value::as_str)
            .map(str::to_owned);
        let effort = mapped.unwrap_or_else(|| {
            match level {
                ThinkingLevel::Off | ThinkingLevel::Minimal => "low",
                other => other.as_str(),
            }
            .to_owned()
        });
        return Some(json!({"reasoning": {"effort": effort}}));
    }
    None
}

/// Claude models whose effort takes `xhigh` and whose thinking takes `block_binding`.
const NEWEST_CLAUDE: [&str; 6] = [
    "opus-4-7", "opus-4-8", "opus-5", "sonnet-5", "haiku-5", "fable-5",
];

fn adaptive_effort(model: &Model, level: ThinkingLevel) -> String {
    if level == ThinkingLevel::Xhigh && matches_any(model, &NEWEST_CLAUDE) {
        return "xhigh".into();
    }
    if let Some(mapped) = model
        .thinking_level_map
        .as_ref()
        .and_then(|map| map.get(level.as_str()))
        .and_then(Value::as_str)
    {
        return mapped.to_owned();
    }
    match level {
        ThinkingLevel::Minimal | ThinkingLevel::Low => "low",
        ThinkingLevel::Medium => "medium",
        _ => "high",
    }
    .into()
}

/// The model's id and name, lower-cased, each also with spaces, `_`, `.` and `:` as `-`.
fn match_candidates(model: &Model) -> Vec<String> {
    let mut values = vec![model.id.as_str()];
    if !model.name.is_empty() {
        values.push(model.name.as_str());
    }
    values
        .into_iter()
        .flat_map(|value| {
            let lower = value.to_lowercase();
            let mut dashed = String::with_capacity(lower.len());
            let mut in_run = false;
            for c in lower.chars() {
                if c.is_whitespace() || matches!(c, '_' | '.' | ':') {
                    if !in_run {
                        dashed.push('-');
                    }
                    in_run = true;
                } else {
                    dashed.push(c);
                    in_run = false;
                }
            }
            [lower, dashed]
        })
        .collect()
}

fn matches_any(model: &Model, needles: &[&str]) -> bool {
    match_candidates(model)
        .iter()
        .any(|name| needles.iter().any(|needle| name.contains(needle)))
}

/// Claude on Bedrock, by id or (for inference profiles) by name.
pub fn is_claude(model: &Model) -> bool {
    let id = model.id.to_lowercase();
    let name = model.name.to_lowercase();
    id.contains("anthropic.claude")
        || id.contains("anthropic/claude")
        || name.contains("anthropic.claude")
        || name.contains("anthropic/claude")
        || name.contains("claude")
}

fn supports_adaptive_thinking(model: &Model) -> bool {
    matches_any(
        model,
        &[
            "opus-4-6",
            "opus-4-7",
            "opus-4-8",
            "opus-5",
            "sonnet-4-6",
            "sonnet-5",
            "haiku-5",
            "fable-5",
        ],
    )
}

/// Claude 3.5 Haiku, 3.7 Sonnet, 4.x and 5 take cache points; other models only when
/// `AWS_BEDROCK_FORCE_CACHE=1` (application inference profiles hide the model name).
fn supports_prompt_caching(model: &Model, env: &dyn Fn(&str) -> Option<String>) -> bool {
    let candidates = match_candidates(model);
    if !candidates.iter().any(|name| name.contains("claude")) {
        return env("AWS_BEDROCK_FORCE_CACHE").as_deref() == Some("1");
    }
    candidates.iter().any(|name| {
        [
            "fable-5",
            "opus-5",
            "sonnet-5",
            "haiku-5",
            "-4-",
            "claude-3-7-sonnet",
            "claude-3-5-haiku",
        ]
        .iter()
        .any(|needle| name.contains(needle))
    })
}

/// Tool-call ids Bedrock takes: letters, digits, `_` and `-`, at most 64.
pub fn normalize_tool_call_id(id: &str) -> String {
    id.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .take(64)
        .collect()
}

fn text_block(text: &str) -> Option<Value> {
    (!text.trim().is_empty()).then(|| json!({"text": text}))
}

fn image_block(mime_type: &str, data: &str) -> Result<Value, String> {
    let format = match mime_type {
        "image/jpeg" | "image/jpg" => "jpeg",
        "image/png" => "png",
        "image/gif" => "gif",
        "image/webp" => "webp",
        other => return Err(format!("Unknown image type: {other}")),
    };
    Ok(json!({"image": {"source": {"bytes": data}, "format": format}}))
}

fn convert_messages<M: Borrow<AgentMessage>>(
    messages: &[M],
    model: &Model,
) -> Result<Vec<Value>, String> {
    let mut out = Vec::new();
    let mut index = 0;
    while index < messages.len() {
        match messages[index].borrow() {
            AgentMessage::User(user) => {
                let mut content = Vec::new();
                match &user.content {
                    UserContent::Text(text) => {
                        content
                            .push(text_block(text).unwrap_or_else(|| json!({"text": EMPTY_TEXT})));
                    }
                    UserContent::Blocks(blocks) => {
                        for block in blocks {
                            match block {
                                ContentBlock::Text { text, .. } => content.extend(text_block(text)),
                                ContentBlock::Image { data, mime_type } => {
                                    content.push(image_block(mime_type, data)?);
                                }
                                _ => {}
                            }
                        }
                        if content.is_empty() {
                            content.push(json!({"text": EMPTY_TEXT}));
                        }
                    }
                }
                out.push(json!({"role": "user", "content": content}));
            }
            AgentMessage::Assistant(assistant) => {
                let blocks = assistant_blocks(&assistant.content, model);
                if !blocks.is_empty() {
                    out.push(json!({"role": "assistant", "content": blocks}));
                }
            }
            AgentMessage::ToolResult(_) => {
                let mut results = Vec::new();
                let mut images = Vec::new();
                while let Some(AgentMessage::ToolResult(result)) =
                    messages.get(index).map(Borrow::borrow)
                {
                    results.push(tool_result(result, model, &mut images)?);
                    index += 1;
                }
                results.append(&mut images);
                out.push(json!({"role": "user", "content": results}));
                continue;
            }
            _ => {}
        }
        index += 1;
    }
    Ok(out)
}

fn assistant_blocks(content: &[ContentBlock], model: &Model) -> Vec<Value> {
    let mut blocks = Vec::new();
    for block in content {
        match block {
            ContentBlock::Text { text, .. } => blocks.extend(text_block(text)),
            ContentBlock::ToolCall(call) => blocks.push(json!({"toolUse": {
                "toolUseId": call.id, "name": call.name,
                "input": without_empty_keys(&call.arguments)}})),
            ContentBlock::Thinking {
                thinking,
                thinking_signature,
                redacted,
            } => {
                let signature = thinking_signature.as_deref().unwrap_or_default();
                if redacted == &Some(true) {
                    // Encrypted reasoning replays as the stored bytes; a signature that is not
                    // base64 drops the block rather than the request.
                    let valid = base64::engine::general_purpose::STANDARD
                        .decode(signature)
                        .is_ok_and(|bytes| !bytes.is_empty());
                    if valid {
                        blocks.push(json!({"reasoningContent": {"redactedContent": signature}}));
                    }
                    continue;
                }
                if thinking.trim().is_empty() {
                    continue;
                }
                if !is_claude(model) {
                    blocks.push(json!({"reasoningContent": {"reasoningText": {"text": thinking}}}));
                } else if signature.trim().is_empty() {
                    blocks.push(json!({"text": thinking}));
                } else {
                    blocks.push(json!({"reasoningContent": {"reasoningText": {
                        "text": thinking, "signature": signature}}}));
                }
            }
            ContentBlock::Image { .. } => {}
        }
    }
    blocks
}

fn tool_result(
    result: &ToolResultMessage,
    model: &Model,
    images: &mut Vec<Value>,
) -> Result<Value, String> {
    let has_images = result
        .content
        .iter()
        .any(|block| matches!(block, ContentBlock::Image { .. }));
    let split = result.is_error && has_images && is_claude(model);
    let content_blocks = if split {
        images.push(json!({"text": format!(
            "Images from the error result of tool call {} ({}):",
            result.tool_call_id, result.tool_name
        )}));
        for block in &result.content {
            if let ContentBlock::Image { data, mime_type } = block {
                images.push(image_block(mime_type, data)?);
            }
        }
        without_images(&result.content)
    } else {
        result.content.clone()
    };
    let mut content = Vec::new();
    for block in &content_blocks {
        match block {
            ContentBlock::Image { data, mime_type } => content.push(image_block(mime_type, data)?),
            ContentBlock::Text { text, .. } => content.extend(text_block(text)),
            _ => {}
        }
    }
    if content.is_empty() {
        content.push(json!({"text": EMPTY_TEXT}));
    }
    let status = if result.is_error { "error" } else { "success" };
    Ok(
        json!({"toolResult": {"toolUseId": result.tool_call_id, "content": content,
        "status": status}}),
    )
}

/// Tool arguments as a Bedrock document: object keys that are empty strings removed.
fn without_empty_keys(value: &Value) -> Value {
    match value {
        Value::Array(items) => Value::Array(items.iter().map(without_empty_keys).collect()),
        Value::Object(fields) => Value::Object(
            fields
                .iter()
                .filter(|(key, _)| !key.is_empty())
                .map(|(key, value)| (key.clone(), without_empty_keys(value)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// The body the SDK sends for a (possibly hook-edited) command input: `modelId` removed,
/// members in schema order, unknown members dropped.
pub fn to_wire(payload: &Value) -> Value {
    const TOP: [&str; 12] = [
        "messages",
        "system",
        "inferenceConfig",
        "toolConfig",
        "guardrailConfig",
        "additionalModelRequestFields",
        "promptVariables",
        "additionalModelResponseFieldPaths",
        "requestMetadata",
        "performanceConfig",
        "serviceTier",
        "outputConfig",
    ];
    let mut wire = ordered(payload, &TOP);
    if let Some(Value::Array(messages)) = wire.get_mut("messages") {
        for message in messages.iter_mut() {
            *message = Value::Object(ordered(message, &["role", "content"]));
            if let Some(Value::Array(blocks)) = message.get_mut("content") {
                blocks.iter_mut().for_each(order_block);
            }
        }
    }
    if let Some(Value::Array(tools)) = wire
        .get_mut("toolConfig")
        .and_then(|config| config.get_mut("tools"))
    {
        for tool in tools.iter_mut() {
            if let Some(spec) = tool.get_mut("toolSpec") {
                *spec = Value::Object(ordered(
                    spec,
                    &["name", "inputSchema", "description", "strict"],
                ));
            }
        }
    }
    if let Some(config) = wire.get_mut("inferenceConfig") {
        *config = Value::Object(ordered(
            config,
            &["maxTokens", "temperature", "topP", "stopSequences"],
        ));
    }
    Value::Object(wire)
}

/// A content block's nested members in schema order (images: `format`, then `source`).
fn order_block(block: &mut Value) {
    if let Some(image) = block.get_mut("image") {
        *image = Value::Object(ordered(image, &["format", "source", "error"]));
    }
    if let Some(Value::Object(result)) = block.get_mut("toolResult") {
        if let Some(Value::Array(content)) = result.get_mut("content") {
            content.iter_mut().for_each(order_block);
        }
    }
    if let Some(tool_use) = block.get_mut("toolUse") {
        *tool_use = Value::Object(ordered(tool_use, &["toolUseId", "name", "input", "type"]));
    }
}

/// The members of `value` named in `order`, in that order.
fn ordered(value: &Value, order: &[&str]) -> Map<String, Value> {
    order
        .iter()
        .filter_map(|key| {
            value
                .get(*key)
                .filter(|v| !v.is_null())
                .map(|v| ((*key).to_owned(), v.clone()))
        })
        .collect()
}
