//! Frames of the tau ⇄ extension host protocol (docs/protocol.md): one JSON object per line,
//! tagged by `kind`.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The protocol version this build speaks.
pub const BRIDGE_PROTOCOL: u32 = 1;

/// One line on the host's stdin or stdout.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Frame {
    /// The first frame in each direction.
    Hello(Hello),
    /// A call that expects a response with the same id.
    Request {
        /// Unique per direction.
        id: u64,
        /// What to do.
        method: String,
        /// Its arguments.
        #[serde(default)]
        params: Value,
    },
    /// The answer to a request.
    Response {
        /// The request's id.
        id: u64,
        /// Set on success.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        result: Option<Value>,
        /// Set on failure.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        error: Option<ErrorBody>,
    },
    /// A message without an answer.
    Notify {
        /// What happened.
        method: String,
        /// Its data.
        #[serde(default)]
        params: Value,
    },
}

/// The `hello` frame.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Hello {
    /// The protocol version the sender speaks.
    pub protocol: u32,
    /// `tau` or `host`.
    pub side: String,
    /// The sender's own version.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// The host's Node version.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node: Option<String>,
    /// Set when the sender refuses the other side (a protocol mismatch); it then exits.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<ErrorBody>,
    /// The host's proof that it is the process tau started: the token tau gave it (with the
    /// channel's name) in its environment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
}

/// The error of a failed request.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ErrorBody {
    /// What went wrong.
    pub message: String,
    /// The JavaScript stack, when there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stack: Option<String>,
    /// The extension whose code failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extension_path: Option<String>,
}

/// One handler an extension registered.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HandlerDef {
    /// The host's id for `invoke` (a number or a string), sent back exactly as given.
    pub id: Value,
    /// The event name (`tool_call`, `context`, …).
    pub event: String,
}

/// A tool an extension registered, as the host reports it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolDef {
    /// The name the model calls it by.
    pub name: String,
    /// Human-readable label.
    #[serde(default)]
    pub label: Option<String>,
    /// Description sent to the model.
    #[serde(default)]
    pub description: String,
    /// JSON Schema of the arguments.
    #[serde(default)]
    pub parameters: Value,
    /// One line for the system prompt's tool list.
    #[serde(default)]
    pub prompt_snippet: Option<String>,
    /// Extra guideline bullets for the system prompt.
    #[serde(default)]
    pub prompt_guidelines: Vec<String>,
    /// The definition's function members (`execute`, `renderCall`, `renderResult`,
    /// `prepareArguments`, ...): the terminal UI asks the host to draw a tool that has
    /// renderers; tau asks the host to prepare the arguments of a tool that has
    /// `prepareArguments`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub functions: Vec<String>,
    /// Pi's `defaultActive`: `false` keeps the tool inactive until it is named.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_active: Option<bool>,
    /// Pi's `executionMode` (`"sequential"` or `"parallel"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub execution_mode: Option<String>,
    /// Pi's `constrainedSampling` hint, declared to the model with the schema.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub constrained_sampling: Option<Value>,
}

/// A slash command an extension registered.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CommandDef {
    /// Invoked as `/name`.
    pub name: String,
    /// Shown in command lists.
    #[serde(default)]
    pub description: Option<String>,
    /// The command has `getArgumentCompletions`: the editor asks the host for the items
    /// after `/name `.
    #[serde(
        default,
        rename = "argumentCompletions",
        skip_serializing_if = "std::ops::Not::not"
    )]
    pub argument_completions: bool,
}

/// What loading one extension produced.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoadedExtension {
    /// The extension's path as given to `load`.
    pub path: String,
    /// False when its factory failed.
    pub ok: bool,
    /// Why it failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Its handlers, in registration order.
    #[serde(default)]
    pub handlers: Vec<HandlerDef>,
    /// Its tools.
    #[serde(default)]
    pub tools: Vec<ToolDef>,
    /// Its commands.
    #[serde(default)]
    pub commands: Vec<CommandDef>,
    /// Its flags (Pi's `registerFlag` definitions, as given).
    #[serde(default)]
    pub flags: Vec<Value>,
    /// Its shortcuts, as given.
    #[serde(default)]
    pub shortcuts: Vec<Value>,
    /// Custom message types it draws (`registerMessageRenderer`).
    #[serde(default)]
    pub message_renderers: Vec<String>,
    /// How many tool renderer resolvers it registered (`registerToolRenderer`).
    #[serde(default)]
    pub tool_renderers: usize,
    /// Custom entry types it draws (`registerEntryRenderer`).
    #[serde(default)]
    pub entry_renderers: Vec<String>,
    /// Providers its factory registered (`registerProvider`), in order: `{name, config}`,
    /// the config's functions marked by name (`streamSimple: true`).
    #[serde(default)]
    pub providers: Vec<Value>,
}

/// The result of `load`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct LoadReport {
    /// One entry per requested extension, in load order.
    pub extensions: Vec<LoadedExtension>,
}

/// The result of `invoke`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct InvokeResult {
    /// The handler's (JSON) return value; `null` when it returned nothing.
    #[serde(default)]
    pub value: Value,
    /// The event as it is after the handler ran, so in-place edits (`event.input` of
    /// `tool_call`, `event.messages` of `context`) reach tau.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<Value>,
}
