//! Turning a `--model` pattern into a model, with Pi's rules
//! (model-resolver.js):
//!
//! 1. An exact `provider/id` or an exact id (case-insensitive). When several providers
//!    offer the id, a provider with credentials wins; a `provider/` prefix wins when that
//!    provider has credentials or none does.
//! 2. Else a fuzzy match: ids and names containing the text. Aliases beat dated ids
//!    (`claude-sonnet-4-5` over `claude-sonnet-4-5-20250929`), then the highest id wins.
//! 3. Else a trailing `:<thinking level>` is split off and the rest resolved again.
//! 4. A `provider/unknown-id` for a known provider becomes a custom model id on that
//!    provider, with a warning; anything else is not found.

use std::cmp::Ordering;

use feruca::{Collator, Locale, Tailoring};
use tau_protocol::{Model, ThinkingLevel};

use super::catalog::default_model_id;

/// A resolved `--model` pattern.
#[derive(Debug, Clone, PartialEq)]
pub struct Resolved {
    /// The model.
    pub model: Model,
    /// Level from a `:level` suffix.
    pub thinking: Option<ThinkingLevel>,
    /// Something to tell the user (a custom model id was assumed).
    pub warning: Option<String>,
}

/// Options of [`resolve_cli_model`].
#[derive(Debug, Clone, Copy, Default)]
pub struct ResolveOptions<'a> {
    /// `--provider`: only this provider's models.
    pub provider: Option<&'a str>,
    /// `--thinking`: when given, a `:level` suffix of an unknown model stays part of its id.
    pub thinking: Option<ThinkingLevel>,
    /// `--api-key` was given: it goes to whichever provider is chosen, so credentials must
    /// not choose between providers.
    pub inline_api_key: bool,
}

/// Why several providers' models matched, for the hint of [`ResolveError::Ambiguous`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AmbiguityHint {
    /// `--api-key` was given.
    InlineKey,
    /// No matching provider has credentials.
    NoneAuthenticated,
    /// Several matching providers have credentials.
    SeveralAuthenticated,
}

impl AmbiguityHint {
    fn text(self) -> &'static str {
        match self {
            AmbiguityHint::InlineKey => "--api-key does not choose a provider",
            AmbiguityHint::NoneAuthenticated => "no matching provider is authenticated",
            AmbiguityHint::SeveralAuthenticated => {
                "more than one matching provider is authenticated"
            }
        }
    }
}

/// A `--model` pattern that does not name one model.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResolveError {
    /// `--provider` names no known provider.
    #[error("unknown provider \"{provider}\"; run tau --list-models to see available providers and models")]
    UnknownProvider {
        /// As given.
        provider: String,
    },
    /// Models of several providers match.
    #[error("model \"{pattern}\" is ambiguous across providers: {}; {}; pass --provider or use provider/model", candidates.join(", "), hint.text())]
    Ambiguous {
        /// As given.
        pattern: String,
        /// `provider/id` of each match, sorted.
        candidates: Vec<String>,
        /// Why credentials did not decide.
        hint: AmbiguityHint,
    },
    /// Nothing matches.
    #[error("model \"{pattern}\" not found; run tau --list-models to see available models")]
    NotFound {
        /// As given.
        pattern: String,
    },
}

/// How a `:suffix` is treated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Suffix {
    /// Not split off.
    Keep,
    /// Split when it is a level; otherwise split off with a warning.
    Lenient,
    /// Split only when it is a level.
    Strict,
}

pub(super) enum Status<'a> {
    Resolved(&'a Model),
    Ambiguous(Vec<&'a Model>, usize),
    NotFound,
}

pub(super) struct Outcome<'a> {
    pub(super) status: Status<'a>,
    pub(super) thinking: Option<ThinkingLevel>,
    pub(super) warning: Option<String>,
}

impl<'a> Outcome<'a> {
    fn of(status: Status<'a>) -> Self {
        Outcome {
            status,
            thinking: None,
            warning: None,
        }
    }
}

/// A known provider that an unknown `provider/id` pointed at.
pub(super) struct Target<'a> {
    anchor: &'a Model,
    models: Vec<&'a Model>,
    model_text: String,
    model_id: String,
    thinking: Option<ThinkingLevel>,
}

