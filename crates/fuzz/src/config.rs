//! Target: `models.json` and `settings.json` in the agent directory. Valid files (custom
//! providers, model overrides, headers with variables, comments and trailing commas; the
//! startup-model, thinking, retry and compaction settings) are mutated and written to a
//! scratch agent directory, then loaded the way tau starts: the model registry (which
//! composes them with the built-in catalogue) and the runtime settings; then the registry is
//! used: startup model, credentials, request headers, `--model` and `--models` resolution.
//!
//! Contracts: no panic; every problem reported has a non-empty message; a broken file falls
//! back to the defaults instead of failing the load.

use std::path::Path;

use fastrand::Rng;
use serde_json::{json, Value};
use tau_provider::models::config::strip_comments;
use tau_provider::models::{Env, ModelRegistry, ModelSettings};
use tau_runtime::settings::RuntimeSettings;

use crate::mutate::{mutate_bytes, mutated_json, random_string};
use crate::{check_error, run_cases, Outcome, Report};

/// Field names of both files, for mutations that add fields.
const KEYS: &[&str] = &[
    "providers",
    "baseUrl",
    "api",
    "apiKey",
    "headers",
    "authHeader",
    "compat",
    "models",
    "modelOverrides",
    "id",
    "name",
    "reasoning",
    "input",
    "contextWindow",
    "maxTokens",
    "cost",
    "thinkingLevelMap",
    "defaultProvider",
    "defaultModel",
    "defaultThinkingLevel",
    "modelThinkingLevels",
    "enabledModels",
    "retry",
    "enabled",
    "maxRetries",
    "baseDelayMs",
    "maxAgentDelayMs",
    "compaction",
    "reserveTokens",
    "keepRecentTokens",
];

fn models_seeds() -> Vec<Value> {
    vec![
        json!({"providers": {"ollama": {
        "baseUrl": "http://localhost:11434/v1", "api": "openai-completions", "apiKey": "ollama",
        "models": [
            {"id": "qwen2.5-coder:7b", "futureField": {"x": 1}},
            {"id": "big", "name": "Big One", "reasoning": true, "input": ["text", "image"],
             "contextWindow": 1_000_000, "maxTokens": 9000,
             "cost": {"input": 1, "output": 2, "cacheRead": 0, "cacheWrite": 0},
             "thinkingLevelMap": {"high": "high", "max": null}}
        ]}}}),
        json!({"providers": {"anthropic": {
            "baseUrl": "https://proxy.example.com", "headers": {"X-Team": "${TEAM}"},
            "compat": {"supportsTemperature": true},
            "modelOverrides": {"claude-sonnet-4-5": {"name": "Sonnet (proxy)", "maxTokens": 1000,
                "cost": {"input": 9}, "headers": {"X-Model": "m"}}}}}}),
        json!({"providers": {
            "openai": {"models": [{"id": "fine"}], "baseUrl": "http://proxy", "apiKey": "$OPENAI_KEY"},
            "local": {"baseUrl": "http://127.0.0.1:1/v1", "api": "openai-responses", "apiKey": "!printf fuzz-key",
                "authHeader": true, "models": [{"id": "m", "api": "anthropic-messages"}]}}}),
    ]
}

fn settings_seeds() -> Vec<Value> {
    vec![
        json!({"defaultProvider": "ollama", "defaultModel": "big", "defaultThinkingLevel": "high",
               "modelThinkingLevels": {"ollama/big": "low"},
               "enabledModels": ["ollama/*", "claude-*:high", "scripted/hello"]}),
        json!({"retry": {"enabled": true, "maxRetries": 3, "baseDelayMs": 2000, "maxAgentDelayMs": 60000},
               "compaction": {"enabled": false, "reserveTokens": 16384, "keepRecentTokens": 20000}}),
        json!({}),
    ]
}

/// Plays cases `cases` of the config target.
pub fn run(seed: u64, cases: std::ops::Range<u64>) -> Report {
    let Ok(dir) = tempfile::tempdir() else {
        return Report::setup_failure("config", "cannot create a temporary directory");
    };
    let models = models_seeds();
    let settings = settings_seeds();
    run_cases("config", seed, cases, |rng, input| {
        let models_text = file_text(rng, &models);
        let settings_text = file_text(rng, &settings);
        *input = format!(
            "models.json: {}\nsettings.json: {}",
            String::from_utf8_lossy(&models_text),
            String::from_utf8_lossy(&settings_text)
        );
        exercise(dir.path(), &models_text, &settings_text, rng)
    })
}

