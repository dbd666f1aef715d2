//! The mutators: structure-aware changes to a JSON value (wrong types, missing or extra
//! fields, huge numbers, deep nesting, odd unicode, copied subtrees) and byte-level changes to
//! its text (truncation, bit flips, spliced tokens), the damage a torn write, a buggy client
//! or a confused model produces.

use fastrand::Rng;
use serde_json::{Map, Number, Value};

/// Strings that have broken parsers before: empty, control characters, line and paragraph
/// separators, a BOM, combining marks, right-to-left text, emoji, escapes that look like
/// paths, very long text.
const NASTY_STRINGS: &[&str] = &[
    "",
    " ",
    "\0",
    "\u{2028}\u{2029}",
    "\u{feff}",
    "e\u{301}\u{301}\u{301}",
    "\u{202e}gnp.exe",
    "😀👩‍👩‍👧",
    "\r\n",
    "\t\u{7}\u{1b}[31m",
    "../../../../etc/passwd",
    "~",
    "@",
    "null",
    "{}",
    "[",
    "\"",
    "\\",
    "${HOME}",
    "%s%n",
    "*",
    "**/*",
    "(a+)+$",
    "[[:alpha:]",
    "\u{10ffff}",
    "ﬀ",
    "İ",
];

/// Numbers at the edges: zero, negatives, fractions, the limits of u64/i64 and f64.
fn edge_number(rng: &mut Rng) -> Value {
    let number = match rng.u8(0..12) {
        0 => Number::from(0),
        1 => Number::from(-1),
        2 => Number::from(u64::MAX),
        3 => Number::from(i64::MIN),
        4 => Number::from(u32::MAX),
        5 => Number::from_f64(1e308).unwrap_or_else(|| Number::from(0)),
        6 => Number::from_f64(-0.5).unwrap_or_else(|| Number::from(0)),
        7 => Number::from_f64(f64::MIN_POSITIVE).unwrap_or_else(|| Number::from(0)),
        8 => Number::from(rng.i64(..)),
        9 => Number::from(rng.u64(..)),
        10 => Number::from_f64(rng.f64() * 1e12).unwrap_or_else(|| Number::from(0)),
        _ => Number::from(rng.u32(0..100)),
    };
    Value::Number(number)
}

/// A random string: nasty, random unicode, or random ASCII, now and then long.
pub fn random_string(rng: &mut Rng) -> String {
    match rng.u8(0..40) {
        0..=15 => NASTY_STRINGS[rng.usize(..NASTY_STRINGS.len())].to_string(),
        16..=23 => (0..rng.usize(0..20)).map(|_| rng.char(..)).collect(),
        24 => "x".repeat(rng.usize(1000..70_000)),
        _ => (0..rng.usize(0..16)).map(|_| rng.alphanumeric()).collect(),
    }
}

/// A random JSON value, at most `depth` levels deep.
pub fn random_value(rng: &mut Rng, depth: u32) -> Value {
    let kinds = if depth == 0 { 4 } else { 6 };
    match rng.u8(0..kinds) {
        0 => Value::Null,
        1 => Value::Bool(rng.bool()),
        2 => edge_number(rng),
        3 => Value::String(random_string(rng)),
        4 => Value::Array(
            (0..rng.usize(0..4))
                .map(|_| random_value(rng, depth - 1))
                .collect(),
        ),
        _ => {
            let mut map = Map::new();
            for _ in 0..rng.usize(0..4) {
                map.insert(random_string(rng), random_value(rng, depth - 1));
            }
            Value::Object(map)
        }
    }
}

/// Applies one structural change at a random node of `value`. `keys` are field names worth
/// adding (the target format's own), so mutations reach deeper than unknown-field checks.
pub fn mutate_value(rng: &mut Rng, value: &mut Value, keys: &[&str]) {
    // Walk down: stop here with some probability, or when there is nowhere to go.
    let go_on = rng.u8(0..10) < 6;
    match value {
        Value::Array(items) if go_on && !items.is_empty() => {
            let index = rng.usize(..items.len());
            mutate_value(rng, &mut items[index], keys);
        }
        Value::Object(map) if go_on && !map.is_empty() => {
            let index = rng.usize(..map.len());
            if let Some(child) = map.values_mut().nth(index) {
                mutate_value(rng, child, keys);
            }
        }
        _ => change_node(rng, value, keys),
    }
}

