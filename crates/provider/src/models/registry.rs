//! The model registry: built-in models with models.json layered over them, the settings
//! that pick the startup model, and the credentials of each provider.
//!
//! Credentials, most preferred first (Pi's order, docs/models.md): `--api-key`, the
//! provider's API-key record in `auth.json` (stored by `/login`), the provider's `apiKey` in
//! models.json, then the provider's API-key environment variables. A models.json `apiKey`
//! replaces the environment variables: when it cannot be resolved, there is no key. A stored
//! OAuth sign-in is not usable by tau (see `auth_file`), so it is passed over.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};
use tau_protocol::{Model, ThinkingLevel};

use super::auth_file::{self, Credential, StoredKey};
use super::catalog::{env_keys, is_keyless, DEFAULT_MODEL_PER_PROVIDER};
use super::compose::{compose, ProviderAuth};
use super::config::{parse_models_file, ModelsError};
use super::extension;
use super::resolve::{resolve_cli_model, ResolveError, ResolveOptions, Resolved};
use super::scope::{resolve_scope, ScopedModel};
use super::settings::ModelSettings;
use super::thinking::clamp_thinking;
use super::value::{self, ConfigValueError, Env};

/// Pi's startup thinking level when nothing else sets one.
pub const DEFAULT_THINKING_LEVEL: ThinkingLevel = ThinkingLevel::Medium;

/// Why a request for a model cannot be authenticated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AuthError {
    /// A configured key or header did not resolve.
    #[error(transparent)]
    Value(#[from] ConfigValueError),
    /// The provider has no key at all.
    #[error("no API key for provider {provider}; {hint}")]
    NoApiKey {
        /// The provider.
        provider: String,
        /// How to configure one.
        hint: String,
    },
}

/// What a request to a model needs besides the model: its key and resolved headers.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RequestAuth {
    /// API key, when the provider uses one.
    pub api_key: Option<String>,
    /// Request headers (the model's own, then the provider's and the model's from
    /// models.json), or `None` when there are none.
    pub headers: Option<Map<String, Value>>,
}

/// All known models and how to authenticate them.
#[derive(Debug, Clone)]
pub struct ModelRegistry {
    agent_dir: PathBuf,
    models: Vec<Model>,
    auth: HashMap<String, ProviderAuth>,
    /// API keys stored in auth.json, by provider.
    stored: HashMap<String, StoredKey>,
    /// Providers with an OAuth sign-in in auth.json.
    signed_in: Vec<String>,
    model_headers: HashMap<(String, String), Vec<(String, String)>>,
    settings: ModelSettings,
    env: Env,
}

impl ModelRegistry {
    /// Loads `models.json` and `settings.json` from the agent directory, reading the process
    /// environment. Missing files are fine. Problems come back as errors to report as
    /// warnings; the registry is usable either way (a broken file is ignored, a broken
    /// provider entry skipped), as in Pi.
    pub fn load(agent_dir: &Path) -> (Self, Vec<ModelsError>) {
        Self::load_with_env(agent_dir, Env::Process)
    }

    /// [`ModelRegistry::load`] with a chosen environment.
    pub fn load_with_env(agent_dir: &Path, env: Env) -> (Self, Vec<ModelsError>) {
        let mut errors = Vec::new();
        let path = agent_dir.join("models.json");
        let file = match std::fs::read_to_string(&path) {
            Ok(text) => parse_models_file(&text, &path).unwrap_or_else(|error| {
                errors.push(error);
                Default::default()
            }),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Default::default(),
            Err(source) => {
                errors.push(ModelsError::Read {
                    path: path.clone(),
                    source,
                });
                Default::default()
            }
        };
        let mut composed = compose(&file, &path);
        errors.append(&mut composed.errors);
        let layered = extension::apply_all(
            &mut composed.models,
            &mut composed.auth,
            &mut composed.model_headers,
        );
        errors.extend(layered.into_iter().map(ModelsError::Extension));
        let (settings, settings_error) = ModelSettings::load(&agent_dir.join("settings.json"));
        errors.extend(settings_error);
        let (stored, signed_in) = match auth_file::load(agent_dir) {
            Ok(records) => {
                let signed_in = records
                    .iter()
                    .filter(|(_, credential)| matches!(credential, Credential::Other(kind) if kind == "oauth"))
                    .map(|(provider, _)| provider.clone())
                    .collect();
                let keys = records
                    .into_iter()
                    .filter_map(|(provider, credential)| match credential {
                        Credential::ApiKey(key) if key.key.is_some() => Some((provider, key)),
                        _ => None,
                    })
                    .collect();
                (keys, signed_in)
            }
            Err(error) => {
                errors.push(error.into());
                (HashMap::new(), Vec::new())
            }
        };
        let registry = ModelRegistry {
            agent_dir: agent_dir.to_owned(),
            models: composed.models,
            auth: composed.auth,
            stored,
            signed_in,
            model_headers: composed.model_headers,
            settings,
            env,
        };
        (registry, errors)
    }

