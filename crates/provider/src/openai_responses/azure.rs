//! Azure OpenAI's Responses endpoint (pi-ai's `azure-openai-responses` api): the same
//! stream and body as [`super`], sent where and how the AzureOpenAI SDK sends it.
//!
//! - Base URL: the provider's, else `AZURE_OPENAI_BASE_URL`, else
//!   `https://<AZURE_OPENAI_RESOURCE_NAME>.openai.azure.com/openai/v1`, else the model's
//!   `baseUrl`. On an Azure host (`*.openai.azure.com`, `*.cognitiveservices.azure.com`,
//!   `*.ai.azure.com`) a bare root, `/openai` or `/openai/v1/responses` path becomes
//!   `/openai/v1`.
//! - URL: `{base}/responses?api-version=<AZURE_OPENAI_API_VERSION or v1>`.
//! - The key goes in an `api-key` header, not `Authorization`.
//! - The body's `model` is the deployment: the model's entry in
//!   `AZURE_OPENAI_DEPLOYMENT_NAME_MAP` (`gpt-5=my-gpt5,gpt-4o=prod-4o`), else the model id.
//! - Tools go with `strict` unless the model's compat says `supportsStrictMode: false`; no
//!   cache retention, ChatGPT sign-in or `configuration_update` handling (OpenAI's own).

use reqwest::Url;
use serde_json::Value;
use tau_protocol::Model;

use super::compat::Compat;
use crate::endpoint::EndpointSettings;
use crate::error::{ErrorContext, ProviderError};
use crate::session_affinity;

/// The `api` name of Azure OpenAI's Responses endpoint.
pub const API: &str = "azure-openai-responses";
/// The api version asked for without `AZURE_OPENAI_API_VERSION`.
const DEFAULT_API_VERSION: &str = "v1";
/// Hosts that get the `/openai/v1` path filled in.
const AZURE_HOST_SUFFIXES: [&str; 3] = [
    ".openai.azure.com",
    ".cognitiveservices.azure.com",
    ".ai.azure.com",
];
/// Providers whose Responses item ids survive a replay to Azure.
pub const ITEM_ID_PROVIDERS: [&str; 4] = ["openai", "openai-codex", "opencode", "azure"];
/// pi-ai's error when nothing names the endpoint.
const NO_BASE_URL: &str = "Azure OpenAI base URL is required. Set AZURE_OPENAI_BASE_URL or AZURE_OPENAI_RESOURCE_NAME, or pass azureBaseUrl, azureResourceName, or model.baseUrl.";

/// A variable of the environment, empty counting as unset.
fn env(name: &str) -> Option<String> {
    std::env::var(name)
        .ok()
        .filter(|value| !value.trim().is_empty())
}

/// `{base}/responses?api-version=…`, or pi-ai's error for a missing or invalid base URL.
pub fn url(settings: &EndpointSettings, model: &Model) -> Result<String, String> {
    let base = settings
        .base_url
        .clone()
        .filter(|url| !url.trim().is_empty())
        .or_else(|| env("AZURE_OPENAI_BASE_URL"))
        .map(|url| url.trim().to_owned())
        .or_else(|| {
            env("AZURE_OPENAI_RESOURCE_NAME")
                .map(|name| format!("https://{}.openai.azure.com/openai/v1", name.trim()))
        })
        .or_else(|| Some(model.base_url.clone()).filter(|url| !url.is_empty()))
        .ok_or_else(|| NO_BASE_URL.to_owned())?;
    let version = env("AZURE_OPENAI_API_VERSION").unwrap_or_else(|| DEFAULT_API_VERSION.into());
    Ok(format!(
        "{}/responses?api-version={version}",
        normalize_base_url(&base)?
    ))
}

/// pi-ai's `normalizeAzureBaseUrl`: trailing slashes go, Azure hosts get `/openai/v1`.
fn normalize_base_url(base: &str) -> Result<String, String> {
    let trimmed = base.trim().trim_end_matches('/');
    let mut url =
        Url::parse(trimmed).map_err(|_| format!("Invalid Azure OpenAI base URL: {base}"))?;
    let azure_host = url.host_str().is_some_and(|host| {
        AZURE_HOST_SUFFIXES
            .iter()
            .any(|suffix| host.ends_with(suffix))
    });
    let path = url.path().trim_end_matches('/').to_owned();
    if azure_host && matches!(path.as_str(), "" | "/openai" | "/openai/v1/responses") {
        url.set_path("/openai/v1");
        url.set_query(None);
    }
    Ok(url.as_str().trim_end_matches('/').to_owned())
}

