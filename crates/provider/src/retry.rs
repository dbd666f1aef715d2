//! Which failed responses are worth retrying, and which are context overflows, decided from
//! the assistant message alone as Pi decides it (pi-ai `isRetryableAssistantError` and
//! `isContextOverflow`).
//!
//! Pi's session-level retry (3 retries after 2 s, 4 s and 8 s) asks
//! [`is_retryable_error`] of the final message: stop reason `error`, an `errorMessage`
//! that names a transient failure (overloaded, rate limit, 429/5xx, connection trouble,
//! timeouts, a stream that ended early) and no quota or billing exhaustion. Overflows go to
//! compaction instead, so the caller checks [`is_context_overflow`] first. Working from the
//! text means messages read back from a session file or made by an extension classify the
//! same way as fresh ones.
//!
//! The patterns are pi-ai's; the ones using look-around (status codes and Node error codes
//! must not be part of a longer word) are checked by hand because `regex` has none.

use std::sync::LazyLock;

use regex::Regex;
use tau_protocol::{AssistantMessage, StopReason};

/// Subscription, quota and billing limits: they reset after hours, so retrying is useless.
const QUOTA_PATTERNS: &[&str] = &[
    "GoUsageLimitError",
    "FreeUsageLimitError",
    "Monthly usage limit reached",
    "available balance",
    "insufficient_quota",
    "out of budget",
    "quota exceeded",
    "billing",
    "subscription_sharing_usage_limit_exceeded",
    "subscription_sharing_workplace_individual_usage_limit_exceeded",
];

/// Transient failures, without the bounded code patterns below.
const RETRYABLE_PATTERNS: &[&str] = &[
    "overloaded",
    "server_busy",
    "servers are currently busy",
    "currently experiencing high demand",
    "model is at capacity",
    "rate.?limit",
    "too many requests",
    "service.?(?:is.?)?(?:temporarily.?)?unavailable",
    "server.?error",
    "internal.?error",
    "provider.?returned.?(?:an.?)?error",
    "exceeded request buffer limit while retrying upstream",
    "unable to forward upstream",
    "upstream.?request.?failed",
    "upstream_stream_read_error",
    "stream was interrupted",
    "http/?2 stream failed",
    "network.?error",
    "connection.?error",
    "connection.?refused",
    "connection.?lost",
    "connection.?closed",
    "other side closed",
    "fetch failed",
    r"request to \S+ failed, reason:",
    "getaddrinfo",
    "connection reset by peer",
    "ENOTFOUND",
    "EAI_AGAIN",
    "upstream.?connect",
    "reset before headers",
    "socket hang up",
    "socket connection was closed",
    "timed? out",
    "timeout",
    "terminated",
    "websocket.?closed",
    "websocket.?error",
    "websocket.?connection.?limit.?reached",
    "ended without",
    "stream ended before message_stop",
    "stream ended before a terminal response event",
    "http2 request did not get a response",
    "stream disconnected before completion",
    "cut short after the reply had begun",
    "pending stream has been canceled",
    "retry delay",
    "you can retry your request",
    "try your request again",
    "please retry your request",
    "ResourceExhausted",
    "subscription_sharing_usage_unavailable",
    "subscription_sharing_user_unavailable",
];

/// Context-overflow wordings of the providers Pi knows.
const OVERFLOW_PATTERNS: &[&str] = &[
    "prompt (?:is )?too long",
    "prompt exceeds max length",
    "request_too_large",
    "input is too long for requested model",
    "exceeds the context window",
    r"exceeds (?:the )?(?:model'?s )?maximum context length(?: of [\d,]+ tokens?|\s*\([\d,]+\))",
    "context window exceeded",
    "input token count.*exceeds the maximum",
    r"maximum prompt length is \d+",
    "reduce the length of the messages",
    r"maximum context length is \d+ tokens",
    r"exceeds (?:the )?maximum allowed input length of [\d,]+ tokens?",
    r"input \(\d+ tokens\) is longer than the model'?s context length \(\d+ tokens\)",
    r"exceeds the limit of \d+",
    "exceeds the available context size",
    "greater than the context length",
    "context window exceeds limit",
    "exceeded model token limit",
    r"too large for model with \d+ maximum context length",
    r"prompt has [\d,]+ tokens?, but the configured context size is [\d,]+ tokens?",
    "model_context_window_exceeded",
    "prompt too long; exceeded (?:max )?context length",
    "range of input length should be",
    "context[_ ]length[_ ]exceeded",
    "too many tokens",
    "token limit exceeded",
    // HTTP 413 at the start of the text (not a 413 mentioned inside a body).
    r"^(?:[A-Za-z0-9_ -]+ API error \(413\):|413(?:\s|:|$))",
];

/// Rate limits and throttling that mention tokens are not overflows.
const NOT_OVERFLOW_PATTERNS: &[&str] = &[
    "^(?:Throttling error|Service unavailable):",
    "rate limit",
    "too many requests",
];

