//! Pi's layering of extension providers over the composed registry (pure: the process-wide
//! list is not touched, so these run beside the registry tests).

use std::path::Path;

use serde_json::json;

use super::super::compose::{compose, Composed};
use super::super::config::ModelsFile;
use super::*;

fn builtin() -> Composed {
    compose(&ModelsFile::default(), Path::new("models.json"))
}

fn register_all(entries: &[(&str, Value)]) -> Vec<RegisteredProvider> {
    let mut list: Vec<RegisteredProvider> = Vec::new();
    for (name, config) in entries {
        let earlier = list.iter().find(|p| p.name == *name);
        let entry = merged(earlier, name, config).expect("valid registration");
        list.retain(|p| p.name != *name);
        list.push(entry);
    }
    list
}

fn layer(entries: &[(&str, Value)]) -> (Composed, Vec<String>) {
    let mut composed = builtin();
    let errors = apply_registrations(
        &register_all(entries),
        &mut composed.models,
        &mut composed.auth,
        &mut composed.model_headers,
    );
    (composed, errors)
}

#[test]
fn a_new_provider_adds_its_models_before_the_scripted_ones() {
    let config = json!({
        "name": "Acme", "baseUrl": "https://acme.example/v1", "apiKey": "$ACME_KEY",
        "api": "openai-completions", "authHeader": true,
        "headers": {"x-team": "core"},
        "models": [{"id": "acme-1", "contextWindow": 1000, "maxTokens": 100,
                    "headers": {"x-model": "one"}}],
    });
    let (composed, errors) = layer(&[("acme", config)]);
    assert!(errors.is_empty(), "{errors:?}");
    let at = composed
        .models
        .iter()
        .position(|m| m.provider == "acme")
        .expect("added");
    let model = &composed.models[at];
    assert_eq!(model.api, "openai-completions");
    assert_eq!(model.base_url, "https://acme.example/v1");
    assert_eq!(model.name, "acme-1");
    assert_eq!(model.input, ["text"]);
    assert_eq!(model.context_window, 1000);
    assert!(composed.models[at + 1..]
        .iter()
        .all(|m| m.provider == "scripted"));
    let auth = &composed.auth["acme"];
    assert_eq!(auth.api_key.as_deref(), Some("$ACME_KEY"));
    assert!(auth.auth_header);
    assert_eq!(auth.headers, [("x-team".to_owned(), "core".to_owned())]);
    assert_eq!(
        composed.model_headers[&("acme".to_owned(), "acme-1".to_owned())],
        [("x-model".to_owned(), "one".to_owned())]
    );
}

#[test]
fn base_url_alone_redirects_a_builtin_provider_and_keeps_its_catalogue() {
    let before: Vec<String> = builtin()
        .models
        .iter()
        .filter(|m| m.provider == "anthropic")
        .map(|m| m.id.clone())
        .collect();
    let config = json!({"baseUrl": "http://127.0.0.1:1", "headers": {"x-gw": "1"}});
    let (composed, errors) = layer(&[("anthropic", config)]);
    assert!(errors.is_empty(), "{errors:?}");
    let after: Vec<&Model> = composed
        .models
        .iter()
        .filter(|m| m.provider == "anthropic")
        .collect();
    assert_eq!(
        after.iter().map(|m| m.id.clone()).collect::<Vec<_>>(),
        before
    );
    assert!(after.iter().all(|m| m.base_url == "http://127.0.0.1:1"));
    assert!(after.iter().all(|m| m.api == "anthropic-messages"));
    assert_eq!(
        composed.auth["anthropic"].headers,
        [("x-gw".to_owned(), "1".to_owned())]
    );
    assert_eq!(
        composed.auth["anthropic"].api_key, None,
        "the key stays the environment's"
    );
}

#[test]
fn models_replace_a_providers_catalogue_and_default_from_it() {
    let config = json!({"models": [{"id": "claude-sonnet-4-5", "name": "Only"}]});
    let (composed, errors) = layer(&[("anthropic", config)]);
    assert!(errors.is_empty(), "{errors:?}");
    let models: Vec<&Model> = composed
        .models
        .iter()
        .filter(|m| m.provider == "anthropic")
        .collect();
    assert_eq!(models.len(), 1);
    // api and baseUrl come from the built-in model it replaced.
    assert_eq!(models[0].api, "anthropic-messages");
    assert_eq!(models[0].base_url, "https://api.anthropic.com");
    assert_eq!(models[0].name, "Only");
}

#[test]
fn a_later_registration_changes_only_the_fields_it_sets() {
    let first = json!({"baseUrl": "https://a", "apiKey": "k", "api": "custom-api", "streamSimple": true,
                       "models": [{"id": "m1"}]});
    let second = json!({"baseUrl": "http://127.0.0.1:2"});
    let list = register_all(&[("custom", first), ("custom", second)]);
    assert_eq!(list.len(), 1);
    assert!(list[0].streams("custom-api"));
    assert!(!list[0].streams("openai-completions"));
    let mut composed = builtin();
    apply_registrations(
        &list,
        &mut composed.models,
        &mut composed.auth,
        &mut composed.model_headers,
    );
    let model = composed
        .models
        .iter()
        .find(|m| m.provider == "custom")
        .expect("model");
    assert_eq!(model.base_url, "http://127.0.0.1:2");
    assert_eq!(model.api, "custom-api");
}

#[test]
fn registrations_pi_refuses_are_refused_with_pis_words() {
    let error =
        merged(None, "x", &json!({"streamSimple": true, "baseUrl": "b"})).expect_err("no api");
    assert_eq!(
        error,
        "Provider x: \"api\" is required when registering streamSimple."
    );
    let error =
        merged(None, "x", &json!({"baseUrl": "b", "models": [{"id": "m"}]})).expect_err("no api");
    assert!(error.contains("model m: no \"api\" specified"), "{error}");
    let error =
        merged(None, "x", &json!({"api": "a", "models": [{"id": "m"}]})).expect_err("no url");
    assert!(error.contains("\"baseUrl\" is required"), "{error}");
    assert!(merged(None, " ", &json!({})).is_err());
}
