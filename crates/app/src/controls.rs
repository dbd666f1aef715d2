//! Pi's model and thinking-level controls of a live session (`setModel`, `cycleModel`,
//! `setThinkingLevel`, `cycleThinkingLevel`): the level is clamped to the model, a model
//! needs credentials, and the extensions hear `model_select` / `thinking_level_select`.
//! RPC commands and the terminal UI's keys and selectors use the same rules.

use std::path::PathBuf;
use std::sync::Arc;

use serde_json::json;
use tau_protocol::{Model, ThinkingLevel};
use tau_provider::models::{clamp_thinking, supported_thinking_levels, ModelRegistry};

use crate::current::Current;
use crate::extensions::Extensions;
use crate::model::model_json;

/// Called with the new level whenever the thinking level changed.
pub type ThinkingChanged = Arc<dyn Fn(ThinkingLevel) + Send + Sync>;

/// The controls of one session.
#[derive(Clone)]
pub struct Controls {
    /// The live session.
    pub current: Current,
    /// The extensions that hear the changes.
    pub extensions: Option<Arc<Extensions>>,
    /// Where models.json and settings.json are read.
    pub agent_dir: PathBuf,
    /// `--models` patterns: the scope model cycling goes through.
    pub model_scope: Option<Vec<String>>,
    /// The scope chosen in this session (`/scoped-models`), over `--models` and the
    /// settings' `enabledModels` until the session ends; an empty list cycles every model.
    pub session_scope: SessionScope,
    /// Told about every thinking-level change (RPC writes a record).
    pub on_thinking_changed: Option<ThinkingChanged>,
}

/// A scope chosen while the session runs, shared by every clone of the controls.
pub type SessionScope = Arc<std::sync::Mutex<Option<Vec<String>>>>;

/// Where model cycling landed.
#[derive(Debug, Clone)]
pub struct Cycled {
    /// The model now in use.
    pub model: Model,
    /// The thinking level now in use.
    pub thinking_level: ThinkingLevel,
    /// True when the cycle went through a scope (`--models`, `enabledModels`).
    pub scoped: bool,
}

impl Controls {
    /// The model registry, read afresh (models.json may have changed).
    pub async fn registry(&self) -> Result<ModelRegistry, String> {
        let agent_dir = self.agent_dir.clone();
        tokio::task::spawn_blocking(move || ModelRegistry::load(&agent_dir).0)
            .await
            .map_err(|error| error.to_string())
    }

    /// The patterns Ctrl+P cycles through: this session's choice, else `--models`, else the
    /// settings' `enabledModels`; empty for every model.
    pub fn scope_patterns(&self, registry: &ModelRegistry) -> Vec<String> {
        let chosen = self
            .session_scope
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone();
        chosen
            .or_else(|| self.model_scope.clone())
            .or_else(|| registry.settings().enabled_models.clone())
            .unwrap_or_default()
    }

    /// Replaces this session's scope (`None`: back to `--models` / the settings).
    pub fn set_session_scope(&self, patterns: Option<Vec<String>>) {
        *self
            .session_scope
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = patterns;
    }

    /// Sets the level (clamped to the model); returns it when it changed.
    pub async fn set_thinking(&self, level: ThinkingLevel) -> Option<ThinkingLevel> {
        let runtime = self.current.get();
        let config = runtime.config();
        let level = clamp_thinking(&config.model, level);
        let previous = config.thinking_level;
        if previous == level {
            return None;
        }
        runtime.set_thinking_level(level);
        if let Some(changed) = &self.on_thinking_changed {
            changed(level);
        }
        if let Some(extensions) = &self.extensions {
            let event = json!({
                "type": "thinking_level_select",
                "level": level.as_str(),
                "previousLevel": previous.as_str(),
            });
            // Not awaited, as in Pi: a handler that opens a dialog must not hold things up.
            let hooks = extensions.hooks.clone();
            tokio::spawn(async move { hooks.notify(event).await });
        }
        Some(level)
    }

    /// The next level the model supports; `None` when the model does not reason.
    pub async fn cycle_thinking(&self) -> Option<ThinkingLevel> {
        let config = self.current.get().config();
        if !config.model.reasoning {
            return None;
        }
        let levels = supported_thinking_levels(&config.model);
        let next = levels
            .iter()
            .position(|l| *l == config.thinking_level)
            .map_or(0, |index| (index + 1) % levels.len());
        let level = levels.get(next).copied().unwrap_or(ThinkingLevel::Off);
        self.set_thinking(level).await;
        Some(self.current.get().config().thinking_level)
    }

    /// Switches to `model` (which must have credentials), keeping the thinking level as far
    /// as the model allows (or taking `level`); tells the extensions.
    pub async fn switch(
        &self,
        registry: &ModelRegistry,
        model: &Model,
        level: Option<ThinkingLevel>,
        source: &str,
    ) -> Result<(), String> {
        let selection = crate::model::switch_to(registry, &model.provider, &model.id)
            .ok_or_else(|| format!("No API key for {}/{}", model.provider, model.id))?;
        let runtime = self.current.get();
        let previous = runtime.config().model;
        let level = level.unwrap_or(runtime.config().thinking_level);
        runtime.set_model(selection.provider, selection.model, selection.api_key);
        self.set_thinking(level).await;
        // Pi announces a switch only when the provider or id changes (`modelsAreEqual`).
        let changed = previous.provider != model.provider || previous.id != model.id;
        if let (Some(extensions), true) = (&self.extensions, changed) {
            let event = json!({
                "type": "model_select",
                "model": model_json(model),
                "previousModel": model_json(&previous),
                "source": source,
            });
            extensions.hooks.notify(event).await;
        }
        Ok(())
    }

    /// Switches to `provider/id`.
    pub async fn set_model(&self, provider: &str, id: &str) -> Result<Model, String> {
        let registry = self.registry().await?;
        let model = registry
            .available()
            .into_iter()
            .find(|m| m.provider == provider && m.id == id)
            .cloned()
            .ok_or_else(|| format!("Model not found: {provider}/{id}"))?;
        self.switch(&registry, &model, None, "set").await?;
        Ok(model)
    }

    /// The next (or previous) model of the scope (or of every model with credentials);
    /// `None` when there is nothing to cycle to.
    pub async fn cycle_model(&self, forward: bool) -> Result<Option<Cycled>, String> {
        let registry = self.registry().await?;
        let available: Vec<Model> = registry.available().into_iter().cloned().collect();
        let patterns = self.scope_patterns(&registry);
        let scoped = !patterns.is_empty();
        let candidates: Vec<(Model, Option<ThinkingLevel>)> = if scoped {
            let (models, _) = registry.scope(&patterns);
            models
                .into_iter()
                .filter(|s| {
                    available
                        .iter()
                        .any(|m| m.provider == s.model.provider && m.id == s.model.id)
                })
                .map(|s| (s.model, s.thinking))
                .collect()
        } else {
            available.into_iter().map(|m| (m, None)).collect()
        };
        let current = self.current.get().config().model;
        let index = candidates
            .iter()
            .position(|(m, _)| m.provider == current.provider && m.id == current.id);
        let count = candidates.len();
        let next = match index {
            Some(_) if count <= 1 => return Ok(None),
            Some(index) if forward => (index + 1) % count,
            Some(index) => (index + count - 1) % count,
            None if count == 0 => return Ok(None),
            None => 0,
        };
        let (model, level) = candidates[next].clone();
        self.switch(&registry, &model, level, "cycle").await?;
        Ok(Some(Cycled {
            model,
            thinking_level: self.current.get().config().thinking_level,
            scoped,
        }))
    }
}
