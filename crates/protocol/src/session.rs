//! Pi's session log (JSONL, version 3) on disk: the header line, every entry kind Pi 1.6.0 writes,
//! and the `role: "system"` message that carries the prompt and tool declarations.
//!
//! serde only. Reading files, the entry tree and context building live in `tau-session`.
//!
//! Round trips are lossless in JSON value terms: each entry keeps fields it does not know in
//! `extra`, an entry of a type tau does not know (or one that does not parse) is kept whole as
//! [`SessionEntry::Unknown`], and opaque payloads (`details`, `data`) keep an explicit `null`.
//! Fields serialise in the order Pi writes them, so a re-written line matches Pi's bytes too
//! wherever the values themselves serialise alike.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

use crate::messages::{AgentMessage, Usage, UserContent};

/// The session format version tau writes (Pi's `CURRENT_SESSION_VERSION`).
pub const CURRENT_SESSION_VERSION: u64 = 3;

/// Deserialises a present value, `null` included, as `Some`; with `default`, absent stays `None`.
fn present<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(deserializer).map(Some)
}

/// The first line of a session file (`{"type":"session",...}`); not part of the entry tree.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename = "session", rename_all = "camelCase")]
pub struct SessionHeader {
    /// Format version; absent in version 1 files.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<u64>,
    /// Session id: a UUIDv7 by default, or one the user chose.
    pub id: String,
    /// Creation time, ISO 8601 with milliseconds (`2024-12-03T14:00:00.000Z`).
    pub timestamp: String,
    /// Working directory the session belongs to; absent in very old files.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cwd: Option<String>,
    /// Path of the session this one was forked or cloned from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parent_session: Option<String>,
    /// Fields tau does not model, kept for round trips.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl<'de> Deserialize<'de> for SessionHeader {
    /// Pi requires `type: "session"` and a string `id`; everything else is lenient.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct Raw {
            #[serde(rename = "type")]
            kind: Option<Value>,
            #[serde(default)]
            version: Option<u64>,
            #[serde(default)]
            id: Option<Value>,
            #[serde(default)]
            timestamp: String,
            #[serde(default)]
            cwd: Option<String>,
            #[serde(default)]
            parent_session: Option<String>,
            #[serde(flatten)]
            extra: Map<String, Value>,
        }
        let raw = Raw::deserialize(deserializer)?;
        if raw.kind.as_ref().and_then(Value::as_str) != Some("session") {
            return Err(D::Error::custom("first entry is not a session header"));
        }
        let Some(Value::String(id)) = raw.id else {
            return Err(D::Error::custom("session header has no string id"));
        };
        Ok(SessionHeader {
            version: raw.version,
            id,
            timestamp: raw.timestamp,
            cwd: raw.cwd,
            parent_session: raw.parent_session,
            extra: raw.extra,
        })
    }
}

