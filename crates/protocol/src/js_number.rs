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

/// JavaScript's `x.toFixed(digits)` for a finite `x`: the nearest value with `digits`
/// decimals to the exact binary value, ties going away from zero (Rust's formatting rounds
/// exact ties to even, so `1.25` would give `1.2` where JavaScript gives `1.3`).
pub fn to_fixed(x: f64, digits: usize) -> String {
    if !x.is_finite() {
        return x.to_string();
    }
    let exact = format!("{:.1$}", x.abs(), digits + 60);
    let (whole, fraction) = exact.split_once('.').unwrap_or((&exact, ""));
    let kept: String = whole.chars().chain(fraction.chars().take(digits)).collect();
    let round_up = fraction.as_bytes().get(digits).is_some_and(|&d| d >= b'5');
    // Add one unit in the last kept place, carrying through the digits.
    let mut number: Vec<u8> = kept.into_bytes();
    if round_up {
        let mut i = number.len();
        loop {
            if i == 0 {
                number.insert(0, b'1');
                break;
            }
            i -= 1;
            if number[i] == b'9' {
                number[i] = b'0';
            } else {
                number[i] += 1;
                break;
            }
        }
    }
    let text = String::from_utf8(number).unwrap_or_default();
    let split = text.len() - digits;
    let sign = if x < 0.0 && text.bytes().any(|b| b != b'0') {
        "-"
    } else {
        ""
    };
    if digits == 0 {
        format!("{sign}{text}")
    } else {
        format!("{sign}{}.{}", &text[..split], &text[split..])
    }
}

#[cfg(test)]
mod to_fixed_tests {
    use super::to_fixed;

    #[test]
    fn ties_go_up_as_in_javascript() {
        assert_eq!(to_fixed(1.25, 1), "1.3");
        assert_eq!(to_fixed(0.05, 1), "0.1"); // 0.05 is just above the tie in binary
        assert_eq!(to_fixed(0.15, 1), "0.1"); // and 0.15 just below
        assert_eq!(to_fixed(9.96, 1), "10.0");
        assert_eq!(to_fixed(99.95, 1), "100.0"); // 99.95 is above the tie
        assert_eq!(to_fixed(0.0, 1), "0.0");
        assert_eq!(to_fixed(12.3456, 3), "12.346");
        assert_eq!(to_fixed(2.5, 0), "3");
        assert_eq!(to_fixed(-1.25, 1), "-1.3");
    }
}