fn lower(text: &str) -> String {
    text.to_lowercase()
}

pub(super) fn split_thinking(text: &str) -> Option<(&str, ThinkingLevel)> {
    let (base, suffix) = text.rsplit_once(':')?;
    ThinkingLevel::parse(suffix).map(|level| (base, level))
}

/// The longest known provider id that prefixes `text` before a `/` (ids may contain `/`).
fn split_provider<'a>(text: &str, models: &[&'a Model]) -> Option<(&'a str, String)> {
    // ASCII lowercasing keeps byte offsets valid in `text`.
    let lowered = text.to_ascii_lowercase();
    let mut best: Option<(&'a str, String)> = None;
    for model in models {
        let provider = model.provider.as_str();
        let prefix = provider.trim().to_ascii_lowercase();
        if prefix.is_empty()
            || best
                .as_ref()
                .is_some_and(|(p, _)| p.len() >= provider.len())
        {
            continue;
        }
        let Some(slash) = lowered.get(prefix.len()..).and_then(|rest| rest.find('/')) else {
            continue;
        };
        let slash = slash + prefix.len();
        if lowered[..slash].trim() != prefix {
            continue;
        }
        let model_text = text[slash + 1..].trim();
        if !model_text.is_empty() {
            best = Some((provider, model_text.to_owned()));
        }
    }
    best
}

fn fuzzy_matches<'a>(text: &str, models: &[&'a Model]) -> Vec<&'a Model> {
    let needle = lower(text);
    models
        .iter()
        .copied()
        .filter(|m| lower(&m.id).contains(&needle) || lower(&m.name).contains(&needle))
        .collect()
}

fn is_alias(id: &str) -> bool {
    let dated = id.len() > 9 && {
        let tail = &id.as_bytes()[id.len() - 9..];
        tail[0] == b'-' && tail[1..].iter().all(u8::is_ascii_digit)
    };
    id.ends_with("-latest") || !dated
}

/// JavaScript's `localeCompare` for ids: Unicode collation, then code points.
pub(super) fn locale_compare(collator: &mut Collator, a: &str, b: &str) -> Ordering {
    collator.collate(a, b)
}

pub(super) fn collator() -> Collator {
    Collator::new(Tailoring::Cldr(Locale::Root), false, true)
}

/// Aliases first, then the highest id; the first of equal ids wins.
fn best_fuzzy<'a>(matches: &[&'a Model]) -> Option<&'a Model> {
    let aliases: Vec<&Model> = matches
        .iter()
        .copied()
        .filter(|m| is_alias(&m.id))
        .collect();
    let pool = if aliases.is_empty() {
        matches.to_vec()
    } else {
        aliases
    };
    let mut collator = collator();
    let mut best: Option<&Model> = None;
    for model in pool {
        if best.is_none_or(|b| locale_compare(&mut collator, &model.id, &b.id) == Ordering::Greater)
        {
            best = Some(model);
        }
    }
    best
}

fn one_provider(models: &[&Model]) -> bool {
    models
        .windows(2)
        .all(|pair| pair[0].provider == pair[1].provider)
}

fn select_reference<'a>(
    text: &str,
    pool: &[&'a Model],
    fuzzy: bool,
    usable: &dyn Fn(&str) -> bool,
) -> Option<Outcome<'a>> {
    let needle = lower(text);
    let raw: Vec<&Model> = pool
        .iter()
        .copied()
        .filter(|m| lower(&m.id) == needle)
        .collect();
    let named = split_provider(text, pool).and_then(|(provider, model_text)| {
        let own: Vec<&Model> = pool
            .iter()
            .copied()
            .filter(|m| m.provider == provider)
            .collect();
        let wanted = lower(&model_text);
        own.iter()
            .copied()
            .find(|m| lower(&m.id) == wanted)
            .or_else(|| raw.iter().copied().find(|m| m.provider == provider))
            .or_else(|| {
                fuzzy
                    .then(|| best_fuzzy(&fuzzy_matches(&model_text, &own)))
                    .flatten()
            })
    });
    let others: Vec<&Model> = raw
        .into_iter()
        .filter(|m| !named.is_some_and(|n| std::ptr::eq(n, *m)))
        .collect();
    let candidates: Vec<&Model> = named.into_iter().chain(others.iter().copied()).collect();
    let first = *candidates.first()?;
    if one_provider(&candidates) {
        return Some(Outcome::of(Status::Resolved(first)));
    }
    if let Some(named) = named.filter(|n| usable(&n.provider)) {
        return Some(Outcome::of(Status::Resolved(named)));
    }
    let usable_others: Vec<&Model> = others
        .iter()
        .copied()
        .filter(|m| usable(&m.provider))
        .collect();
    match (usable_others.as_slice(), named) {
        ([only], _) => Some(Outcome::of(Status::Resolved(only))),
        ([], Some(named)) => Some(Outcome::of(Status::Resolved(named))),
        _ => Some(Outcome::of(Status::Ambiguous(
            candidates,
            usable_others.len(),
        ))),
    }
}

