//! Coercion of loosely typed arguments towards their schema, as pi-schema's `coerce()`
//! (which pi-ai runs on every tool call before checking it). Three passes, in order:
//!
//! 1. optional nulls: `null` in an optional property whose schema rejects null is dropped;
//! 2. TypeBox's `Value.Convert` rules keyed on `const`, `enum`, `anyOf`/`oneOf`, `allOf` and
//!    `type` (`"42"` to 42, `"true"` to true, a single value to a one-item array, ...);
//! 3. Ajv-style primitive coercion by `type`, also for type arrays such as
//!    `["integer", "null"]`.
//!
//! A value no rule applies to is left as it is, for the check to report.

use serde_json::{Map, Value};

use super::check::{has_type, json_equal, pattern_properties, Schema};
use super::js;

/// Deeper `$ref` chains and wrapped values are left unconverted.
const MAX_DEPTH: usize = 64;

/// `value` coerced towards `schema.root`.
pub(crate) fn coerce(schema: &Schema<'_>, value: Value) -> Value {
    let value = drop_optional_nulls(schema, schema.root, value);
    let value = convert(schema, schema.root, value, 0);
    coerce_types(schema, schema.root, value)
}

// ------------------------------------------------------------------------------------------
// Pass 1: optional nulls
// ------------------------------------------------------------------------------------------

fn drop_optional_nulls(s: &Schema<'_>, node: &Value, value: Value) -> Value {
    let Some(obj) = node.as_object() else {
        return value;
    };
    match value {
        Value::Array(items) => Value::Array(map_items(obj, items, |schema, item| {
            drop_optional_nulls(s, schema, item)
        })),
        Value::Object(map) => Value::Object(drop_in_object(s, obj, map)),
        other => other,
    }
}

