//! Rebuilding what the model sees from the tree, exactly as Pi's `buildContextEntries`,
//! `buildSessionProjection` and `buildSessionContext` do (docs/session-format.md, "Context
//! Building").
//!
//! 1. The path from the root to the leaf is selected.
//! 2. With a compaction on the path, the latest one comes first, then the non-system entries
//!    from its `firstKeptEntryId` up to it, then everything after it.
//! 3. The latest `context_edit` per target among the selected entries replaces the target's
//!    content (`null` omits it).
//! 4. Entries become messages: `message` as stored, `compaction` as its system checkpoint and a
//!    `compactionSummary`, `branch_summary` as `branchSummary`, `custom_message` as `custom`.
//!
//! Model and thinking level come from the whole path; the system prompt state is replayed from
//! the resulting messages.

use std::borrow::Cow;
use std::collections::HashMap;

use serde_json::{Map, Value};
use tau_protocol::messages::{AgentMessage, ContentBlock, CustomMessage, SummaryMessage};
use tau_protocol::session::{ContextEditEntry, SessionEntry};
use tau_protocol::UserContent;

use crate::ids::iso_to_millis;
use crate::system_prompt::SystemPrompt;
use crate::tree::SessionTree;

/// Spare room in a built context for the messages a run appends.
const RUN_HEADROOM: usize = 32;

/// The selected model, as `model_change` entries and assistant messages name it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelRef {
    /// Provider id.
    pub provider: String,
    /// Model id.
    pub model_id: String,
}

/// One selected entry and the messages it contributes after context edits.
#[derive(Debug, Clone, PartialEq)]
pub struct ProjectedEntry<'a> {
    /// The raw entry, unchanged.
    pub source: &'a SessionEntry,
    /// What it contributes; empty for state-only entries and omitted targets. Borrowed from
    /// the entry when it is a message used as stored (the common case), so projecting a long
    /// session copies nothing.
    pub messages: Cow<'a, [AgentMessage]>,
}

/// Pi's `SessionProjection`: the context with the entry behind each message.
#[derive(Debug, Clone, PartialEq)]
pub struct SessionProjection<'a> {
    /// Selected entries in context order.
    pub entries: Vec<ProjectedEntry<'a>>,
    /// The latest thinking level on the path; `"off"` when none was set.
    pub thinking_level: String,
    /// The latest model on the path (a `model_change` or an assistant message).
    pub model: Option<ModelRef>,
}

impl SessionProjection<'_> {
    /// All model-visible messages in order.
    pub fn messages(&self) -> impl Iterator<Item = &AgentMessage> {
        self.entries.iter().flat_map(|entry| entry.messages.iter())
    }
}

/// Pi's `SessionContext` plus the replayed system prompt: what the next request is built from.
#[derive(Debug, Clone, PartialEq)]
pub struct SessionContext {
    /// Model-visible messages in order, system messages included.
    pub messages: Vec<AgentMessage>,
    /// The latest thinking level on the path; `"off"` when none was set.
    pub thinking_level: String,
    /// The latest model on the path.
    pub model: Option<ModelRef>,
    /// Prompt sections, content and tools after replaying the system messages.
    pub system_prompt: Option<SystemPrompt>,
}

impl SessionTree {
    /// [`Self::build_context_entries_at`] the current leaf.
    pub fn build_context_entries(&self) -> Vec<&SessionEntry> {
        self.build_context_entries_at(self.leaf_id())
    }

    /// The compaction-aware entry list for `leaf` (Pi's `buildContextEntries`): `None` is
    /// empty, an unknown id falls back to the file's last entry.
    pub fn build_context_entries_at(&self, leaf: Option<&str>) -> Vec<&SessionEntry> {
        let path = self.context_path(leaf);
        select_context_entries(&path)
    }

