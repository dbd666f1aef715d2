//! How a thinking level reaches Gemini (pi-ai's Google level mapping): Gemini 3 and later
//! take a discrete `thinkingLevel` (`MINIMAL`…`HIGH`), Gemini 2.5 a token `thinkingBudget`.
//! A model may remap levels through its `thinkingLevelMap`; only the four Google levels are
//! valid targets.

use std::sync::LazyLock;

use regex::Regex;
use serde_json::{json, Value};
use tau_protocol::{Model, ThinkingLevel};

use crate::models::thinking::clamp_thinking;

/// Model ids that take `thinkingLevel` instead of `thinkingBudget`: Gemini 3 Pro/Flash (any
/// minor version), Gemini 4 and later, and hosted Gemma 4.
static LEVEL_MODELS: LazyLock<[Regex; 3]> = LazyLock::new(|| {
    [
        r"gemini-3(?:\.\d+)?-(?:pro|flash)",
        r"gemini-(?:[4-9]|[1-9]\d)",
        r"gemma-?4",
    ]
    .map(|pattern| Regex::new(pattern).unwrap_or_else(|_| unreachable!("constant pattern")))
});

/// Whether the model takes Gemini's discrete `thinkingLevel`.
pub fn uses_thinking_level(model: &Model) -> bool {
    let id = model.id.to_lowercase();
    LEVEL_MODELS.iter().any(|pattern| pattern.is_match(&id))
        || id == "gemini-flash-latest"
        || id == "gemini-flash-lite-latest"
}

/// The Google level (`minimal`, `low`, `medium`, `high`) a supported level maps to, or pi-ai's
/// error for a mapping Google has no level for.
pub fn resolve_level(model: &Model, level: ThinkingLevel) -> Result<&'static str, String> {
    let mapped = model
        .thinking_level_map
        .as_ref()
        .and_then(|map| map.get(level.as_str()));
    let resolved = match mapped {
        Some(Value::String(text)) => text.to_lowercase(),
        _ => level.as_str().to_owned(),
    };
    match resolved.as_str() {
        "minimal" => Ok("minimal"),
        "low" => Ok("low"),
        "medium" => Ok("medium"),
        "high" => Ok("high"),
        _ => {
            let shown = match mapped {
                Some(Value::String(text)) => text.clone(),
                Some(Value::Null) => "null".to_owned(),
                Some(other) => other.to_string(),
                None => "undefined".to_owned(),
            };
            Err(format!(
                "Unsupported Google thinking level mapping for {}/{}: {} -> {shown}",
                model.provider,
                model.id,
                level.as_str()
            ))
        }
    }
}

/// The token budget of a level on Gemini 2.5; -1 (dynamic) for other models. pi-ai's Vertex
/// provider has no Flash Lite row (Flash Lite gets Flash's budgets there).
fn budget(model: &Model, level: &str, vertex: bool) -> i64 {
    let table: &[(&str, i64)] = if model.id.contains("2.5-pro") {
        &[
            ("minimal", 128),
            ("low", 2048),
            ("medium", 8192),
            ("high", 32768),
        ]
    } else if !vertex && model.id.contains("2.5-flash-lite") {
        &[
            ("minimal", 512),
            ("low", 2048),
            ("medium", 8192),
            ("high", 24576),
        ]
    } else if model.id.contains("2.5-flash") {
        &[
            ("minimal", 128),
            ("low", 2048),
            ("medium", 8192),
            ("high", 24576),
        ]
    } else {
        return -1;
    };
    table
        .iter()
        .find(|(name, _)| *name == level)
        .map_or(-1, |(_, tokens)| *tokens)
}

/// The request's `thinkingConfig`: `None` for a model without reasoning; thinking switched
/// off (`thinkingBudget: 0`, or the lowest level a model that cannot switch it off accepts)
/// when the level is `off` or clamps to it.
pub fn thinking_config(
    model: &Model,
    level: ThinkingLevel,
    vertex: bool,
) -> Result<Option<Value>, String> {
    if !model.reasoning {
        return Ok(None);
    }
    let clamped = match level {
        ThinkingLevel::Off => ThinkingLevel::Off,
        level => clamp_thinking(model, level),
    };
    if clamped == ThinkingLevel::Off {
        return disabled_config(model).map(Some);
    }
    let resolved = resolve_level(model, clamped)?;
    Ok(Some(if uses_thinking_level(model) {
        json!({"includeThoughts": true, "thinkingLevel": resolved.to_uppercase()})
    } else {
        json!({"includeThoughts": true, "thinkingBudget": budget(model, resolved, vertex)})
    }))
}

