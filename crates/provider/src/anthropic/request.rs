//! The Messages request body (pi-ai `streamSimple` + `buildParams`), keys in Pi's order:
//! `model, messages, max_tokens, stream, system, tools, thinking, output_config, fallbacks`.
//! The beta features go in the `anthropic-beta` header (the SDK moves `betas` there).
//!
//! Thinking follows the model: budget-based (`{"type":"enabled","budget_tokens":…}`, the
//! budget taken out of `max_tokens`) for older models, adaptive with an effort level for
//! `forceAdaptiveThinking` models, and per-reply effort markers for
//! `supportsMidConvoEffort` models. Prompt caching marks the system prompt, the last tool
//! and the last user message (see [`super::messages`]).

use serde_json::{json, Map, Value};
use tau_protocol::{AgentMessage, Model, ThinkingLevel, ToolDeclaration};

use super::compat::Compat;
use super::messages::{convert_messages, insert_effort_markers};
use super::tools::convert_tools;
use crate::estimate::clamp_max_tokens_to_context;

/// Tokens always left for the answer when a thinking budget shares `max_tokens`.
const MIN_ANSWER_TOKENS: u64 = 1024;
/// The system prompt Anthropic requires before any other with a Claude subscription token.
pub const CLAUDE_CODE_IDENTITY: &str = "You are Claude Code, Anthropic's official CLI for Claude.";

const FINE_GRAINED_TOOL_STREAMING_BETA: &str = "fine-grained-tool-streaming-2025-05-14";
const INTERLEAVED_THINKING_BETA: &str = "interleaved-thinking-2025-05-14";
const SERVER_SIDE_FALLBACK_BETA: &str = "server-side-fallback-2026-07-01";
const MID_CONVERSATION_OUTPUT_CONFIG_BETA: &str = "mid-conversation-output-config-2026-07-01";
const THINKING_BINDING_CONTROLS_BETA: &str = "thinking-binding-controls-2026-08-01";
const INLINE_TOOLS_BETA: &str = "inline-tools-2026-09-15";

/// What the body is built from.
pub struct BodyInput<'a> {
    /// The model asked.
    pub model: &'a Model,
    /// Its compat settings.
    pub compat: &'a Compat,
    /// System prompt.
    pub system_prompt: &'a str,
    /// The conversation as stored (for the token estimate).
    pub original: &'a [AgentMessage],
    /// The conversation after [`crate::transform::transform_messages`].
    pub messages: &'a [AgentMessage],
    /// Tools offered.
    pub tools: &'a [ToolDeclaration],
    /// Requested reasoning level.
    pub thinking_level: ThinkingLevel,
    /// A Claude subscription (OAuth) token: Claude Code's identity and tool names.
    pub is_oauth: bool,
    /// Headers of the provider configuration, checked for an `anthropic-beta` override.
    pub extra_headers: &'a [(String, String)],
    /// Send `strict: "prefer"` tools non-strict (Anthropic rejected them for size before).
    pub disable_preferred_strict: bool,
    /// Pi's `cacheRetention: "none"`: no `cache_control` markers.
    pub no_cache_retention: bool,
}

/// The built request.
#[derive(Debug, Clone, PartialEq)]
pub struct Body {
    /// The JSON body.
    pub json: Value,
    /// Beta features for the `anthropic-beta` header.
    pub betas: Vec<String>,
    /// Some tool preferring strict sampling was sent strict (a size rejection can drop it).
    pub has_preferred_strict_tools: bool,
    /// The effort this reply runs at, for models with per-reply effort markers.
    pub provider_thinking_level: Option<String>,
}

/// How the reply may think and how long it may be (pi-ai `streamSimple`).
#[derive(Debug, Clone, PartialEq)]
struct Plan {
    max_tokens: u64,
    thinking_enabled: bool,
    budget: u64,
    effort: Option<String>,
}

