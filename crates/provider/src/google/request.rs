//! The request, in two shapes. [`build_params`] makes what pi-ai hands the Google SDK
//! (`{model, contents, config}`): that is what the `before_provider_request` hook sees and
//! may rewrite, as in Pi. [`to_wire`] then does the SDK's translation into the REST body:
//! `contents`, `systemInstruction` (a string becomes a user content), `tools`, `toolConfig`
//! at the top, sampling and `thinkingConfig` under `generationConfig`, keys in the SDK's
//! order and unknown ones dropped as the SDK drops them.

use std::borrow::Borrow;

use serde_json::{json, Map, Value};
use tau_protocol::{AgentMessage, Model, ThinkingLevel, ToolDeclaration};

use super::contents::{convert_messages, gemini_major_version};
use super::thinking::thinking_config;
use crate::estimate::clamp_max_tokens_to_context;
use crate::strict_schema::{make_strict, resolve_strict};

/// Config keys the SDK moves to the top of the body, in its order.
const TOP_LEVEL_CONFIG: [&str; 9] = [
    "serviceTier",
    "systemInstruction",
    "safetySettings",
    "tools",
    "toolConfig",
    "labels",
    "cachedContent",
    "continuationToken",
    "store",
];
/// Config keys the SDK sends under `generationConfig`, in its order.
const GENERATION_CONFIG: [&str; 20] = [
    "temperature",
    "topP",
    "topK",
    "candidateCount",
    "maxOutputTokens",
    "stopSequences",
    "responseLogprobs",
    "logprobs",
    "presencePenalty",
    "frequencyPenalty",
    "seed",
    "responseMimeType",
    "responseSchema",
    "responseJsonSchema",
    "responseModalities",
    "mediaResolution",
    "speechConfig",
    "thinkingConfig",
    "imageConfig",
    "enableEnhancedCivicAnswers",
];
/// Part keys the SDK sends, in its order.
const PART_KEYS: [&str; 14] = [
    "mediaResolution",
    "toolCall",
    "toolResponse",
    "audioTranscription",
    "codeExecutionResult",
    "executableCode",
    "fileData",
    "functionCall",
    "functionResponse",
    "inlineData",
    "text",
    "thought",
    "thoughtSignature",
    "videoMetadata",
];
/// Function-response keys the SDK sends to Vertex, in its order.
const VERTEX_FUNCTION_RESPONSE_KEYS: [&str; 5] = ["id", "name", "parts", "response", "scheduling"];
/// Keys of a function response's parts the SDK sends to Vertex.
const VERTEX_FUNCTION_RESPONSE_PART_KEYS: [&str; 2] = ["fileData", "inlineData"];
/// Function-call keys the SDK sends, in its order.
const FUNCTION_CALL_KEYS: [&str; 5] = ["args", "id", "name", "partialArgs", "willContinue"];

/// What the request is built from.
pub struct ParamsInput<'a, M> {
    /// The model asked.
    pub model: &'a Model,
    /// System prompt.
    pub system_prompt: &'a str,
    /// The conversation as the user wrote it (for the output-token budget).
    pub original: &'a [M],
    /// The conversation after [`crate::transform::transform_messages`].
    pub messages: &'a [M],
    /// Tools offered.
    pub tools: &'a [ToolDeclaration],
    /// Requested reasoning level.
    pub thinking_level: ThinkingLevel,
    /// For Vertex AI (`google-vertex`) rather than the Gemini API.
    pub vertex: bool,
}