fn drop_in_object(
    s: &Schema<'_>,
    obj: &Map<String, Value>,
    map: Map<String, Value>,
) -> Map<String, Value> {
    let properties = obj.get("properties").and_then(Value::as_object);
    let patterns = pattern_properties(obj);
    let additional = obj.get("additionalProperties").filter(|a| a.is_object());
    if properties.is_none() && patterns.is_empty() && additional.is_none() {
        return map;
    }
    let required: Vec<&str> = match obj.get("required") {
        Some(Value::Array(r)) => r.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    let mut out = Map::new();
    for (key, value) in map {
        let declared = properties.and_then(|p| p.get(&key));
        if let Some(property) = declared {
            let is_ref = property.get("$ref").is_some_and(Value::is_string);
            if value.is_null()
                && !required.contains(&key.as_str())
                && !is_ref
                && !s.check(property, &Value::Null)
            {
                continue;
            }
        }
        let mut next = match declared {
            Some(property) => drop_optional_nulls(s, property, value),
            None => value,
        };
        let mut matched = declared.is_some();
        for (re, schema) in &patterns {
            if re.is_match(&key) {
                matched = true;
                next = drop_optional_nulls(s, schema, next);
            }
        }
        if let (false, Some(additional)) = (matched, additional) {
            next = drop_optional_nulls(s, additional, next);
        }
        out.insert(key, next);
    }
    out
}

/// The schema of an array's item at `index`, as pi-schema's coercion picks it: a tuple's
/// (`prefixItems`, or a draft-7 `items` array) for its prefix, else `items`. Draft 7's
/// `additionalItems` is never used for coercion.
fn item_schema_at(obj: &Map<String, Value>, index: usize) -> Option<&Value> {
    match (obj.get("items"), obj.get("prefixItems")) {
        (Some(Value::Array(items)), _) => items.get(index),
        (items, Some(Value::Array(prefix))) if index < prefix.len() => prefix.get(index).or(items),
        (items, _) => items,
    }
}

/// Each item of an array mapped with the schema that applies to it, if any.
fn map_items(
    obj: &Map<String, Value>,
    items: Vec<Value>,
    mut f: impl FnMut(&Value, Value) -> Value,
) -> Vec<Value> {
    items
        .into_iter()
        .enumerate()
        .map(|(i, item)| match item_schema_at(obj, i) {
            Some(schema) => f(schema, item),
            None => item,
        })
        .collect()
}

// ------------------------------------------------------------------------------------------
// Pass 2: TypeBox's conversion rules
// ------------------------------------------------------------------------------------------

fn convert(s: &Schema<'_>, node: &Value, value: Value, depth: usize) -> Value {
    let Some(obj) = node.as_object() else {
        return value;
    };
    if depth > MAX_DEPTH {
        return value;
    }
    if let Some(reference) = obj.get("$ref").and_then(Value::as_str) {
        return match s.resolve(reference) {
            Some(target) if target.is_object() => convert(s, target, value, depth + 1),
            _ => value,
        };
    }
    if let Some(literal) = obj.get("const") {
        return convert_literal(literal, value);
    }
    if let Some(Value::Array(members)) = obj.get("enum") {
        return convert_enum(s, node, members, value);
    }
    for union in ["anyOf", "oneOf"] {
        if let Some(Value::Array(branches)) = obj.get(union) {
            return convert_union(s, node, branches, value, depth);
        }
    }
    if let Some(Value::Array(members)) = obj.get("allOf") {
        let mut next = value;
        for member in members {
            next = convert(s, member, next, depth);
        }
        return convert_members(s, obj, next, depth);
    }
    match obj.get("type") {
        Some(Value::String(ty)) => match ty.as_str() {
            "string" => try_string(&value).unwrap_or(value),
            "number" => try_number(&value).map_or(value, js::number_value),
            "integer" => try_number(&value).map_or(value, |n| js::number_value(n.trunc())),
            "boolean" => try_boolean(&value).map_or(value, Value::Bool),
            "null" => {
                if try_null(&value) {
                    Value::Null
                } else {
                    value
                }
            }
            "array" => convert_array(s, obj, value, depth),
            "object" => convert_object(s, obj, value, depth),
            _ => value,
        },
        None if obj.contains_key("properties") || obj.contains_key("patternProperties") => {
            convert_object(s, obj, value, depth)
        }
        None if obj.contains_key("items") || obj.contains_key("prefixItems") => {
            convert_array(s, obj, value, depth)
        }
        _ => value,
    }
}

/// An enum is a union of its members: a member stays, else the first member the value
/// converts to.
fn convert_enum(s: &Schema<'_>, node: &Value, members: &[Value], value: Value) -> Value {
    if members
        .iter()
        .any(|m| is_primitive(m) && json_equal(m, &value))
    {
        return value;
    }
    for member in members {
        let candidate = convert_literal(member, value.clone());
        if candidate != value && s.check(node, &candidate) {
            return candidate;
        }
    }
    value
}

/// A value some branch accepts stays; else the first branch's conversion the whole union
/// accepts.
fn convert_union(
    s: &Schema<'_>,
    node: &Value,
    branches: &[Value],
    value: Value,
    depth: usize,
) -> Value {
    let obj = node.as_object();
    let members = |v: Value| match obj {
        Some(obj) => convert_members(s, obj, v, depth),
        None => v,
    };
    if branches.iter().any(|b| s.check(b, &value)) {
        return members(value);
    }
    for branch in branches {
        let candidate = members(convert(s, branch, value.clone(), depth));
        if s.check(node, &candidate) {
            return candidate;
        }
    }
    members(value)
}

/// The object members a union or intersection node also declares, if any.
fn convert_members(s: &Schema<'_>, obj: &Map<String, Value>, value: Value, depth: usize) -> Value {
    let declares = ["properties", "patternProperties", "additionalProperties"]
        .iter()
        .any(|k| obj.contains_key(*k));
    if declares {
        convert_object(s, obj, value, depth)
    } else {
        value
    }
}

fn convert_array(s: &Schema<'_>, obj: &Map<String, Value>, value: Value, depth: usize) -> Value {
    let tuple = matches!(obj.get("items"), Some(Value::Array(_)))
        || obj.get("prefixItems").is_some_and(Value::is_array);
    match value {
        Value::Array(items) => Value::Array(map_items(obj, items, |schema, item| {
            convert(s, schema, item, depth)
        })),
        // A tuple converts its items and never wraps a single value.
        other if tuple => other,
        // A single value becomes a one-item array, converted by the item schema.
        other => match obj.get("items") {
            Some(item) if item.is_object() => {
                Value::Array(vec![convert(s, item, other, depth + 1)])
            }
            _ => Value::Array(vec![other]),
        },
    }
}

fn convert_object(s: &Schema<'_>, obj: &Map<String, Value>, value: Value, depth: usize) -> Value {
    let Value::Object(map) = value else {
        return value;
    };
    let properties = obj.get("properties").and_then(Value::as_object);
    let patterns = pattern_properties(obj);
    let additional = obj.get("additionalProperties").filter(|a| a.is_object());
    let mut out = Map::new();
    for (key, value) in map {
        let declared = properties.and_then(|p| p.get(&key));
        let mut next = match declared {
            Some(schema) => convert(s, schema, value, depth),
            None => value,
        };
        let mut matched = declared.is_some();
        for (re, schema) in &patterns {
            if re.is_match(&key) {
                matched = true;
                next = convert(s, schema, next, depth);
            }
        }
        if let (false, Some(additional)) = (matched, additional) {
            next = convert(s, additional, next, depth);
        }
        out.insert(key, next);
    }
    Value::Object(out)
}

fn is_primitive(v: &Value) -> bool {
    !v.is_object() && !v.is_array()
}

/// A literal (`const`, an enum member) taken from a value of another type that converts to
/// exactly it.
fn convert_literal(literal: &Value, value: Value) -> Value {
    if is_primitive(literal) && json_equal(literal, &value) {
        return value;
    }
    let converted = match literal {
        Value::String(_) => try_string(&value),
        Value::Number(_) => try_number(&value).map(js::number_value),
        Value::Bool(_) => try_boolean(&value).map(Value::Bool),
        _ => None,
    };
    match converted {
        Some(c) if json_equal(&c, literal) => c,
        _ => value,
    }
}

fn try_string(value: &Value) -> Option<Value> {
    match value {
        Value::Bool(b) => Some(Value::String(b.to_string())),
        Value::Number(n) => Some(Value::String(js::json_number_string(n))),
        Value::Null => Some(Value::String("null".to_string())),
        Value::String(_) => Some(value.clone()),
        Value::Array(_) | Value::Object(_) => None,
    }
}

/// TypeBox's number conversion: booleans to 1/0, null to 0, numeric strings (`""` is 0),
/// `"true"`/`"false"` in any case, and `"12n"`.
fn try_number(value: &Value) -> Option<f64> {
    match value {
        Value::Bool(b) => Some(if *b { 1.0 } else { 0.0 }),
        Value::Number(n) => n.as_f64(),
        Value::Null => Some(0.0),
        Value::String(text) => {
            if let Some(n) = js::to_number(text).filter(|n| n.is_finite()) {
                return Some(n);
            }
            match text.to_lowercase().as_str() {
                "false" => Some(0.0),
                "true" => Some(1.0),
                _ => bigint_literal(text),
            }
        }
        Value::Array(_) | Value::Object(_) => None,
    }
}

/// `-?(0|[1-9]\d*)n` within the safe integer range.
fn bigint_literal(text: &str) -> Option<f64> {
    let body = text.strip_suffix('n')?;
    let digits = body.strip_prefix('-').unwrap_or(body);
    let canonical = digits == "0" || (!digits.starts_with('0') && !digits.is_empty());
    if !canonical || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let n: f64 = body.parse().ok()?;
    (n.abs() <= 9_007_199_254_740_991.0).then_some(n)
}

fn try_boolean(value: &Value) -> Option<bool> {
    match value {
        Value::Bool(b) => Some(*b),
        Value::Number(n) => match n.as_f64() {
            Some(0.0) => Some(false),
            Some(1.0) => Some(true),
            _ => None,
        },
        Value::Null => Some(false),
        Value::String(text) => match text.to_lowercase().as_str() {
            "false" | "0" => Some(false),
            "true" | "1" => Some(true),
            _ => None,
        },
        Value::Array(_) | Value::Object(_) => None,
    }
}

fn try_null(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::Bool(b) => !*b,
        Value::Number(n) => n.as_f64() == Some(0.0),
        Value::String(text) => {
            matches!(
                text.to_lowercase().as_str(),
                "undefined" | "null" | "" | "0"
            )
        }
        Value::Array(_) | Value::Object(_) => false,
    }
}

