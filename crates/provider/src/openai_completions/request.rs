//! The Chat Completions request body (pi-ai `buildParams`), keys in Pi's order:
//! `model, messages, stream, stream_options, store, max_completion_tokens, tools, …` and
//! then the reasoning fields of the model's `thinkingFormat`.

use std::borrow::Borrow;

use serde_json::{json, Map, Value};
use tau_protocol::{AgentMessage, Model, ThinkingLevel, ToolDeclaration};

use super::compat::{Compat, ThinkingFormat};
use super::messages::convert_messages;
use crate::estimate::clamp_max_tokens_to_context;
use crate::json::is_truthy;
use crate::session_affinity::{clamp_prompt_cache_key, PromptCacheKeyMode};
use crate::strict_schema::{make_strict, resolve_strict};

/// Tokens always left for the answer when a thinking budget shares the output limit.
const MIN_ANSWER_TOKENS: u64 = 1024;

/// What the body is built from: the conversation as messages (`M = AgentMessage`) or as
/// references to them (`M = &AgentMessage`, read in place).
pub struct BodyInput<'a, M = AgentMessage> {
    /// The model asked.
    pub model: &'a Model,
    /// System prompt.
    pub system_prompt: &'a str,
    /// The conversation as the user wrote it (for the token estimate and tool history).
    pub original: &'a [M],
    /// The conversation after [`crate::transform::transform_messages`].
    pub messages: &'a [M],
    /// Tools offered.
    pub tools: &'a [ToolDeclaration],
    /// Requested reasoning level.
    pub thinking_level: ThinkingLevel,
    /// Resolved compat settings.
    pub compat: &'a Compat,
    /// Long prompt caching was asked for (`PI_CACHE_RETENTION=long`).
    pub long_cache: bool,
    /// The session id where it may key the prompt cache (none when caching is off).
    pub cache_session_id: Option<&'a str>,
    /// Pi's `cacheRetention: "none"`: no `cache_control` markers either.
    pub no_cache_retention: bool,
}

/// What the body needs from the conversation as the user wrote it, taken before the
/// conversation is transformed (so the transform can consume it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ContextFacts {
    /// `max_tokens` clamped to the room the estimated context leaves (0: send none).
    pub max_tokens: u64,
    /// True when the conversation has a tool call or tool result.
    pub tool_history: bool,
}

impl ContextFacts {
    /// The facts of `original` for `model`.
    pub fn of<M: Borrow<AgentMessage>>(
        model: &Model,
        system_prompt: &str,
        tools: &[ToolDeclaration],
        original: &[M],
    ) -> Self {
        ContextFacts {
            max_tokens: clamp_max_tokens_to_context(
                model.context_window,
                system_prompt,
                tools,
                original,
                model.max_tokens,
            ),
            tool_history: has_tool_history(original),
        }
    }
}

/// Builds the JSON body; fails (with Pi's text) only when a tool requires strict sampling
/// the server cannot give.
pub fn build_body<M: Borrow<AgentMessage>>(input: &BodyInput<'_, M>) -> Result<Value, String> {
    let facts = ContextFacts::of(
        input.model,
        input.system_prompt,
        input.tools,
        input.original,
    );
    body_fields(input, facts, true).map(Value::Object)
}

