//! Application Default Credentials for Vertex AI (what google-auth-library does for pi-ai's
//! `google-vertex` provider when there is no API key): an OAuth access token for the
//! `cloud-platform` scope, from the credentials file `GOOGLE_APPLICATION_CREDENTIALS` names,
//! else gcloud's `~/.config/gcloud/application_default_credentials.json`.
//!
//! - `authorized_user` (`gcloud auth application-default login`): the refresh token is
//!   exchanged at the token endpoint; its `quota_project_id` goes as `x-goog-user-project`.
//! - `service_account`: a JWT signed RS256 with the account's key is exchanged for a token.
//!
//! Other kinds (workload identity federation, impersonation, the GCE metadata server) fail
//! with an error that says so. Tokens are kept per credentials file until five minutes
//! before they expire.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{LazyLock, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine;
use serde_json::{json, Value};
use tokio_util::sync::CancellationToken;

use crate::error::{ErrorContext, ProviderError};
use crate::http::{HttpClient, JsonPost};

/// The scope Vertex AI needs.
const SCOPE: &str = "https://www.googleapis.com/auth/cloud-platform";
/// Google's token endpoint, when the credentials name none.
const DEFAULT_TOKEN_URI: &str = "https://oauth2.googleapis.com/token";
/// A token is renewed this long before it expires.
const RENEW_EARLY: Duration = Duration::from_secs(300);
/// Largest token response read.
const MAX_TOKEN_RESPONSE: usize = 1 << 16;

/// Tokens by credentials file: the token, the quota project and when to renew.
static TOKENS: LazyLock<Mutex<HashMap<PathBuf, (Credentials, Instant)>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

/// What a request to Vertex AI carries instead of a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Credentials {
    /// The OAuth access token, sent as `Authorization: Bearer`.
    pub access_token: String,
    /// The project billed for the request (`x-goog-user-project`), from user credentials.
    pub quota_project: Option<String>,
}

/// The credentials file ADC reads: `GOOGLE_APPLICATION_CREDENTIALS`, else gcloud's.
pub fn credentials_path(env: &dyn Fn(&str) -> Option<String>) -> Option<PathBuf> {
    if let Some(path) = env("GOOGLE_APPLICATION_CREDENTIALS") {
        return Some(PathBuf::from(path));
    }
    let home = env("HOME")?;
    Some(Path::new(&home).join(".config/gcloud/application_default_credentials.json"))
}

/// pi-ai's test for "Vertex is signed in": a credentials file, a project and a location.
pub fn is_configured(env: &dyn Fn(&str) -> Option<String>) -> bool {
    // The variables first: they are cheap, the file check is not.
    (env("GOOGLE_CLOUD_PROJECT").is_some() || env("GCLOUD_PROJECT").is_some())
        && env("GOOGLE_CLOUD_LOCATION").is_some()
        && credentials_path(env).is_some_and(|path| path.exists())
}

/// A token for the credentials at `path`, from the cache or the token endpoint.
pub async fn credentials(
    client: &HttpClient,
    path: &Path,
    cancel: &CancellationToken,
) -> Result<Credentials, ProviderError> {
    if let Some((cached, renew_at)) = lock().get(path) {
        if Instant::now() < *renew_at {
            return Ok(cached.clone());
        }
    }
    let text = std::fs::read_to_string(path).map_err(|error| {
        sign_in_error(format!(
            "cannot read the credentials file {}: {error}",
            path.display()
        ))
    })?;
    let file: Value = serde_json::from_str(&text).map_err(|error| {
        sign_in_error(format!(
            "the credentials file {} is not JSON: {error}",
            path.display()
        ))
    })?;
    let field = |name: &str| file.get(name).and_then(Value::as_str).map(str::to_owned);
    let token_uri = field("token_uri").unwrap_or_else(|| DEFAULT_TOKEN_URI.to_owned());
    let (form, quota_project) = match field("type").as_deref() {
        Some("authorized_user") => {
            let required = |name: &str| {
                field(name).ok_or_else(|| {
                    sign_in_error(format!("{} has no {name}", path.display()))
                })
            };
            let form = vec![
                ("grant_type", "refresh_token".to_owned()),
                ("client_id", required("client_id")?),
                ("client_secret", required("client_secret")?),
                ("refresh_token", required("refresh_token")?),
            ];
            (form, field("quota_project_id"))
        }
        Some("service_account") => {
            let assertion = service_account_jwt(&file, &token_uri, now_seconds())
                .map_err(|detail| sign_in_error(format!("{}: {detail}", path.display())))?;
            let form = vec![
                (
                    "grant_type",
                    "urn:ietf:params:oauth:grant-type:jwt-bearer".to_owned(),
                ),
                ("assertion", assertion),
            ];
            (form, None)
        }
        other => {
            return Err(sign_in_error(format!(
                "{} holds {} credentials; tau signs in with authorized_user (gcloud auth application-default login) or service_account credentials, or set GOOGLE_CLOUD_API_KEY",
                path.display(),
                other.map_or_else(|| "untyped".to_owned(), |kind| format!("\"{kind}\""))
            )))
        }
    };
    let (access_token, expires_in) = exchange(client, &token_uri, &form, cancel).await?;
    let credentials = Credentials {
        access_token,
        quota_project,
    };
    let renew_at = Instant::now() + Duration::from_secs(expires_in).saturating_sub(RENEW_EARLY);
    lock().insert(path.to_owned(), (credentials.clone(), renew_at));
    Ok(credentials)
}

