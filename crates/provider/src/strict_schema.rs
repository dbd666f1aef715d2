//! Strict JSON-schema tool parameters for constrained sampling (pi-ai
//! `makeStrictJsonSchema` and `resolveJsonSchemaStrictSampling`), shared by the APIs that
//! take `strict: true` tools.
//!
//! A tool opts in with `constrainedSampling: {"type": "json_schema", "strict": "prefer" |
//! "require"}`. When the server supports strict mode, the schema is rewritten into the
//! subset strict mode accepts: every object lists all its properties as required, optional
//! ones become `anyOf [schema, {"type": "null"}]`, and `additionalProperties` is `false`.
//! Schemas strict mode cannot express (`$ref`, `oneOf`, tuples, open objects…) fall back to
//! non-strict under `prefer` and fail the request under `require`.

use serde_json::{json, Map, Value};
use tau_protocol::ToolDeclaration;

/// Keywords strict mode rejects.
const UNSUPPORTED_KEYS: [&str; 16] = [
    "$ref",
    "$defs",
    "definitions",
    "allOf",
    "oneOf",
    "patternProperties",
    "dependentSchemas",
    "dependencies",
    "unevaluatedProperties",
    "propertyNames",
    "contains",
    "prefixItems",
    "not",
    "if",
    "then",
    "else",
];

/// Whether to send a tool strict: `Ok(Some(true))` to send it strict (with
/// [`make_strict`] parameters), `Ok(None)` to send it as is, `Err(message)` when the tool
/// requires strict sampling that cannot be had (Pi's error text).
pub fn resolve_strict(
    tool: &ToolDeclaration,
    supports_strict: bool,
) -> Result<Option<bool>, String> {
    let Some(config) = tool.constrained_sampling.as_ref() else {
        return Ok(None);
    };
    if config.get("type").and_then(Value::as_str) != Some("json_schema") {
        return Ok(None);
    }
    let required = config.get("strict").and_then(Value::as_str) == Some("require");
    if supports_strict {
        return match make_strict(&tool.parameters) {
            Ok(_) => Ok(Some(true)),
            Err(_) if !required => Ok(None),
            Err(reason) => Err(format!(
                "Tool \"{}\" requires JSON-schema constrained sampling, but {reason}.",
                tool.name
            )),
        };
    }
    if required {
        return Err(format!(
            "Tool \"{}\" requires JSON-schema constrained sampling, but strict tools are unsupported.",
            tool.name
        ));
    }
    Ok(None)
}

/// The strict form of a tool's parameter schema, or why it has none.
pub fn make_strict(schema: &Value) -> Result<Value, String> {
    let mut schema = schema.clone();
    if !schema.is_object() {
        return Err("root schema must have type object".into());
    }
    strict_node(&mut schema)?;
    if schema.get("type").and_then(Value::as_str) != Some("object") {
        return Err("root schema must have type object".into());
    }
    Ok(schema)
}

fn strict_node(schema: &mut Value) -> Result<(), String> {
    let Value::Object(node) = schema else {
        return Err("boolean schemas are unsupported".into());
    };
    if let Some(key) = UNSUPPORTED_KEYS.iter().find(|key| node.contains_key(**key)) {
        return Err(format!("{key} schemas are unsupported"));
    }
    // Strict mode rejects untyped nodes; a bare enum counts as typed, a bare const does not.
    if !node.contains_key("type") && !node.contains_key("anyOf") && !node.contains_key("enum") {
        return Err("schemas without a type are unsupported".into());
    }
    if let Some(any_of) = node.get_mut("anyOf") {
        let Value::Array(variants) = any_of else {
            return Err("anyOf must contain at least one schema".into());
        };
        if variants.is_empty() {
            return Err("anyOf must contain at least one schema".into());
        }
        for variant in variants.iter_mut() {
            if is_structured(variant) {
                return Err("object and array unions are unsupported".into());
            }
            strict_node(variant)?;
        }
    }
    if let Some(items) = node.get_mut("items") {
        if items.is_array() {
            return Err("tuple schemas are unsupported".into());
        }
        strict_node(items)?;
    }
    let is_object = node.get("type").and_then(Value::as_str) == Some("object");
    if node.contains_key("properties") && !is_object {
        return Err("properties require type object".into());
    }
    if !is_object {
        return Ok(());
    }
    if node
        .get("additionalProperties")
        .is_some_and(|value| value != &Value::Bool(false))
    {
        return Err("schema-valued or true additionalProperties is unsupported".into());
    }
    if node
        .get("properties")
        .is_some_and(|properties| !properties.is_object())
    {
        return Err("object properties must be a schema map".into());
    }
    let required: Vec<String> = match node.get("required") {
        None => Vec::new(),
        Some(Value::Array(keys)) if keys.iter().all(Value::is_string) => keys
            .iter()
            .filter_map(Value::as_str)
            .map(str::to_owned)
            .collect(),
        Some(_) => return Err("object required must be a string array".into()),
    };
    let mut properties = match node.get("properties") {
        Some(Value::Object(properties)) => properties.clone(),
        _ => Map::new(),
    };
    if required.iter().any(|key| !properties.contains_key(key)) {
        return Err("required contains an unknown property".into());
    }
    for (key, property) in properties.iter_mut() {
        strict_node(property)?;
        if !required.contains(key) && !allows_null(property) {
            *property = json!({"anyOf": [property.clone(), {"type": "null"}]});
        }
    }
    let names: Vec<Value> = properties.keys().map(|key| json!(key)).collect();
    if node.contains_key("properties") {
        node.insert("properties".into(), Value::Object(properties));
    }
    node.insert("required".into(), Value::Array(names));
    node.insert("additionalProperties".into(), json!(false));
    Ok(())
}

