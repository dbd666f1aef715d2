//! Choosing the provider, model, thinking level and key for a run, as Pi does it:
//! `--script` plays a script file; `--model` (with `--provider`, `--thinking`, `--api-key`)
//! resolves a pattern over every known model; else `--models` (or settings'
//! `enabledModels`) scope the choice; else the saved default or the first model with
//! credentials. The model's `api` decides which provider answers.

use std::sync::Arc;

use tau_protocol::{Model, ThinkingLevel};
use tau_provider::models::{ModelRegistry, ResolveOptions};
use tau_provider::scripted::{scripted_model, ScriptedProvider, SCRIPTED};
use tau_provider::{ConfigureEndpoint, HttpClient, OpenAiCompletions, Provider, Timeouts};

use crate::AppOptions;

/// The provider, model, thinking level and key a run uses.
pub struct Selection {
    /// Who answers.
    pub provider: Arc<dyn Provider>,
    /// Which model, with its request headers resolved.
    pub model: Model,
    /// Requested reasoning level, clamped to the model.
    pub thinking: ThinkingLevel,
    /// The provider's API key, when it needs one.
    pub api_key: Option<String>,
}

fn parse_level(level: &str) -> Result<ThinkingLevel, String> {
    ThinkingLevel::parse(level).ok_or_else(|| {
        format!(
            "invalid thinking level \"{level}\"; use off, minimal, low, medium, high, xhigh or max"
        )
    })
}

/// Picks the model from the flags and the registry; warnings go to `warn`.
pub fn select(
    args: &AppOptions,
    registry: &ModelRegistry,
    warn: &mut dyn FnMut(&str),
) -> Result<Selection, String> {
    let explicit = args.thinking.as_deref().map(parse_level).transpose()?;
    if let Some(path) = &args.script {
        // A script needs no model lookup; a `:level` suffix on --model still sets the level.
        let suffix = args
            .model
            .as_deref()
            .and_then(|spec| spec.rsplit_once(':'))
            .and_then(|(_, level)| ThinkingLevel::parse(level));
        let provider = ScriptedProvider::from_file(path).map_err(|error| error.to_string())?;
        let model = scripted_model(&path.display().to_string());
        let thinking = registry.thinking_level(&model, explicit.or(suffix));
        return Ok(Selection {
            provider: Arc::new(provider),
            model,
            thinking,
            api_key: args.api_key.clone(),
        });
    }
    if let (Some(provider), None) = (&args.provider, &args.model) {
        return Err(format!(
            "--provider requires --model (for example: --provider {provider} --model <pattern>)"
        ));
    }
    let (mut model, requested) = pick(args, registry, explicit, warn)?;
    let thinking = registry.thinking_level(&model, explicit.or(requested));
    // An unsupported api is reported before a missing key: a key would not help.
    let provider = provider_for(&model, registry)?;
    let auth = registry
        .request_auth(&model, args.api_key.as_deref())
        .map_err(|error| error.to_string())?;
    let provider = registry.signed_in_provider(provider, &model.provider, auth.sign_in);
    model.headers = auth.headers;
    Ok(Selection {
        provider,
        model,
        thinking,
        api_key: auth.api_key,
    })
}

/// The model and the level its pattern asked for.
fn pick(
    args: &AppOptions,
    registry: &ModelRegistry,
    explicit: Option<ThinkingLevel>,
    warn: &mut dyn FnMut(&str),
) -> Result<(Model, Option<ThinkingLevel>), String> {
    if let Some(pattern) = &args.model {
        let options = ResolveOptions {
            provider: args.provider.as_deref(),
            thinking: explicit,
            inline_api_key: args.api_key.is_some(),
        };
        let resolved = registry
            .resolve_with(pattern, options)
            .map_err(|error| error.to_string())?;
        if let Some(warning) = &resolved.warning {
            warn(warning);
        }
        return Ok((resolved.model, resolved.thinking));
    }
    let patterns = args
        .models
        .clone()
        .or_else(|| registry.settings().enabled_models.clone())
        .unwrap_or_default();
    if !patterns.is_empty() {
        let (scoped, warnings) = registry.scope(&patterns);
        warnings.iter().for_each(|w| warn(w));
        // The saved default when it is in scope, else the first scoped model.
        let settings = registry.settings();
        let saved = scoped.iter().find(|s| {
            Some(&s.model.provider) == settings.default_provider.as_ref()
                && Some(&s.model.id) == settings.default_model.as_ref()
        });
        if let Some(chosen) = saved.or(scoped.first()) {
            return Ok((chosen.model.clone(), chosen.thinking));
        }
    }
    if args.api_key.is_some() {
        return Err("--api-key requires a model to be specified via --model, --provider/--model, or --models".into());
    }
    match registry.default_model() {
        Some(model) => Ok((model.clone(), None)),
        None => Err(format!(
            "{}, or pass --script <file> to play your own script",
            registry.no_models_message()
        )),
    }
}

/// The apis tau's own clients speak.
const TAU_APIS: [&str; 10] = [
    SCRIPTED,
    tau_provider::openai_completions::API,
    tau_provider::openai_responses::API,
    tau_provider::anthropic::API,
    tau_provider::google::API,
    tau_provider::openai_responses::azure::API,
    tau_provider::mistral::API,
    tau_provider::google::vertex::API,
    tau_provider::bedrock::API,
    tau_provider::openai_codex::API,
];