/// Builds the body; fails (with Pi's text) only when a tool requires strict sampling that
/// cannot be had.
pub fn build_body(input: &BodyInput<'_>) -> Result<Body, String> {
    let BodyInput { model, compat, .. } = *input;
    let plan = plan(input);
    let cache_control = cache_control(compat).filter(|_| !input.no_cache_retention);
    let off_is_null = model
        .thinking_level_map
        .as_ref()
        .and_then(|map| map.get("off"))
        .is_some_and(Value::is_null);
    let thinking_disabled = model.reasoning && !plan.thinking_enabled && !off_is_null;
    let effort_messages = compat.supports_mid_convo_effort && !thinking_disabled;
    let native_tool_changes = compat.supports_mid_convo_system_messages
        && compat.supports_mid_convo_tool_changes
        && !input.tools.is_empty();
    let managed_provider = effort_messages.then_some(model.provider.as_str());
    let converted = convert_messages(
        input.messages,
        input.is_oauth,
        cache_control.as_ref(),
        compat.allow_empty_signature,
        managed_provider,
    );
    let active_effort = plan.effort.clone().unwrap_or_else(|| "high".to_owned());
    let messages = if effort_messages {
        insert_effort_markers(converted, &active_effort)
    } else {
        converted.messages
    };
    let mut body = Map::new();
    body.insert("model".into(), json!(model.id));
    body.insert("messages".into(), Value::Array(messages));
    body.insert("max_tokens".into(), json!(plan.max_tokens));
    body.insert("stream".into(), json!(true));
    if let Some(system) = system_blocks(input, cache_control.as_ref()) {
        body.insert("system".into(), system);
    }
    let tool_cache = cache_control
        .as_ref()
        .filter(|_| compat.supports_cache_control_on_tools);
    let (mut tools, has_preferred_strict_tools) = convert_tools(input, tool_cache)?;
    if native_tool_changes {
        // A never-active deferred tool keeps Anthropic's scaffolding for later tool changes in
        // the cached prefix from the first request on.
        tools.push(json!({
            "name": "__pi_deferred_placeholder__",
            "description": "Reserved placeholder. Never available. Never call this.",
            "input_schema": {"type": "object", "properties": {}, "required": []},
            "defer_loading": true,
        }));
    }
    if !tools.is_empty() {
        body.insert("tools".into(), Value::Array(tools));
    }
    if thinking_disabled {
        body.insert("thinking".into(), json!({"type": "disabled"}));
    } else if effort_messages {
        body.insert(
            "thinking".into(),
            json!({"type": "adaptive", "display": "summarized",
                "block_binding": {"prefix_mismatch_behavior": "drop_block"}}),
        );
        // The top-level effort is part of the cached prompt, so it stays fixed and low (an
        // organisation may cap effort); the markers set each reply's level.
        body.insert("output_config".into(), json!({"effort": "low"}));
    } else if model.reasoning && plan.thinking_enabled {
        if compat.force_adaptive_thinking {
            body.insert(
                "thinking".into(),
                json!({"type": "adaptive", "display": "summarized"}),
            );
            if let Some(effort) = &plan.effort {
                body.insert("output_config".into(), json!({"effort": effort}));
            }
        } else {
            let budget = if plan.budget == 0 { 1024 } else { plan.budget };
            body.insert(
                "thinking".into(),
                json!({"type": "enabled", "budget_tokens": budget, "display": "summarized"}),
            );
        }
    }
    if !compat.allowed_fallback_models.is_empty() {
        let fallbacks: Vec<Value> = compat
            .allowed_fallback_models
            .iter()
            .map(|fallback| json!({"model": fallback.model}))
            .collect();
        body.insert("fallbacks".into(), Value::Array(fallbacks));
    }
    let betas = betas(input, &plan, native_tool_changes);
    Ok(Body {
        json: Value::Object(body),
        betas,
        has_preferred_strict_tools,
        provider_thinking_level: effort_messages.then_some(active_effort),
    })
}

fn plan(input: &BodyInput<'_>) -> Plan {
    let model = input.model;
    let clamp = |max_tokens| {
        clamp_max_tokens_to_context(
            model.context_window,
            input.system_prompt,
            input.tools,
            input.original,
            max_tokens,
        )
    };
    let base = clamp(model.max_tokens);
    let level = crate::models::clamp_thinking(model, input.thinking_level);
    if level == ThinkingLevel::Off {
        return Plan {
            max_tokens: base,
            thinking_enabled: false,
            budget: 0,
            effort: None,
        };
    }
    if input.compat.force_adaptive_thinking {
        return Plan {
            max_tokens: base,
            thinking_enabled: true,
            budget: 0,
            effort: Some(effort_for(model, level)),
        };
    }
    let mut budget = thinking_budget(level);
    let max_tokens = (base + budget).min(model.max_tokens);
    if max_tokens <= budget {
        budget = budget.min(max_tokens.saturating_sub(MIN_ANSWER_TOKENS));
    }
    let max_tokens = clamp(max_tokens);
    Plan {
        max_tokens,
        thinking_enabled: true,
        budget: budget.min(max_tokens.saturating_sub(MIN_ANSWER_TOKENS)),
        effort: None,
    }
}

