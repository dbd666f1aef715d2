//! Target: session files. Valid Pi v3 lines (and v1/v2 files, which migrate) are mutated
//! line by line and as whole files: truncated, bit-flipped, fields of the wrong type or
//! missing, huge numbers, deep nesting, odd unicode, duplicate ids and `parentId` cycles.
//! Each input goes through the real reader, the entry tree, context rebuilding and the
//! system-prompt replay; one case in sixteen also goes through `Session::open` on disk, an
//! append and a re-read, the path `tau --session FILE -c` takes.
//!
//! Contracts: no panic; an in-memory read never fails with an I/O error; a refused file says
//! why; every entry that loads serialises again and reads back; an append to a loaded file
//! is read back as its last entry, and no lock file is left behind.

use std::path::Path;

use fastrand::Rng;
use serde_json::Value;
use tau_protocol::session::SessionEntry;
use tau_protocol::{AgentMessage, UserContent, UserMessage};
use tau_session::{
    encode_line, read_session, read_session_file, ReadFailure, Session, SessionLock, SystemPrompt,
    WriteOptions,
};

use crate::mutate::{mutate_bytes, mutate_value, mutated_json, random_value};
use crate::{check_error, run_cases, shorten, Outcome, Report};

/// Session files written by Pi: every v3 entry kind, and older versions that migrate.
const FIXTURES: &[&str] = &[
    include_str!("../../session/tests/fixtures/pi-v3-every-entry.jsonl"),
    include_str!("../../session/tests/fixtures/v1-linear.jsonl"),
    include_str!("../../session/tests/fixtures/v2-hook-message.jsonl"),
    include_str!("../../session/tests/fixtures/torn-last-line.jsonl"),
];

/// Field names of session entries and messages, for mutations that add fields.
const KEYS: &[&str] = &[
    "type",
    "id",
    "parentId",
    "timestamp",
    "version",
    "cwd",
    "message",
    "role",
    "content",
    "text",
    "toolCallId",
    "toolName",
    "arguments",
    "isError",
    "usage",
    "cost",
    "stopReason",
    "summary",
    "firstKeptEntryId",
    "tokensBefore",
    "targetId",
    "label",
    "customType",
    "data",
    "display",
    "details",
    "replacement",
    "fromId",
    "name",
    "provider",
    "modelId",
    "thinkingLevel",
    "sections",
    "toolsAdded",
    "systemMessage",
    "parentSession",
];

/// Plays cases `cases` of the session target.
pub fn run(seed: u64, cases: std::ops::Range<u64>) -> Report {
    let Ok(dir) = tempfile::tempdir() else {
        return Report::setup_failure("session", "cannot create a temporary directory");
    };
    let fixtures: Vec<Vec<Value>> = FIXTURES
        .iter()
        .map(|text| {
            text.lines()
                .filter_map(|line| serde_json::from_str(line).ok())
                .collect()
        })
        .collect();
    run_cases("session", seed, cases, |rng, input| {
        let bytes = generate(rng, &fixtures);
        *input = String::from_utf8_lossy(&bytes).into_owned();
        let on_disk = rng.u8(0..16) == 0;
        let outcome = exercise(&bytes)?;
        if on_disk {
            exercise_on_disk(dir.path(), &bytes, outcome == Outcome::Value)?;
        }
        Ok(outcome)
    })
}

/// One input file.
fn generate(rng: &mut Rng, fixtures: &[Vec<Value>]) -> Vec<u8> {
    match rng.u8(0..10) {
        // The v3 header and one mutated line, maybe followed by a valid one.
        0..=4 => {
            let v3 = &fixtures[0];
            let mut out = serde_json::to_vec(&v3[0]).unwrap_or_default();
            out.push(b'\n');
            let line = &v3[rng.usize(1..v3.len())];
            out.extend(mutated_json(rng, line, KEYS));
            if rng.bool() {
                out.push(b'\n');
                out.extend(serde_json::to_vec(&v3[rng.usize(1..v3.len())]).unwrap_or_default());
            }
            if rng.bool() {
                out.push(b'\n');
            }
            out
        }
        // A whole file, lines mutated, dropped, repeated, reordered, relinked.
        5..=8 => {
            let fixture = rng.usize(..fixtures.len());
            whole_file(rng, &fixtures[fixture])
        }
        // Garbage.
        _ => {
            let mut out: Vec<u8> = match rng.bool() {
                true => (0..rng.usize(0..200)).map(|_| rng.u8(..)).collect(),
                false => serde_json::to_vec(&random_value(rng, 4)).unwrap_or_default(),
            };
            mutate_bytes(rng, &mut out);
            out
        }
    }
}

