//! Tests of `--model` and `--models` resolution with Pi's rules.

use pretty_assertions::assert_eq;
use tau_protocol::{Model, ThinkingLevel};

use super::resolve::resolve_cli_model;
use super::scope::resolve_scope;
use super::*;

fn model(provider: &str, id: &str, name: &str) -> Model {
    let mut model = crate::scripted::scripted_model(id);
    model.provider = provider.into();
    model.name = name.into();
    model.api = "openai-completions".into();
    model.reasoning = false;
    model
}

fn catalogue() -> Vec<Model> {
    vec![
        model(
            "anthropic",
            "claude-sonnet-4-5",
            "Claude Sonnet 4.5 (latest)",
        ),
        model(
            "anthropic",
            "claude-sonnet-4-5-20250929",
            "Claude Sonnet 4.5",
        ),
        model("anthropic", "claude-sonnet-5-5", "Claude Sonnet 5.5"),
        model("anthropic", "claude-opus-5-5", "Claude Opus 5.5"),
        model("openai", "gpt-4o", "GPT-4o"),
        model("openai", "gpt-4o-mini", "GPT-4o mini"),
        model("openai", "gpt-6.2-sol", "GPT-6.2 Sol"),
        model("gateway", "claude-opus-5-5", "Opus via gateway"),
        model("gateway", "gpt-4o", "GPT-4o via gateway"),
    ]
}

fn with(providers: &'static [&'static str]) -> impl Fn(&str) -> bool {
    move |p: &str| providers.contains(&p)
}

fn resolve(
    pattern: &str,
    options: ResolveOptions<'_>,
    keys: &'static [&'static str],
) -> Result<Resolved, ResolveError> {
    resolve_cli_model(pattern, options, &catalogue(), &with(keys))
}

fn name(result: &Result<Resolved, ResolveError>) -> String {
    match result {
        Ok(resolved) => format!("{}/{}", resolved.model.provider, resolved.model.id),
        Err(error) => format!("error: {error}"),
    }
}

#[test]
fn exact_provider_and_id() {
    let none = ResolveOptions::default();
    assert_eq!(name(&resolve("openai/gpt-4o", none, &[])), "openai/gpt-4o");
    assert_eq!(
        name(&resolve("GATEWAY/GPT-4O", none, &[])),
        "gateway/gpt-4o"
    );
    assert_eq!(
        name(&resolve("claude-sonnet-5-5", none, &[])),
        "anthropic/claude-sonnet-5-5"
    );
}

#[test]
fn fuzzy_prefers_aliases_then_the_highest_id() {
    let none = ResolveOptions::default();
    assert_eq!(
        name(&resolve("sonnet", none, &[])),
        "anthropic/claude-sonnet-5-5"
    );
    assert_eq!(
        name(&resolve("sonnet-4", none, &[])),
        "anthropic/claude-sonnet-4-5"
    );
    assert_eq!(name(&resolve("4o-mini", none, &[])), "openai/gpt-4o-mini");
    // Names match too.
    assert_eq!(name(&resolve("sol", none, &[])), "openai/gpt-6.2-sol");
    assert_eq!(
        name(&resolve("anthropic/opus", none, &[])),
        "anthropic/claude-opus-5-5"
    );
}

#[test]
fn thinking_suffix_is_split_off() {
    let none = ResolveOptions::default();
    let resolved = resolve("openai/gpt-4o:high", none, &[]).unwrap();
    assert_eq!(
        (resolved.model.id.as_str(), resolved.thinking),
        ("gpt-4o", Some(ThinkingLevel::High))
    );
    let resolved = resolve("sonnet:xhigh", none, &[]).unwrap();
    assert_eq!(
        (resolved.model.id.as_str(), resolved.thinking),
        ("claude-sonnet-5-5", Some(ThinkingLevel::Xhigh))
    );
    // An invalid level is part of the id (strict), so nothing matches.
    assert_eq!(
        name(&resolve("sonnet:huge", none, &[])),
        "error: model \"sonnet:huge\" not found; run tau --list-models to see available models"
    );
}