/// The body's fields in Pi's order. Without `with_messages`, `messages` holds `null` and
/// the caller writes the array itself (never with Anthropic cache control, which marks
/// messages). `input.original` is not read: `facts` stand for it.
pub(super) fn body_fields<M: Borrow<AgentMessage>>(
    input: &BodyInput<'_, M>,
    facts: ContextFacts,
    with_messages: bool,
) -> Result<Map<String, Value>, String> {
    let BodyInput {
        model,
        compat,
        tools,
        ..
    } = *input;
    let messages = if with_messages {
        Value::Array(convert_messages(
            model,
            input.system_prompt,
            input.messages,
            compat,
        ))
    } else {
        Value::Null
    };
    let mut body = Map::new();
    body.insert("model".into(), json!(model.id));
    body.insert("messages".into(), messages);
    body.insert("stream".into(), json!(true));
    let long_cache = compat.supports_long_cache_retention && input.long_cache;
    // The session id keys OpenAI's prompt cache: by default only at api.openai.com, or with
    // long caching where the server supports it.
    let sends_cache_key = match compat.prompt_cache_key_mode {
        PromptCacheKeyMode::Enabled => true,
        PromptCacheKeyMode::Auto => model.base_url.contains("api.openai.com") || long_cache,
        PromptCacheKeyMode::Disabled | PromptCacheKeyMode::Other => false,
    };
    if let Some(id) = input.cache_session_id.filter(|_| sends_cache_key) {
        body.insert("prompt_cache_key".into(), json!(clamp_prompt_cache_key(id)));
    }
    // Long caching where the server supports it.
    if long_cache {
        body.insert("prompt_cache_retention".into(), json!("24h"));
    }
    if compat.supports_usage_in_streaming {
        body.insert("stream_options".into(), json!({"include_usage": true}));
    }
    if compat.supports_store {
        body.insert("store".into(), json!(false));
    }
    let max_tokens = facts.max_tokens;
    if max_tokens > 0 {
        let field = if compat.use_max_tokens_field {
            "max_tokens"
        } else {
            "max_completion_tokens"
        };
        body.insert(field.into(), json!(max_tokens));
    }
    if !tools.is_empty() {
        body.insert("tools".into(), Value::Array(convert_tools(tools, compat)?));
        if compat.zai_tool_stream {
            body.insert("tool_stream".into(), json!(true));
        }
    } else if compat.requires_tools_with_tool_history && facts.tool_history {
        body.insert("tools".into(), json!([]));
    }
    if compat.anthropic_cache_control && !input.no_cache_retention {
        super::cache_control::apply(&mut body, long_cache);
    }
    if let Some(priority) = &compat.vllm_priority {
        body.insert("priority".into(), priority.clone());
    }
    let effort = requested_effort(model, input.thinking_level);
    let ceiling = if max_tokens > 0 {
        max_tokens
    } else {
        model.max_tokens
    };
    let budget = effort
        .filter(|_| model.reasoning)
        .map(|level| thinking_budget(level).min(ceiling.saturating_sub(MIN_ANSWER_TOKENS)))
        .filter(|budget| *budget > 0);
    add_reasoning_fields(&mut body, model, compat, effort, budget);
    if let (Some(field), Some(budget)) = (&compat.thinking_token_budget_field, budget) {
        body.insert(field.clone(), json!(budget));
    }
    if let Some(routing) = &compat.open_router_routing {
        body.insert("provider".into(), routing.clone());
    }
    if let Some(routing) = &compat.vercel_gateway_routing {
        let mut gateway = Map::new();
        for key in ["only", "order"] {
            if let Some(value) = routing.get(key).filter(|value| is_truthy(value)) {
                gateway.insert(key.into(), value.clone());
            }
        }
        if !gateway.is_empty() {
            body.insert("providerOptions".into(), json!({"gateway": gateway}));
        }
    }
    Ok(body)
}

fn convert_tools(tools: &[ToolDeclaration], compat: &Compat) -> Result<Vec<Value>, String> {
    tools
        .iter()
        .map(|tool| {
            let strict = resolve_strict(tool, compat.supports_strict_mode)?;
            let parameters = match strict {
                Some(true) => make_strict(&tool.parameters)?,
                _ => tool.parameters.clone(),
            };
            let mut function = Map::new();
            function.insert("name".into(), json!(tool.name));
            function.insert("description".into(), json!(tool.description));
            function.insert("parameters".into(), parameters);
            // Only servers that accept the field get it; some reject unknown fields.
            if compat.supports_strict_mode {
                function.insert("strict".into(), json!(strict.unwrap_or(false)));
            }
            Ok(json!({"type": "function", "function": function}))
        })
        .collect()
}

