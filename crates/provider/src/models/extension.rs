//! Providers that extensions register (`pi.registerProvider(name, config)`), layered over the
//! built-in and models.json providers with Pi's rules (provider-composer.js):
//!
//! - `models` replaces every model of the provider; each needs an `api` (its own or the
//!   provider's) and a `baseUrl` (its own, the provider's, or the replaced model's).
//! - Without `models`, a `baseUrl` redirects the provider's models and `headers` add request
//!   headers: a built-in provider keeps its catalogue.
//! - `apiKey` (literal, `$ENV`, `!command`), `headers` and `authHeader` win over models.json's.
//! - A later registration of the same name changes only the fields it sets; unregistering
//!   removes the layer, so the provider is again what it was without it.
//!
//! The registrations live for the process (one extension host serves it): every
//! [`super::ModelRegistry`] loaded afterwards includes them, wherever it is loaded.

use std::collections::HashMap;
use std::sync::RwLock;

use serde_json::{Map, Value};
use tau_protocol::Model;

use super::compose::ProviderAuth;

#[cfg(test)]
#[path = "extension_tests.rs"]
mod tests;

/// The `config` field set when the extension gave a `streamSimple` function (functions do
/// not cross the host channel; the host marks them).
pub const STREAM_SIMPLE: &str = "streamSimple";

/// One registration as the extension made it (fields merged over earlier ones).
#[derive(Debug, Clone, PartialEq)]
pub struct RegisteredProvider {
    /// The provider id.
    pub name: String,
    /// Pi's `ProviderConfig` as JSON; functions are marked by name (`streamSimple: true`).
    pub config: Map<String, Value>,
}

impl RegisteredProvider {
    /// Whether the extension streams models of `api` itself (`streamSimple` with that api).
    pub fn streams(&self, api: &str) -> bool {
        self.config.get(STREAM_SIMPLE).and_then(Value::as_bool) == Some(true)
            && self.config.get("api").and_then(Value::as_str) == Some(api)
    }

    /// Whether the extension gave an OAuth sign-in.
    pub fn has_oauth(&self) -> bool {
        self.config.get("oauth").is_some_and(Value::is_object)
    }

    fn text(&self, key: &str) -> Option<&str> {
        self.config.get(key).and_then(Value::as_str)
    }
}

/// A model an extension defined, with its raw request headers.
type DefinedModel = (Model, Vec<(String, String)>);

static REGISTERED: RwLock<Vec<RegisteredProvider>> = RwLock::new(Vec::new());

fn read() -> std::sync::RwLockReadGuard<'static, Vec<RegisteredProvider>> {
    REGISTERED
        .read()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn write() -> std::sync::RwLockWriteGuard<'static, Vec<RegisteredProvider>> {
    REGISTERED
        .write()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// `registerProvider(name, config)`: checks the config as Pi does (the error is Pi's), then
/// merges its defined fields over an earlier registration of `name`.
pub fn register(name: &str, config: &Value) -> Result<(), String> {
    let mut list = write();
    let entry = merged(list.iter().find(|p| p.name == name), name, config)?;
    match list.iter_mut().find(|p| p.name == name) {
        Some(existing) => *existing = entry,
        None => list.push(entry),
    }
    Ok(())
}

/// The registration `config` makes over `earlier` (Pi: later defined fields win), checked
/// as Pi checks it at registration.
pub fn merged(
    earlier: Option<&RegisteredProvider>,
    name: &str,
    config: &Value,
) -> Result<RegisteredProvider, String> {
    let Some(fields) = config.as_object() else {
        return Err(format!("Provider {name}: the config must be an object"));
    };
    if name.trim().is_empty() {
        return Err("Provider id must not be empty.".into());
    }
    let mut merged = earlier.map(|p| p.config.clone()).unwrap_or_default();
    for (key, value) in fields {
        if !value.is_null() {
            merged.insert(key.clone(), value.clone());
        }
    }
    let entry = RegisteredProvider {
        name: name.to_owned(),
        config: merged,
    };
    if entry.config.get(STREAM_SIMPLE).and_then(Value::as_bool) == Some(true)
        && entry.text("api").is_none()
    {
        return Err(format!(
            "Provider {name}: \"api\" is required when registering streamSimple."
        ));
    }
    // Models must be usable now (Pi validates at registration), with the built-in models
    // of the same provider as defaults.
    let builtin: Vec<Model> = super::catalog::builtin_models()
        .iter()
        .filter(|m| m.provider == name)
        .cloned()
        .collect();
    models_of(&entry, &builtin)?;
    Ok(entry)
}

/// `unregisterProvider(name)`: removes the layer; true when there was one.
pub fn unregister(name: &str) -> bool {
    let mut list = write();
    let before = list.len();
    list.retain(|p| p.name != name);
    list.len() != before
}

/// Every registration, in registration order.
pub fn registered() -> Vec<RegisteredProvider> {
    read().clone()
}

/// The registration of `provider`, if an extension made one.
pub fn registration(provider: &str) -> Option<RegisteredProvider> {
    read().iter().find(|p| p.name == provider).cloned()
}

/// Forgets every registration (the extensions were unloaded or reloaded).
pub fn clear() {
    write().clear();
}

