//! The [`SessionEntry`] union, tagged by `type`, with its lossless fallback for entries tau cannot
//! type.

use std::borrow::Cow;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

use super::{
    BranchSummaryEntry, CompactionEntry, ContextEditEntry, CustomEntry, CustomMessageEntry,
    LabelEntry, MessageEntry, ModelChangeEntry, SessionInfoEntry, ThinkingLevelChangeEntry,
    UsageEntry,
};
use crate::messages::{AgentMessage, AssistantMessage, ToolResultMessage, UserMessage};

/// One line of a session file after the header.
///
/// Serialising writes the entry exactly as Pi does, `type` first. Deserialising never fails
/// for a JSON object: an unknown `type`, a missing `type` or a known type with fields that do
/// not parse all become [`SessionEntry::Unknown`] holding the object verbatim. Use
/// [`SessionEntry::from_map`] to learn why an entry was not typed.
#[derive(Debug, Clone, PartialEq)]
pub enum SessionEntry {
    /// `message`.
    Message(MessageEntry),
    /// `model_change`.
    ModelChange(ModelChangeEntry),
    /// `thinking_level_change`.
    ThinkingLevelChange(ThinkingLevelChangeEntry),
    /// `usage`.
    Usage(UsageEntry),
    /// `compaction` (boxed: by far the largest entry, and a rare one).
    Compaction(Box<CompactionEntry>),
    /// `context_edit`.
    ContextEdit(ContextEditEntry),
    /// `branch_summary`.
    BranchSummary(BranchSummaryEntry),
    /// `custom`.
    Custom(CustomEntry),
    /// `custom_message`.
    CustomMessage(CustomMessageEntry),
    /// `label`.
    Label(LabelEntry),
    /// `session_info`.
    SessionInfo(SessionInfoEntry),
    /// Anything else, kept verbatim. It still takes part in the tree through its `id` and
    /// `parentId` (as in Pi), but contributes nothing to the model context.
    Unknown(Map<String, Value>),
}

/// Why a JSON object could not be typed as a known entry; carries the object back.
#[derive(Debug)]
pub struct InvalidEntry {
    /// The object as read.
    pub raw: Map<String, Value>,
    /// What is wrong, e.g. `invalid message entry: missing field "message"`.
    pub reason: String,
}

impl std::fmt::Display for InvalidEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.reason)
    }
}

impl std::error::Error for InvalidEntry {}

fn typed<'a, T: Deserialize<'a>>(
    map: &'a Map<String, Value>,
    wrap: fn(T) -> SessionEntry,
) -> Result<SessionEntry, serde_json::Error> {
    T::deserialize(map).map(wrap)
}

impl SessionEntry {
    /// Types a raw JSON object. An unknown `type` is `Ok(Unknown)`, because newer Pi versions
    /// may add entry types; a missing `type` or a known type that does not parse is an error
    /// that hands the object back.
    pub fn from_map(map: Map<String, Value>) -> Result<SessionEntry, InvalidEntry> {
        let kind = match map.get("type") {
            Some(Value::String(kind)) => kind.as_str(),
            Some(_) => {
                return Err(InvalidEntry {
                    raw: map,
                    reason: "entry \"type\" is not a string".into(),
                })
            }
            None => {
                return Err(InvalidEntry {
                    raw: map,
                    reason: "entry has no \"type\" field".into(),
                })
            }
        };
        let result = match kind {
            "message" => typed(&map, SessionEntry::Message),
            "model_change" => typed(&map, SessionEntry::ModelChange),
            "thinking_level_change" => typed(&map, SessionEntry::ThinkingLevelChange),
            "usage" => typed(&map, SessionEntry::Usage),
            "compaction" => typed(&map, |c: CompactionEntry| {
                SessionEntry::Compaction(Box::new(c))
            }),
            "context_edit" => typed(&map, SessionEntry::ContextEdit),
            "branch_summary" => typed(&map, SessionEntry::BranchSummary),
            "custom" => typed(&map, SessionEntry::Custom),
            "custom_message" => typed(&map, SessionEntry::CustomMessage),
            "label" => typed(&map, SessionEntry::Label),
            "session_info" => typed(&map, SessionEntry::SessionInfo),
            _ => return Ok(SessionEntry::Unknown(map)),
        };
        match result {
            Ok(entry) => Ok(entry),
            Err(error) => {
                let reason = format!("invalid {kind} entry: {error}");
                Err(InvalidEntry { raw: map, reason })
            }
        }
    }

