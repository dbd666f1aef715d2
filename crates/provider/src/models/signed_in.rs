//! A provider whose requests carry a stored OAuth sign-in's token, checked before each
//! request: a session outlives an access token (Pi refreshes per request), so a token within
//! five minutes of expiring is refreshed (see `oauth::token`) before the request goes out.
//! Requests that carry another key (an extension's or `--api-key`'s) pass through untouched.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use futures::StreamExt;
use tokio_util::sync::CancellationToken;

use super::auth_file::{self, Credential};
use super::oauth::{self, OAuthToken, TokenUse};
use super::value::Env;
use crate::builder::AssistantMessageBuilder;
use crate::provider::{EventStream, Provider, ProviderRequest};
use tau_protocol::StopReason;

/// The clock, in Unix milliseconds (a parameter so tests can move it).
pub type Clock = fn() -> f64;

fn system_clock() -> f64 {
    tau_protocol::now_millis() as f64
}

/// Wraps `inner` for `provider`'s sign-in in `agent_dir`'s auth.json.
pub struct SignedInProvider {
    inner: Arc<dyn Provider>,
    agent_dir: PathBuf,
    provider: String,
    env: Env,
    clock: Clock,
    /// The token requests carry now; `None` until the first request reads the file.
    current: Arc<Mutex<Option<OAuthToken>>>,
}

impl SignedInProvider {
    /// `token` is the one the selection put into the run's config.
    pub fn new(
        inner: Arc<dyn Provider>,
        agent_dir: PathBuf,
        provider: &str,
        env: Env,
        token: OAuthToken,
    ) -> Self {
        Self::with_clock(inner, agent_dir, provider, env, token, system_clock)
    }

    /// [`SignedInProvider::new`] with a chosen clock.
    pub fn with_clock(
        inner: Arc<dyn Provider>,
        agent_dir: PathBuf,
        provider: &str,
        env: Env,
        token: OAuthToken,
        clock: Clock,
    ) -> Self {
        SignedInProvider {
            inner,
            agent_dir,
            provider: provider.to_owned(),
            env,
            clock,
            current: Arc::new(Mutex::new(Some(token))),
        }
    }

    /// Whether `request` carries the sign-in's token (as key or bearer header).
    fn carries(request: &ProviderRequest, token: &OAuthToken) -> bool {
        match token.token_use {
            TokenUse::ApiKey => request.api_key.as_deref() == Some(token.access.as_str()),
            TokenUse::BearerHeader => {
                request
                    .model
                    .headers
                    .as_ref()
                    .and_then(|h| h.get("Authorization"))
                    .and_then(|v| v.as_str())
                    == Some(format!("Bearer {}", token.access).as_str())
            }
        }
    }
}

fn put(request: &mut ProviderRequest, token: &OAuthToken) {
    match token.token_use {
        TokenUse::ApiKey => request.api_key = Some(token.access.clone()),
        TokenUse::BearerHeader => {
            request
                .model
                .headers
                .get_or_insert_with(Default::default)
                .insert(
                    "Authorization".into(),
                    format!("Bearer {}", token.access).into(),
                );
        }
    }
}

/// The sign-in as auth.json holds it now, refreshed when it expires soon.
fn fresh_token(
    agent_dir: &std::path::Path,
    provider: &str,
    env: &Env,
    now: f64,
) -> Result<OAuthToken, String> {
    let records = auth_file::load(agent_dir).map_err(|error| error.to_string())?;
    let record = records
        .into_iter()
        .find_map(|(id, credential)| match credential {
            Credential::OAuth(record) if id == provider => Some(record),
            _ => None,
        })
        .ok_or_else(|| {
            format!("the {provider} sign-in was removed from auth.json; sign in again or pick another model")
        })?;
    oauth::token(agent_dir, provider, &record, env, now)
}

impl Provider for SignedInProvider {
    fn stream(&self, mut request: ProviderRequest, cancel: CancellationToken) -> EventStream {
        let now = (self.clock)();
        let known = self.current.lock().map(|t| t.clone()).unwrap_or(None);
        let Some(known) = known.filter(|token| Self::carries(&request, token)) else {
            return self.inner.stream(request, cancel);
        };
        if now + oauth::MINIMUM_VALIDITY_MS < known.expires {
            return self.inner.stream(request, cancel);
        }
        let inner = self.inner.clone();
        let current = self.current.clone();
        let (agent_dir, provider, env) = (
            self.agent_dir.clone(),
            self.provider.clone(),
            self.env.clone(),
        );
        let refreshed = async move {
            let fresh =
                tokio::task::spawn_blocking(move || fresh_token(&agent_dir, &provider, &env, now))
                    .await
                    .unwrap_or_else(|error| Err(error.to_string()));
            match fresh {
                Ok(token) => {
                    put(&mut request, &token);
                    if let Ok(mut slot) = current.lock() {
                        *slot = Some(token);
                    }
                    inner.stream(request, cancel)
                }
                Err(message) => {
                    let event = AssistantMessageBuilder::new(&request.model)
                        .fail(StopReason::Error, message);
                    futures::stream::once(async move { event }).boxed()
                }
            }
        };
        futures::stream::once(refreshed).flatten().boxed()
    }
}

#[cfg(test)]
#[path = "signed_in_tests.rs"]
mod tests;
