//! Pi's session-level automatic retry of failed responses (agent-session's `_prepareRetry`):
//! a response that failed with a transient error (overloaded, rate limit, 5xx, connection
//! trouble, a stream cut short) is dropped from the model context and the run continues
//! after 2 s, 4 s, 8 s, ... up to `max_retries` times.
//!
//! Events, in Pi's order: `agent_end` with `willRetry: true`, `auto_retry_start`, then a
//! fresh `agent_start`/`turn_start`; on success `auto_retry_end {success: true}` comes just
//! before that turn's `turn_end`; when retries run out it follows the last `agent_end`.

use std::sync::Mutex;
use std::time::Duration;

use tau_protocol::{AgentEvent, AgentMessage, AssistantMessage, StopReason};

/// How failed responses are retried (settings.json `retry`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryPolicy {
    /// Retry at all.
    pub enabled: bool,
    /// Retries after the first attempt.
    pub max_retries: u32,
    /// Delay before the first retry; doubled for each later one.
    pub base_delay_ms: u64,
    /// Cap on one delay.
    pub max_delay_ms: u64,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            enabled: true,
            max_retries: 3,
            base_delay_ms: 2000,
            max_delay_ms: 60_000,
        }
    }
}

impl RetryPolicy {
    /// The wait before retry number `attempt` (1-based).
    pub fn delay(&self, attempt: u32) -> Duration {
        let factor = 1u64 << attempt.saturating_sub(1).min(30);
        Duration::from_millis(
            self.base_delay_ms
                .saturating_mul(factor)
                .min(self.max_delay_ms),
        )
    }
}

/// Where a prompt's retries stand.
#[derive(Debug, Default)]
struct State {
    /// Retries started so far for the current prompt.
    attempt: u32,
    /// The run that just ended asked for a retry.
    pending: Option<String>,
}

/// Retry bookkeeping shared between the event hook and the prompt driver.
#[derive(Debug, Default)]
pub struct RetryTracker {
    policy: RetryPolicy,
    state: Mutex<State>,
    /// The model's context window: an overflow is left to compaction, never retried.
    context_window: u64,
}

fn last_assistant(messages: &[AgentMessage]) -> Option<&AssistantMessage> {
    messages.iter().rev().find_map(|message| match message {
        AgentMessage::Assistant(assistant) => Some(assistant),
        _ => None,
    })
}

impl RetryTracker {
    /// A tracker for one prompt.
    pub fn new(policy: RetryPolicy) -> Self {
        RetryTracker {
            policy,
            state: Mutex::default(),
            context_window: 0,
        }
    }