fn whole_file(rng: &mut Rng, lines: &[Value]) -> Vec<u8> {
    let mut lines: Vec<Value> = lines.to_vec();
    let ids: Vec<Value> = lines.iter().filter_map(|l| l.get("id").cloned()).collect();
    for _ in 0..rng.usize(0..6) {
        if lines.is_empty() {
            break;
        }
        let index = rng.usize(..lines.len());
        match rng.u8(0..8) {
            0 => {
                lines.remove(index);
            }
            1 => lines.insert(rng.usize(..=lines.len()), lines[index].clone()),
            2 => {
                let other = rng.usize(..lines.len());
                lines.swap(index, other);
            }
            // parentId cycles: an entry's parent is itself or a later entry.
            3 | 4 if !ids.is_empty() => {
                let target = ids[rng.usize(..ids.len())].clone();
                if let Value::Object(map) = &mut lines[index] {
                    let key = if rng.bool() { "parentId" } else { "id" };
                    map.insert(key.into(), target);
                }
            }
            _ => mutate_value(rng, &mut lines[index], KEYS),
        }
    }
    let eol: &[u8] = match rng.u8(0..6) {
        0 => b"\r\n",
        1 => b"\n\n",
        _ => b"\n",
    };
    let mut out = Vec::new();
    for line in &lines {
        out.extend(serde_json::to_vec(line).unwrap_or_default());
        out.extend_from_slice(eol);
    }
    if rng.u8(0..4) == 0 {
        mutate_bytes(rng, &mut out);
    }
    out
}

/// The reading, navigating and context path over one file's bytes.
fn exercise(bytes: &[u8]) -> Result<Outcome, String> {
    let loaded = match read_session(bytes) {
        Ok(loaded) => loaded,
        Err(ReadFailure::Io(error)) => {
            return Err(format!(
                "reading from memory failed with an I/O error: {error}"
            ))
        }
        Err(ReadFailure::Empty) => return Ok(Outcome::Error),
        Err(ReadFailure::NoHeader(reason)) => return check_error(&reason),
    };
    for problem in &loaded.problems {
        check_error(&problem.message)?;
    }
    for entry in &loaded.entries {
        round_trip(entry)?;
    }
    let mut tree = loaded.into_tree();
    let context = tree.build_session_context();
    let _ = SystemPrompt::replay(context.messages.iter());
    let _ = tree.build_session_projection();
    let _ = tree.active_branch();
    let _ = tree.roots();
    let _ = tree.labels();
    let _ = tree.session_name();
    let _ = tree.new_entry_id();
    let ids: Vec<String> = tree
        .entries()
        .iter()
        .filter_map(|e| e.id().map(str::to_string))
        .collect();
    for id in ids.iter().rev().take(4) {
        let _ = tree.children(id);
        let _ = tree.branch(id);
        let _ = tree.label(id);
        let context = tree.build_session_context_at(Some(id));
        let _ = SystemPrompt::replay(context.messages.iter());
        tree.set_leaf(id)
            .map_err(|error| format!("set_leaf on a loaded id {id:?} failed: {error}"))?;
    }
    for entry in tree.entries() {
        let _ = tau_session::entry_to_context_messages(entry);
    }
    Ok(Outcome::Value)
}

/// A loaded entry must serialise and read back as an entry.
fn round_trip(entry: &SessionEntry) -> Result<(), String> {
    let line = encode_line(entry).map_err(|error| {
        format!(
            "a loaded {} entry does not serialise: {error}",
            entry.kind()
        )
    })?;
    let text = std::str::from_utf8(&line)
        .map_err(|error| format!("a serialised entry is not UTF-8: {error}"))?;
    let known = SessionEntry::from_known_str(text.trim_end());
    if known.is_none() {
        let map = serde_json::from_str(text).map_err(|error| {
            format!(
                "a serialised entry is not JSON: {error}: {}",
                shorten(text, 200)
            )
        })?;
        let _ = SessionEntry::from_map(map);
    }
    Ok(())
}

/// `Session::open` on the bytes as a file, an append, a re-read.
fn exercise_on_disk(dir: &Path, bytes: &[u8], loads: bool) -> Result<(), String> {
    let path = dir.join("case.jsonl");
    let _ = std::fs::remove_file(&path);
    std::fs::write(&path, bytes).map_err(|error| format!("writing the case file: {error}"))?;
    let result = (|| {
        let mut session = match Session::open(&path, "/tmp", WriteOptions::default()) {
            Ok(session) => session,
            Err(error) if loads => {
                // An empty file is rewritten with a header; anything that read must open.
                return Err(format!("read in memory but Session::open failed: {error}"));
            }
            Err(error) => {
                check_error(&error.to_string())?;
                return Ok(());
            }
        };
        let id = session
            .append_message(AgentMessage::User(UserMessage {
                content: UserContent::Text("fuzz".into()),
                timestamp: 1,
                extra: Default::default(),
            }))
            .map_err(|error| format!("appending to an opened session failed: {error}"))?;
        session
            .close()
            .map_err(|error| format!("closing the session failed: {error}"))?;
        let again = read_session_file(&path)
            .map_err(|error| format!("re-reading after an append failed: {error}"))?;
        match again.entries.last().and_then(SessionEntry::id) {
            Some(last) if last == id => Ok(()),
            other => Err(format!(
                "the appended entry {id} is not the last one read back (found {other:?})"
            )),
        }
    })();
    if SessionLock::lock_path(&path).exists() {
        return Err("a lock file was left behind after the session closed".into());
    }
    result
}
