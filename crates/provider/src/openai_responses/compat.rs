//! The server features a Responses request may use (pi-ai's `getCompat` for this API), read
//! from the model's `compat` object (camelCase keys, as in models.json) with pi-ai's
//! defaults.

use serde_json::Value;
use tau_protocol::Model;

/// Resolved compat settings of one model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Compat {
    /// The system prompt of reasoning models goes in a `developer` item (default true).
    pub supports_developer_role: bool,
    /// Tools may be sent with `strict` (default false: the field is left out).
    pub supports_strict_mode: bool,
    /// `max_output_tokens` is accepted (default true).
    pub supports_max_output_tokens: bool,
    /// A long cache retention may be asked for (default true).
    pub supports_long_cache_retention: bool,
    /// Caching is set with `prompt_cache_options` (default false).
    pub supports_explicit_prompt_cache_mode: bool,
    /// Effort changes travel as `configuration_update` items (default false).
    pub supports_mid_convo_effort: bool,
    /// System messages may appear mid-conversation (default false).
    pub supports_mid_convo_system_messages: bool,
    /// Tools may be declared in `additional_tools` input items (default false).
    pub supports_additional_tools: bool,
}

impl Compat {
    /// The settings of `model`.
    pub fn for_model(model: &Model) -> Self {
        let flag = |key: &str, default: bool| {
            model
                .compat
                .as_ref()
                .and_then(|compat| compat.get(key))
                .and_then(Value::as_bool)
                .unwrap_or(default)
        };
        Self {
            supports_developer_role: flag("supportsDeveloperRole", true),
            supports_strict_mode: flag("supportsStrictMode", false),
            supports_max_output_tokens: flag("supportsMaxOutputTokens", true),
            supports_long_cache_retention: flag("supportsLongCacheRetention", true),
            supports_explicit_prompt_cache_mode: flag("supportsExplicitPromptCacheMode", false),
            supports_mid_convo_effort: flag("supportsMidConvoEffort", false),
            supports_mid_convo_system_messages: flag("supportsMidConvoSystemMessages", false),
            supports_additional_tools: flag("supportsAdditionalTools", false),
        }
    }

    /// Whether tools are declared in the input (`additional_tools`) rather than in `tools`.
    pub fn tools_in_input(&self) -> bool {
        self.supports_mid_convo_system_messages && self.supports_additional_tools
    }
}