fn has_tool_history<M: Borrow<AgentMessage>>(messages: &[M]) -> bool {
    messages.iter().any(|message| match message.borrow() {
        AgentMessage::ToolResult(_) => true,
        AgentMessage::Assistant(assistant) => assistant.tool_calls().next().is_some(),
        _ => false,
    })
}

/// The reasoning level to request: `None` for off, else the level clamped to what the
/// model supports (pi-ai `streamSimple`).
pub fn requested_effort(model: &Model, level: ThinkingLevel) -> Option<ThinkingLevel> {
    let clamped = crate::models::clamp_thinking(model, level);
    (clamped != ThinkingLevel::Off).then_some(clamped)
}

/// The model's `thinkingLevelMap` entry: `None` when absent, `Some(Null)` when the level is
/// marked unsupported.
fn level_entry(model: &Model, level: ThinkingLevel) -> Option<&Value> {
    model.thinking_level_map.as_ref()?.get(level.as_str())
}

/// `thinkingLevelMap[level] ?? level`.
fn mapped_or_level(model: &Model, level: ThinkingLevel) -> Value {
    match level_entry(model, level) {
        Some(value) if !value.is_null() => value.clone(),
        _ => json!(level.as_str()),
    }
}

/// Default reasoning budgets; `xhigh` and `max` use `high`'s.
fn thinking_budget(level: ThinkingLevel) -> u64 {
    match level {
        ThinkingLevel::Off | ThinkingLevel::Minimal => 1024,
        ThinkingLevel::Low => 2048,
        ThinkingLevel::Medium => 8192,
        ThinkingLevel::High | ThinkingLevel::Xhigh | ThinkingLevel::Max => 16384,
    }
}

