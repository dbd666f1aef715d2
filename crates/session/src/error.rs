//! [`SessionError`]: everything that can go wrong reading, writing or navigating a session.
//!
//! Messages name the file and say what to do next. The entry and session-id messages are Pi's
//! exact wording, because extensions see them as thrown errors.

use std::io;
use std::path::PathBuf;

/// A failed session operation.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// The file could not be read.
    #[error("reading session {}: {source}", path.display())]
    Read {
        /// The session file.
        path: PathBuf,
        /// The OS error.
        source: io::Error,
    },
    /// The file could not be written.
    #[error("writing session {}: {source}", path.display())]
    Write {
        /// The session file.
        path: PathBuf,
        /// The OS error.
        source: io::Error,
    },
    /// The file exists but holds no entries at all.
    #[error("session file {} is empty", path.display())]
    Empty {
        /// The session file.
        path: PathBuf,
    },
    /// The file has content but does not start with a session header.
    #[error("session file {} is not a valid session: {reason}", path.display())]
    NotASession {
        /// The file.
        path: PathBuf,
        /// What was found instead.
        reason: String,
    },
    /// A new session file would overwrite an existing one.
    #[error("session file {} already exists; choose another session id", path.display())]
    AlreadyExists {
        /// The file.
        path: PathBuf,
    },
    /// Another writer holds the session's lock.
    #[error(
        "session {} is already open in another tau process ({}); wait for it to finish, \
         or use --fork to continue in a new session",
        path.display(),
        holder(*pid)
    )]
    Locked {
        /// The session file.
        path: PathBuf,
        /// The holder's pid, if it wrote one yet.
        pid: Option<u32>,
    },
    /// The session's folder could not be created.
    #[error(
        "cannot create the session folder {}: {source}; choose a session path in a folder \
         that exists or can be created",
        path.display()
    )]
    CreateDir {
        /// The folder.
        path: PathBuf,
        /// The OS error.
        source: io::Error,
    },
    /// The lock file could not be created or locked.
    #[error(
        "locking session {}: {source}; the session's folder must be writable",
        path.display()
    )]
    Lock {
        /// The lock file.
        path: PathBuf,
        /// The OS error.
        source: io::Error,
    },
    /// No entry has this id.
    #[error("Entry {id} not found")]
    EntryNotFound {
        /// The id asked for.
        id: String,
    },
    /// A context edit targets an entry that is not on the active branch.
    #[error("Entry {id} is not on the active branch")]
    NotOnActiveBranch {
        /// The target id.
        id: String,
    },
    /// A context edit targets an entry that contributes no editable content.
    #[error("Entry {id} does not contribute editable model content")]
    NotEditable {
        /// The target id.
        id: String,
    },
    /// A user-chosen session id has characters Pi does not allow.
    #[error(
        "Session id must be non-empty, contain only alphanumeric characters, '-', '_', and '.', \
         and start and end with an alphanumeric character"
    )]
    InvalidSessionId {
        /// The rejected id.
        id: String,
    },
    /// An entry could not be serialised (an invariant violation).
    #[error("serialising a session entry: {0}")]
    Encode(#[from] serde_json::Error),
}

fn holder(pid: Option<u32>) -> String {
    match pid {
        Some(pid) => format!("pid {pid}"),
        None => "pid unknown".into(),
    }
}

/// `Result` with [`SessionError`].
pub type Result<T, E = SessionError> = std::result::Result<T, E>;
