//! Extensions' part in compaction (Pi's `session_before_compact`, `session_compact`,
//! `session_compact_failed`): the payloads, in Pi's shape, and what a handler's answer does.
//!
//! The runtime knows nothing of the extension bridge; the application hands it a
//! [`CompactionHooks`] that dispatches to extension handlers.

use async_trait::async_trait;
use serde_json::{json, Value};
use tau_protocol::events::CompactionReason;
use tau_protocol::session::SessionEntry;
use tau_protocol::Usage;
use tokio_util::sync::CancellationToken;

use super::{CompactionBudget, Preparation};

/// Where the runtime asks extensions about a compaction.
#[async_trait]
pub trait CompactionHooks: Send + Sync {
    /// Whether any handler listens to `event` (Pi builds the payloads only then).
    fn handles(&self, event: &str) -> bool;

    /// Runs `session_before_compact` handlers (last non-empty answer kept, `cancel: true`
    /// decides at once). `cancel` fires when the compaction is aborted: the handlers' `signal`
    /// aborts with it.
    async fn before_compact(&self, event: Value, cancel: &CancellationToken) -> Option<Value>;

    /// Delivers a notification (`session_compact`, `session_compact_failed`).
    async fn notify(&self, event: Value);
}

/// What an extension's `session_before_compact` answer decided.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Decision {
    /// No answer that changes anything: tau writes the summary.
    Default,
    /// `cancel: true`: the compaction stops as aborted.
    Cancel,
    /// `compaction: {...}`: recorded instead of tau's summary.
    Replace(Box<ExtensionCompaction>),
}

/// A compaction an extension supplied (Pi's `CompactionResult` fields it reads).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ExtensionCompaction {
    pub(crate) summary: String,
    pub(crate) first_kept_entry_id: Option<String>,
    pub(crate) tokens_before: u64,
    pub(crate) usage: Option<Usage>,
    pub(crate) details: Option<Value>,
}

impl Decision {
    /// Reads a handler's answer as Pi does: `cancel` first, then a `compaction` object.
    pub(crate) fn from_answer(answer: Option<&Value>, preparation: &Preparation) -> Decision {
        let Some(answer) = answer else {
            return Decision::Default;
        };
        if answer.get("cancel").and_then(Value::as_bool) == Some(true) {
            return Decision::Cancel;
        }
        let Some(compaction) = answer.get("compaction").filter(|c| c.is_object()) else {
            return Decision::Default;
        };
        let text = |key: &str| compaction.get(key).and_then(Value::as_str);
        Decision::Replace(Box::new(ExtensionCompaction {
            summary: text("summary").unwrap_or_default().to_string(),
            first_kept_entry_id: text("firstKeptEntryId").map(str::to_string),
            // Pi records what the extension returned; a missing count falls back to the
            // measured one rather than a zero that would skew the statistics.
            tokens_before: compaction
                .get("tokensBefore")
                .and_then(Value::as_u64)
                .unwrap_or(preparation.tokens_before),
            usage: compaction
                .get("usage")
                .and_then(|usage| serde_json::from_value(usage.clone()).ok()),
            details: compaction.get("details").filter(|d| !d.is_null()).cloned(),
        }))
    }
}

fn reason_name(reason: CompactionReason) -> &'static str {
    match reason {
        CompactionReason::Manual => "manual",
        CompactionReason::Threshold => "threshold",
        CompactionReason::Overflow => "overflow",
    }
}

/// Pi's `CompactionPreparation`. `fileOps` holds arrays here; the extension host turns them
/// back into the `Set`s Pi hands handlers.
pub(crate) fn preparation_json(preparation: &Preparation, budget: &CompactionBudget) -> Value {
    let ops = &preparation.file_ops;
    json!({
        "firstKeptEntryId": preparation.first_kept_entry_id,
        "messagesToSummarize": preparation.messages_to_summarise,
        "turnPrefixMessages": preparation.turn_prefix_messages,
        "isSplitTurn": preparation.is_split_turn,
        "tokensBefore": preparation.tokens_before,
        "previousSummary": preparation.previous_summary,
        "fileOps": {"read": ops.read, "written": ops.written, "edited": ops.edited},
        "settings": {
            "enabled": budget.enabled,
            "reserveTokens": budget.reserve_tokens,
            "keepRecentTokens": budget.keep_recent_tokens,
        },
    })
}