// ------------------------------------------------------------------------------------------
// Pass 3: primitive coercion by type
// ------------------------------------------------------------------------------------------

fn coerce_types(s: &Schema<'_>, node: &Value, value: Value) -> Value {
    let Some(obj) = node.as_object() else {
        return value;
    };
    let mut next = value;
    if let Some(Value::Array(members)) = obj.get("allOf") {
        for member in members {
            next = coerce_types(s, member, next);
        }
    }
    for union in ["anyOf", "oneOf"] {
        if let Some(Value::Array(branches)) = obj.get(union) {
            next = coerce_union(s, branches, next);
        }
    }
    let types: Vec<&str> = match obj.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(list)) => list.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    let matches_member = types.len() > 1 && types.iter().any(|t| has_type(&next, t));
    if !types.is_empty() && !matches_member {
        for ty in &types {
            if let Some(candidate) = coerce_primitive(&next, ty) {
                next = candidate;
                break;
            }
        }
    }
    if types.contains(&"object") {
        if let Value::Object(map) = next {
            next = Value::Object(coerce_properties(s, obj, map));
        }
    }
    if types.contains(&"array") {
        if let Value::Array(items) = next {
            next = Value::Array(map_items(obj, items, |schema, item| {
                coerce_types(s, schema, item)
            }));
        }
    }
    next
}