static QUOTA: LazyLock<Option<Regex>> = LazyLock::new(|| any_of(QUOTA_PATTERNS));
static RETRYABLE: LazyLock<Option<Regex>> = LazyLock::new(|| any_of(RETRYABLE_PATTERNS));
static OVERFLOW: LazyLock<Option<Regex>> = LazyLock::new(|| any_of(OVERFLOW_PATTERNS));
static NOT_OVERFLOW: LazyLock<Option<Regex>> = LazyLock::new(|| any_of(NOT_OVERFLOW_PATTERNS));

/// Zhipu's plan-limit code 1308 (checked not to be followed by another digit).
static QUOTA_CODE: LazyLock<Option<Regex>> = LazyLock::new(|| any_of(&[r#""code"\s*:\s*"?1308"#]));

/// Retryable HTTP status codes (checked not to be part of a longer word or number).
static STATUS_CODE: LazyLock<Option<Regex>> =
    LazyLock::new(|| any_of(&["429|500|502|503|504|520|524"]));

/// Node socket error codes (checked not to be part of a longer identifier).
static ERRNO: LazyLock<Option<Regex>> =
    LazyLock::new(|| any_of(&["ECONNRESET|ECONNABORTED|ECONNREFUSED|ETIMEDOUT|EPIPE"]));

/// Cerebras answers an overflow with a bodiless 400 or 413.
static CEREBRAS_OVERFLOW: LazyLock<Option<Regex>> =
    LazyLock::new(|| any_of(&[r"^4(?:00|13)\s*(?:status code)?\s*\(no body\)"]));

/// One case-insensitive regex matching any of `patterns`. `None` only if a pattern is
/// invalid, which the unit tests rule out.
fn any_of(patterns: &[&str]) -> Option<Regex> {
    Regex::new(&format!("(?i)(?:{})", patterns.join("|"))).ok()
}

/// Whether Pi would retry after this assistant message (before checking overflow, which
/// the caller does with [`is_context_overflow`]).
pub fn is_retryable_error(message: &AssistantMessage) -> bool {
    message.stop_reason == StopReason::Error
        && message
            .error_message
            .as_deref()
            .is_some_and(|text| !text.is_empty() && is_retryable_text(text))
}

/// Pi's retry rule on an error text alone: a transient wording and no quota exhaustion.
pub fn is_retryable_text(text: &str) -> bool {
    if is_quota_text(text) {
        return false;
    }
    matches(&RETRYABLE, text)
        || bounded_match(&STATUS_CODE, text, |c| c.is_ascii_alphanumeric())
        || bounded_match(&ERRNO, text, |c| c.is_ascii_alphanumeric() || c == '_')
}

/// Whether `text` reports an exhausted quota, budget or subscription limit.
pub fn is_quota_text(text: &str) -> bool {
    matches(&QUOTA, text) || followed_by_non_digit(&QUOTA_CODE, text)
}

/// Whether the message shows the request did not fit the model's context window: an
/// overflow error text, or (with `context_window` > 0) a success whose input exceeds the
/// window, or a `length` stop with no output and a full window.
pub fn is_context_overflow(message: &AssistantMessage, context_window: u64) -> bool {
    if message.stop_reason == StopReason::Error {
        if let Some(text) = message.error_message.as_deref() {
            if !matches(&NOT_OVERFLOW, text)
                && (matches(&OVERFLOW, text)
                    || (message.provider == "cerebras" && matches(&CEREBRAS_OVERFLOW, text)))
            {
                return true;
            }
        }
    }
    if context_window == 0 {
        return false;
    }
    let input = message.usage.input + message.usage.cache_read;
    match message.stop_reason {
        StopReason::Stop => input > context_window,
        StopReason::Length => {
            message.usage.output == 0 && input as f64 >= context_window as f64 * 0.99
        }
        StopReason::Pending
        | StopReason::ToolUse
        | StopReason::Error
        | StopReason::Aborted
        | StopReason::Deferred => false,
    }
}

fn matches(regex: &LazyLock<Option<Regex>>, text: &str) -> bool {
    regex.as_ref().is_some_and(|regex| regex.is_match(text))
}

/// A match of `regex` whose neighbours on both sides are not word characters per `is_word`
/// (JavaScript's `(?<![…])…(?![…])`).
fn bounded_match(regex: &LazyLock<Option<Regex>>, text: &str, is_word: fn(char) -> bool) -> bool {
    let Some(regex) = regex.as_ref() else {
        return false;
    };
    let mut from = 0;
    while let Some(found) = regex.find_at(text, from) {
        let before = text[..found.start()].chars().next_back();
        let after = text[found.end()..].chars().next();
        if !before.is_some_and(is_word) && !after.is_some_and(is_word) {
            return true;
        }
        // The patterns are ASCII, so the next byte starts a character.
        from = found.start() + 1;
    }
    false
}

/// A match of `regex` not followed by a digit.
fn followed_by_non_digit(regex: &LazyLock<Option<Regex>>, text: &str) -> bool {
    let Some(regex) = regex.as_ref() else {
        return false;
    };
    regex
        .find_iter(text)
        .any(|found| !text[found.end()..].starts_with(|c: char| c.is_ascii_digit()))
}

#[cfg(test)]
#[path = "retry_tests.rs"]
mod tests;
