//! Model descriptions (pi-ai's `Model`) and thinking levels.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Pi's thinking levels, from none to the most a model offers.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum ThinkingLevel {
    /// No reasoning.
    #[default]
    Off,
    /// Least reasoning.
    Minimal,
    /// Low.
    Low,
    /// Medium.
    Medium,
    /// High.
    High,
    /// Extra high (selected models).
    Xhigh,
    /// Maximum (selected models).
    Max,
}

impl ThinkingLevel {
    /// Every level, in increasing order.
    pub const ALL: [ThinkingLevel; 7] = [
        ThinkingLevel::Off,
        ThinkingLevel::Minimal,
        ThinkingLevel::Low,
        ThinkingLevel::Medium,
        ThinkingLevel::High,
        ThinkingLevel::Xhigh,
        ThinkingLevel::Max,
    ];

    /// The name Pi uses on the command line and in files.
    pub fn as_str(self) -> &'static str {
        match self {
            ThinkingLevel::Off => "off",
            ThinkingLevel::Minimal => "minimal",
            ThinkingLevel::Low => "low",
            ThinkingLevel::Medium => "medium",
            ThinkingLevel::High => "high",
            ThinkingLevel::Xhigh => "xhigh",
            ThinkingLevel::Max => "max",
        }
    }

    /// Parses a level name; `None` for anything else.
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|level| level.as_str() == name)
    }
}

/// Price per million tokens.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModelCost {
    /// Input.
    #[serde(default)]
    pub input: f64,
    /// Output.
    #[serde(default)]
    pub output: f64,
    /// Cache reads.
    #[serde(default)]
    pub cache_read: f64,
    /// Cache writes.
    #[serde(default)]
    pub cache_write: f64,
}

/// A chat model a provider serves.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Model {
    /// Model id sent to the provider.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Wire protocol, e.g. `openai-completions`, `anthropic-messages`, `scripted`.
    pub api: String,
    /// Provider id.
    pub provider: String,
    /// API base URL.
    #[serde(default)]
    pub base_url: String,
    /// Whether the model can reason.
    #[serde(default)]
    pub reasoning: bool,
    /// Input modalities: `text`, `image`.
    #[serde(default)]
    pub input: Vec<String>,
    /// Prices.
    #[serde(default)]
    pub cost: ModelCost,
    /// Context window in tokens.
    #[serde(default)]
    pub context_window: u64,
    /// Output token limit.
    #[serde(default)]
    pub max_tokens: u64,
    /// Extra request headers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub headers: Option<serde_json::Map<String, Value>>,
    /// Provider compatibility overrides, opaque here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compat: Option<Value>,
    /// Per-level provider values; `null` marks a level unsupported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thinking_level_map: Option<Value>,
}
