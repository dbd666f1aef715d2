//! Choosing the provider and model for a run. The scripted model is built in; the real
//! providers arrive with models.json support.

use std::sync::Arc;

use tau_protocol::{Model, ThinkingLevel};
use tau_provider::scripted::{scripted_model, ScriptedProvider};
use tau_provider::Provider;

use crate::args::Args;

/// The provider, model and thinking level a run uses.
pub struct Selection {
    /// Who answers.
    pub provider: Arc<dyn Provider>,
    /// Which model.
    pub model: Model,
    /// Requested reasoning level.
    pub thinking: ThinkingLevel,
}

const NO_MODEL: &str = "no model configured; run `tau --model scripted/demo -p \"hi\"` for the built-in offline demo, or pass --script <file> to play your own script";

/// Picks the model from `--script`, `--model` and `--thinking`.
pub fn select(args: &Args) -> Result<Selection, String> {
    let (spec, suffix_level) = match &args.model {
        Some(spec) => match spec.rsplit_once(':') {
            Some((base, level)) if ThinkingLevel::parse(level).is_some() => {
                (Some(base), ThinkingLevel::parse(level))
            }
            _ => (Some(spec.as_str()), None),
        },
        None => (None, None),
    };
    let thinking = match &args.thinking {
        Some(level) => ThinkingLevel::parse(level).ok_or_else(|| {
            format!("invalid thinking level \"{level}\"; use off, minimal, low, medium, high, xhigh or max")
        })?,
        None => suffix_level.unwrap_or_default(),
    };
    let (provider, model): (Arc<dyn Provider>, Model) = if let Some(path) = &args.script {
        let provider = ScriptedProvider::from_file(path).map_err(|error| error.to_string())?;
        (
            Arc::new(provider),
            scripted_model(&path.display().to_string()),
        )
    } else {
        let spec = spec.ok_or_else(|| NO_MODEL.to_string())?;
        let (provider_name, id) = match spec.split_once('/') {
            Some((provider, id)) => (provider, id),
            None => (args.provider.as_deref().unwrap_or(""), spec),
        };
        if provider_name != "scripted" {
            return Err(format!(
                "unknown model \"{spec}\": only the built-in scripted provider is available in this build; try --model scripted/demo"
            ));
        }
        let provider = ScriptedProvider::builtin(id).map_err(|error| error.to_string())?;
        (Arc::new(provider), scripted_model(id))
    };
    Ok(Selection {
        provider,
        model,
        thinking,
    })
}
