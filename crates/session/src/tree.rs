//! [`SessionTree`]: the entries of one session indexed by id, with the current leaf, labels and
//! session name, mirroring the navigation half of Pi's `SessionManager`.
//!
//! No I/O here. Loading is O(entries); appending is O(1) amortised. Walking a branch is O(depth)
//! and stops after as many steps as there are entries, so a `parentId` cycle in a damaged file
//! cannot hang it.

use std::collections::HashMap;

use tau_protocol::session::SessionEntry;

use crate::error::{Result, SessionError};
use crate::ids::{iso_to_millis, new_entry_id};

/// The current label of an entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    /// The label text.
    pub label: String,
    /// Timestamp of the label entry that set it.
    pub timestamp: String,
    /// Order in which labels were first set (Pi iterates labels in insertion order).
    order: u64,
}

/// Something wrong with the ids of loaded entries; indexes are file order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TreeProblem {
    /// The entry at `index` reuses the id of the entry at `earlier`; the later one is the
    /// one ids resolve to.
    DuplicateId {
        /// The later entry.
        index: usize,
        /// The earlier entry with the same id.
        earlier: usize,
    },
    /// The entry at `index` closes a `parentId` cycle and was made a root.
    Cycle {
        /// The entry first in the file among the cycle's members.
        index: usize,
    },
}

/// The entries of a session (header excluded) as a tree.
#[derive(Debug, Clone, Default)]
pub struct SessionTree {
    entries: Vec<SessionEntry>,
    // foldhash rather than SipHash: ids come from the user's own session files.
    by_id: HashMap<String, usize, foldhash::fast::RandomState>,
    children: HashMap<String, Vec<usize>, foldhash::fast::RandomState>,
    /// Per entry with an id, the index its `parentId` resolves to now (the latest entry with
    /// that id), kept current as entries arrive; every context build walks the whole branch.
    parent_of: Vec<Option<usize>>,
    labels: HashMap<String, Label>,
    label_order: u64,
    latest_session_info: Option<usize>,
    leaf: Option<usize>,
}

impl SessionTree {
    /// An empty tree.
    pub fn new() -> Self {
        Self::default()
    }

    /// Indexes `entries` (file order). The leaf is the last entry with an id, as Pi sets it on
    /// load. Duplicate ids resolve to the later entry, as in Pi.
    pub fn from_entries(entries: Vec<SessionEntry>) -> Self {
        Self::from_entries_checked(entries).0
    }

    /// [`Self::from_entries`], also saying what was wrong with the entries' ids: reused ids
    /// and `parentId` cycles. A cycle is cut at its entry that comes first in the file, which
    /// then starts its branch (Pi would walk such a branch forever); the entries themselves
    /// are all kept.
    pub fn from_entries_checked(mut entries: Vec<SessionEntry>) -> (Self, Vec<TreeProblem>) {
        let mut tree = SessionTree::default();
        tree.by_id.reserve(entries.len());
        tree.parent_of.reserve(entries.len());
        let mut problems = Vec::new();
        for (index, entry) in entries.iter().enumerate() {
            if let Some(earlier) = tree.index(index, entry) {
                problems.push(TreeProblem::DuplicateId { index, earlier });
            }
        }
        problems.extend(
            tree.cut_cycles()
                .into_iter()
                .map(|index| TreeProblem::Cycle { index }),
        );
        // The entries stay where they were read (a resumed session's are tens of megabytes);
        // room for the entries of a prompt or two keeps the first append from regrowing them.
        entries.reserve_exact(64);
        tree.entries = entries;
        (tree, problems)
    }

    /// Breaks every `parentId` cycle at its member first in the file; returns those members.
    fn cut_cycles(&mut self) -> Vec<usize> {
        const NEW: u8 = 0;
        const ON_PATH: u8 = 1;
        const DONE: u8 = 2;
        let mut state = vec![NEW; self.parent_of.len()];
        let mut path = Vec::new();
        let mut cut = Vec::new();
        for start in 0..self.parent_of.len() {
            let mut current = Some(start);
            while let Some(i) = current {
                match state[i] {
                    NEW => {
                        state[i] = ON_PATH;
                        path.push(i);
                        current = self.parent_of[i];
                    }
                    ON_PATH => {
                        let from = path.iter().rposition(|&p| p == i).unwrap_or(0);
                        if let Some(&first) = path[from..].iter().min() {
                            self.parent_of[first] = None;
                            cut.push(first);
                        }
                        break;
                    }
                    _ => break,
                }
            }
            for &i in &path {
                state[i] = DONE;
            }
            path.clear();
        }
        cut.sort_unstable();
        cut
    }

