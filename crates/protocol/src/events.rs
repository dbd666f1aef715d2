//! Events of the agent loop and of the provider stream, shaped as Pi's json mode writes them
//! (docs/json.md).
//!
//! `AssistantMessageEvent` is the wire form: it never carries the cumulative `partial`
//! snapshot Pi's SDK events have, so a stream stays linear in size. Whoever needs the partial
//! message rebuilds it from the deltas.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::messages::{
    AgentMessage, AssistantMessage, StopReason, ToolCall, ToolResultMessage, Usage,
};
use crate::tools::ToolResult;

/// One step of a streamed assistant response.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(
    tag = "type",
    rename_all = "snake_case",
    rename_all_fields = "camelCase"
)]
pub enum AssistantMessageEvent {
    /// The stream started; `partial` holds the empty message with its api/provider/model.
    /// It becomes a `message_start` event and is never written as a `message_update`.
    Start {
        /// The message as it starts.
        #[serde(skip)]
        partial: Box<AssistantMessage>,
    },
    /// A text block opened at `content_index`.
    TextStart {
        /// Index into the message's content.
        content_index: usize,
    },
    /// Text appended to the block.
    TextDelta {
        /// Index into the message's content.
        content_index: usize,
        /// The appended text.
        delta: String,
    },
    /// The text block closed with its authoritative content.
    TextEnd {
        /// Index into the message's content.
        content_index: usize,
        /// The whole text of the block.
        content: String,
    },
    /// A thinking block opened.
    ThinkingStart {
        /// Index into the message's content.
        content_index: usize,
    },
    /// Thinking appended to the block.
    ThinkingDelta {
        /// Index into the message's content.
        content_index: usize,
        /// The appended thinking.
        delta: String,
    },
    /// The thinking block closed.
    ThinkingEnd {
        /// Index into the message's content.
        content_index: usize,
        /// The whole thinking of the block.
        content: String,
    },
    /// A tool-call block opened.
    #[serde(rename = "toolcall_start")]
    ToolCallStart {
        /// Index into the message's content.
        content_index: usize,
        /// The call id.
        id: String,
        /// The tool's name.
        tool_name: String,
    },
    /// Serialized argument JSON appended.
    #[serde(rename = "toolcall_delta")]
    ToolCallDelta {
        /// Index into the message's content.
        content_index: usize,
        /// The appended argument text.
        delta: String,
    },
    /// The tool call is complete.
    #[serde(rename = "toolcall_end")]
    ToolCallEnd {
        /// Index into the message's content.
        content_index: usize,
        /// The complete call, written with its `"type": "toolCall"` tag as Pi writes it.
        #[serde(with = "tagged_tool_call")]
        tool_call: ToolCall,
    },
    /// The stream finished normally.
    Done {
        /// stop, length, toolUse or deferred.
        reason: StopReason,
        /// The final message.
        message: AssistantMessage,
    },
    /// The stream ended with an error or abort; the message says which.
    Error {
        /// error or aborted.
        reason: StopReason,
        /// The final message, with `errorMessage` set.
        error: AssistantMessage,
    },
}

/// A tool call written as a content block (`{"type":"toolCall",...}`), as Pi's
/// `toolcall_end` event carries it.
mod tagged_tool_call {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use crate::messages::{ContentBlock, ToolCall};

    pub fn serialize<S: Serializer>(call: &ToolCall, serializer: S) -> Result<S::Ok, S::Error> {
        ContentBlock::ToolCall(call.clone()).serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<ToolCall, D::Error> {
        match ContentBlock::deserialize(deserializer)? {
            ContentBlock::ToolCall(call) => Ok(call),
            other => Err(serde::de::Error::custom(format!(
                "expected a toolCall block, got {other:?}"
            ))),
        }
    }
}

/// Why a compaction ran.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CompactionReason {
    /// `/compact` (or another explicit request).
    Manual,
    /// The context grew past the context window minus the reserve.
    Threshold,
    /// The provider reported a context overflow (or cut an answer short).
    Overflow,
}

/// What a successful compaction produced, as `compaction_end` carries it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CompactionResult {
    /// The summary now standing in for the compacted history.
    pub summary: String,
    /// First entry kept verbatim after the summary.
    pub first_kept_entry_id: String,
    /// Context tokens before compacting.
    pub tokens_before: u64,
    /// Estimated context tokens of the rebuilt context.
    pub estimated_tokens_after: u64,
    /// Usage of the summarising request(s).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub usage: Option<Usage>,
    /// Implementation data: `{readFiles, modifiedFiles}` for tau's own summaries.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub details: Option<Value>,
}

