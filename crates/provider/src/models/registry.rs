//! The model registry: built-in models with models.json layered over them, the settings
//! that pick the startup model, and the credentials of each provider.
//!
//! Credentials, most preferred first (Pi's order, docs/models.md): `--api-key`, the
//! provider's API-key record in `auth.json` (stored by `/login`), the provider's `apiKey` in
//! models.json, then the provider's API-key environment variables. A models.json `apiKey`
//! replaces the environment variables: when it cannot be resolved, there is no key. A stored
//! OAuth sign-in of a built-in provider whose refresh tau knows (see `oauth`) comes first
//! and owns the provider: when it cannot be refreshed, the request fails instead of falling
//! back. Other sign-ins are passed over (an extension's `oauth` resolves its own).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};
use tau_protocol::{Model, ThinkingLevel};

use super::auth_file::{self, Credential, StoredKey};
use super::catalog::{env_keys, has_ambient_credentials, is_keyless, DEFAULT_MODEL_PER_PROVIDER};
use super::compose::{compose, ProviderAuth};
use super::config::{parse_models_file, ModelsError};
use super::extension;
use super::oauth;
use super::resolve::{resolve_cli_model, ResolveError, ResolveOptions, Resolved};
use super::scope::{resolve_scope, ScopedModel};
use super::settings::ModelSettings;
use super::thinking::clamp_thinking;
use super::value::{self, ConfigValueError, Env};

/// Anthropic's bearer-token variable.
const ANTHROPIC_AUTH_TOKEN: &str = "ANTHROPIC_AUTH_TOKEN";

/// Pi's startup thinking level when nothing else sets one.
pub const DEFAULT_THINKING_LEVEL: ThinkingLevel = ThinkingLevel::Medium;

/// Why a request for a model cannot be authenticated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AuthError {
    /// A configured key or header did not resolve.
    #[error(transparent)]
    Value(#[from] ConfigValueError),
    /// A stored OAuth sign-in cannot be used (its refresh failed, or it is malformed).
    #[error("{0}")]
    OAuth(String),
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
    /// The stored sign-in the key or headers came from; wrap the provider with
    /// [`ModelRegistry::signed_in_provider`] so later requests refresh it.
    pub sign_in: Option<oauth::OAuthToken>,
}