    /// Appends an entry (its `parentId` is taken as given) and makes it the leaf when it has an
    /// id.
    pub fn push(&mut self, entry: SessionEntry) {
        self.index(self.entries.len(), &entry);
        self.entries.push(entry);
    }

    /// Indexes `entry`, which is about to be stored at `index` (the next free one); returns
    /// the index of an earlier entry with the same id.
    fn index(&mut self, index: usize, entry: &SessionEntry) -> Option<usize> {
        self.parent_of.push(None);
        let mut earlier = None;
        if let Some(id) = entry.id() {
            earlier = self.by_id.insert(id.to_string(), index);
            if let Some(parent) = entry.parent_id() {
                self.children
                    .entry(parent.to_string())
                    .or_default()
                    .push(index);
            }
            // Entries naming this id as parent now resolve to this entry.
            if let Some(children) = self.children.get(id) {
                for &child in children {
                    self.parent_of[child] = Some(index);
                }
            }
            self.parent_of[index] = entry
                .parent_id()
                .and_then(|parent| self.by_id.get(parent).copied());
            self.leaf = Some(index);
        }
        match entry {
            SessionEntry::Label(label) => match label.label.as_deref().filter(|l| !l.is_empty()) {
                Some(text) => {
                    let order = match self.labels.get(&label.target_id) {
                        Some(existing) => existing.order,
                        None => {
                            self.label_order += 1;
                            self.label_order
                        }
                    };
                    let value = Label {
                        label: text.to_string(),
                        timestamp: label.timestamp.clone(),
                        order,
                    };
                    self.labels.insert(label.target_id.clone(), value);
                }
                None => {
                    self.labels.remove(&label.target_id);
                }
            },
            SessionEntry::SessionInfo(_) => self.latest_session_info = Some(index),
            SessionEntry::Message(_)
            | SessionEntry::ModelChange(_)
            | SessionEntry::ThinkingLevelChange(_)
            | SessionEntry::Usage(_)
            | SessionEntry::Compaction(_)
            | SessionEntry::ContextEdit(_)
            | SessionEntry::BranchSummary(_)
            | SessionEntry::Custom(_)
            | SessionEntry::CustomMessage(_)
            | SessionEntry::Unknown(_) => {}
        }
        earlier
    }

    /// Every entry in file order.
    pub fn entries(&self) -> &[SessionEntry] {
        &self.entries
    }

