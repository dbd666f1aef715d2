//! [`Session`]: one session log in memory and, unless in-memory, on disk: Pi's
//! `SessionManager`.
//!
//! Like Pi, a new session writes nothing until it holds a user or assistant message: setup
//! entries (model, thinking level, system prompt) stay in memory, so starting and quitting
//! without chatting leaves no file. The first such message creates the file with everything so
//! far; every later entry is appended as one line. An entry that fails to reach the file is
//! not added to the tree, so memory never points at entries the file lacks.
//!
//! A session opened from disk holds the file's lock ([`crate::SessionLock`]) until dropped or
//! closed. A file migrated from an older version is rewritten (temp file + rename) only when
//! the first new entry is appended, or on [`Session::persist_migration`].
//!
//! All calls block on file I/O; async callers run them on a blocking thread.

mod append;
mod fork;

use std::fs;
use std::path::{Path, PathBuf};

use tau_protocol::session::{SessionEntry, SessionHeader, CURRENT_SESSION_VERSION};
use tau_protocol::AgentMessage;

use crate::context::SessionContext;
use crate::error::{Result, SessionError};
use crate::ids::{new_session_id, now_iso, validate_session_id};
use crate::listing::most_recent_session;
use crate::lock::SessionLock;
use crate::paths::session_file_name;
use crate::read::{read_session_file, LineProblem};
use crate::tree::SessionTree;
use crate::writer::{SessionWriter, WriteOptions};

pub use append::{NewBranchSummary, NewCompaction};

/// Options for a new session (Pi's `NewSessionOptions`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NewSession {
    /// A chosen session id instead of a fresh UUIDv7; must pass
    /// [`crate::validate_session_id`].
    pub id: Option<String>,
    /// The session this one continues (recorded as the header's `parentSession`).
    pub parent_session: Option<String>,
}

/// A session log: header, entry tree and where it is stored.
#[derive(Debug)]
pub struct Session {
    header: SessionHeader,
    tree: SessionTree,
    storage: Storage,
    problems: Vec<LineProblem>,
    has_conversation: bool,
    /// The id and timestamp the next appended entry takes (see [`Session::stamp_next`]).
    next_stamp: Option<EntryStamp>,
}

/// An id and timestamp chosen before an entry is written: the extension host shows an
/// extension's own entry at once (Pi writes it synchronously) and tau writes it as shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryStamp {
    /// The entry id (Pi's form: 8 hex digits).
    pub id: String,
    /// ISO 8601 time, as Pi's `Date.toISOString()`.
    pub timestamp: String,
}

#[derive(Debug)]
enum Storage {
    InMemory,
    File {
        dir: PathBuf,
        path: PathBuf,
        /// Open once the file exists.
        writer: Option<SessionWriter>,
        /// Set while the file on disk still has this older version.
        migrated_from: Option<u64>,
        options: WriteOptions,
    },
}

fn new_header(cwd: &str, new: &NewSession) -> Result<SessionHeader> {
    let id = match &new.id {
        Some(id) => {
            validate_session_id(id)?;
            id.clone()
        }
        None => new_session_id(),
    };
    Ok(SessionHeader {
        version: Some(CURRENT_SESSION_VERSION),
        id,
        timestamp: now_iso(),
        cwd: Some(cwd.to_string()),
        parent_session: new.parent_session.clone(),
        extra: Default::default(),
    })
}

fn is_conversation(entry: &SessionEntry) -> bool {
    entry
        .message()
        .is_some_and(|m| matches!(m, AgentMessage::User(_) | AgentMessage::Assistant(_)))
}

fn create_dir(dir: &Path) -> Result<()> {
    fs::create_dir_all(dir).map_err(|source| SessionError::CreateDir {
        path: dir.to_path_buf(),
        source,
    })
}

impl Session {
    /// A new session stored in `dir` (created if missing) as `<timestamp>_<id>.jsonl`; the
    /// file appears with the first user or assistant message.
    pub fn create(dir: &Path, cwd: &str, new: NewSession, options: WriteOptions) -> Result<Self> {
        let header = new_header(cwd, &new)?;
        create_dir(dir)?;
        let path = dir.join(session_file_name(&header.timestamp, &header.id));
        Ok(Session {
            header,
            tree: SessionTree::new(),
            storage: Storage::File {
                dir: dir.to_path_buf(),
                path,
                writer: None,
                migrated_from: None,
                options,
            },
            problems: Vec::new(),
            has_conversation: false,
            next_stamp: None,
        })
    }

