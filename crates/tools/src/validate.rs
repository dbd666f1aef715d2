//! Tool-call argument validation as pi-ai 1.6.0 does it: the arguments are coerced towards
//! the tool's JSON Schema (pi-schema's `parse()`: `"42"` to 42, a single value to an array,
//! an optional `null` dropped, ...), then checked; a failure becomes Pi's error text, which
//! the model sees as the tool result.
//!
//! Supported: the JSON Schema that TypeBox and MCP servers produce — `type` (also lists),
//! `properties`, `required`, `additionalProperties`, `patternProperties`, `propertyNames`,
//! `items`/`prefixItems`, `enum`, `const`, `anyOf`/`oneOf`/`allOf`/`not`/`if`, number and
//! length bounds, `pattern`, `uniqueItems`, `contains` and local `$ref`s. Not checked:
//! `format`, `dependentRequired`/`dependentSchemas`, `unevaluated*`, dynamic and remote refs,
//! and patterns the regex crate cannot express (look-around, back-references).

mod check;
mod coerce;
mod explain;
pub(crate) mod js;

use serde_json::Value;

pub use explain::SchemaError;

use check::Schema;

/// Coerces `args` towards `schema` and checks them: the coerced arguments, or Pi's error
/// text (`Validation failed for tool "NAME":` with one `  - path: message` line per error,
/// then the arguments as received, pretty-printed).
pub fn validate_arguments(tool_name: &str, schema: &Value, args: &Value) -> Result<Value, String> {
    let schema = Schema { root: schema };
    let coerced = coerce::coerce(&schema, args.clone());
    if schema.check(schema.root, &coerced) {
        return Ok(coerced);
    }
    let lines: Vec<String> = explain::errors(&schema, &coerced)
        .iter()
        .map(|e| format!("  - {}: {}", display_path(&e.path), e.message))
        .collect();
    let received = serde_json::to_string_pretty(args).unwrap_or_default();
    Err(format!(
        "Validation failed for tool \"{tool_name}\":\n{}\n\nReceived arguments:\n{received}",
        lines.join("\n")
    ))
}

/// The error text pi-ai gives when a tool call's arguments were not valid JSON.
pub fn invalid_arguments_error(tool_name: &str, parse_error: &str) -> String {
    format!("Invalid arguments for tool \"{tool_name}\": {parse_error}")
}

/// `value` coerced towards `schema` without checking it.
pub fn coerce(schema: &Value, value: &Value) -> Value {
    coerce::coerce(&Schema { root: schema }, value.clone())
}

/// Whether `value` is valid against `schema` as it is (no coercion).
pub fn is_valid(schema: &Value, value: &Value) -> bool {
    Schema { root: schema }.check(schema, value)
}

/// Why `value` fails `schema` (no coercion); empty when it is valid.
pub fn schema_errors(schema: &Value, value: &Value) -> Vec<SchemaError> {
    let compiled = Schema { root: schema };
    if compiled.check(schema, value) {
        return Vec::new();
    }
    explain::errors(&compiled, value)
}

/// A JSON pointer as the dotted path the model sees: `""` is `root`, `/edits/0/oldText` is
/// `edits.0.oldText`.
pub fn display_path(pointer: &str) -> String {
    if pointer.is_empty() {
        return "root".to_string();
    }
    pointer[1..]
        .split('/')
        .map(|segment| segment.replace("~1", "/").replace("~0", "~"))
        .collect::<Vec<_>>()
        .join(".")
}

#[cfg(test)]
#[path = "validate_tests.rs"]
mod tests;
