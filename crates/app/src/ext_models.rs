//! `ctx.modelRegistry` calls that need tau: `complete` (and the host's `stream` /
//! `streamSimple` built on it) served by tau's own providers, so the requests go through
//! the same code, keys and settings as the agent's, and key lookups.

use std::path::PathBuf;

use futures::StreamExt;
use serde_json::{json, Value};
use tau_protocol::{AgentMessage, AssistantMessageEvent, ThinkingLevel, ToolDeclaration};
use tau_provider::models::ModelRegistry;
use tau_provider::ProviderRequest;
use tokio_util::sync::CancellationToken;

use crate::model::{switch_to, Selection};

/// The model an extension names (`{provider, id}`) resolved through tau's registry (read
/// off the async threads: a key command may run for seconds); `None` when it is unknown,
/// its api unsupported or it has no credentials.
pub async fn switch_selection(
    agent_dir: PathBuf,
    model: &Value,
) -> Result<Option<Selection>, String> {
    let field = |key: &str| {
        model
            .get(key)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    let (provider, id) = (field("provider"), field("id"));
    tokio::task::spawn_blocking(move || {
        let (registry, _) = ModelRegistry::load(&agent_dir);
        switch_to(&registry, &provider, &id)
    })
    .await
    .map_err(|error| error.to_string())
}

/// The model an extension names, ready to request, or why not.
async fn selection_for(agent_dir: PathBuf, model: &Value) -> Result<Selection, String> {
    switch_selection(agent_dir, model).await?.ok_or_else(|| {
        let field = |key: &str| model.get(key).and_then(Value::as_str).unwrap_or_default();
        format!(
            "model {}/{} is unknown to tau or has no credentials",
            field("provider"),
            field("id")
        )
    })
}

/// `modelRegistry.complete(model, context, options)`: the final assistant message, errors
/// included as Pi returns them (stop reason `error`, `errorMessage`). `current` is the
/// session's own model, used as it is when the extension names it (a `--script` model is
/// in no registry).
pub async fn complete(
    agent_dir: PathBuf,
    current: Selection,
    args: &[Value],
    cancel: CancellationToken,
) -> Result<Value, String> {
    let none = Value::Null;
    let model = args.first().unwrap_or(&none);
    let context = args.get(1).unwrap_or(&none);
    let options = args.get(2).unwrap_or(&none);
    let is_current = model.get("provider").and_then(Value::as_str)
        == Some(current.model.provider.as_str())
        && model.get("id").and_then(Value::as_str) == Some(current.model.id.as_str());
    let selection = if is_current {
        current
    } else {
        selection_for(agent_dir, model).await?
    };
    let messages: Vec<AgentMessage> = match context.get("messages") {
        Some(list) => serde_json::from_value(list.clone())
            .map_err(|error| format!("context.messages: {error}"))?,
        None => Vec::new(),
    };
    let tools: Vec<ToolDeclaration> = match context.get("tools") {
        Some(list) if !list.is_null() => serde_json::from_value(list.clone())
            .map_err(|error| format!("context.tools: {error}"))?,
        _ => Vec::new(),
    };
    let thinking_level = options
        .get("reasoning")
        .and_then(Value::as_str)
        .and_then(ThinkingLevel::parse)
        .unwrap_or(ThinkingLevel::Off);
    let api_key = options
        .get("apiKey")
        .and_then(Value::as_str)
        .map(str::to_string)
        .or(selection.api_key);
    let request = ProviderRequest {
        model: selection.model,
        system_prompt: context
            .get("systemPrompt")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string(),
        messages: tau_agent::convert_to_llm_owned(messages),
        tools,
        thinking_level,
        api_key,
        hooks: None,
    };
    let mut stream = selection.provider.stream(request, cancel);
    while let Some(event) = stream.next().await {
        match event {
            AssistantMessageEvent::Done { message, .. }
            | AssistantMessageEvent::Error { error: message, .. } => {
                return serde_json::to_value(&message).map_err(|error| error.to_string());
            }
            _ => {}
        }
    }
    Err("the provider ended its stream without a final message".into())
}

/// `modelRegistry.getApiKeyAndHeaders(model)` / `getApiKeyForProvider(provider)`: the key
/// tau would send (`{ok, apiKey, headers}`), or `{ok: false, error}`.
pub async fn auth(agent_dir: PathBuf, model: &Value) -> Value {
    match selection_for(agent_dir, model).await {
        Ok(selection) => json!({
            "ok": true,
            "apiKey": selection.api_key,
            "headers": selection.model.headers,
        }),
        Err(error) => json!({ "ok": false, "error": error }),
    }
}