    /// A session that is never written (`--no-session`).
    pub fn in_memory(cwd: &str) -> Self {
        Session {
            header: SessionHeader {
                version: Some(CURRENT_SESSION_VERSION),
                id: new_session_id(),
                timestamp: now_iso(),
                cwd: Some(cwd.to_string()),
                parent_session: None,
                extra: Default::default(),
            },
            tree: SessionTree::new(),
            storage: Storage::InMemory,
            problems: Vec::new(),
            has_conversation: false,
            next_stamp: None,
        }
    }

    /// Opens the session file at `path` for reading and appending, taking its lock.
    ///
    /// An existing file is loaded (malformed lines reported in [`Self::problems`], older
    /// versions migrated in memory); an empty file gets a fresh header written at once; a
    /// missing file becomes a new session with `cwd` that is created at that exact path with
    /// the first message (Pi's `--session <path>`).
    pub fn open(path: &Path, cwd: &str, options: WriteOptions) -> Result<Self> {
        let dir = path.parent().unwrap_or(Path::new(".")).to_path_buf();
        if !path.exists() {
            // Pi creates the folder of a new session path. Taking the lock once proves the
            // file can be written later, so a bad path fails here rather than every append
            // failing after the caller was told the session is open.
            create_dir(&dir)?;
            drop(SessionLock::acquire(path)?);
            let header = new_header(cwd, &NewSession::default())?;
            let storage = Storage::File {
                dir,
                path: path.to_path_buf(),
                writer: None,
                migrated_from: None,
                options,
            };
            return Ok(Self::from_parts(
                header,
                SessionTree::new(),
                storage,
                Vec::new(),
            ));
        }
        let mut writer = SessionWriter::open(path, options)?;
        let (header, tree, problems, migrated_from) = match read_session_file(path) {
            Ok(loaded) => {
                let (header, migrated_from) = (loaded.header.clone(), loaded.migrated_from);
                let (tree, problems) = loaded.into_checked_tree();
                (header, tree, problems, migrated_from)
            }
            Err(SessionError::Empty { .. }) => {
                let header = new_header(cwd, &NewSession::default())?;
                writer.append_value(&header)?;
                (header, SessionTree::new(), Vec::new(), None)
            }
            Err(error) => return Err(error),
        };
        let storage = Storage::File {
            dir,
            path: path.to_path_buf(),
            writer: Some(writer),
            migrated_from,
            options,
        };
        Ok(Self::from_parts(header, tree, storage, problems))
    }

    /// Opens the most recently modified session in `dir`, or creates a new one there when it
    /// has none (`--continue`).
    pub fn continue_recent(dir: &Path, cwd: &str, options: WriteOptions) -> Result<Self> {
        match most_recent_session(dir, None) {
            Some(path) => Self::open(&path, cwd, options),
            None => Self::create(dir, cwd, NewSession::default(), options),
        }
    }

    fn from_parts(
        header: SessionHeader,
        tree: SessionTree,
        storage: Storage,
        problems: Vec<LineProblem>,
    ) -> Self {
        let has_conversation = tree.entries().iter().any(is_conversation);
        Session {
            header,
            tree,
            storage,
            problems,
            has_conversation,
            next_stamp: None,
        }
    }

    /// The header.
    pub fn header(&self) -> &SessionHeader {
        &self.header
    }

    /// The session id.
    pub fn id(&self) -> &str {
        &self.header.id
    }

    /// The working directory recorded in the header (empty for very old files).
    pub fn cwd(&self) -> &str {
        self.header.cwd.as_deref().unwrap_or("")
    }

    /// The session file; `None` for an in-memory session. It may not exist yet.
    pub fn path(&self) -> Option<&Path> {
        match &self.storage {
            Storage::InMemory => None,
            Storage::File { path, .. } => Some(path),
        }
    }

    /// The folder new and branched sessions go to.
    pub fn dir(&self) -> Option<&Path> {
        match &self.storage {
            Storage::InMemory => None,
            Storage::File { dir, .. } => Some(dir),
        }
    }

    /// True once the session file exists and this session holds its lock.
    pub fn is_on_disk(&self) -> bool {
        matches!(
            &self.storage,
            Storage::File {
                writer: Some(_),
                ..
            }
        )
    }

    /// The version the file on disk was migrated from in memory, until it is rewritten.
    pub fn pending_migration(&self) -> Option<u64> {
        match &self.storage {
            Storage::InMemory => None,
            Storage::File { migrated_from, .. } => *migrated_from,
        }
    }

