//! The Responses request body (pi-ai `buildParams`), keys in Pi's order: `model, input,
//! stream, prompt_cache_retention, prompt_cache_options, store, max_output_tokens, tools,
//! reasoning, include`.
//!
//! - `store: false` always: the conversation is replayed statelessly, so reasoning models
//!   get `include: ["reasoning.encrypted_content"]` and their reasoning items come back
//!   encrypted in the next request's input.
//! - Reasoning: a thinking level maps through the model's `thinkingLevelMap` to
//!   `reasoning: {effort, summary: "auto"}`; thinking off sends the map's `off` entry (or
//!   `none`) unless the map marks it `null`.
//! - Tools are flat function tools; `strict` is only sent where `compat.supportsStrictMode`,
//!   and is true only for tools that ask for constrained sampling and whose schema allows it.
//! - A non-`sk-` key sent to OpenAI itself is a ChatGPT sign-in token, which rejects
//!   `max_output_tokens` and the cache retention fields.

use serde_json::{json, Map, Value};
use tau_protocol::{AgentMessage, Model, ThinkingLevel, ToolDeclaration};

use super::compat::Compat;
use super::input::{convert_input, InputSpec};
use crate::estimate::clamp_max_tokens_to_context;
use crate::models::clamp_thinking;
use crate::strict_schema::{make_strict, resolve_strict};

/// OpenAI rejects `max_output_tokens` below 16.
const MIN_OUTPUT_TOKENS: u64 = 16;
/// The request effort of models whose real effort travels in `configuration_update` items.
const CONFIGURATION_UPDATE_REQUEST_EFFORT: &str = "medium";
/// OpenAI's own endpoint, where non-`sk-` keys are ChatGPT sign-in tokens.
const OPENAI_BASE_URL: &str = "https://api.openai.com/v1";

/// What the body is built from.
pub struct BodyInput<'a> {
    /// The model asked.
    pub model: &'a Model,
    /// System prompt.
    pub system_prompt: &'a str,
    /// The conversation as the user wrote it (for the token estimate).
    pub original: &'a [AgentMessage],
    /// The conversation after [`crate::transform::transform_messages`].
    pub messages: &'a [AgentMessage],
    /// Tools offered.
    pub tools: &'a [ToolDeclaration],
    /// Requested reasoning level.
    pub thinking_level: ThinkingLevel,
    /// The API key sent, if any.
    pub api_key: Option<&'a str>,
    /// Resolved compat settings.
    pub compat: &'a Compat,
    /// Long prompt-cache retention (`PI_CACHE_RETENTION=long`).
    pub long_cache: bool,
    /// Pi's `cacheRetention: "none"`: explicit-mode servers are told so.
    pub no_cache_retention: bool,
    /// The `prompt_cache_key` to send (the session id, already clamped).
    pub prompt_cache_key: Option<&'a str>,
}

/// Builds the JSON body; fails (with Pi's text) only when a tool requires strict sampling
/// the server cannot give.
pub fn build_body(input: &BodyInput<'_>) -> Result<Value, String> {
    let BodyInput { model, compat, .. } = *input;
    let sign_in = is_chatgpt_sign_in(model, input.api_key);
    let effort = requested_effort(model, input.thinking_level);
    let configuration_effort = effort
        .filter(|_| compat.supports_mid_convo_effort && !sign_in)
        .map(|level| mapped_level(model, level));
    let tools = convert_tools(input.tools, compat.supports_strict_mode)?;
    let (request_tools, input_tools) = if compat.tools_in_input() {
        (Vec::new(), tools)
    } else {
        (tools, Vec::new())
    };
    let items = convert_input(&InputSpec {
        model,
        system_prompt: input.system_prompt,
        messages: input.messages,
        input_tools: &input_tools,
        compat,
        configuration_effort: configuration_effort.as_ref(),
    });
    let mut body = Map::new();
    body.insert("model".into(), json!(model.id));
    body.insert("input".into(), Value::Array(items));
    body.insert("stream".into(), json!(true));
    if let Some(key) = input.prompt_cache_key {
        body.insert("prompt_cache_key".into(), json!(key));
    }
    if !sign_in {
        if input.no_cache_retention && compat.supports_explicit_prompt_cache_mode {
            body.insert("prompt_cache_options".into(), json!({"mode": "explicit"}));
        }
        let long = input.long_cache && compat.supports_long_cache_retention;
        if long && !compat.supports_explicit_prompt_cache_mode {
            body.insert("prompt_cache_retention".into(), json!("24h"));
        }
        if long && compat.supports_explicit_prompt_cache_mode {
            body.insert("prompt_cache_options".into(), json!({"ttl": "30m"}));
        }
    }
    body.insert("store".into(), json!(false));
    let max_tokens = clamp_max_tokens_to_context(
        model.context_window,
        input.system_prompt,
        input.tools,
        input.original,
        model.max_tokens,
    );
    if max_tokens > 0 && compat.supports_max_output_tokens && !sign_in {
        body.insert(
            "max_output_tokens".into(),
            json!(max_tokens.max(MIN_OUTPUT_TOKENS)),
        );
    }
    if !request_tools.is_empty() {
        body.insert("tools".into(), Value::Array(request_tools));
    }
    if model.reasoning {
        add_reasoning(&mut body, model, effort, configuration_effort.is_some());
    }
    Ok(Value::Object(body))
}

