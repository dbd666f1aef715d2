//! Finding sessions on disk: headers, summaries for a picker, the most recent session of a
//! folder (`--continue`) and lookup by id or id prefix (`--session`).
//!
//! Discovery is best effort, as in Pi: a file that cannot be read or does not start with a
//! session header is not a session and is skipped, never an error.

use std::fs::{self, File};
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use serde::Deserialize;
use serde_json::Value;
use tau_protocol::session::SessionHeader;

use crate::ids::iso_to_millis;

/// Pi bounds the header scan to 1 MiB.
const MAX_HEADER_SCAN_BYTES: u64 = 1024 * 1024;

/// What a session picker shows about one session file (Pi's `SessionInfo`).
#[derive(Debug, Clone, PartialEq)]
pub struct SessionSummary {
    /// The file.
    pub path: PathBuf,
    /// Session id from the header.
    pub id: String,
    /// Working directory from the header; empty for very old sessions.
    pub cwd: String,
    /// Name from the latest `session_info` entry, if set.
    pub name: Option<String>,
    /// The session it was forked from.
    pub parent_session: Option<String>,
    /// Header timestamp (ISO).
    pub created: String,
    /// Last activity in Unix ms: the newest user or assistant message, else the header time,
    /// else the file's mtime.
    pub modified_ms: u64,
    /// Number of `message` entries.
    pub message_count: usize,
    /// Number of entries after the header.
    pub entry_count: usize,
    /// Text of the first user message (Pi shows `(no messages)` when there is none).
    pub first_message: Option<String>,
    /// The text of every user and assistant message, joined by spaces (Pi's
    /// `allMessagesText`, which the session picker searches).
    pub all_messages_text: String,
}

/// The header of a session file: the first line that parses as JSON (blank and malformed lines
/// are skipped, as on load). `None` when that line is not a session header, the file has none
/// in its first MiB, or it cannot be read.
pub fn read_header(path: &Path) -> Option<SessionHeader> {
    let file = File::open(path).ok()?;
    let mut reader = BufReader::new(file).take(MAX_HEADER_SCAN_BYTES);
    let mut line = Vec::new();
    loop {
        line.clear();
        if reader.read_until(b'\n', &mut line).ok()? == 0 {
            return None;
        }
        let text = String::from_utf8_lossy(&line);
        if text.trim().is_empty() {
            continue;
        }
        if let Ok(value) = serde_json::from_str::<Value>(&text) {
            return SessionHeader::deserialize(&value).ok();
        }
    }
}

#[derive(Deserialize)]
struct Peek {
    #[serde(rename = "type", default)]
    kind: Option<Value>,
    #[serde(default)]
    timestamp: Option<Value>,
    #[serde(default)]
    name: Option<Value>,
    #[serde(default)]
    message: Option<PeekMessage>,
}

#[derive(Deserialize)]
struct PeekMessage {
    #[serde(default)]
    role: Option<Value>,
    #[serde(default)]
    content: Option<Value>,
    #[serde(default)]
    timestamp: Option<Value>,
}

/// Reads one session file for a picker (Pi's `buildSessionInfo`); `None` when it is not a
/// session.
pub fn summarize_session(path: &Path) -> Option<SessionSummary> {
    let file = File::open(path).ok()?;
    let mtime = file
        .metadata()
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_millis() as u64);
    let mut reader = BufReader::with_capacity(1 << 20, file);
    let mut header: Option<SessionHeader> = None;
    let mut summary = SessionSummary {
        path: path.to_path_buf(),
        id: String::new(),
        cwd: String::new(),
        name: None,
        parent_session: None,
        created: String::new(),
        modified_ms: 0,
        message_count: 0,
        entry_count: 0,
        first_message: None,
        all_messages_text: String::new(),
    };
    let mut last_activity: u64 = 0;
    let mut line = Vec::new();
    loop {
        line.clear();
        if reader.read_until(b'\n', &mut line).ok()? == 0 {
            break;
        }
        let text = String::from_utf8_lossy(&line);
        if text.trim().is_empty() {
            continue;
        }
        if header.is_none() {
            let value = serde_json::from_str::<Value>(&text).ok();
            let Some(value) = value else { continue };
            header = Some(SessionHeader::deserialize(&value).ok()?);
            continue;
        }
        let Ok(peek) = serde_json::from_str::<Peek>(&text) else {
            continue;
        };
        summary.entry_count += 1;
        match peek.kind.as_ref().and_then(Value::as_str) {
            Some("session_info") => {
                let name = peek.name.as_ref().and_then(Value::as_str).map(str::trim);
                summary.name = name.filter(|n| !n.is_empty()).map(str::to_string);
            }
            Some("message") => {
                summary.message_count += 1;
                let Some(message) = peek.message else {
                    continue;
                };
                let role = message.role.as_ref().and_then(Value::as_str);
                if !matches!(role, Some("user" | "assistant")) {
                    continue;
                }
                let Some(content) = message.content else {
                    continue;
                };
                let activity = match message.timestamp.as_ref().and_then(Value::as_f64) {
                    Some(ms) => Some(ms as u64),
                    None => peek
                        .timestamp
                        .as_ref()
                        .and_then(Value::as_str)
                        .and_then(iso_to_millis),
                };
                last_activity = last_activity.max(activity.unwrap_or(0));
                let text = content_text(&content);
                if text.is_empty() {
                    continue;
                }
                if !summary.all_messages_text.is_empty() {
                    summary.all_messages_text.push(' ');
                }
                summary.all_messages_text.push_str(&text);
                if role == Some("user") && summary.first_message.is_none() {
                    summary.first_message = Some(text);
                }
            }
            _ => {}
        }
    }
    let header = header?;
    summary.modified_ms = if last_activity > 0 {
        last_activity
    } else {
        iso_to_millis(&header.timestamp).unwrap_or(mtime)
    };
    summary.id = header.id;
    summary.cwd = header.cwd.unwrap_or_default();
    summary.parent_session = header.parent_session;
    summary.created = header.timestamp;
    Some(summary)
}

