//! What the session id does to a request, shared by the APIs (pi-ai 1.6.0's rules): the
//! OpenAI `prompt_cache_key` limit, OpenCode's per-conversation routing header, and the
//! sessions whose strict tools Claude rejected as too many.

use std::collections::HashSet;
use std::sync::Mutex;

use serde_json::Value;
use tau_protocol::Model;

/// `compat.sessionAffinityFormat`: which headers carry the session id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionAffinityFormat {
    /// `openai`: OpenAI's session header (its spelling differs per API) and the others.
    OpenAi,
    /// `openai-nosession` (or any other word): the headers without OpenAI's session one.
    NoSession,
    /// `openrouter`: `x-session-id` alone.
    OpenRouter,
}

impl SessionAffinityFormat {
    /// The model's `compat.sessionAffinityFormat`, else `detected`.
    pub fn of(model: &Model, detected: Self) -> Self {
        match compat_value(model, "sessionAffinityFormat") {
            None => detected,
            Some(Value::String(format)) if format == "openrouter" => Self::OpenRouter,
            Some(Value::String(format)) if format == "openai" => Self::OpenAi,
            Some(_) => Self::NoSession,
        }
    }

    /// OpenRouter's format for OpenRouter (by provider id or URL), OpenAI's otherwise.
    pub fn detect(model: &Model) -> Self {
        if is_open_router(model) {
            Self::OpenRouter
        } else {
            Self::OpenAi
        }
    }
}

/// `compat.promptCacheKeyMode`: whether `prompt_cache_key` is sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromptCacheKeyMode {
    /// `auto` (the default): each API's own rule.
    Auto,
    /// `enabled`: whenever caching is on.
    Enabled,
    /// `disabled`: never.
    Disabled,
    /// Any other value: neither `auto` nor `enabled` nor `disabled` to pi-ai's checks.
    Other,
}

impl PromptCacheKeyMode {
    /// The model's `compat.promptCacheKeyMode` (`auto` when unset).
    pub fn of(model: &Model) -> Self {
        match compat_value(model, "promptCacheKeyMode") {
            None => Self::Auto,
            Some(Value::String(mode)) => match mode.as_str() {
                "auto" => Self::Auto,
                "enabled" => Self::Enabled,
                "disabled" => Self::Disabled,
                _ => Self::Other,
            },
            Some(_) => Self::Other,
        }
    }
}

/// A `compat` member that is set (`null` counts as unset, as pi-ai's `??` reads it).
fn compat_value<'a>(model: &'a Model, key: &str) -> Option<&'a Value> {
    model
        .compat
        .as_ref()
        .and_then(|compat| compat.get(key))
        .filter(|value| !value.is_null())
}

/// `compat.sendSessionAffinityHeaders`, else true for OpenRouter (by provider id or URL).
pub fn sends_session_affinity_headers(model: &Model) -> bool {
    match compat_value(model, "sendSessionAffinityHeaders") {
        Some(value) => crate::json::is_truthy(value),
        None => is_open_router(model),
    }
}

/// OpenRouter by provider id or base URL, as pi-ai detects it.
pub fn is_open_router(model: &Model) -> bool {
    model.provider == "openrouter" || model.base_url.contains("openrouter.ai")
}

/// OpenAI rejects a `prompt_cache_key` longer than this many characters.
pub const PROMPT_CACHE_KEY_MAX_CHARS: usize = 64;

/// `id` cut to [`PROMPT_CACHE_KEY_MAX_CHARS`] characters (code points, as pi-ai counts).
pub fn clamp_prompt_cache_key(id: &str) -> &str {
    match id.char_indices().nth(PROMPT_CACHE_KEY_MAX_CHARS) {
        Some((end, _)) => &id[..end],
        None => id,
    }
}

/// The header OpenCode routes a conversation by.
pub const OPENCODE_SESSION_HEADER: &str = "x-opencode-session";

/// Whether requests go to OpenCode: its providers, or any model whose base URL's host is
/// `opencode.ai` (a custom provider pointing there).
pub fn is_opencode(model: &Model) -> bool {
    matches!(model.provider.as_str(), "opencode" | "opencode-go")
        || reqwest::Url::parse(&model.base_url)
            .is_ok_and(|url| url.host_str() == Some("opencode.ai"))
}

