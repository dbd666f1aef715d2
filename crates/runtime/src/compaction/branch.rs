//! Branch summaries (Pi's `generateBranchSummary`, docs/sessions.md "Branch summaries"): when
//! the user leaves a branch in `/tree` and asks for a summary, the entries between the old
//! leaf and the common ancestor are condensed by the model so the context where the user lands
//! still knows what was tried.
//!
//! Pi's rules kept here: tool results are left out (the assistant's tool calls carry them);
//! the newest messages win when the branch does not fit `contextWindow - reserveTokens`, an
//! older compaction or branch summary still squeezes in while under 90% of the budget; the
//! latest context edit of each entry applies; files touched accumulate from earlier
//! tau/Pi-written branch summaries. The wording of the request is tau's own.

use tau_agent::AgentConfig;
use tau_protocol::session::{ContextEditEntry, SessionEntry};
use tau_protocol::AgentMessage;
use tau_session::project_context_entry;
use tokio_util::sync::CancellationToken;

use super::error::CompactionError;
use super::file_ops::FileOps;
use super::retry::SummaryRetry;
use super::summarize::{request, transcript, Summary, EXACTNESS};
use super::tokens::estimate_tokens;

/// Put in front of the model's summary, so the model reading it later knows where it came from.
const PREAMBLE: &str = "Before coming back to this point, the user explored another branch \
of the conversation. What happened there:\n\n";

