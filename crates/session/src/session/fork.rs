//! Sessions made from other sessions: a branch extracted into its own file (Pi's
//! `createBranchedSession`, behind `/fork` and `/clone`) and a whole session copied into
//! another project (Pi's `forkFrom`, behind `--fork`).

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use serde_json::Map;
use tau_protocol::session::{LabelEntry, SessionEntry};

use super::{create_dir, new_header, NewSession, Session, Storage};
use crate::error::{Result, SessionError};
use crate::ids::new_entry_id;
use crate::paths::session_file_name;
use crate::read::read_session_file;
use crate::tree::{Label, SessionTree};
use crate::writer::{SessionWriter, WriteOptions};

impl Session {
    /// Replaces this session by a new one holding only the path from the root to `leaf_id`,
    /// with that path's current labels re-created at its end, and returns the new file (`None`
    /// in memory). The new header's `parentSession` is the old file. As with any new session,
    /// the file is written only once the path holds a user or assistant message.
    ///
    /// Label entries on the path are dropped and the path re-chained around them; a
    /// compaction's `firstKeptEntryId` that named a dropped label moves to the next entry.
    pub fn create_branched_session(&mut self, leaf_id: &str) -> Result<Option<PathBuf>> {
        let path = self.tree.branch(leaf_id);
        if path.is_empty() {
            return Err(SessionError::EntryNotFound { id: leaf_id.into() });
        }
        let mut kept: Vec<SessionEntry> = Vec::with_capacity(path.len());
        let mut pending_labels: Vec<String> = Vec::new();
        let mut label_successor: HashMap<String, String> = HashMap::new();
        let mut parent: Option<String> = None;
        for entry in path {
            let Some(id) = entry.id() else { continue };
            if let SessionEntry::Label(_) = entry {
                pending_labels.push(id.to_string());
                continue;
            }
            for label_id in pending_labels.drain(..) {
                label_successor.insert(label_id, id.to_string());
            }
            let mut copy = entry.clone();
            copy.set_parent_id(parent.take());
            if let SessionEntry::Compaction(compaction) = &mut copy {
                if compaction.first_kept_entry_id != compaction.id {
                    if let Some(next) = label_successor.get(&compaction.first_kept_entry_id) {
                        compaction.first_kept_entry_id.clone_from(next);
                    }
                }
            }
            parent = Some(id.to_string());
            kept.push(copy);
        }
        let mut ids: HashSet<String> = kept
            .iter()
            .filter_map(|e| e.id())
            .map(str::to_string)
            .collect();
        let labels: Vec<(String, Label)> = self
            .tree
            .labels()
            .into_iter()
            .filter(|(target, _)| ids.contains(*target))
            .map(|(target, label)| (target.to_string(), label.clone()))
            .collect();
        for (target_id, label) in labels {
            let id = new_entry_id(|candidate| ids.contains(candidate));
            ids.insert(id.clone());
            kept.push(SessionEntry::Label(LabelEntry {
                id: id.clone(),
                parent_id: parent.replace(id),
                timestamp: label.timestamp,
                target_id,
                label: Some(label.label),
                extra: Map::new(),
            }));
        }

        let old_path = self.path().map(|p| p.to_string_lossy().into_owned());
        let new = NewSession {
            id: None,
            parent_session: old_path,
        };
        let header = new_header(self.cwd(), &new)?;
        let tree = SessionTree::from_entries(kept);
        let storage = match &self.storage {
            Storage::InMemory => Storage::InMemory,
            Storage::File { dir, options, .. } => {
                let path = dir.join(session_file_name(&header.timestamp, &header.id));
                Storage::File {
                    dir: dir.clone(),
                    path,
                    writer: None,
                    migrated_from: None,
                    options: *options,
                }
            }
        };
        let mut branched = Session::from_parts(header, tree, storage, Vec::new());
        if let Storage::File {
            path,
            writer,
            options,
            ..
        } = &mut branched.storage
        {
            if branched.has_conversation {
                let created = SessionWriter::create(
                    path,
                    &branched.header,
                    branched.tree.entries(),
                    *options,
                )?;
                *writer = Some(created);
            }
        }
        let new_path = branched.path().map(Path::to_path_buf);
        // Dropping the old session releases its lock.
        *self = branched;
        Ok(new_path)
    }

    /// Copies the session at `source` (migrated if old) into a new session of `target_cwd` in
    /// `dir`, whose header names `source` as `parentSession`, and opens it.
    pub fn fork_from(
        source: &Path,
        target_cwd: &str,
        dir: &Path,
        new: NewSession,
        options: WriteOptions,
    ) -> Result<Session> {
        let loaded = read_session_file(source).map_err(|error| match error {
            SessionError::Empty { path } => SessionError::NotASession {
                path,
                reason: "the file is empty; there is nothing to fork".into(),
            },
            other => other,
        })?;
        create_dir(dir)?;
        let new = NewSession {
            parent_session: Some(source.to_string_lossy().into_owned()),
            ..new
        };
        let header = new_header(target_cwd, &new)?;
        let path = dir.join(session_file_name(&header.timestamp, &header.id));
        let writer = SessionWriter::create(&path, &header, &loaded.entries, options)?;
        let storage = Storage::File {
            dir: dir.to_path_buf(),
            path,
            writer: Some(writer),
            migrated_from: None,
            options,
        };
        let (tree, problems) = loaded.into_checked_tree();
        Ok(Session::from_parts(header, tree, storage, problems))
    }
}
