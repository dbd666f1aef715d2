//! Helpers for timing large sessions. The `bench/` scripts reach them through the CLI; they
//! are plain functions so measuring needs no test harness.
//!
//! Loading streams the file (one line buffered at a time) and indexes entries in one pass, so
//! it is O(file size); appending writes one line, so it is O(entry).

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::{json, Map, Value};
use tau_protocol::session::{SessionEntry, SessionHeader, CURRENT_SESSION_VERSION};

use crate::error::{Result, SessionError};
use crate::ids::{iso_timestamp, millis_to_time};
use crate::read::read_session_file;
use crate::writer::encode_line;

/// Writes a linear session of `entries` message entries (user, assistant with a tool call,
/// tool result, repeating), each carrying about `text_bytes` of text. 20,000 entries of 2,000
/// bytes make a file of about 45 MB. Returns the file size.
pub fn write_synthetic_session(path: &Path, entries: usize, text_bytes: usize) -> Result<u64> {
    let write_error = |source| SessionError::Write {
        path: path.to_path_buf(),
        source,
    };
    let start_ms: u64 = 1_733_234_400_000;
    let header = SessionHeader {
        version: Some(CURRENT_SESSION_VERSION),
        id: "00000000-0000-7000-8000-000000000000".into(),
        timestamp: iso_timestamp(millis_to_time(start_ms)),
        cwd: Some("/bench".into()),
        parent_session: None,
        extra: Map::new(),
    };
    let mut out = BufWriter::with_capacity(1 << 20, File::create(path).map_err(write_error)?);
    let mut written = 0u64;
    let mut emit = |out: &mut BufWriter<File>, line: Vec<u8>| {
        written += line.len() as u64;
        out.write_all(&line)
    };
    emit(&mut out, encode_line(&header)?).map_err(write_error)?;
    let text: String = "lorem ipsum dolor sit amet "
        .chars()
        .cycle()
        .take(text_bytes)
        .collect();
    let mut parent = Value::Null;
    for i in 0..entries {
        let ms = start_ms + i as u64 * 1000;
        let message = match i % 3 {
            0 => json!({"role":"user","content":[{"type":"text","text":text}],"timestamp":ms}),
            1 => json!({"role":"assistant","content":[{"type":"text","text":text},
                    {"type":"toolCall","id":format!("call_{i}"),"name":"read","arguments":{"path":"a.txt"}}],
                "api":"openai-completions","provider":"bench","model":"bench-model",
                "usage":{"input":100,"output":20,"cacheRead":0,"cacheWrite":0,"totalTokens":120,
                    "cost":{"input":0.0,"output":0.0,"cacheRead":0.0,"cacheWrite":0.0,"total":0.0}},
                "stopReason":"toolUse","timestamp":ms}),
            _ => {
                json!({"role":"toolResult","toolCallId":format!("call_{}", i - 1),"toolName":"read",
                "content":[{"type":"text","text":text}],"isError":false,"timestamp":ms})
            }
        };
        let id = format!("{i:08x}");
        let entry = json!({"type":"message","id":id,"parentId":parent,
            "timestamp":iso_timestamp(millis_to_time(ms)),"message":message});
        let typed: SessionEntry = serde_json::from_value(entry)?;
        emit(&mut out, encode_line(&typed)?).map_err(write_error)?;
        parent = Value::String(id);
    }
    out.flush().map_err(write_error)?;
    Ok(written)
}

/// How long loading a session file took.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadTiming {
    /// File size.
    pub bytes: u64,
    /// Entries read.
    pub entries: usize,
    /// Lines skipped or kept untyped.
    pub problems: usize,
    /// Reading, typing and indexing the file.
    pub load: Duration,
    /// Building the model context at the leaf.
    pub context: Duration,
    /// Messages in that context.
    pub context_messages: usize,
}

/// Loads `path`, builds its context, and reports the time each step took.
pub fn time_load(path: &Path) -> Result<LoadTiming> {
    let started = Instant::now();
    let loaded = read_session_file(path)?;
    let (bytes, problems) = (loaded.bytes, loaded.problems.len());
    let tree = loaded.into_tree();
    let load = started.elapsed();
    let started = Instant::now();
    let context = tree.build_session_context();
    Ok(LoadTiming {
        bytes,
        entries: tree.len(),
        problems,
        load,
        context: started.elapsed(),
        context_messages: context.messages.len(),
    })
}