/// pi-ai's SDK parameters; fails (with Pi's text) when a tool requires strict sampling the
/// model cannot give or the thinking-level mapping names no Google level.
pub fn build_params<M: Borrow<AgentMessage>>(input: &ParamsInput<'_, M>) -> Result<Value, String> {
    let model = input.model;
    let mut config = Map::new();
    let max_tokens = clamp_max_tokens_to_context(
        model.context_window,
        input.system_prompt,
        input.tools,
        input.original,
        model.max_tokens,
    );
    config.insert("maxOutputTokens".into(), json!(max_tokens));
    if !input.system_prompt.is_empty() {
        config.insert("systemInstruction".into(), json!(input.system_prompt));
    }
    if !input.tools.is_empty() {
        let supports_strict = gemini_major_version(&model.id).is_some_and(|major| major >= 3);
        let (tools, any_strict) = convert_tools(input.tools, supports_strict)?;
        config.insert("tools".into(), tools);
        // Without a tool choice, strict tools ask for validated calling.
        if any_strict {
            config.insert(
                "toolConfig".into(),
                json!({"functionCallingConfig": {"mode": "VALIDATED"}}),
            );
        }
    }
    // pi-ai turns off the SDK's automatic continuation; the SDK never sends this key.
    config.insert("automaticContinuation".into(), json!(false));
    if let Some(thinking) = thinking_config(model, input.thinking_level, input.vertex)? {
        config.insert("thinkingConfig".into(), thinking);
    }
    Ok(json!({
        "model": model.id,
        "contents": convert_messages(model, input.messages),
        "config": config,
    }))
}

/// `[{functionDeclarations: […]}]`, and whether any tool goes strict.
fn convert_tools(
    tools: &[ToolDeclaration],
    supports_strict: bool,
) -> Result<(Value, bool), String> {
    let mut any_strict = false;
    let mut declarations = Vec::with_capacity(tools.len());
    for tool in tools {
        let strict = resolve_strict(tool, supports_strict)? == Some(true);
        let parameters = if strict {
            any_strict = true;
            make_strict(&tool.parameters)?
        } else {
            tool.parameters.clone()
        };
        declarations.push(json!({
            "name": tool.name,
            "description": tool.description,
            "parametersJsonSchema": rewrite_const_as_enum(parameters, false),
        }));
    }
    Ok((json!([{"functionDeclarations": declarations}]), any_strict))
}

/// Keywords whose values map names to subschemas (their keys are names, not keywords).
const NAME_MAPS: [&str; 6] = [
    "properties",
    "patternProperties",
    "$defs",
    "definitions",
    "dependentSchemas",
    "dependencies",
];
/// Keywords holding a subschema or a list of them.
const SUBSCHEMAS: [&str; 16] = [
    "additionalProperties",
    "unevaluatedProperties",
    "propertyNames",
    "items",
    "prefixItems",
    "additionalItems",
    "unevaluatedItems",
    "contains",
    "allOf",
    "anyOf",
    "oneOf",
    "not",
    "if",
    "then",
    "else",
    "contentSchema",
];

/// Gemini ignores `const` in `parametersJsonSchema` but honours `enum`: a string or number
/// `const` becomes a one-value `enum` (unless the schema has an `enum` already).
fn rewrite_const_as_enum(schema: Value, name_map: bool) -> Value {
    match schema {
        Value::Array(items) => Value::Array(
            items
                .into_iter()
                .map(|item| rewrite_const_as_enum(item, false))
                .collect(),
        ),
        Value::Object(fields) => {
            let mut result: Map<String, Value> = fields
                .into_iter()
                .map(|(key, value)| {
                    let value = if name_map || SUBSCHEMAS.contains(&key.as_str()) {
                        rewrite_const_as_enum(value, false)
                    } else if NAME_MAPS.contains(&key.as_str()) {
                        rewrite_const_as_enum(value, true)
                    } else {
                        value
                    };
                    (key, value)
                })
                .collect();
            if !name_map && !result.contains_key("enum") {
                if let Some(value @ (Value::String(_) | Value::Number(_))) = result.get("const") {
                    let value = value.clone();
                    result.shift_remove("const");
                    result.insert("enum".into(), json!([value]));
                }
            }
            Value::Object(result)
        }
        other => other,
    }
}

/// The model path of the URL, as the SDK forms it from `params.model`: `models/<id>` for
/// the Gemini API, `publishers/google/models/<id>` for Vertex (`publisher/id` names another
/// publisher).
pub fn model_path(params: &Value, vertex: bool) -> String {
    let model = params
        .get("model")
        .and_then(Value::as_str)
        .unwrap_or_default();
    if vertex {
        if model.starts_with("projects/") || model.starts_with("publishers/") {
            return model.to_owned();
        }
        return match model.split_once('/') {
            Some((publisher, id)) => format!("publishers/{publisher}/models/{id}"),
            None => format!("publishers/google/models/{model}"),
        };
    }
    if model.starts_with("models/") || model.starts_with("tunedModels/") {
        model.to_owned()
    } else {
        format!("models/{model}")
    }
}

