//! Reading a session file: one pass over its lines, typed as they stream in.
//!
//! Like Pi's `loadEntriesFromFile`, a line that is not JSON (a torn write, garbage) is skipped
//! and the rest of the file stays usable; unlike Pi, tau reports each such line with its
//! 1-based number. Blank lines are skipped silently. The first parsed line must be the session
//! header. Files older than version 3 are migrated in memory ([`crate::migrate`]); the file
//! itself is not touched here.
//!
//! The reader holds one line at a time (plus the typed entries), so memory stays proportional
//! to the entries, not twice the file. Lines of known entry kinds are typed straight from
//! their text ([`SessionEntry::from_known_str`]); anything else takes the generic JSON path.

use std::fmt;
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;

use serde::Deserialize;
use serde_json::{Map, Value};
use tau_protocol::session::{SessionEntry, SessionHeader, CURRENT_SESSION_VERSION};
use tau_protocol::{AgentMessage, UserContent};

use crate::error::{Result, SessionError};
use crate::migrate::migrate;
use crate::tree::{SessionTree, TreeProblem};

/// A low guess at the bytes of one entry line, to reserve room for a file's entries.
const BYTES_PER_ENTRY_GUESS: u64 = 1024;

/// A line that was skipped or kept untyped while reading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineProblem {
    /// 1-based line number in the file.
    pub line: usize,
    /// What is wrong and what happened to the line.
    pub message: String,
}

impl fmt::Display for LineProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// A session file as read: header, entries in file order, and what was wrong with it.
#[derive(Debug, Clone)]
pub struct LoadedSession {
    /// The header, already at version 3 when the file was migrated.
    pub header: SessionHeader,
    /// Every entry after the header, in file order.
    pub entries: Vec<SessionEntry>,
    /// The 1-based line of each entry, parallel to `entries`.
    pub entry_lines: Vec<usize>,
    /// Lines skipped or kept untyped, in file order.
    pub problems: Vec<LineProblem>,
    /// The version the file was migrated from, if it was older than 3. The file on disk still
    /// has that version until someone rewrites it.
    pub migrated_from: Option<u64>,
    /// True when the last line has no trailing newline (an interrupted write); the next
    /// append must start on a fresh line.
    pub ends_mid_line: bool,
    /// Size of the file in bytes.
    pub bytes: u64,
}

impl LoadedSession {
    /// The entries as a navigable tree, leaf at the last entry.
    pub fn into_tree(self) -> SessionTree {
        SessionTree::from_entries(self.entries)
    }

    /// The tree, with [`Self::problems`] extended by what is wrong with the entries' ids
    /// (reused ids, `parentId` cycles), each on its entry's line, all in line order.
    pub fn into_checked_tree(self) -> (SessionTree, Vec<LineProblem>) {
        let LoadedSession {
            entries,
            entry_lines,
            mut problems,
            ..
        } = self;
        let (tree, found) = SessionTree::from_entries_checked(entries);
        let line = |index: usize| entry_lines.get(index).copied().unwrap_or(0);
        let id = |index: usize| {
            tree.entries()
                .get(index)
                .and_then(SessionEntry::id)
                .unwrap_or_default()
                .to_string()
        };
        for problem in found {
            let (index, message) = match problem {
                TreeProblem::DuplicateId { index, earlier } => (
                    index,
                    format!(
                        "entry id {} is also the id of the entry on line {}; as in Pi, this later entry is the one parentIds resolve to, and both are kept",
                        id(index),
                        line(earlier)
                    ),
                ),
                TreeProblem::Cycle { index } => (
                    index,
                    format!(
                        "entry {} is in a parentId cycle (its parents lead back to it); tau reads it as the start of its branch and leaves the file as it is",
                        id(index)
                    ),
                ),
            };
            problems.push(LineProblem {
                line: line(index),
                message,
            });
        }
        problems.sort_by_key(|problem| problem.line);
        (tree, problems)
    }
}