/// The registration's own models (`None` without `models`), built as Pi's
/// `extensionModelFromDefinition` builds them, with each model's raw headers. `existing` are
/// the provider's models without the layer (defaults for `api` and `baseUrl`).
fn models_of(
    entry: &RegisteredProvider,
    existing: &[Model],
) -> Result<Option<Vec<DefinedModel>>, String> {
    let Some(definitions) = entry.config.get("models") else {
        return Ok(None);
    };
    let Some(definitions) = definitions.as_array() else {
        return Err(format!(
            "Provider {}: \"models\" must be an array",
            entry.name
        ));
    };
    let name = &entry.name;
    let mut models = Vec::new();
    for definition in definitions {
        let Some(fields) = definition.as_object() else {
            return Err(format!("Provider {name}: each model must be an object"));
        };
        let id = fields.get("id").and_then(Value::as_str).unwrap_or_default();
        if id.is_empty() {
            return Err(format!("Provider {name}: a model has no \"id\""));
        }
        let kind = fields.get("type").and_then(Value::as_str).unwrap_or("chat");
        if kind != "chat" {
            // Image and classifier models are not chat models; tau has no use for them yet.
            continue;
        }
        let same = existing.iter().find(|m| m.id == id);
        let api = fields
            .get("api")
            .and_then(Value::as_str)
            .or(entry.text("api"))
            .map(str::to_owned)
            .or_else(|| same.map(|m| m.api.clone()))
            .ok_or_else(|| {
                format!("Provider {name}, model {id}: no \"api\" specified. Set it at model level or provider level.")
            })?;
        let base_url = fields
            .get("baseUrl")
            .and_then(Value::as_str)
            .or(entry.text("baseUrl"))
            .map(str::to_owned)
            .or_else(|| same.map(|m| m.base_url.clone()))
            .ok_or_else(|| {
                format!("Provider {name}: \"baseUrl\" is required when defining custom models.")
            })?;
        let mut model = fields.clone();
        model.insert("api".into(), Value::String(api));
        model.insert("provider".into(), Value::String(name.clone()));
        model.insert("baseUrl".into(), Value::String(base_url));
        model
            .entry("name")
            .or_insert_with(|| Value::String(id.to_owned()));
        model
            .entry("input")
            .or_insert_with(|| serde_json::json!(["text"]));
        let headers = raw_headers(model.remove("headers").as_ref());
        let model: Model = serde_json::from_value(Value::Object(model))
            .map_err(|error| format!("Provider {name}, model {id}: {error}"))?;
        models.push((model, headers));
    }
    Ok(Some(models))
}

fn raw_headers(headers: Option<&Value>) -> Vec<(String, String)> {
    headers
        .and_then(Value::as_object)
        .map(|headers| {
            headers
                .iter()
                .filter_map(|(name, value)| Some((name.clone(), value.as_str()?.to_owned())))
                .collect()
        })
        .unwrap_or_default()
}

/// Applies every registration over the composed models, auth and headers; returns the
/// registrations that could not be applied, with Pi's message (the provider then stays as
/// it was without them).
pub(super) fn apply_all(
    models: &mut Vec<Model>,
    auth: &mut HashMap<String, ProviderAuth>,
    model_headers: &mut HashMap<(String, String), Vec<(String, String)>>,
) -> Vec<String> {
    apply_registrations(&read(), models, auth, model_headers)
}

/// [`apply_all`] with the registrations given.
pub(super) fn apply_registrations(
    registrations: &[RegisteredProvider],
    models: &mut Vec<Model>,
    auth: &mut HashMap<String, ProviderAuth>,
    model_headers: &mut HashMap<(String, String), Vec<(String, String)>>,
) -> Vec<String> {
    let mut errors = Vec::new();
    for entry in registrations {
        let existing: Vec<Model> = models
            .iter()
            .filter(|m| m.provider == entry.name)
            .cloned()
            .collect();
        match models_of(entry, &existing) {
            Ok(replacement) => commit(entry, replacement, models, auth, model_headers),
            Err(error) => errors.push(error),
        }
    }
    errors
}

fn commit(
    entry: &RegisteredProvider,
    replacement: Option<Vec<DefinedModel>>,
    models: &mut Vec<Model>,
    auth: &mut HashMap<String, ProviderAuth>,
    model_headers: &mut HashMap<(String, String), Vec<(String, String)>>,
) {
    let name = &entry.name;
    match replacement {
        Some(replacement) => {
            // The new models take the place of the old ones (a new provider goes before
            // tau's scripted one, which stays last).
            let at = models
                .iter()
                .position(|m| &m.provider == name)
                .or_else(|| {
                    models
                        .iter()
                        .position(|m| super::catalog::is_keyless(&m.provider))
                })
                .unwrap_or(models.len());
            models.retain(|m| &m.provider != name);
            model_headers.retain(|(provider, _), _| provider != name);
            let at = at.min(models.len());
            for (offset, (model, headers)) in replacement.into_iter().enumerate() {
                if !headers.is_empty() {
                    model_headers.insert((name.clone(), model.id.clone()), headers);
                }
                models.insert(at + offset, model);
            }
        }
        None => {
            if let Some(url) = entry.text("baseUrl") {
                for model in models.iter_mut().filter(|m| &m.provider == name) {
                    model.base_url = url.to_owned();
                }
            }
        }
    }
    let provider_auth = auth.entry(name.clone()).or_default();
    if let Some(key) = entry.text("apiKey") {
        provider_auth.api_key = Some(key.to_owned());
    }
    for (header, value) in raw_headers(entry.config.get("headers")) {
        provider_auth
            .headers
            .retain(|(existing, _)| !existing.eq_ignore_ascii_case(&header));
        provider_auth.headers.push((header, value));
    }
    if let Some(flag) = entry.config.get("authHeader").and_then(Value::as_bool) {
        provider_auth.auth_header = flag;
    }
}
