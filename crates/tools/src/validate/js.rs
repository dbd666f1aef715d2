//! JavaScript semantics the validator needs to match pi-schema: `Number(string)`, number to
//! string, and `pattern` regular expressions.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use serde_json::{Number, Value};

/// Whether `c` is whitespace to JavaScript's `String.prototype.trim` (also `trimEnd`) and
/// `Number()`.
pub(crate) fn is_js_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{feff}'
    )
}

/// `s.trim()` as JavaScript trims.
pub(crate) fn trim(s: &str) -> &str {
    s.trim_matches(is_js_space)
}

/// `Number(s)` (also unary `+s`): `None` for NaN. Surrounding whitespace is ignored, the
/// empty string is 0, and `0x`/`0o`/`0b` literals and `Infinity` are accepted.
pub(crate) fn to_number(s: &str) -> Option<f64> {
    let t = trim(s);
    if t.is_empty() {
        return Some(0.0);
    }
    for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] {
        let lower = t.get(..2).map(str::to_ascii_lowercase);
        if lower.as_deref() == Some(prefix) {
            let digits = &t[2..];
            if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
                return None;
            }
            return Some(
                digits
                    .chars()
                    .filter_map(|c| c.to_digit(radix))
                    .fold(0.0, |acc, d| acc * f64::from(radix) + f64::from(d)),
            );
        }
    }
    let unsigned = t.strip_prefix(['+', '-']).unwrap_or(t);
    if unsigned == "Infinity" {
        return Some(if t.starts_with('-') {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        });
    }
    if !is_decimal_literal(unsigned) {
        return None;
    }
    t.parse::<f64>().ok()
}

/// ECMAScript's StrUnsignedDecimalLiteral without `Infinity`: digits with an optional
/// fraction (either side of the point may be empty, not both) and exponent.
fn is_decimal_literal(s: &str) -> bool {
    let (mantissa, exponent) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let (int, frac) = match mantissa.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (mantissa, None),
    };
    let digits = |x: &str| x.chars().all(|c| c.is_ascii_digit());
    let mantissa_ok = digits(int)
        && frac.is_none_or(digits)
        && !(int.is_empty() && frac.is_none_or(str::is_empty));
    let exponent_ok = exponent.is_none_or(|e| {
        let e = e.strip_prefix(['+', '-']).unwrap_or(e);
        !e.is_empty() && digits(e)
    });
    mantissa_ok && exponent_ok
}

/// A number as JavaScript's `String(n)` writes it: integers without a fraction, exponent
/// form below 1e-6 and from 1e21.
pub(crate) fn number_string(n: f64) -> String {
    if n == 0.0 {
        return "0".to_string();
    }
    if !n.is_finite() {
        return if n.is_nan() {
            "NaN".to_string()
        } else if n > 0.0 {
            "Infinity".to_string()
        } else {
            "-Infinity".to_string()
        };
    }
    let abs = n.abs();
    if (1e-6..1e21).contains(&abs) {
        return format!("{n}");
    }
    let exp = format!("{n:e}");
    match exp.split_once('e') {
        Some((m, e)) if !e.starts_with('-') => format!("{m}e+{e}"),
        _ => exp,
    }
}

/// A JSON number's text as JavaScript writes it.
pub(crate) fn json_number_string(n: &Number) -> String {
    if let Some(i) = n.as_i64() {
        return i.to_string();
    }
    if let Some(u) = n.as_u64() {
        return u.to_string();
    }
    number_string(n.as_f64().unwrap_or(0.0))
}

/// A JSON value for a JavaScript number: integral values as integers.
pub(crate) fn number_value(n: f64) -> Value {
    const SAFE: f64 = 9_007_199_254_740_992.0;
    if n.fract() == 0.0 && n.abs() <= SAFE {
        return Value::from(n as i64);
    }
    Number::from_f64(n).map_or(Value::Null, Value::Number)
}

/// A `pattern` as a regular expression, compiled once per source. ECMAScript patterns the
/// regex crate cannot express (look-around, back-references) give `None`, and the keyword
/// is then not enforced.
pub(crate) fn regex(source: &str) -> Option<regex::Regex> {
    static CACHE: OnceLock<Mutex<HashMap<String, Option<regex::Regex>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut cache = cache
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    cache
        .entry(source.to_string())
        .or_insert_with(|| regex::Regex::new(source).ok())
        .clone()
}

/// A URI fragment with its percent-escapes decoded (a `$ref` JSON pointer may be escaped).
pub(crate) fn percent_decoded(fragment: &str) -> String {
    if !fragment.contains('%') {
        return fragment.to_string();
    }
    let bytes = fragment.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn to_number_follows_javascript() {
        assert_eq!(to_number("42"), Some(42.0));
        assert_eq!(to_number("  -3.5\n"), Some(-3.5));
        assert_eq!(to_number(""), Some(0.0));
        assert_eq!(to_number(".5"), Some(0.5));
        assert_eq!(to_number("5."), Some(5.0));
        assert_eq!(to_number("1e3"), Some(1000.0));
        assert_eq!(to_number("0x1A"), Some(26.0));
        assert_eq!(to_number("0b101"), Some(5.0));
        assert_eq!(to_number("abc"), None);
        assert_eq!(to_number("1_000"), None);
        assert_eq!(to_number("."), None);
        assert_eq!(to_number("inf"), None);
        assert_eq!(to_number("-0x10"), None);
        assert_eq!(to_number("Infinity"), Some(f64::INFINITY));
    }

    #[test]
    fn number_string_follows_javascript() {
        assert_eq!(number_string(3.0), "3");
        assert_eq!(number_string(1.5), "1.5");
        assert_eq!(number_string(-0.0), "0");
        assert_eq!(number_string(1e21), "1e+21");
        assert_eq!(number_string(1.5e-7), "1.5e-7");
        assert_eq!(number_string(0.1 + 0.2), "0.30000000000000004");
    }
}