/// Reads and types the session file at `path`.
///
/// Errors: [`SessionError::Read`] when the file cannot be read, [`SessionError::Empty`] when it
/// holds no entries and no bytes, [`SessionError::NotASession`] when it has content but its
/// first JSON line is not a session header.
pub fn read_session_file(path: &Path) -> Result<LoadedSession> {
    let read_error = |source| SessionError::Read {
        path: path.to_path_buf(),
        source,
    };
    let file = File::open(path).map_err(read_error)?;
    // Room for the entries up front (a guess from the size, generous: unused room is never
    // touched, so it costs address space, not memory), so a long session's list is not
    // regrown and copied a dozen times while it loads.
    let expected = file
        .metadata()
        .map_or(0, |meta| meta.len() / BYTES_PER_ENTRY_GUESS);
    let reader = BufReader::with_capacity(1 << 20, file);
    match read_entries(reader, usize::try_from(expected).unwrap_or(0).min(1 << 20)) {
        Ok(loaded) => Ok(loaded),
        Err(ReadFailure::Io(source)) => Err(read_error(source)),
        Err(ReadFailure::Empty) => Err(SessionError::Empty {
            path: path.to_path_buf(),
        }),
        Err(ReadFailure::NoHeader(reason)) => Err(SessionError::NotASession {
            path: path.to_path_buf(),
            reason,
        }),
    }
}

/// Why [`read_session`] produced no session.
#[derive(Debug)]
pub enum ReadFailure {
    /// Reading failed.
    Io(std::io::Error),
    /// The input is empty (no bytes at all).
    Empty,
    /// The input has content but no header first; says what was found.
    NoHeader(String),
}

/// Reads a session from any buffered reader (see [`read_session_file`]).
pub fn read_session(reader: impl BufRead) -> std::result::Result<LoadedSession, ReadFailure> {
    read_entries(reader, 0)
}

/// [`read_session`] with room for `expected` entries.
fn read_entries(
    mut reader: impl BufRead,
    expected: usize,
) -> std::result::Result<LoadedSession, ReadFailure> {
    let mut state = Reader {
        entries: Vec::with_capacity(expected),
        ..Reader::default()
    };
    let mut buf = Vec::with_capacity(64 * 1024);
    loop {
        buf.clear();
        let read = reader
            .read_until(b'\n', &mut buf)
            .map_err(ReadFailure::Io)?;
        if read == 0 {
            break;
        }
        state.bytes += read as u64;
        state.line += 1;
        let terminated = buf.last() == Some(&b'\n');
        if terminated {
            buf.pop();
        }
        state.ends_mid_line = !terminated;
        if state.header.is_some() && state.legacy.is_none() {
            // Known, valid entries are typed straight from the text; anything else takes the
            // generic path, which reports or keeps it.
            let entry = std::str::from_utf8(&buf)
                .ok()
                .and_then(SessionEntry::from_known_str);
            if let Some(mut entry) = entry {
                compact(&mut entry);
                state.entries.push(entry);
                state.entry_lines.push(state.line);
                continue;
            }
        }
        // Pi decodes with replacement characters rather than rejecting invalid UTF-8.
        let text = String::from_utf8_lossy(&buf);
        state.line_text(&text, terminated)?;
    }
    state.finish()
}

#[derive(Default)]
struct Reader {
    line: usize,
    bytes: u64,
    ends_mid_line: bool,
    header: Option<SessionHeader>,
    /// Raw objects with their line numbers, collected only for files that need migrating.
    legacy: Option<Vec<(usize, Map<String, Value>)>>,
    entries: Vec<SessionEntry>,
    entry_lines: Vec<usize>,
    problems: Vec<LineProblem>,
}

impl Reader {
    fn problem(&mut self, message: String) {
        self.problems.push(LineProblem {
            line: self.line,
            message,
        });
    }

