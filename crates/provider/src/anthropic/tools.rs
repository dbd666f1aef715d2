//! Tool declarations of the Messages request (pi-ai `convertTools`): the schema's
//! `properties`, `required`, `additionalProperties` and definitions as `input_schema` (root
//! `anyOf`/`oneOf`/`allOf` are rejected by Anthropic), `eager_input_streaming`, the cache
//! marker on the last tool, Claude Code's names with a subscription token, and `strict:
//! true` for tools asking for constrained sampling when the model supports it and the
//! schema avoids the keywords Anthropic's strict mode rejects.

use serde_json::{json, Map, Value};
use tau_protocol::ToolDeclaration;

use super::messages::claude_code_name;
use super::request::BodyInput;
use crate::strict_schema::{make_strict, resolve_strict};

/// Keywords Anthropic's strict tool use rejects (the whole request fails with a 400).
const STRICT_UNSUPPORTED_KEYWORDS: [&str; 11] = [
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "maxItems",
    "uniqueItems",
    "minContains",
    "maxContains",
    "minProperties",
    "maxProperties",
];
/// String formats strict tool use accepts.
const STRICT_STRING_FORMATS: [&str; 10] = [
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "uri",
    "ipv4",
    "ipv6",
    "uuid",
];

/// The tools, and whether a tool preferring strict sampling was sent strict.
pub fn convert_tools(
    input: &BodyInput<'_>,
    cache_control: Option<&Value>,
) -> Result<(Vec<Value>, bool), String> {
    let mut has_preferred_strict = false;
    let last = input.tools.len().saturating_sub(1);
    let mut out = Vec::with_capacity(input.tools.len());
    for (index, tool) in input.tools.iter().enumerate() {
        let prefers = prefers_strict(tool);
        let strict = if input.disable_preferred_strict && prefers {
            None
        } else {
            resolve_anthropic_strict(tool, input.compat.supports_strict_tools)?
        };
        let schema = match strict {
            Some(true) => make_strict(&tool.parameters)?,
            _ => tool.parameters.clone(),
        };
        let mut legacy = Map::new();
        legacy.insert("type".into(), json!("object"));
        legacy.insert(
            "properties".into(),
            schema
                .get("properties")
                .cloned()
                .unwrap_or_else(|| json!({})),
        );
        legacy.insert(
            "required".into(),
            schema.get("required").cloned().unwrap_or_else(|| json!([])),
        );
        // Root anyOf/oneOf/allOf are rejected; definitions and additionalProperties are kept.
        for key in ["additionalProperties", "$defs", "definitions"] {
            if let Some(value) = schema.get(key) {
                legacy.insert(key.into(), value.clone());
            }
        }
        let input_schema = match (strict, schema) {
            (Some(true), Value::Object(mut full)) => {
                full.extend(legacy);
                Value::Object(full)
            }
            _ => Value::Object(legacy),
        };
        let mut converted = Map::new();
        let name = if input.is_oauth {
            claude_code_name(&tool.name)
        } else {
            tool.name.clone()
        };
        converted.insert("name".into(), json!(name));
        converted.insert("description".into(), json!(tool.description));
        if input.compat.supports_eager_tool_input_streaming {
            converted.insert("eager_input_streaming".into(), json!(true));
        }
        if strict == Some(true) {
            converted.insert("strict".into(), json!(true));
            has_preferred_strict |= prefers;
        }
        converted.insert("input_schema".into(), input_schema);
        if let (Some(cache_control), true) = (cache_control, index == last) {
            converted.insert("cache_control".into(), cache_control.clone());
        }
        out.push(Value::Object(converted));
    }
    Ok((out, has_preferred_strict))
}

fn prefers_strict(tool: &ToolDeclaration) -> bool {
    tool.constrained_sampling.as_ref().is_some_and(|config| {
        config.get("type").and_then(Value::as_str) == Some("json_schema")
            && config.get("strict").and_then(Value::as_str) == Some("prefer")
    })
}

/// [`resolve_strict`] with the keywords Anthropic's strict mode also rejects.
fn resolve_anthropic_strict(
    tool: &ToolDeclaration,
    supports_strict: bool,
) -> Result<Option<bool>, String> {
    let strict = resolve_strict(tool, supports_strict)?;
    let Some(reason) = strict.and(unsupported_keyword(&tool.parameters)) else {
        return Ok(strict);
    };
    let required = tool
        .constrained_sampling
        .as_ref()
        .and_then(|config| config.get("strict"))
        .and_then(Value::as_str)
        == Some("require");
    if required {
        return Err(format!(
            "Tool \"{}\" requires JSON-schema constrained sampling, but {reason}.",
            tool.name
        ));
    }
    Ok(None)
}

/// The first keyword Anthropic's strict mode rejects, in the nodes strict conversion visits.
fn unsupported_keyword(schema: &Value) -> Option<String> {
    let Value::Object(node) = schema else {
        return None;
    };
    for (key, value) in node {
        let unsupported = STRICT_UNSUPPORTED_KEYWORDS.contains(&key.as_str())
            || (key == "minItems" && value != &json!(0) && value != &json!(1))
            || (key == "format"
                && !value
                    .as_str()
                    .is_some_and(|format| STRICT_STRING_FORMATS.contains(&format)));
        if unsupported {
            return Some(format!("{key}: {value} is unsupported"));
        }
    }
    let mut children = node
        .get("anyOf")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .chain(node.get("items"))
        .chain(
            node.get("properties")
                .and_then(Value::as_object)
                .into_iter()
                .flat_map(|properties| properties.values()),
        );
    children.find_map(unsupported_keyword)
}
