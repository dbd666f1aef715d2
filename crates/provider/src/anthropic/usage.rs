//! Token usage of a Messages response: the input counts of `message_start`, the cumulative
//! counts `message_delta` carries (only the fields present replace earlier ones, since
//! proxies omit some), the total Anthropic does not send, and the cost.

use serde_json::Value;
use tau_protocol::model::ModelCost;
use tau_protocol::{Model, Usage};

use crate::cost::calculate_cost;

/// The usage `message_start` reports (missing counts are 0; the one-hour cache writes are
/// always set, as in pi-ai).
pub fn start_usage(raw: &Value) -> Usage {
    let count = |pointer: &str| {
        raw.pointer(pointer)
            .and_then(Value::as_f64)
            .unwrap_or(0.0)
            .max(0.0) as u64
    };
    Usage {
        input: count("/input_tokens"),
        output: count("/output_tokens"),
        cache_read: count("/cache_read_input_tokens"),
        cache_write: count("/cache_creation_input_tokens"),
        cache_write_1h: Some(count("/cache_creation/ephemeral_1h_input_tokens")),
        ..Usage::default()
    }
}

/// Applies the counts a `message_delta` carries; reasoning tokens are part of the output.
pub fn apply_delta(usage: &mut Usage, raw: &Value) {
    let count = |pointer: &str| {
        raw.pointer(pointer)
            .and_then(Value::as_f64)
            .map(|n| n.max(0.0) as u64)
    };
    let fields = [
        ("/input_tokens", &mut usage.input),
        ("/output_tokens", &mut usage.output),
        ("/cache_read_input_tokens", &mut usage.cache_read),
        ("/cache_creation_input_tokens", &mut usage.cache_write),
    ];
    for (pointer, slot) in fields {
        if let Some(value) = count(pointer) {
            *slot = value;
        }
    }
    if let Some(long) = count("/cache_creation/ephemeral_1h_input_tokens") {
        usage.cache_write_1h = Some(long);
    }
    if let Some(thinking) = count("/output_tokens_details/thinking_tokens") {
        usage.reasoning = Some(thinking);
    }
}

/// Sets the total and the cost at `cost`'s prices; `openrouter_usage` (an OpenRouter
/// model's raw usage) may replace the total with the billed cost.
pub fn price(usage: &mut Usage, model: &Model, cost: &ModelCost, openrouter_usage: Option<&Value>) {
    usage.total_tokens = usage.input + usage.output + usage.cache_read + usage.cache_write;
    let mut priced = model.clone();
    priced.cost = cost.clone();
    calculate_cost(&priced, usage);
    if let Some(reported) = openrouter_usage {
        apply_openrouter_cost(usage, reported);
    }
}

/// OpenRouter's billed cost replaces the catalogue total when its accounting is complete.
fn apply_openrouter_cost(usage: &mut Usage, reported: &Value) {
    let valid = |value: Option<&Value>| {
        value
            .and_then(Value::as_f64)
            .filter(|cost| cost.is_finite() && *cost >= 0.0)
    };
    let Some(cost) = valid(reported.get("cost")) else {
        return;
    };
    let total = match reported.get("is_byok").and_then(Value::as_bool) {
        Some(false) => cost,
        Some(true) => {
            let Some(details) = reported.get("cost_details").filter(|d| d.is_object()) else {
                return;
            };
            let upstream = match details.get("upstream_inference_cost") {
                Some(Value::Null) => {
                    let prompt = valid(details.get("upstream_inference_prompt_cost"));
                    let completion = valid(details.get("upstream_inference_completions_cost"));
                    match (prompt, completion) {
                        (Some(prompt), Some(completion)) => Some(prompt + completion),
                        _ => return,
                    }
                }
                other => valid(other),
            };
            let Some(upstream) = upstream else {
                return;
            };
            cost + upstream
        }
        None => return,
    };
    usage.cost.total = total;
    usage.cost.total_from_provider = Some(true);
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn openrouter_billing_replaces_the_total() {
        let mut usage = Usage::default();
        apply_openrouter_cost(&mut usage, &json!({"cost": 0.5, "is_byok": false}));
        assert_eq!(
            (usage.cost.total, usage.cost.total_from_provider),
            (0.5, Some(true))
        );
        apply_openrouter_cost(
            &mut usage,
            &json!({"cost": 0.1, "is_byok": true, "cost_details": {"upstream_inference_cost": null,
                "upstream_inference_prompt_cost": 0.2, "upstream_inference_completions_cost": 0.3}}),
        );
        assert!((usage.cost.total - 0.6).abs() < 1e-12);
        let before = usage.cost.clone();
        apply_openrouter_cost(&mut usage, &json!({"cost": -1}));
        assert_eq!(usage.cost, before);
    }
}
