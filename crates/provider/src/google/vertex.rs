//! Vertex AI (pi-ai's `google-vertex` api): Gemini's request and stream through Vertex's
//! endpoint, as the Google GenAI SDK sends them with an API key.
//!
//! - URL: `{base}/v1/publishers/google/models/{id}:streamGenerateContent?alt=sse`, the base
//!   being the provider's or the model's `baseUrl` (one with `{location}` in it counts as
//!   none; one whose path names a version, `…/v1`, gets no second one), else
//!   `https://aiplatform.googleapis.com`.
//! - The key (`GOOGLE_CLOUD_API_KEY`) goes in `x-goog-api-key`. pi-ai's placeholders for
//!   Application Default Credentials (`<authenticated>`, `gcp-vertex-credentials`) are not a
//!   key: tau does not sign in with ADC yet and says so.

use tau_protocol::Model;

use crate::endpoint::EndpointSettings;

/// The `api` name of Vertex AI.
pub const API: &str = "google-vertex";
/// Vertex's global endpoint, used with an API key.
const DEFAULT_BASE_URL: &str = "https://aiplatform.googleapis.com";
/// The API version the SDK adds to a base URL without one.
const API_VERSION: &str = "v1";
/// pi-ai's marker for "credentials come from ADC".
const CREDENTIALS_MARKER: &str = "gcp-vertex-credentials";

/// What to do without a usable key.
pub const NO_KEY_HINT: &str = "tau signs in to Vertex AI with an API key only: set GOOGLE_CLOUD_API_KEY or pass --api-key (Application Default Credentials are not supported yet)";

/// The request's key, or `None` for none or one of pi-ai's ADC placeholders.
pub fn api_key(settings: &EndpointSettings, request_key: Option<&str>) -> Option<String> {
    let key = settings.key(request_key)?;
    let key = key.trim();
    let placeholder = key.len() > 2
        && key.starts_with('<')
        && key.ends_with('>')
        && !key[1..key.len() - 1].contains('>');
    (!key.is_empty() && key != CREDENTIALS_MARKER && !placeholder).then(|| key.to_owned())
}

/// The base the model path is appended to: it ends with the API version.
pub fn base_url(settings: &EndpointSettings, model: &Model) -> String {
    let custom = settings
        .base_url
        .as_deref()
        .or(Some(model.base_url.as_str()))
        .map(str::trim)
        .filter(|url| !url.is_empty() && !url.contains("{location}"));
    match custom {
        Some(base) if includes_api_version(base) => base.trim_end_matches('/').to_owned(),
        Some(base) => format!("{}/{API_VERSION}", base.trim_end_matches('/')),
        None => format!("{DEFAULT_BASE_URL}/{API_VERSION}"),
    }
}

/// Whether a path segment of `base` is an API version (`v1`, `v1beta1`).
fn includes_api_version(base: &str) -> bool {
    let path = reqwest::Url::parse(base)
        .map(|url| url.path().to_owned())
        .unwrap_or_else(|_| base.to_owned());
    path.split('/').any(|segment| {
        segment
            .strip_prefix('v')
            .and_then(|rest| {
                let digits = rest.chars().take_while(char::is_ascii_digit).count();
                let tail = &rest[digits..];
                (digits > 0).then_some(tail)
            })
            .is_some_and(|tail| {
                tail.is_empty()
                    || tail
                        .strip_prefix("beta")
                        .is_some_and(|n| n.chars().all(|c| c.is_ascii_digit()))
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model(base_url: &str) -> Model {
        let mut model = crate::scripted::scripted_model("gemini-2.5-flash");
        model.base_url = base_url.into();
        model
    }

    #[test]
    fn the_base_gets_the_version_unless_it_names_one() {
        let settings = EndpointSettings::default();
        for (base, expected) in [
            ("", "https://aiplatform.googleapis.com/v1"),
            (
                "https://{location}-aiplatform.googleapis.com",
                "https://aiplatform.googleapis.com/v1",
            ),
            ("http://127.0.0.1:9", "http://127.0.0.1:9/v1"),
            ("http://127.0.0.1:9/v1/", "http://127.0.0.1:9/v1"),
            (
                "http://127.0.0.1:9/proxy/v1beta1",
                "http://127.0.0.1:9/proxy/v1beta1",
            ),
            ("http://127.0.0.1:9/v1x", "http://127.0.0.1:9/v1x/v1"),
        ] {
            assert_eq!(base_url(&settings, &model(base)), expected, "{base}");
        }
    }

    #[test]
    fn adc_placeholders_are_not_keys() {
        let settings = EndpointSettings::default();
        assert_eq!(api_key(&settings, Some("vk")), Some("vk".into()));
        assert_eq!(api_key(&settings, Some("<authenticated>")), None);
        assert_eq!(api_key(&settings, Some("gcp-vertex-credentials")), None);
        assert_eq!(api_key(&settings, None), None);
    }
}