/// The `reasoning` and `include` fields of a reasoning model.
fn add_reasoning(
    body: &mut Map<String, Value>,
    model: &Model,
    effort: Option<ThinkingLevel>,
    in_configuration_update: bool,
) {
    match effort {
        Some(level) => {
            let effort = if in_configuration_update {
                json!(CONFIGURATION_UPDATE_REQUEST_EFFORT)
            } else {
                mapped_level(model, level)
            };
            body.insert(
                "reasoning".into(),
                json!({"effort": effort, "summary": "auto"}),
            );
            body.insert("include".into(), json!(["reasoning.encrypted_content"]));
        }
        None => {
            let off = model
                .thinking_level_map
                .as_ref()
                .and_then(|map| map.get("off"));
            // Copilot rejects an explicit off; a `null` off entry means: say nothing.
            if model.provider != "github-copilot" && !matches!(off, Some(Value::Null)) {
                let effort = off.cloned().unwrap_or_else(|| json!("none"));
                body.insert("reasoning".into(), json!({"effort": effort}));
            }
        }
    }
    if model.provider == "xai" {
        body.insert("include".into(), json!(["reasoning.encrypted_content"]));
    }
}

/// The effort to request: `None` for off (pi-agent-core sends no reasoning option then, so
/// it is not clamped up to a model's lowest level), else the level clamped to what the
/// model supports.
fn requested_effort(model: &Model, level: ThinkingLevel) -> Option<ThinkingLevel> {
    if level == ThinkingLevel::Off {
        return None;
    }
    let clamped = clamp_thinking(model, level);
    (clamped != ThinkingLevel::Off).then_some(clamped)
}

/// `thinkingLevelMap[level] ?? level`.
pub(crate) fn mapped_level(model: &Model, level: ThinkingLevel) -> Value {
    match model
        .thinking_level_map
        .as_ref()
        .and_then(|map| map.get(level.as_str()))
    {
        Some(value) if !value.is_null() => value.clone(),
        _ => json!(level.as_str()),
    }
}

/// Whether `api_key` is a ChatGPT sign-in token sent to OpenAI (API keys start `sk-`).
pub fn is_chatgpt_sign_in(model: &Model, api_key: Option<&str>) -> bool {
    model.provider == "openai"
        && model.base_url == OPENAI_BASE_URL
        && api_key.is_some_and(|key| !key.starts_with("sk-"))
}

/// Tools as Responses function tools (pi-ai `convertResponsesTools`).
pub fn convert_tools(
    tools: &[ToolDeclaration],
    supports_strict: bool,
) -> Result<Vec<Value>, String> {
    convert_tools_with_default(tools, supports_strict, &json!(false))
}

/// [`convert_tools`] where a tool without constrained sampling gets `strict: default`
/// (`false` for OpenAI; the Codex backend is sent `null`).
pub fn convert_tools_with_default(
    tools: &[ToolDeclaration],
    supports_strict: bool,
    default: &Value,
) -> Result<Vec<Value>, String> {
    tools
        .iter()
        .map(|tool| {
            let strict = resolve_strict(tool, supports_strict)?;
            let parameters = match strict {
                Some(true) => make_strict(&tool.parameters)?,
                _ => tool.parameters.clone(),
            };
            let mut function = Map::new();
            function.insert("type".into(), json!("function"));
            function.insert("name".into(), json!(tool.name));
            function.insert("description".into(), json!(tool.description));
            function.insert("parameters".into(), parameters);
            if supports_strict {
                let strict = strict.map_or_else(|| default.clone(), |strict| json!(strict));
                function.insert("strict".into(), strict);
            }
            Ok(Value::Object(function))
        })
        .collect()
}