/// Pi's default thinking budgets; `xhigh` and `max` use `high`'s.
fn thinking_budget(level: ThinkingLevel) -> u64 {
    match level {
        ThinkingLevel::Off | ThinkingLevel::Minimal => 1024,
        ThinkingLevel::Low => 2048,
        ThinkingLevel::Medium => 8192,
        ThinkingLevel::High | ThinkingLevel::Xhigh | ThinkingLevel::Max => 16384,
    }
}

/// The adaptive-thinking effort of `level`: the model's `thinkingLevelMap` entry, else
/// `low` / `medium` / `high` (pi-ai `mapThinkingLevelToEffort`).
fn effort_for(model: &Model, level: ThinkingLevel) -> String {
    let mapped = model
        .thinking_level_map
        .as_ref()
        .and_then(|map| map.get(level.as_str()))
        .and_then(Value::as_str);
    if let Some(mapped) = mapped {
        return mapped.to_owned();
    }
    match level {
        ThinkingLevel::Minimal | ThinkingLevel::Low => "low",
        ThinkingLevel::Medium => "medium",
        ThinkingLevel::Off | ThinkingLevel::High | ThinkingLevel::Xhigh | ThinkingLevel::Max => {
            "high"
        }
    }
    .to_owned()
}

/// `{"type": "ephemeral"}`, with a one-hour TTL under `PI_CACHE_RETENTION=long`.
fn cache_control(compat: &Compat) -> Option<Value> {
    let long = std::env::var("PI_CACHE_RETENTION").is_ok_and(|value| value == "long");
    Some(if long && compat.supports_long_cache_retention {
        json!({"type": "ephemeral", "ttl": "1h"})
    } else {
        json!({"type": "ephemeral"})
    })
}

fn system_blocks(input: &BodyInput<'_>, cache_control: Option<&Value>) -> Option<Value> {
    let block = |text: &str| {
        let mut block = Map::new();
        block.insert("type".into(), json!("text"));
        block.insert("text".into(), json!(text));
        if let Some(cache_control) = cache_control {
            block.insert("cache_control".into(), cache_control.clone());
        }
        Value::Object(block)
    };
    let mut blocks = Vec::new();
    if input.is_oauth {
        blocks.push(block(CLAUDE_CODE_IDENTITY));
    }
    if !input.system_prompt.is_empty() {
        blocks.push(block(input.system_prompt));
    }
    (!blocks.is_empty()).then_some(Value::Array(blocks))
}

/// The beta features (pi-ai `getBetaFeatures`): an `anthropic-beta` header in the model's or
/// the provider's headers replaces them (`null`: none).
fn betas(input: &BodyInput<'_>, plan: &Plan, native_tool_changes: bool) -> Vec<String> {
    let model = input.model;
    let compat = input.compat;
    let mut configured: Option<Option<String>> = None;
    for (name, value) in model.headers.iter().flatten() {
        if name.eq_ignore_ascii_case("anthropic-beta") {
            configured = Some(match value {
                Value::Null => None,
                Value::String(text) => Some(text.clone()),
                other => Some(other.to_string()),
            });
        }
    }
    for (name, value) in input.extra_headers {
        if name.eq_ignore_ascii_case("anthropic-beta") {
            configured = Some(Some(value.clone()));
        }
    }
    let mut features: Vec<String> = Vec::new();
    let mut add = |feature: &str| {
        if !feature.is_empty() && !features.iter().any(|known| known == feature) {
            features.push(feature.to_owned());
        }
    };
    match configured {
        Some(None) => {}
        Some(Some(list)) => list.split(',').for_each(|feature| add(feature.trim())),
        None => {
            if input.is_oauth {
                add("claude-code-20250219");
                add("oauth-2025-04-20");
            }
            if !input.tools.is_empty() && !compat.supports_eager_tool_input_streaming {
                add(FINE_GRAINED_TOOL_STREAMING_BETA);
            }
            if model.reasoning && plan.thinking_enabled && !compat.force_adaptive_thinking {
                add(INTERLEAVED_THINKING_BETA);
            }
            if !compat.allowed_fallback_models.is_empty() {
                add(SERVER_SIDE_FALLBACK_BETA);
            }
            if compat.supports_mid_convo_effort {
                add(MID_CONVERSATION_OUTPUT_CONFIG_BETA);
                add(THINKING_BINDING_CONTROLS_BETA);
            }
            if native_tool_changes {
                add(INLINE_TOOLS_BETA);
            }
        }
    }
    features
}
