//! The runtime's side of compaction (Pi's `AgentSession.compact`, `_checkCompaction` and
//! `_runAutoCompaction`): when to compact, the events, the session entry and the rebuilt
//! model context. A child module of `runtime.rs`, so it works on the runtime's state directly.
//!
//! Event order, as Pi emits it:
//! - manual (`/compact`): `compaction_start`, `compaction_end`; no agent events.
//! - threshold, after a run: ... `agent_end`, `compaction_start`, `compaction_end`,
//!   `agent_settled`.
//! - before a prompt on a session already over the threshold: `compaction_start`,
//!   `compaction_end`, then the run's `agent_start`.
//! - overflow: ... `agent_end` (`willRetry: false`), `entry_appended` (the context edit that
//!   omits the failed answer), `compaction_start`, `compaction_end` (`willRetry: true`), then
//!   the retried run from `agent_start` to `agent_end`, then `agent_settled`.
//!
//! A failure ends with `compaction_end` carrying `errorMessage` and the run goes on; an abort
//! with `aborted: true`. Automatic compaction emits nothing when there is nothing to compact.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use tau_agent::AgentHooks as _;

use tau_protocol::events::{CompactionReason, CompactionResult};
use tau_protocol::session::SessionEntry;
use tau_protocol::{AgentEvent, AgentMessage, AssistantMessage, StopReason};
use tau_provider::retry::is_context_overflow;
use tau_session::NewCompaction;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::{lock, Runtime};
use crate::compaction::facts::Facts;
use crate::compaction::hooks::{
    before_compact_event, compacted_event, failed_event, preparation_json, CompactionHooks,
    Decision, ExtensionCompaction,
};
use crate::compaction::retry::SummaryRetry;
use crate::compaction::summarize::{summarise, Summary};
use crate::compaction::tokens::{
    calculate_context_tokens, estimate_context_tokens, estimate_tokens, should_compact,
};
use crate::compaction::{
    prepare_compaction, CompactionBudget, CompactionError, CompactionSettings, Preparation,
};

const OVERFLOW_RETRY_FAILED: &str = "Context overflow recovery failed after one compact-and-retry attempt. Try reducing context or switching to a larger-context model.";
const LENGTH_RETRY_FAILED: &str =
    "Truncated response recovery failed after one compact-and-retry attempt.";

fn last_assistant(messages: &[AgentMessage]) -> Option<&AssistantMessage> {
    messages.iter().rev().find_map(|message| match message {
        AgentMessage::Assistant(assistant) => Some(assistant),
        _ => None,
    })
}

impl Runtime {
    /// Sets the `compaction` settings (default: Pi's defaults).
    pub fn with_compaction(mut self, settings: CompactionSettings) -> Self {
        self.compaction.settings = settings;
        self
    }

    /// Lets extensions take part in compaction (`session_before_compact`, …).
    pub fn with_compaction_hooks(mut self, hooks: Arc<dyn CompactionHooks>) -> Self {
        self.compaction.hooks = Some(hooks);
        self
    }

    fn budget(&self) -> CompactionBudget {
        let model = &self.config().model;
        self.compaction.settings.budget(&model.provider, &model.id)
    }

    /// The abort token for new work: the current one unless it was used up.
    fn live_cancel(&self) -> CancellationToken {
        let mut current = lock(&self.cancel);
        if current.is_cancelled() {
            *current = CancellationToken::new();
        }
        current.clone()
    }

    /// Compacts the session now (Pi's `compact`, behind `/compact [instructions]`), with
    /// `instructions` as an extra focus for the summary. Emits `compaction_start` and
    /// `compaction_end`; [`Runtime::abort`] cancels it.
    pub async fn compact(
        &self,
        instructions: Option<&str>,
    ) -> Result<CompactionResult, CompactionError> {
        let cancel = self.live_cancel();
        let reason = CompactionReason::Manual;
        self.publish(&AgentEvent::CompactionStart { reason }).await;
        let mut attempt = Attempt::default();
        let outcome = match self.prepare() {
            Ok(preparation) => {
                self.run_compaction(
                    &preparation,
                    instructions,
                    reason,
                    false,
                    &cancel,
                    &mut attempt,
                )
                .await
            }
            Err(error) => Err(error),
        };
        match outcome {
            Ok(result) => {
                self.publish(&end(reason, Some(result.clone()), false, false, None))
                    .await;
                Ok(result)
            }
            Err(error) => {
                let aborted = cancel.is_cancelled() || matches!(error, CompactionError::Cancelled);
                let message = (!aborted).then(|| format!("Compaction failed: {error}"));
                self.fail(reason, message, aborted, attempt.from_extension)
                    .await;
                Err(error)
            }
        }
    }

