//! The Codex request as pi-ai 1.6.0 builds it: where it goes (`resolveCodexUrl`), its
//! headers (`buildSSEHeaders`) and its body (`buildRequestBody`).
//!
//! - URL: the base URL (default `https://chatgpt.com/backend-api`) without trailing slashes,
//!   then `/codex/responses` (only `/responses` after a base ending in `/codex`, nothing after
//!   one ending in `/codex/responses`).
//! - Headers: `originator: pi` (Codex wants one on every request), the model's `headers`
//!   (`null` removes one), the provider's extra headers, then `Authorization: Bearer
//!   <access token>`, `chatgpt-account-id` (the token's `chatgpt_account_id` claim),
//!   `OpenAI-Beta: responses=experimental`, `accept: text/event-stream` and `content-type:
//!   application/json`.
//! - Body, keys in pi-ai's order: `model, store: false, stream: true, input, text: {verbosity:
//!   "low"}, include: ["reasoning.encrypted_content"], tool_choice: "auto",
//!   parallel_tool_calls: true, max_output_tokens, tools, reasoning`. The input is the
//!   Responses input ([`crate::openai_responses::input`]); tools are sent with `strict: null`
//!   unless the model's compat says `supportsStrictMode: false`. Thinking off on a reasoning
//!   model asks for the map's `off` effort (`none` by default) with `summary: "auto"`; models
//!   with `supportsMidConvoEffort` send effort `medium` and the real one in a trailing
//!   `configuration_update` item.

use serde_json::{json, Map, Value};
use tau_protocol::{AgentMessage, Model, ThinkingLevel, ToolDeclaration};

use crate::endpoint::EndpointSettings;
use crate::error::ProviderError;
use crate::estimate::clamp_max_tokens_to_context;
use crate::models::clamp_thinking;
use crate::models::oauth::codex_account_id;
use crate::openai_responses::input::{convert_input, InputSpec};
use crate::openai_responses::request::{convert_tools_with_default, mapped_level};
use crate::openai_responses::Compat;

/// Where pi-ai sends Codex requests when neither the provider nor the model names a base.
pub const DEFAULT_BASE_URL: &str = "https://chatgpt.com/backend-api";
/// The Responses API rejects `max_output_tokens` below 16.
const MIN_OUTPUT_TOKENS: u64 = 16;
/// The request effort of models whose real effort travels in `configuration_update` items.
const CONFIGURATION_UPDATE_REQUEST_EFFORT: &str = "medium";
/// pi-ai's error for an access token without a ChatGPT account.
pub const NO_ACCOUNT_ID: &str = "Failed to extract accountId from token";

/// The `/codex/responses` URL under the provider's base URL, else the model's.
pub fn url(settings: &EndpointSettings, model: &Model) -> String {
    let raw = settings
        .base_url
        .as_deref()
        .filter(|url| !url.trim().is_empty())
        .or(Some(model.base_url.as_str()).filter(|url| !url.trim().is_empty()))
        .unwrap_or(DEFAULT_BASE_URL);
    let normalized = raw.trim_end_matches('/');
    if normalized.ends_with("/codex/responses") {
        normalized.to_owned()
    } else if normalized.ends_with("/codex") {
        format!("{normalized}/responses")
    } else {
        format!("{normalized}/codex/responses")
    }
}

/// The ChatGPT account an access token (a three-part JWT) was issued for.
pub fn account_id(token: &str) -> Result<String, ProviderError> {
    let id = (token.split('.').count() == 3)
        .then(|| codex_account_id(token))
        .flatten();
    id.ok_or_else(|| ProviderError::StreamError {
        message: format!(
            "{NO_ACCOUNT_ID}\nthe openai-codex key is not a ChatGPT access token naming an \
             account; sign in to ChatGPT again so auth.json holds a fresh one"
        ),
    })
}

/// The request headers, later entries replacing earlier ones of the same name (any case).
pub fn headers(
    settings: &EndpointSettings,
    model: &Model,
    token: &str,
    account: &str,
    session_id: Option<&str>,
) -> Vec<(String, String)> {
    let mut headers: Vec<(String, Option<String>)> = vec![("originator".into(), Some("pi".into()))];
    for (name, value) in model.headers.iter().flatten() {
        let value = match value {
            Value::Null => None,
            Value::String(text) => Some(text.clone()),
            other => Some(other.to_string()),
        };
        headers.push((name.clone(), value));
    }
    headers.extend(
        settings
            .headers
            .iter()
            .map(|(name, value)| (name.clone(), Some(value.clone()))),
    );
    for (name, value) in [
        ("Authorization", format!("Bearer {token}")),
        ("chatgpt-account-id", account.to_owned()),
        ("OpenAI-Beta", "responses=experimental".to_owned()),
        ("accept", "text/event-stream".to_owned()),
        ("content-type", "application/json".to_owned()),
    ] {
        headers.push((name.into(), Some(value)));
    }
    // The session (clamped like the cache key) routes the conversation to one backend.
    if let Some(id) = session_id.filter(|id| !id.is_empty()) {
        headers.push(("session-id".into(), Some(id.to_owned())));
        headers.push(("x-client-request-id".into(), Some(id.to_owned())));
    }
    let mut merged: Vec<(String, String)> = Vec::new();
    for (name, value) in headers {
        merged.retain(|(existing, _)| !existing.eq_ignore_ascii_case(&name));
        if let Some(value) = value {
            merged.push((name, value));
        }
    }
    merged
}

