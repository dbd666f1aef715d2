//! tau's session log: Pi 1.6.0's JSONL session files (format version 3), read, navigated and
//! appended to the way Pi does it, so tau and Pi can open each other's sessions.
//!
//! - [`read_session_file`] streams a file, reports malformed lines by number and keeps going,
//!   and migrates version 1 and 2 files in memory.
//! - [`SessionTree`] indexes entries by id: leaf, branches, children, labels, session name;
//!   it also rebuilds the model context ([`SessionTree::build_session_context`]).
//! - [`Session`] is Pi's `SessionManager`: create, open, append, branch, fork.
//! - [`SessionWriter`] appends one line per entry under a [`SessionLock`].
//! - [`list_sessions`], [`most_recent_session`] and [`find_session`] find sessions on disk.
//!
//! The entry types themselves live in `tau_protocol::session`.

mod bench;
mod context;
mod error;
mod ids;
mod listing;
mod lock;
mod migrate;
mod paths;
mod read;
mod session;
mod system_prompt;
mod tree;
mod writer;

pub use bench::{time_load, write_synthetic_session, LoadTiming};
pub use context::{
    entry_to_context_messages, project_context_entry, ModelRef, ProjectedEntry, SessionContext,
    SessionProjection,
};
pub use error::{Result, SessionError};
pub use ids::{
    iso_timestamp, iso_to_millis, new_entry_id, new_session_id, now_iso, validate_session_id,
};
pub use listing::{
    find_session, list_all_sessions, list_sessions, most_recent_session, read_header,
    summarize_session, SessionSummary,
};
pub use lock::{LockMethod, SessionLock};
pub use migrate::migrate;
pub use paths::{encode_cwd, session_dir_for_cwd, session_file_name};
pub use read::{read_session, read_session_file, LineProblem, LoadedSession, ReadFailure};
pub use session::{EntryStamp, NewBranchSummary, NewCompaction, NewSession, Session};
pub use system_prompt::SystemPrompt;
pub use tree::{Label, SessionTree, TreeProblem};
pub use writer::{encode_line, rewrite_atomically, SessionWriter, WriteOptions};
