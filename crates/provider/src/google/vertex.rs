//! Vertex AI (pi-ai's `google-vertex` api): Gemini's request and stream through Vertex's
//! endpoint, as the Google GenAI SDK sends them.
//!
//! - URL with a key, or with a custom base URL:
//!   `{base}/v1/publishers/google/models/{id}:streamGenerateContent?alt=sse`, the base
//!   being the provider's or the model's `baseUrl` (one with `{location}` in it counts as
//!   none; one whose path names a version, `…/v1`, gets no second one), else
//!   `https://aiplatform.googleapis.com`.
//! - The key (`GOOGLE_CLOUD_API_KEY`) goes in `x-goog-api-key`. Without one (pi-ai's
//!   placeholders `<authenticated>` and `gcp-vertex-credentials` count as none), Application
//!   Default Credentials sign the request ([`super::adc`]): `Authorization: Bearer <token>`
//!   to `https://<location>-aiplatform.googleapis.com/v1/projects/<project>/locations/
//!   <location>/publishers/google/models/…` (`global`: `aiplatform.googleapis.com`; `us`,
//!   `eu`: `aiplatform.<location>.rep.googleapis.com`), project and location from
//!   `GOOGLE_CLOUD_PROJECT` (or `GCLOUD_PROJECT`) and `GOOGLE_CLOUD_LOCATION`.

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
/// The key pi-ai reports for a provider signed in with ADC.
pub const ADC_PLACEHOLDER: &str = "<authenticated>";

/// What to do without a usable key or credentials file.
pub const NO_KEY_HINT: &str = "set GOOGLE_CLOUD_API_KEY or pass --api-key, or sign in with `gcloud auth application-default login` (or point GOOGLE_APPLICATION_CREDENTIALS at a service account key) and set GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION";
/// Locations served by a multi-regional endpoint.
const MULTI_REGIONAL_LOCATIONS: [&str; 2] = ["us", "eu"];

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

/// The provider's or the model's own base URL, if it names one (`{location}` templates
/// count as none, as in pi-ai).
fn custom_base(settings: &EndpointSettings, model: &Model) -> Option<String> {
    settings
        .base_url
        .as_deref()
        .or(Some(model.base_url.as_str()))
        .map(str::trim)
        .filter(|url| !url.is_empty() && !url.contains("{location}"))
        .map(str::to_owned)
}

/// A custom base with the API version added unless its path names one.
fn versioned(base: &str) -> String {
    if includes_api_version(base) {
        base.trim_end_matches('/').to_owned()
    } else {
        format!("{}/{API_VERSION}", base.trim_end_matches('/'))
    }
}

/// The base the model path is appended to with an API key: it ends with the API version.
pub fn base_url(settings: &EndpointSettings, model: &Model) -> String {
    match custom_base(settings, model) {
        Some(base) => versioned(&base),
        None => format!("{DEFAULT_BASE_URL}/{API_VERSION}"),
    }
}

/// The base with Application Default Credentials: a custom base as with a key (it names the
/// collection), else the location's endpoint with `projects/<project>/locations/<location>`.
/// Fails with pi-ai's text without a project or a location.
pub fn adc_target(
    settings: &EndpointSettings,
    model: &Model,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<String, String> {
    let project = env("GOOGLE_CLOUD_PROJECT")
        .or_else(|| env("GCLOUD_PROJECT"))
        .ok_or("Vertex AI requires a project ID. Set GOOGLE_CLOUD_PROJECT/GCLOUD_PROJECT or pass project in options.")?;
    let location = env("GOOGLE_CLOUD_LOCATION").ok_or(
        "Vertex AI requires a location. Set GOOGLE_CLOUD_LOCATION or pass location in options.",
    )?;
    if let Some(base) = custom_base(settings, model) {
        return Ok(versioned(&base));
    }
    let host = if location == "global" {
        DEFAULT_BASE_URL.to_owned()
    } else if MULTI_REGIONAL_LOCATIONS.contains(&location.as_str()) {
        format!("https://aiplatform.{location}.rep.googleapis.com")
    } else {
        format!("https://{location}-aiplatform.googleapis.com")
    };
    Ok(format!(
        "{host}/{API_VERSION}/projects/{project}/locations/{location}"
    ))
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

#[cfg(test)]
mod adc_tests {
    use super::*;

    #[test]
    fn adc_requests_go_to_the_locations_endpoint() {
        let settings = EndpointSettings::default();
        let mut model = crate::scripted::scripted_model("gemini-2.5-flash");
        model.base_url = String::new();
        let env_for = |location: &'static str| {
            move |name: &str| match name {
                "GCLOUD_PROJECT" => Some("proj".to_owned()),
                "GOOGLE_CLOUD_LOCATION" => Some(location.to_owned()),
                _ => None,
            }
        };
        for (location, expected) in [
            ("us-central1", "https://us-central1-aiplatform.googleapis.com/v1/projects/proj/locations/us-central1"),
            ("global", "https://aiplatform.googleapis.com/v1/projects/proj/locations/global"),
            ("eu", "https://aiplatform.eu.rep.googleapis.com/v1/projects/proj/locations/eu"),
        ] {
            assert_eq!(adc_target(&settings, &model, &env_for(location)).unwrap(), expected);
        }
        model.base_url = "http://127.0.0.1:9".into();
        assert_eq!(
            adc_target(&settings, &model, &env_for("us-central1")).unwrap(),
            "http://127.0.0.1:9/v1"
        );
        assert_eq!(
            adc_target(&settings, &model, &|_: &str| None).unwrap_err(),
            "Vertex AI requires a project ID. Set GOOGLE_CLOUD_PROJECT/GCLOUD_PROJECT or pass project in options."
        );
        let no_location = |name: &str| (name == "GOOGLE_CLOUD_PROJECT").then(|| "p".to_owned());
        assert_eq!(
            adc_target(&settings, &model, &no_location).unwrap_err(),
            "Vertex AI requires a location. Set GOOGLE_CLOUD_LOCATION or pass location in options."
        );
    }
}
