//! Why a value failed its schema: one error per failing keyword, at the JSON pointer of the
//! value it failed on, with pi-schema's messages.

use serde_json::{Map, Value};

use super::check::{
    contains_bounds, item_schemas, num_kw, pattern_properties, type_matches, type_name, Schema,
};
use super::js;

/// One reason a value failed its schema.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemaError {
    /// JSON pointer of the failing value (`""` for the root, `/edits/0/oldText`).
    pub path: String,
    /// The keyword that failed (`type`, `required`, `minimum`, ...).
    pub keyword: String,
    /// What was expected, in pi-schema's words.
    pub message: String,
}

/// Enum errors list at most this many values.
const LISTED_VALUES: usize = 20;
/// Deeper `$ref` chains are not explained further.
const MAX_DEPTH: usize = 64;

/// The errors of a value that failed `schema.root`; at least one.
pub(crate) fn errors(schema: &Schema<'_>, value: &Value) -> Vec<SchemaError> {
    let mut out = Vec::new();
    walk(schema, schema.root, value, "", &mut out, 0);
    if out.is_empty() {
        out.push(error("", "schema", "invalid"));
    }
    out
}

fn error(path: &str, keyword: &str, message: impl Into<String>) -> SchemaError {
    SchemaError {
        path: path.to_string(),
        keyword: keyword.to_string(),
        message: message.into(),
    }
}

/// `path` extended by one key, escaped as a JSON pointer.
fn pointer(path: &str, key: &str) -> String {
    format!("{path}/{}", key.replace('~', "~0").replace('/', "~1"))
}

fn walk(s: &Schema<'_>, node: &Value, v: &Value, path: &str, out: &mut Vec<SchemaError>, d: usize) {
    let obj = match node {
        Value::Bool(true) => return,
        Value::Bool(false) => {
            out.push(error(path, "false", "no value is allowed here"));
            return;
        }
        Value::Object(obj) => obj,
        _ => return,
    };
    if d > MAX_DEPTH || s.check(node, v) {
        return;
    }
    if let Some(ty) = obj.get("type") {
        if !type_matches(ty, v) {
            let names: Vec<String> = match ty {
                Value::Array(list) => list.iter().map(value_text).collect(),
                other => vec![value_text(other)],
            };
            let message = format!("expected {}, got {}", names.join(" or "), type_name(v));
            out.push(error(path, "type", message));
            return;
        }
    }
    if let Some(Value::Array(values)) = obj.get("enum") {
        if !values.iter().any(|m| super::check::json_equal(m, v)) {
            let message = format!("expected one of {}", list_values(values));
            out.push(error(path, "enum", message));
        }
    }
    if let Some(c) = obj.get("const") {
        if !super::check::json_equal(c, v) {
            out.push(error(path, "const", format!("expected {}", compact(c))));
        }
    }
    match v {
        Value::String(text) => walk_string(obj, text, path, out),
        Value::Number(n) => walk_number(obj, n.as_f64().unwrap_or(0.0), path, out),
        Value::Object(o) => walk_object(s, obj, o, path, out, d),
        Value::Array(a) => walk_array(s, obj, a, path, out, d),
        Value::Null | Value::Bool(_) => {}
    }
    if let Some(Value::Array(all)) = obj.get("allOf") {
        for member in all {
            walk(s, member, v, path, out, d);
        }
    }
    if let Some(Value::Array(any)) = obj.get("anyOf") {
        walk_union(s, any, v, path, out, false, d);
    }
    if let Some(Value::Array(one)) = obj.get("oneOf") {
        walk_union(s, one, v, path, out, true, d);
    }
    if let Some(not) = obj.get("not") {
        if s.check(not, v) {
            out.push(error(path, "not", "must not match the schema in not"));
        }
    }
    if let Some(cond) = obj.get("if") {
        let branch = if s.check(cond, v) {
            obj.get("then")
        } else {
            obj.get("else")
        };
        if let Some(branch) = branch {
            walk(s, branch, v, path, out, d);
        }
    }
    if let Some(reference) = obj.get("$ref").and_then(Value::as_str) {
        match s.resolve(reference) {
            Some(target) => walk(s, target, v, path, out, d + 1),
            None => out.push(error(
                path,
                "$ref",
                format!("unresolved reference {reference}"),
            )),
        }
    }
}

fn walk_string(obj: &Map<String, Value>, text: &str, path: &str, out: &mut Vec<SchemaError>) {
    let n = text.chars().count() as f64;
    if let Some(min) = num_kw(obj, "minLength").filter(|m| n < *m) {
        let message = format!("expected at least {} characters", js::number_string(min));
        out.push(error(path, "minLength", message));
    }
    if let Some(max) = num_kw(obj, "maxLength").filter(|m| n > *m) {
        let message = format!("expected at most {} characters", js::number_string(max));
        out.push(error(path, "maxLength", message));
    }
    if let Some(src) = obj.get("pattern").and_then(Value::as_str) {
        if js::regex(src).is_some_and(|re| !re.is_match(text)) {
            out.push(error(path, "pattern", format!("expected to match {src}")));
        }
    }
}

