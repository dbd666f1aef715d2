//! Retries of summary requests (Pi's `retryAssistantCall` around every compaction and
//! branch-summary request): a request that failed with a transient error (the same test as
//! the session's automatic retry) is sent again after 2 s, 4 s, ... up to the `retry`
//! settings' `maxRetries`, announced with `summarization_retry_scheduled`, then
//! `summarization_retry_attempt_start` (with `source` and, for a compaction, `reason`) when
//! the retried request starts, and `summarization_retry_finished` once at the end.

use tau_protocol::events::CompactionReason;
use tau_protocol::{AgentEvent, AssistantMessage, StopReason};
use tau_provider::retry::is_retryable_error;
use tokio::sync::mpsc::UnboundedSender;
use tokio_util::sync::CancellationToken;

use crate::RetryPolicy;

/// How a summary request is retried and where its retry events go.
#[derive(Debug, Clone)]
pub struct SummaryRetry {
    /// settings.json `retry`.
    pub policy: RetryPolicy,
    /// `compaction` or `branchSummary`.
    pub source: &'static str,
    /// Why the compaction runs (none for a branch summary).
    pub reason: Option<CompactionReason>,
    /// Where the events go; none drops them.
    pub events: Option<UnboundedSender<AgentEvent>>,
    /// The hooks each summary request carries: only the headers hook, as Pi's summaries
    /// get `transformHeaders` (`before_provider_headers`) and nothing else.
    pub request_hooks: Option<tau_provider::SharedRequestHooks>,
}

impl SummaryRetry {
    /// No retries, no events.
    pub fn none() -> Self {
        SummaryRetry {
            policy: RetryPolicy {
                enabled: false,
                ..RetryPolicy::default()
            },
            source: "compaction",
            reason: None,
            events: None,
            request_hooks: None,
        }
    }

    fn emit(&self, event: AgentEvent) {
        if let Some(events) = &self.events {
            let _ = events.send(event);
        }
    }

    /// Runs `produce` until it answers without a retryable error, the retries run out or
    /// `cancel` fires (during a wait: the last answer comes back as aborted).
    pub(crate) async fn run<F, Fut>(
        &self,
        cancel: &CancellationToken,
        mut produce: F,
    ) -> Option<AssistantMessage>
    where
        F: FnMut() -> Fut,
        Fut: std::future::Future<Output = Option<AssistantMessage>>,
    {
        let max_attempts = if self.policy.enabled {
            self.policy.max_retries
        } else {
            0
        };
        let mut attempt = 0;
        loop {
            let answer = produce().await;
            let Some(message) = answer else {
                self.finish(attempt);
                return None;
            };
            let retryable =
                message.stop_reason == StopReason::Error && is_retryable_error(&message);
            if message.stop_reason != StopReason::Error || attempt >= max_attempts || !retryable {
                self.finish(attempt);
                return Some(message);
            }
            attempt += 1;
            let delay = self.policy.delay(attempt);
            self.emit(AgentEvent::SummarizationRetryScheduled {
                attempt,
                max_attempts,
                delay_ms: u64::try_from(delay.as_millis()).unwrap_or(u64::MAX),
                error_message: message
                    .error_message
                    .clone()
                    .filter(|text| !text.is_empty())
                    .unwrap_or_else(|| "Unknown error".into()),
            });
            tokio::select! {
                () = tokio::time::sleep(delay) => {}
                () = cancel.cancelled() => {
                    self.finish(attempt);
                    let mut aborted = message;
                    aborted.stop_reason = StopReason::Aborted;
                    aborted.error_message = None;
                    return Some(aborted);
                }
            }
            self.emit(AgentEvent::SummarizationRetryAttemptStart {
                source: self.source.to_string(),
                reason: self.reason,
            });
        }
    }

    /// `summarization_retry_finished`, once, when a retry was scheduled.
    fn finish(&self, attempt: u32) {
        if attempt > 0 {
            self.emit(AgentEvent::SummarizationRetryFinished);
        }
    }
}