/// Thinking as far off as the model allows.
fn disabled_config(model: &Model) -> Result<Value, String> {
    if !uses_thinking_level(model) {
        return Ok(json!({"thinkingBudget": 0}));
    }
    match clamp_thinking(model, ThinkingLevel::Off) {
        ThinkingLevel::Off => Ok(json!({"thinkingBudget": 0})),
        lowest => Ok(json!({"thinkingLevel": resolve_level(model, lowest)?.to_uppercase()})),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ThinkingLevel::*;

    fn model(id: &str, map: Option<Value>) -> Model {
        let mut model = crate::scripted::scripted_model(id);
        model.id = id.to_owned();
        model.reasoning = true;
        model.thinking_level_map = map;
        model
    }

    #[test]
    fn gemini_3_and_later_take_a_level() {
        for id in [
            "gemini-3-pro-preview",
            "gemini-3.1-flash",
            "gemini-4-argon",
            "gemma-4-27b",
            "gemma4-x",
            "gemini-flash-latest",
        ] {
            assert!(uses_thinking_level(&model(id, None)), "{id}");
        }
        for id in ["gemini-2.5-pro", "gemini-2.5-flash", "gemma-3-27b"] {
            assert!(!uses_thinking_level(&model(id, None)), "{id}");
        }
    }

    #[test]
    fn levels_and_budgets_follow_pi_ai() {
        let three = model("gemini-3-pro-preview", None);
        assert_eq!(
            thinking_config(&three, High, false).unwrap(),
            Some(json!({"includeThoughts": true, "thinkingLevel": "HIGH"}))
        );
        assert_eq!(
            thinking_config(&three, Off, false).unwrap(),
            Some(json!({"thinkingBudget": 0}))
        );
        let pro = model("gemini-2.5-pro", None);
        assert_eq!(
            thinking_config(&pro, Minimal, false).unwrap(),
            Some(json!({"includeThoughts": true, "thinkingBudget": 128}))
        );
        assert_eq!(
            thinking_config(&pro, Xhigh, false).unwrap(),
            Some(json!({"includeThoughts": true, "thinkingBudget": 32768}))
        );
        let lite = model("gemini-2.5-flash-lite", None);
        assert_eq!(
            thinking_config(&lite, Minimal, false).unwrap(),
            Some(json!({"includeThoughts": true, "thinkingBudget": 512}))
        );
        assert_eq!(
            thinking_config(&lite, Minimal, true).unwrap(),
            Some(json!({"includeThoughts": true, "thinkingBudget": 128})),
            "Vertex has no Flash Lite budgets"
        );
        let other = model("gemini-exp", None);
        assert_eq!(
            thinking_config(&other, Medium, false).unwrap(),
            Some(json!({"includeThoughts": true, "thinkingBudget": -1}))
        );
        let mut plain = model("gemini-2.0-flash", None);
        plain.reasoning = false;
        assert_eq!(thinking_config(&plain, High, false).unwrap(), None);
    }

    #[test]
    fn a_model_that_cannot_stop_thinking_gets_its_lowest_level() {
        let pro = model(
            "gemini-3-pro-preview",
            Some(json!({"off": null, "minimal": null, "low": "LOW", "medium": null})),
        );
        assert_eq!(
            thinking_config(&pro, Off, false).unwrap(),
            Some(json!({"thinkingLevel": "LOW"}))
        );
        assert_eq!(
            thinking_config(&pro, Medium, false).unwrap(),
            Some(json!({"includeThoughts": true, "thinkingLevel": "HIGH"}))
        );
    }

    #[test]
    fn an_unknown_mapping_is_pi_ais_error() {
        let odd = model("gemini-3-pro-preview", Some(json!({"high": "ultra"})));
        assert_eq!(
            thinking_config(&odd, High, false).unwrap_err(),
            "Unsupported Google thinking level mapping for scripted/gemini-3-pro-preview: high -> ultra"
        );
    }
}