    /// Every model, including those without credentials and the scripted ones.
    pub fn all(&self) -> &[Model] {
        &self.models
    }

    /// The model with exactly this provider and id.
    pub fn find(&self, provider: &str, id: &str) -> Option<&Model> {
        self.models
            .iter()
            .find(|m| m.provider == provider && m.id == id)
    }

    /// The model settings from settings.json.
    pub fn settings(&self) -> &ModelSettings {
        &self.settings
    }

    /// The agent directory this registry was loaded from.
    pub fn agent_dir(&self) -> &Path {
        &self.agent_dir
    }

    /// Whether the provider has credentials configured: a models.json `apiKey` that is a
    /// command or whose variables are set, else one of its API-key variables. The scripted
    /// provider needs none. Commands are not run to decide, as in Pi.
    pub fn has_credentials(&self, provider: &str) -> bool {
        if is_keyless(provider) || self.uses_extension_oauth(provider) {
            return true;
        }
        if let Some((raw, env)) = self.stored_key(provider) {
            return value::is_configured(raw, &env);
        }
        match self
            .auth
            .get(provider)
            .and_then(|auth| auth.api_key.as_deref())
        {
            Some(raw) => value::is_configured(raw, &self.env),
            None => {
                env_keys(provider)
                    .iter()
                    .any(|name| self.env.get(name).is_some())
                    || self.has_ambient_credentials(provider)
            }
        }
    }

    /// Credentials pi-ai finds without a key (its `<authenticated>`): AWS credentials for
    /// Amazon Bedrock, Application Default Credentials for Vertex AI.
    fn has_ambient_credentials(&self, provider: &str) -> bool {
        let env = |name: &str| self.env.get(name);
        match provider {
            "amazon-bedrock" => crate::bedrock::config::has_ambient_credentials(&env),
            crate::google::vertex::API => crate::google::adc::is_configured(&env),
            _ => false,
        }
    }

    /// Where a provider's key comes from, in Pi's `/login` words: `stored credential`
    /// (auth.json), `models_json_key`, or the environment variable's name; `None` when it
    /// has none.
    pub fn key_source(&self, provider: &str) -> Option<String> {
        if self.stored_key(provider).is_some() || self.uses_extension_oauth(provider) {
            return Some("stored credential".into());
        }
        if let Some(raw) = self
            .auth
            .get(provider)
            .and_then(|auth| auth.api_key.as_deref())
        {
            return value::is_configured(raw, &self.env).then(|| "models_json_key".into());
        }
        env_keys(provider)
            .iter()
            .find(|name| self.env.get(name).is_some())
            .map(|name| name.to_string())
    }

    /// The providers that have models, in registry order, without the scripted one.
    pub fn providers(&self) -> Vec<&str> {
        let mut providers: Vec<&str> = Vec::new();
        for model in &self.models {
            if !is_keyless(&model.provider) && !providers.contains(&model.provider.as_str()) {
                providers.push(&model.provider);
            }
        }
        providers
    }

    /// Models whose provider has credentials, in registry order: what `--list-models` shows
    /// and where the startup model comes from. The scripted models are left out; they are
    /// reached with `--model scripted/<name>`.
    pub fn available(&self) -> Vec<&Model> {
        self.models
            .iter()
            .filter(|m| !is_keyless(&m.provider) && self.has_credentials(&m.provider))
            .collect()
    }