/// The compat settings pi-ai's Codex provider reads: strict mode on unless turned off.
pub fn compat(model: &Model) -> Compat {
    let mut compat = Compat::for_model(model);
    compat.supports_strict_mode = model
        .compat
        .as_ref()
        .and_then(|compat| compat.get("supportsStrictMode"))
        .and_then(Value::as_bool)
        .unwrap_or(true);
    compat
}

/// What the body is built from.
pub struct BodySpec<'a> {
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
    /// Resolved compat settings ([`compat`]).
    pub compat: &'a Compat,
    /// The session id keying the prompt cache (clamped), when caching is on.
    pub prompt_cache_key: Option<&'a str>,
}

/// The effort pi-ai's `streamSimple` asks for.
#[derive(Debug, Clone, Copy)]
enum Effort {
    /// Thinking off on a reasoning model.
    None,
    Level(ThinkingLevel),
}

/// The JSON body, and the effort sent in `configuration_update` items (pi-ai stamps it on
/// the reply as `providerThinkingLevel`). Fails (with pi-ai's text) only when a tool
/// requires strict sampling the schema cannot give.
pub fn build_body(spec: &BodySpec<'_>) -> Result<(Value, Option<Value>), String> {
    let BodySpec { model, compat, .. } = *spec;
    let effort = requested_effort(model, spec.thinking_level);
    let configuration_effort = effort
        .filter(|_| compat.supports_mid_convo_effort)
        .and_then(|effort| resolve_effort(model, effort));
    let tools = convert_tools_with_default(spec.tools, compat.supports_strict_mode, &Value::Null)?;
    let (request_tools, input_tools) = if compat.tools_in_input() {
        (Vec::new(), tools)
    } else {
        (tools, Vec::new())
    };
    let items = convert_input(&InputSpec {
        model,
        system_prompt: spec.system_prompt,
        messages: spec.messages,
        input_tools: &input_tools,
        compat,
        configuration_effort: configuration_effort.as_ref(),
    });
    let mut body = Map::new();
    body.insert("model".into(), json!(model.id));
    body.insert("store".into(), json!(false));
    body.insert("stream".into(), json!(true));
    body.insert("input".into(), Value::Array(items));
    body.insert("text".into(), json!({"verbosity": "low"}));
    body.insert("include".into(), json!(["reasoning.encrypted_content"]));
    if let Some(key) = spec.prompt_cache_key {
        body.insert("prompt_cache_key".into(), json!(key));
    }
    body.insert("tool_choice".into(), json!("auto"));
    body.insert("parallel_tool_calls".into(), json!(true));
    let max_tokens = clamp_max_tokens_to_context(
        model.context_window,
        spec.system_prompt,
        spec.tools,
        spec.original,
        model.max_tokens,
    );
    if max_tokens > 0 && compat.supports_max_output_tokens {
        body.insert(
            "max_output_tokens".into(),
            json!(max_tokens.max(MIN_OUTPUT_TOKENS)),
        );
    }
    if !request_tools.is_empty() {
        body.insert("tools".into(), Value::Array(request_tools));
    }
    // Without an effort (a model without reasoning) pi-ai sends no `reasoning` at all.
    if let Some(effort) = effort {
        let sent = match configuration_effort {
            Some(_) => Some(json!(CONFIGURATION_UPDATE_REQUEST_EFFORT)),
            None => resolve_effort(model, effort),
        };
        if let Some(sent) = sent {
            body.insert(
                "reasoning".into(),
                json!({"effort": sent, "summary": "auto"}),
            );
        }
    }
    Ok((Value::Object(body), configuration_effort))
}

/// pi-ai's `streamSimple`: the level clamped to the model's, thinking off as `none` on a
/// reasoning model, nothing for a model without reasoning.
fn requested_effort(model: &Model, level: ThinkingLevel) -> Option<Effort> {
    let clamped = if level == ThinkingLevel::Off {
        ThinkingLevel::Off
    } else {
        clamp_thinking(model, level)
    };
    if clamped != ThinkingLevel::Off {
        Some(Effort::Level(clamped))
    } else {
        model.reasoning.then_some(Effort::None)
    }
}

/// The provider's name for an effort; `None` when the model takes no reasoning field for it
/// (a `null` off entry in its `thinkingLevelMap`).
fn resolve_effort(model: &Model, effort: Effort) -> Option<Value> {
    match effort {
        Effort::Level(level) => Some(mapped_level(model, level)),
        Effort::None => match model
            .thinking_level_map
            .as_ref()
            .and_then(|map| map.get("off"))
        {
            None => Some(json!("none")),
            Some(Value::Null) => None,
            Some(off) => Some(off.clone()),
        },
    }
}