/// Declares one entry struct: the common `id`/`parentId`/`timestamp` fields placed where Pi's
/// object literal puts them (`base_first` or `base_last`), the entry's own fields, and `extra`.
///
/// Serialisation is derived with the `type` tag first and fields in declaration order, which is
/// Pi's key order. Deserialisation goes through a private twin so that the `type` key does not
/// land in `extra` (serde's `flatten` would otherwise capture it).
macro_rules! entry_struct {
    (@emit [$($meta:tt)*] $name:ident $tag:literal
        [$( [$($fmeta:tt)*] $field:ident : $ty:ty ),*]) => {
        $($meta)*
        #[derive(Debug, Clone, PartialEq, Serialize)]
        #[serde(tag = "type", rename = $tag, rename_all = "camelCase")]
        pub struct $name {
            $( $($fmeta)* pub $field: $ty, )*
            /// Fields tau does not model, kept for round trips.
            #[serde(flatten)]
            pub extra: Map<String, Value>,
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                #[derive(Deserialize)]
                #[serde(rename_all = "camelCase")]
                struct Raw {
                    $( $($fmeta)* $field: $ty, )*
                    #[serde(flatten)]
                    extra: Map<String, Value>,
                }
                let Raw { $($field,)* mut extra } = Raw::deserialize(deserializer)?;
                extra.shift_remove("type");
                Ok($name { $($field,)* extra })
            }
        }
    };
    ($(#[$meta:meta])* $name:ident = $tag:literal, base_first {
        $( $(#[$fmeta:meta])* $field:ident : $ty:ty ),* $(,)?
    }) => {
        entry_struct!(@emit [$(#[$meta])*] $name $tag [
            [/// Entry id, unique within the file: 8 hex chars, or a full UUID on collision.
            ] id: String,
            [/// Parent entry id; `None` (`null`) for a root.
            ] parent_id: Option<String>,
            [/// When it was appended, ISO 8601 with milliseconds.
            ] timestamp: String
            $(, [$(#[$fmeta])*] $field: $ty)*
        ]);
    };
    ($(#[$meta:meta])* $name:ident = $tag:literal, base_last {
        $( $(#[$fmeta:meta])* $field:ident : $ty:ty ),* $(,)?
    }) => {
        entry_struct!(@emit [$(#[$meta])*] $name $tag [
            $([$(#[$fmeta])*] $field: $ty,)*
            [/// Entry id, unique within the file: 8 hex chars, or a full UUID on collision.
            ] id: String,
            [/// Parent entry id; `None` (`null`) for a root.
            ] parent_id: Option<String>,
            [/// When it was appended, ISO 8601 with milliseconds.
            ] timestamp: String
        ]);
    };
}

entry_struct! {
    /// `type: "message"`: one conversation message (system prompt updates included).
    MessageEntry = "message", base_first {
        /// The message.
        message: AgentMessage,
    }
}

entry_struct! {
    /// `type: "model_change"`: the user selected another model.
    ModelChangeEntry = "model_change", base_first {
        /// Provider id.
        provider: String,
        /// Model id.
        model_id: String,
    }
}

entry_struct! {
    /// `type: "thinking_level_change"`: the user changed the thinking level.
    ThinkingLevelChangeEntry = "thinking_level_change", base_first {
        /// Level name (`off`, `low`, ...), kept as written.
        thinking_level: String,
    }
}

entry_struct! {
    /// `type: "usage"`: model usage outside the conversation (for example cache warming).
    UsageEntry = "usage", base_first {
        /// What the usage was for, e.g. `cache_warm`; unknown kinds are normal usage.
        kind: String,
        /// Provider id.
        provider: String,
        /// Model id.
        model: String,
        /// Tokens and cost.
        usage: Usage,
        /// Optional qualifier for usage notices.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        note: Option<String>,
    }
}

entry_struct! {
    /// `type: "compaction"`: older history replaced by a summary.
    CompactionEntry = "compaction", base_first {
        /// The summary the model sees instead of the compacted entries.
        summary: String,
        /// First entry kept from before this one; this entry's own id keeps none.
        first_kept_entry_id: String,
        /// Context tokens before compacting.
        tokens_before: u64,
        /// Implementation data, e.g. `{readFiles, modifiedFiles}`.
        #[serde(default, deserialize_with = "present", skip_serializing_if = "Option::is_none")]
        details: Option<Value>,
        /// Usage of the summarising call.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        usage: Option<Usage>,
        /// True when an extension produced it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from_hook: Option<bool>,
        /// The replayed prompt and tools at this point (a `role: "system"` message).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        system_message: Option<AgentMessage>,
    }
}

/// The new content of a context edit (`{"content": ...}`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ContextReplacement {
    /// Replacement content: a string, or content blocks.
    pub content: UserContent,
    /// Fields tau does not model, kept for round trips.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

entry_struct! {
    /// `type: "context_edit"`: changes what an earlier entry contributes to future context.
    ContextEditEntry = "context_edit", base_first {
        /// The edited entry.
        target_id: String,
        /// New content, or `None` (`null`) to omit the target from context.
        replacement: Option<ContextReplacement>,
    }
}

entry_struct! {
    /// `type: "branch_summary"`: a summary of the branch the user navigated away from.
    BranchSummaryEntry = "branch_summary", base_first {
        /// The leaf that was left (`"root"` when there was none).
        from_id: String,
        /// The summary text.
        summary: String,
        /// Implementation data.
        #[serde(default, deserialize_with = "present", skip_serializing_if = "Option::is_none")]
        details: Option<Value>,
        /// Usage of the summarising call.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        usage: Option<Usage>,
        /// True when an extension produced it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from_hook: Option<bool>,
    }
}

entry_struct! {
    /// `type: "custom"`: extension state; never part of the model context.
    CustomEntry = "custom", base_last {
        /// The extension's type tag.
        custom_type: String,
        /// Extension data.
        #[serde(default, deserialize_with = "present", skip_serializing_if = "Option::is_none")]
        data: Option<Value>,
    }
}

entry_struct! {
    /// `type: "custom_message"`: an extension message that is part of the model context.
    CustomMessageEntry = "custom_message", base_last {
        /// The extension's type tag.
        custom_type: String,
        /// Content, sent to the model as a user message.
        content: UserContent,
        /// Whether a terminal UI shows it.
        display: bool,
        /// Extension data, never sent to the model.
        #[serde(default, deserialize_with = "present", skip_serializing_if = "Option::is_none")]
        details: Option<Value>,
    }
}

entry_struct! {
    /// `type: "label"`: sets (or, without `label`, clears) a bookmark on an entry.
    LabelEntry = "label", base_first {
        /// The labelled entry.
        target_id: String,
        /// The label; absent clears it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        label: Option<String>,
    }
}

entry_struct! {
    /// `type: "session_info"`: session metadata such as the display name.
    SessionInfoEntry = "session_info", base_first {
        /// Display name; empty or absent clears it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
    }
}

mod entry;
mod system;
#[cfg(test)]
mod tests;

pub use entry::{InvalidEntry, SessionEntry};
pub use system::{SystemMessage, ToolReference};
