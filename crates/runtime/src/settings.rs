//! The runtime's part of settings.json (Pi's global settings in the agent directory):
//! automatic retry and compaction. Unknown keys are ignored; a malformed file falls back to the defaults
//! with a warning, as Pi keeps running on a broken settings file.

use std::path::Path;

use serde::Deserialize;

use crate::compaction::settings::CompactionFile;
use crate::compaction::CompactionSettings;
use crate::retry::RetryPolicy;

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RetrySettings {
    enabled: Option<bool>,
    max_retries: Option<u32>,
    base_delay_ms: Option<u64>,
    max_agent_delay_ms: Option<u64>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct BranchSummarySettings {
    reserve_tokens: Option<u64>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct SettingsFile {
    #[serde(default)]
    retry: RetrySettings,
    #[serde(default)]
    compaction: CompactionFile,
    #[serde(default)]
    branch_summary: BranchSummarySettings,
}

/// Runtime settings read from settings.json.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RuntimeSettings {
    /// `retry.*`.
    pub retry: RetryPolicy,
    /// `compaction.*`.
    pub compaction: CompactionSettings,
}

impl RuntimeSettings {
    /// Reads `settings.json` from the agent directory; returns the settings and a warning
    /// when the file exists but cannot be used.
    pub fn load(agent_dir: &Path) -> (Self, Option<String>) {
        let path = agent_dir.join("settings.json");
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                return (Self::default(), None)
            }
            Err(error) => {
                return (
                    Self::default(),
                    Some(format!("cannot read {}: {error}", path.display())),
                )
            }
        };
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        if text.trim().is_empty() {
            return (Self::default(), None);
        }
        match serde_json::from_str::<SettingsFile>(text) {
            Ok(file) => (Self::from_file(file), None),
            Err(error) => (
                Self::default(),
                Some(format!(
                    "{}: {error}; retry and compaction settings use their defaults",
                    path.display()
                )),
            ),
        }
    }

    fn from_file(file: SettingsFile) -> Self {
        let defaults = RetryPolicy::default();
        let retry = file.retry;
        RuntimeSettings {
            retry: RetryPolicy {
                enabled: retry.enabled.unwrap_or(defaults.enabled),
                max_retries: retry.max_retries.unwrap_or(defaults.max_retries),
                base_delay_ms: retry.base_delay_ms.unwrap_or(defaults.base_delay_ms),
                max_delay_ms: retry.max_agent_delay_ms.unwrap_or(defaults.max_delay_ms),
            },
            compaction: CompactionSettings {
                branch_reserve_tokens: file
                    .branch_summary
                    .reserve_tokens
                    .unwrap_or(crate::compaction::settings::DEFAULT_RESERVE_TOKENS),
                ..CompactionSettings::from(file.compaction)
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_settings_override_defaults_field_by_field() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("settings.json"),
            r#"{"defaultModel":"x","retry":{"maxRetries":1,"baseDelayMs":10}}"#,
        )
        .unwrap();
        let (settings, warning) = RuntimeSettings::load(dir.path());
        assert_eq!(warning, None);
        assert_eq!(settings.retry.max_retries, 1);
        assert_eq!(settings.retry.base_delay_ms, 10);
        assert!(settings.retry.enabled);
        assert_eq!(settings.compaction, CompactionSettings::default());
    }

    #[test]
    fn compaction_settings_are_read() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("settings.json"),
            r#"{"compaction":{"enabled":false,"reserveTokens":1000,"keepRecentTokens":50},"branchSummary":{"reserveTokens":2000}}"#,
        )
        .unwrap();
        let (settings, warning) = RuntimeSettings::load(dir.path());
        assert_eq!(warning, None);
        let budget = settings.compaction.budget("p", "m");
        assert!(!budget.enabled);
        assert_eq!(budget.reserve_tokens, 1000);
        assert_eq!(budget.keep_recent_tokens, 50);
        assert_eq!(settings.compaction.branch_reserve_tokens, 2000);
    }

    #[test]
    fn missing_file_gives_defaults_and_broken_file_a_warning() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(
            RuntimeSettings::load(dir.path()),
            (RuntimeSettings::default(), None)
        );
        std::fs::write(dir.path().join("settings.json"), "{not json").unwrap();
        let (settings, warning) = RuntimeSettings::load(dir.path());
        assert_eq!(settings, RuntimeSettings::default());
        assert!(warning.unwrap().contains("settings.json"));
    }
}