fn is_structured(schema: &Value) -> bool {
    let Value::Object(node) = schema else {
        return false;
    };
    let has_type = |name: &str| match node.get("type") {
        Some(Value::String(kind)) => kind == name,
        Some(Value::Array(kinds)) => kinds.iter().any(|kind| kind == name),
        _ => false,
    };
    has_type("object")
        || has_type("array")
        || node.contains_key("properties")
        || node.contains_key("items")
}

fn allows_null(schema: &Value) -> bool {
    let Value::Object(node) = schema else {
        return false;
    };
    match node.get("type") {
        Some(Value::String(kind)) if kind == "null" => return true,
        Some(Value::Array(kinds)) if kinds.iter().any(|kind| kind == "null") => return true,
        _ => {}
    }
    if node.get("const") == Some(&Value::Null)
        || node
            .get("enum")
            .and_then(Value::as_array)
            .is_some_and(|values| values.contains(&Value::Null))
    {
        return true;
    }
    node.get("anyOf")
        .and_then(Value::as_array)
        .is_some_and(|variants| variants.iter().any(allows_null))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn tool(parameters: Value, strict: &str) -> ToolDeclaration {
        ToolDeclaration {
            name: "read".into(),
            description: "d".into(),
            parameters,
            constrained_sampling: Some(json!({"type": "json_schema", "strict": strict})),
        }
    }

    #[test]
    fn optional_properties_become_nullable_and_all_required() {
        let schema = json!({"type": "object", "required": ["path"], "properties": {
            "path": {"type": "string"}, "offset": {"type": "number"},
            "tags": {"type": "array", "items": {"type": "object", "properties": {"k": {"type": "string"}}}}}});
        assert_eq!(
            make_strict(&schema).unwrap(),
            json!({"type": "object", "required": ["path", "offset", "tags"], "properties": {
                "path": {"type": "string"},
                "offset": {"anyOf": [{"type": "number"}, {"type": "null"}]},
                "tags": {"anyOf": [{"type": "array", "items": {"type": "object", "properties": {"k": {"anyOf": [{"type": "string"}, {"type": "null"}]}}, "required": ["k"], "additionalProperties": false}}, {"type": "null"}]}},
                "additionalProperties": false})
        );
    }

    #[test]
    fn unsupported_schemas_fall_back_or_fail() {
        let open = json!({"type": "object", "additionalProperties": true});
        assert_eq!(
            make_strict(&open).unwrap_err(),
            "schema-valued or true additionalProperties is unsupported"
        );
        assert_eq!(
            resolve_strict(&tool(open.clone(), "prefer"), true),
            Ok(None)
        );
        assert_eq!(
            resolve_strict(&tool(open, "require"), true).unwrap_err(),
            "Tool \"read\" requires JSON-schema constrained sampling, but schema-valued or true additionalProperties is unsupported."
        );
        let fine = json!({"type": "object", "properties": {}});
        assert_eq!(
            resolve_strict(&tool(fine.clone(), "prefer"), true),
            Ok(Some(true))
        );
        assert_eq!(
            resolve_strict(&tool(fine.clone(), "prefer"), false),
            Ok(None)
        );
        assert!(resolve_strict(&tool(fine, "require"), false).is_err());
        assert_eq!(
            make_strict(&json!({"oneOf": []})).unwrap_err(),
            "oneOf schemas are unsupported"
        );
    }
}