/// Events of one session-level run, in the order Pi emits them.
///
/// Serialises to the records of Pi's json mode. `MessageUpdate` carries the event and the
/// running usage only (Pi's wire form), not the partial message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(
    tag = "type",
    rename_all = "snake_case",
    rename_all_fields = "camelCase"
)]
pub enum AgentEvent {
    /// A low-level agent run started.
    AgentStart,
    /// That run ended; `messages` are the messages it produced.
    AgentEnd {
        /// Messages the run produced, its prompts included.
        messages: Vec<AgentMessage>,
        /// True when an automatic retry follows.
        will_retry: bool,
    },
    /// No automatic work remains for this session-level run.
    AgentSettled {
        /// True when the run ended because it was aborted.
        aborted: bool,
    },
    /// One assistant turn started.
    TurnStart,
    /// One assistant response and its tool results finished.
    TurnEnd {
        /// The assistant message of the turn.
        message: AgentMessage,
        /// Results of the turn's tool calls, in call order.
        tool_results: Vec<AgentMessage>,
    },
    /// A message started.
    MessageStart {
        /// The message (for an assistant, the empty pending message).
        message: AgentMessage,
    },
    /// An assistant message received a content update.
    MessageUpdate {
        /// Latest cumulative usage of the response.
        usage: Usage,
        /// What changed.
        assistant_message_event: AssistantMessageEvent,
    },
    /// A message completed; this is the authoritative message.
    MessageEnd {
        /// The final message.
        message: AgentMessage,
    },
    /// A tool started running.
    ToolExecutionStart {
        /// The call id.
        tool_call_id: String,
        /// The tool's name.
        tool_name: String,
        /// The call's arguments.
        args: Value,
    },
    /// A tool reported a partial result.
    ToolExecutionUpdate {
        /// The call id.
        tool_call_id: String,
        /// The tool's name.
        tool_name: String,
        /// The call's arguments.
        args: Value,
        /// The latest partial result.
        partial_result: ToolResult,
    },
    /// A tool finished.
    ToolExecutionEnd {
        /// The call id.
        tool_call_id: String,
        /// The tool's name.
        tool_name: String,
        /// The final result after hooks.
        result: ToolResult,
        /// True when the call failed.
        is_error: bool,
        /// How long `execute` took; absent when the tool did not run.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        duration_ms: Option<u64>,
    },
    /// A failed response will be retried after `delay_ms` (Pi's session-level retry).
    AutoRetryStart {
        /// 1-based retry number.
        attempt: u32,
        /// Retries allowed in all.
        max_attempts: u32,
        /// Wait before the retry.
        delay_ms: u64,
        /// Why the last attempt failed.
        error_message: String,
    },
    /// Retrying ended: the retried response succeeded, or the retries ran out.
    AutoRetryEnd {
        /// True when a retry produced a response.
        success: bool,
        /// The last retry number.
        attempt: u32,
        /// The last error, when retries ran out.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        final_error: Option<String>,
    },
    /// A failed summary request (compaction or branch summary) is sent again after
    /// `delay_ms` (Pi's `summarization_retry_scheduled`).
    SummarizationRetryScheduled {
        /// 1-based retry number.
        attempt: u32,
        /// Retries allowed in all.
        max_attempts: u32,
        /// Wait before the retry.
        delay_ms: u64,
        /// Why the last attempt failed.
        error_message: String,
    },
    /// The retried summary request starts.
    SummarizationRetryAttemptStart {
        /// `compaction` or `branchSummary`.
        source: String,
        /// Why the compaction runs; absent for a branch summary.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<CompactionReason>,
    },
    /// Retrying the summary request ended (success, retries used up, or aborted).
    SummarizationRetryFinished,
    /// An entry other than a message was appended to the session (a context edit when a
    /// failed response is retried, an extension's custom entry).
    EntryAppended {
        /// The entry as written.
        entry: crate::session::SessionEntry,
    },
    /// Compaction began (Pi's `compaction_start`).
    CompactionStart {
        /// What started it.
        reason: CompactionReason,
    },
    /// Compaction finished, failed or was aborted (Pi's `compaction_end`).
    CompactionEnd {
        /// What started it.
        reason: CompactionReason,
        /// What it produced; absent when it failed or was aborted.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        result: Option<Box<CompactionResult>>,
        /// True when it was cancelled.
        aborted: bool,
        /// True when the failed run is retried now (successful overflow recovery).
        will_retry: bool,
        /// Why it failed; absent on success and on abort.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        error_message: Option<String>,
    },
    /// The steering or follow-up queue changed; both fields hold the whole queue.
    QueueUpdate {
        /// Pending steering messages' text.
        steering: Vec<String>,
        /// Pending follow-up messages' text.
        follow_up: Vec<String>,
    },
}