/// The provider's extra headers with OpenCode's session header before them, for OpenCode
/// requests that carry a session id. pi-ai adds it under the request's own headers (which
/// may replace it), whatever the cache retention.
pub fn with_opencode_session(
    model: &Model,
    session_id: Option<&str>,
    extra: &[(String, String)],
) -> Vec<(String, String)> {
    let mut headers = Vec::with_capacity(extra.len() + 1);
    if let Some(id) = session_id.filter(|id| !id.is_empty() && is_opencode(model)) {
        headers.push((OPENCODE_SESSION_HEADER.to_owned(), id.to_owned()));
    }
    headers.extend_from_slice(extra);
    headers
}

/// At most this many sessions are remembered as over the strict-tool limits; a session
/// dropped past it pays one more rejection.
const MAX_SESSIONS_OVER_STRICT_TOOL_LIMITS: usize = 10_000;

/// Sessions whose strict tools Claude rejected as over its limits. Their later requests
/// send `strict: "prefer"` tools non-strict at once: the tools rarely change between turns,
/// and switching back would rewrite the tool definitions and miss the prompt cache.
static OVER_STRICT_TOOL_LIMITS: Mutex<Option<HashSet<String>>> = Mutex::new(None);

/// Remembers that `session_id`'s strict tools were rejected; nothing without a session.
pub fn mark_strict_tool_limits_exceeded(session_id: Option<&str>) {
    let Some(id) = session_id else { return };
    let mut sessions = OVER_STRICT_TOOL_LIMITS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let sessions = sessions.get_or_insert_with(HashSet::new);
    if sessions.len() >= MAX_SESSIONS_OVER_STRICT_TOOL_LIMITS && !sessions.contains(id) {
        // Any one may go: pi-ai drops its oldest, and either costs one more rejection.
        if let Some(first) = sessions.iter().next().cloned() {
            sessions.remove(&first);
        }
    }
    sessions.insert(id.to_owned());
}

/// Whether `session_id`'s strict tools were rejected before.
pub fn has_exceeded_strict_tool_limits(session_id: Option<&str>) -> bool {
    let Some(id) = session_id else { return false };
    OVER_STRICT_TOOL_LIMITS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .as_ref()
        .is_some_and(|sessions| sessions.contains(id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prompt_cache_keys_keep_64_code_points() {
        assert_eq!(clamp_prompt_cache_key("short"), "short");
        let exact = "a".repeat(64);
        assert_eq!(clamp_prompt_cache_key(&exact), exact);
        let long = format!("{}tail", "b".repeat(64));
        assert_eq!(clamp_prompt_cache_key(&long), "b".repeat(64));
        // Multi-byte characters count once each and are never cut in half.
        let wide = "é".repeat(70);
        assert_eq!(clamp_prompt_cache_key(&wide), "é".repeat(64));
    }

    fn model(provider: &str, base_url: &str) -> Model {
        serde_json::from_value(
            serde_json::json!({"id": "m", "name": "m", "api": "openai-completions",
            "provider": provider, "baseUrl": base_url, "reasoning": false, "input": ["text"],
            "cost": {"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0},
            "contextWindow": 1000, "maxTokens": 100}),
        )
        .unwrap()
    }

    #[test]
    fn opencode_is_its_providers_and_its_host() {
        assert!(is_opencode(&model("opencode", "http://127.0.0.1:1")));
        assert!(is_opencode(&model("opencode-go", "http://127.0.0.1:1")));
        assert!(is_opencode(&model("mine", "https://OpenCode.ai/zen/v1")));
        assert!(!is_opencode(&model("mine", "https://api.opencode.ai/v1")));
        assert!(!is_opencode(&model("mine", "not a url")));
    }

    #[test]
    fn the_opencode_header_goes_under_the_extra_headers() {
        let extra = vec![("x-team".to_owned(), "t".to_owned())];
        let opencode = model("opencode", "http://127.0.0.1:1");
        assert_eq!(
            with_opencode_session(&opencode, Some("s1"), &extra),
            vec![
                (OPENCODE_SESSION_HEADER.to_owned(), "s1".to_owned()),
                ("x-team".to_owned(), "t".to_owned())
            ]
        );
        assert_eq!(with_opencode_session(&opencode, None, &extra), extra);
        assert_eq!(
            with_opencode_session(&model("openai", "http://127.0.0.1:1"), Some("s1"), &extra),
            extra
        );
    }

    #[test]
    fn strict_tool_limits_are_remembered_per_session() {
        assert!(!has_exceeded_strict_tool_limits(Some("unit-over-limits")));
        mark_strict_tool_limits_exceeded(Some("unit-over-limits"));
        assert!(has_exceeded_strict_tool_limits(Some("unit-over-limits")));
        assert!(!has_exceeded_strict_tool_limits(Some("unit-other")));
        mark_strict_tool_limits_exceeded(None);
        assert!(!has_exceeded_strict_tool_limits(None));
    }
}
