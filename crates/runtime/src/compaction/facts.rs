//! What the session says about a response the runtime checks for compaction (the facts
//! Pi's `_checkCompaction` reads): whether it is still in the projected context, whether a
//! later compaction or context edit made its usage stale, and the latest compaction's time.

use tau_protocol::session::SessionEntry;
use tau_protocol::AgentMessage;
use tau_session::{iso_to_millis, SessionTree};

use super::tokens::estimate_projected_context_tokens;

/// What the session says about the response being checked.
pub(crate) struct Facts {
    /// Time of the latest compaction on the branch.
    pub(crate) latest_compaction_ms: Option<u64>,
    /// The response is part of the projected context.
    pub(crate) projected: bool,
    /// No compaction or omission has dropped the response since.
    pub(crate) retained: bool,
    /// Nothing edited the context after the response, so its usage still describes it.
    pub(crate) usage_current: bool,
    /// The projected context contains context edits.
    pub(crate) has_context_edits: bool,
    /// Estimated tokens of the projected context, when it has context edits.
    pub(crate) projected_estimate: u64,
}

impl Facts {
    /// Reads them for the response in entry `entry_id` (unknown: `None`).
    pub(crate) fn gather(tree: &SessionTree, entry_id: Option<&str>) -> Facts {
        let branch = tree.active_branch();
        let projection = tree.build_session_projection();
        let latest_compaction_ms = branch.iter().rev().find_map(|entry| match entry {
            SessionEntry::Compaction(compaction) => iso_to_millis(&compaction.timestamp),
            _ => None,
        });
        let projected = entry_id.is_none_or(|id| {
            projection.entries.iter().any(|entry| {
                entry.source.id() == Some(id)
                    && entry
                        .messages
                        .iter()
                        .any(|m| matches!(m, AgentMessage::Assistant(_)))
            })
        });
        let after: &[&SessionEntry] = entry_id
            .and_then(|id| branch.iter().position(|entry| entry.id() == Some(id)))
            .map_or(&[], |index| &branch[index + 1..]);
        let edited_after = after
            .iter()
            .any(|entry| matches!(entry, SessionEntry::ContextEdit(_)));
        let compacted_after = after
            .iter()
            .any(|entry| matches!(entry, SessionEntry::Compaction(_)));
        let latest_edit = after.iter().rev().find_map(|entry| match entry {
            SessionEntry::ContextEdit(edit) if Some(edit.target_id.as_str()) == entry_id => {
                Some(edit)
            }
            _ => None,
        });
        let has_context_edits = projection
            .entries
            .iter()
            .any(|entry| matches!(entry.source, SessionEntry::ContextEdit(_)));
        let projected_estimate = if has_context_edits {
            estimate_projected_context_tokens(&projection, &branch).tokens
        } else {
            0
        };
        Facts {
            latest_compaction_ms,
            projected,
            retained: entry_id.is_none()
                || (!compacted_after && latest_edit.is_none_or(|e| e.replacement.is_some())),
            usage_current: projected && !edited_after,
            has_context_edits,
            projected_estimate,
        }
    }
}
