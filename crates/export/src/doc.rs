//! [`Doc`]: one session's entries indexed for the page: the tree by entry index (parents,
//! children in Pi's order, roots), the active branch, and tool calls matched with results.
//! Indexes (not ids) name entries in the page, so reused ids and cycles in a damaged file
//! cannot confuse the viewer's navigation.

use std::collections::HashMap;

use tau_protocol::session::{SessionEntry, SessionHeader};
use tau_protocol::{AgentMessage, ContentBlock, ToolCall, ToolDeclaration, ToolResultMessage};
use tau_session::{iso_to_millis, LineProblem, SessionTree};

/// What the page is made from.
#[derive(Debug, Clone, Copy)]
pub struct ExportSource<'a> {
    /// The session header (id, date, working directory).
    pub header: &'a SessionHeader,
    /// Every entry of the file, with its current leaf.
    pub tree: &'a SessionTree,
    /// Lines of the file that could not be read; the page says so.
    pub problems: &'a [LineProblem],
    /// The system prompt in use, shown for sessions that record none themselves (sessions
    /// older than Pi's `role: "system"` entries). `None` when exporting a file.
    pub system_prompt: Option<&'a str>,
    /// The tools in use, with the same purpose as `system_prompt`.
    pub tools: &'a [ToolDeclaration],
    /// The active theme's colours (Pi exports in the terminal UI's theme); `None`: the page's
    /// own, light or dark as the reader's system prefers.
    pub colors: Option<&'a crate::PageColors>,
}

/// The indexed session.
pub(crate) struct Doc<'a> {
    pub source: ExportSource<'a>,
    pub entries: &'a [SessionEntry],
    /// Resolved parent of each entry.
    pub parent: Vec<Option<usize>>,
    /// Children of each entry, oldest first (Pi's order), file order among equal times.
    pub children: Vec<Vec<usize>>,
    /// Entries without a parent, in file order.
    pub roots: Vec<usize>,
    /// The entry the page opens on.
    pub leaf: Option<usize>,
    /// For each entry, the newest leaf below it (following the newest child down), the
    /// branch a click on it shows.
    pub newest_leaf: Vec<usize>,
    /// Whether each entry is on the branch from a root to `leaf`.
    pub on_active_path: Vec<bool>,
    /// Tool calls by id, across every branch.
    pub tool_calls: HashMap<&'a str, &'a ToolCall>,
    /// The first result of each tool call id with its entry index, across every branch
    /// (Pi's lookup).
    pub tool_results: HashMap<&'a str, (usize, &'a ToolResultMessage)>,
}

impl<'a> Doc<'a> {
    pub fn new(source: ExportSource<'a>) -> Self {
        let tree = source.tree;
        let entries = tree.entries();
        let parent: Vec<Option<usize>> = (0..entries.len()).map(|i| tree.parent_index(i)).collect();
        let mut children = vec![Vec::new(); entries.len()];
        let mut roots = Vec::new();
        for (index, parent) in parent.iter().enumerate() {
            match parent {
                Some(parent) => children[*parent].push(index),
                None => roots.push(index),
            }
        }
        let time = |index: &usize| entries[*index].timestamp().and_then(iso_to_millis);
        for list in &mut children {
            // A stable sort keeps file order among equal (or missing) timestamps.
            list.sort_by_key(time);
        }
        let newest_leaf = newest_leaves(&children);
        let leaf = tree.leaf_index();
        let mut on_active_path = vec![false; entries.len()];
        let mut current = leaf;
        while let Some(index) = current {
            if on_active_path[index] {
                break; // defensive: the tree has already cut cycles
            }
            on_active_path[index] = true;
            current = parent[index];
        }
        let mut tool_calls = HashMap::new();
        let mut tool_results = HashMap::new();
        for (index, entry) in entries.iter().enumerate() {
            match entry.message() {
                Some(AgentMessage::Assistant(message)) => {
                    for block in &message.content {
                        if let ContentBlock::ToolCall(call) = block {
                            tool_calls.entry(call.id.as_str()).or_insert(call);
                        }
                    }
                }
                Some(AgentMessage::ToolResult(result)) => {
                    tool_results
                        .entry(result.tool_call_id.as_str())
                        .or_insert((index, result));
                }
                _ => {}
            }
        }
        Doc {
            source,
            entries,
            parent,
            children,
            roots,
            leaf,
            newest_leaf,
            on_active_path,
            tool_calls,
            tool_results,
        }
    }

    /// The DOM id of an entry: `entry-<id>` for the entry its id resolves to (so links by
    /// id work); `None` for an entry without id or one whose id a later entry reused.
    pub fn dom_id(&self, index: usize) -> Option<String> {
        let id = self.entries[index].id()?;
        let resolved = self.source.tree.get_entry(id)?;
        std::ptr::eq(resolved, &self.entries[index]).then(|| format!("entry-{id}"))
    }

    /// The label set on an entry.
    pub fn label(&self, index: usize) -> Option<&'a str> {
        let id = self.entries[index].id()?;
        self.source.tree.label(id)
    }

    /// Whether a `role: "system"` entry opens the prompt on its branch (no system state
    /// above it), as opposed to updating it.
    pub fn is_leading_system(&self, index: usize) -> bool {
        let mut current = self.parent[index];
        let mut steps = 0;
        while let Some(i) = current {
            if carries_system_state(&self.entries[i]) {
                return false;
            }
            steps += 1;
            if steps > self.entries.len() {
                break;
            }
            current = self.parent[i];
        }
        true
    }

    /// Whether any entry is a `role: "system"` message.
    pub fn has_system_entries(&self) -> bool {
        self.entries.iter().any(SessionEntry::is_system_message)
    }
}

/// [`Doc::newest_leaf`] for every entry, each chain walked once.
fn newest_leaves(children: &[Vec<usize>]) -> Vec<usize> {
    let mut leaf: Vec<Option<usize>> = vec![None; children.len()];
    for start in 0..children.len() {
        let mut chain = Vec::new();
        let mut current = start;
        let found = loop {
            if let Some(known) = leaf[current] {
                break known;
            }
            chain.push(current);
            match children[current].last() {
                // Parents were resolved with cycles cut, so this walk ends.
                Some(&newest) if chain.len() <= children.len() => current = newest,
                _ => break current,
            }
        };
        for index in chain {
            leaf[index] = Some(found);
        }
    }
    leaf.into_iter()
        .enumerate()
        .map(|(index, leaf)| leaf.unwrap_or(index))
        .collect()
}

fn carries_system_state(entry: &SessionEntry) -> bool {
    match entry {
        SessionEntry::Compaction(compaction) => compaction.system_message.is_some(),
        other => other.is_system_message(),
    }
}
