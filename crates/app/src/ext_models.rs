//! `ctx.modelRegistry` calls that need tau: `complete` (and the host's `stream` /
//! `streamSimple` built on it) served by tau's own providers, so the requests go through
//! the same code, keys and settings as the agent's, and key lookups.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use futures::StreamExt;
use serde_json::{json, Value};
use tau_protocol::{AgentMessage, AssistantMessageEvent, ThinkingLevel, ToolDeclaration};
use tau_provider::models::ModelRegistry;
use tau_provider::ProviderRequest;
use tokio_util::sync::CancellationToken;

use crate::model::{switch_to, Selection};

/// The registry as the host mirrors it (`models`: with credentials, `allModelsJson`: every
/// one, as JSON text the host parses on first use, `providers`: their display names),
/// shared by the state source and the actions that change it.
pub type SharedModels = Arc<Mutex<Value>>;

/// The registry view for the host's mirror, read off the async threads.
pub async fn registry_view(agent_dir: &Path) -> Value {
    let agent_dir = agent_dir.to_path_buf();
    tokio::task::spawn_blocking(move || {
        let (registry, _) = ModelRegistry::load(&agent_dir);
        let json = |models: Vec<&tau_protocol::Model>| -> Vec<Value> {
            models.into_iter().map(crate::model::model_json).collect()
        };
        let all: Vec<&tau_protocol::Model> = registry
            .all()
            .iter()
            .filter(|m| !tau_provider::models::catalog::is_keyless(&m.provider))
            .collect();
        let providers: serde_json::Map<String, Value> = registry
            .providers()
            .into_iter()
            .map(|id| (id.to_owned(), json!(provider_info(&registry, id))))
            .collect();
        json!({
            "models": json(registry.available()),
            "allModelsJson": json_text(all),
            "providers": providers,
        })
    })
    .await
    .unwrap_or_else(|_| json!({ "models": [], "allModelsJson": "[]" }))
}

/// `models` as one JSON array text, one model at a time: the whole catalogue (~1,700
/// models) held as JSON values cost tau ~35 MiB and the host as much again as objects,
/// while most runs never list it.
fn json_text(models: Vec<&tau_protocol::Model>) -> String {
    let mut text = String::from("[");
    for (i, model) in models.into_iter().enumerate() {
        if i > 0 {
            text.push(',');
        }
        text.push_str(&crate::model::model_json(model).to_string());
    }
    text.push(']');
    text
}

/// Pi's `getProvider(id)` data: id, name, baseUrl, and whether it has credentials.
fn provider_info(registry: &ModelRegistry, id: &str) -> Value {
    let registration = tau_provider::models::extension::registration(id);
    let config = registration.as_ref().map(|r| &r.config);
    let text = |key: &str| config.and_then(|c| c.get(key)).and_then(Value::as_str);
    let oauth_name = config
        .and_then(|c| c.get("oauth"))
        .and_then(|o| o.get("name"))
        .and_then(Value::as_str);
    let base_url = text("baseUrl").map(str::to_owned).or_else(|| {
        registry
            .all()
            .iter()
            .find(|m| m.provider == id)
            .map(|m| m.base_url.clone())
    });
    json!({
        "id": id,
        "name": text("name").or(oauth_name).unwrap_or(id),
        "baseUrl": base_url,
        "configured": registry.has_credentials(id),
        "oauth": registration.as_ref().is_some_and(|r| r.has_oauth()),
        "usingOAuth": registry.uses_oauth(id),
    })
}

/// Where an extension provider's own `apiKey` comes from, in Pi's words: the variable a
/// `$NAME` key reads, else "configured API key". `None` when the extension gave no key.
fn extension_key_source(provider: &str) -> Option<String> {
    let registration = tau_provider::models::extension::registration(provider)?;
    let key = registration.config.get("apiKey")?.as_str()?;
    let name = key
        .strip_prefix("${")
        .and_then(|rest| rest.strip_suffix('}'))
        .or_else(|| key.strip_prefix('$'))
        .filter(|name| {
            !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        });
    Some(name.map_or_else(|| "configured API key".to_owned(), str::to_owned))
}

