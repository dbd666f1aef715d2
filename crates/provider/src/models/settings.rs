//! The model-related part of the agent directory's settings.json (Pi's global settings):
//! the saved default model and thinking levels, and the `enabledModels` scope. Other
//! settings are ignored here.

use std::collections::HashMap;
use std::path::Path;

use serde::Deserialize;
use tau_protocol::ThinkingLevel;

use super::config::{message_of, ModelsError};

/// Model settings from settings.json.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModelSettings {
    /// Provider of the startup model.
    pub default_provider: Option<String>,
    /// Id of the startup model.
    pub default_model: Option<String>,
    /// Startup thinking level (Pi's default when unset: `medium`).
    pub default_thinking_level: Option<ThinkingLevel>,
    /// Startup thinking level per exact `provider/modelId`.
    #[serde(default)]
    pub model_thinking_levels: HashMap<String, ThinkingLevel>,
    /// Model patterns for startup selection, in `--models` format.
    pub enabled_models: Option<Vec<String>>,
}

impl ModelSettings {
    /// Reads `settings.json`; a missing file gives the defaults, a broken one the defaults
    /// and an error to report.
    pub fn load(path: &Path) -> (Self, Option<ModelsError>) {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                return (Self::default(), None)
            }
            Err(source) => {
                let error = ModelsError::Read {
                    path: path.to_owned(),
                    source,
                };
                return (Self::default(), Some(error));
            }
        };
        match Self::parse(&text, path) {
            Ok(settings) => (settings, None),
            Err(error) => (Self::default(), Some(error)),
        }
    }

    /// Parses settings text; `path` names the file in errors.
    pub fn parse(text: &str, path: &Path) -> Result<Self, ModelsError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if text.trim().is_empty() {
            return Ok(Self::default());
        }
        if let Err(error) = serde_json::from_str::<serde::de::IgnoredAny>(text) {
            return Err(ModelsError::Syntax {
                path: path.to_owned(),
                line: error.line(),
                column: error.column(),
                message: message_of(&error),
            });
        }
        let mut deserializer = serde_json::Deserializer::from_str(text);
        serde_path_to_error::deserialize(&mut deserializer).map_err(|error| {
            let field = error.path().to_string();
            let inner = error.into_inner();
            ModelsError::Schema {
                path: path.to_owned(),
                line: inner.line(),
                column: inner.column(),
                field,
                message: message_of(&inner),
            }
        })
    }

    /// The saved thinking level for one model, else the saved default.
    pub fn thinking_for(&self, provider: &str, id: &str) -> Option<ThinkingLevel> {
        self.model_thinking_levels
            .get(&format!("{provider}/{id}"))
            .copied()
            .or(self.default_thinking_level)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_model_fields_and_ignores_the_rest() {
        let text = r#"{"theme": "dark", "defaultProvider": "anthropic", "defaultModel": "claude-sonnet-5-5",
            "defaultThinkingLevel": "high", "modelThinkingLevels": {"openai/gpt-5": "low"},
            "enabledModels": ["sonnet", "gpt-5:low"]}"#;
        let settings = ModelSettings::parse(text, Path::new("settings.json")).unwrap();
        assert_eq!(settings.default_provider.as_deref(), Some("anthropic"));
        assert_eq!(settings.default_model.as_deref(), Some("claude-sonnet-5-5"));
        assert_eq!(
            settings.thinking_for("openai", "gpt-5"),
            Some(ThinkingLevel::Low)
        );
        assert_eq!(
            settings.thinking_for("openai", "o3"),
            Some(ThinkingLevel::High)
        );
        assert_eq!(
            settings.enabled_models,
            Some(vec!["sonnet".into(), "gpt-5:low".into()])
        );
    }

    #[test]
    fn a_bad_level_names_the_field_and_position() {
        let error = ModelSettings::parse(
            "{\n  \"defaultThinkingLevel\": \"huge\"\n}",
            Path::new("/a/settings.json"),
        )
        .unwrap_err()
        .to_string();
        assert!(error.starts_with("/a/settings.json:2:"), "{error}");
        assert!(
            error.contains("defaultThinkingLevel: unknown variant `huge`"),
            "{error}"
        );
    }

    #[test]
    fn missing_file_is_fine() {
        let dir = tempfile::tempdir().unwrap();
        let (settings, error) = ModelSettings::load(&dir.path().join("settings.json"));
        assert!(error.is_none());
        assert_eq!(settings, ModelSettings::default());
    }
}
