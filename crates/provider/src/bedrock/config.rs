//! Where a Bedrock request goes and how it signs in, by pi-ai's rules.
//!
//! Region: the one in an inference-profile ARN model id, else `AWS_REGION`, else
//! `AWS_DEFAULT_REGION`, else the region of a standard `bedrock-runtime.<region>.amazonaws.com`
//! base URL, else `us-east-1`. Endpoint: the model's `baseUrl` (or the provider's override)
//! unless it is a standard Bedrock host and a region or `AWS_PROFILE` is configured, in
//! which case the SDK's `https://bedrock-runtime.<region>.amazonaws.com`.
//!
//! Auth: an API key or `AWS_BEARER_TOKEN_BEDROCK` is a bearer token; otherwise SigV4 with
//! the environment's keys, else the static keys of the AWS profile ([`super::profile`]);
//! dummy keys under `AWS_BEDROCK_SKIP_AUTH=1`.

use std::time::SystemTime;

use reqwest::Url;
use serde_json::Value;
use tau_protocol::Model;

use super::sigv4::{sign, Credentials, SignInput};

/// What the registry stands in for a key when AWS credentials come from the environment.
pub const AMBIENT_AUTH: &str = "<authenticated>";
/// The region when nothing names one.
const DEFAULT_REGION: &str = "us-east-1";

/// Whether the environment holds AWS credentials pi-ai counts as signed in (a profile,
/// keys, a Bedrock bearer token, container or web-identity credentials).
pub fn has_ambient_credentials(env: &dyn Fn(&str) -> Option<String>) -> bool {
    env("AWS_PROFILE").is_some()
        || (env("AWS_ACCESS_KEY_ID").is_some() && env("AWS_SECRET_ACCESS_KEY").is_some())
        || env("AWS_BEARER_TOKEN_BEDROCK").is_some()
        || env("AWS_CONTAINER_CREDENTIALS_RELATIVE_URI").is_some()
        || env("AWS_CONTAINER_CREDENTIALS_FULL_URI").is_some()
        || env("AWS_WEB_IDENTITY_TOKEN_FILE").is_some()
}

/// Where one request goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// The signing region.
    pub region: String,
    /// The explicit endpoint, when the base URL is used as given.
    pub endpoint: Option<String>,
}