/// The apis named in the unsupported-api error, in the order users meet them.
const SUPPORTED_APIS: &str =
    "openai-completions, openai-responses, azure-openai-responses, openai-codex-responses, anthropic-messages, google-generative-ai, google-vertex, mistral-conversations, bedrock-converse-stream, scripted";

/// The provider that speaks the model's `api`.
fn http_client() -> Result<HttpClient, String> {
    HttpClient::new(Timeouts::default()).map_err(|error| error.to_string())
}

fn provider_for(model: &Model, registry: &ModelRegistry) -> Result<Arc<dyn Provider>, String> {
    // An extension's provider with its own `streamSimple` for this api streams in the host,
    // as does any api of an extension provider that tau does not speak (pi-ai may).
    if let Some(registration) = tau_provider::models::extension::registration(&model.provider) {
        // A signed-in provider's key comes from the extension's `oauth.getApiKey`, in the host.
        if registration.streams(&model.api)
            || !TAU_APIS.contains(&model.api.as_str())
            || registry.uses_extension_oauth(&model.provider)
        {
            return Ok(Arc::new(crate::ext_stream::HostStream));
        }
    }
    match model.api.as_str() {
        SCRIPTED => ScriptedProvider::builtin(&model.id)
            .map(|provider| Arc::new(provider) as Arc<dyn Provider>)
            .map_err(|error| error.to_string()),
        tau_provider::openai_completions::API => {
            let provider = OpenAiCompletions::new(http_client()?)
                .with_key_hint(registry.key_hint(&model.provider));
            Ok(Arc::new(provider))
        }
        tau_provider::openai_responses::API => {
            let provider = tau_provider::OpenAiResponses::new(http_client()?)
                .with_key_hint(registry.key_hint(&model.provider));
            Ok(Arc::new(provider))
        }
        tau_provider::anthropic::API => {
            let provider = tau_provider::AnthropicMessages::new(http_client()?)
                .with_key_hint(registry.key_hint(&model.provider));
            Ok(Arc::new(provider))
        }
        tau_provider::openai_responses::azure::API => {
            let provider = tau_provider::OpenAiResponses::azure(http_client()?)
                .with_key_hint(registry.key_hint(&model.provider));
            Ok(Arc::new(provider))
        }
        tau_provider::mistral::API => {
            let provider = tau_provider::Mistral::new(http_client()?)
                .with_key_hint(registry.key_hint(&model.provider));
            Ok(Arc::new(provider))
        }
        tau_provider::google::vertex::API => {
            let provider = tau_provider::GoogleGenerativeAi::vertex(http_client()?)
                .with_key_hint(registry.key_hint(&model.provider));
            Ok(Arc::new(provider))
        }
        tau_provider::bedrock::API => {
            let provider = tau_provider::Bedrock::new(http_client()?)
                .with_key_hint(registry.key_hint(&model.provider));
            Ok(Arc::new(provider))
        }
        tau_provider::openai_codex::API => {
            let provider = tau_provider::OpenAiCodex::new(http_client()?)
                .with_key_hint(registry.key_hint(&model.provider));
            Ok(Arc::new(provider))
        }
        tau_provider::google::API => {
            let provider = tau_provider::GoogleGenerativeAi::new(http_client()?)
                .with_key_hint(registry.key_hint(&model.provider));
            Ok(Arc::new(provider))
        }
        api => Err(format!(
            "model {}/{} uses api \"{api}\", which tau does not support; supported: {}",
            model.provider, model.id, SUPPORTED_APIS
        )),
    }
}

/// A model as clients and extensions see it: the configured definition, without request
/// headers (resolved headers may carry credentials), with Pi's operation `type` (every model
/// tau runs is a chat model).
pub fn model_json(model: &Model) -> serde_json::Value {
    let mut value = serde_json::to_value(model).unwrap_or(serde_json::Value::Null);
    if let Some(object) = value.as_object_mut() {
        object.remove("headers");
        // Pi's catalogue models say `type: "chat"`; a models.json model or an extension's
        // model definition (spread as given) has it only when it set one.
        let defined = tau_provider::models::extension::registration(&model.provider)
            .is_some_and(|r| r.config.contains_key("models"));
        let catalogued = tau_provider::models::catalog::builtin_models()
            .iter()
            .any(|m| m.provider == model.provider && m.id == model.id);
        if catalogued && !defined {
            object.insert("type".into(), serde_json::Value::from("chat"));
        }
    }
    value
}

/// The selection for switching to `provider`/`id` mid-session (Pi's `setModel`): `None` when
/// the model is unknown, its api unsupported, or it has no credentials. The thinking level
/// is left to the caller (Pi keeps the current one, clamped).
pub fn switch_to(registry: &ModelRegistry, provider: &str, id: &str) -> Option<Selection> {
    let mut model = registry.find(provider, id)?.clone();
    let provider = provider_for(&model, registry).ok()?;
    let auth = registry.request_auth(&model, None).ok()?;
    let provider = registry.signed_in_provider(provider, &model.provider, auth.sign_in);
    model.headers = auth.headers;
    Some(Selection {
        thinking: registry.thinking_level(&model, None),
        provider,
        model,
        api_key: auth.api_key,
    })
}