fn select_fuzzy<'a>(matches: Vec<&'a Model>, usable: &dyn Fn(&str) -> bool) -> Option<Outcome<'a>> {
    if matches.is_empty() {
        return None;
    }
    let usable_matches: Vec<&Model> = if one_provider(&matches) {
        Vec::new()
    } else {
        matches
            .iter()
            .copied()
            .filter(|m| usable(&m.provider))
            .collect()
    };
    let pool = if usable_matches.is_empty() {
        &matches
    } else {
        &usable_matches
    };
    let best = best_fuzzy(pool)?;
    let tied: Vec<&Model> = pool.iter().copied().filter(|m| m.id == best.id).collect();
    if one_provider(&tied) {
        return Some(Outcome::of(Status::Resolved(best)));
    }
    let usable_count = if usable_matches.is_empty() {
        0
    } else {
        tied.len()
    };
    Some(Outcome::of(Status::Ambiguous(tied, usable_count)))
}

fn resolve_text<'a>(
    text: &str,
    suffix: Suffix,
    fuzzy: bool,
    pool: &[&'a Model],
    usable: &dyn Fn(&str) -> bool,
) -> Outcome<'a> {
    if let Some(outcome) = select_reference(text, pool, fuzzy, usable) {
        return outcome;
    }
    if fuzzy {
        if let Some(outcome) = select_fuzzy(fuzzy_matches(text, pool), usable) {
            return outcome;
        }
    }
    if suffix == Suffix::Keep {
        return Outcome::of(Status::NotFound);
    }
    if let Some((base, level)) = split_thinking(text) {
        let inner = resolve_text(base, suffix, fuzzy, pool, usable);
        if matches!(inner.status, Status::NotFound) {
            return inner;
        }
        let thinking = if inner.warning.is_some() {
            None
        } else {
            Some(level)
        };
        return Outcome { thinking, ..inner };
    }
    // Strict: keep an invalid suffix as part of the id and fail, rather than resolve another
    // model.
    let Some((base, bad)) = text.rsplit_once(':').filter(|_| suffix == Suffix::Lenient) else {
        return Outcome::of(Status::NotFound);
    };
    let inner = resolve_text(base, suffix, fuzzy, pool, usable);
    if matches!(inner.status, Status::NotFound) {
        return inner;
    }
    Outcome {
        thinking: None,
        warning: Some(format!(
            "invalid thinking level \"{bad}\" in pattern \"{text}\"; using the default instead"
        )),
        ..inner
    }
}