/// A number bound: keyword, operator shown in the message, and whether a value fails it.
type BoundCheck = (&'static str, &'static str, fn(f64, f64) -> bool);

fn walk_number(obj: &Map<String, Value>, v: f64, path: &str, out: &mut Vec<SchemaError>) {
    let checks: [BoundCheck; 4] = [
        ("minimum", ">=", |v, b| v < b),
        ("maximum", "<=", |v, b| v > b),
        ("exclusiveMinimum", ">", |v, b| v <= b),
        ("exclusiveMaximum", "<", |v, b| v >= b),
    ];
    for (keyword, op, fails) in checks {
        if let Some(bound) = num_kw(obj, keyword).filter(|b| fails(v, *b)) {
            let message = format!("expected {op} {}", js::number_string(bound));
            out.push(error(path, keyword, message));
        }
    }
    if let Some(d) = num_kw(obj, "multipleOf").filter(|d| !super::check::is_multiple(v, *d)) {
        let message = format!("expected a multiple of {}", js::number_string(d));
        out.push(error(path, "multipleOf", message));
    }
}

fn walk_object(
    s: &Schema<'_>,
    obj: &Map<String, Value>,
    o: &Map<String, Value>,
    path: &str,
    out: &mut Vec<SchemaError>,
    d: usize,
) {
    let empty = Map::new();
    let properties = obj
        .get("properties")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    if let Some(Value::Array(required)) = obj.get("required") {
        for key in required.iter().filter_map(Value::as_str) {
            if !o.contains_key(key) {
                out.push(error(&pointer(path, key), "required", "missing"));
            }
        }
    }
    for (key, schema) in properties {
        if let Some(value) = o.get(key) {
            walk(s, schema, value, &pointer(path, key), out, d);
        }
    }
    let patterns = pattern_properties(obj);
    for (key, value) in o {
        let mut matched = properties.contains_key(key);
        for (re, schema) in &patterns {
            if re.is_match(key) {
                matched = true;
                walk(s, schema, value, &pointer(path, key), out, d);
            }
        }
        match obj.get("additionalProperties") {
            Some(Value::Bool(false)) if !matched => {
                out.push(error(
                    &pointer(path, key),
                    "additionalProperties",
                    "unknown field",
                ));
            }
            Some(additional) if !matched => {
                walk(s, additional, value, &pointer(path, key), out, d);
            }
            _ => {}
        }
        if let Some(names) = obj.get("propertyNames") {
            if !s.check(names, &Value::String(key.clone())) {
                let at = pointer(path, key);
                out.push(error(&at, "propertyNames", "invalid property name"));
            }
        }
    }
    let count = o.len() as f64;
    if let Some(min) = num_kw(obj, "minProperties").filter(|m| count < *m) {
        let message = format!("expected at least {} properties", js::number_string(min));
        out.push(error(path, "minProperties", message));
    }
    if let Some(max) = num_kw(obj, "maxProperties").filter(|m| count > *m) {
        let message = format!("expected at most {} properties", js::number_string(max));
        out.push(error(path, "maxProperties", message));
    }
}

fn walk_array(
    s: &Schema<'_>,
    obj: &Map<String, Value>,
    a: &[Value],
    path: &str,
    out: &mut Vec<SchemaError>,
    d: usize,
) {
    let (prefix, rest) = item_schemas(obj);
    for (i, item) in a.iter().enumerate() {
        let schema = if i < prefix.len() {
            prefix.get(i)
        } else {
            rest
        };
        if let Some(schema) = schema {
            walk(s, schema, item, &format!("{path}/{i}"), out, d);
        }
    }
    let len = a.len() as f64;
    if let Some(min) = num_kw(obj, "minItems").filter(|m| len < *m) {
        let message = format!("expected at least {} items", js::number_string(min));
        out.push(error(path, "minItems", message));
    }
    if let Some(max) = num_kw(obj, "maxItems").filter(|m| len > *m) {
        let message = format!("expected at most {} items", js::number_string(max));
        out.push(error(path, "maxItems", message));
    }
    let unique = a
        .iter()
        .enumerate()
        .all(|(i, x)| a[..i].iter().all(|y| !super::check::json_equal(x, y)));
    if obj.get("uniqueItems") == Some(&Value::Bool(true)) && !unique {
        out.push(error(path, "uniqueItems", "expected unique items"));
    }
    if let Some(contains) = obj.get("contains") {
        let (min, max) = contains_bounds(obj);
        let n = a.iter().filter(|item| s.check(contains, item)).count() as f64;
        if n < min || n > max {
            out.push(error(path, "contains", contains_message(min, max)));
        }
    }
}