    /// Pi's default summary for a branch left in `/tree`: the model condenses `entries` (the
    /// branch from the common ancestor to the old leaf), with `custom` as extra focus or, with
    /// `replace`, as the whole instruction. [`Runtime::abort`] cancels it.
    pub async fn summarise_branch(
        &self,
        entries: &[SessionEntry],
        custom: Option<&str>,
        replace: bool,
    ) -> Result<Summary, CompactionError> {
        let cancel = self.live_cancel();
        let reserve = self.compaction.settings.branch_reserve_tokens;
        let config = self.config();
        self.with_retry_events("branchSummary", None, |retry| async move {
            crate::compaction::branch::summarise_branch(
                entries, custom, replace, reserve, &config, &cancel, &retry,
            )
            .await
        })
        .await
    }

    /// `/compact` typed as a prompt: compacts and reports a failure as a warning.
    pub(crate) async fn compact_command(&self, instructions: Option<String>) {
        match self.compact(instructions.as_deref()).await {
            Ok(_) | Err(CompactionError::Cancelled) => {}
            Err(error) => (self.warn)(&format!("compaction failed: {error}")),
        }
    }

    /// Before a prompt (Pi's `_prepareRun`): compacts a session whose last response already
    /// put it over the threshold. A retry this would schedule is dropped: the prompt replaces
    /// it.
    pub(crate) async fn compact_before_prompt(&self, cancel: &CancellationToken) {
        let last = {
            let session = lock(&self.session);
            let projection = session.tree().build_session_projection();
            projection.entries.iter().rev().find_map(|entry| {
                last_assistant(&entry.messages)
                    .map(|assistant| (entry.source.id().map(str::to_string), assistant.clone()))
            })
        };
        if let Some((entry_id, assistant)) = last {
            self.check_compaction(&assistant, entry_id, false, cancel)
                .await;
        }
        // A new user message starts a new recovery budget.
        self.compaction
            .overflow_attempted
            .store(false, Ordering::Relaxed);
    }

    /// After a low-level run that produced `run` (Pi's `_handlePostAgentRun` compaction
    /// check). Returns true when the run should be continued: overflow recovery compacted and
    /// retries the failed request.
    pub(crate) async fn compact_after_run(
        &self,
        run: &[AgentMessage],
        cancel: &CancellationToken,
    ) -> bool {
        if cancel.is_cancelled() {
            return false;
        }
        let succeeded = run.iter().any(|message| {
            matches!(message, AgentMessage::Assistant(a)
                if !matches!(a.stop_reason, StopReason::Error | StopReason::Length))
        });
        if succeeded {
            self.compaction
                .overflow_attempted
                .store(false, Ordering::Relaxed);
        }
        let Some(assistant) = last_assistant(run) else {
            return false;
        };
        let entry_id = {
            let session = lock(&self.session);
            let branch = session.tree().active_branch();
            branch
                .iter()
                .rev()
                .find(|entry| matches!(entry.message(), Some(AgentMessage::Assistant(_))))
                .and_then(|entry| entry.id())
                .map(str::to_string)
        };
        self.check_compaction(assistant, entry_id, true, cancel)
            .await
    }

