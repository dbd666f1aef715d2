//! Writing one key of the agent's settings.json as Pi's settings manager saves it: the file
//! is read again, that key set (or removed), every other key kept in its place, and the
//! whole written back as 2-space JSON (through a temporary file, so a crash never leaves
//! half a file).

use std::path::Path;

use serde_json::{Map, Value};

/// Sets `key` to `value` in `<agent_dir>/settings.json` (`None` removes it).
pub fn set_global(agent_dir: &Path, key: &str, value: Option<Value>) -> Result<(), String> {
    let path = agent_dir.join("settings.json");
    let mut settings = match std::fs::read_to_string(&path) {
        Ok(text) => {
            let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
            if text.trim().is_empty() {
                Map::new()
            } else {
                match serde_json::from_str::<Value>(text) {
                    Ok(Value::Object(map)) => map,
                    // Overwriting a file tau cannot read would lose the user's settings.
                    _ => {
                        return Err(format!(
                            "cannot save to {}: it is not a JSON object; fix or remove it",
                            path.display()
                        ))
                    }
                }
            }
        }
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Map::new(),
        Err(error) => return Err(format!("cannot read {}: {error}", path.display())),
    };
    match value {
        Some(value) => {
            settings.insert(key.to_string(), value);
        }
        None => {
            settings.shift_remove(key);
        }
    }
    let text = serde_json::to_string_pretty(&Value::Object(settings))
        .map_err(|error| format!("cannot encode settings: {error}"))?;
    std::fs::create_dir_all(agent_dir)
        .map_err(|error| format!("cannot create {}: {error}", agent_dir.display()))?;
    let temporary = agent_dir.join(format!(".settings.json.{}.tmp", std::process::id()));
    std::fs::write(&temporary, text)
        .and_then(|()| std::fs::rename(&temporary, &path))
        .map_err(|error| {
            let _ = std::fs::remove_file(&temporary);
            format!("cannot write {}: {error}", path.display())
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn one_key_changes_and_the_others_stay_in_order() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(
            dir.path().join("settings.json"),
            r#"{"theme": "dark", "enabledModels": ["a/x"], "defaultModel": "m"}"#,
        )
        .expect("write");
        set_global(dir.path(), "enabledModels", Some(json!(["b/y"]))).expect("set");
        let text = std::fs::read_to_string(dir.path().join("settings.json")).expect("read");
        assert_eq!(
            text,
            "{\n  \"theme\": \"dark\",\n  \"enabledModels\": [\n    \"b/y\"\n  ],\n  \"defaultModel\": \"m\"\n}"
        );
        set_global(dir.path(), "enabledModels", None).expect("remove");
        let value: Value = serde_json::from_str(
            &std::fs::read_to_string(dir.path().join("settings.json")).expect("read"),
        )
        .expect("json");
        assert_eq!(value, json!({"theme": "dark", "defaultModel": "m"}));
    }

    #[test]
    fn a_missing_file_is_created_and_a_broken_one_is_left_alone() {
        let dir = tempfile::tempdir().expect("tempdir");
        set_global(dir.path(), "enabledModels", Some(json!(["a/x"]))).expect("create");
        assert!(dir.path().join("settings.json").exists());
        std::fs::write(dir.path().join("settings.json"), "[1, 2").expect("write");
        let error = set_global(dir.path(), "enabledModels", None).expect_err("refused");
        assert!(error.contains("not a JSON object"), "{error}");
        assert_eq!(
            std::fs::read_to_string(dir.path().join("settings.json")).expect("read"),
            "[1, 2"
        );
    }
}