/// What the model is asked for (the sections Pi documents for branch summaries).
fn instructions() -> String {
    format!(
        "The transcript in <conversation> is a branch of the session that the user is leaving. \
Summarise it so the work can be picked up again from another point of the session. Use \
exactly this structure:

## Goal
[What the user wanted from this branch]

## Constraints & Preferences
- [Requirements and preferences the user stated, or \"(none)\"]

## Progress
### Done
- [x] [Finished tasks and changes]

### In Progress
- [ ] [Work started but not finished]

### Blocked
- [Open problems, if any]

## Key Decisions
- **[Decision]**: [Why it was made]

## Next Steps
1. [What to do next to carry on]

{EXACTNESS}"
    )
}

/// What a branch holds for its summary: its messages (oldest first) within the budget and
/// the files it touched.
#[derive(Debug, Default)]
pub struct BranchContent {
    /// Messages to summarise, oldest first.
    pub messages: Vec<AgentMessage>,
    /// Files read and changed, with those of earlier branch summaries.
    pub file_ops: FileOps,
}

/// The messages of `entries` (chronological) that fit `token_budget` (0: no limit).
pub fn prepare_branch(entries: &[SessionEntry], token_budget: u64) -> BranchContent {
    let mut content = BranchContent::default();
    for entry in entries {
        if let SessionEntry::BranchSummary(summary) = entry {
            if summary.from_hook != Some(true) {
                if let Some(details) = &summary.details {
                    content.file_ops.add_details(details);
                }
            }
        }
    }
    let latest_edit = |id: Option<&str>| -> Option<&ContextEditEntry> {
        entries.iter().rev().find_map(|entry| match entry {
            SessionEntry::ContextEdit(edit) if Some(edit.target_id.as_str()) == id => Some(edit),
            _ => None,
        })
    };
    let mut total = 0;
    for entry in entries.iter().rev() {
        let message = match entry {
            SessionEntry::Message(message)
                if matches!(message.message, AgentMessage::ToolResult(_)) =>
            {
                continue
            }
            SessionEntry::Message(_)
            | SessionEntry::CustomMessage(_)
            | SessionEntry::BranchSummary(_)
            | SessionEntry::Compaction(_) => project_context_entry(entry, latest_edit(entry.id()))
                .into_iter()
                .rfind(|message| message.role() != "system"),
            SessionEntry::ModelChange(_)
            | SessionEntry::ThinkingLevelChange(_)
            | SessionEntry::Usage(_)
            | SessionEntry::ContextEdit(_)
            | SessionEntry::Custom(_)
            | SessionEntry::Label(_)
            | SessionEntry::SessionInfo(_)
            | SessionEntry::Unknown(_) => None,
        };
        let Some(message) = message else { continue };
        content.file_ops.add_message(&message);
        let tokens = estimate_tokens(&message);
        if token_budget > 0 && total + tokens > token_budget {
            let summary = matches!(
                entry,
                SessionEntry::Compaction(_) | SessionEntry::BranchSummary(_)
            );
            // A summary is dense context: it still goes in while the budget is not nearly used.
            if summary && (total as f64) < token_budget as f64 * 0.9 {
                content.messages.insert(0, message);
            }
            break;
        }
        content.messages.insert(0, message);
        total += tokens;
    }
    content
}

/// Asks the model for the summary of the branch `entries` (chronological), with `custom` as
/// extra focus or, when `replace`, as the whole instruction.
pub async fn summarise_branch(
    entries: &[SessionEntry],
    custom: Option<&str>,
    replace: bool,
    reserve_tokens: u64,
    config: &AgentConfig,
    cancel: &CancellationToken,
    retry: &SummaryRetry,
) -> Result<Summary, CompactionError> {
    let window = match config.model.context_window {
        0 => 128_000,
        window => window,
    };
    let content = prepare_branch(entries, window.saturating_sub(reserve_tokens));
    let (read, modified) = content.file_ops.lists();
    let details = serde_json::json!({ "readFiles": read, "modifiedFiles": modified });
    if content.messages.is_empty() {
        return Ok(Summary {
            summary: "No content to summarize".into(),
            usage: None,
            details,
        });
    }
    let custom = custom.filter(|text| !text.trim().is_empty());
    let asked = match custom {
        Some(text) if replace => text.to_string(),
        Some(text) => format!("{}\n\nGive particular attention to: {text}", instructions()),
        None => instructions(),
    };
    let prompt = format!("{}{asked}", transcript(&content.messages));
    let (text, usage) = request(prompt, "Branch summarization", config, cancel, retry).await?;
    let summary = format!("{PREAMBLE}{text}{}", content.file_ops.summary_suffix());
    Ok(Summary {
        summary,
        usage: Some(usage),
        details,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn entry(value: serde_json::Value) -> SessionEntry {
        serde_json::from_value(value).expect("entry")
    }

    fn message(id: &str, message: serde_json::Value) -> SessionEntry {
        entry(
            json!({"type":"message","id":id,"parentId":null,"timestamp":"2026-01-01T00:00:00.000Z","message":message}),
        )
    }

    #[test]
    fn tool_results_and_bookkeeping_are_left_out_and_files_collected() {
        let entries = vec![
            message("u", json!({"role":"user","content":"fix it","timestamp":1})),
            message(
                "a",
                json!({"role":"assistant","content":[{"type":"toolCall","id":"c","name":"read","arguments":{"path":"src/x.rs"}}],"api":"x","provider":"p","model":"m","usage":{"input":0,"output":0,"cacheRead":0,"cacheWrite":0,"totalTokens":0,"cost":{"input":0,"output":0,"cacheRead":0,"cacheWrite":0,"total":0}},"stopReason":"toolUse","timestamp":2}),
            ),
            message(
                "t",
                json!({"role":"toolResult","toolCallId":"c","toolName":"read","content":[{"type":"text","text":"..."}],"isError":false,"timestamp":3}),
            ),
            entry(
                json!({"type":"label","id":"l","parentId":"t","timestamp":"2026-01-01T00:00:00.000Z","targetId":"u","label":"x"}),
            ),
            entry(
                json!({"type":"branch_summary","id":"b","parentId":"l","timestamp":"2026-01-01T00:00:00.000Z","fromId":"z","summary":"earlier","details":{"readFiles":["old.rs"],"modifiedFiles":[]}}),
            ),
        ];
        let content = prepare_branch(&entries, 0);
        let roles: Vec<&str> = content.messages.iter().map(AgentMessage::role).collect();
        assert_eq!(roles, ["user", "assistant", "branchSummary"]);
        let (read, _) = content.file_ops.lists();
        assert_eq!(read, ["old.rs", "src/x.rs"]);
    }

    #[test]
    fn the_newest_messages_win_when_the_budget_is_small() {
        let long = "word ".repeat(400);
        let entries = vec![
            message("u1", json!({"role":"user","content":long,"timestamp":1})),
            message("u2", json!({"role":"user","content":"short","timestamp":2})),
        ];
        let content = prepare_branch(&entries, 50);
        assert_eq!(content.messages.len(), 1);
        assert_eq!(content.messages[0].role(), "user");
    }
}