    /// Whether requests for `provider` authenticate with an OAuth sign-in stored in auth.json
    /// through the `oauth` of the extension that registered it (Pi prefers a stored
    /// credential). The key then comes from the extension's `getApiKey` in the host.
    pub fn uses_extension_oauth(&self, provider: &str) -> bool {
        self.signed_in.iter().any(|p| p == provider)
            && super::extension::registration(provider).is_some_and(|r| r.has_oauth())
    }

    /// The provider's key in auth.json, with the environment its record's `env` makes.
    fn stored_key(&self, provider: &str) -> Option<(&str, Env)> {
        let stored = self.stored.get(provider)?;
        Some((stored.key.as_deref()?, self.env.overlaid(&stored.env)))
    }

    /// The API key for a provider: `cli_override`, else auth.json's key, else models.json
    /// `apiKey` (resolved), else the environment. `Ok(None)` when none is configured.
    pub fn api_key(
        &self,
        provider: &str,
        cli_override: Option<&str>,
    ) -> Result<Option<String>, ConfigValueError> {
        if let Some(key) = cli_override {
            return Ok(Some(key.to_owned()));
        }
        if let Some((raw, env)) = self.stored_key(provider) {
            let what = format!("API key for provider \"{provider}\" in auth.json");
            return value::resolve(raw, &what, &env).map(Some);
        }
        if let Some(raw) = self
            .auth
            .get(provider)
            .and_then(|auth| auth.api_key.as_deref())
        {
            let what = format!("API key for provider \"{provider}\"");
            return value::resolve(raw, &what, &self.env).map(Some);
        }
        let key = env_keys(provider)
            .iter()
            .find_map(|name| self.env.get(name));
        // Vertex AI also signs in with Application Default Credentials: pi-ai then stands
        // `<authenticated>` in for the key, and the provider fetches a token.
        // Amazon Bedrock signs in with AWS credentials from the environment, as pi-ai
        // reports it: `<authenticated>` stands in, and the provider signs the request.
        let ambient = self.has_ambient_credentials(provider);
        Ok(key.or_else(|| ambient.then(|| crate::bedrock::config::AMBIENT_AUTH.to_owned())))
    }

    /// Key and headers for a request to `model`. Fails when a configured value does not
    /// resolve, or when the provider (other than the scripted one) has no key.
    pub fn request_auth(
        &self,
        model: &Model,
        cli_override: Option<&str>,
    ) -> Result<RequestAuth, AuthError> {
        let api_key = match cli_override {
            // The extension's host resolves a signed-in provider's key.
            None if self.uses_extension_oauth(&model.provider) => None,
            _ => self.api_key(&model.provider, cli_override)?,
        };
        if api_key.is_none()
            && !is_keyless(&model.provider)
            && !self.uses_extension_oauth(&model.provider)
        {
            return Err(self.no_key_error(&model.provider));
        }
        let mut headers: Vec<(String, String)> = model
            .headers
            .iter()
            .flatten()
            .filter_map(|(name, value)| value.as_str().map(|v| (name.clone(), v.to_owned())))
            .collect();
        let provider_auth = self.auth.get(&model.provider);
        let configured = [
            (
                provider_auth
                    .map(|a| a.headers.as_slice())
                    .unwrap_or_default(),
                format!("provider \"{}\"", model.provider),
            ),
            (
                self.model_headers
                    .get(&(model.provider.clone(), model.id.clone()))
                    .map(Vec::as_slice)
                    .unwrap_or_default(),
                format!("model \"{}/{}\"", model.provider, model.id),
            ),
        ];
        for (raw_headers, owner) in configured {
            for (name, raw) in raw_headers {
                let what = format!("header \"{name}\" of {owner}");
                set_header(&mut headers, name, value::resolve(raw, &what, &self.env)?);
            }
        }
        if provider_auth.is_some_and(|a| a.auth_header) {
            if let Some(key) = &api_key {
                set_header(&mut headers, "Authorization", format!("Bearer {key}"));
            }
        }
        let headers = (!headers.is_empty()).then(|| {
            headers
                .into_iter()
                .map(|(name, value)| (name, Value::String(value)))
                .collect()
        });
        Ok(RequestAuth { api_key, headers })
    }