/// Text blocks joined by spaces, as Pi's session list extracts message text.
fn content_text(content: &Value) -> String {
    match content {
        Value::String(text) => text.clone(),
        Value::Array(blocks) => blocks
            .iter()
            .filter(|b| b.get("type").and_then(Value::as_str) == Some("text"))
            .filter_map(|b| b.get("text").and_then(Value::as_str))
            .collect::<Vec<_>>()
            .join(" "),
        _ => String::new(),
    }
}

fn jsonl_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(read) = fs::read_dir(dir) else {
        return Vec::new();
    };
    read.filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "jsonl"))
        .collect()
}

/// Every session in one folder, newest activity first (Pi's `SessionManager.list`).
pub fn list_sessions(dir: &Path) -> Vec<SessionSummary> {
    let mut files = jsonl_files(dir);
    // Pi orders by name (newest timestamp first) before the stable sort by activity.
    files.sort_by(|a, b| b.file_name().cmp(&a.file_name()));
    let mut sessions: Vec<SessionSummary> = files
        .iter()
        .filter_map(|path| summarize_session(path))
        .collect();
    sessions.sort_by_key(|s| std::cmp::Reverse(s.modified_ms));
    sessions
}

/// Every session in every folder under a sessions root, newest activity first (Pi's
/// `listAll`).
pub fn list_all_sessions(sessions_root: &Path) -> Vec<SessionSummary> {
    let Ok(read) = fs::read_dir(sessions_root) else {
        return Vec::new();
    };
    let mut sessions: Vec<SessionSummary> = read
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.is_dir())
        .flat_map(|dir| list_sessions(&dir))
        .collect();
    sessions.sort_by_key(|s| std::cmp::Reverse(s.modified_ms));
    sessions
}

/// The most recently modified session file in `dir` (by file mtime), optionally only one
/// whose header `cwd` is `cwd` (Pi's `findMostRecentSession`, used by `--continue`).
pub fn most_recent_session(dir: &Path, cwd: Option<&str>) -> Option<PathBuf> {
    let mut files: Vec<(PathBuf, std::time::SystemTime)> = jsonl_files(dir)
        .into_iter()
        .filter_map(|path| {
            let modified = fs::metadata(&path).and_then(|m| m.modified()).ok()?;
            Some((path, modified))
        })
        .collect();
    files.sort_by_key(|f| std::cmp::Reverse(f.1));
    files.into_iter().map(|(path, _)| path).find(|path| {
        read_header(path).is_some_and(|header| match cwd {
            None => true,
            Some(cwd) => header
                .cwd
                .as_deref()
                .is_some_and(|c| !c.is_empty() && c == cwd),
        })
    })
}

/// The session in `dir` whose id is `id_or_prefix`, else the newest one whose id starts with
/// it (how Pi resolves `--session <id>` within a folder).
pub fn find_session(dir: &Path, id_or_prefix: &str) -> Option<PathBuf> {
    if id_or_prefix.is_empty() {
        return None;
    }
    let exact = jsonl_files(dir)
        .into_iter()
        .find(|path| read_header(path).is_some_and(|header| header.id == id_or_prefix));
    exact.or_else(|| {
        list_sessions(dir)
            .into_iter()
            .find(|summary| summary.id.starts_with(id_or_prefix))
            .map(|summary| summary.path)
    })
}
