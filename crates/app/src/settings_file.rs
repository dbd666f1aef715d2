//! Changing the agent directory's settings.json the way Pi's settings manager saves it: under
//! Pi's lock (`settings.json.lock`), the file read again, only the changed key replaced (a
//! nested key such as `compaction.enabled` keeps its siblings), every other key kept, written
//! pretty-printed with two spaces. A file that is not a JSON object is left alone and the
//! change is refused, as Pi does not save over a settings file it could not load.
//!
//! The functions take the folder of the settings file: the agent directory, or a project's
//! `.pi` folder for project settings.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

/// The global settings file.
pub fn path(agent_dir: &Path) -> PathBuf {
    agent_dir.join("settings.json")
}

/// The settings as an object; a missing, empty or broken file is empty.
pub fn read(agent_dir: &Path) -> Map<String, Value> {
    std::fs::read_to_string(path(agent_dir))
        .ok()
        .and_then(|text| parse(&text).ok())
        .unwrap_or_default()
}

/// Parses settings text (a BOM and an empty file allowed) into its object.
pub fn parse(text: &str) -> Result<Map<String, Value>, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Ok(Map::new());
    }
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err("expected an object".into()),
        Err(error) => Err(error.to_string()),
    }
}

/// The value at a dotted `key` (`"compaction.enabled"`).
pub fn get<'a>(settings: &'a Map<String, Value>, key: &str) -> Option<&'a Value> {
    let mut parts = key.split('.');
    let mut value = settings.get(parts.next()?)?;
    for part in parts {
        value = value.get(part)?;
    }
    Some(value)
}

/// Sets the dotted `key` to `value` in settings.json, keeping everything else.
pub fn set(agent_dir: &Path, key: &str, value: Value) -> Result<(), String> {
    change(agent_dir, key, Some(value))
}

/// Removes the dotted `key` from settings.json (Pi drops a setting back at its default, e.g.
/// `enabledModels` when every model is enabled), keeping everything else.
pub fn remove(agent_dir: &Path, key: &str) -> Result<(), String> {
    change(agent_dir, key, None)
}

fn change(agent_dir: &Path, key: &str, value: Option<Value>) -> Result<(), String> {
    let file = path(agent_dir);
    let fail = |what: &str, error: &dyn std::fmt::Display| {
        format!("cannot save {key} to {}: {what}: {error}", file.display())
    };
    std::fs::create_dir_all(agent_dir).map_err(|e| fail("creating the folder", &e))?;
    let _lock = tau_provider::file_lock::lock(&file).map_err(|e| fail("locking", &e))?;
    let current = match std::fs::read_to_string(&file) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(error) => return Err(fail("reading", &error)),
    };
    let mut settings = parse(&current).map_err(|e| fail("the file is not valid", &e))?;
    match value {
        Some(value) => insert(&mut settings, key, value),
        None => delete(&mut settings, key),
    }
    let text =
        serde_json::to_string_pretty(&Value::Object(settings)).map_err(|e| fail("encoding", &e))?;
    std::fs::write(&file, text).map_err(|e| fail("writing", &e))
}

fn delete(settings: &mut Map<String, Value>, key: &str) {
    match key.split_once('.') {
        None => {
            settings.shift_remove(key);
        }
        Some((head, rest)) => {
            if let Some(Value::Object(nested)) = settings.get_mut(head) {
                delete(nested, rest);
            }
        }
    }
}

fn insert(settings: &mut Map<String, Value>, key: &str, value: Value) {
    match key.split_once('.') {
        None => {
            settings.insert(key.to_string(), value);
        }
        Some((head, rest)) => {
            let nested = settings
                .entry(head.to_string())
                .or_insert_with(|| Value::Object(Map::new()));
            if !nested.is_object() {
                *nested = Value::Object(Map::new());
            }
            if let Value::Object(nested) = nested {
                insert(nested, rest, value);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_change_keeps_other_keys_and_nested_siblings() {
        let dir = tempfile::tempdir().unwrap();
        let before = r#"{"defaultModel":"m","compaction":{"reserveTokens":100}}"#;
        std::fs::write(path(dir.path()), before).unwrap();
        set(dir.path(), "compaction.enabled", json!(false)).unwrap();
        set(dir.path(), "theme", json!("light")).unwrap();
        let text = std::fs::read_to_string(path(dir.path())).unwrap();
        assert_eq!(
            text,
            "{\n  \"defaultModel\": \"m\",\n  \"compaction\": {\n    \"reserveTokens\": 100,\n    \"enabled\": false\n  },\n  \"theme\": \"light\"\n}"
        );
        let settings = read(dir.path());
        assert_eq!(get(&settings, "compaction.enabled"), Some(&json!(false)));
        assert!(!dir.path().join("settings.json.lock").exists());
    }

    #[test]
    fn a_removed_key_leaves_the_others_in_order() {
        let dir = tempfile::tempdir().unwrap();
        let before = r#"{"theme":"dark","enabledModels":["a/x"],"defaultModel":"m"}"#;
        std::fs::write(path(dir.path()), before).unwrap();
        remove(dir.path(), "enabledModels").unwrap();
        let text = std::fs::read_to_string(path(dir.path())).unwrap();
        assert_eq!(
            text,
            "{\n  \"theme\": \"dark\",\n  \"defaultModel\": \"m\"\n}"
        );
    }

    #[test]
    fn a_broken_file_is_not_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(path(dir.path()), "{broken").unwrap();
        let error = set(dir.path(), "theme", json!("dark")).unwrap_err();
        assert!(error.contains("settings.json"), "{error}");
        assert_eq!(
            std::fs::read_to_string(path(dir.path())).unwrap(),
            "{broken"
        );
    }
}
