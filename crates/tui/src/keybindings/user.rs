//! Reading the user's `keybindings.json` in Pi's format: an object of action id to one key
//! or a list of keys, with old action names renamed as Pi's loader does.

use serde_json::Value;

use super::UserBindings;

/// Reads Pi's `keybindings.json` (an object of action id to a key or a list of keys).
/// Entries of another shape (`$schema`, numbers) are skipped and reported back, so the
/// caller can warn about them without losing the good ones.
pub fn parse_user_bindings(json: &str) -> Result<(UserBindings, Vec<String>), String> {
    let json = json.strip_prefix('\u{feff}').unwrap_or(json);
    let value: Value = serde_json::from_str(json).map_err(|e| {
        format!("keybindings.json is not valid JSON: {e}; fix the file or remove it")
    })?;
    let Value::Object(map) = value else {
        return Err("keybindings.json must hold an object of action id to keys".into());
    };
    let mut bindings = Vec::new();
    let mut skipped = Vec::new();
    for (id, keys) in map {
        let keys = match keys {
            Value::String(key) => Some(vec![key]),
            Value::Array(items) => items
                .into_iter()
                .map(|item| item.as_str().map(str::to_string))
                .collect::<Option<Vec<_>>>(),
            _ => None,
        };
        match keys {
            Some(keys) => bindings.push((id, keys)),
            None if id == "$schema" => {}
            None => skipped.push(id),
        }
    }
    Ok((bindings, skipped))
}

/// Renames legacy action names by `table`, as Pi's loader does: when the file has both the
/// old and the new name, the new one wins. Returns whether anything changed.
pub fn migrate_keybinding_names(
    bindings: UserBindings,
    table: &[(&str, &str)],
) -> (UserBindings, bool) {
    let has = |id: &str| bindings.iter().any(|(k, _)| k == id);
    let mut migrated = false;
    let mut out: UserBindings = Vec::new();
    for (id, keys) in &bindings {
        let new_id = table.iter().find(|(old, _)| old == id).map(|(_, new)| *new);
        match new_id {
            Some(new_id) if has(new_id) => migrated = true,
            Some(new_id) => {
                migrated = true;
                out.push((new_id.to_string(), keys.clone()));
            }
            None => out.push((id.clone(), keys.clone())),
        }
    }
    (out, migrated)
}