    /// [`Self::build_session_projection_at`] the current leaf.
    pub fn build_session_projection(&self) -> SessionProjection<'_> {
        self.build_session_projection_at(self.leaf_id())
    }

    /// The model-visible messages for `leaf` with their source entries (Pi's
    /// `buildSessionProjection`).
    pub fn build_session_projection_at(&self, leaf: Option<&str>) -> SessionProjection<'_> {
        let path = self.context_path(leaf);
        let (thinking_level, model) = context_settings(&path);
        let selected = select_context_entries(&path);
        let mut edits: HashMap<&str, &ContextEditEntry> = HashMap::new();
        for entry in &selected {
            if let SessionEntry::ContextEdit(edit) = entry {
                edits.insert(edit.target_id.as_str(), edit);
            }
        }
        let entries = selected
            .iter()
            .enumerate()
            .map(|(index, &source)| {
                // An older compaction can sit inside the newest kept range; only the newest
                // (at index 0) contributes a checkpoint and summary.
                let older_compaction = index > 0 && matches!(source, SessionEntry::Compaction(_));
                let messages = if older_compaction {
                    Cow::Borrowed(&[][..])
                } else {
                    let edit = source.id().and_then(|id| edits.get(id).copied());
                    project_context_entry_cow(source, edit)
                };
                ProjectedEntry { source, messages }
            })
            .collect();
        SessionProjection {
            entries,
            thinking_level,
            model,
        }
    }

    /// [`Self::build_session_context_at`] the current leaf.
    pub fn build_session_context(&self) -> SessionContext {
        self.build_session_context_at(self.leaf_id())
    }

    /// The context the next request is built from (Pi's `buildSessionContext`), with the
    /// system prompt state replayed from its system messages.
    pub fn build_session_context_at(&self, leaf: Option<&str>) -> SessionContext {
        let projection = self.build_session_projection_at(leaf);
        // Sized up front, with room for the messages of the next run (the caller appends to
        // it): a long session's list would otherwise be regrown and copied.
        let count: usize = projection.entries.iter().map(|e| e.messages.len()).sum();
        let mut messages: Vec<AgentMessage> = Vec::with_capacity(count + RUN_HEADROOM);
        for entry in projection.entries {
            match entry.messages {
                Cow::Borrowed(stored) => messages.extend_from_slice(stored),
                Cow::Owned(built) => messages.extend(built),
            }
        }
        SessionContext {
            system_prompt: SystemPrompt::replay(&messages),
            messages,
            thinking_level: projection.thinking_level,
            model: projection.model,
        }
    }
}

fn select_context_entries<'a>(path: &[&'a SessionEntry]) -> Vec<&'a SessionEntry> {
    let latest = path
        .iter()
        .rposition(|entry| matches!(entry, SessionEntry::Compaction(_)));
    let Some(compaction_index) = latest else {
        return path.to_vec();
    };
    let compaction = path[compaction_index];
    let SessionEntry::Compaction(compaction_entry) = compaction else {
        return path.to_vec();
    };
    let first_kept = compaction_entry.first_kept_entry_id.as_str();
    let mut selected = Vec::with_capacity(path.len() - compaction_index);
    selected.push(compaction);
    // A retain-none compaction names itself, which never matches before its own index.
    let mut keeping = false;
    for &entry in &path[..compaction_index] {
        keeping |= entry.id() == Some(first_kept);
        if keeping && !entry.is_system_message() {
            selected.push(entry);
        }
    }
    selected.extend_from_slice(&path[compaction_index + 1..]);
    selected
}

fn context_settings(path: &[&SessionEntry]) -> (String, Option<ModelRef>) {
    let mut thinking_level = "off".to_string();
    let mut model = None;
    for entry in path {
        match entry {
            SessionEntry::ThinkingLevelChange(change) => {
                thinking_level.clone_from(&change.thinking_level);
            }
            SessionEntry::ModelChange(change) => {
                model = Some(ModelRef {
                    provider: change.provider.clone(),
                    model_id: change.model_id.clone(),
                });
            }
            SessionEntry::Message(message) => {
                if let AgentMessage::Assistant(assistant) = &message.message {
                    model = Some(ModelRef {
                        provider: assistant.provider.clone(),
                        model_id: assistant.model.clone(),
                    });
                }
            }
            SessionEntry::Usage(_)
            | SessionEntry::Compaction(_)
            | SessionEntry::ContextEdit(_)
            | SessionEntry::BranchSummary(_)
            | SessionEntry::Custom(_)
            | SessionEntry::CustomMessage(_)
            | SessionEntry::Label(_)
            | SessionEntry::SessionInfo(_)
            | SessionEntry::Unknown(_) => {}
        }
    }
    (thinking_level, model)
}

