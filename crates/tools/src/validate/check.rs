//! The boolean check of a value against a JSON Schema (draft 2020-12 with draft 7's tuple
//! `items`), plus the JSON value helpers the explainer and the coercer share.

use serde_json::{Map, Number, Value};

use super::js;

/// Past this many nested `$ref`s a check gives up (fails): only a schema that refers to
/// itself without consuming the value gets there.
const MAX_REF_DEPTH: usize = 64;

/// A schema document being checked against: `$ref`s resolve within it.
pub(crate) struct Schema<'a> {
    pub(crate) root: &'a Value,
}

impl<'a> Schema<'a> {
    /// The target of a `$ref`: `#`, a JSON pointer fragment (`#/$defs/x`), or the `$id` of a
    /// subschema. `None` when it names nothing.
    pub(crate) fn resolve(&self, reference: &str) -> Option<&'a Value> {
        if let Some(fragment) = reference.strip_prefix('#') {
            if fragment.is_empty() {
                return Some(self.root);
            }
            let pointer = js::percent_decoded(fragment);
            return self.root.pointer(&pointer);
        }
        find_id(self.root, reference)
    }

    /// Whether `v` passes `node`.
    pub(crate) fn check(&self, node: &Value, v: &Value) -> bool {
        self.check_at(node, v, 0)
    }

    fn check_at(&self, node: &Value, v: &Value, depth: usize) -> bool {
        let obj = match node {
            Value::Bool(b) => return *b,
            Value::Object(obj) => obj,
            _ => return true,
        };
        if let Some(reference) = obj.get("$ref").and_then(Value::as_str) {
            if depth >= MAX_REF_DEPTH {
                return false;
            }
            match self.resolve(reference) {
                Some(target) if self.check_at(target, v, depth + 1) => {}
                _ => return false,
            }
        }
        if let Some(ty) = obj.get("type") {
            if !type_matches(ty, v) {
                return false;
            }
        }
        if let Some(Value::Array(values)) = obj.get("enum") {
            if !values.iter().any(|m| json_equal(m, v)) {
                return false;
            }
        }
        if let Some(c) = obj.get("const") {
            if !json_equal(c, v) {
                return false;
            }
        }
        let ok = match v {
            Value::String(s) => string_ok(obj, s),
            Value::Number(n) => number_ok(obj, n),
            Value::Object(o) => self.object_ok(obj, o, depth),
            Value::Array(a) => self.array_ok(obj, a, depth),
            Value::Null | Value::Bool(_) => true,
        };
        ok && self.combinators_ok(obj, v, depth)
    }

    fn combinators_ok(&self, obj: &Map<String, Value>, v: &Value, depth: usize) -> bool {
        if let Some(Value::Array(all)) = obj.get("allOf") {
            if !all.iter().all(|s| self.check_at(s, v, depth)) {
                return false;
            }
        }
        if let Some(Value::Array(any)) = obj.get("anyOf") {
            if !any.iter().any(|s| self.check_at(s, v, depth)) {
                return false;
            }
        }
        if let Some(Value::Array(one)) = obj.get("oneOf") {
            if one.iter().filter(|s| self.check_at(s, v, depth)).count() != 1 {
                return false;
            }
        }
        if let Some(not) = obj.get("not") {
            if self.check_at(not, v, depth) {
                return false;
            }
        }
        if let Some(cond) = obj.get("if") {
            let branch = if self.check_at(cond, v, depth) {
                obj.get("then")
            } else {
                obj.get("else")
            };
            if let Some(branch) = branch {
                return self.check_at(branch, v, depth);
            }
        }
        true
    }

    fn object_ok(&self, obj: &Map<String, Value>, o: &Map<String, Value>, depth: usize) -> bool {
        let empty = Map::new();
        let properties = obj.get("properties").and_then(Value::as_object);
        let properties = properties.unwrap_or(&empty);
        if let Some(Value::Array(required)) = obj.get("required") {
            if required
                .iter()
                .filter_map(Value::as_str)
                .any(|k| !o.contains_key(k))
            {
                return false;
            }
        }
        let patterns = pattern_properties(obj);
        for (k, value) in o {
            let mut matched = false;
            if let Some(s) = properties.get(k) {
                matched = true;
                if !self.check_at(s, value, depth) {
                    return false;
                }
            }
            for (re, s) in &patterns {
                if re.is_match(k) {
                    matched = true;
                    if !self.check_at(s, value, depth) {
                        return false;
                    }
                }
            }
            if !matched {
                if let Some(additional) = obj.get("additionalProperties") {
                    if !self.check_at(additional, value, depth) {
                        return false;
                    }
                }
            }
            if let Some(names) = obj.get("propertyNames") {
                if !self.check_at(names, &Value::String(k.clone()), depth) {
                    return false;
                }
            }
        }
        let count = o.len() as f64;
        !(num_kw(obj, "minProperties").is_some_and(|m| count < m)
            || num_kw(obj, "maxProperties").is_some_and(|m| count > m))
    }

    fn array_ok(&self, obj: &Map<String, Value>, a: &[Value], depth: usize) -> bool {
        let (prefix, rest) = item_schemas(obj);
        for (i, item) in a.iter().enumerate() {
            let schema = prefix
                .get(i)
                .or(if i >= prefix.len() { rest } else { None });
            if let Some(s) = schema {
                if !self.check_at(s, item, depth) {
                    return false;
                }
            }
        }
        let len = a.len() as f64;
        if num_kw(obj, "minItems").is_some_and(|m| len < m)
            || num_kw(obj, "maxItems").is_some_and(|m| len > m)
        {
            return false;
        }
        if obj.get("uniqueItems") == Some(&Value::Bool(true)) && !unique(a) {
            return false;
        }
        if let Some(contains) = obj.get("contains") {
            let (min, max) = contains_bounds(obj);
            let n = a
                .iter()
                .filter(|item| self.check_at(contains, item, depth))
                .count() as f64;
            if n < min || n > max {
                return false;
            }
        }
        true
    }
}

