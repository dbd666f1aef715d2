//! Per-model switches of the `anthropic-messages` API, read from the model's `compat`
//! (pi-ai `getAnthropicCompat` plus the flags it reads directly), with pi-ai's defaults.

use serde_json::Value;
use tau_protocol::model::ModelCost;
use tau_protocol::Model;

/// A model Anthropic may answer with instead of the one asked (server-side fallback), with
/// its local prices.
#[derive(Debug, Clone, PartialEq)]
pub struct FallbackModel {
    /// Provider id the fallback belongs to.
    pub provider: String,
    /// Model id Anthropic reports when it answered.
    pub model: String,
    /// Prices used for its usage.
    pub cost: Option<ModelCost>,
}

/// Resolved compat settings.
#[derive(Debug, Clone, PartialEq)]
pub struct Compat {
    /// Tools carry `eager_input_streaming: true` (else the fine-grained streaming beta).
    pub supports_eager_tool_input_streaming: bool,
    /// `PI_CACHE_RETENTION=long` may ask for one-hour cache entries.
    pub supports_long_cache_retention: bool,
    /// The last tool gets a cache marker.
    pub supports_cache_control_on_tools: bool,
    /// Thinking without a signature is replayed as thinking with `signature: ""`.
    pub allow_empty_signature: bool,
    /// Tools that ask for constrained sampling may be sent `strict: true`.
    pub supports_strict_tools: bool,
    /// System messages may follow the start of the conversation.
    pub supports_mid_convo_system_messages: bool,
    /// Tools may change mid-conversation (`tool_addition` blocks and a fixed tool list).
    pub supports_mid_convo_tool_changes: bool,
    /// The reasoning effort is set per reply by system messages carrying `output_config`.
    pub supports_mid_convo_effort: bool,
    /// Thinking is adaptive (an effort level) instead of a token budget.
    pub force_adaptive_thinking: bool,
    /// Models Anthropic may fall back to.
    pub allowed_fallback_models: Vec<FallbackModel>,
    /// An OpenRouter model: its streamed usage carries the billed cost.
    pub is_openrouter: bool,
}

impl Compat {
    /// The settings of `model`.
    pub fn for_model(model: &Model) -> Self {
        let compat = model.compat.as_ref();
        let flag = |key: &str, default: bool| {
            compat
                .and_then(|compat| compat.get(key))
                .and_then(Value::as_bool)
                .unwrap_or(default)
        };
        let allowed_fallback_models = compat
            .and_then(|compat| compat.get("allowedFallbackModels"))
            .and_then(Value::as_array)
            .map(|list| list.iter().filter_map(fallback_model).collect())
            .unwrap_or_default();
        Self {
            supports_eager_tool_input_streaming: flag("supportsEagerToolInputStreaming", true),
            supports_long_cache_retention: flag("supportsLongCacheRetention", true),
            supports_cache_control_on_tools: flag("supportsCacheControlOnTools", true),
            allow_empty_signature: flag("allowEmptySignature", false),
            supports_strict_tools: flag("supportsStrictTools", false),
            supports_mid_convo_system_messages: flag("supportsMidConvoSystemMessages", false),
            supports_mid_convo_tool_changes: flag("supportsMidConvoToolChanges", false),
            supports_mid_convo_effort: flag("supportsMidConvoEffort", false),
            force_adaptive_thinking: flag("forceAdaptiveThinking", false),
            allowed_fallback_models,
            is_openrouter: model.provider == "openrouter"
                || model.base_url.contains("openrouter.ai"),
        }
    }

    /// The prices of `response_model` when it is an allowed fallback of `model`.
    pub fn fallback_cost(&self, model: &Model, response_model: &str) -> Option<ModelCost> {
        self.allowed_fallback_models
            .iter()
            .find(|fallback| {
                fallback.provider == model.provider && fallback.model == response_model
            })
            .and_then(|fallback| fallback.cost.clone())
    }
}

fn fallback_model(entry: &Value) -> Option<FallbackModel> {
    Some(FallbackModel {
        provider: entry.get("provider")?.as_str()?.to_owned(),
        model: entry.get("model")?.as_str()?.to_owned(),
        cost: entry
            .get("cost")
            .and_then(|cost| serde_json::from_value(cost.clone()).ok()),
    })
}
