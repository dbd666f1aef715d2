//! The scripted model's script: its types, loading and validation (the format is documented
//! in the parent module and in docs/scripted-model.md).
//!
//! Loading goes through `serde_json::Value` first so syntax errors keep their line and
//! column, then each turn is read on its own so shape errors name the turn.

use std::collections::BTreeMap;
use std::path::PathBuf;

use regex::Regex;
use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value};
use tau_protocol::StopReason;

/// Why a script could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum ScriptError {
    /// The file could not be read.
    #[error("cannot read script {path}: {error}")]
    Read {
        /// The script path.
        path: PathBuf,
        /// What the OS said.
        error: std::io::Error,
    },
    /// The text is not JSON.
    #[error("script {origin} is not valid JSON at line {line}, column {column}: {message}")]
    Json {
        /// The script path or built-in name.
        origin: String,
        /// 1-based line of the error.
        line: usize,
        /// 1-based column of the error.
        column: usize,
        /// What the JSON parser said.
        message: String,
    },
    /// The top level is not `{"turns": [...]}`.
    #[error("script {origin}: {message}")]
    Shape {
        /// The script path or built-in name.
        origin: String,
        /// What is wrong.
        message: String,
    },
    /// One turn is malformed.
    #[error("script {origin}: turns[{index}]: {message}")]
    Turn {
        /// The script path or built-in name.
        origin: String,
        /// 0-based index of the turn in `turns`.
        index: usize,
        /// What is wrong, with the field path inside the turn when it helps.
        message: String,
    },
    /// `ScriptedProvider::builtin` was given an unknown name.
    #[error("no built-in script named {name:?}; built-in scripts: {available}")]
    UnknownBuiltin {
        /// The name asked for.
        name: String,
        /// The names that exist, comma-separated.
        available: String,
    },
}

/// A loaded script.
#[derive(Debug, Clone)]
pub(crate) struct Script {
    /// The turns in play order.
    pub(crate) turns: Vec<TurnSpec>,
    /// Default delay before each streamed delta, in milliseconds.
    pub(crate) delay_ms: u64,
}

/// One entry of `turns`.
#[derive(Debug, Clone)]
pub(crate) enum TurnSpec {
    /// A fixed turn.
    Plain(Turn),
    /// A turn chosen by the last tool results.
    Match(Vec<Arm>),
}

/// One arm of a `match` turn.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Arm {
    /// Conditions on the last tool results; none makes the arm the default.
    #[serde(default)]
    pub(crate) when: Option<Condition>,
    /// The turn to play when the arm wins.
    pub(crate) turn: Turn,
}

/// Conditions an arm puts on the last tool results; all that are set must hold for one
/// tool result.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub(crate) struct Condition {
    /// The tool result's text contains this (case-sensitive).
    pub(crate) tool_result_contains: Option<String>,
    /// The tool result's `isError` is this.
    pub(crate) is_error: Option<bool>,
    /// The tool result answers this tool.
    pub(crate) tool_name: Option<String>,
}

/// What the model says in one turn.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub(crate) struct Turn {
    /// Reasoning streamed first.
    pub(crate) thinking: Option<String>,
    /// The answer text.
    pub(crate) text: Option<String>,
    /// Tool calls, after the text.
    #[serde(default)]
    pub(crate) tool_calls: Vec<ScriptToolCall>,
    /// `stop`, `length` or `toolUse`; defaults from the tool calls.
    pub(crate) stop_reason: Option<StopReason>,
    /// End with this error message (stop reason `error`) after streaming the content.
    pub(crate) error: Option<String>,
    /// Token counts that replace the estimates.
    pub(crate) usage: Option<ScriptUsage>,
    /// Delay before each delta of this turn, in milliseconds.
    pub(crate) delay_ms: Option<u64>,
    /// Variables to capture from the tool results that answer this turn.
    #[serde(default, deserialize_with = "captures")]
    pub(crate) capture: Vec<Capture>,
}

/// One tool call of a turn.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ScriptToolCall {
    /// The tool's name.
    pub(crate) name: String,
    /// The arguments object; strings may use `${var}`.
    #[serde(default = "empty_object")]
    pub(crate) arguments: Value,
}

/// Token counts a turn reports instead of the estimates.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub(crate) struct ScriptUsage {
    /// Input tokens.
    pub(crate) input: Option<u64>,
    /// Output tokens.
    pub(crate) output: Option<u64>,
    /// Cache-read tokens.
    pub(crate) cache_read: Option<u64>,
    /// Cache-write tokens.
    pub(crate) cache_write: Option<u64>,
}

/// `"var": "regex"`: the regex's first group (or whole match) becomes `${var}`.
#[derive(Debug, Clone)]
pub(crate) struct Capture {
    /// Variable name.
    pub(crate) var: String,
    /// Compiled pattern.
    pub(crate) regex: Regex,
}

fn empty_object() -> Value {
    Value::Object(Map::new())
}

