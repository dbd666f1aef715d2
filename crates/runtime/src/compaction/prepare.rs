//! What a compaction would do to the session at its current leaf (Pi's `prepareCompaction`):
//! the cut, the messages to summarise, the previous summary to fold in, the files touched
//! and the context size before.
//!
//! On repeated compactions the summarised span starts after the previous compaction's kept
//! range as the projection selects it, so messages that survived the earlier compaction are
//! summarised this time, together with the earlier summary.

use tau_protocol::session::SessionEntry;
use tau_protocol::AgentMessage;
use tau_session::{ProjectedEntry, SessionTree};

use super::cut_point::find_cut_point;
use super::file_ops::FileOps;
use super::tokens::estimate_projected_context_tokens;

/// A planned compaction.
#[derive(Debug, Clone, PartialEq)]
pub struct Preparation {
    /// The entry the kept context starts at.
    pub first_kept_entry_id: String,
    /// Whole user-message spans to summarise (the history).
    pub messages_to_summarise: Vec<AgentMessage>,
    /// With a split turn, the start of the span the cut falls in.
    pub turn_prefix_messages: Vec<AgentMessage>,
    /// True when the cut falls inside a user-message span.
    pub is_split_turn: bool,
    /// Context tokens before compacting.
    pub tokens_before: u64,
    /// The summary of the previous compaction, to be updated.
    pub previous_summary: Option<String>,
    /// Files read and changed, including those the previous compaction recorded.
    pub file_ops: FileOps,
}

/// Non-system messages of an entry; a compaction's checkpoint and summary are carried by
/// `previous_summary` instead.
fn messages_for_compaction(entry: &ProjectedEntry<'_>) -> Vec<AgentMessage> {
    if matches!(entry.source, SessionEntry::Compaction(_)) {
        return Vec::new();
    }
    entry
        .messages
        .iter()
        .filter(|message| message.role() != "system")
        .cloned()
        .collect()
}

/// Plans a compaction of the context at the current leaf that keeps about
/// `keep_recent_tokens`; `None` when there is nothing to summarise or the leaf is a
/// compaction already.
pub fn prepare_compaction(tree: &SessionTree, keep_recent_tokens: u64) -> Option<Preparation> {
    let branch = tree.active_branch();
    if matches!(branch.last(), Some(SessionEntry::Compaction(_))) {
        return None;
    }
    let projection = tree.build_session_projection();
    let entries = &projection.entries;
    // Only the newest compaction contributes messages; it is projected first.
    let previous = entries.iter().position(|entry| {
        matches!(entry.source, SessionEntry::Compaction(_)) && !entry.messages.is_empty()
    });
    let previous_entry = previous.and_then(|index| match entries[index].source {
        SessionEntry::Compaction(compaction) => Some(compaction.as_ref()),
        _ => None,
    });
    let boundary_start = previous.map_or(0, |index| index + 1);
    let tokens_before = estimate_projected_context_tokens(&projection, &branch).tokens;
    let cut = find_cut_point(entries, boundary_start, entries.len(), keep_recent_tokens);
    let first_kept_entry_id = entries.get(cut.first_kept_index)?.source.id()?.to_string();
    let history_end = match (cut.is_split_turn, cut.turn_start_index) {
        (true, Some(turn_start)) => turn_start,
        _ => cut.first_kept_index,
    };
    let span = |from: usize, to: usize| -> Vec<AgentMessage> {
        entries
            .get(from..to)
            .unwrap_or_default()
            .iter()
            .flat_map(messages_for_compaction)
            .collect()
    };
    let messages_to_summarise = span(boundary_start, history_end);
    let turn_prefix_messages = if cut.is_split_turn {
        span(history_end, cut.first_kept_index)
    } else {
        Vec::new()
    };
    if messages_to_summarise.is_empty() && turn_prefix_messages.is_empty() {
        return None;
    }
    let mut file_ops = FileOps::default();
    if let Some(previous) = previous_entry {
        file_ops.add_previous(previous);
    }
    messages_to_summarise
        .iter()
        .chain(&turn_prefix_messages)
        .for_each(|message| file_ops.add_message(message));
    Some(Preparation {
        first_kept_entry_id,
        messages_to_summarise,
        turn_prefix_messages,
        is_split_turn: cut.is_split_turn,
        tokens_before,
        previous_summary: previous_entry.map(|entry| entry.summary.clone()),
        file_ops,
    })
}

#[cfg(test)]
#[path = "prepare_tests.rs"]
mod tests;