    /// Pi's `_checkCompaction`: overflow recovery, else threshold compaction. Returns true
    /// when the failed request should be retried.
    async fn check_compaction(
        &self,
        assistant: &AssistantMessage,
        entry_id: Option<String>,
        skip_aborted: bool,
        cancel: &CancellationToken,
    ) -> bool {
        let budget = self.budget();
        if !self.auto_compaction_enabled()
            || !budget.enabled
            || (skip_aborted && assistant.stop_reason == StopReason::Aborted)
        {
            return false;
        }
        let model = &self.config().model;
        // An overflow reported by another model says nothing about this one's window.
        let same_model = assistant.provider == model.provider && assistant.model == model.id;
        let window = model.context_window;
        let facts = {
            let session = lock(&self.session);
            Facts::gather(session.tree(), entry_id.as_deref())
        };
        // A response older than the latest compaction describes the context before it.
        if facts
            .latest_compaction_ms
            .is_some_and(|compacted| assistant.timestamp <= compacted)
        {
            return false;
        }
        let explicit =
            assistant.stop_reason == StopReason::Error && is_context_overflow(assistant, 0);
        let overflow = same_model
            && ((explicit && facts.retained)
                || (facts.usage_current && is_context_overflow(assistant, window)));
        // A `length` stop below the model's output limit is treated like an overflow.
        let length = same_model
            && facts.projected
            && assistant.stop_reason == StopReason::Length
            && model.max_tokens > 0
            && assistant.usage.output < model.max_tokens;
        if overflow || length {
            return self
                .recover(assistant, entry_id.as_deref(), overflow, cancel)
                .await;
        }
        let direct = calculate_context_tokens(&assistant.usage);
        let tokens = if facts.has_context_edits {
            facts.projected_estimate
        } else if assistant.stop_reason == StopReason::Error || direct == 0 {
            // Estimated under the lock: copying a long conversation costs more than this.
            let (estimate, answered) = {
                let messages = lock(&self.messages);
                let estimate = estimate_context_tokens(&messages);
                let answered = estimate
                    .last_usage_index
                    .and_then(|index| match &messages[index] {
                        AgentMessage::Assistant(a) => Some(a.timestamp),
                        _ => None,
                    });
                (estimate, answered)
            };
            let stale = answered
                .zip(facts.latest_compaction_ms)
                .is_some_and(|(answered, compacted)| answered <= compacted);
            if stale {
                return false;
            }
            estimate.tokens
        } else {
            direct
        };
        // Pi does not guard an unknown (zero) window, which would compact after every run.
        if window > 0 && should_compact(tokens, window, true, budget.reserve_tokens) {
            return self
                .auto_compact(CompactionReason::Threshold, false, cancel)
                .await;
        }
        false
    }

    /// Overflow recovery: omit the failed attempt, compact, and retry it once.
    async fn recover(
        &self,
        assistant: &AssistantMessage,
        entry_id: Option<&str>,
        overflow: bool,
        cancel: &CancellationToken,
    ) -> bool {
        // A completed answer that overflowed cannot be continued; compact and keep it.
        if assistant.stop_reason == StopReason::Stop {
            return self
                .auto_compact(CompactionReason::Overflow, false, cancel)
                .await;
        }
        if self.compaction.overflow_attempted.load(Ordering::Relaxed) {
            let message = if overflow {
                OVERFLOW_RETRY_FAILED
            } else {
                LENGTH_RETRY_FAILED
            };
            self.fail(
                CompactionReason::Overflow,
                Some(message.into()),
                false,
                false,
            )
            .await;
            return false;
        }
        self.compaction
            .overflow_attempted
            .store(true, Ordering::Relaxed);
        if let Some(entry_id) = entry_id {
            self.omit_attempt(entry_id, assistant).await;
        }
        self.auto_compact(CompactionReason::Overflow, true, cancel)
            .await
    }

    /// Drops the failed answer and its tool results from future context with `context_edit`
    /// entries (Pi's `_omitRecoveryAttempt`), announcing each.
    async fn omit_attempt(&self, entry_id: &str, assistant: &AssistantMessage) {
        let calls: Vec<&str> = assistant
            .tool_calls()
            .map(|call| call.id.as_str())
            .collect();
        let mut appended = Vec::new();
        {
            let mut session = lock(&self.session);
            let mut targets = vec![entry_id.to_string()];
            let branch = session.tree().active_branch();
            if let Some(index) = branch.iter().position(|e| e.id() == Some(entry_id)) {
                for entry in &branch[index + 1..] {
                    match entry.message() {
                        Some(AgentMessage::Assistant(_)) => break,
                        Some(AgentMessage::ToolResult(result))
                            if calls.contains(&result.tool_call_id.as_str()) =>
                        {
                            targets.extend(entry.id().map(str::to_string));
                        }
                        _ => {}
                    }
                }
            }
            for target in targets {
                match session.append_context_edit(&target, None) {
                    Ok(id) => appended.extend(session.tree().get_entry(&id).cloned()),
                    Err(error) => (self.warn)(&format!("session: {error}")),
                }
            }
            *lock(&self.messages) = session.build_session_context().messages;
        }
        for entry in appended {
            self.publish(&AgentEvent::EntryAppended { entry }).await;
        }
    }

