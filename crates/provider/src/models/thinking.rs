//! Which thinking levels a model supports and how a requested level is clamped to them
//! (pi-ai's `getSupportedThinkingLevels` and `clampThinkingLevel`).

use serde_json::Value;
use tau_protocol::{Model, ThinkingLevel};

/// The levels a model accepts, in increasing order. A model without reasoning has only
/// `off`. Otherwise a level mapped to `null` is unsupported, and `xhigh` and `max` need an
/// explicit mapping.
pub fn supported_thinking_levels(model: &Model) -> Vec<ThinkingLevel> {
    if !model.reasoning {
        return vec![ThinkingLevel::Off];
    }
    let map = model.thinking_level_map.as_ref().and_then(Value::as_object);
    ThinkingLevel::ALL
        .into_iter()
        .filter(|level| {
            let mapped = map.and_then(|map| map.get(level.as_str()));
            match (level, mapped) {
                (_, Some(Value::Null)) => false,
                (ThinkingLevel::Xhigh | ThinkingLevel::Max, mapped) => mapped.is_some(),
                _ => true,
            }
        })
        .collect()
}

/// The supported level nearest to `level`: the next higher supported one, else the next
/// lower, else the lowest supported (`off` when nothing is).
pub fn clamp_thinking(model: &Model, level: ThinkingLevel) -> ThinkingLevel {
    let supported = supported_thinking_levels(model);
    if supported.contains(&level) {
        return level;
    }
    let higher = ThinkingLevel::ALL
        .into_iter()
        .filter(|l| *l > level)
        .find(|l| supported.contains(l));
    let lower = ThinkingLevel::ALL
        .into_iter()
        .rev()
        .filter(|l| *l < level)
        .find(|l| supported.contains(l));
    higher
        .or(lower)
        .or_else(|| supported.first().copied())
        .unwrap_or(ThinkingLevel::Off)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use ThinkingLevel::*;

    fn model(reasoning: bool, map: Option<Value>) -> Model {
        let mut model = crate::scripted::scripted_model("m");
        model.reasoning = reasoning;
        model.thinking_level_map = map;
        model
    }

    #[test]
    fn levels_follow_the_map() {
        assert_eq!(supported_thinking_levels(&model(false, None)), [Off]);
        assert_eq!(
            supported_thinking_levels(&model(true, None)),
            [Off, Minimal, Low, Medium, High]
        );
        let gpt = model(
            true,
            Some(json!({"off": "none", "minimal": null, "xhigh": "xhigh", "max": null})),
        );
        assert_eq!(
            supported_thinking_levels(&gpt),
            [Off, Low, Medium, High, Xhigh]
        );
    }

    #[test]
    fn clamping_goes_up_then_down() {
        let pro = model(
            true,
            Some(json!({"off": null, "minimal": null, "low": null})),
        );
        assert_eq!(clamp_thinking(&pro, Off), Medium);
        assert_eq!(clamp_thinking(&pro, Max), High);
        assert_eq!(clamp_thinking(&model(false, None), High), Off);
        assert_eq!(clamp_thinking(&model(true, None), Low), Low);
    }
}
