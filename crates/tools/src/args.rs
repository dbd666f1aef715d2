//! Argument helpers shared by the tools: typed parsing of validated arguments and Pi's
//! reading of numeric `limit` parameters.

use serde_json::Value;

use crate::tool::ToolError;

/// Parses validated arguments into `T`, reporting a mismatch as a failed call.
pub(crate) fn parse_args<T: serde::de::DeserializeOwned>(
    tool: &str,
    args: Value,
) -> Result<T, ToolError> {
    serde_json::from_value(args)
        .map_err(|err| ToolError::Failed(format!("Invalid arguments for {tool}: {err}")))
}

/// Pi's `Math.max(1, Math.floor(limit ?? default))`: a limit below 1 means 1, fractions are
/// cut, and huge values saturate.
pub(crate) fn effective_limit(limit: Option<f64>, default: usize) -> usize {
    match limit {
        None => default,
        Some(value) if value.is_nan() => 1,
        // `as` saturates, so values past usize::MAX become usize::MAX.
        Some(value) => (value.floor().max(1.0)) as usize,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limit_is_floored_and_at_least_one() {
        assert_eq!(effective_limit(None, 500), 500);
        assert_eq!(effective_limit(Some(0.0), 500), 1);
        assert_eq!(effective_limit(Some(-3.0), 500), 1);
        assert_eq!(effective_limit(Some(2.9), 500), 2);
        assert_eq!(effective_limit(Some(1e300), 500), usize::MAX);
    }
}
