//! `--models` scopes (and settings' `enabledModels`): several patterns, each an exact id,
//! a fuzzy match or a case-insensitive glob on `provider/id` or `id`, with an optional
//! `:level` (Pi's `resolveModelScopeFromModels`). Every model given is usable, so a pattern
//! that several providers offer adds each of them, with a warning.

use globset::GlobBuilder;
use tau_protocol::{Model, ThinkingLevel};

use super::resolve::{resolve_reference, split_thinking, Status, Suffix};

/// One model of a `--models` scope, with the level its pattern asked for.
#[derive(Debug, Clone, PartialEq)]
pub struct ScopedModel {
    /// The model.
    pub model: Model,
    /// Level from a `:level` suffix.
    pub thinking: Option<ThinkingLevel>,
}

/// Resolves `--models` patterns (exact ids, fuzzy matches, case-insensitive globs on
/// `provider/id` or `id`, optional `:level`) against `models`, which should be the
/// available ones. Returns the scope and warnings.
pub fn resolve_scope(patterns: &[String], models: &[Model]) -> (Vec<ScopedModel>, Vec<String>) {
    let mut scoped: Vec<ScopedModel> = Vec::new();
    let mut warnings = Vec::new();
    let all = |_: &str| true;
    let mut add = |model: &Model, thinking: Option<ThinkingLevel>| {
        if !scoped
            .iter()
            .any(|s| s.model.provider == model.provider && s.model.id == model.id)
        {
            scoped.push(ScopedModel {
                model: model.clone(),
                thinking,
            });
        }
    };
    let ambiguous = |pattern: &str, candidates: &[&Model]| {
        let mut providers: Vec<&str> = candidates.iter().map(|m| m.provider.as_str()).collect();
        providers.sort_unstable();
        providers.dedup();
        format!(
            "pattern \"{pattern}\" matches several providers: {}; use provider/id to choose one",
            providers.join(", ")
        )
    };
    for pattern in patterns {
        let is_glob = pattern.contains(['*', '?', '[']);
        let (matches, thinking): (Vec<&Model>, Option<ThinkingLevel>) = if is_glob {
            let (glob, thinking) =
                split_thinking(pattern).map_or((pattern.as_str(), None), |(b, l)| (b, Some(l)));
            // Ids such as `model[1m]` are not globs.
            let (exact, _) = resolve_reference(glob, None, Suffix::Keep, false, models, &all);
            let matches = match exact.status {
                Status::Resolved(model) => vec![model],
                Status::Ambiguous(candidates, _) => {
                    warnings.push(ambiguous(pattern, &candidates));
                    candidates
                }
                Status::NotFound => glob_matches(glob, models),
            };
            (matches, thinking)
        } else {
            let (outcome, _) =
                resolve_reference(pattern, None, Suffix::Lenient, true, models, &all);
            warnings.extend(outcome.warning.clone());
            let matches = match outcome.status {
                Status::Resolved(model) => vec![model],
                Status::Ambiguous(candidates, _) => {
                    warnings.push(ambiguous(pattern, &candidates));
                    candidates
                }
                Status::NotFound => Vec::new(),
            };
            (matches, outcome.thinking)
        };
        if matches.is_empty() {
            warnings.push(format!("no models match pattern \"{pattern}\""));
        }
        for model in matches {
            add(model, thinking);
        }
    }
    (scoped, warnings)
}

fn glob_matches<'a>(glob: &str, models: &'a [Model]) -> Vec<&'a Model> {
    let Ok(glob) = GlobBuilder::new(glob)
        .case_insensitive(true)
        .literal_separator(true)
        .build()
    else {
        return Vec::new();
    };
    let matcher = glob.compile_matcher();
    models
        .iter()
        .filter(|m| matcher.is_match(format!("{}/{}", m.provider, m.id)) || matcher.is_match(&m.id))
        .collect()
}
