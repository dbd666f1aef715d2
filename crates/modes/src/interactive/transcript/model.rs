//! What the transcript shows, as data: the conversation's messages and tool rows, built from
//! the session's history and then from the runtime's events as Pi's interactive mode builds
//! its chat (a user message when it starts, the assistant's message as it streams, one row
//! per tool call from the moment the call appears in the stream).
//!
//! Each item carries a revision that changes whenever the item does, so the view redraws
//! only the items that moved.

use std::collections::HashMap;
use std::time::Instant;

use serde_json::Value;
use tau_protocol::messages::{BashExecutionMessage, CustomMessage, SummaryMessage};
use tau_protocol::partial::PartialMessage;
use tau_protocol::session::SessionEntry;
use tau_protocol::{AgentEvent, AgentMessage, AssistantMessage, StopReason, ToolResult};

/// How a notice reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Info,
    Warning,
    Error,
}

/// A summary message's kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SummaryKind {
    Compaction,
    Branch,
}

/// Where a tool call is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToolState {
    /// The model is still writing the call.
    Pending,
    /// The tool runs.
    Running,
    /// The tool finished.
    Done,
    /// The call failed (tool error, or the response ended before it ran).
    Failed,
}

/// One tool call and what became of it.
#[derive(Debug, Clone)]
pub struct ToolRow {
    pub id: String,
    pub name: String,
    pub args: Value,
    pub state: ToolState,
    /// The latest partial result while it runs.
    pub partial: Option<ToolResult>,
    pub result: Option<ToolResult>,
    pub started: Option<Instant>,
    pub duration_ms: Option<u64>,
}

/// A user's own shell command (`!cmd`, `!!cmd` excluded from context).
#[derive(Debug, Clone)]
pub struct BashRow {
    pub command: String,
    pub output: String,
    pub exit_code: Option<i32>,
    pub cancelled: bool,
    pub truncated: bool,
    pub excluded: bool,
    pub running: bool,
    pub full_output_path: Option<String>,
}

/// One thing in the transcript.
#[derive(Debug, Clone)]
pub enum Item {
    User {
        text: String,
    },
    Assistant {
        message: Box<AssistantMessage>,
        streaming: bool,
    },
    Tool(Box<ToolRow>),
    Bash(Box<BashRow>),
    Custom(Box<CustomMessage>),
    /// An extension's custom entry (`appendEntry`), drawn only by an entry renderer of its
    /// type (`registerEntryRenderer`); `entry` is the session entry as Pi hands it over.
    Entry {
        custom_type: String,
        entry: Box<Value>,
    },
    Summary {
        kind: SummaryKind,
        summary: String,
        tokens_before: Option<u64>,
    },
    Notice {
        level: Level,
        text: String,
    },
    /// A titled Markdown document between borders (Pi's `/changelog` "What's New").
    Document {
        title: String,
        markdown: String,
    },
}

/// The transcript's items, with a revision per item.
#[derive(Debug, Default)]
pub struct Transcript {
    items: Vec<(u64, Item)>,
    next_revision: u64,
    tools: HashMap<String, usize>,
    streaming: PartialMessage,
    /// Index of the assistant item being streamed.
    streaming_at: Option<usize>,
}

fn summary(kind: SummaryKind, message: &SummaryMessage) -> Item {
    Item::Summary {
        kind,
        summary: message.summary.clone(),
        tokens_before: message.extra.get("tokensBefore").and_then(Value::as_u64),
    }
}

fn bash_row(message: &BashExecutionMessage) -> Item {
    Item::Bash(Box::new(BashRow {
        command: message.command.clone(),
        output: message.output.clone(),
        exit_code: message.exit_code,
        cancelled: message.cancelled,
        truncated: message.truncated,
        excluded: message.exclude_from_context.unwrap_or(false),
        running: false,
        full_output_path: message.full_output_path.clone(),
    }))
}

impl Transcript {
    pub fn new() -> Self {
        Self::default()
    }