fn change_node(rng: &mut Rng, node: &mut Value, keys: &[&str]) {
    match rng.u8(0..12) {
        // A value of another type.
        0 | 1 => *node = random_value(rng, 2),
        2 => *node = edge_number(rng),
        3 => *node = Value::String(random_string(rng)),
        // A field removed.
        4 => {
            if let Value::Object(map) = node {
                let index = rng.usize(..map.len().max(1));
                if let Some(key) = map.keys().nth(index).cloned() {
                    map.remove(&key);
                }
            }
        }
        // A known field added with a random value.
        5 => {
            if let Value::Object(map) = node {
                let key = match keys.is_empty() {
                    true => random_string(rng),
                    false => keys[rng.usize(..keys.len())].to_string(),
                };
                map.insert(key, random_value(rng, 2));
            }
        }
        // Deep nesting: the node wrapped many times.
        6 => {
            let depth = rng.usize(1..200);
            let mut wrapped = std::mem::take(node);
            for _ in 0..depth {
                wrapped = match rng.bool() {
                    true => Value::Array(vec![wrapped]),
                    false => Value::Object(Map::from_iter([("a".to_string(), wrapped)])),
                };
            }
            *node = wrapped;
        }
        // A copy of the node inside itself (a self-similar tree).
        7 => {
            let copy = node.clone();
            match node {
                Value::Array(items) => items.push(copy),
                Value::Object(map) => {
                    map.insert("self".into(), copy);
                }
                _ => *node = Value::Array(vec![copy.clone(), copy]),
            }
        }
        // Empty containers and nulls.
        8 => {
            *node = match rng.u8(0..3) {
                0 => Value::Array(Vec::new()),
                1 => Value::Object(Map::new()),
                _ => Value::Null,
            }
        }
        // Strings edited in place: cut, doubled, unicode appended.
        9 => {
            if let Value::String(text) = node {
                match rng.u8(0..3) {
                    0 => {
                        let cut = rng.usize(0..=text.len());
                        let cut = (0..=cut).rev().find(|&i| text.is_char_boundary(i));
                        text.truncate(cut.unwrap_or(0));
                    }
                    1 => *text = text.repeat(rng.usize(2..50)),
                    _ => text.push_str(&random_string(rng)),
                }
            } else {
                *node = Value::String(random_string(rng));
            }
        }
        // Arrays shuffled, duplicated or emptied.
        10 => {
            if let Value::Array(items) = node {
                match rng.u8(0..3) {
                    0 => rng.shuffle(items),
                    1 => {
                        let copy = items.clone();
                        items.extend(copy);
                    }
                    _ => items.clear(),
                }
            } else {
                *node = Value::Array(vec![std::mem::take(node)]);
            }
        }
        // Numbers nudged to neighbours and signs.
        _ => {
            if let Value::Number(number) = node {
                *node = match number.as_i64() {
                    Some(n) => Value::from(n.wrapping_add(rng.i64(-2..=2)).wrapping_neg()),
                    None => edge_number(rng),
                };
            } else {
                *node = edge_number(rng);
            }
        }
    }
}

/// Tokens spliced into JSON text: numbers no f64 holds, bad escapes, lone surrogates, stray
/// structure.
const TOKENS: &[&str] = &[
    "1e400",
    "-1e400",
    "18446744073709551616",
    "-9223372036854775809",
    "123456789012345678901234567890.5e-7",
    "\\ud800",
    "\\udfff\\ud800",
    "\\u0000",
    "\\x41",
    "NaN",
    "Infinity",
    "undefined",
    ",",
    ":",
    "}",
    "]",
    "{",
    "[",
    "\"",
    "\u{0}",
    "\u{2028}",
    "//",
    "/*",
    "\u{feff}",
];

/// Applies one byte-level change to `bytes`: truncation, bit flip, byte insertion or
/// removal, a spliced token, a duplicated or dropped span.
pub fn mutate_bytes(rng: &mut Rng, bytes: &mut Vec<u8>) {
    let len = bytes.len();
    match rng.u8(0..8) {
        0 => bytes.truncate(rng.usize(0..=len)),
        1 if len > 0 => {
            let index = rng.usize(..len);
            bytes[index] ^= 1 << rng.u8(0..8);
        }
        2 => bytes.insert(rng.usize(0..=len), rng.u8(..)),
        3 if len > 0 => {
            bytes.remove(rng.usize(..len));
        }
        4 | 5 => {
            let token = TOKENS[rng.usize(..TOKENS.len())];
            let at = rng.usize(0..=len);
            bytes.splice(at..at, token.bytes());
        }
        6 if len > 0 => {
            let start = rng.usize(..len);
            let end = rng.usize(start..=len.min(start + 64));
            let span = bytes[start..end].to_vec();
            let at = rng.usize(0..=bytes.len());
            bytes.splice(at..at, span);
        }
        _ if len > 0 => {
            let start = rng.usize(..len);
            let end = rng.usize(start..=len);
            bytes.drain(start..end);
        }
        _ => bytes.extend_from_slice(b"{}"),
    }
}

/// `seed` mutated: mostly structurally (then serialised), sometimes also at the byte level,
/// sometimes replaced by a random value. The result may not be JSON at all.
pub fn mutated_json(rng: &mut Rng, seed: &Value, keys: &[&str]) -> Vec<u8> {
    let mut value = seed.clone();
    if rng.u8(0..20) == 0 {
        value = random_value(rng, 3);
    }
    for _ in 0..rng.usize(0..4) {
        mutate_value(rng, &mut value, keys);
    }
    let mut bytes = serde_json::to_vec(&value).unwrap_or_default();
    if rng.u8(0..3) == 0 {
        for _ in 0..rng.usize(1..4) {
            mutate_bytes(rng, &mut bytes);
        }
    }
    bytes
}