fn contains_message(min: f64, max: f64) -> String {
    let items = |n: f64| if n == 1.0 { "item" } else { "items" };
    if max == f64::INFINITY {
        format!(
            "expected at least {} matching {}",
            js::number_string(min),
            items(min)
        )
    } else if min == 0.0 {
        format!(
            "expected at most {} matching {}",
            js::number_string(max),
            items(max)
        )
    } else {
        format!(
            "expected between {} and {} matching items",
            js::number_string(min),
            js::number_string(max)
        )
    }
}

fn walk_union(
    s: &Schema<'_>,
    branches: &[Value],
    v: &Value,
    path: &str,
    out: &mut Vec<SchemaError>,
    exactly_one: bool,
    d: usize,
) {
    let matches = branches.iter().filter(|b| s.check(b, v)).count();
    if matches == 1 || (!exactly_one && matches > 0) {
        return;
    }
    let keyword = if exactly_one { "oneOf" } else { "anyOf" };
    if matches > 1 {
        out.push(error(path, keyword, "matches more than one alternative"));
        return;
    }
    // A tagged union reports against the branch its tag selects.
    if let (Some((key, tags)), Value::Object(o)) = (tag_of(s, branches), v) {
        match tags.iter().position(|t| Some(t) == o.get(&key)) {
            Some(i) => walk(s, &branches[i], v, path, out, d),
            None => {
                let message = format!("expected one of {}", list_values(&tags));
                out.push(error(&pointer(path, &key), keyword, message));
            }
        }
        return;
    }
    // Otherwise blame the branch declaring most of an object's keys, then the branch whose
    // first error is deepest.
    let mut best: Option<(Vec<SchemaError>, usize)> = None;
    for branch in branches {
        let mut errors = Vec::new();
        walk(s, branch, v, path, &mut errors, d);
        let Some(first) = errors.first() else {
            continue;
        };
        let declared = match v {
            Value::Object(o) => declared_keys(s, branch, o),
            _ => 0,
        };
        let better = match &best {
            None => true,
            Some((best_errors, best_declared)) => {
                declared > *best_declared
                    || (declared == *best_declared
                        && best_errors
                            .first()
                            .is_some_and(|b| first.path.len() > b.path.len()))
            }
        };
        if better {
            best = Some((errors, declared));
        }
    }
    match best {
        Some((errors, _)) => out.extend(errors),
        None => out.push(error(path, keyword, "matches no alternative")),
    }
}

fn deref<'a>(s: &Schema<'a>, branch: &'a Value) -> Option<&'a Value> {
    match branch.get("$ref").and_then(Value::as_str) {
        Some(reference) => s.resolve(reference),
        None => Some(branch),
    }
}

fn declared_keys(s: &Schema<'_>, branch: &Value, o: &Map<String, Value>) -> usize {
    let properties = deref(s, branch)
        .and_then(|n| n.get("properties"))
        .and_then(Value::as_object);
    properties.map_or(0, |p| o.keys().filter(|k| p.contains_key(*k)).count())
}

/// The property every branch pins to a distinct primitive `const`, with those values.
fn tag_of(s: &Schema<'_>, branches: &[Value]) -> Option<(String, Vec<Value>)> {
    let resolved: Vec<Option<&Value>> = branches.iter().map(|b| deref(s, b)).collect();
    let first = resolved.first().copied().flatten()?;
    let properties = first.get("properties")?.as_object()?;
    for key in properties.keys() {
        let values: Option<Vec<Value>> = resolved
            .iter()
            .map(|node| {
                let tag = (*node)?.get("properties")?.get(key)?.get("const")?;
                (!tag.is_object() && !tag.is_array()).then(|| tag.clone())
            })
            .collect();
        let Some(values) = values else {
            continue;
        };
        let distinct = values
            .iter()
            .enumerate()
            .all(|(i, x)| values[..i].iter().all(|y| y != x));
        if distinct {
            return Some((key.clone(), values));
        }
    }
    None
}

/// A value as `JSON.stringify` writes it compactly.
fn compact(v: &Value) -> String {
    match v {
        Value::Number(n) => js::json_number_string(n),
        Value::Array(items) => format!(
            "[{}]",
            items.iter().map(compact).collect::<Vec<_>>().join(",")
        ),
        other => serde_json::to_string(other).unwrap_or_default(),
    }
}

/// A type name or other scalar as text (strings unquoted).
fn value_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => compact(other),
    }
}

/// `values` as JSON, at most [`LISTED_VALUES`] of them, then how many more there are.
fn list_values(values: &[Value]) -> String {
    if values.len() <= LISTED_VALUES {
        return compact(&Value::Array(values.to_vec()));
    }
    let listed = compact(&Value::Array(values[..LISTED_VALUES].to_vec()));
    format!(
        "{}, ... and {} more]",
        &listed[..listed.len() - 1],
        values.len() - LISTED_VALUES
    )
}