    fn line_text(&mut self, text: &str, terminated: bool) -> std::result::Result<(), ReadFailure> {
        if text.trim().is_empty() {
            return Ok(());
        }
        let map = match serde_json::from_str::<Value>(text) {
            Ok(Value::Object(map)) => map,
            Ok(other) => {
                let kind = json_kind(&other);
                self.problem(format!("expected a JSON object, found {kind}; skipped"));
                return Ok(());
            }
            Err(error) if error.is_eof() && !terminated => {
                self.problem(
                    "truncated entry at the end of the file (an interrupted write?); skipped"
                        .into(),
                );
                return Ok(());
            }
            Err(error) if error.is_eof() => {
                self.problem(format!(
                    "truncated entry (an interrupted write?): {error}; skipped"
                ));
                return Ok(());
            }
            Err(error) => {
                self.problem(format!("malformed JSON: {error}; skipped"));
                return Ok(());
            }
        };
        if self.header.is_none() {
            let header = SessionHeader::deserialize(&map)
                .map_err(|error| ReadFailure::NoHeader(format!("line {}: {error}", self.line)))?;
            let version = header.version.unwrap_or(1);
            if version < CURRENT_SESSION_VERSION {
                self.legacy = Some(Vec::new());
            }
            if version > CURRENT_SESSION_VERSION {
                // Pi reads such a file as current and appends to it. So does tau: entries are
                // only ever appended, so nothing a newer writer put there is lost.
                self.problem(format!(
                    "session version {version} is newer than this tau supports ({CURRENT_SESSION_VERSION}); entries are read as version {CURRENT_SESSION_VERSION} (kinds tau does not know are kept as they are) and new ones are appended in version {CURRENT_SESSION_VERSION} format; upgrade tau if a newer version wrote this file"
                ));
            }
            self.header = Some(header);
            return Ok(());
        }
        if map.get("type").and_then(Value::as_str) == Some("session") {
            self.problem("a second session header; skipped".into());
            return Ok(());
        }
        match &mut self.legacy {
            Some(legacy) => legacy.push((self.line, map)),
            None => self.push_typed(map),
        }
        Ok(())
    }

    fn push_typed(&mut self, map: Map<String, Value>) {
        let entry = match SessionEntry::from_map(map) {
            Ok(entry) => entry,
            Err(invalid) => {
                self.problem(format!("{invalid}; kept as an unknown entry"));
                SessionEntry::Unknown(invalid.raw)
            }
        };
        self.entries.push(entry);
        self.entry_lines.push(self.line);
    }

    fn finish(mut self) -> std::result::Result<LoadedSession, ReadFailure> {
        let Some(mut header) = self.header.take() else {
            return Err(if self.bytes == 0 {
                ReadFailure::Empty
            } else {
                ReadFailure::NoHeader("no session header line found".into())
            });
        };
        let mut migrated_from = None;
        if let Some(legacy) = self.legacy.take() {
            let (lines, mut maps): (Vec<usize>, Vec<_>) = legacy.into_iter().unzip();
            migrated_from = migrate(&mut header, &mut maps);
            for (line, map) in lines.into_iter().zip(maps) {
                self.line = line;
                self.push_typed(map);
            }
            self.problems.sort_by_key(|problem| problem.line);
        }
        Ok(LoadedSession {
            header,
            entries: self.entries,
            entry_lines: self.entry_lines,
            problems: self.problems,
            migrated_from,
            ends_mid_line: self.ends_mid_line,
            bytes: self.bytes,
        })
    }
}

/// Gives back the room parsing left unused in a message entry: maps that held only `type` or
/// `role` (taken out after typing) keep their tables, and content lists grow in steps of
/// four. A resumed session holds every entry, so this is megabytes.
fn compact(entry: &mut SessionEntry) {
    fn release(map: &mut Map<String, Value>) {
        if map.is_empty() {
            *map = Map::new();
        }
    }
    let SessionEntry::Message(entry) = entry else {
        return;
    };
    release(&mut entry.extra);
    match &mut entry.message {
        AgentMessage::User(user) => {
            release(&mut user.extra);
            if let UserContent::Blocks(blocks) = &mut user.content {
                blocks.shrink_to_fit();
            }
        }
        AgentMessage::Assistant(assistant) => {
            release(&mut assistant.extra);
            assistant.content.shrink_to_fit();
        }
        AgentMessage::ToolResult(result) => {
            release(&mut result.extra);
            result.content.shrink_to_fit();
        }
        _ => {}
    }
}

fn json_kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
#[path = "read_tests.rs"]
mod tests;