pub(super) fn resolve_reference<'a>(
    text: &str,
    provider: Option<&str>,
    suffix: Suffix,
    fuzzy: bool,
    models: &'a [Model],
    usable: &dyn Fn(&str) -> bool,
) -> (Outcome<'a>, Option<Target<'a>>) {
    let text = text.trim();
    if text.is_empty() {
        return (Outcome::of(Status::NotFound), None);
    }
    let constraint = provider.map(lower);
    let pool: Vec<&Model> = models
        .iter()
        .filter(|m| constraint.as_ref().is_none_or(|c| lower(&m.provider) == *c))
        .collect();
    let outcome = resolve_text(text, suffix, fuzzy, &pool, usable);
    if !matches!(outcome.status, Status::NotFound) {
        return (outcome, None);
    }
    let split = split_provider(text, &pool);
    let anchor = match (&constraint, &split) {
        (Some(_), _) => pool.first().copied(),
        (None, Some((provider, _))) => pool.iter().copied().find(|m| m.provider == *provider),
        (None, None) => None,
    };
    let Some(anchor) = anchor else {
        return (outcome, None);
    };
    let model_text = split.map_or_else(|| text.to_owned(), |(_, rest)| rest);
    let parsed = if suffix == Suffix::Keep {
        None
    } else {
        split_thinking(&model_text)
    };
    let target = Target {
        anchor,
        models: pool
            .iter()
            .copied()
            .filter(|m| m.provider == anchor.provider)
            .collect(),
        model_id: parsed.map_or_else(|| model_text.clone(), |(base, _)| base.to_owned()),
        thinking: parsed.map(|(_, level)| level),
        model_text,
    };
    (outcome, Some(target))
}

/// Resolves `--model` (with `--provider`, `--thinking`, `--api-key`) against `models`;
/// `has_credentials` tells which providers have credentials.
pub fn resolve_cli_model(
    pattern: &str,
    options: ResolveOptions<'_>,
    models: &[Model],
    has_credentials: &dyn Fn(&str) -> bool,
) -> Result<Resolved, ResolveError> {
    let provider = match options.provider {
        Some(wanted) => Some(
            models
                .iter()
                .find(|m| lower(&m.provider) == lower(wanted))
                .map(|m| m.provider.as_str())
                .ok_or_else(|| ResolveError::UnknownProvider {
                    provider: wanted.to_owned(),
                })?,
        ),
        None => None,
    };
    let never = |_: &str| false;
    let usable: &dyn Fn(&str) -> bool = if options.inline_api_key {
        &never
    } else {
        has_credentials
    };
    let (outcome, target) =
        resolve_reference(pattern, provider, Suffix::Strict, true, models, usable);
    match outcome.status {
        Status::Resolved(model) => Ok(Resolved {
            model: model.clone(),
            thinking: outcome.thinking,
            warning: outcome.warning,
        }),
        Status::Ambiguous(candidates, usable_count) => {
            let mut candidates: Vec<String> = candidates
                .iter()
                .map(|m| format!("{}/{}", m.provider, m.id))
                .collect();
            let mut collator = collator();
            candidates.sort_by(|a, b| locale_compare(&mut collator, a, b));
            let hint = match (options.inline_api_key, usable_count) {
                (true, _) => AmbiguityHint::InlineKey,
                (false, 0) => AmbiguityHint::NoneAuthenticated,
                (false, _) => AmbiguityHint::SeveralAuthenticated,
            };
            Err(ResolveError::Ambiguous {
                pattern: pattern.to_owned(),
                candidates,
                hint,
            })
        }
        Status::NotFound => {
            let target = target.ok_or_else(|| ResolveError::NotFound {
                pattern: pattern.to_owned(),
            })?;
            Ok(custom_model(target, options.thinking))
        }
    }
}

/// An unknown id on a known provider: Pi copies the provider's default (or first) model
/// under the new id, and marks it as reasoning when a thinking level was asked for.
fn custom_model(target: Target<'_>, explicit: Option<ThinkingLevel>) -> Resolved {
    let (id, suffix_level) = match explicit {
        Some(_) => (target.model_text, None),
        None => (target.model_id, target.thinking),
    };
    let provider = &target.anchor.provider;
    let default_id = default_model_id(provider);
    let base = target
        .models
        .iter()
        .copied()
        .find(|m| Some(m.id.as_str()) == default_id)
        .unwrap_or(target.anchor);
    let mut model = base.clone();
    model.id.clone_from(&id);
    model.name.clone_from(&id);
    if explicit
        .or(suffix_level)
        .is_some_and(|level| level != ThinkingLevel::Off)
    {
        model.reasoning = true;
    }
    Resolved {
        warning: Some(format!(
            "model \"{id}\" not found for provider \"{provider}\"; using it as a custom model id"
        )),
        model,
        thinking: suffix_level,
    }
}