/// The `session_before_compact` event. `signal` is a placeholder the host replaces with the
/// request's `AbortSignal`.
pub(crate) fn before_compact_event(
    preparation: Value,
    branch: &[SessionEntry],
    instructions: Option<&str>,
    reason: CompactionReason,
    will_retry: bool,
) -> Value {
    json!({
        "type": "session_before_compact",
        "preparation": preparation,
        "branchEntries": branch,
        "customInstructions": instructions,
        "reason": reason_name(reason),
        "willRetry": will_retry,
        "signal": {},
    })
}

/// The `session_compact` event after `entry` was saved.
pub(crate) fn compacted_event(
    entry: &SessionEntry,
    from_extension: bool,
    reason: CompactionReason,
    will_retry: bool,
) -> Value {
    json!({
        "type": "session_compact",
        "compactionEntry": entry,
        "fromExtension": from_extension,
        "reason": reason_name(reason),
        "willRetry": will_retry,
    })
}

/// The `session_compact_failed` event; `errorMessage` is null for an abort (the host makes
/// it undefined, as Pi leaves it).
pub(crate) fn failed_event(
    reason: CompactionReason,
    error_message: Option<&str>,
    aborted: bool,
    from_extension: bool,
) -> Value {
    json!({
        "type": "session_compact_failed",
        "reason": reason_name(reason),
        "errorMessage": error_message,
        "aborted": aborted,
        // Pi reports a failed compaction as not retried, whatever it was meant for.
        "willRetry": false,
        "fromExtension": from_extension,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn preparation() -> Preparation {
        Preparation {
            first_kept_entry_id: "k1".into(),
            messages_to_summarise: Vec::new(),
            turn_prefix_messages: Vec::new(),
            is_split_turn: false,
            tokens_before: 1234,
            previous_summary: None,
            file_ops: Default::default(),
        }
    }

    #[test]
    fn answers_read_as_pi_reads_them() {
        let prep = preparation();
        assert_eq!(Decision::from_answer(None, &prep), Decision::Default);
        assert_eq!(
            Decision::from_answer(Some(&json!({"cancel": true, "compaction": {}})), &prep),
            Decision::Cancel
        );
        assert_eq!(
            Decision::from_answer(Some(&json!({"cancel": false})), &prep),
            Decision::Default
        );
        let replaced = Decision::from_answer(
            Some(
                &json!({"compaction": {"summary": "S", "firstKeptEntryId": "e9",
                "details": {"x": 1}}}),
            ),
            &prep,
        );
        assert_eq!(
            replaced,
            Decision::Replace(Box::new(ExtensionCompaction {
                summary: "S".into(),
                first_kept_entry_id: Some("e9".into()),
                tokens_before: 1234,
                usage: None,
                details: Some(json!({"x": 1})),
            }))
        );
    }

    #[test]
    fn payloads_carry_pis_keys() {
        let budget = CompactionBudget {
            enabled: true,
            reserve_tokens: 16384,
            keep_recent_tokens: 20000,
        };
        let prep = preparation_json(&preparation(), &budget);
        let keys: Vec<&str> = prep
            .as_object()
            .map(|o| o.keys().map(String::as_str).collect())
            .unwrap_or_default();
        assert_eq!(
            keys,
            [
                "firstKeptEntryId",
                "messagesToSummarize",
                "turnPrefixMessages",
                "isSplitTurn",
                "tokensBefore",
                "previousSummary",
                "fileOps",
                "settings"
            ]
        );
        let failed = failed_event(CompactionReason::Threshold, None, true, false);
        assert_eq!(failed["errorMessage"], Value::Null);
        assert_eq!(failed["reason"], "threshold");
        let failed = failed_event(CompactionReason::Manual, Some("boom"), false, true);
        assert_eq!(failed["errorMessage"], "boom");
        assert_eq!(failed["fromExtension"], true);
    }
}
