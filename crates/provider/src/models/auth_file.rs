//! `<agent dir>/auth.json`, Pi's credential store: one record per provider, either
//! `{"type": "api_key", "key": ..., "env": {...}}` or an OAuth sign-in
//! `{"type": "oauth", "access", "refresh", "expires", ...}`. Written as Pi writes it: under
//! Pi's lock (`auth.json.lock` next to the resolved file), pretty-printed with two spaces,
//! other providers' records kept, and created with mode 0600 (an existing file keeps its
//! mode, as Pi leaves administrator-set modes alone).
//!
//! tau uses API-key records (the key may be a literal, `$ENV` template or `!command`, as in
//! models.json) and the OAuth sign-ins of the built-in providers whose refresh it knows
//! (see `oauth`); other sign-ins are listed and can be removed, but requests for their
//! provider fall back to models.json and the environment.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

use crate::file_lock;

/// Why auth.json could not be read or changed.
#[derive(Debug, thiserror::Error)]
pub enum AuthFileError {
    /// Reading, locking or writing failed.
    #[error("cannot {action} {path}: {source}")]
    Io {
        /// What was being done.
        action: &'static str,
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not a JSON object.
    #[error("cannot read {path}: {reason}; fix or remove the file")]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
}

/// A stored API key.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct StoredKey {
    /// The raw key (`literal`, `$ENV`, `!command`); `None` when the record has none.
    pub key: Option<String>,
    /// Variables for this provider that win over the process environment.
    pub env: HashMap<String, String>,
}

/// One stored credential.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Credential {
    /// `type: "api_key"`.
    ApiKey(StoredKey),
    /// `type: "oauth"`: the whole record (`access`, `refresh`, `expires`, provider extras).
    OAuth(Value),
    /// Any other type, with its type.
    Other(String),
}

impl Credential {
    /// The record's `type`, as `/logout` lists it.
    pub fn kind(&self) -> &str {
        match self {
            Credential::ApiKey(_) => "api_key",
            Credential::OAuth(_) => "oauth",
            Credential::Other(kind) => kind,
        }
    }
}

/// The path of auth.json in `agent_dir`.
pub fn auth_path(agent_dir: &Path) -> PathBuf {
    agent_dir.join("auth.json")
}

fn parse(text: &str, path: &Path) -> Result<Map<String, Value>, AuthFileError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Ok(Map::new());
    }
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(AuthFileError::Invalid {
            path: path.to_owned(),
            reason: "expected an object".into(),
        }),
        Err(error) => Err(AuthFileError::Invalid {
            path: path.to_owned(),
            reason: error.to_string(),
        }),
    }
}

fn credential(value: &Value) -> Credential {
    if value["type"] == "oauth" {
        return Credential::OAuth(value.clone());
    }
    if value["type"] != "api_key" {
        let kind = value["type"].as_str().unwrap_or("unknown");
        return Credential::Other(kind.to_string());
    }
    let env = value["env"]
        .as_object()
        .map(|vars| {
            vars.iter()
                .filter_map(|(name, v)| Some((name.clone(), v.as_str()?.to_string())))
                .collect()
        })
        .unwrap_or_default();
    Credential::ApiKey(StoredKey {
        key: value["key"].as_str().map(str::to_string),
        env,
    })
}

/// The stored credentials by provider, in file order. A missing file is empty.
pub fn load(agent_dir: &Path) -> Result<Vec<(String, Credential)>, AuthFileError> {
    let path = auth_path(agent_dir);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(source) => {
            return Err(AuthFileError::Io {
                action: "read",
                path,
                source,
            })
        }
    };
    Ok(parse(&text, &path)?
        .iter()
        .map(|(provider, value)| (provider.clone(), credential(value)))
        .collect())
}

/// Stores an API key for `provider` (Pi's `/login` with a key), replacing its record.
pub fn store_api_key(agent_dir: &Path, provider: &str, key: &str) -> Result<(), AuthFileError> {
    let record = serde_json::json!({ "type": "api_key", "key": key });
    modify(agent_dir, |map| {
        map.insert(provider.to_string(), record);
    })
}

/// Removes `provider`'s record (Pi's `/logout`); true when there was one.
pub fn remove(agent_dir: &Path, provider: &str) -> Result<bool, AuthFileError> {
    let mut removed = false;
    modify(agent_dir, |map| {
        removed = map.shift_remove(provider).is_some()
    })?;
    Ok(removed)
}

/// Replaces `provider`'s record with what `change` returns, deciding under Pi's lock from the
/// record as it is now (`None` when there is none); `change` returning `None` leaves the file
/// as it is. The lock waits for another holder (a refresh in progress) up to Pi's stale time.
pub fn update(
    agent_dir: &Path,
    provider: &str,
    change: impl FnOnce(Option<&Value>) -> Option<Value>,
) -> Result<(), AuthFileError> {
    let path = auth_path(agent_dir);
    let resolved = std::fs::canonicalize(&path).map_err(|source| AuthFileError::Io {
        action: "resolve",
        path: path.clone(),
        source,
    })?;
    let io = |action: &'static str| {
        let path = path.clone();
        move |source| AuthFileError::Io {
            action,
            path,
            source,
        }
    };
    let _lock = file_lock::lock_waiting(&resolved).map_err(io("lock"))?;
    let text = std::fs::read_to_string(&resolved).map_err(io("read"))?;
    let mut map = parse(&text, &path)?;
    if let Some(record) = change(map.get(provider)) {
        map.insert(provider.to_owned(), record);
        let text =
            serde_json::to_string_pretty(&Value::Object(map)).unwrap_or_else(|_| "{}".into());
        write_new(&resolved, &text).map_err(io("write"))?;
    }
    Ok(())
}

/// Read, change and write the file under Pi's lock.
fn modify(
    agent_dir: &Path,
    change: impl FnOnce(&mut Map<String, Value>),
) -> Result<(), AuthFileError> {
    let path = auth_path(agent_dir);
    let io = |action: &'static str, path: &Path| {
        let path = path.to_owned();
        move |source| AuthFileError::Io {
            action,
            path,
            source,
        }
    };
    if !agent_dir.exists() {
        create_private_dir(agent_dir).map_err(io("create the folder of", &path))?;
    }
    if !path.exists() {
        write_new(&path, "{}").map_err(io("create", &path))?;
    }
    // Pi locks the resolved file, so links to auth.json share one lock.
    let resolved = std::fs::canonicalize(&path).map_err(io("resolve", &path))?;
    let _lock = file_lock::lock(&resolved).map_err(io("lock", &path))?;
    let text = std::fs::read_to_string(&resolved).map_err(io("read", &path))?;
    let mut map = parse(&text, &path)?;
    change(&mut map);
    let text = serde_json::to_string_pretty(&Value::Object(map)).unwrap_or_else(|_| "{}".into());
    write_new(&resolved, &text).map_err(io("write", &path))
}

fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir)
}

/// Writes `text`, creating the file with mode 0600; an existing file keeps its mode.
fn write_new(path: &Path, text: &str) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)?.write_all(text.as_bytes())
}

#[cfg(test)]
#[path = "auth_file_tests.rs"]
mod tests;