/// The subschema of `root` whose `$id` is `id`.
fn find_id<'a>(node: &'a Value, id: &str) -> Option<&'a Value> {
    match node {
        Value::Object(obj) => {
            if obj.get("$id").and_then(Value::as_str) == Some(id) {
                return Some(node);
            }
            obj.values().find_map(|child| find_id(child, id))
        }
        Value::Array(items) => items.iter().find_map(|child| find_id(child, id)),
        _ => None,
    }
}

/// `minContains`/`maxContains` with their defaults.
pub(crate) fn contains_bounds(obj: &Map<String, Value>) -> (f64, f64) {
    let min = num_kw(obj, "minContains").unwrap_or(1.0);
    let max = num_kw(obj, "maxContains").unwrap_or(f64::INFINITY);
    (min, max)
}

/// Tuple item schemas (`prefixItems`, or a draft-7 `items` array) and the schema of the
/// items after them (`items`, or `additionalItems` after an `items` array).
pub(crate) fn item_schemas(obj: &Map<String, Value>) -> (&[Value], Option<&Value>) {
    match obj.get("items") {
        Some(Value::Array(prefix)) => (prefix.as_slice(), obj.get("additionalItems")),
        items => {
            let prefix = match obj.get("prefixItems") {
                Some(Value::Array(p)) => p.as_slice(),
                _ => &[],
            };
            (prefix, items)
        }
    }
}

/// The compiled `patternProperties`, skipping patterns the regex crate cannot compile.
pub(crate) fn pattern_properties(obj: &Map<String, Value>) -> Vec<(regex::Regex, &Value)> {
    match obj.get("patternProperties") {
        Some(Value::Object(p)) => p
            .iter()
            .filter_map(|(src, s)| js::regex(src).map(|re| (re, s)))
            .collect(),
        _ => Vec::new(),
    }
}

/// A numeric keyword's value.
pub(crate) fn num_kw(obj: &Map<String, Value>, key: &str) -> Option<f64> {
    obj.get(key).and_then(Value::as_f64)
}

/// Whether `v` has one of the JSON Schema types in `ty` (a name or a list of names).
pub(crate) fn type_matches(ty: &Value, v: &Value) -> bool {
    match ty {
        Value::String(name) => has_type(v, name),
        Value::Array(names) => names
            .iter()
            .any(|n| n.as_str().is_some_and(|n| has_type(v, n))),
        _ => true,
    }
}

/// Whether `v` is of the named type; an integral number is both `number` and `integer`.
pub(crate) fn has_type(v: &Value, name: &str) -> bool {
    match name {
        "string" => v.is_string(),
        "number" => v.is_number(),
        "integer" => v.as_f64().is_some_and(|f| f.fract() == 0.0),
        "boolean" => v.is_boolean(),
        "null" => v.is_null(),
        "array" => v.is_array(),
        "object" => v.is_object(),
        _ => false,
    }
}

/// The type name an error reports for `v`: `integer` for integral numbers.
pub(crate) fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) if has_type(v, "integer") => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// JSON equality as `const` and `enum` compare: numbers by value (`1` equals `1.0`).
pub(crate) fn json_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => number_equal(x, y),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| json_equal(p, q))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, p)| y.get(k).is_some_and(|q| json_equal(p, q)))
        }
        _ => a == b,
    }
}

fn number_equal(x: &Number, y: &Number) -> bool {
    match (x.as_i64(), y.as_i64()) {
        (Some(p), Some(q)) => p == q,
        _ => x.as_f64() == y.as_f64(),
    }
}

fn unique(items: &[Value]) -> bool {
    items
        .iter()
        .enumerate()
        .all(|(i, a)| items[..i].iter().all(|b| !json_equal(a, b)))
}

/// JSON Schema string length: Unicode code points.
pub(crate) fn string_ok(obj: &Map<String, Value>, s: &str) -> bool {
    let n = s.chars().count() as f64;
    if num_kw(obj, "minLength").is_some_and(|m| n < m)
        || num_kw(obj, "maxLength").is_some_and(|m| n > m)
    {
        return false;
    }
    match obj.get("pattern").and_then(Value::as_str) {
        Some(src) => js::regex(src).is_none_or(|re| re.is_match(s)),
        None => true,
    }
}

/// The number keywords.
pub(crate) fn number_ok(obj: &Map<String, Value>, n: &Number) -> bool {
    let Some(v) = n.as_f64() else {
        return true;
    };
    !(num_kw(obj, "minimum").is_some_and(|m| v < m)
        || num_kw(obj, "maximum").is_some_and(|m| v > m)
        || num_kw(obj, "exclusiveMinimum").is_some_and(|m| v <= m)
        || num_kw(obj, "exclusiveMaximum").is_some_and(|m| v >= m)
        || num_kw(obj, "multipleOf").is_some_and(|d| !is_multiple(v, d)))
}

/// Whether `v` is a multiple of `d`, tolerating the float error of decimal divisors
/// (0.0075 / 0.0001 is 74.99999999999999).
pub(crate) fn is_multiple(v: f64, d: f64) -> bool {
    if d == 0.0 {
        return false;
    }
    let q = v / d;
    if q.fract() == 0.0 {
        return true;
    }
    if !q.is_finite() {
        return v % d == 0.0;
    }
    (q - q.round()).abs() < 1e-9 * q.abs().max(1.0)
}