    /// The items with their revisions, top to bottom.
    pub fn items(&self) -> impl DoubleEndedIterator<Item = (u64, &Item)> {
        self.items.iter().map(|(revision, item)| (*revision, item))
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Drops everything (a new or switched session).
    pub fn clear(&mut self) {
        *self = Transcript {
            next_revision: self.next_revision,
            ..Transcript::default()
        };
    }

    fn revision(&mut self) -> u64 {
        self.next_revision += 1;
        self.next_revision
    }

    pub fn push(&mut self, item: Item) -> usize {
        let revision = self.revision();
        self.items.push((revision, item));
        self.items.len() - 1
    }

    /// Adds a notice line (errors, warnings, command output).
    pub fn notice(&mut self, level: Level, text: impl Into<String>) {
        self.push(Item::Notice {
            level,
            text: text.into(),
        });
    }

    fn touch(&mut self, index: usize) -> Option<&mut Item> {
        let revision = self.revision();
        let slot = self.items.get_mut(index)?;
        slot.0 = revision;
        Some(&mut slot.1)
    }

    fn tool_mut(&mut self, id: &str) -> Option<&mut ToolRow> {
        let index = *self.tools.get(id)?;
        match self.touch(index)? {
            Item::Tool(row) => Some(row),
            _ => None,
        }
    }

    fn ensure_tool(&mut self, id: &str, name: &str, args: &Value) -> Option<&mut ToolRow> {
        if !self.tools.contains_key(id) {
            let index = self.push(Item::Tool(Box::new(ToolRow {
                id: id.to_string(),
                name: name.to_string(),
                args: args.clone(),
                state: ToolState::Pending,
                partial: None,
                result: None,
                started: None,
                duration_ms: None,
            })));
            self.tools.insert(id.to_string(), index);
        }
        self.tool_mut(id)
    }

    /// The user's shell command at `index`, to update as its output arrives.
    pub fn bash_mut(&mut self, index: usize) -> Option<&mut BashRow> {
        match self.touch(index)? {
            Item::Bash(row) => Some(row),
            _ => None,
        }
    }

    /// An extension's custom entry from the session (history or `entry_appended`).
    pub fn add_entry(&mut self, entry: &SessionEntry) {
        if let SessionEntry::Custom(custom) = entry {
            self.push(Item::Entry {
                custom_type: custom.custom_type.clone(),
                entry: Box::new(serde_json::to_value(entry).unwrap_or(Value::Null)),
            });
        }
    }

    /// A message from the session's history, as it is shown once complete.
    pub fn add_message(&mut self, message: &AgentMessage) {
        match message {
            AgentMessage::User(user) => {
                let text = user.content.joined_text();
                self.push(Item::User { text });
            }
            AgentMessage::Assistant(assistant) => {
                self.push(Item::Assistant {
                    message: Box::new(assistant.clone()),
                    streaming: false,
                });
                self.tool_calls_of(assistant, true);
            }
            AgentMessage::ToolResult(result) => {
                if let Some(row) = self.tool_mut(&result.tool_call_id) {
                    row.state = if result.is_error {
                        ToolState::Failed
                    } else {
                        ToolState::Done
                    };
                    row.duration_ms = result.duration_ms;
                    row.result = Some(ToolResult {
                        content: result.content.clone(),
                        details: result.details.clone(),
                        is_error: Some(result.is_error),
                        ..ToolResult::default()
                    });
                }
            }
            AgentMessage::Custom(custom) => {
                if custom.display {
                    self.push(Item::Custom(Box::new(custom.clone())));
                }
            }
            AgentMessage::BashExecution(bash) => {
                self.push(bash_row(bash));
            }
            AgentMessage::CompactionSummary(message) => {
                self.push(summary(SummaryKind::Compaction, message));
            }
            AgentMessage::BranchSummary(message) => {
                self.push(summary(SummaryKind::Branch, message));
            }
            AgentMessage::Other(_) => {}
        }
    }

    /// Rows for the calls a (partial or final) assistant message holds.
    fn tool_calls_of(&mut self, message: &AssistantMessage, finished: bool) {
        for call in message.tool_calls() {
            let Some(row) = self.ensure_tool(&call.id, &call.name, &call.arguments) else {
                continue;
            };
            row.args = call.arguments.clone();
            if finished
                && row.state == ToolState::Pending
                && matches!(message.stop_reason, StopReason::Error | StopReason::Aborted)
            {
                row.state = ToolState::Failed;
                // Pi shows why the call never ran as its result.
                let why = match message.error_message.as_deref() {
                    Some(text) if text != "Request was aborted" => text.to_string(),
                    _ => "Operation aborted".to_string(),
                };
                row.result = Some(ToolResult::error(why));
            }
        }
    }

    /// Applies one runtime event. Returns true when something visible changed.
    pub fn apply(&mut self, event: &AgentEvent) -> bool {
        match event {
            AgentEvent::MessageStart { message } => match message {
                AgentMessage::Assistant(assistant) => {
                    self.streaming.start(message);
                    let index = self.push(Item::Assistant {
                        message: Box::new(assistant.clone()),
                        streaming: true,
                    });
                    self.streaming_at = Some(index);
                    true
                }
                // Tool results arrive through the tool events.
                AgentMessage::ToolResult(_) => false,
                other => {
                    self.add_message(other);
                    true
                }
            },
            AgentEvent::MessageUpdate {
                usage,
                assistant_message_event,
            } => {
                let Some(message) = self
                    .streaming
                    .update(assistant_message_event, usage)
                    .cloned()
                else {
                    return false;
                };
                self.tool_calls_of(&message, false);
                if let Some(Item::Assistant { message: shown, .. }) =
                    self.streaming_at.and_then(|index| self.touch(index))
                {
                    **shown = message;
                }
                true
            }
            AgentEvent::MessageEnd { message } => {
                let AgentMessage::Assistant(assistant) = message else {
                    return false;
                };
                if let Some(Item::Assistant {
                    message: shown,
                    streaming,
                }) = self.streaming_at.take().and_then(|index| self.touch(index))
                {
                    **shown = assistant.clone();
                    *streaming = false;
                } else {
                    self.push(Item::Assistant {
                        message: Box::new(assistant.clone()),
                        streaming: false,
                    });
                }
                self.streaming = PartialMessage::default();
                self.tool_calls_of(assistant, true);
                true
            }
            AgentEvent::ToolExecutionStart {
                tool_call_id,
                tool_name,
                args,
            } => {
                let Some(row) = self.ensure_tool(tool_call_id, tool_name, args) else {
                    return false;
                };
                row.state = ToolState::Running;
                row.started = Some(Instant::now());
                true
            }
            AgentEvent::ToolExecutionUpdate {
                tool_call_id,
                partial_result,
                ..
            } => match self.tool_mut(tool_call_id) {
                Some(row) => {
                    row.partial = Some(partial_result.clone());
                    true
                }
                None => false,
            },
            AgentEvent::ToolExecutionEnd {
                tool_call_id,
                tool_name,
                result,
                is_error,
                duration_ms,
            } => {
                let Some(row) = self.ensure_tool(tool_call_id, tool_name, &Value::Null) else {
                    return false;
                };
                row.state = if *is_error {
                    ToolState::Failed
                } else {
                    ToolState::Done
                };
                row.result = Some(result.clone());
                row.partial = None;
                row.duration_ms =
                    duration_ms.or_else(|| row.started.map(|s| s.elapsed().as_millis() as u64));
                true
            }
            AgentEvent::EntryAppended { entry } => {
                let before = self.items.len();
                self.add_entry(entry);
                self.items.len() != before
            }
            _ => false,
        }
    }

    /// Marks every tool row that never finished as failed (the run was aborted).
    pub fn fail_unfinished_tools(&mut self) {
        let ids: Vec<String> = self.tools.keys().cloned().collect();
        for id in ids {
            let unfinished = self
                .tools
                .get(&id)
                .and_then(|&index| self.items.get(index))
                .is_some_and(|(_, item)| {
                    matches!(item, Item::Tool(row) if matches!(row.state, ToolState::Pending | ToolState::Running))
                });
            if unfinished {
                if let Some(row) = self.tool_mut(&id) {
                    row.state = ToolState::Failed;
                    if row.result.is_none() {
                        row.result = Some(ToolResult::error("Operation aborted"));
                    }
                }
            }
        }
    }
}
