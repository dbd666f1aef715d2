//! OAuth sign-ins of built-in providers stored in auth.json, used the way pi-ai uses them:
//! `{"type": "oauth", "access", "refresh", "expires", ...}`. A record whose access token
//! still has five minutes left is used as is; otherwise tau refreshes it at the provider's
//! token endpoint with a `refresh_token` grant and writes the new record back under Pi's
//! lock (re-checking under the lock, so a Pi or tau that refreshed first wins and nobody
//! spends a rotated refresh token twice). A failed refresh is an error: like Pi, tau does not
//! fall back to other credentials when a stored sign-in is broken.
//!
//! The flows (token URL, body encoding, client id, expiry margin, record shape) are Pi's
//! facts per provider. `TAU_OAUTH_TOKEN_URL_<PROVIDER>` (provider id upper-cased, `-` as `_`,
//! e.g. `TAU_OAUTH_TOKEN_URL_OPENAI_CODEX`) replaces a token URL: meant for tests and
//! proxies. Signing in (`/login` with a browser or device code) is not done here.

use std::path::Path;
use std::time::Duration;

use base64::Engine;
use serde_json::{json, Map, Value};

use super::auth_file;
use super::value::Env;

/// Pi refreshes a token with less than this left.
pub const MINIMUM_VALIDITY_MS: f64 = 5.0 * 60.0 * 1000.0;
/// Pi's bound on one refresh request.
const REFRESH_TIMEOUT: Duration = Duration::from_secs(15);

/// How the token endpoint wants its form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Encoding {
    Json,
    Form,
}

/// What a provider's refreshed record carries besides access, refresh and expires.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// Nothing else.
    Plain,
    /// OpenAI Codex: the ChatGPT account id from the access token's claims (`accountId`).
    CodexAccount,
    /// OpenAI's "Sign in with ChatGPT": the issued `clientId` (sent back on refresh) and the
    /// granted `scopes`, which must include direct token use.
    ChatGpt,
}

/// How requests carry the access token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenUse {
    /// As the provider's API key.
    ApiKey,
    /// As an `Authorization: Bearer` header (Kimi Code).
    BearerHeader,
}

/// One provider's refresh flow.
#[derive(Debug)]
struct Flow {
    provider: &'static str,
    token_url: &'static str,
    encoding: Encoding,
    /// `None`: the record's own `clientId`.
    client_id: Option<&'static str>,
    extra_fields: &'static [(&'static str, &'static str)],
    /// Taken off `expires_in` so a request never starts with a dying token.
    margin_ms: f64,
    /// The endpoint may leave out `refresh_token` when it does not rotate it (xAI).
    keeps_refresh: bool,
    /// `expires_in` when the endpoint leaves it out; `None`: it is required.
    default_lifetime_s: Option<f64>,
    shape: Shape,
    token_use: TokenUse,
}

const FIVE_MINUTES_MS: f64 = 5.0 * 60.0 * 1000.0;

const FLOWS: &[Flow] = &[
    Flow {
        provider: "anthropic",
        token_url: "https://platform.claude.com/v1/oauth/token",
        encoding: Encoding::Json,
        client_id: Some("9d1c250a-e61b-44d9-88ed-5944d1962f5e"),
        extra_fields: &[],
        margin_ms: FIVE_MINUTES_MS,
        keeps_refresh: false,
        default_lifetime_s: None,
        shape: Shape::Plain,
        token_use: TokenUse::ApiKey,
    },
    Flow {
        provider: "openai",
        token_url: "https://auth.openai.com/api/accounts/oauth/token",
        encoding: Encoding::Form,
        client_id: None,
        extra_fields: &[("resource", "https://api.openai.com/v1")],
        margin_ms: 3.0 * 60.0 * 1000.0,
        keeps_refresh: false,
        default_lifetime_s: None,
        shape: Shape::ChatGpt,
        token_use: TokenUse::ApiKey,
    },
    Flow {
        provider: "openai-codex",
        token_url: "https://auth.openai.com/oauth/token",
        encoding: Encoding::Form,
        client_id: Some("app_EMoamEEZ73f0CkXaXp7hrann"),
        extra_fields: &[],
        margin_ms: 0.0,
        keeps_refresh: false,
        default_lifetime_s: None,
        shape: Shape::CodexAccount,
        token_use: TokenUse::ApiKey,
    },
    Flow {
        provider: "xai",
        token_url: "https://auth.x.ai/oauth2/token",
        encoding: Encoding::Form,
        client_id: Some("b1a00492-073a-47ea-816f-4c329264a828"),
        extra_fields: &[],
        margin_ms: FIVE_MINUTES_MS,
        keeps_refresh: true,
        default_lifetime_s: Some(3600.0),
        shape: Shape::Plain,
        token_use: TokenUse::ApiKey,
    },
    Flow {
        provider: "kimi-coding",
        // Pi's own host override (KIMI_CODE_OAUTH_HOST, KIMI_OAUTH_HOST) applies too.
        token_url: "https://auth.kimi.com/api/oauth/token",
        encoding: Encoding::Form,
        client_id: Some("17e5f671-d194-4dfb-9706-5516cb48c098"),
        extra_fields: &[],
        margin_ms: 0.0,
        keeps_refresh: false,
        default_lifetime_s: None,
        shape: Shape::Plain,
        token_use: TokenUse::BearerHeader,
    },
];

