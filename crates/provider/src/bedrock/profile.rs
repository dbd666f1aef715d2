//! Static credentials and the region of an AWS profile, read from the shared files as the
//! AWS SDK's default chain reads them when the environment has no keys: the profile is
//! `AWS_PROFILE` or `default`; `~/.aws/credentials` (`AWS_SHARED_CREDENTIALS_FILE`) holds
//! `[name]` sections, `~/.aws/config` (`AWS_CONFIG_FILE`) `[profile name]` ones (`[default]`
//! for the default), and the credentials file wins where both set a key.

use std::collections::HashMap;
use std::path::PathBuf;

use super::sigv4::Credentials;

/// What the shared files say about one profile.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Profile {
    /// The profile's name.
    pub name: String,
    /// Its keys, lower-cased names, credentials file over config file.
    values: HashMap<String, String>,
}

impl Profile {
    /// The profile the environment names, from the shared files (missing files are empty).
    pub fn load(env: &dyn Fn(&str) -> Option<String>) -> Self {
        let name = env("AWS_PROFILE").unwrap_or_else(|| "default".to_owned());
        let home = env("HOME").map(PathBuf::from);
        let path = |variable: &str, file: &str| {
            env(variable)
                .map(PathBuf::from)
                .or_else(|| home.as_ref().map(|home| home.join(".aws").join(file)))
        };
        let read = |path: Option<PathBuf>| {
            path.and_then(|path| std::fs::read_to_string(path).ok())
                .unwrap_or_default()
        };
        let config_section = if name == "default" {
            "default".to_owned()
        } else {
            format!("profile {name}")
        };
        let mut values = section(&read(path("AWS_CONFIG_FILE", "config")), &config_section);
        values.extend(section(
            &read(path("AWS_SHARED_CREDENTIALS_FILE", "credentials")),
            &name,
        ));
        Self { name, values }
    }

    /// The profile's static keys; `Err` says why there are none tau can use.
    pub fn credentials(&self) -> Result<Credentials, String> {
        let get = |key: &str| self.values.get(key).filter(|v| !v.is_empty()).cloned();
        if let (Some(access_key_id), Some(secret_access_key)) =
            (get("aws_access_key_id"), get("aws_secret_access_key"))
        {
            return Ok(Credentials {
                access_key_id,
                secret_access_key,
                session_token: get("aws_session_token"),
            });
        }
        let kind = [
            "sso_session",
            "sso_start_url",
            "role_arn",
            "credential_process",
            "web_identity_token_file",
        ]
        .into_iter()
        .find(|key| get(key).is_some());
        Err(match kind {
            Some(kind) => format!(
                "AWS profile \"{}\" signs in with {kind}, which tau does not support; export \
                 static keys (for example `aws configure export-credentials --profile {} --format env`)",
                self.name, self.name
            ),
            None => format!("AWS profile \"{}\" has no aws_access_key_id and aws_secret_access_key", self.name),
        })
    }

    /// The profile's `region`.
    pub fn region(&self) -> Option<String> {
        self.values.get("region").filter(|v| !v.is_empty()).cloned()
    }
}

/// The `key = value` lines of the INI section `[name]` (comments and other sections skipped).
fn section(text: &str, name: &str) -> HashMap<String, String> {
    let mut values = HashMap::new();
    let mut inside = false;
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with(';') {
            continue;
        }
        if let Some(header) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            inside = header.split_whitespace().collect::<Vec<_>>().join(" ") == name;
            continue;
        }
        if !inside {
            continue;
        }
        if let Some((key, value)) = line.split_once('=') {
            values.insert(key.trim().to_ascii_lowercase(), value.trim().to_owned());
        }
    }
    values
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_named_profile_takes_keys_from_credentials_and_region_from_config() {
        let dir = tempfile::tempdir().unwrap();
        let credentials = dir.path().join("credentials");
        let config = dir.path().join("config");
        std::fs::write(
            &credentials,
            "[default]\naws_access_key_id = D\naws_secret_access_key = d\n\n[dev]\n# comment\naws_access_key_id = AKID\naws_secret_access_key = secret\naws_session_token = tok\n",
        )
        .unwrap();
        std::fs::write(&config, "[default]\nregion = us-west-2\n[profile dev]\nregion = eu-central-1\n[profile sso]\nsso_session = corp\n").unwrap();
        let env = |profile: Option<&'static str>| {
            let (credentials, config) = (credentials.clone(), config.clone());
            move |name: &str| match name {
                "AWS_PROFILE" => profile.map(str::to_owned),
                "AWS_SHARED_CREDENTIALS_FILE" => Some(credentials.display().to_string()),
                "AWS_CONFIG_FILE" => Some(config.display().to_string()),
                _ => None,
            }
        };
        let dev = Profile::load(&env(Some("dev")));
        assert_eq!(
            dev.credentials().unwrap(),
            Credentials {
                access_key_id: "AKID".into(),
                secret_access_key: "secret".into(),
                session_token: Some("tok".into())
            }
        );
        assert_eq!(dev.region().as_deref(), Some("eu-central-1"));
        let default = Profile::load(&env(None));
        assert_eq!(default.credentials().unwrap().access_key_id, "D");
        assert_eq!(default.region().as_deref(), Some("us-west-2"));
        let sso = Profile::load(&env(Some("sso"))).credentials().unwrap_err();
        assert!(
            sso.contains("sso_session, which tau does not support"),
            "{sso}"
        );
        let missing = Profile::load(&env(Some("nope"))).credentials().unwrap_err();
        assert!(missing.contains("has no aws_access_key_id"), "{missing}");
    }
}