    /// Lines of the file that were skipped or kept untyped when it was opened.
    pub fn problems(&self) -> &[LineProblem] {
        &self.problems
    }

    /// The entry tree: navigation, labels, context building.
    pub fn tree(&self) -> &SessionTree {
        &self.tree
    }

    /// The current leaf's id.
    pub fn leaf_id(&self) -> Option<&str> {
        self.tree.leaf_id()
    }

    /// The session's display name (latest `session_info`).
    pub fn session_name(&self) -> Option<&str> {
        self.tree.session_name()
    }

    /// What the model sees at the current leaf.
    pub fn build_session_context(&self) -> SessionContext {
        self.tree.build_session_context()
    }

    /// Moves the leaf to `id`; the next entry starts a branch there (Pi's `branch`).
    pub fn branch(&mut self, id: &str) -> Result<()> {
        self.tree.set_leaf(id)
    }

    /// Moves the leaf before the first entry; the next entry is a new root (Pi's
    /// `resetLeaf`).
    pub fn reset_leaf(&mut self) {
        self.tree.reset_leaf();
    }

    /// Rewrites a migrated file in the current format now (temp file + rename) instead of at
    /// the next append. Does nothing when no migration is pending.
    pub fn persist_migration(&mut self) -> Result<()> {
        if let Storage::File {
            writer: Some(writer),
            migrated_from,
            ..
        } = &mut self.storage
        {
            if migrated_from.is_some() {
                writer.rewrite(&self.header, self.tree.entries())?;
                *migrated_from = None;
            }
        }
        Ok(())
    }

    /// Syncs the file to disk and releases the lock.
    pub fn close(self) -> Result<()> {
        match self.storage {
            Storage::File {
                writer: Some(writer),
                ..
            } => writer.close(),
            Storage::File { writer: None, .. } | Storage::InMemory => Ok(()),
        }
    }

    /// Syncs the file to disk and releases the lock, as [`Session::close`] does, but keeps the
    /// session in memory (later entries are no longer written anywhere). Lets a process that is
    /// about to exit close the file without paying for freeing a large conversation.
    pub fn close_file(&mut self) -> Result<()> {
        match std::mem::replace(&mut self.storage, Storage::InMemory) {
            Storage::File {
                writer: Some(writer),
                ..
            } => writer.close(),
            Storage::File { writer: None, .. } | Storage::InMemory => Ok(()),
        }
    }

    /// Writes `entry` as Pi's `_persist` would, then adds it to the tree and makes it the leaf.
    /// Returns its id.
    fn commit(&mut self, entry: SessionEntry) -> Result<String> {
        let conversation = self.has_conversation || is_conversation(&entry);
        if let Storage::File {
            path,
            writer,
            migrated_from,
            options,
            ..
        } = &mut self.storage
        {
            let all = || self.tree.entries().iter().chain(std::iter::once(&entry));
            match writer {
                Some(writer) if migrated_from.is_some() => {
                    writer.rewrite(&self.header, all())?;
                    *migrated_from = None;
                }
                Some(writer) => writer.append(&entry)?,
                None if conversation => {
                    *writer = Some(SessionWriter::create(path, &self.header, all(), *options)?);
                }
                None => {}
            }
        }
        self.has_conversation = conversation;
        let id = entry.id().unwrap_or_default().to_string();
        self.tree.push(entry);
        Ok(id)
    }

    /// The next appended entry takes `stamp`'s id and timestamp, unless the id is taken or
    /// not a plain id (then a fresh one) or the timestamp is not ISO 8601 (then now).
    pub fn stamp_next(&mut self, stamp: Option<EntryStamp>) {
        self.next_stamp = stamp;
    }

    /// A fresh id (or the stamped one), the current leaf as parent, and now (or the stamp's).
    fn base(&mut self) -> (String, Option<String>, String) {
        let stamp = self.next_stamp.take();
        let usable_id = |id: &str| {
            (1..=64).contains(&id.len())
                && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                && !self.tree.contains(id)
        };
        let (id, timestamp) = match stamp {
            Some(stamp) => (
                Some(stamp.id).filter(|id| usable_id(id)),
                Some(stamp.timestamp).filter(|t| crate::ids::iso_to_millis(t).is_some()),
            ),
            None => (None, None),
        };
        (
            id.unwrap_or_else(|| self.tree.new_entry_id()),
            self.tree.leaf_id().map(str::to_string),
            timestamp.unwrap_or_else(now_iso),
        )
    }
}

#[cfg(test)]
#[path = "session/stamp_tests.rs"]
mod stamp_tests;