#[test]
fn ambiguity_is_broken_by_credentials() {
    let none = ResolveOptions::default();
    assert_eq!(
        name(&resolve("gpt-4o", none, &["gateway"])),
        "gateway/gpt-4o"
    );
    assert_eq!(name(&resolve("gpt-4o", none, &["openai"])), "openai/gpt-4o");
    // A provider prefix wins when that provider has credentials or none does.
    assert_eq!(
        name(&resolve("openai/gpt-4o", none, &["gateway", "openai"])),
        "openai/gpt-4o"
    );
    assert_eq!(name(&resolve("openai/gpt-4o", none, &[])), "openai/gpt-4o");
    assert_eq!(
        name(&resolve("gpt-4o", none, &[])),
        "error: model \"gpt-4o\" is ambiguous across providers: gateway/gpt-4o, openai/gpt-4o; \
         no matching provider is authenticated; pass --provider or use provider/model"
    );
    let error = resolve("claude-opus-5-5", none, &["anthropic", "gateway"]).unwrap_err();
    assert_eq!(
        error,
        ResolveError::Ambiguous {
            pattern: "claude-opus-5-5".into(),
            candidates: vec![
                "anthropic/claude-opus-5-5".into(),
                "gateway/claude-opus-5-5".into()
            ],
            hint: AmbiguityHint::SeveralAuthenticated,
        }
    );
    let inline = ResolveOptions {
        inline_api_key: true,
        ..ResolveOptions::default()
    };
    let error = resolve("gpt-4o", inline, &["openai"]).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("--api-key does not choose a provider"),
        "{error}"
    );
}

#[test]
fn fuzzy_ties_across_providers_prefer_credentials() {
    let none = ResolveOptions::default();
    assert_eq!(
        name(&resolve("opus", none, &["gateway"])),
        "gateway/claude-opus-5-5"
    );
    assert!(name(&resolve("opus", none, &[])).contains("ambiguous"));
}

#[test]
fn provider_flag_restricts_the_pool() {
    let gateway = ResolveOptions {
        provider: Some("Gateway"),
        ..ResolveOptions::default()
    };
    assert_eq!(name(&resolve("gpt-4o", gateway, &[])), "gateway/gpt-4o");
    let unknown = ResolveOptions {
        provider: Some("nope"),
        ..ResolveOptions::default()
    };
    assert_eq!(
        name(&resolve("gpt-4o", unknown, &[])),
        "error: unknown provider \"nope\"; run tau --list-models to see available providers and models"
    );
}

#[test]
fn unknown_id_on_a_known_provider_is_a_custom_model() {
    let resolved = resolve("openai/gpt-9:low", ResolveOptions::default(), &[]).unwrap();
    assert_eq!(
        (resolved.model.id.as_str(), resolved.model.name.as_str()),
        ("gpt-9", "gpt-9")
    );
    assert_eq!(resolved.model.provider, "openai");
    assert_eq!(resolved.thinking, Some(ThinkingLevel::Low));
    // Built from the provider's default model, and marked as reasoning for the level.
    assert!(resolved.model.reasoning);
    assert_eq!(
        resolved.warning.as_deref(),
        Some("model \"gpt-9\" not found for provider \"openai\"; using it as a custom model id")
    );
    // With --thinking, the suffix stays in the id.
    let explicit = ResolveOptions {
        thinking: Some(ThinkingLevel::Off),
        ..ResolveOptions::default()
    };
    let resolved = resolve("openai/gpt-9:low", explicit, &[]).unwrap();
    assert_eq!(
        (
            resolved.model.id.as_str(),
            resolved.thinking,
            resolved.model.reasoning
        ),
        ("gpt-9:low", None, false)
    );
    assert_eq!(
        name(&resolve("nothing-like-this", ResolveOptions::default(), &[])),
        "error: model \"nothing-like-this\" not found; run tau --list-models to see available models"
    );
}

#[test]
fn scopes_take_globs_fuzzy_patterns_and_levels() {
    let patterns: Vec<String> = [
        "anthropic/*sonnet*:low",
        "gpt-4o",
        "4o-mini",
        "nothing",
        "sonnet:bogus",
    ]
    .iter()
    .map(|p| p.to_string())
    .collect();
    let (scoped, warnings) = resolve_scope(&patterns, &catalogue());
    let got: Vec<String> = scoped
        .iter()
        .map(|s| format!("{}/{}:{:?}", s.model.provider, s.model.id, s.thinking))
        .collect();
    assert_eq!(
        got,
        [
            "anthropic/claude-sonnet-4-5:Some(Low)",
            "anthropic/claude-sonnet-4-5-20250929:Some(Low)",
            "anthropic/claude-sonnet-5-5:Some(Low)",
            "openai/gpt-4o:None",
            "gateway/gpt-4o:None",
            "openai/gpt-4o-mini:None",
        ]
    );
    assert_eq!(
        warnings,
        [
            "pattern \"gpt-4o\" matches several providers: gateway, openai; use provider/id to choose one",
            "no models match pattern \"nothing\"",
            "invalid thinking level \"bogus\" in pattern \"sonnet:bogus\"; using the default instead",
        ]
    );
}