impl AgentEvent {
    /// The `type` tag as written on the wire.
    pub fn type_name(&self) -> &'static str {
        match self {
            AgentEvent::AgentStart => "agent_start",
            AgentEvent::AgentEnd { .. } => "agent_end",
            AgentEvent::AgentSettled { .. } => "agent_settled",
            AgentEvent::TurnStart => "turn_start",
            AgentEvent::TurnEnd { .. } => "turn_end",
            AgentEvent::MessageStart { .. } => "message_start",
            AgentEvent::MessageUpdate { .. } => "message_update",
            AgentEvent::MessageEnd { .. } => "message_end",
            AgentEvent::ToolExecutionStart { .. } => "tool_execution_start",
            AgentEvent::ToolExecutionUpdate { .. } => "tool_execution_update",
            AgentEvent::ToolExecutionEnd { .. } => "tool_execution_end",
            AgentEvent::AutoRetryStart { .. } => "auto_retry_start",
            AgentEvent::AutoRetryEnd { .. } => "auto_retry_end",
            AgentEvent::SummarizationRetryScheduled { .. } => "summarization_retry_scheduled",
            AgentEvent::SummarizationRetryAttemptStart { .. } => {
                "summarization_retry_attempt_start"
            }
            AgentEvent::SummarizationRetryFinished => "summarization_retry_finished",
            AgentEvent::EntryAppended { .. } => "entry_appended",
            AgentEvent::CompactionStart { .. } => "compaction_start",
            AgentEvent::CompactionEnd { .. } => "compaction_end",
            AgentEvent::QueueUpdate { .. } => "queue_update",
        }
    }
}

/// Convenience: a turn-end payload from typed messages.
pub fn turn_end(message: &AssistantMessage, tool_results: &[ToolResultMessage]) -> AgentEvent {
    AgentEvent::TurnEnd {
        message: AgentMessage::Assistant(message.clone()),
        tool_results: tool_results
            .iter()
            .cloned()
            .map(AgentMessage::ToolResult)
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn compaction_events_have_pis_shape() {
        let start = AgentEvent::CompactionStart {
            reason: CompactionReason::Threshold,
        };
        assert_eq!(
            serde_json::to_value(&start).unwrap(),
            json!({"type": "compaction_start", "reason": "threshold"})
        );
        let end = AgentEvent::CompactionEnd {
            reason: CompactionReason::Overflow,
            result: Some(Box::new(CompactionResult {
                summary: "s".into(),
                first_kept_entry_id: "abc".into(),
                tokens_before: 150,
                estimated_tokens_after: 32,
                usage: None,
                details: Some(json!({"readFiles": [], "modifiedFiles": []})),
            })),
            aborted: false,
            will_retry: true,
            error_message: None,
        };
        let text = serde_json::to_string(&end).unwrap();
        assert_eq!(
            text,
            r#"{"type":"compaction_end","reason":"overflow","result":{"summary":"s","firstKeptEntryId":"abc","tokensBefore":150,"estimatedTokensAfter":32,"details":{"readFiles":[],"modifiedFiles":[]}},"aborted":false,"willRetry":true}"#
        );
        let failed = AgentEvent::CompactionEnd {
            reason: CompactionReason::Manual,
            result: None,
            aborted: false,
            will_retry: false,
            error_message: Some("Compaction failed: boom".into()),
        };
        let value = serde_json::to_value(&failed).unwrap();
        assert_eq!(
            value,
            json!({"type": "compaction_end", "reason": "manual", "aborted": false,
                   "willRetry": false, "errorMessage": "Compaction failed: boom"})
        );
        assert_eq!(serde_json::from_value::<AgentEvent>(value).unwrap(), failed);
        assert_eq!(failed.type_name(), "compaction_end");
    }
}
