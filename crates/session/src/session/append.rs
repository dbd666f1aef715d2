//! Appending entries: one method per entry kind, each a child of the current leaf that then
//! becomes the leaf (Pi's `append*` methods). Each returns the new entry's id.

use serde_json::{Map, Value};
use tau_protocol::messages::{AgentMessage, Usage, UserContent};
use tau_protocol::session::{
    BranchSummaryEntry, CompactionEntry, ContextEditEntry, ContextReplacement, CustomEntry,
    CustomMessageEntry, LabelEntry, MessageEntry, ModelChangeEntry, SessionEntry, SessionInfoEntry,
    ThinkingLevelChangeEntry, UsageEntry,
};

use super::Session;
use crate::context::replacement_for_role;
use crate::error::{Result, SessionError};
use crate::ids::{iso_to_millis, now_iso};
use crate::system_prompt::SystemPrompt;

/// A compaction to record (Pi's `appendCompaction` arguments).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct NewCompaction {
    /// The summary of the compacted history.
    pub summary: String,
    /// First entry kept; `None` keeps none (the entry then names itself).
    pub first_kept_entry_id: Option<String>,
    /// Context tokens before compacting.
    pub tokens_before: u64,
    /// Implementation data.
    pub details: Option<Value>,
    /// True when an extension produced it.
    pub from_hook: Option<bool>,
    /// Usage of the summarising call.
    pub usage: Option<Usage>,
}

/// A branch summary to record (Pi's `branchWithSummary` arguments).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct NewBranchSummary {
    /// The summary of the branch being left.
    pub summary: String,
    /// Implementation data.
    pub details: Option<Value>,
    /// True when an extension produced it.
    pub from_hook: Option<bool>,
    /// Usage of the summarising call.
    pub usage: Option<Usage>,
}

impl Session {
    /// Appends a message (user, assistant, tool result, system, custom, ...).
    pub fn append_message(&mut self, message: AgentMessage) -> Result<String> {
        let (id, parent_id, timestamp) = self.base();
        self.commit(SessionEntry::Message(MessageEntry {
            id,
            parent_id,
            timestamp,
            message,
            extra: Map::new(),
        }))
    }

    /// Records a model switch.
    pub fn append_model_change(&mut self, provider: &str, model_id: &str) -> Result<String> {
        let (id, parent_id, timestamp) = self.base();
        self.commit(SessionEntry::ModelChange(ModelChangeEntry {
            id,
            parent_id,
            timestamp,
            provider: provider.into(),
            model_id: model_id.into(),
            extra: Map::new(),
        }))
    }

    /// Records a thinking level change.
    pub fn append_thinking_level_change(&mut self, thinking_level: &str) -> Result<String> {
        let (id, parent_id, timestamp) = self.base();
        self.commit(SessionEntry::ThinkingLevelChange(
            ThinkingLevelChangeEntry {
                id,
                parent_id,
                timestamp,
                thinking_level: thinking_level.into(),
                extra: Map::new(),
            },
        ))
    }

    /// Records usage outside the conversation (e.g. `cache_warm`).
    pub fn append_usage(
        &mut self,
        kind: &str,
        provider: &str,
        model: &str,
        usage: Usage,
        note: Option<String>,
    ) -> Result<String> {
        let (id, parent_id, timestamp) = self.base();
        self.commit(SessionEntry::Usage(UsageEntry {
            id,
            parent_id,
            timestamp,
            kind: kind.into(),
            provider: provider.into(),
            model: model.into(),
            usage,
            note: note.filter(|n| !n.is_empty()),
            extra: Map::new(),
        }))
    }

    /// Records a compaction. Its `systemMessage` checkpoint is the prompt and tools replayed
    /// from the current context, stamped with the entry's time.
    pub fn append_compaction(&mut self, compaction: NewCompaction) -> Result<String> {
        let timestamp = now_iso();
        let system_message = SystemPrompt::replay(self.tree.build_session_projection().messages())
            .map(|prompt| {
                SystemPrompt {
                    timestamp: iso_to_millis(&timestamp).unwrap_or(0),
                    ..prompt
                }
                .to_message()
            });
        let id = self.tree.new_entry_id();
        self.commit(SessionEntry::Compaction(Box::new(CompactionEntry {
            parent_id: self.tree.leaf_id().map(str::to_string),
            timestamp,
            summary: compaction.summary,
            first_kept_entry_id: compaction.first_kept_entry_id.unwrap_or_else(|| id.clone()),
            tokens_before: compaction.tokens_before,
            details: compaction.details,
            usage: compaction.usage,
            from_hook: compaction.from_hook,
            system_message,
            id,
            extra: Map::new(),
        })))
    }

    /// Records extension state (never part of the context).
    pub fn append_custom_entry(
        &mut self,
        custom_type: &str,
        data: Option<Value>,
    ) -> Result<String> {
        let (id, parent_id, timestamp) = self.base();
        self.commit(SessionEntry::Custom(CustomEntry {
            custom_type: custom_type.into(),
            data,
            id,
            parent_id,
            timestamp,
            extra: Map::new(),
        }))
    }