    /// Pi's `_runAutoCompaction`. Returns `will_retry` when the compaction succeeded.
    async fn auto_compact(
        &self,
        reason: CompactionReason,
        will_retry: bool,
        cancel: &CancellationToken,
    ) -> bool {
        let Ok(preparation) = self.prepare() else {
            return false;
        };
        self.publish(&AgentEvent::CompactionStart { reason }).await;
        let mut attempt = Attempt::default();
        let outcome = self
            .run_compaction(&preparation, None, reason, will_retry, cancel, &mut attempt)
            .await;
        match outcome {
            Ok(result) => {
                self.publish(&end(reason, Some(result), false, will_retry, None))
                    .await;
                will_retry
            }
            Err(error) => {
                let aborted = cancel.is_cancelled() || matches!(error, CompactionError::Cancelled);
                let message = (!aborted).then(|| match reason {
                    CompactionReason::Overflow => {
                        format!("Context overflow recovery failed: {error}")
                    }
                    CompactionReason::Manual | CompactionReason::Threshold => {
                        format!("Auto-compaction failed: {error}")
                    }
                });
                self.fail(reason, message, aborted, attempt.from_extension)
                    .await;
                false
            }
        }
    }

    /// A compaction that did not happen: `compaction_end` with the error (none for an
    /// abort), then `session_compact_failed` for extensions, in Pi's order.
    async fn fail(
        &self,
        reason: CompactionReason,
        message: Option<String>,
        aborted: bool,
        from_extension: bool,
    ) {
        self.publish(&end(reason, None, aborted, false, message.clone()))
            .await;
        if let Some(hooks) = self.compaction_hooks("session_compact_failed") {
            let event = failed_event(reason, message.as_deref(), aborted, from_extension);
            hooks.notify(event).await;
        }
    }

    /// The extension hooks when some handler listens to `event`.
    fn compaction_hooks(&self, event: &str) -> Option<Arc<dyn CompactionHooks>> {
        self.compaction
            .hooks
            .as_ref()
            .filter(|hooks| hooks.handles(event))
            .cloned()
    }

    /// `session_before_compact`: what the extensions decided for `preparation`.
    async fn ask_extensions(
        &self,
        preparation: &Preparation,
        instructions: Option<&str>,
        reason: CompactionReason,
        will_retry: bool,
        cancel: &CancellationToken,
    ) -> Decision {
        let Some(hooks) = self.compaction_hooks("session_before_compact") else {
            return Decision::Default;
        };
        let event = {
            let session = lock(&self.session);
            let branch: Vec<SessionEntry> = session
                .tree()
                .active_branch()
                .into_iter()
                .cloned()
                .collect();
            let prepared = preparation_json(preparation, &self.budget());
            before_compact_event(prepared, &branch, instructions, reason, will_retry)
        };
        let answer = hooks.before_compact(event, cancel).await;
        Decision::from_answer(answer.as_ref(), preparation)
    }

