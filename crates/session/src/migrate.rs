//! Upgrades version 1 and 2 session entries to version 3 in memory, as Pi's
//! `migrateToCurrentVersion` does on load.
//!
//! - v1 → v2: entries get ids and link linearly (`parentId` = previous entry); a compaction's
//!   `firstKeptEntryIndex` (an index into the file's entries, header included) becomes
//!   `firstKeptEntryId`.
//! - v2 → v3: the `hookMessage` message role is renamed `custom`.
//!
//! This works on raw JSON objects because v1 entries lack the fields the typed entries require.
//! Whether the result is written back is the caller's choice.

use std::collections::HashSet;

use serde_json::{Map, Value};
use tau_protocol::session::{SessionHeader, CURRENT_SESSION_VERSION};

use crate::ids::new_entry_id;

/// Migrates `entries` (every entry after the header, in file order) and bumps the header's
/// version. Returns the version migrated from, or `None` when the file was current.
pub fn migrate(header: &mut SessionHeader, entries: &mut [Map<String, Value>]) -> Option<u64> {
    let version = header.version.unwrap_or(1);
    if version >= CURRENT_SESSION_VERSION {
        return None;
    }
    if version < 2 {
        v1_to_v2(entries);
    }
    if version < 3 {
        v2_to_v3(entries);
    }
    header.version = Some(CURRENT_SESSION_VERSION);
    Some(version)
}

fn v1_to_v2(entries: &mut [Map<String, Value>]) {
    let mut ids = HashSet::new();
    let mut previous: Option<String> = None;
    for index in 0..entries.len() {
        let id = new_entry_id(|candidate| ids.contains(candidate));
        ids.insert(id.clone());
        let entry = &mut entries[index];
        entry.insert("id".into(), Value::String(id.clone()));
        entry.insert(
            "parentId".into(),
            previous.take().map_or(Value::Null, Value::String),
        );
        previous = Some(id);
        if entry.get("type").and_then(Value::as_str) != Some("compaction") {
            continue;
        }
        let Some(kept_index) = entry.get("firstKeptEntryIndex").and_then(Value::as_u64) else {
            continue;
        };
        entry.shift_remove("firstKeptEntryIndex");
        // The index counts the header as entry 0. Only an earlier entry already has an id.
        let target = (kept_index as usize)
            .checked_sub(1)
            .filter(|&target| target < index)
            .and_then(|target| entries[target].get("id").cloned());
        if let Some(target_id) = target {
            entries[index].insert("firstKeptEntryId".into(), target_id);
        }
    }
}

fn v2_to_v3(entries: &mut [Map<String, Value>]) {
    for entry in entries {
        if entry.get("type").and_then(Value::as_str) != Some("message") {
            continue;
        }
        if let Some(Value::Object(message)) = entry.get_mut("message") {
            if message.get("role").and_then(Value::as_str) == Some("hookMessage") {
                message.insert("role".into(), Value::String("custom".into()));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn header(version: Option<u64>) -> SessionHeader {
        serde_json::from_value(json!({"type":"session","id":"s","timestamp":"t","cwd":"/p"}))
            .map(|h: SessionHeader| SessionHeader { version, ..h })
            .unwrap()
    }

    fn objects(values: Value) -> Vec<Map<String, Value>> {
        values
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_object().cloned().unwrap())
            .collect()
    }

    #[test]
    fn current_files_are_left_alone() {
        let mut h = header(Some(3));
        let mut entries = objects(json!([{"type":"message","message":{"role":"hookMessage"}}]));
        let before = entries.clone();
        assert_eq!(migrate(&mut h, &mut entries), None);
        assert_eq!(entries, before);
    }

    #[test]
    fn v1_entries_are_chained_and_compaction_index_becomes_an_id() {
        let mut h = header(None);
        let mut entries = objects(json!([
            {"type":"message","timestamp":"t1","message":{"role":"user","content":"a","timestamp":1}},
            {"type":"message","timestamp":"t2","message":{"role":"assistant","content":[]}},
            {"type":"compaction","timestamp":"t3","summary":"s","firstKeptEntryIndex":2,"tokensBefore":9},
        ]));
        assert_eq!(migrate(&mut h, &mut entries), Some(1));
        assert_eq!(h.version, Some(3));
        assert_eq!(entries[0]["parentId"], Value::Null);
        assert_eq!(entries[1]["parentId"], entries[0]["id"]);
        assert_eq!(entries[2]["parentId"], entries[1]["id"]);
        assert_eq!(entries[2]["firstKeptEntryId"], entries[1]["id"]);
        assert!(!entries[2].contains_key("firstKeptEntryIndex"));
    }

    #[test]
    fn v2_hook_messages_become_custom() {
        let mut h = header(Some(2));
        let mut entries = objects(json!([
            {"type":"message","id":"a","parentId":null,"timestamp":"t",
             "message":{"role":"hookMessage","customType":"x","content":"c","display":true,"timestamp":1}}
        ]));
        assert_eq!(migrate(&mut h, &mut entries), Some(2));
        assert_eq!(entries[0]["message"]["role"], "custom");
        assert_eq!(entries[0]["id"], "a", "v2 ids are kept");
    }
}