    /// Types one JSON line of a known entry kind straight from its text, without building an
    /// intermediate JSON map (the fast path for reading large session files).
    ///
    /// `None` when the text is not a valid entry of a known kind: not an object, no string
    /// `type`, a `session` header, an unknown kind, or fields that do not parse. The caller
    /// then goes through [`SessionEntry::from_map`], which keeps such objects verbatim and
    /// says what is wrong; for every text this returns `Some` for, `from_map` of the parsed
    /// object gives the same entry.
    pub fn from_known_str(text: &str) -> Option<SessionEntry> {
        #[derive(Deserialize)]
        struct RolePeek<'a> {
            #[serde(borrow, default)]
            role: Option<Cow<'a, str>>,
        }
        /// `type`, and `message.role` for a message entry (a `message` field that is not an
        /// object makes the peek fail: such lines take the generic path).
        #[derive(Deserialize)]
        struct Peek<'a> {
            #[serde(rename = "type", borrow, default)]
            kind: Option<Cow<'a, str>>,
            #[serde(borrow, default)]
            message: Option<RolePeek<'a>>,
        }
        fn parse<'a, T: Deserialize<'a>>(
            text: &'a str,
            wrap: fn(T) -> SessionEntry,
        ) -> Option<SessionEntry> {
            serde_json::from_str(text).ok().map(wrap)
        }
        // Pi writes `type` first and a message's `role` first: guess the role from the text
        // and skip the peek; the typed result is checked against both.
        if let Some(rest) = text.strip_prefix(r#"{"type":"message","#) {
            let role = rest
                .split_once(r#""role":""#)
                .and_then(|(_, after)| after.split_once('"'))
                .map(|(role, _)| role);
            if let Some(entry) = fast_message_entry(text, role) {
                return Some(entry);
            }
        }
        let peek = serde_json::from_str::<Peek<'_>>(text).ok()?;
        let role = peek.message.and_then(|message| message.role);
        match peek.kind?.as_ref() {
            "message" => fast_message_entry(text, role.as_deref())
                .or_else(|| parse(text, SessionEntry::Message)),
            "model_change" => parse(text, SessionEntry::ModelChange),
            "thinking_level_change" => parse(text, SessionEntry::ThinkingLevelChange),
            "usage" => parse(text, SessionEntry::Usage),
            "compaction" => parse(text, |c: CompactionEntry| {
                SessionEntry::Compaction(Box::new(c))
            }),
            "context_edit" => parse(text, SessionEntry::ContextEdit),
            "branch_summary" => parse(text, SessionEntry::BranchSummary),
            "custom" => parse(text, SessionEntry::Custom),
            "custom_message" => parse(text, SessionEntry::CustomMessage),
            "label" => parse(text, SessionEntry::Label),
            "session_info" => parse(text, SessionEntry::SessionInfo),
            _ => None,
        }
    }

    /// The `type` tag as written; empty for an unknown entry without a string `type`.
    pub fn kind(&self) -> &str {
        match self {
            SessionEntry::Message(_) => "message",
            SessionEntry::ModelChange(_) => "model_change",
            SessionEntry::ThinkingLevelChange(_) => "thinking_level_change",
            SessionEntry::Usage(_) => "usage",
            SessionEntry::Compaction(_) => "compaction",
            SessionEntry::ContextEdit(_) => "context_edit",
            SessionEntry::BranchSummary(_) => "branch_summary",
            SessionEntry::Custom(_) => "custom",
            SessionEntry::CustomMessage(_) => "custom_message",
            SessionEntry::Label(_) => "label",
            SessionEntry::SessionInfo(_) => "session_info",
            SessionEntry::Unknown(map) => map.get("type").and_then(Value::as_str).unwrap_or(""),
        }
    }

    /// The entry id. Always present on known entries; an unknown entry without a string `id`
    /// has none and stays out of the tree.
    pub fn id(&self) -> Option<&str> {
        self.base()
            .map(|(id, _, _)| id)
            .or_else(|| self.raw_str("id"))
    }

    /// The parent id; `None` for a root (and for an unknown entry without a string
    /// `parentId`).
    pub fn parent_id(&self) -> Option<&str> {
        match self.base() {
            Some((_, parent, _)) => parent,
            None => self.raw_str("parentId"),
        }
    }

    /// The ISO timestamp of the entry, if it has one.
    pub fn timestamp(&self) -> Option<&str> {
        self.base()
            .map(|(_, _, timestamp)| timestamp)
            .or_else(|| self.raw_str("timestamp"))
    }

    /// Re-parents the entry (used when copying a branch into a new file).
    pub fn set_parent_id(&mut self, parent: Option<String>) {
        let slot = match self {
            SessionEntry::Message(e) => &mut e.parent_id,
            SessionEntry::ModelChange(e) => &mut e.parent_id,
            SessionEntry::ThinkingLevelChange(e) => &mut e.parent_id,
            SessionEntry::Usage(e) => &mut e.parent_id,
            SessionEntry::Compaction(e) => &mut e.parent_id,
            SessionEntry::ContextEdit(e) => &mut e.parent_id,
            SessionEntry::BranchSummary(e) => &mut e.parent_id,
            SessionEntry::Custom(e) => &mut e.parent_id,
            SessionEntry::CustomMessage(e) => &mut e.parent_id,
            SessionEntry::Label(e) => &mut e.parent_id,
            SessionEntry::SessionInfo(e) => &mut e.parent_id,
            SessionEntry::Unknown(map) => {
                map.insert("parentId".into(), parent.map_or(Value::Null, Value::String));
                return;
            }
        };
        *slot = parent;
    }

    /// The message of a `message` entry.
    pub fn message(&self) -> Option<&AgentMessage> {
        if let SessionEntry::Message(entry) = self {
            Some(&entry.message)
        } else {
            None
        }
    }

    /// True for a `message` entry holding a `role: "system"` message.
    pub fn is_system_message(&self) -> bool {
        self.message()
            .is_some_and(|message| message.role() == "system")
    }

    fn raw_str(&self, key: &str) -> Option<&str> {
        if let SessionEntry::Unknown(map) = self {
            map.get(key).and_then(Value::as_str)
        } else {
            None
        }
    }

    fn base(&self) -> Option<(&str, Option<&str>, &str)> {
        macro_rules! base {
            ($e:expr) => {
                Some((
                    $e.id.as_str(),
                    $e.parent_id.as_deref(),
                    $e.timestamp.as_str(),
                ))
            };
        }
        match self {
            SessionEntry::Message(e) => base!(e),
            SessionEntry::ModelChange(e) => base!(e),
            SessionEntry::ThinkingLevelChange(e) => base!(e),
            SessionEntry::Usage(e) => base!(e),
            SessionEntry::Compaction(e) => base!(e),
            SessionEntry::ContextEdit(e) => base!(e),
            SessionEntry::BranchSummary(e) => base!(e),
            SessionEntry::Custom(e) => base!(e),
            SessionEntry::CustomMessage(e) => base!(e),
            SessionEntry::Label(e) => base!(e),
            SessionEntry::SessionInfo(e) => base!(e),
            SessionEntry::Unknown(_) => None,
        }
    }
}