/// A file's text: a seed mutated, pretty or compact, now and then with Pi's JSONC comments
/// and trailing commas; sometimes missing or empty.
fn file_text(rng: &mut Rng, seeds: &[Value]) -> Vec<u8> {
    if rng.u8(0..16) == 0 {
        return Vec::new();
    }
    let seed = &seeds[rng.usize(..seeds.len())];
    let mut text = mutated_json(rng, seed, KEYS);
    if rng.bool() {
        if let Ok(value) = serde_json::from_slice::<Value>(&text) {
            text = serde_json::to_vec_pretty(&value).unwrap_or(text);
        }
    }
    // Sparingly: most insertions break the JSON, and the deeper checks need files that parse.
    if rng.u8(0..4) == 0 {
        let extra: &[u8] = match rng.u8(0..5) {
            0 => b"// a comment\n",
            1 => b"/* block */",
            2 => b",",
            3 => b"\"//not a comment\"",
            _ => b"/*",
        };
        let at = rng.usize(0..=text.len());
        text.splice(at..at, extra.iter().copied());
    }
    if rng.u8(0..8) == 0 {
        mutate_bytes(rng, &mut text);
    }
    text
}

fn exercise(dir: &Path, models: &[u8], settings: &[u8], rng: &mut Rng) -> Result<Outcome, String> {
    let models = &defuse_commands(models);
    write_or_remove(&dir.join("models.json"), models)?;
    write_or_remove(&dir.join("settings.json"), settings)?;
    let env = Env::fixed([
        ("TEAM", "blue"),
        ("OPENAI_KEY", "k"),
        ("ANTHROPIC_API_KEY", "a"),
    ]);
    let (registry, errors) = ModelRegistry::load_with_env(dir, env);
    for error in &errors {
        check_error(&error.to_string())?;
    }
    if registry.all().is_empty() {
        return Err("a broken models.json lost the built-in models".into());
    }
    let _ = registry.default_model();
    let _ = registry.available();
    let _ = registry.no_models_message();
    for model in registry.all().iter().take(8) {
        let _ = registry.thinking_level(model, None);
        if let Err(error) = registry.request_auth(model, None) {
            check_error(&error.to_string())?;
        }
        let _ = registry.key_hint(&model.provider);
    }
    let mut patterns: Vec<String> = vec!["big".into(), "ollama/big:high".into(), "claude".into()];
    patterns.push(random_string(rng));
    for pattern in &patterns {
        if let Err(error) = registry.resolve(pattern, None) {
            check_error(&error.to_string())?;
        }
    }
    let (_, warnings) = registry.scope(&patterns);
    for warning in &warnings {
        check_error(warning)?;
    }
    let (_, warning) = RuntimeSettings::load(dir);
    if let Some(warning) = &warning {
        check_error(warning)?;
    }
    let text = String::from_utf8_lossy(settings);
    if let Err(error) = ModelSettings::parse(&text, &dir.join("settings.json")) {
        check_error(&error.to_string())?;
    }
    match errors.is_empty() && warning.is_none() {
        true => Ok(Outcome::Value),
        false => Ok(Outcome::Error),
    }
}

/// models.json values starting with `!` are shell commands tau runs: every one is replaced by
/// a harmless command, so no mutated text is ever run. Text tau cannot parse runs nothing
/// and stays as it is.
fn defuse_commands(text: &[u8]) -> Vec<u8> {
    fn defuse(value: &mut Value) -> bool {
        match value {
            Value::String(text) if text.starts_with('!') => {
                *text = "!printf fuzz-key".into();
                true
            }
            // Every one, not just the first: no short-circuiting `any`.
            Value::Array(items) => items.iter_mut().map(defuse).fold(false, |a, b| a | b),
            Value::Object(map) => map.values_mut().map(defuse).fold(false, |a, b| a | b),
            _ => false,
        }
    }
    let stripped = strip_comments(&String::from_utf8_lossy(text));
    match serde_json::from_str::<Value>(&stripped) {
        Ok(mut value) => match defuse(&mut value) {
            true => serde_json::to_vec(&value).unwrap_or_default(),
            false => text.to_vec(),
        },
        Err(_) => text.to_vec(),
    }
}

fn write_or_remove(path: &Path, text: &[u8]) -> Result<(), String> {
    let result = match text.is_empty() {
        true => std::fs::remove_file(path).or_else(|error| match error.kind() {
            std::io::ErrorKind::NotFound => Ok(()),
            _ => Err(error),
        }),
        false => std::fs::write(path, text),
    };
    result.map_err(|error| format!("writing {}: {error}", path.display()))
}