    /// Takes the entries out, in file order.
    pub fn into_entries(self) -> Vec<SessionEntry> {
        self.entries
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when there are no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entry with this id.
    pub fn get_entry(&self, id: &str) -> Option<&SessionEntry> {
        self.by_id.get(id).map(|&index| &self.entries[index])
    }

    /// True when an entry has this id.
    pub fn contains(&self, id: &str) -> bool {
        self.by_id.contains_key(id)
    }

    /// The current leaf's id; `None` before the first entry or after [`Self::reset_leaf`].
    pub fn leaf_id(&self) -> Option<&str> {
        self.leaf.and_then(|index| self.entries[index].id())
    }

    /// The current leaf's index in [`Self::entries`].
    pub fn leaf_index(&self) -> Option<usize> {
        self.leaf
    }

    /// The index of the entry that `entries()[index]`'s `parentId` resolves to, by the rules
    /// of [`Self::branch`] (the latest entry with that id; `None` for a root, an orphan or the
    /// entry a `parentId` cycle was cut at). Lets a caller walk or index the whole tree
    /// without looking ids up again.
    pub fn parent_index(&self, index: usize) -> Option<usize> {
        let entry = self.entries.get(index)?;
        if entry.id().is_some() {
            self.parent_of.get(index).copied().flatten()
        } else {
            entry
                .parent_id()
                .and_then(|parent| self.by_id.get(parent).copied())
        }
    }

    /// The current leaf entry.
    pub fn leaf(&self) -> Option<&SessionEntry> {
        self.leaf.map(|index| &self.entries[index])
    }

    /// Moves the leaf to an existing entry, so the next append branches from it (Pi's
    /// `branch(id)`).
    pub fn set_leaf(&mut self, id: &str) -> Result<()> {
        let index = *self
            .by_id
            .get(id)
            .ok_or_else(|| SessionError::EntryNotFound { id: id.into() })?;
        self.leaf = Some(index);
        Ok(())
    }

    /// Moves the leaf before the first entry: the next append becomes a new root (Pi's
    /// `resetLeaf()`).
    pub fn reset_leaf(&mut self) {
        self.leaf = None;
    }

    /// The path from the root to `leaf_id`, inclusive; empty when the id is unknown (Pi's
    /// `getBranch(id)`).
    pub fn branch(&self, leaf_id: &str) -> Vec<&SessionEntry> {
        match self.by_id.get(leaf_id) {
            Some(&index) => self.path_from(index),
            None => Vec::new(),
        }
    }

    /// The path from the root to the current leaf.
    pub fn active_branch(&self) -> Vec<&SessionEntry> {
        self.leaf
            .map(|index| self.path_from(index))
            .unwrap_or_default()
    }

    /// Pi's `buildSessionPath`: `None` is the empty path, an unknown id falls back to the
    /// last entry of the file.
    pub(crate) fn context_path(&self, leaf_id: Option<&str>) -> Vec<&SessionEntry> {
        let Some(leaf_id) = leaf_id else {
            return Vec::new();
        };
        let index = self
            .by_id
            .get(leaf_id)
            .copied()
            .or_else(|| self.entries.len().checked_sub(1));
        index.map(|i| self.path_from(i)).unwrap_or_default()
    }

    fn path_from(&self, index: usize) -> Vec<&SessionEntry> {
        let mut path = Vec::new();
        let mut current = Some(index);
        while let Some(i) = current {
            if path.len() > self.entries.len() {
                break; // a parentId cycle
            }
            path.push(&self.entries[i]);
            current = self.parent_index(i);
        }
        path.reverse();
        path
    }

    /// Direct children of an entry, oldest first by timestamp (Pi's tree order).
    pub fn children(&self, parent_id: &str) -> Vec<&SessionEntry> {
        let mut children: Vec<&SessionEntry> = self
            .children
            .get(parent_id)
            .into_iter()
            .flatten()
            // An entry whose id was reused later is only reachable through its successor.
            .filter(|&&index| {
                let id = self.entries[index].id();
                id.and_then(|id| self.by_id.get(id)) == Some(&index)
            })
            .map(|&index| &self.entries[index])
            .collect();
        children.sort_by_key(|entry| entry.timestamp().and_then(iso_to_millis));
        children
    }

    /// Entries that start a tree: no parent, their own parent, or a parent missing from the
    /// file (an orphan), in file order (Pi's `getTree` roots).
    pub fn roots(&self) -> Vec<&SessionEntry> {
        self.entries
            .iter()
            .filter(|entry| entry.id().is_some())
            .filter(|entry| match entry.parent_id() {
                None => true,
                Some(parent) => entry.id() == Some(parent) || !self.contains(parent),
            })
            .collect()
    }

    /// The current label of an entry.
    pub fn label(&self, id: &str) -> Option<&str> {
        self.labels.get(id).map(|label| label.label.as_str())
    }

    /// The current label of an entry with the time it was set.
    pub fn label_info(&self, id: &str) -> Option<&Label> {
        self.labels.get(id)
    }

    /// Every current label as `(target id, label)`, in the order Pi iterates them.
    pub fn labels(&self) -> Vec<(&str, &Label)> {
        let mut labels: Vec<(&str, &Label)> = self
            .labels
            .iter()
            .map(|(id, label)| (id.as_str(), label))
            .collect();
        labels.sort_by_key(|(_, label)| label.order);
        labels
    }

    /// The session name: the latest `session_info` entry in the file, trimmed; empty clears
    /// it (Pi's `getSessionName`, which reads the whole file, not only the active branch).
    pub fn session_name(&self) -> Option<&str> {
        let SessionEntry::SessionInfo(info) = &self.entries[self.latest_session_info?] else {
            return None;
        };
        info.name
            .as_deref()
            .map(str::trim)
            .filter(|name| !name.is_empty())
    }

    /// A fresh entry id not used in this tree.
    pub fn new_entry_id(&self) -> String {
        new_entry_id(|id| self.contains(id))
    }
}

#[cfg(test)]
#[path = "tree_tests.rs"]
mod tests;
