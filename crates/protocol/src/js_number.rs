//! Writing floating-point numbers as JavaScript's `JSON.stringify` does: a whole number has
//! no fractional part (`0`, `12`), so files tau writes match Pi's byte for byte.

use serde::Serializer;

/// Largest integer a double holds exactly; beyond it JavaScript switches to exponent form.
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// Serialises `value` as an integer when it is whole and exactly representable.
pub fn serialize<S: Serializer>(value: &f64, serializer: S) -> Result<S::Ok, S::Error> {
    if value.is_finite() && value.fract() == 0.0 && value.abs() <= MAX_SAFE_INTEGER {
        // -0.0 is written as 0 by JavaScript too.
        serializer.serialize_i64(*value as i64)
    } else {
        serializer.serialize_f64(*value)
    }
}

#[cfg(test)]
mod tests {
    use serde::Serialize;

    #[derive(Serialize)]
    struct N(#[serde(serialize_with = "super::serialize")] f64);

    #[test]
    fn whole_numbers_lose_their_fraction_like_javascript() {
        let text = |v: f64| serde_json::to_string(&N(v)).unwrap();
        assert_eq!(text(0.0), "0");
        assert_eq!(text(-0.0), "0");
        assert_eq!(text(12.0), "12");
        assert_eq!(text(0.125), "0.125");
        assert_eq!(text(1e300), "1e+300");
    }
}