fn lock() -> std::sync::MutexGuard<'static, HashMap<PathBuf, (Credentials, Instant)>> {
    TOKENS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn now_seconds() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs())
}

fn sign_in_error(detail: String) -> ProviderError {
    ProviderError::InvalidRequest {
        provider: "google-vertex".to_owned(),
        detail: format!("Vertex AI sign-in failed: {detail}"),
    }
}

/// Posts the form to the token endpoint; the token and its lifetime in seconds.
async fn exchange(
    client: &HttpClient,
    token_uri: &str,
    form: &[(&str, String)],
    cancel: &CancellationToken,
) -> Result<(String, u64), ProviderError> {
    let body: String = form
        .iter()
        .map(|(name, value)| format!("{name}={}", form_encode(value)))
        .collect::<Vec<_>>()
        .join("&");
    let post = JsonPost {
        url: token_uri.to_owned(),
        headers: vec![(
            "content-type".to_owned(),
            "application/x-www-form-urlencoded".to_owned(),
        )],
        body: body.into_bytes().into(),
        context: ErrorContext {
            provider: "google-vertex".to_owned(),
            model: String::new(),
            url: token_uri.to_owned(),
            key_hint: None,
        },
    };
    let word = |status: u16, body: &str| {
        format!(
            "Vertex AI sign-in failed: the token endpoint answered {status}: {}",
            body.trim()
        )
    };
    let mut response = client.post_json_worded(post, cancel, word).await?;
    let mut bytes = Vec::new();
    while let Some(chunk) = response.chunk(cancel).await? {
        bytes.extend_from_slice(&chunk);
        if bytes.len() > MAX_TOKEN_RESPONSE {
            return Err(sign_in_error("the token response is too large".into()));
        }
    }
    let reply: Value = serde_json::from_slice(&bytes)
        .map_err(|_| sign_in_error("the token endpoint did not answer JSON".into()))?;
    let token = reply
        .get("access_token")
        .and_then(Value::as_str)
        .filter(|token| !token.is_empty())
        .ok_or_else(|| {
            sign_in_error(format!("the token endpoint sent no access_token: {reply}"))
        })?;
    let expires_in = reply
        .get("expires_in")
        .and_then(Value::as_u64)
        .unwrap_or(3600);
    Ok((token.to_owned(), expires_in))
}

/// `application/x-www-form-urlencoded` escaping.
fn form_encode(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for byte in value.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(char::from(byte));
            }
            b' ' => out.push('+'),
            other => out.push_str(&format!("%{other:02X}")),
        }
    }
    out
}

/// The signed JWT a service account exchanges for a token (RFC 7523): issued now, valid an
/// hour, for the `cloud-platform` scope, addressed to the token endpoint.
pub fn service_account_jwt(file: &Value, token_uri: &str, now: u64) -> Result<String, String> {
    let field = |name: &str| {
        file.get(name)
            .and_then(Value::as_str)
            .ok_or_else(|| format!("the service account has no {name}"))
    };
    let mut header = json!({"alg": "RS256", "typ": "JWT"});
    if let Ok(id) = field("private_key_id") {
        header["kid"] = json!(id);
    }
    let claims = json!({
        "iss": field("client_email")?,
        "scope": SCOPE,
        "aud": token_uri,
        "iat": now,
        "exp": now + 3600,
    });
    let signing_input = format!(
        "{}.{}",
        URL_SAFE_NO_PAD.encode(header.to_string()),
        URL_SAFE_NO_PAD.encode(claims.to_string())
    );
    let key = ring::signature::RsaKeyPair::from_pkcs8(&pem_der(field("private_key")?)?)
        .map_err(|error| format!("the private key is not an RSA PKCS#8 key: {error}"))?;
    let mut signature = vec![0; key.public().modulus_len()];
    key.sign(
        &ring::signature::RSA_PKCS1_SHA256,
        &ring::rand::SystemRandom::new(),
        signing_input.as_bytes(),
        &mut signature,
    )
    .map_err(|_| "cannot sign with the private key".to_owned())?;
    Ok(format!(
        "{signing_input}.{}",
        URL_SAFE_NO_PAD.encode(signature)
    ))
}