    /// Records an extension message that is part of the context.
    pub fn append_custom_message(
        &mut self,
        custom_type: &str,
        content: UserContent,
        display: bool,
        details: Option<Value>,
    ) -> Result<String> {
        let (id, parent_id, timestamp) = self.base();
        self.commit(SessionEntry::CustomMessage(CustomMessageEntry {
            custom_type: custom_type.into(),
            content,
            display,
            details,
            id,
            parent_id,
            timestamp,
            extra: Map::new(),
        }))
    }

    /// Edits what an earlier entry on the active branch contributes to future context:
    /// `None` omits it, `Some(content)` replaces its content. The target must be a user,
    /// assistant or tool-result message or a custom message (Pi's `appendContextEdit`).
    pub fn append_context_edit(
        &mut self,
        target_id: &str,
        replacement: Option<UserContent>,
    ) -> Result<String> {
        let target = self
            .tree
            .get_entry(target_id)
            .ok_or_else(|| SessionError::EntryNotFound {
                id: target_id.into(),
            })?;
        let on_branch = self
            .tree
            .active_branch()
            .iter()
            .any(|entry| entry.id() == Some(target_id));
        if !on_branch {
            return Err(SessionError::NotOnActiveBranch {
                id: target_id.into(),
            });
        }
        let role = match target {
            SessionEntry::CustomMessage(_) => "custom",
            SessionEntry::Message(entry) => entry.message.role(),
            SessionEntry::ModelChange(_)
            | SessionEntry::ThinkingLevelChange(_)
            | SessionEntry::Usage(_)
            | SessionEntry::Compaction(_)
            | SessionEntry::ContextEdit(_)
            | SessionEntry::BranchSummary(_)
            | SessionEntry::Custom(_)
            | SessionEntry::Label(_)
            | SessionEntry::SessionInfo(_)
            | SessionEntry::Unknown(_) => "",
        };
        if !matches!(role, "custom" | "user" | "assistant" | "toolResult") {
            return Err(SessionError::NotEditable {
                id: target_id.into(),
            });
        }
        let replacement = replacement.map(|content| ContextReplacement {
            content: replacement_for_role(role, content),
            extra: Map::new(),
        });
        let (id, parent_id, timestamp) = self.base();
        self.commit(SessionEntry::ContextEdit(ContextEditEntry {
            id,
            parent_id,
            timestamp,
            target_id: target_id.into(),
            replacement,
            extra: Map::new(),
        }))
    }

    /// Sets a label on an entry, or clears it with `None` or an empty label.
    pub fn append_label(&mut self, target_id: &str, label: Option<&str>) -> Result<String> {
        if !self.tree.contains(target_id) {
            // A stamp meant for this entry must not go to the next one.
            self.next_stamp = None;
            return Err(SessionError::EntryNotFound {
                id: target_id.into(),
            });
        }
        let (id, parent_id, timestamp) = self.base();
        self.commit(SessionEntry::Label(LabelEntry {
            id,
            parent_id,
            timestamp,
            target_id: target_id.into(),
            label: label.map(str::to_string),
            extra: Map::new(),
        }))
    }

    /// Names the session; line breaks become spaces and the name is trimmed (empty clears).
    pub fn append_session_info(&mut self, name: &str) -> Result<String> {
        let mut sanitized = String::with_capacity(name.len());
        let mut in_break = false;
        for c in name.chars() {
            if matches!(c, '\r' | '\n') {
                if !in_break {
                    sanitized.push(' ');
                }
                in_break = true;
            } else {
                sanitized.push(c);
                in_break = false;
            }
        }
        let (id, parent_id, timestamp) = self.base();
        self.commit(SessionEntry::SessionInfo(SessionInfoEntry {
            id,
            parent_id,
            timestamp,
            name: Some(sanitized.trim().to_string()),
            extra: Map::new(),
        }))
    }

    /// Moves the leaf to `from` (`None`: before the first entry) and records a summary of the
    /// branch being left as the new leaf's first entry (Pi's `branchWithSummary`).
    pub fn branch_with_summary(
        &mut self,
        from: Option<&str>,
        branch_summary: NewBranchSummary,
    ) -> Result<String> {
        if let Some(from) = from {
            if !self.tree.contains(from) {
                return Err(SessionError::EntryNotFound { id: from.into() });
            }
        }
        let from_id = self.tree.leaf_id().unwrap_or("root").to_string();
        let entry = SessionEntry::BranchSummary(BranchSummaryEntry {
            id: self.tree.new_entry_id(),
            parent_id: from.map(str::to_string),
            timestamp: now_iso(),
            from_id,
            summary: branch_summary.summary,
            details: branch_summary.details,
            usage: branch_summary.usage,
            from_hook: branch_summary.from_hook,
            extra: Map::new(),
        });
        let previous_leaf = self.tree.leaf_id().map(str::to_string);
        match from {
            Some(from) => self.tree.set_leaf(from)?,
            None => self.tree.reset_leaf(),
        }
        let result = self.commit(entry);
        if result.is_err() {
            // Pi moves the leaf before writing; tau keeps memory as it was when the write fails.
            match previous_leaf {
                Some(leaf) => self.tree.set_leaf(&leaf)?,
                None => self.tree.reset_leaf(),
            }
        }
        result
    }
}