fn coerce_union(s: &Schema<'_>, branches: &[Value], value: Value) -> Value {
    if branches.iter().any(|b| s.check(b, &value)) {
        return value;
    }
    for branch in branches {
        let coerced = coerce_types(s, branch, value.clone());
        if s.check(branch, &coerced) {
            return coerced;
        }
    }
    value
}

fn coerce_properties(
    s: &Schema<'_>,
    obj: &Map<String, Value>,
    map: Map<String, Value>,
) -> Map<String, Value> {
    let properties = obj.get("properties").and_then(Value::as_object);
    let patterns = pattern_properties(obj);
    let additional = obj.get("additionalProperties").filter(|a| a.is_object());
    let mut out = Map::new();
    for (key, value) in map {
        let declared = properties.and_then(|p| p.get(&key));
        let mut next = match declared {
            Some(schema) => coerce_types(s, schema, value),
            None => value,
        };
        let mut matched = declared.is_some();
        for (re, schema) in &patterns {
            if re.is_match(&key) {
                matched = true;
                next = coerce_types(s, schema, next);
            }
        }
        if let (false, Some(additional)) = (matched, additional) {
            next = coerce_types(s, additional, next);
        }
        out.insert(key, next);
    }
    out
}

/// Ajv's `coerceTypes` for one type; `None` when nothing changes.
fn coerce_primitive(value: &Value, ty: &str) -> Option<Value> {
    match (ty, value) {
        ("number" | "integer", Value::Null) => Some(Value::from(0)),
        ("number" | "integer", Value::String(text)) if !js::trim(text).is_empty() => {
            let parsed = js::to_number(text)?;
            let ok = if ty == "number" {
                parsed.is_finite()
            } else {
                parsed.is_finite() && parsed.fract() == 0.0
            };
            ok.then(|| js::number_value(parsed))
        }
        ("number" | "integer", Value::Bool(b)) => Some(Value::from(u8::from(*b))),
        ("boolean", Value::Null) => Some(Value::Bool(false)),
        ("boolean", Value::String(text)) if text == "true" => Some(Value::Bool(true)),
        ("boolean", Value::String(text)) if text == "false" => Some(Value::Bool(false)),
        ("boolean", Value::Number(n)) => match n.as_f64() {
            Some(1.0) => Some(Value::Bool(true)),
            Some(0.0) => Some(Value::Bool(false)),
            _ => None,
        },
        ("string", Value::Null) => Some(Value::String(String::new())),
        ("string", Value::Number(n)) => Some(Value::String(js::json_number_string(n))),
        ("string", Value::Bool(b)) => Some(Value::String(b.to_string())),
        ("null", Value::String(text)) if text.is_empty() => Some(Value::Null),
        ("null", Value::Number(n)) if n.as_f64() == Some(0.0) => Some(Value::Null),
        ("null", Value::Bool(false)) => Some(Value::Null),
        _ => None,
    }
}