fn captures<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<Capture>, D::Error> {
    use serde::de::Error;
    let raw = BTreeMap::<String, String>::deserialize(deserializer)?;
    raw.into_iter()
        .map(|(var, pattern)| {
            if !is_var_name(&var) {
                return Err(D::Error::custom(format!(
                    "capture: {var:?} is not a variable name (letters, digits and _, not starting with a digit)"
                )));
            }
            let regex = Regex::new(&pattern)
                .map_err(|e| D::Error::custom(format!("capture {var:?}: invalid regex: {e}")))?;
            if regex.captures_len() > 2 {
                return Err(D::Error::custom(format!(
                    "capture {var:?}: the regex has {} groups; use one group, or (?:...) for grouping only",
                    regex.captures_len() - 1
                )));
            }
            Ok(Capture { var, regex })
        })
        .collect()
}

/// Variable names: an ASCII letter or `_`, then letters, digits and `_`.
pub(crate) fn is_var_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

impl Script {
    /// Parses script text; `origin` names it in errors.
    pub(crate) fn parse(text: &str, origin: &str) -> Result<Self, ScriptError> {
        let value: Value = serde_json::from_str(text).map_err(|e| ScriptError::Json {
            origin: origin.to_owned(),
            line: e.line(),
            column: e.column(),
            message: strip_position(&e.to_string()),
        })?;
        let shape = |message: &str| ScriptError::Shape {
            origin: origin.to_owned(),
            message: message.to_owned(),
        };
        let Value::Object(top) = value else {
            return Err(shape("expected an object with a \"turns\" array"));
        };
        let mut turns = None;
        let mut delay_ms = 0;
        for (key, value) in top {
            match key.as_str() {
                "turns" => match value {
                    Value::Array(items) => turns = Some(items),
                    _ => return Err(shape("\"turns\" must be an array of turns")),
                },
                "delayMs" => {
                    delay_ms = value
                        .as_u64()
                        .ok_or_else(|| shape("\"delayMs\" must be a non-negative integer"))?;
                }
                "description" => {}
                other => {
                    return Err(shape(&format!(
                        "unknown top-level field {other:?}; expected \"turns\", \"delayMs\" or \"description\""
                    )))
                }
            }
        }
        let turns = turns.ok_or_else(|| shape("missing the \"turns\" array"))?;
        let turns = turns
            .into_iter()
            .enumerate()
            .map(|(index, value)| {
                parse_turn_spec(value).map_err(|message| ScriptError::Turn {
                    origin: origin.to_owned(),
                    index,
                    message,
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(Script { turns, delay_ms })
    }
}

/// serde_json appends " at line L column C"; the error variant carries those separately.
fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(at) => message[..at].to_owned(),
        None => message.to_owned(),
    }
}

fn parse_turn_spec(value: Value) -> Result<TurnSpec, String> {
    let Value::Object(mut map) = value else {
        return Err("a turn must be an object".to_owned());
    };
    let Some(arms) = map.remove("match") else {
        let turn = parse_turn(Value::Object(map))?;
        return Ok(TurnSpec::Plain(turn));
    };
    if let Some(other) = map.keys().next() {
        return Err(format!(
            "a match turn has only \"match\"; move {other:?} into the arms' turns"
        ));
    }
    let Value::Array(arms) = arms else {
        return Err("\"match\" must be an array of arms".to_owned());
    };
    if arms.is_empty() {
        return Err("\"match\" needs at least one arm".to_owned());
    }
    arms.into_iter()
        .enumerate()
        .map(|(arm_index, arm)| {
            let arm: Arm =
                serde_json::from_value(arm).map_err(|e| format!("match[{arm_index}]: {e}"))?;
            check_turn(&arm.turn).map_err(|e| format!("match[{arm_index}].turn: {e}"))?;
            Ok(arm)
        })
        .collect::<Result<_, _>>()
        .map(TurnSpec::Match)
}

fn parse_turn(value: Value) -> Result<Turn, String> {
    let turn: Turn = serde_json::from_value(value).map_err(|e| e.to_string())?;
    check_turn(&turn)?;
    Ok(turn)
}

/// Rules serde cannot express.
fn check_turn(turn: &Turn) -> Result<(), String> {
    if let Some(reason) = turn.stop_reason {
        match reason {
            StopReason::Stop | StopReason::Length | StopReason::ToolUse => {}
            StopReason::Error | StopReason::Aborted => {
                return Err(format!(
                "stopReason {:?} is not allowed; use \"error\": \"message\" to end with an error",
                stop_reason_name(reason)
            ))
            }
            StopReason::Pending | StopReason::Deferred => {
                return Err(format!(
                    "stopReason {:?} is not allowed; use stop, length or toolUse",
                    stop_reason_name(reason)
                ))
            }
        }
        if turn.error.is_some() {
            return Err("a turn has either \"stopReason\" or \"error\", not both".to_owned());
        }
    }
    for (index, call) in turn.tool_calls.iter().enumerate() {
        if !call.arguments.is_object() {
            return Err(format!("toolCalls[{index}].arguments must be an object"));
        }
        if call.name.is_empty() {
            return Err(format!("toolCalls[{index}].name is empty"));
        }
    }
    Ok(())
}

fn stop_reason_name(reason: StopReason) -> String {
    serde_json::to_value(reason)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}