/// What one entry contributes to the context, before edits (Pi's
/// `sessionEntryToContextMessages`).
pub fn entry_to_context_messages(entry: &SessionEntry) -> Vec<AgentMessage> {
    let millis = |timestamp: &str| iso_to_millis(timestamp).unwrap_or(0);
    match entry {
        SessionEntry::Message(message) => vec![normalize_system(&message.message)],
        SessionEntry::CustomMessage(custom) => vec![AgentMessage::Custom(CustomMessage {
            custom_type: custom.custom_type.clone(),
            content: custom.content.clone(),
            display: custom.display,
            details: custom.details.clone(),
            timestamp: millis(&custom.timestamp),
            extra: Map::new(),
        })],
        SessionEntry::BranchSummary(summary) if !summary.summary.is_empty() => {
            let mut extra = Map::new();
            extra.insert("fromId".into(), Value::String(summary.from_id.clone()));
            vec![AgentMessage::BranchSummary(SummaryMessage {
                summary: summary.summary.clone(),
                timestamp: millis(&summary.timestamp),
                extra,
            })]
        }
        SessionEntry::Compaction(compaction) => {
            let mut extra = Map::new();
            extra.insert("tokensBefore".into(), Value::from(compaction.tokens_before));
            let summary = AgentMessage::CompactionSummary(SummaryMessage {
                summary: compaction.summary.clone(),
                timestamp: millis(&compaction.timestamp),
                extra,
            });
            match &compaction.system_message {
                Some(system) => vec![normalize_system(system), summary],
                None => vec![summary],
            }
        }
        SessionEntry::BranchSummary(_)
        | SessionEntry::ModelChange(_)
        | SessionEntry::ThinkingLevelChange(_)
        | SessionEntry::Usage(_)
        | SessionEntry::ContextEdit(_)
        | SessionEntry::Custom(_)
        | SessionEntry::Label(_)
        | SessionEntry::SessionInfo(_)
        | SessionEntry::Unknown(_) => Vec::new(),
    }
}

/// Pi gives a system message with missing or `null` content an empty string.
/// [`project_context_entry`], borrowing the stored message when it needs no change.
fn project_context_entry_cow<'a>(
    entry: &'a SessionEntry,
    edit: Option<&ContextEditEntry>,
) -> Cow<'a, [AgentMessage]> {
    match (entry, edit) {
        (SessionEntry::Message(message), None) if !needs_normalizing(&message.message) => {
            Cow::Borrowed(std::slice::from_ref(&message.message))
        }
        _ => Cow::Owned(project_context_entry(entry, edit)),
    }
}

/// True for a system message without content, which the context gives an empty one.
fn needs_normalizing(message: &AgentMessage) -> bool {
    match message {
        AgentMessage::Other(map) => {
            message.role() == "system" && map.get("content").is_none_or(Value::is_null)
        }
        _ => false,
    }
}

fn normalize_system(message: &AgentMessage) -> AgentMessage {
    match message {
        AgentMessage::Other(map)
            if message.role() == "system" && map.get("content").is_none_or(Value::is_null) =>
        {
            let mut map = map.clone();
            map.insert("content".into(), Value::String(String::new()));
            AgentMessage::Other(map)
        }
        other => other.clone(),
    }
}

/// One entry's contribution with its latest edit applied (Pi's `projectContextEntry`):
/// `null` omits it; otherwise user, assistant, tool-result and custom messages take the new
/// content, a string becoming one text block for assistant and tool-result messages.
pub fn project_context_entry(
    entry: &SessionEntry,
    edit: Option<&ContextEditEntry>,
) -> Vec<AgentMessage> {
    let mut messages = entry_to_context_messages(entry);
    let Some(edit) = edit else {
        return messages;
    };
    let Some(replacement) = &edit.replacement else {
        return Vec::new();
    };
    let blocks = || replacement.content.clone().into_blocks();
    for message in &mut messages {
        match message {
            AgentMessage::User(user) => user.content = replacement.content.clone(),
            AgentMessage::Custom(custom) => custom.content = replacement.content.clone(),
            AgentMessage::Assistant(assistant) => assistant.content = blocks(),
            AgentMessage::ToolResult(result) => result.content = blocks(),
            AgentMessage::BashExecution(_)
            | AgentMessage::BranchSummary(_)
            | AgentMessage::CompactionSummary(_)
            | AgentMessage::Other(_) => {}
        }
    }
    messages
}

/// A replacement normalised for its target's role before it is written: a string for an
/// assistant or tool result becomes one text block (Pi's `appendContextEdit`).
pub(crate) fn replacement_for_role(role: &str, content: UserContent) -> UserContent {
    match (role, content) {
        ("assistant" | "toolResult", UserContent::Text(text)) => {
            UserContent::Blocks(vec![ContentBlock::text(text)])
        }
        (_, content) => content,
    }
}

#[cfg(test)]
#[path = "context_tests.rs"]
mod tests;
