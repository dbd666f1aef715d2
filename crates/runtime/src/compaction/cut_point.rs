//! Where a compaction cuts the projected context (Pi's `findProjectedCutPoint`): walk back from
//! the newest entry adding up estimated tokens until `keepRecentTokens` is reached, then cut at
//! the nearest valid cut point at or after that entry.
//!
//! Valid cut points are entries contributing a user, assistant, bash-execution, custom,
//! branch-summary or compaction-summary message: never a tool result, which must stay with the
//! assistant message that called it. A cut at an assistant message splits its user-message
//! span ("split turn"); the span's start is reported so the prefix can be summarised apart.

use tau_protocol::session::SessionEntry;
use tau_protocol::AgentMessage;
use tau_session::{entry_to_context_messages, ProjectedEntry};

use super::tokens::estimate_tokens;

/// The chosen cut.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CutPoint {
    /// Index of the first entry kept verbatim.
    pub first_kept_index: usize,
    /// Index of the entry that starts the split user-message span, when the cut splits one.
    pub turn_start_index: Option<usize>,
    /// True when the cut lands inside a user-message span (at an assistant message).
    pub is_split_turn: bool,
}

fn is_cut_point_message(message: &AgentMessage) -> bool {
    match message {
        AgentMessage::User(_)
        | AgentMessage::Assistant(_)
        | AgentMessage::BashExecution(_)
        | AgentMessage::Custom(_)
        | AgentMessage::BranchSummary(_)
        | AgentMessage::CompactionSummary(_) => true,
        AgentMessage::ToolResult(_) | AgentMessage::Other(_) => false,
    }
}

fn is_turn_start_message(message: &AgentMessage) -> bool {
    match message {
        AgentMessage::User(_)
        | AgentMessage::BashExecution(_)
        | AgentMessage::Custom(_)
        | AgentMessage::BranchSummary(_)
        | AgentMessage::CompactionSummary(_) => true,
        AgentMessage::Assistant(_) | AgentMessage::ToolResult(_) | AgentMessage::Other(_) => false,
    }
}

fn is_compaction(entry: &ProjectedEntry<'_>) -> bool {
    matches!(entry.source, SessionEntry::Compaction(_))
}

fn is_turn_start(entry: &ProjectedEntry<'_>) -> bool {
    !is_compaction(entry) && entry.messages.iter().any(is_turn_start_message)
}

fn find_turn_start(entries: &[ProjectedEntry<'_>], from: usize, start: usize) -> Option<usize> {
    (start..=from).rev().find(|&i| is_turn_start(&entries[i]))
}

/// An entry that contributes to context by itself (before edits); context edits never do.
fn intrinsically_visible(entry: &ProjectedEntry<'_>) -> bool {
    !matches!(entry.source, SessionEntry::ContextEdit(_))
        && !entry_to_context_messages(entry.source).is_empty()
}

/// Visible by itself but omitted by a context edit.
fn omitted(entry: &ProjectedEntry<'_>) -> bool {
    intrinsically_visible(entry) && entry.messages.is_empty()
}

/// Whether everything after the cut is a recovery attempt the context already omits (an
/// omitted assistant answer and its omission edits). Pi then moves the cut past it, so an
/// over-budget input is summarised while the edits that hide the abandoned answer stay.
fn is_recovery_omission_suffix(suffix: &[ProjectedEntry<'_>]) -> bool {
    let omitted_ids: Vec<&str> = suffix
        .iter()
        .filter(|entry| omitted(entry))
        .filter_map(|entry| entry.source.id())
        .collect();
    let external_replacement = suffix.iter().any(|entry| match entry.source {
        SessionEntry::ContextEdit(edit) => {
            edit.replacement.is_some() && !omitted_ids.contains(&edit.target_id.as_str())
        }
        _ => false,
    });
    let omitted_assistant = suffix.iter().any(|entry| {
        matches!(entry.source.message(), Some(AgentMessage::Assistant(_))) && omitted(entry)
    });
    let all_hidden = suffix
        .iter()
        .all(|entry| !is_compaction(entry) && (!intrinsically_visible(entry) || omitted(entry)));
    !external_replacement && omitted_assistant && all_hidden
}

/// The cut for `entries[start..end]` that keeps about `keep_recent_tokens` of the newest
/// context.
pub fn find_cut_point(
    entries: &[ProjectedEntry<'_>],
    start: usize,
    end: usize,
    keep_recent_tokens: u64,
) -> CutPoint {
    let end = end.min(entries.len());
    let cut_points: Vec<usize> = (start..end)
        .filter(|&i| {
            !is_compaction(&entries[i]) && entries[i].messages.iter().any(is_cut_point_message)
        })
        .collect();
    let (Some(&first), Some(&last)) = (cut_points.first(), cut_points.last()) else {
        return CutPoint {
            first_kept_index: start,
            turn_start_index: None,
            is_split_turn: false,
        };
    };
    let mut accumulated = 0u64;
    let mut exceeded = false;
    let mut cut = first;
    for i in (start..end).rev() {
        let tokens: u64 = entries[i].messages.iter().map(estimate_tokens).sum();
        if tokens == 0 {
            continue;
        }
        accumulated += tokens;
        if accumulated >= keep_recent_tokens {
            exceeded = true;
            // The closest cut point at or after this entry; trailing tool results that alone
            // exceed the budget keep the assistant message that called them.
            cut = cut_points
                .iter()
                .copied()
                .find(|&candidate| candidate >= i)
                .unwrap_or(last);
            break;
        }
    }
    if exceeded && cut + 1 < end && is_recovery_omission_suffix(&entries[cut + 1..end]) {
        cut += 1;
    }
    // Keep the metadata entries (model changes, labels, ...) right before the cut with it.
    while cut > start {
        let previous = &entries[cut - 1];
        if is_compaction(previous) || !previous.messages.is_empty() {
            break;
        }
        cut -= 1;
    }
    let starts_turn = entries.get(cut).is_some_and(is_turn_start);
    let turn_start_index = if starts_turn || cut >= entries.len() {
        None
    } else {
        find_turn_start(entries, cut, start)
    };
    CutPoint {
        first_kept_index: cut,
        turn_start_index,
        is_split_turn: !starts_turn && turn_start_index.is_some(),
    }
}

#[cfg(test)]
#[path = "cut_point_tests.rs"]
mod tests;