    fn no_key_error(&self, provider: &str) -> AuthError {
        AuthError::NoApiKey {
            provider: provider.to_owned(),
            hint: self.key_hint(provider),
        }
    }

    /// How to give a provider a key: its variable, models.json, `--api-key`.
    pub fn key_hint(&self, provider: &str) -> String {
        let models_json = self.agent_dir.join("models.json");
        match env_keys(provider).first() {
            Some(name) => format!(
                "set {name}, add an \"apiKey\" for \"{provider}\" in {}, or pass --api-key",
                models_json.display()
            ),
            None => format!(
                "add an \"apiKey\" for \"{provider}\" in {}, or pass --api-key",
                models_json.display()
            ),
        }
    }

    /// Resolves a `--model` pattern with `--provider`; see [`ModelRegistry::resolve_with`].
    pub fn resolve(&self, pattern: &str, provider: Option<&str>) -> Result<Resolved, ResolveError> {
        self.resolve_with(
            pattern,
            ResolveOptions {
                provider,
                ..ResolveOptions::default()
            },
        )
    }

    /// Resolves a `--model` pattern with Pi's rules (see the `resolve` module), over every
    /// model; credentials only break ties between providers.
    pub fn resolve_with(
        &self,
        pattern: &str,
        options: ResolveOptions<'_>,
    ) -> Result<Resolved, ResolveError> {
        resolve_cli_model(pattern, options, &self.models, &|provider| {
            self.has_credentials(provider)
        })
    }

    /// Resolves `--models` patterns (or settings' `enabledModels`) over the models with
    /// credentials, scripted ones included. Returns the scope and warnings.
    pub fn scope(&self, patterns: &[String]) -> (Vec<ScopedModel>, Vec<String>) {
        let pool: Vec<Model> = self
            .models
            .iter()
            .filter(|m| self.has_credentials(&m.provider))
            .cloned()
            .collect();
        resolve_scope(patterns, &pool)
    }

    /// The startup model without `--model`, as Pi picks it: the settings' default when it
    /// exists and has credentials, else the first available model in Pi's provider
    /// preference order (each provider's default model), else the first available model.
    pub fn default_model(&self) -> Option<&Model> {
        if let (Some(provider), Some(id)) = (
            &self.settings.default_provider,
            &self.settings.default_model,
        ) {
            if let Some(model) = self
                .find(provider, id)
                .filter(|m| self.has_credentials(&m.provider))
            {
                return Some(model);
            }
        }
        let available = self.available();
        DEFAULT_MODEL_PER_PROVIDER
            .iter()
            .find_map(|(provider, id)| {
                available
                    .iter()
                    .copied()
                    .find(|m| m.provider == *provider && m.id == *id)
            })
            .or_else(|| available.first().copied())
    }

    /// The startup thinking level for `model`: `requested` (from `--thinking`, a `:level`
    /// suffix or the scope), else the settings for this model, else the settings' default,
    /// else medium; then clamped to what the model supports.
    ///
    /// The scripted models fall back to `off` instead of medium: their runs stand in for
    /// Pi's captures with a non-reasoning model, whose messages say `off`.
    pub fn thinking_level(&self, model: &Model, requested: Option<ThinkingLevel>) -> ThinkingLevel {
        let fallback = if is_keyless(&model.provider) {
            ThinkingLevel::Off
        } else {
            DEFAULT_THINKING_LEVEL
        };
        let level = requested
            .or_else(|| self.settings.thinking_for(&model.provider, &model.id))
            .unwrap_or(fallback);
        clamp_thinking(model, level)
    }

    /// How to get a model working when none has credentials.
    pub fn no_models_message(&self) -> String {
        format!(
            "no model has credentials; set OPENAI_API_KEY or ANTHROPIC_API_KEY (or another provider's key variable), \
             add a provider with an \"apiKey\" to {}, or run `tau --model scripted/demo -p \"hi\"` for the offline demo",
            self.agent_dir.join("models.json").display()
        )
    }
}

/// Sets a header, replacing any with the same name in another case (Pi's `mergeHeaders`).
fn set_header(headers: &mut Vec<(String, String)>, name: &str, value: String) {
    headers.retain(|(existing, _)| !existing.eq_ignore_ascii_case(name));
    headers.push((name.to_owned(), value));
}