/// The reasoning fields of the model's thinking format.
fn add_reasoning_fields(
    body: &mut Map<String, Value>,
    model: &Model,
    compat: &Compat,
    effort: Option<ThinkingLevel>,
    budget: Option<u64>,
) {
    if !model.reasoning {
        return;
    }
    let off_entry = level_entry(model, ThinkingLevel::Off);
    let off_not_null = !matches!(off_entry, Some(Value::Null));
    match compat.thinking_format {
        ThinkingFormat::Zai => {
            let thinking = match effort {
                Some(_) => json!({"type": "enabled", "clear_thinking": false}),
                None => json!({"type": "disabled"}),
            };
            body.insert("thinking".into(), thinking);
            if let Some(level) = effort.filter(|_| compat.supports_reasoning_effort) {
                // An explicit null in the map means: send no effort.
                let effort = match level_entry(model, level) {
                    None => json!(level.as_str()),
                    Some(value) => value.clone(),
                };
                if effort.is_string() {
                    body.insert("reasoning_effort".into(), effort);
                }
            }
        }
        ThinkingFormat::Qwen => {
            body.insert("enable_thinking".into(), json!(effort.is_some()));
            if let Some(level) = effort.filter(|_| compat.supports_reasoning_effort) {
                let effort = mapped_or_level(model, level);
                if effort.is_string() {
                    body.insert("reasoning_effort".into(), effort);
                }
            }
        }
        ThinkingFormat::QwenChatTemplate => {
            body.insert(
                "chat_template_kwargs".into(),
                json!({"enable_thinking": effort.is_some(), "preserve_thinking": true}),
            );
        }
        ThinkingFormat::ChatTemplate => {
            if let Some(values) =
                chat_template_values(model, effort, &compat.chat_template_kwargs, budget)
            {
                body.insert("chat_template_kwargs".into(), Value::Object(values));
            }
        }
        ThinkingFormat::Baseten => {
            if let Some(values) =
                chat_template_values(model, effort, &compat.chat_template_args, budget)
            {
                body.insert("chat_template_args".into(), Value::Object(values));
            }
            if compat.supports_reasoning_effort {
                let entry = match effort {
                    Some(level) => level_entry(model, level),
                    None => off_entry,
                };
                let effort = match entry {
                    None => effort.map(|level| json!(level.as_str())),
                    Some(value) => Some(value.clone()),
                };
                if let Some(effort) = effort.filter(Value::is_string) {
                    body.insert("reasoning_effort".into(), effort);
                }
            }
        }
        ThinkingFormat::DeepSeek => {
            if effort.is_some() {
                body.insert("thinking".into(), json!({"type": "enabled"}));
            } else if off_not_null {
                body.insert("thinking".into(), json!({"type": "disabled"}));
            }
            if let Some(level) = effort.filter(|_| compat.supports_reasoning_effort) {
                body.insert("reasoning_effort".into(), mapped_or_level(model, level));
            }
        }
        ThinkingFormat::OpenRouter => {
            if let Some(level) = effort {
                body.insert(
                    "reasoning".into(),
                    json!({"effort": mapped_or_level(model, level)}),
                );
            } else if off_not_null {
                let off = off_entry.cloned().unwrap_or_else(|| json!("none"));
                body.insert("reasoning".into(), json!({"effort": off}));
            }
        }
        ThinkingFormat::AntLing => {
            if let Some(effort) = effort
                .and_then(|level| level_entry(model, level))
                .filter(|value| value.is_string())
            {
                body.insert("reasoning".into(), json!({"effort": effort}));
            }
        }
        ThinkingFormat::Together => {
            body.insert("reasoning".into(), json!({"enabled": effort.is_some()}));
            if let Some(level) = effort.filter(|_| compat.supports_reasoning_effort) {
                body.insert("reasoning_effort".into(), mapped_or_level(model, level));
            }
        }
        ThinkingFormat::StringThinking => {
            if let Some(level) = effort {
                body.insert("thinking".into(), mapped_or_level(model, level));
            } else if off_not_null {
                let off = off_entry.cloned().unwrap_or_else(|| json!("none"));
                body.insert("thinking".into(), off);
            }
        }
        ThinkingFormat::OpenAi => {
            if !compat.supports_reasoning_effort {
                return;
            }
            match effort {
                Some(level) => {
                    body.insert("reasoning_effort".into(), mapped_or_level(model, level));
                }
                None => {
                    if let Some(off) = off_entry.filter(|value| value.is_string()) {
                        body.insert("reasoning_effort".into(), off.clone());
                    }
                }
            }
        }
    }
}

/// Resolves `chatTemplateKwargs`-style values: literals as they are; objects
/// `{"$var": "thinking.enabled"}` / `{"$var": "thinking.budget"}` / anything else (the
/// mapped level), dropped when `omitWhenOff` and thinking is off.
fn chat_template_values(
    model: &Model,
    effort: Option<ThinkingLevel>,
    values: &Map<String, Value>,
    budget: Option<u64>,
) -> Option<Map<String, Value>> {
    let mut resolved = Map::new();
    for (key, value) in values {
        let Value::Object(spec) = value else {
            resolved.insert(key.clone(), value.clone());
            continue;
        };
        if effort.is_none() && spec.get("omitWhenOff").is_some_and(is_truthy) {
            continue;
        }
        let value = match spec.get("$var").and_then(Value::as_str) {
            Some("thinking.enabled") => Some(json!(effort.is_some())),
            Some("thinking.budget") => budget.map(|budget| json!(budget)),
            _ => {
                let entry = match effort {
                    Some(level) => level_entry(model, level),
                    None => level_entry(model, ThinkingLevel::Off),
                };
                match entry {
                    None => effort.map(|level| json!(level.as_str())),
                    Some(Value::String(mapped)) => Some(json!(mapped)),
                    Some(_) => None,
                }
            }
        };
        if let Some(value) = value {
            resolved.insert(key.clone(), value);
        }
    }
    (!resolved.is_empty()).then_some(resolved)
}