/// The DER bytes of a PEM `PRIVATE KEY` block.
fn pem_der(pem: &str) -> Result<Vec<u8>, String> {
    let body: String = pem
        .lines()
        .map(str::trim)
        .filter(|line| !line.starts_with("-----"))
        .collect();
    STANDARD
        .decode(body)
        .map_err(|_| "the private key is not PEM".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A service account with a test-only key, generated for these tests.
    const SERVICE_ACCOUNT: &str = include_str!("../../tests/fixtures/vertex-service-account.json");

    #[test]
    fn a_service_account_signs_an_rs256_jwt_for_the_token_endpoint() {
        let file: Value = serde_json::from_str(SERVICE_ACCOUNT).unwrap();
        let jwt = service_account_jwt(&file, "https://oauth2.example/token", 1_000).unwrap();
        let parts: Vec<&str> = jwt.split('.').collect();
        assert_eq!(parts.len(), 3);
        let decode = |part: &str| -> Value {
            serde_json::from_slice(&URL_SAFE_NO_PAD.decode(part).unwrap()).unwrap()
        };
        assert_eq!(
            decode(parts[0]),
            json!({"alg": "RS256", "typ": "JWT", "kid": "key-1"})
        );
        assert_eq!(
            decode(parts[1]),
            json!({"iss": "tau-test@tau-test.iam.gserviceaccount.com", "scope": SCOPE,
                "aud": "https://oauth2.example/token", "iat": 1000, "exp": 4600})
        );
        // The signature verifies with the account's public key.
        let der = pem_der(file["private_key"].as_str().unwrap()).unwrap();
        let key = ring::signature::RsaKeyPair::from_pkcs8(&der).unwrap();
        let public = ring::signature::UnparsedPublicKey::new(
            &ring::signature::RSA_PKCS1_2048_8192_SHA256,
            key.public().as_ref().to_vec(),
        );
        let signature = URL_SAFE_NO_PAD.decode(parts[2]).unwrap();
        let signed = format!("{}.{}", parts[0], parts[1]);
        assert!(public.verify(signed.as_bytes(), &signature).is_ok());
    }

    #[test]
    fn a_broken_key_is_named() {
        let file = json!({"client_email": "a@b", "private_key": "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"});
        assert!(service_account_jwt(&file, "t", 0)
            .unwrap_err()
            .starts_with("the private key is not an RSA PKCS#8 key"));
        assert_eq!(
            service_account_jwt(&json!({}), "t", 0).unwrap_err(),
            "the service account has no client_email"
        );
    }

    #[test]
    fn forms_are_url_encoded() {
        assert_eq!(form_encode("a b+c/d=é"), "a+b%2Bc%2Fd%3D%C3%A9");
    }

    #[test]
    fn adc_needs_a_file_a_project_and_a_location() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("adc.json");
        std::fs::write(&path, "{}").unwrap();
        let path_text = path.to_string_lossy().into_owned();
        let env = |project: bool| {
            let path_text = path_text.clone();
            move |name: &str| match name {
                "GOOGLE_APPLICATION_CREDENTIALS" => Some(path_text.clone()),
                "GOOGLE_CLOUD_PROJECT" if project => Some("p".to_owned()),
                "GOOGLE_CLOUD_LOCATION" => Some("us-central1".to_owned()),
                _ => None,
            }
        };
        assert!(is_configured(&env(true)));
        assert!(!is_configured(&env(false)));
        let home = |name: &str| (name == "HOME").then(|| "/h".to_owned());
        assert_eq!(
            credentials_path(&home),
            Some(PathBuf::from(
                "/h/.config/gcloud/application_default_credentials.json"
            ))
        );
    }
}