/// Built-in providers whose stored sign-ins Pi uses but tau cannot refresh yet: their flows
/// are not plain refresh-token grants (GitHub Copilot's token exchange and model policy,
/// Meta's key minting, OpenRouter's and Radius's flows).
pub const UNSUPPORTED_OAUTH: &[&str] = &["github-copilot", "meta", "openrouter", "radius"];

fn flow(provider: &str) -> Option<&'static Flow> {
    FLOWS.iter().find(|flow| flow.provider == provider)
}

/// Whether tau can use and refresh `provider`'s stored sign-in.
pub fn supports(provider: &str) -> bool {
    flow(provider).is_some()
}

/// A usable access token and how to send it.
#[derive(Debug, Clone, PartialEq)]
pub struct OAuthToken {
    /// The access token.
    pub access: String,
    /// Where it goes.
    pub token_use: TokenUse,
    /// When it expires, in Unix milliseconds (0 when the record does not say).
    pub expires: f64,
}

/// The stored sign-in's access token for `provider`, refreshed first when it expires within
/// five minutes. `now_ms` is the current time in Unix milliseconds.
pub fn token(
    agent_dir: &Path,
    provider: &str,
    record: &Value,
    env: &Env,
    now_ms: f64,
) -> Result<OAuthToken, String> {
    let flow = flow(provider)
        .ok_or_else(|| format!("tau cannot use the {provider} sign-in in auth.json yet"))?;
    let expires_soon = |record: &Value| match record["expires"].as_f64() {
        Some(expires) => now_ms + MINIMUM_VALIDITY_MS >= expires,
        None => true,
    };
    let mut current = record.clone();
    if expires_soon(&current) {
        let url = token_url(flow, env);
        let mut refreshed: Result<Option<Value>, String> = Ok(None);
        auth_file::update(agent_dir, provider, |stored| {
            // Re-read under the lock: another process may have refreshed or signed out.
            let Some(stored) = stored.filter(|s| s["type"] == "oauth") else {
                refreshed = Err(format!(
                    "the {provider} sign-in was removed from auth.json; sign in again"
                ));
                return None;
            };
            if !expires_soon(stored) {
                refreshed = Ok(Some(stored.clone()));
                return None;
            }
            refreshed = refresh(flow, &url, stored, now_ms).map(Some);
            refreshed.as_ref().ok().cloned().flatten()
        })
        .map_err(|error| format!("OAuth refresh failed for {provider}: {error}"))?;
        current = refreshed
            .map_err(|error| format!("OAuth refresh failed for {provider}: {error}"))?
            .unwrap_or(current);
    }
    let access = current["access"]
        .as_str()
        .filter(|access| !access.is_empty())
        .ok_or_else(|| format!("the {provider} sign-in in auth.json has no access token"))?;
    Ok(OAuthToken {
        access: access.to_owned(),
        token_use: flow.token_use,
        expires: current["expires"].as_f64().unwrap_or(0.0),
    })
}

fn token_url(flow: &Flow, env: &Env) -> String {
    let variable = format!(
        "TAU_OAUTH_TOKEN_URL_{}",
        flow.provider.to_ascii_uppercase().replace('-', "_")
    );
    if let Some(url) = env.get(&variable) {
        return url;
    }
    if flow.provider == "kimi-coding" {
        if let Some(host) = env
            .get("KIMI_CODE_OAUTH_HOST")
            .or_else(|| env.get("KIMI_OAUTH_HOST"))
        {
            return format!("{}/api/oauth/token", host.trim_end_matches('/'));
        }
    }
    flow.token_url.to_owned()
}

