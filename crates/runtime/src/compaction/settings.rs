//! settings.json `compaction`: whether automatic compaction runs and its token budgets, with
//! Pi's per-model overrides (`compaction.modelOverrides["provider/modelId"]`).

use std::collections::BTreeMap;

use serde::Deserialize;

/// Pi's default `compaction.reserveTokens`.
pub const DEFAULT_RESERVE_TOKENS: u64 = 16_384;
/// Pi's default `compaction.keepRecentTokens`.
pub const DEFAULT_KEEP_RECENT_TOKENS: u64 = 20_000;

/// Token budgets one model overrides; an absent value falls back to the ordinary setting.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModelOverride {
    /// Overrides `reserveTokens`.
    #[serde(default)]
    pub reserve_tokens: Option<u64>,
    /// Overrides `keepRecentTokens`.
    #[serde(default)]
    pub keep_recent_tokens: Option<u64>,
}

/// The `compaction` settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompactionSettings {
    /// Compact automatically (threshold and overflow). `/compact` works either way.
    pub enabled: bool,
    /// Free context tokens below which automatic compaction starts.
    pub reserve_tokens: u64,
    /// Recent context tokens kept verbatim.
    pub keep_recent_tokens: u64,
    /// Per-model budgets keyed by exact `provider/modelId`.
    pub model_overrides: BTreeMap<String, ModelOverride>,
    /// `branchSummary.reserveTokens`: what a branch summary leaves of the context window for
    /// the prompt and the answer.
    pub branch_reserve_tokens: u64,
}

impl Default for CompactionSettings {
    fn default() -> Self {
        CompactionSettings {
            enabled: true,
            reserve_tokens: DEFAULT_RESERVE_TOKENS,
            keep_recent_tokens: DEFAULT_KEEP_RECENT_TOKENS,
            model_overrides: BTreeMap::new(),
            branch_reserve_tokens: DEFAULT_RESERVE_TOKENS,
        }
    }
}

/// The budgets in force for one model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CompactionBudget {
    /// Compact automatically.
    pub enabled: bool,
    /// Free tokens below which automatic compaction starts.
    pub reserve_tokens: u64,
    /// Recent tokens kept verbatim.
    pub keep_recent_tokens: u64,
}

impl CompactionSettings {
    /// The budgets for `provider/model_id`: each value from the model's override when it
    /// sets one, else the ordinary setting (Pi resolves them independently).
    pub fn budget(&self, provider: &str, model_id: &str) -> CompactionBudget {
        let key = format!("{provider}/{model_id}");
        let model = self.model_overrides.get(&key);
        CompactionBudget {
            enabled: self.enabled,
            reserve_tokens: model
                .and_then(|m| m.reserve_tokens)
                .unwrap_or(self.reserve_tokens),
            keep_recent_tokens: model
                .and_then(|m| m.keep_recent_tokens)
                .unwrap_or(self.keep_recent_tokens),
        }
    }
}

/// The `compaction` object as written in settings.json; every field optional.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CompactionFile {
    enabled: Option<bool>,
    reserve_tokens: Option<u64>,
    keep_recent_tokens: Option<u64>,
    #[serde(default)]
    model_overrides: BTreeMap<String, ModelOverride>,
}

impl From<CompactionFile> for CompactionSettings {
    fn from(file: CompactionFile) -> Self {
        let defaults = CompactionSettings::default();
        CompactionSettings {
            enabled: file.enabled.unwrap_or(defaults.enabled),
            reserve_tokens: file.reserve_tokens.unwrap_or(defaults.reserve_tokens),
            keep_recent_tokens: file
                .keep_recent_tokens
                .unwrap_or(defaults.keep_recent_tokens),
            model_overrides: file.model_overrides,
            branch_reserve_tokens: defaults.branch_reserve_tokens,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn model_overrides_fall_back_value_by_value() {
        let file: CompactionFile = serde_json::from_str(
            r#"{"keepRecentTokens": 500, "modelOverrides": {"p/big/model": {"reserveTokens": 400000}}}"#,
        )
        .unwrap();
        let settings = CompactionSettings::from(file);
        assert_eq!(
            settings.budget("p", "big/model"),
            CompactionBudget {
                enabled: true,
                reserve_tokens: 400_000,
                keep_recent_tokens: 500,
            }
        );
        assert_eq!(
            settings.budget("p", "other"),
            CompactionBudget {
                enabled: true,
                reserve_tokens: DEFAULT_RESERVE_TOKENS,
                keep_recent_tokens: 500,
            }
        );
    }
}