/// The REST body the SDK sends for `params`; Vertex sends function calls as given.
pub fn to_wire(params: &Value, vertex: bool) -> Value {
    let mut body = Map::new();
    if let Some(contents) = params.get("contents") {
        body.insert("contents".into(), wire_contents(contents, vertex));
    }
    let config = params.get("config").and_then(Value::as_object);
    let mut generation = Map::new();
    if let Some(config) = config {
        for key in TOP_LEVEL_CONFIG {
            let Some(value) = config.get(key) else {
                continue;
            };
            if value.is_null() {
                continue;
            }
            let value = match key {
                "systemInstruction" => system_instruction(value, vertex),
                _ => value.clone(),
            };
            body.insert(key.into(), value);
        }
        for key in GENERATION_CONFIG {
            if let Some(value) = config.get(key).filter(|value| !value.is_null()) {
                generation.insert(key.into(), value.clone());
            }
        }
    }
    if !generation.is_empty() {
        body.insert("generationConfig".into(), Value::Object(generation));
    }
    Value::Object(body)
}

/// A system instruction given as text becomes one user content; a content keeps its parts.
fn system_instruction(value: &Value, vertex: bool) -> Value {
    match value {
        Value::String(text) => json!({"parts": [{"text": text}], "role": "user"}),
        Value::Array(parts) => {
            let parts: Vec<Value> = parts
                .iter()
                .map(|part| match part {
                    Value::String(text) => json!({"text": text}),
                    other => wire_part(other, vertex),
                })
                .collect();
            json!({"parts": parts, "role": "user"})
        }
        other => wire_content(other, vertex),
    }
}

fn wire_contents(contents: &Value, vertex: bool) -> Value {
    match contents {
        Value::Array(items) => Value::Array(
            items
                .iter()
                .map(|content| wire_content(content, vertex))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// `{parts, role}` with each part in the SDK's key order.
fn wire_content(content: &Value, vertex: bool) -> Value {
    let mut out = Map::new();
    if let Some(parts) = content.get("parts").and_then(Value::as_array) {
        let parts = parts.iter().map(|part| wire_part(part, vertex)).collect();
        out.insert("parts".into(), Value::Array(parts));
    }
    if let Some(role) = content.get("role") {
        out.insert("role".into(), role.clone());
    }
    Value::Object(out)
}

fn wire_part(part: &Value, vertex: bool) -> Value {
    let Some(fields) = part.as_object() else {
        return part.clone();
    };
    let mut out = Map::new();
    for key in PART_KEYS {
        let Some(value) = fields.get(key) else {
            continue;
        };
        let value = match (key, value) {
            ("functionResponse", Value::Object(response)) if vertex => {
                vertex_function_response(response)
            }
            ("functionCall", Value::Object(call)) if !vertex => Value::Object(
                FUNCTION_CALL_KEYS
                    .iter()
                    .filter_map(|key| Some(((*key).to_owned(), call.get(*key)?.clone())))
                    .collect(),
            ),
            _ => value.clone(),
        };
        out.insert(key.into(), value);
    }
    Value::Object(out)
}

/// A function response as the SDK rebuilds it for Vertex (the Gemini API takes it as given).
fn vertex_function_response(response: &Map<String, Value>) -> Value {
    let pick = |object: &Map<String, Value>, keys: &[&str]| -> Map<String, Value> {
        keys.iter()
            .filter_map(|key| {
                let value = object.get(*key).filter(|value| !value.is_null())?;
                Some(((*key).to_owned(), value.clone()))
            })
            .collect()
    };
    let mut out = pick(response, &VERTEX_FUNCTION_RESPONSE_KEYS);
    if let Some(Value::Array(parts)) = out.get_mut("parts") {
        for part in parts.iter_mut() {
            if let Value::Object(fields) = part {
                *part = Value::Object(pick(fields, &VERTEX_FUNCTION_RESPONSE_PART_KEYS));
            }
        }
    }
    Value::Object(out)
}
