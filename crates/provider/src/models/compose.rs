//! Layering models.json over the built-in providers, with Pi's rules (provider-composer.js):
//!
//! - A provider entry with a built-in id changes that provider: `baseUrl` and `compat` apply
//!   to its built-in models, `models` entries add models or replace the one with the same id.
//!   Any other id adds a provider, whose models need an `api` and a `baseUrl` (from the
//!   model, the provider, or the provider's first model with a matching api).
//! - `modelOverrides` apply last, to models of the provider by id; unknown ids are ignored.
//!   Object fields (`cost`, `thinkingLevelMap`, `compat`) merge field by field.
//! - An entry that cannot be used is reported and skipped as a whole: a built-in provider
//!   then stays as built in.
//!
//! Provider order, which decides the first available model, is: built-in providers, the
//! file's other providers in file order, then tau's scripted provider.

use std::collections::HashMap;
use std::path::Path;

use serde_json::{Map, Value};
use tau_protocol::model::ModelCost;
use tau_protocol::Model;

use super::catalog::{builtin_models_of, builtin_providers, scripted_models};
use super::config::{
    ModelDefinition, ModelOverride, ModelsError, ModelsFile, Ordered, ProviderConfig,
};
use crate::scripted::SCRIPTED;

/// Credentials-related settings of a provider that has a models.json entry.
#[derive(Debug, Clone, Default)]
pub(super) struct ProviderAuth {
    /// Raw `apiKey` (literal, `$ENV` or `!command`).
    pub api_key: Option<String>,
    /// Raw provider headers.
    pub headers: Vec<(String, String)>,
    /// Send the key as `Authorization: Bearer`.
    pub auth_header: bool,
}

/// The result of layering models.json over the built-ins.
#[derive(Debug, Default)]
pub(super) struct Composed {
    /// Every model, in provider order.
    pub models: Vec<Model>,
    /// Providers with a models.json entry that applied.
    pub auth: HashMap<String, ProviderAuth>,
    /// Raw request headers per `(provider, model id)`, from `models` and `modelOverrides`.
    pub model_headers: HashMap<(String, String), Vec<(String, String)>>,
    /// Entries that were skipped.
    pub errors: Vec<ModelsError>,
}

/// Layers `file` (read from `path`) over the built-in providers.
pub(super) fn compose(file: &ModelsFile, path: &Path) -> Composed {
    let mut ids: Vec<&str> = builtin_providers().to_vec();
    for (id, _) in &file.providers.0 {
        if !ids.contains(&id.as_str()) && id != SCRIPTED {
            ids.push(id);
        }
    }
    ids.push(SCRIPTED);

    let mut composed = Composed::default();
    for id in ids {
        let base: Vec<Model> = if id == SCRIPTED {
            scripted_models()
        } else {
            builtin_models_of(id).cloned().collect()
        };
        let Some(config) = file.providers.get(id) else {
            composed.models.extend(base);
            continue;
        };
        match apply(id, &base, config) {
            Ok(models) => {
                for model in &models {
                    let headers = model_headers(config, &model.id);
                    if !headers.is_empty() {
                        composed
                            .model_headers
                            .insert((id.to_owned(), model.id.clone()), headers);
                    }
                }
                composed.models.extend(models);
                composed.auth.insert(
                    id.to_owned(),
                    ProviderAuth {
                        api_key: config.api_key.as_ref().map(|key| key.0.clone()),
                        headers: pairs(config.headers.as_ref()),
                        auth_header: config.auth_header.unwrap_or(false),
                    },
                );
            }
            Err(message) => {
                composed.errors.push(ModelsError::Provider {
                    path: path.to_owned(),
                    provider: id.to_owned(),
                    message,
                });
                composed.models.extend(base);
            }
        }
    }
    composed
}

fn pairs(headers: Option<&Ordered<String>>) -> Vec<(String, String)> {
    headers.map(|headers| headers.0.clone()).unwrap_or_default()
}

/// A model's own headers: its override's, then its definition's (which win).
fn model_headers(config: &ProviderConfig, id: &str) -> Vec<(String, String)> {
    let mut headers = pairs(
        config
            .model_overrides
            .as_ref()
            .and_then(|overrides| overrides.get(id))
            .and_then(|o| o.headers.as_ref()),
    );
    let definition = config.models.iter().flatten().find(|d| d.id.0 == id);
    for (name, value) in pairs(definition.and_then(|d| d.headers.as_ref())) {
        headers.retain(|(existing, _)| *existing != name);
        headers.push((name, value));
    }
    headers
}

fn apply(id: &str, base: &[Model], config: &ProviderConfig) -> Result<Vec<Model>, String> {
    let has_overrides = config
        .model_overrides
        .as_ref()
        .is_some_and(|o| !o.is_empty());
    let has_models = config.models.as_ref().is_some_and(|m| !m.is_empty());
    if !has_models
        && config.base_url.is_none()
        && config.headers.is_none()
        && config.compat.is_none()
        && !has_overrides
        && config.api_key.is_none()
        && config.oauth.is_none()
        && config.auth_header.is_none()
    {
        return Err(
            r#"must specify "baseUrl", "headers", "compat", "modelOverrides", or "models""#
                .to_owned(),
        );
    }
    let mut models: Vec<Model> = base
        .iter()
        .map(|model| Model {
            base_url: config
                .base_url
                .as_ref()
                .map_or_else(|| model.base_url.clone(), |url| url.0.clone()),
            compat: merge_compat(model.compat.as_ref(), config.compat.as_ref()),
            ..model.clone()
        })
        .collect();
    for definition in config.models.iter().flatten() {
        let model = from_definition(id, definition, config, &models)?;
        match models.iter_mut().find(|existing| existing.id == model.id) {
            Some(existing) => *existing = model,
            None => models.push(model),
        }
    }
    if let Some(overrides) = &config.model_overrides {
        for model in &mut models {
            if let Some(change) = overrides.get(&model.id) {
                apply_override(model, change);
            }
        }
    }
    Ok(models)
}