impl Target {
    /// pi-ai's endpoint and region rules for `model` (`base_url` replaces the model's).
    pub fn resolve(
        model: &Model,
        base_url: Option<&str>,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Self {
        let base = base_url
            .filter(|url| !url.is_empty())
            .unwrap_or(&model.base_url);
        let configured = env("AWS_REGION").or_else(|| env("AWS_DEFAULT_REGION"));
        let profile = env("AWS_PROFILE").is_some();
        let endpoint_region = standard_endpoint_region(base);
        let explicit =
            !base.is_empty() && (endpoint_region.is_none() || (configured.is_none() && !profile));
        // With `AWS_PROFILE` and no region, the SDK takes the profile's.
        let region = arn_region(&model.id)
            .or(configured)
            .or_else(|| endpoint_region.filter(|_| explicit))
            .or_else(|| {
                profile
                    .then(|| super::profile::Profile::load(env).region())
                    .flatten()
            })
            .unwrap_or_else(|| DEFAULT_REGION.to_owned());
        Self {
            region,
            endpoint: explicit.then(|| base.to_owned()),
        }
    }

    /// `{endpoint}/model/{modelId}/converse-stream`, the id percent-encoded as one segment.
    pub fn url(&self, model_id: &str) -> Result<Url, String> {
        let base = self
            .endpoint
            .clone()
            .unwrap_or_else(|| format!("https://bedrock-runtime.{}.amazonaws.com", self.region));
        let mut url = Url::parse(&base).map_err(|_| format!("invalid base URL {base:?}"))?;
        let path = format!(
            "{}/model/{}/converse-stream",
            url.path().trim_end_matches('/'),
            encode_segment(model_id)
        );
        url.set_path(&path);
        url.set_query(None);
        Ok(url)
    }
}

/// The region of an inference-profile ARN (`arn:aws…:bedrock:<region>:…`).
fn arn_region(id: &str) -> Option<String> {
    let rest = id.strip_prefix("arn:aws")?;
    let rest = match rest.strip_prefix(':') {
        Some(rest) => rest,
        None => rest.strip_prefix('-')?.split_once(':')?.1,
    };
    let region = rest.strip_prefix("bedrock:")?.split(':').next()?;
    (!region.is_empty()
        && region
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'))
    .then(|| region.to_owned())
}

/// The region of `https://bedrock-runtime[-fips].<region>.amazonaws.com[.cn]`.
fn standard_endpoint_region(base: &str) -> Option<String> {
    let host = Url::parse(base).ok()?.host_str()?.to_ascii_lowercase();
    let rest = host
        .strip_prefix("bedrock-runtime-fips.")
        .or_else(|| host.strip_prefix("bedrock-runtime."))?;
    let region = rest
        .strip_suffix(".amazonaws.com.cn")
        .or_else(|| rest.strip_suffix(".amazonaws.com"))?;
    (!region.is_empty()
        && region
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'))
    .then(|| region.to_owned())
}

/// The SDK's label encoding: everything but unreserved characters percent-encoded.
fn encode_segment(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// Request headers, in order.
pub type HeaderList = Vec<(String, String)>;

/// How a request signs in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Auth {
    /// `Authorization: Bearer <token>` (Bedrock API keys).
    Bearer(String),
    /// AWS Signature Version 4.
    SigV4(Credentials),
}

impl Auth {
    /// pi-ai's order: the API key, else `AWS_BEARER_TOKEN_BEDROCK` (both ignored under
    /// `AWS_BEDROCK_SKIP_AUTH=1`, which signs with dummy keys), else the environment's keys.
    /// `Err` says what to set.
    pub fn resolve(
        api_key: Option<&str>,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Self, String> {
        let skip = env("AWS_BEDROCK_SKIP_AUTH").as_deref() == Some("1");
        if skip {
            return Ok(Auth::SigV4(Credentials {
                access_key_id: "dummy-access-key".into(),
                secret_access_key: "dummy-secret-key".into(),
                session_token: None,
            }));
        }
        let bearer = api_key
            .filter(|key| !key.is_empty() && *key != AMBIENT_AUTH)
            .map(str::to_owned)
            .or_else(|| env("AWS_BEARER_TOKEN_BEDROCK"));
        if let Some(token) = bearer {
            return Ok(Auth::Bearer(token));
        }
        match (env("AWS_ACCESS_KEY_ID"), env("AWS_SECRET_ACCESS_KEY")) {
            (Some(access_key_id), Some(secret_access_key)) => Ok(Auth::SigV4(Credentials {
                access_key_id,
                secret_access_key,
                session_token: env("AWS_SESSION_TOKEN"),
            })),
            // The SDK's chain goes on to the shared files: a profile's static keys.
            _ => super::profile::Profile::load(env)
                .credentials()
                .map(Auth::SigV4)
                .map_err(|why| {
                    format!(
                    "set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN for \
                     temporary keys), or AWS_BEARER_TOKEN_BEDROCK, or pass --api-key with a \
                     Bedrock API key ({why}; tau does not read SSO, web-identity, container or \
                     instance credentials)"
                )
                }),
        }
    }
}

/// The request headers: the content type, the model's and the provider's headers (`null`
/// removes one; `authorization`, `host` and `x-amz-*` are reserved, as in pi-ai), then the
/// auth headers (SigV4 signs every header sent and the content length).
#[allow(clippy::too_many_arguments)] // One call site; each input is a distinct fact.
pub fn headers(
    model: &Model,
    extra: &[(String, String)],
    edit: &dyn Fn(&mut HeaderList),
    url: &Url,
    body: &[u8],
    target: &Target,
    auth: &Auth,
    now: SystemTime,
) -> Result<Vec<(String, String)>, String> {
    let mut merged: Vec<(String, String)> =
        vec![("content-type".into(), "application/json".into())];
    let custom = model
        .headers
        .iter()
        .flatten()
        .map(|(name, value)| {
            let value = match value {
                Value::Null => None,
                Value::String(text) => Some(text.clone()),
                other => Some(other.to_string()),
            };
            (name.clone(), value)
        })
        .chain(extra.iter().map(|(n, v)| (n.clone(), Some(v.clone()))));
    for (name, value) in custom {
        let lower = name.to_ascii_lowercase();
        if lower.starts_with("x-amz-") || lower == "authorization" || lower == "host" {
            continue;
        }
        merged.retain(|(existing, _)| !existing.eq_ignore_ascii_case(&name));
        if let Some(value) = value {
            merged.push((lower, value));
        }
    }
    edit(&mut merged);
    merged.retain(|(name, _)| {
        let lower = name.to_ascii_lowercase();
        !(lower.starts_with("x-amz-") || lower == "authorization" || lower == "host")
    });
    match auth {
        Auth::Bearer(token) => merged.push(("authorization".into(), format!("Bearer {token}"))),
        Auth::SigV4(credentials) => {
            let host = match (url.host_str(), url.port()) {
                (Some(host), Some(port)) => format!("{host}:{port}"),
                (Some(host), None) => host.to_owned(),
                (None, _) => return Err(format!("the Bedrock URL {url} has no host")),
            };
            let mut signed = merged.clone();
            signed.push(("content-length".into(), body.len().to_string()));
            let added = sign(
                credentials,
                &SignInput {
                    host: &host,
                    path: url.path(),
                    headers: &signed,
                    body,
                    region: &target.region,
                    time: now,
                },
            );
            merged.extend(added);
        }
    }
    Ok(merged)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model(id: &str, base_url: &str) -> Model {
        serde_json::from_value(serde_json::json!({"id": id, "name": id,
            "api": "bedrock-converse-stream", "provider": "amazon-bedrock", "baseUrl": base_url,
            "reasoning": false, "input": ["text"],
            "cost": {"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0},
            "contextWindow": 1000, "maxTokens": 100}))
        .unwrap()
    }

    fn env(pairs: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<String> {
        move |name| {
            pairs
                .iter()
                .find(|(key, _)| *key == name)
                .map(|(_, value)| (*value).to_owned())
        }
    }

    #[test]
    fn regions_and_endpoints_follow_pi_ai() {
        let standard = "https://bedrock-runtime.us-east-1.amazonaws.com";
        let target = Target::resolve(&model("m", standard), None, &env(&[]));
        assert_eq!(target.region, "us-east-1");
        assert_eq!(target.endpoint.as_deref(), Some(standard));
        // A configured region replaces the catalogue's standard endpoint.
        let target = Target::resolve(
            &model("m", standard),
            None,
            &env(&[("AWS_REGION", "eu-west-1")]),
        );
        assert_eq!(target.region, "eu-west-1");
        assert_eq!(target.endpoint, None);
        assert_eq!(
            target.url("anthropic.claude-v1:0").unwrap().as_str(),
            "https://bedrock-runtime.eu-west-1.amazonaws.com/model/anthropic.claude-v1%3A0/converse-stream"
        );
        // A custom endpoint (VPC, proxy) is kept.
        let target = Target::resolve(
            &model("m", "http://127.0.0.1:9/proxy/"),
            None,
            &env(&[("AWS_DEFAULT_REGION", "ap-south-1")]),
        );
        assert_eq!(target.region, "ap-south-1");
        assert_eq!(
            target.url("m").unwrap().as_str(),
            "http://127.0.0.1:9/proxy/model/m/converse-stream"
        );
        // An inference-profile ARN names its region.
        let arn = "arn:aws:bedrock:ap-northeast-1:123:application-inference-profile/x";
        let target = Target::resolve(
            &model(arn, standard),
            None,
            &env(&[("AWS_REGION", "eu-west-1")]),
        );
        assert_eq!(target.region, "ap-northeast-1");
        assert!(target.url(arn).unwrap().path().contains(
            "arn%3Aaws%3Abedrock%3Aap-northeast-1%3A123%3Aapplication-inference-profile%2Fx"
        ));
        // The standard endpoint's region when nothing else is configured.
        let target = Target::resolve(
            &model("m", "https://bedrock-runtime.us-west-2.amazonaws.com"),
            None,
            &env(&[]),
        );
        assert_eq!(target.region, "us-west-2");
    }

    #[test]
    fn auth_prefers_a_key_then_the_bearer_variable_then_signing_keys() {
        let keys = env(&[
            ("AWS_ACCESS_KEY_ID", "AKID"),
            ("AWS_SECRET_ACCESS_KEY", "secret"),
            ("AWS_BEARER_TOKEN_BEDROCK", "bedrock-token"),
        ]);
        assert_eq!(
            Auth::resolve(Some("key"), &keys).unwrap(),
            Auth::Bearer("key".into())
        );
        assert_eq!(
            Auth::resolve(Some(AMBIENT_AUTH), &keys).unwrap(),
            Auth::Bearer("bedrock-token".into())
        );
        let signing = env(&[
            ("AWS_ACCESS_KEY_ID", "AKID"),
            ("AWS_SECRET_ACCESS_KEY", "secret"),
        ]);
        assert!(matches!(
            Auth::resolve(Some(AMBIENT_AUTH), &signing).unwrap(),
            Auth::SigV4(Credentials {
                session_token: None,
                ..
            })
        ));
        let skip = env(&[
            ("AWS_BEDROCK_SKIP_AUTH", "1"),
            ("AWS_BEARER_TOKEN_BEDROCK", "t"),
        ]);
        assert!(
            matches!(Auth::resolve(None, &skip).unwrap(), Auth::SigV4(c) if c.access_key_id == "dummy-access-key")
        );
        let error = Auth::resolve(None, &env(&[("AWS_PROFILE", "dev")])).unwrap_err();
        assert!(error.contains("AWS_ACCESS_KEY_ID"), "{error}");
    }
}