/// The deployment a model is served by.
pub fn deployment_name(model: &Model) -> String {
    env("AZURE_OPENAI_DEPLOYMENT_NAME_MAP")
        .and_then(|map| {
            map.split(',').find_map(|entry| {
                let (id, deployment) = entry.trim().split_once('=')?;
                // Like pi-ai, only the text up to a second `=` names the deployment.
                let deployment = deployment.split('=').next().unwrap_or_default();
                (id.trim() == model.id && !deployment.trim().is_empty())
                    .then(|| deployment.trim().to_owned())
            })
        })
        .unwrap_or_else(|| model.id.clone())
}

/// The compat settings pi-ai's Azure provider reads: strict tools by default, always
/// `max_output_tokens`, none of OpenAI's cache or effort-update features.
pub fn compat(model: &Model) -> Compat {
    let mut compat = Compat::for_model(model);
    compat.supports_strict_mode = model
        .compat
        .as_ref()
        .and_then(|compat| compat.get("supportsStrictMode"))
        .and_then(Value::as_bool)
        .unwrap_or(true);
    compat.supports_max_output_tokens = true;
    compat.supports_long_cache_retention = false;
    compat.supports_explicit_prompt_cache_mode = false;
    compat.supports_mid_convo_effort = false;
    compat
}

/// Headers in the SDK's order: `accept`, the key as `api-key`, the model's `headers` (`null`
/// removes one), the provider's extra headers, then the content type. Without a key, an
/// `api-key` or `Authorization` header of the user's own stands in for it.
pub fn headers(
    settings: &EndpointSettings,
    model: &Model,
    request_key: Option<&str>,
    session_id: Option<&str>,
    context: &ErrorContext,
) -> Result<Vec<(String, String)>, ProviderError> {
    let mut headers: Vec<(String, Option<String>)> =
        vec![("accept".into(), Some("application/json".into()))];
    let key = settings.key(request_key);
    if let Some(key) = &key {
        headers.push(("api-key".into(), Some(key.clone())));
    }
    for (name, value) in model.headers.iter().flatten() {
        let value = match value {
            Value::Null => None,
            Value::String(text) => Some(text.clone()),
            other => Some(other.to_string()),
        };
        headers.push((name.clone(), value));
    }
    headers.extend(
        session_affinity::with_opencode_session(model, session_id, &settings.headers)
            .into_iter()
            .map(|(name, value)| (name, Some(value))),
    );
    headers.push(("content-type".into(), Some("application/json".into())));
    let mut merged: Vec<(String, String)> = Vec::new();
    for (name, value) in headers {
        merged.retain(|(existing, _)| !existing.eq_ignore_ascii_case(&name));
        if let Some(value) = value {
            merged.push((name, value));
        }
    }
    let has_credentials = merged.iter().any(|(name, value)| {
        matches!(
            name.to_ascii_lowercase().as_str(),
            "api-key" | "authorization"
        ) && !value.trim().is_empty()
    });
    if !has_credentials {
        return Err(ProviderError::MissingApiKey {
            provider: context.provider.clone(),
            hint: context.key_hint(),
        });
    }
    Ok(merged)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn azure_hosts_get_the_v1_path_and_others_keep_theirs() {
        for (base, expected) in [
            (
                "https://res.openai.azure.com",
                "https://res.openai.azure.com/openai/v1",
            ),
            (
                "https://res.openai.azure.com/openai/",
                "https://res.openai.azure.com/openai/v1",
            ),
            (
                "https://res.cognitiveservices.azure.com/openai/v1/responses?x=1",
                "https://res.cognitiveservices.azure.com/openai/v1",
            ),
            (
                "https://proj.services.ai.azure.com/",
                "https://proj.services.ai.azure.com/openai/v1",
            ),
            (
                "https://res.openai.azure.com/custom",
                "https://res.openai.azure.com/custom",
            ),
            (
                "http://127.0.0.1:8080/openai/v1/",
                "http://127.0.0.1:8080/openai/v1",
            ),
            ("http://127.0.0.1:8080", "http://127.0.0.1:8080"),
        ] {
            assert_eq!(normalize_base_url(base).unwrap(), expected, "{base}");
        }
        assert_eq!(
            normalize_base_url("not a url").unwrap_err(),
            "Invalid Azure OpenAI base URL: not a url"
        );
    }
}