    /// Sets the context window used to recognise overflows (Pi's `_isRetryableError`).
    pub fn with_context_window(mut self, context_window: u64) -> Self {
        self.context_window = context_window;
        self
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Rewrites or adds events around `event` as Pi's retry does. Returns the events to
    /// publish in order (usually just `event`).
    pub fn on_event(&self, event: &AgentEvent) -> Vec<AgentEvent> {
        let mut state = self.lock();
        match event {
            AgentEvent::AgentEnd { messages, .. } => {
                let failed =
                    last_assistant(messages).filter(|m| m.stop_reason == StopReason::Error);
                let retry = failed.filter(|m| {
                    self.policy.enabled
                        && state.attempt < self.policy.max_retries
                        && tau_provider::retry::is_retryable_error(m)
                        && !tau_provider::retry::is_context_overflow(m, self.context_window)
                });
                if let Some(message) = retry {
                    state.pending = Some(message.error_message.clone().unwrap_or_default());
                    return vec![AgentEvent::AgentEnd {
                        messages: messages.clone(),
                        will_retry: true,
                    }];
                }
                let mut events = vec![event.clone()];
                if let (Some(failed), true) = (failed, state.attempt > 0) {
                    events.push(AgentEvent::AutoRetryEnd {
                        success: false,
                        attempt: state.attempt,
                        final_error: failed.error_message.clone(),
                    });
                    state.attempt = 0;
                }
                events
            }
            AgentEvent::TurnEnd {
                message: AgentMessage::Assistant(message),
                ..
            } if state.attempt > 0 && message.stop_reason != StopReason::Error => {
                let attempt = std::mem::take(&mut state.attempt);
                vec![
                    AgentEvent::AutoRetryEnd {
                        success: true,
                        attempt,
                        final_error: None,
                    },
                    event.clone(),
                ]
            }
            _ => vec![event.clone()],
        }
    }

    /// After a run: the next retry to start, as the `auto_retry_start` event and the delay.
    pub fn take_pending(&self) -> Option<(AgentEvent, Duration)> {
        let mut state = self.lock();
        let error_message = state.pending.take()?;
        state.attempt += 1;
        let delay = self.policy.delay(state.attempt);
        Some((
            AgentEvent::AutoRetryStart {
                attempt: state.attempt,
                max_attempts: self.policy.max_retries,
                delay_ms: delay.as_millis() as u64,
                error_message,
            },
            delay,
        ))
    }

    /// Ends retrying early (the user aborted during the wait).
    pub fn cancel(&self) -> Option<AgentEvent> {
        let mut state = self.lock();
        let attempt = std::mem::take(&mut state.attempt);
        (attempt > 0).then(|| AgentEvent::AutoRetryEnd {
            success: false,
            attempt,
            final_error: Some("Retry cancelled".into()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn failed(error: &str) -> AgentMessage {
        AgentMessage::Assistant(AssistantMessage {
            stop_reason: StopReason::Error,
            error_message: Some(error.into()),
            ..Default::default()
        })
    }

    fn end(message: AgentMessage) -> AgentEvent {
        AgentEvent::AgentEnd {
            messages: vec![message],
            will_retry: false,
        }
    }

    #[test]
    fn delays_double_from_the_base_and_are_capped() {
        let policy = RetryPolicy::default();
        let delays: Vec<u64> = (1..=4)
            .map(|a| policy.delay(a).as_millis() as u64)
            .collect();
        assert_eq!(delays, [2000, 4000, 8000, 16000]);
        let capped = RetryPolicy {
            max_delay_ms: 5000,
            ..policy
        };
        assert_eq!(capped.delay(3).as_millis(), 5000);
    }

    #[test]
    fn transient_errors_retry_until_the_limit_then_report_failure() {
        let tracker = RetryTracker::new(RetryPolicy {
            max_retries: 2,
            ..Default::default()
        });
        for attempt in 1..=2 {
            let events = tracker.on_event(&end(failed("500: server error")));
            assert!(matches!(
                events[..],
                [AgentEvent::AgentEnd {
                    will_retry: true,
                    ..
                }]
            ));
            let (start, _) = tracker.take_pending().expect("retry");
            assert!(matches!(start, AgentEvent::AutoRetryStart { attempt: a, .. } if a == attempt));
        }
        let events = tracker.on_event(&end(failed("500: server error")));
        assert!(matches!(
            events[0],
            AgentEvent::AgentEnd {
                will_retry: false,
                ..
            }
        ));
        assert!(matches!(
            &events[1],
            AgentEvent::AutoRetryEnd {
                success: false,
                attempt: 2,
                final_error: Some(_)
            }
        ));
        assert!(tracker.take_pending().is_none());
    }

    #[test]
    fn a_successful_retry_reports_before_turn_end() {
        let tracker = RetryTracker::new(RetryPolicy::default());
        tracker.on_event(&end(failed("503 overloaded")));
        tracker.take_pending().expect("retry");
        let ok = AssistantMessage {
            stop_reason: StopReason::Stop,
            ..Default::default()
        };
        let events = tracker.on_event(&tau_protocol::events::turn_end(&ok, &[]));
        assert!(matches!(
            events[0],
            AgentEvent::AutoRetryEnd {
                success: true,
                attempt: 1,
                ..
            }
        ));
        assert!(matches!(events[1], AgentEvent::TurnEnd { .. }));
    }

    #[test]
    fn an_overflow_is_left_to_compaction() {
        let tracker = RetryTracker::new(RetryPolicy::default()).with_context_window(1000);
        // Transient wording, but an overflow: compaction handles it.
        let events = tracker.on_event(&end(failed("503 prompt is too long: 5000 tokens")));
        assert!(matches!(
            events[..],
            [AgentEvent::AgentEnd {
                will_retry: false,
                ..
            }]
        ));
        assert!(tracker.take_pending().is_none());
    }

    #[test]
    fn permanent_errors_and_disabled_policy_do_not_retry() {
        let tracker = RetryTracker::new(RetryPolicy::default());
        let events = tracker.on_event(&end(failed("401: invalid api key")));
        assert!(matches!(
            events[..],
            [AgentEvent::AgentEnd {
                will_retry: false,
                ..
            }]
        ));
        let off = RetryTracker::new(RetryPolicy {
            enabled: false,
            ..Default::default()
        });
        let events = off.on_event(&end(failed("500: server error")));
        assert!(matches!(
            events[..],
            [AgentEvent::AgentEnd {
                will_retry: false,
                ..
            }]
        ));
    }
}