/// Pi's `findModelDefaults`: the model with this id, else one with the same api, else an
/// openai-completions one, else the first.
fn defaults<'a>(models: &'a [Model], id: &str, api: Option<&str>) -> Option<&'a Model> {
    models
        .iter()
        .find(|m| m.id == id)
        .or_else(|| api.and_then(|api| models.iter().find(|m| m.api == api)))
        .or_else(|| models.iter().find(|m| m.api == "openai-completions"))
        .or_else(|| models.first())
}

fn from_definition(
    provider: &str,
    definition: &ModelDefinition,
    config: &ProviderConfig,
    models: &[Model],
) -> Result<Model, String> {
    let id = &definition.id.0;
    let wanted_api = definition
        .api
        .as_ref()
        .or(config.api.as_ref())
        .map(|api| api.0.as_str());
    let defaults = defaults(models, id, wanted_api);
    let api = wanted_api
        .map(str::to_owned)
        .or_else(|| defaults.map(|m| m.api.clone()))
        .ok_or_else(|| {
            format!(r#"model "{id}" has no "api"; set "api" on the provider or the model"#)
        })?;
    let base_url = definition
        .base_url
        .as_ref()
        .or(config.base_url.as_ref())
        .map(|url| url.0.clone())
        .or_else(|| defaults.map(|m| m.base_url.clone()))
        .ok_or_else(|| r#""baseUrl" is required when defining custom models"#.to_owned())?;
    let cost = definition
        .cost
        .as_ref()
        .map_or_else(ModelCost::default, |cost| ModelCost {
            input: cost.input,
            output: cost.output,
            cache_read: cost.cache_read,
            cache_write: cost.cache_write,
        });
    Ok(Model {
        id: id.clone(),
        name: definition
            .name
            .as_ref()
            .map_or_else(|| id.clone(), |name| name.0.clone()),
        api,
        provider: provider.to_owned(),
        base_url,
        reasoning: definition.reasoning.unwrap_or(false),
        input: definition.input.as_ref().map_or_else(
            || vec!["text".to_owned()],
            |input| input.iter().map(|m| m.as_str().to_owned()).collect(),
        ),
        cost,
        context_window: definition.context_window.map_or(128_000, |t| t.0),
        max_tokens: definition.max_tokens.map_or(16_384, |t| t.0),
        headers: None,
        compat: merge_compat(
            config
                .compat
                .as_ref()
                .map(|c| Value::Object(c.clone()))
                .as_ref(),
            definition.compat.as_ref(),
        ),
        thinking_level_map: definition.thinking_level_map.clone().map(Value::Object),
    })
}

/// Pi's `mergeCompat`: `override` over `base` per field, and per field inside the routing and
/// chat-template objects.
fn merge_compat(base: Option<&Value>, over: Option<&Map<String, Value>>) -> Option<Value> {
    let Some(over) = over else {
        return base.cloned();
    };
    let base = base.and_then(Value::as_object);
    let mut merged = base.cloned().unwrap_or_default();
    for (key, value) in over {
        merged.insert(key.clone(), value.clone());
    }
    for key in [
        "openRouterRouting",
        "vercelGatewayRouting",
        "chatTemplateKwargs",
        "chatTemplateArgs",
    ] {
        let old = base.and_then(|b| b.get(key)).and_then(Value::as_object);
        let new = over.get(key).and_then(Value::as_object);
        if old.is_some() || new.is_some() {
            let mut nested = old.cloned().unwrap_or_default();
            nested.extend(new.cloned().unwrap_or_default());
            merged.insert(key.to_owned(), Value::Object(nested));
        }
    }
    Some(Value::Object(merged))
}

fn apply_override(model: &mut Model, change: &ModelOverride) {
    if let Some(name) = &change.name {
        model.name = name.0.clone();
    }
    if let Some(reasoning) = change.reasoning {
        model.reasoning = reasoning;
    }
    if let Some(map) = &change.thinking_level_map {
        let mut merged = model
            .thinking_level_map
            .as_ref()
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default();
        merged.extend(map.clone());
        model.thinking_level_map = Some(Value::Object(merged));
    }
    if let Some(input) = &change.input {
        model.input = input.iter().map(|m| m.as_str().to_owned()).collect();
    }
    if let Some(cost) = &change.cost {
        let old = &model.cost;
        model.cost = ModelCost {
            input: cost.input.unwrap_or(old.input),
            output: cost.output.unwrap_or(old.output),
            cache_read: cost.cache_read.unwrap_or(old.cache_read),
            cache_write: cost.cache_write.unwrap_or(old.cache_write),
        };
    }
    if let Some(tokens) = change.context_window {
        model.context_window = tokens.0;
    }
    if let Some(tokens) = change.max_tokens {
        model.max_tokens = tokens.0;
    }
    model.compat = merge_compat(model.compat.as_ref(), change.compat.as_ref());
}
