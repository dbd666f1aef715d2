//! Dollar cost of a response from the model's per-million-token prices (pi-ai
//! `calculateCost`), shared by every provider.

use tau_protocol::{Cost, Model, Usage};

/// Fills `usage.cost` from `model.cost` (dollars per million tokens). One-hour cache
/// writes (`cacheWrite1h`, Anthropic) cost twice the input price; the rest of the cache
/// writes cost the cache-write price.
pub fn calculate_cost(model: &Model, usage: &mut Usage) {
    let rates = &model.cost;
    let long_write = usage.cache_write_1h.unwrap_or(0);
    let short_write = usage.cache_write.saturating_sub(long_write);
    let per_token = |price: f64, tokens: u64| price / 1_000_000.0 * tokens as f64;
    let input = per_token(rates.input, usage.input);
    let output = per_token(rates.output, usage.output);
    let cache_read = per_token(rates.cache_read, usage.cache_read);
    let cache_write = (rates.cache_write * short_write as f64
        + rates.input * 2.0 * long_write as f64)
        / 1_000_000.0;
    usage.cost = Cost {
        input,
        output,
        cache_read,
        cache_write,
        total: input + output + cache_read + cache_write,
        total_from_provider: Some(false),
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scripted_model;

    #[test]
    fn cost_uses_prices_per_million_tokens() {
        let mut model = scripted_model("m");
        model.cost = tau_protocol::model::ModelCost {
            input: 3.0,
            output: 15.0,
            cache_read: 0.3,
            cache_write: 3.75,
        };
        let mut usage = Usage {
            input: 1_000_000,
            output: 2_000,
            cache_read: 10_000,
            cache_write: 4_000,
            cache_write_1h: Some(1_000),
            ..Usage::default()
        };
        calculate_cost(&model, &mut usage);
        assert!((usage.cost.input - 3.0).abs() < 1e-12);
        assert!((usage.cost.output - 0.03).abs() < 1e-12);
        assert!((usage.cost.cache_read - 0.003).abs() < 1e-12);
        // 3000 short writes at 3.75 plus 1000 long writes at 2 × 3.
        assert!((usage.cost.cache_write - (0.01125 + 0.006)).abs() < 1e-12);
        let sum =
            usage.cost.input + usage.cost.output + usage.cost.cache_read + usage.cost.cache_write;
        assert_eq!(usage.cost.total, sum);
    }
}
