//! What `/scoped-models` does to the session: it opens on the available models with the
//! scope Ctrl+P cycles through now checked; a change applies to this session at once (as
//! Pi's `setScopedModels`), and Ctrl+S writes `enabledModels` to the agent's settings.json
//! (removed when every model is enabled, as Pi saves it).

use std::sync::Arc;

use serde_json::json;

use super::bridge::AppEvent;
use super::runner::Runner;
use super::scoped_models::ModelEntry;

/// Lists the models and opens the selector.
pub async fn open(runner: &Runner) -> Result<(), String> {
    let registry = runner.controls.registry().await?;
    let models: Vec<ModelEntry> = registry
        .available()
        .into_iter()
        .map(|m| ModelEntry {
            provider: m.provider.clone(),
            id: m.id.clone(),
            name: m.name.clone(),
        })
        .collect();
    let patterns = runner.controls.scope_patterns(&registry);
    let enabled = (!patterns.is_empty()).then(|| {
        registry
            .scope(&patterns)
            .0
            .into_iter()
            .map(|s| format!("{}/{}", s.model.provider, s.model.id))
            .collect::<Vec<_>>()
    });
    runner.send_event(AppEvent::ScopedModels { models, enabled });
    Ok(())
}

/// The `provider/id` of every model with credentials; `None` (after saying why) when
/// models.json cannot be read.
async fn available_ids(runner: &Runner) -> Option<Vec<String>> {
    match runner.controls.registry().await {
        Ok(registry) => Some(
            registry
                .available()
                .iter()
                .map(|m| format!("{}/{}", m.provider, m.id))
                .collect(),
        ),
        Err(error) => {
            runner.send_event(AppEvent::Error(error));
            None
        }
    }
}

/// This session cycles through `enabled` from now on: all models when none of them is
/// available or when they are all enabled.
pub fn session_scope(runner: &Arc<Runner>, enabled: Option<Vec<String>>) {
    let runner = runner.clone();
    tokio::spawn(async move {
        let Some(available) = available_ids(&runner).await else {
            return;
        };
        let scope = enabled.filter(|ids| {
            ids.iter().any(|id| available.contains(id))
                && !available.iter().all(|a| ids.contains(a))
        });
        runner
            .controls
            .set_session_scope(Some(scope.unwrap_or_default()));
    });
}

/// Ctrl+S: `enabledModels` in settings.json.
pub fn save(runner: &Arc<Runner>, enabled: Option<Vec<String>>) {
    let runner = runner.clone();
    tokio::spawn(async move {
        let Some(available) = available_ids(&runner).await else {
            return;
        };
        let all = enabled.as_ref().is_none_or(|ids| {
            ids.len() == available.len() && ids.iter().all(|id| available.contains(id))
        });
        let value = (!all).then(|| json!(enabled.unwrap_or_default()));
        let agent_dir = runner.controls.agent_dir.clone();
        let saved = tokio::task::spawn_blocking(move || match value {
            Some(value) => tau_app::settings_file::set(&agent_dir, "enabledModels", value),
            None => tau_app::settings_file::remove(&agent_dir, "enabledModels"),
        })
        .await
        .unwrap_or_else(|error| Err(error.to_string()));
        match saved {
            Ok(()) => {
                runner.send_event(AppEvent::Notice("Model selection saved to settings".into()))
            }
            Err(error) => runner.send_event(AppEvent::Error(error)),
        }
    });
}
