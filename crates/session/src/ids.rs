//! Entry ids, session ids and timestamps, made the way Pi makes them.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::error::{Result, SessionError};

/// A new session id: a UUIDv7, as Pi's `createSessionId`.
pub fn new_session_id() -> String {
    uuid::Uuid::now_v7().to_string()
}

/// Checks a user-chosen session id against Pi's rule: alphanumerics, `-`, `_` and `.`,
/// starting and ending with an alphanumeric.
pub fn validate_session_id(id: &str) -> Result<()> {
    let bytes = id.as_bytes();
    let edge_ok = |b: Option<&u8>| b.is_some_and(u8::is_ascii_alphanumeric);
    let inner_ok = bytes
        .iter()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
    if edge_ok(bytes.first()) && edge_ok(bytes.last()) && inner_ok {
        Ok(())
    } else {
        Err(SessionError::InvalidSessionId { id: id.into() })
    }
}

/// A new entry id: the first 8 hex chars of a random UUID, retried while `taken` says the id is
/// in use, and a full UUID after 100 collisions (Pi's `generateId`).
pub fn new_entry_id(taken: impl Fn(&str) -> bool) -> String {
    for _ in 0..100 {
        let uuid = uuid::Uuid::new_v4().simple().to_string();
        let id = &uuid[..8];
        if !taken(id) {
            return id.to_string();
        }
    }
    uuid::Uuid::new_v4().to_string()
}

/// `time` as Pi's `Date.toISOString()`: `2024-12-03T14:00:00.000Z`.
pub fn iso_timestamp(time: SystemTime) -> String {
    humantime::format_rfc3339_millis(time).to_string()
}

/// Now, as an ISO timestamp.
pub fn now_iso() -> String {
    iso_timestamp(SystemTime::now())
}

/// Unix milliseconds of an ISO timestamp (`new Date(iso).getTime()`); `None` when it does
/// not parse.
pub fn iso_to_millis(iso: &str) -> Option<u64> {
    let time = humantime::parse_rfc3339(iso).ok()?;
    time.duration_since(UNIX_EPOCH)
        .ok()
        .map(|d| d.as_millis() as u64)
}

/// The `SystemTime` of Unix milliseconds.
pub fn millis_to_time(millis: u64) -> SystemTime {
    UNIX_EPOCH + Duration::from_millis(millis)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_ids_are_eight_hex_chars_and_avoid_taken_ones() {
        let id = new_entry_id(|_| false);
        assert_eq!(id.len(), 8);
        assert!(id.bytes().all(|b| b.is_ascii_hexdigit()), "{id}");
        let full = new_entry_id(|_| true);
        assert_eq!(full.len(), 36, "falls back to a full uuid: {full}");
    }

    #[test]
    fn session_ids_are_uuid_v7() {
        let id = new_session_id();
        assert_eq!(id.len(), 36);
        assert_eq!(&id[14..15], "7", "{id}");
    }

    #[test]
    fn session_id_rule_matches_pi() {
        for ok in ["a", "abc-1.2_x", "01a23798-b5cb-706e-bd96-85a3e38477fa"] {
            assert!(validate_session_id(ok).is_ok(), "{ok}");
        }
        for bad in ["", "-a", "a-", "a b", "a/b", ".a", "ä"] {
            assert!(validate_session_id(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn timestamps_match_to_iso_string() {
        let time = millis_to_time(1_733_234_400_123);
        let iso = iso_timestamp(time);
        assert_eq!(iso, "2024-12-03T14:00:00.123Z");
        assert_eq!(iso_to_millis(&iso), Some(1_733_234_400_123));
        assert_eq!(iso_to_millis("yesterday"), None);
    }
}