    /// Pi's compaction body: extensions first (they may cancel or supply the summary), else
    /// the model's summary; the entry is written and `session_compact` announces it.
    async fn run_compaction(
        &self,
        preparation: &Preparation,
        instructions: Option<&str>,
        reason: CompactionReason,
        will_retry: bool,
        cancel: &CancellationToken,
        attempt: &mut Attempt,
    ) -> Result<CompactionResult, CompactionError> {
        if cancel.is_cancelled() {
            return Err(CompactionError::Cancelled);
        }
        let decision = self
            .ask_extensions(preparation, instructions, reason, will_retry, cancel)
            .await;
        if cancel.is_cancelled() {
            return Err(CompactionError::Cancelled);
        }
        let written = match decision {
            Decision::Cancel => return Err(CompactionError::Cancelled),
            Decision::Replace(compaction) => {
                attempt.from_extension = true;
                *compaction
            }
            Decision::Default => {
                let config = self.config();
                let summary = self
                    .with_retry_events("compaction", Some(reason), |retry| async move {
                        summarise(preparation, instructions, &config, cancel, &retry).await
                    })
                    .await?;
                ExtensionCompaction {
                    summary: summary.summary,
                    first_kept_entry_id: Some(preparation.first_kept_entry_id.clone()),
                    tokens_before: preparation.tokens_before,
                    usage: summary.usage,
                    details: Some(summary.details),
                }
            }
        };
        if cancel.is_cancelled() {
            return Err(CompactionError::Cancelled);
        }
        let (result, entry) = self.apply(written, attempt.from_extension)?;
        // Pi announces the entry it finds saved, as it was saved.
        if let (Some(hooks), Some(entry)) = (self.compaction_hooks("session_compact"), entry) {
            let event = compacted_event(&entry, attempt.from_extension, reason, will_retry);
            hooks.notify(event).await;
        }
        Ok(result)
    }

    fn prepare(&self) -> Result<Preparation, CompactionError> {
        let session = lock(&self.session);
        let tree = session.tree();
        prepare_compaction(tree, self.budget().keep_recent_tokens).ok_or_else(|| {
            if matches!(
                tree.active_branch().last(),
                Some(SessionEntry::Compaction(_))
            ) {
                CompactionError::AlreadyCompacted
            } else {
                CompactionError::NothingToCompact
            }
        })
    }

    /// Runs `work` (a summary request) with the session's retry settings, publishing the
    /// `summarization_retry_*` events it raises as they come.
    async fn with_retry_events<T, Fut>(
        &self,
        source: &'static str,
        reason: Option<CompactionReason>,
        work: impl FnOnce(SummaryRetry) -> Fut,
    ) -> T
    where
        Fut: std::future::Future<Output = T>,
    {
        let (events, mut raised) = mpsc::unbounded_channel();
        let retry = SummaryRetry {
            policy: *lock(&self.retry),
            source,
            reason,
            events: Some(events),
            request_hooks: self
                .hooks
                .request_hooks()
                .and_then(|hooks| hooks.headers_only()),
        };
        let work = work(retry);
        tokio::pin!(work);
        loop {
            tokio::select! {
                biased;
                Some(event) = raised.recv() => self.publish(&event).await,
                out = &mut work => {
                    while let Ok(event) = raised.try_recv() {
                        self.publish(&event).await;
                    }
                    return out;
                }
            }
        }
    }

    /// Writes the compaction entry and rebuilds the model context from the session.
    fn apply(
        &self,
        written: ExtensionCompaction,
        from_extension: bool,
    ) -> Result<(CompactionResult, Option<SessionEntry>), CompactionError> {
        let (messages, entry) = {
            let mut session = lock(&self.session);
            let id = session.append_compaction(NewCompaction {
                summary: written.summary.clone(),
                first_kept_entry_id: written.first_kept_entry_id.clone(),
                tokens_before: written.tokens_before,
                details: written.details.clone(),
                from_hook: Some(from_extension),
                usage: written.usage.clone(),
            })?;
            let entry = session.tree().get_entry(&id).cloned();
            (session.build_session_context().messages, entry)
        };
        let estimated_tokens_after = messages.iter().map(estimate_tokens).sum();
        *lock(&self.messages) = messages;
        let result = CompactionResult {
            summary: written.summary,
            first_kept_entry_id: written.first_kept_entry_id.unwrap_or_default(),
            tokens_before: written.tokens_before,
            estimated_tokens_after,
            usage: written.usage,
            details: written.details,
        };
        Ok((result, entry))
    }
}

/// What a compaction attempt used, for its failure report.
#[derive(Debug, Default)]
struct Attempt {
    /// An extension supplied the summary (Pi's `fromExtension`).
    from_extension: bool,
}

fn end(
    reason: CompactionReason,
    result: Option<CompactionResult>,
    aborted: bool,
    will_retry: bool,
    error_message: Option<String>,
) -> AgentEvent {
    AgentEvent::CompactionEnd {
        reason,
        result: result.map(Box::new),
        aborted,
        will_retry,
        error_message,
    }
}

#[cfg(test)]
#[path = "driver_tests.rs"]
mod tests;