/// A fresh shared view.
pub async fn shared_models(agent_dir: &Path) -> SharedModels {
    Arc::new(Mutex::new(registry_view(agent_dir).await))
}

/// Registers the providers the extensions' factories registered (the load report), in
/// order, over a clean slate; each failure goes to `warn` with Pi's message.
pub fn register_reported(report: &tau_protocol::bridge::LoadReport, warn: &dyn Fn(&str)) {
    tau_provider::models::extension::clear();
    for ext in report.extensions.iter().filter(|ext| ext.ok) {
        for provider in &ext.providers {
            if let Err(error) = register_one(provider) {
                warn(&format!("extension {}: {error}", ext.path));
            }
        }
    }
}

/// `registerProvider` as the host announces it: `{name, config, native}`.
pub fn register_one(provider: &Value) -> Result<(), String> {
    let name = provider
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or_default();
    if provider.get("native").and_then(Value::as_bool) == Some(true) {
        return Err(format!(
            "registerProvider({{id: \"{name}\", ...}}) with a complete pi-ai Provider is not supported by tau yet; register by name with a ProviderConfig"
        ));
    }
    let config = provider.get("config").unwrap_or(&Value::Null);
    tau_provider::models::extension::register(name, config)
}

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
/// With `events` (the host and the stream id its `stream`/`streamSimple` gave), every event
/// is sent to the host as it arrives, before the answer.
pub async fn complete(
    agent_dir: PathBuf,
    current: Selection,
    args: &[Value],
    cancel: CancellationToken,
    events: Option<(Arc<tau_ext_bridge::ExtensionHost>, String)>,
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
        // The extension's own options, as pi-ai reads them.
        session_id: options
            .get("sessionId")
            .and_then(Value::as_str)
            .map(str::to_owned),
        no_cache_retention: options.get("cacheRetention").and_then(Value::as_str) == Some("none"),
    };
    let started = std::time::Instant::now();
    let mut stream = selection.provider.stream(request, cancel);
    while let Some(event) = stream.next().await {
        if let Some((host, id)) = &events {
            if let Ok(value) = serde_json::to_value(&event) {
                let _ = host.model_event(id, value).await;
            }
        }
        match event {
            AssistantMessageEvent::Done { mut message, .. }
            | AssistantMessageEvent::Error {
                error: mut message, ..
            } => {
                // Pi's message: `role` included, and how long the request took.
                let elapsed = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
                message.duration_ms.get_or_insert(elapsed);
                let value = serde_json::to_value(&message).map_err(|error| error.to_string())?;
                let mut shaped = serde_json::Map::new();
                shaped.insert("role".into(), json!("assistant"));
                if let Value::Object(fields) = value {
                    shaped.extend(fields);
                }
                return Ok(Value::Object(shaped));
            }
            _ => {}
        }
    }
    Err("the provider ended its stream without a final message".into())
}

/// `modelRegistry.getApiKeyAndHeaders(model)` / `getApiKeyForProvider(provider)`: the key
/// tau would send (`{ok, apiKey, headers}`), or `{ok: false, error}`.
pub async fn auth(agent_dir: PathBuf, model: &Value) -> Value {
    let provider = model
        .get("provider")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    let source = {
        let agent_dir = agent_dir.clone();
        tokio::task::spawn_blocking(move || {
            let source = ModelRegistry::load(&agent_dir).0.key_source(&provider)?;
            Some(extension_key_source(&provider).unwrap_or(source))
        })
        .await
        .ok()
        .flatten()
    };
    match selection_for(agent_dir, model).await {
        Ok(selection) => json!({
            "ok": true,
            "apiKey": selection.api_key,
            "headers": selection.model.headers,
            "source": source,
        }),
        Err(error) => json!({ "ok": false, "error": error }),
    }
}