/// All known models and how to authenticate them.
#[derive(Debug, Clone)]
pub struct ModelRegistry {
    agent_dir: PathBuf,
    models: Vec<Model>,
    auth: HashMap<String, ProviderAuth>,
    /// API keys stored in auth.json, by provider.
    stored: HashMap<String, StoredKey>,
    /// OAuth sign-ins in auth.json, by provider (the whole records).
    signed_in: HashMap<String, Value>,
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
                    .filter_map(|(provider, credential)| match credential {
                        Credential::OAuth(record) => Some((provider.clone(), record.clone())),
                        _ => None,
                    })
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
                (HashMap::new(), HashMap::new())
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
        if is_keyless(provider)
            || self.uses_extension_oauth(provider)
            || self.builtin_sign_in(provider).is_some()
        {
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
                    || self.env_bearer(provider).is_some()
                    || has_ambient_credentials(provider, &self.env)
            }
        }
    }

    /// Where a provider's key comes from, in Pi's `/login` words: `stored credential`
    /// (auth.json), `models_json_key`, or the environment variable's name; `None` when it
    /// has none.
    pub fn key_source(&self, provider: &str) -> Option<String> {
        if self.builtin_sign_in(provider).is_some() {
            return Some("OAuth".into());
        }
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
        if self.env_bearer(provider).is_some() {
            return Some(ANTHROPIC_AUTH_TOKEN.into());
        }
        env_keys(provider)
            .iter()
            .find(|name| self.env.get(name).is_some())
            .map(|name| name.to_string())
            .or_else(|| {
                has_ambient_credentials(provider, &self.env).then(|| "ambient credentials".into())
            })
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
        let configured = self.credentials_by_provider();
        self.models
            .iter()
            .filter(|m| !is_keyless(&m.provider) && configured(&m.provider))
            .collect()
    }

    /// [`ModelRegistry::has_credentials`] asked once per provider: the catalogue has
    /// hundreds of models per answer, and each question reads the environment.
    fn credentials_by_provider(&self) -> impl Fn(&str) -> bool + '_ {
        let providers: HashMap<&str, bool> = self
            .models
            .iter()
            .map(|m| (m.provider.as_str(), ()))
            .collect::<HashMap<_, _>>()
            .into_keys()
            .map(|provider| (provider, self.has_credentials(provider)))
            .collect();
        move |provider| providers.get(provider).copied().unwrap_or(false)
    }

    /// Whether requests for `provider` authenticate with an OAuth sign-in stored in auth.json
    /// through the `oauth` of the extension that registered it (Pi prefers a stored
    /// credential). The key then comes from the extension's `getApiKey` in the host.
    pub fn uses_extension_oauth(&self, provider: &str) -> bool {
        self.signed_in.contains_key(provider)
            && super::extension::registration(provider).is_some_and(|r| r.has_oauth())
    }

    /// `inner` for `provider`, checking the stored sign-in `sign_in` before each request
    /// (and refreshing it when it expires soon); `inner` itself when there is none.
    pub fn signed_in_provider(
        &self,
        inner: std::sync::Arc<dyn crate::Provider>,
        provider: &str,
        sign_in: Option<oauth::OAuthToken>,
    ) -> std::sync::Arc<dyn crate::Provider> {
        match sign_in {
            Some(token) => std::sync::Arc::new(super::signed_in::SignedInProvider::new(
                inner,
                self.agent_dir.clone(),
                provider,
                self.env.clone(),
                token,
            )),
            None => inner,
        }
    }

    /// Whether requests for `provider` use a stored OAuth sign-in (Pi's `isUsingOAuth`):
    /// an extension's or a built-in flow tau refreshes itself.
    pub fn uses_oauth(&self, provider: &str) -> bool {
        self.uses_extension_oauth(provider) || self.builtin_sign_in(provider).is_some()
    }

    /// The provider's OAuth sign-in in auth.json when tau uses it itself: a built-in flow
    /// it can refresh, and no extension's `oauth` taking over the provider.
    fn builtin_sign_in(&self, provider: &str) -> Option<&Value> {
        if !oauth::supports(provider) || self.uses_extension_oauth(provider) {
            return None;
        }
        self.signed_in.get(provider)
    }

    /// The access token of the provider's stored sign-in, refreshed (and written back) when
    /// it expires within five minutes; `None` when tau does not use a sign-in for it.
    pub fn oauth_token(&self, provider: &str) -> Result<Option<oauth::OAuthToken>, AuthError> {
        let Some(record) = self.builtin_sign_in(provider) else {
            return Ok(None);
        };
        let now = tau_protocol::now_millis() as f64;
        oauth::token(&self.agent_dir, provider, record, &self.env, now)
            .map(Some)
            .map_err(|error| {
                AuthError::OAuth(format!(
                    "{error}; sign in again with Pi's /login, or remove the record with /logout to use an API key"
                ))
            })
    }

    /// Anthropic's `ANTHROPIC_AUTH_TOKEN` (pi-ai): a bearer token that comes before the key
    /// variables, after auth.json and models.json.
    fn env_bearer(&self, provider: &str) -> Option<String> {
        (provider == "anthropic")
            .then(|| self.env.get(ANTHROPIC_AUTH_TOKEN))
            .flatten()
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
        // Pi's stand-in key for credentials its SDKs find themselves (AWS, Google ADC).
        Ok(key.or_else(|| {
            has_ambient_credentials(provider, &self.env).then(|| "<authenticated>".to_owned())
        }))
    }

    /// Key and headers for a request to `model`. Fails when a configured value does not
    /// resolve, or when the provider (other than the scripted one) has no key.
    pub fn request_auth(
        &self,
        model: &Model,
        cli_override: Option<&str>,
    ) -> Result<RequestAuth, AuthError> {
        // A stored sign-in owns its provider (Pi): no fallback when it cannot be used.
        let sign_in = match cli_override {
            None => self.oauth_token(&model.provider)?,
            Some(_) => None,
        };
        let mut bearer = None;
        let api_key = match (&sign_in, cli_override) {
            (Some(token), _) => match token.token_use {
                oauth::TokenUse::ApiKey => Some(token.access.clone()),
                oauth::TokenUse::BearerHeader => {
                    bearer = Some(format!("Bearer {}", token.access));
                    None
                }
            },
            // The extension's host resolves a signed-in provider's key.
            (None, None) if self.uses_extension_oauth(&model.provider) => None,
            (None, None)
                if self.stored_key(&model.provider).is_none()
                    && self
                        .auth
                        .get(&model.provider)
                        .is_none_or(|auth| auth.api_key.is_none())
                    && self.env_bearer(&model.provider).is_some() =>
            {
                bearer = self
                    .env_bearer(&model.provider)
                    .map(|token| format!("Bearer {token}"));
                None
            }
            _ => self.api_key(&model.provider, cli_override)?,
        };
        if api_key.is_none()
            && bearer.is_none()
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
        if let Some(bearer) = bearer {
            set_header(&mut headers, "Authorization", bearer);
        }
        let headers = (!headers.is_empty()).then(|| {
            headers
                .into_iter()
                .map(|(name, value)| (name, Value::String(value)))
                .collect()
        });
        Ok(RequestAuth {
            api_key,
            headers,
            sign_in,
        })
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
        let configured = self.credentials_by_provider();
        let pool: Vec<Model> = self
            .models
            .iter()
            .filter(|m| configured(&m.provider))
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