/// A `message` entry whose message is a user, assistant or tool-result message, typed in one
/// pass (the generic path collects the message into a JSON map first to read its `role`).
/// `None` whenever the result might differ from the generic path's; the caller then takes it.
fn fast_message_entry(text: &str, role: Option<&str>) -> Option<SessionEntry> {
    /// Mirrors `MessageEntry`'s own fields, with the message body typed by its role.
    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Typed<T> {
        id: String,
        parent_id: Option<String>,
        timestamp: String,
        message: T,
        #[serde(flatten)]
        extra: Map<String, Value>,
    }
    fn typed<T: serde::de::DeserializeOwned>(
        text: &str,
        role: &str,
        extra_of: fn(&mut T) -> &mut Map<String, Value>,
        wrap: fn(T) -> AgentMessage,
    ) -> Option<SessionEntry> {
        let Typed {
            id,
            parent_id,
            timestamp,
            mut message,
            mut extra,
        } = serde_json::from_str::<Typed<T>>(text).ok()?;
        let message_extra = extra_of(&mut message);
        // `role` and `type` land among the unknown fields here (the last of duplicates, as
        // in a JSON map); both must be what the body was typed as. The generic path removes
        // `role` from the map before typing, which can reorder two or more remaining unknown
        // fields, so those messages are left to it.
        let is = |value: Option<Value>, expected: &str| matches!(value, Some(Value::String(found)) if found == expected);
        if !is(message_extra.shift_remove("role"), role) || message_extra.len() > 1 {
            return None;
        }
        if !is(extra.shift_remove("type"), "message") {
            return None;
        }
        Some(SessionEntry::Message(MessageEntry {
            id,
            parent_id,
            timestamp,
            message: wrap(message),
            extra,
        }))
    }
    match role? {
        "user" => typed(
            text,
            "user",
            |m: &mut UserMessage| &mut m.extra,
            AgentMessage::User,
        ),
        "assistant" => typed(
            text,
            "assistant",
            |m: &mut AssistantMessage| &mut m.extra,
            AgentMessage::Assistant,
        ),
        "toolResult" => typed(
            text,
            "toolResult",
            |m: &mut ToolResultMessage| &mut m.extra,
            AgentMessage::ToolResult,
        ),
        _ => None,
    }
}

impl Serialize for SessionEntry {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            SessionEntry::Message(e) => e.serialize(serializer),
            SessionEntry::ModelChange(e) => e.serialize(serializer),
            SessionEntry::ThinkingLevelChange(e) => e.serialize(serializer),
            SessionEntry::Usage(e) => e.serialize(serializer),
            SessionEntry::Compaction(e) => e.serialize(serializer),
            SessionEntry::ContextEdit(e) => e.serialize(serializer),
            SessionEntry::BranchSummary(e) => e.serialize(serializer),
            SessionEntry::Custom(e) => e.serialize(serializer),
            SessionEntry::CustomMessage(e) => e.serialize(serializer),
            SessionEntry::Label(e) => e.serialize(serializer),
            SessionEntry::SessionInfo(e) => e.serialize(serializer),
            SessionEntry::Unknown(map) => map.serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for SessionEntry {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let map = Map::<String, Value>::deserialize(deserializer)?;
        Ok(
            SessionEntry::from_map(map)
                .unwrap_or_else(|invalid| SessionEntry::Unknown(invalid.raw)),
        )
    }
}