/// One refresh-token grant; returns the record to store.
fn refresh(flow: &Flow, url: &str, stored: &Value, now_ms: f64) -> Result<Value, String> {
    let refresh_token = stored["refresh"]
        .as_str()
        .filter(|token| !token.is_empty())
        .ok_or("the stored record has no refresh token; sign in again")?;
    let client_id = match flow.client_id {
        Some(id) => id.to_owned(),
        None => stored["clientId"]
            .as_str()
            .filter(|id| !id.trim().is_empty())
            .ok_or("the stored record has no issued client id; sign in again")?
            .to_owned(),
    };
    let mut fields = vec![
        ("grant_type", "refresh_token".to_owned()),
        ("client_id", client_id.clone()),
        ("refresh_token", refresh_token.to_owned()),
    ];
    fields.extend(flow.extra_fields.iter().map(|(k, v)| (*k, (*v).to_owned())));
    let body = post(url, flow.encoding, &fields)?;
    let text = |field: &str| {
        body.get(field)
            .and_then(Value::as_str)
            .filter(|value| !value.trim().is_empty())
            .map(str::to_owned)
    };
    let access = text("access_token").ok_or("the response has no access_token")?;
    let refresh = match text("refresh_token") {
        Some(token) => token,
        None if flow.keeps_refresh && !body.contains_key("refresh_token") => {
            refresh_token.to_owned()
        }
        None => return Err("the response has no refresh_token".into()),
    };
    let lifetime = match (body.get("expires_in"), flow.default_lifetime_s) {
        (None, Some(default)) => default,
        (value, _) => value
            .and_then(Value::as_f64)
            .filter(|seconds| seconds.is_finite() && *seconds > 0.0)
            .ok_or("the response has no valid expires_in")?,
    };
    let expires = (now_ms + lifetime * 1000.0 - flow.margin_ms).floor();
    let mut record =
        json!({"type": "oauth", "access": access, "refresh": refresh, "expires": expires});
    match flow.shape {
        Shape::Plain => {}
        Shape::CodexAccount => {
            let account = codex_account_id(&access)
                .ok_or("the access token names no ChatGPT account (accountId)")?;
            record["accountId"] = account.into();
        }
        Shape::ChatGpt => {
            let scope = text("scope").ok_or("the response has no scope")?;
            let scopes: Vec<&str> = scope.split_whitespace().collect();
            if !scopes.contains(&"chatgpt.tokens.use.direct") {
                return Err("the grant does not include chatgpt.tokens.use.direct".into());
            }
            record["clientId"] = client_id.into();
            record["scopes"] = scopes.into();
        }
    }
    Ok(record)
}

/// The `chatgpt_account_id` claim of an OpenAI access token (a JWT).
pub(crate) fn codex_account_id(access: &str) -> Option<String> {
    let payload = access.split('.').nth(1)?;
    // JWTs use the URL-safe alphabet; the standard one is taken too, as `atob` takes it.
    let payload = payload.trim_end_matches('=');
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(payload)
        .or_else(|_| base64::engine::general_purpose::STANDARD_NO_PAD.decode(payload))
        .ok()?;
    let claims: Value = serde_json::from_slice(&bytes).ok()?;
    claims["https://api.openai.com/auth"]["chatgpt_account_id"]
        .as_str()
        .filter(|id| !id.is_empty())
        .map(str::to_owned)
}

/// POSTs the grant and returns the JSON object answer. Runs on its own thread with its own
/// runtime, so callers may be sync code inside or outside tokio.
fn post(
    url: &str,
    encoding: Encoding,
    fields: &[(&str, String)],
) -> Result<Map<String, Value>, String> {
    let url = url.to_owned();
    let fields: Vec<(String, String)> = fields
        .iter()
        .map(|(k, v)| ((*k).to_owned(), v.clone()))
        .collect();
    let worker = std::thread::spawn(move || -> Result<Map<String, Value>, String> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|error| error.to_string())?;
        runtime.block_on(async move {
            let client = reqwest::Client::builder()
                .timeout(REFRESH_TIMEOUT)
                .build()
                .map_err(|error| error.to_string())?;
            let request = client.post(&url).header("accept", "application/json");
            let request = match encoding {
                Encoding::Json => {
                    let object: Map<String, Value> = fields
                        .iter()
                        .map(|(k, v)| (k.clone(), Value::String(v.clone())))
                        .collect();
                    request
                        .header("content-type", "application/json")
                        .body(Value::Object(object).to_string())
                }
                Encoding::Form => request
                    .header("content-type", "application/x-www-form-urlencoded")
                    .body(form_encode(&fields)),
            };
            let response = request
                .send()
                .await
                .map_err(|error| format!("{url}: {error}"))?;
            let status = response.status();
            let text = response.text().await.unwrap_or_default();
            if !status.is_success() {
                return Err(format!("{url} answered {status}: {}", text.trim()));
            }
            match serde_json::from_str::<Value>(&text) {
                Ok(Value::Object(body)) => Ok(body),
                _ => Err(format!(
                    "{url} did not answer a JSON object: {}",
                    text.trim()
                )),
            }
        })
    });
    worker
        .join()
        .unwrap_or_else(|_| Err("the refresh thread failed".into()))
}

/// `application/x-www-form-urlencoded`, as `URLSearchParams` writes it.
fn form_encode(fields: &[(String, String)]) -> String {
    let encode = |text: &str| {
        let mut out = String::new();
        for byte in text.bytes() {
            match byte {
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'*' | b'-' | b'.' | b'_' => {
                    out.push(byte as char)
                }
                b' ' => out.push('+'),
                _ => out.push_str(&format!("%{byte:02X}")),
            }
        }
        out
    };
    fields
        .iter()
        .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
        .collect::<Vec<_>>()
        .join("&")
}

#[cfg(test)]
#[path = "oauth_tests.rs"]
mod tests;
