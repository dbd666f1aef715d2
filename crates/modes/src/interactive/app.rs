//! The interactive mode's state: transcript, editor, footer, extension widgets and dialogs,
//! and what keys do. It never waits: keys and events change the state and may ask the
//! session for [`Effect`]s, which the runner performs.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use serde_json::Value;
use tau_protocol::AgentEvent;

use super::bridge::{AppEvent, DialogRequest};
use super::commands::parse_builtin;
use super::dialog::Dialog;
use super::editor_slot::PromptEditor;
use super::effects::Effect;
use super::footer::FooterInfo;
use super::keymap::{Action, Keymap};
use super::session_picker::{Outcome, SessionPicker};
use super::settings::{SettingsContext, SettingsPanel};
use super::transcript::{Level, Transcript};
use super::tree::{FilterMode, TreeOutcome, TreeSelector, TreeSnapshot};

/// Two Ctrl+C (or two Esc) within this time count as a double press, as in Pi.
const DOUBLE_PRESS: Duration = Duration::from_millis(500);

/// Pi's `doubleEscapeAction`: what Esc twice on an empty editor opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DoubleEscape {
    #[default]
    Tree,
    Fork,
    None,
}

impl DoubleEscape {
    /// The setting's value; anything else is Pi's default, `tree`.
    pub fn from_setting(value: Option<&str>) -> DoubleEscape {
        match value {
            Some("fork") => DoubleEscape::Fork,
            Some("none") => DoubleEscape::None,
            _ => DoubleEscape::Tree,
        }
    }

    /// The setting's value (`/settings` shows it).
    pub fn as_setting(self) -> &'static str {
        match self {
            DoubleEscape::Tree => "tree",
            DoubleEscape::Fork => "fork",
            DoubleEscape::None => "none",
        }
    }
}

/// The settings `/tree` follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TreeSettings {
    /// `doubleEscapeAction`.
    pub double_escape: DoubleEscape,
    /// `treeFilterMode`: the filter `/tree` opens with.
    pub filter: FilterMode,
    /// Not `branchSummary.skipPrompt`: ask whether to summarise the branch left.
    pub ask_summary: bool,
}

/// Where an extension widget sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    AboveEditor,
    BelowEditor,
}

/// The whole UI state.
pub struct App {
    pub transcript: Transcript,
    pub editor: Box<dyn PromptEditor>,
    pub footer: FooterInfo,
    pub keymap: Keymap,
    /// A prompt handed to the session is being worked on.
    pub busy: bool,
    /// The agent runs (the working line shows); a command of an extension is not a run.
    pub working: bool,
    /// Pi's working message ("Working") while busy; extensions may change it.
    pub working_message: Option<String>,
    /// A branch summary is being written: the working line says so, Esc aborts it.
    pub summarizing: bool,
    /// `setWorkingVisible(false)` hides the working line.
    pub working_visible: bool,
    /// `setWorkingIndicator`: the working spinner's frames and speed.
    pub working_indicator: Option<tau_tui::text::LoaderIndicator>,
    /// An automatic retry is waiting (its countdown replaces the working indicator).
    pub retry: Option<super::view::status::Retry>,
    /// `setHiddenThinkingLabel`: shown for hidden thinking (Pi: "Thinking...").
    pub hidden_thinking_label: Option<String>,
    /// Queued steering and follow-up messages (shown above the editor).
    pub queued_steering: Vec<String>,
    pub queued_follow_up: Vec<String>,
    /// String widgets by key, with their placement.
    pub widgets: BTreeMap<String, (Placement, Vec<String>)>,
    /// Extension dialogs, the newest on top (it takes the keys).
    pub dialogs: Vec<Dialog>,
    /// `/tree`'s selector, in the editor's place (a dialog above it takes the keys first).
    pub tree: Option<TreeSelector>,
    pub tree_settings: TreeSettings,
    /// The terminal's height (the tree shows half of it).
    pub rows: usize,
    /// `/scoped-models`, in the editor's place while open.
    pub scoped_models: Option<super::scoped_models::ScopedModels>,
    /// `/resume`'s session picker, in the editor's place while open.
    pub session_picker: Option<SessionPicker>,
    /// pi-tui's keybindings, which text inputs (the picker's search line) edit with.
    pub tui_keys: tau_tui::keybindings::SharedKeybindings,
    /// The keys extensions own through `registerShortcut` (shortcuts.rs).
    pub extension_shortcuts: Vec<String>,
    /// `/settings` while it is open (under any dialog; it takes the keys otherwise).
    pub settings_panel: Option<SettingsPanel>,
    /// What `/settings` needs from the mode; set once the screen is up.
    pub settings_context: Option<SettingsContext>,
    /// The `outputPad` setting: the transcript's horizontal padding (0 or 1).
    pub output_pad: usize,
    /// `terminal.showImages` and `terminal.imageWidthCells`.
    pub images: crate::interactive::tools::ImageSettings,
    /// The terminal's cell size in pixels, once it answered the query (images are sized
    /// with it).
    pub cell_size: Option<tau_tui::image::CellDimensions>,
    pub tools_expanded: bool,
    pub hide_thinking: bool,
    pub title: Option<String>,
    /// Set when the mode should end.
    pub quit: bool,
    /// An extension switched the theme (`setTheme`) to this one.
    pub theme_request: Option<String>,
    /// The active theme's colours for `/export` (`None` for the `system` theme).
    pub page_colors: Option<std::sync::Arc<tau_export::PageColors>>,
    /// Sequences to write to the terminal before the next frame (clipboard, notifications).
    pub terminal_output: Vec<String>,
    /// Something in `terminal_output` may have moved the cursor or drawn text: the next
    /// frame redraws everything.
    pub terminal_redraw: bool,
    last_ctrl_c: Option<Instant>,
    last_escape: Option<Instant>,
}

impl App {
    /// A fresh state around `editor`.
    pub fn new(editor: Box<dyn PromptEditor>, footer: FooterInfo) -> Self {
        App {
            transcript: Transcript::new(),
            editor,
            footer,
            keymap: Keymap::default(),
            busy: false,
            working: false,
            working_message: None,
            summarizing: false,
            working_visible: true,
            working_indicator: None,
            retry: None,
            hidden_thinking_label: None,
            queued_steering: Vec::new(),
            queued_follow_up: Vec::new(),
            widgets: BTreeMap::new(),
            dialogs: Vec::new(),
            tree: None,
            tree_settings: TreeSettings {
                ask_summary: true,
                ..TreeSettings::default()
            },
            rows: 24,
            session_picker: None,
            scoped_models: None,
            tui_keys: tau_tui::keybindings::KeybindingsManager::new().shared(),
            extension_shortcuts: Vec::new(),
            settings_panel: None,
            settings_context: None,
            output_pad: 1,
            images: Default::default(),
            cell_size: None,
            tools_expanded: false,
            hide_thinking: false,
            title: None,
            quit: false,
            terminal_output: Vec::new(),
            terminal_redraw: false,
            theme_request: None,
            page_colors: None,
            last_ctrl_c: None,
            last_escape: None,
        }
    }

    /// One piece of terminal input (a key, or a whole paste).
    pub fn on_input(&mut self, data: &str, now: Instant) -> Vec<Effect> {
        if let Some(dialog) = self.dialogs.last_mut() {
            if dialog.handle_input(data, &self.keymap) {
                self.close_finished_dialogs();
            }
            return Vec::new();
        }
        if let Some(tree) = &mut self.tree {
            return match tree.handle_input(data, &self.keymap) {
                Some(outcome) => self.tree_outcome(outcome),
                None => Vec::new(),
            };
        }
        if let Some(selector) = self.scoped_models.as_mut() {
            use super::scoped_models::Outcome as Scoped;
            return match selector.handle_input(data, &self.keymap) {
                Scoped::Stay => Vec::new(),
                Scoped::Cancel => {
                    self.scoped_models = None;
                    Vec::new()
                }
                Scoped::Changed(enabled) => vec![Effect::ScopeChanged(enabled)],
                Scoped::Save(enabled) => vec![Effect::ScopeSaved(enabled)],
            };
        }
        if let Some(picker) = self.session_picker.as_mut() {
            return match picker.handle_input(data, &self.keymap, now) {
                Outcome::Stay => Vec::new(),
                Outcome::Cancel => {
                    self.session_picker = None;
                    Vec::new()
                }
                Outcome::Request(request) => {
                    if matches!(request, super::session_picker::Request::Resume(_)) {
                        self.session_picker = None;
                    }
                    vec![Effect::Picker(request)]
                }
            };
        }
        if let Some(panel) = &mut self.settings_panel {
            let outcome = panel.handle_input(data);
            if outcome.closed {
                self.settings_panel = None;
            }
            return outcome.changes.into_iter().map(Effect::Setting).collect();
        }
        // Pi's editor tries extension shortcuts before its own actions.
        if let Some(key) = self
            .extension_shortcuts
            .iter()
            .find(|key| self.keymap.is_key(data, key))
        {
            return vec![Effect::Shortcut(key.clone())];
        }
        if let Some(action) = self.keymap.action(data) {
            if let Some(effects) = self.apply_action(action, now) {
                return effects;
            }
        }
        match self.editor.handle_key(data) {
            Some(text) => self.submit(text),
            None => Vec::new(),
        }
    }

    /// An application action (from a key, or handed back by an extension's editor); `None`
    /// when it is not one the application handles here.
    pub fn apply_action(&mut self, action: Action, now: Instant) -> Option<Vec<Effect>> {
        Some(match action {
            Action::Interrupt => self.escape(now),
            Action::Clear => self.ctrl_c(now),
            Action::Exit if self.editor.text().is_empty() => vec![Effect::Quit],
            Action::Suspend => vec![Effect::Suspend],
            Action::ExpandTools => {
                self.tools_expanded = !self.tools_expanded;
                Vec::new()
            }
            Action::ToggleThinking => {
                self.hide_thinking = !self.hide_thinking;
                Vec::new()
            }
            Action::CycleThinking => vec![Effect::CycleThinking],
            Action::CycleModelForward => vec![Effect::CycleModel { forward: true }],
            Action::CycleModelBackward => vec![Effect::CycleModel { forward: false }],
            Action::SelectModel => vec![Effect::Builtin {
                name: "model",
                args: String::new(),
            }],
            Action::ExternalEditor => vec![Effect::ExternalEditor],
            Action::SessionResume => vec![Effect::Builtin {
                name: "resume",
                args: String::new(),
            }],
            Action::FollowUp => self.follow_up(),
            Action::Dequeue => vec![Effect::Dequeue],
            Action::SessionTree => vec![Effect::Builtin {
                name: "tree",
                args: String::new(),
            }],
            Action::MessageCopy => vec![Effect::Builtin {
                name: "copy",
                args: String::new(),
            }],
            _ => return None,
        })
    }

    fn escape(&mut self, now: Instant) -> Vec<Effect> {
        if self.busy {
            self.last_escape = None;
            return vec![Effect::Abort];
        }
        let double = self
            .last_escape
            .is_some_and(|last| now.duration_since(last) < DOUBLE_PRESS);
        self.last_escape = Some(now);
        if double && self.editor.text().is_empty() {
            self.last_escape = None;
            let name = match self.tree_settings.double_escape {
                DoubleEscape::Tree => "tree",
                DoubleEscape::Fork => "fork",
                DoubleEscape::None => return Vec::new(),
            };
            return vec![Effect::Builtin {
                name,
                args: String::new(),
            }];
        }
        Vec::new()
    }

    /// Opens the tree selector over `snapshot`, on `selected` (else the current leaf).
    pub fn open_tree(&mut self, snapshot: TreeSnapshot, selected: Option<&str>) {
        self.tree = Some(TreeSelector::new(
            snapshot,
            self.tree_settings.filter,
            selected,
            self.rows,
            self.tui_keys.clone(),
        ));
    }

    fn tree_outcome(&mut self, outcome: TreeOutcome) -> Vec<Effect> {
        match outcome {
            TreeOutcome::Select(id) => {
                self.tree = None;
                vec![Effect::NavigateTree {
                    id,
                    ask_summary: self.tree_settings.ask_summary,
                }]
            }
            TreeOutcome::Cancel => {
                self.tree = None;
                Vec::new()
            }
            TreeOutcome::Label { id, label } => vec![Effect::SetLabel { id, label }],
            TreeOutcome::Copy(Some(text)) => {
                self.copy_to_clipboard(&text);
                self.transcript
                    .notice(Level::Info, "Copied selected message to clipboard");
                Vec::new()
            }
            TreeOutcome::Copy(None) => {
                self.transcript
                    .notice(Level::Error, "Selected entry has no text to copy");
                Vec::new()
            }
        }
    }

    /// Whether a selector or dialog has the keys that otherwise scroll the transcript (Pi's
    /// `capturesViewportInput`: their page keys move the list).
    pub fn captures_viewport_keys(&self) -> bool {
        !self.dialogs.is_empty()
            || self.tree.is_some()
            || self.session_picker.is_some()
            || self.scoped_models.is_some()
            || self.settings_panel.is_some()
    }

    /// Puts `text` on the clipboard through the terminal (OSC 52), which works over SSH too;
    /// terminals that do not support it ignore the sequence.
    pub fn copy_to_clipboard(&mut self, text: &str) {
        self.terminal_output.push(super::builtins::osc52(text));
    }

    fn ctrl_c(&mut self, now: Instant) -> Vec<Effect> {
        let double = self
            .last_ctrl_c
            .is_some_and(|last| now.duration_since(last) < DOUBLE_PRESS);
        if double {
            return vec![Effect::Quit];
        }
        self.last_ctrl_c = Some(now);
        self.editor.set_text("");
        Vec::new()
    }

    fn follow_up(&mut self) -> Vec<Effect> {
        let text = self.editor.text().trim().to_string();
        if text.is_empty() {
            return Vec::new();
        }
        self.editor.add_to_history(&text);
        self.editor.set_text("");
        if self.busy {
            vec![Effect::FollowUp(text)]
        } else {
            // Nothing runs: a follow-up is just a prompt.
            vec![Effect::Prompt(text)]
        }
    }

    /// The editor's text was submitted.
    pub fn submit(&mut self, text: String) -> Vec<Effect> {
        let text = text.trim().to_string();
        if text.is_empty() {
            return Vec::new();
        }
        self.editor.add_to_history(&text);
        if let Some(command) = text.strip_prefix('!') {
            let (excluded, command) = match command.strip_prefix('!') {
                Some(rest) => (true, rest),
                None => (false, command),
            };
            let command = command.trim().to_string();
            if command.is_empty() {
                return Vec::new();
            }
            return vec![Effect::Bash { command, excluded }];
        }
        if let Some((command, args)) = parse_builtin(&text) {
            return vec![Effect::Builtin {
                name: command.name,
                args: args.to_string(),
            }];
        }
        if self.busy {
            vec![Effect::Steer(text)]
        } else {
            vec![Effect::Prompt(text)]
        }
    }

    /// Something happened elsewhere.
    pub fn on_event(&mut self, event: AppEvent) {
        match event {
            AppEvent::Agent(event) => self.on_agent_event(&event),
            AppEvent::RunFinished => {
                self.busy = false;
                self.transcript.fail_unfinished_tools();
            }
            AppEvent::Dialog(request) => self.open_dialog(request),
            AppEvent::UiCall { method, args, .. } => self.ui_call(&method, &args),
            AppEvent::ExtensionError {
                extension_path,
                event,
                error,
            } => {
                let from = extension_path
                    .map(|p| format!(" ({p})"))
                    .unwrap_or_default();
                self.transcript.notice(
                    Level::Error,
                    format!("Extension error in {event}{from}: {error}"),
                );
            }
            AppEvent::Warning(text) => self.transcript.notice(Level::Warning, text),
            AppEvent::Notice(text) => self.transcript.notice(Level::Info, text),
            AppEvent::Error(text) => self.transcript.notice(Level::Error, text),
            AppEvent::BashOutput { index, delta } => {
                if let Some(row) = self.transcript.bash_mut(index) {
                    row.output.push_str(&delta);
                }
            }
            AppEvent::BashDone { index, result } => match result {
                Ok(done) => {
                    if let Some(row) = self.transcript.bash_mut(index) {
                        row.running = false;
                        row.output = done.output;
                        row.exit_code = done.exit_code;
                        row.cancelled = done.cancelled;
                        row.truncated = done.truncated;
                        row.full_output_path =
                            done.full_output_path.map(|p| p.display().to_string());
                    }
                }
                Err(error) => {
                    if let Some(row) = self.transcript.bash_mut(index) {
                        row.running = false;
                    }
                    self.transcript.notice(Level::Error, error);
                }
            },
            // The runner reloads the transcript from the new session.
            AppEvent::SessionReplaced => {}
            AppEvent::OpenTree { snapshot, selected } => {
                self.open_tree(*snapshot, selected.as_deref());
            }
            AppEvent::BranchSummary(running) => {
                self.busy = running;
                self.summarizing = running;
            }
            AppEvent::Navigated { editor_text } => {
                if let Some(text) = editor_text {
                    if self.editor.text().trim().is_empty() {
                        self.editor.set_text(&text);
                    }
                }
                self.transcript
                    .notice(Level::Info, "Navigated to selected point");
            }
            AppEvent::Picker(event) => self.on_picker_event(event),
            AppEvent::ScopedModels { models, enabled } => {
                self.scoped_models = Some(super::scoped_models::ScopedModels::new(
                    models,
                    enabled,
                    self.tui_keys.clone(),
                ));
            }
            // The mode's loop owns the terminal and handles these before they get here.
            AppEvent::Handover { done, .. } => {
                let _ = done.send(());
            }
            AppEvent::Completion { .. } => {}
        }
    }

    fn on_picker_event(&mut self, event: super::bridge::PickerEvent) {
        use super::bridge::PickerEvent;
        let Some(picker) = self.session_picker.as_mut() else {
            // Closed meanwhile; a failure is still worth telling.
            if let PickerEvent::Failed(message) = event {
                self.transcript.notice(Level::Error, message);
            }
            return;
        };
        match event {
            PickerEvent::Loaded { scope, sessions } => picker.loaded(scope, sessions),
            PickerEvent::Deleted { path, result } => picker.deleted(&path, result, Instant::now()),
            PickerEvent::Failed(message) => picker.failed(message, Instant::now()),
        }
    }

    fn on_agent_event(&mut self, event: &AgentEvent) {
        if let AgentEvent::QueueUpdate {
            steering,
            follow_up,
        } = event
        {
            self.queued_steering.clone_from(steering);
            self.queued_follow_up.clone_from(follow_up);
            return;
        }
        match event {
            AgentEvent::AutoRetryStart {
                attempt,
                max_attempts,
                delay_ms,
                ..
            } => {
                self.retry = Some(super::view::status::Retry {
                    attempt: *attempt,
                    max_attempts: *max_attempts,
                    until: Instant::now() + std::time::Duration::from_millis(*delay_ms),
                });
                return;
            }
            // Pi: the error, and the retry countdown until the retried summary request starts.
            AgentEvent::SummarizationRetryScheduled {
                attempt,
                max_attempts,
                delay_ms,
                error_message,
            } => {
                self.transcript.notice(Level::Error, error_message.clone());
                self.retry = Some(super::view::status::Retry {
                    attempt: *attempt,
                    max_attempts: *max_attempts,
                    until: Instant::now() + std::time::Duration::from_millis(*delay_ms),
                });
                return;
            }
            AgentEvent::SummarizationRetryAttemptStart { .. }
            | AgentEvent::SummarizationRetryFinished => {
                self.retry = None;
                return;
            }
            AgentEvent::AutoRetryEnd {
                success,
                attempt,
                final_error,
            } => {
                self.retry = None;
                if !success {
                    let error = final_error.as_deref().unwrap_or("Unknown error");
                    self.transcript.notice(
                        Level::Error,
                        format!("Retry failed after {attempt} attempts: {error}"),
                    );
                }
                return;
            }
            _ => {}
        }
        self.transcript.apply(event);
    }

    fn open_dialog(&mut self, request: DialogRequest) {
        match Dialog::open(request) {
            Ok(dialog) => self.dialogs.push(dialog),
            Err(message) => self.transcript.notice(Level::Error, message),
        }
    }

    /// Answers and removes dialogs that finished (answered, cancelled, timed out).
    pub fn close_finished_dialogs(&mut self) {
        self.dialogs.retain(|dialog| !dialog.is_finished());
    }

    /// Time passed: dialogs with a timeout may expire.
    pub fn tick(&mut self, now: Instant) {
        for dialog in &mut self.dialogs {
            dialog.tick(now);
        }
        self.close_finished_dialogs();
    }

    fn ui_call(&mut self, method: &str, args: &[Value]) {
        let text = |index: usize| args.get(index).and_then(Value::as_str).map(str::to_string);
        match method {
            "notify" => {
                let level = match args.get(1).and_then(Value::as_str) {
                    Some("error") => Level::Error,
                    Some("warning") => Level::Warning,
                    _ => Level::Info,
                };
                if let Some(message) = text(0) {
                    self.transcript.notice(level, message);
                }
            }
            "setStatus" => {
                let Some(key) = text(0) else { return };
                match text(1) {
                    Some(status) => {
                        self.footer.statuses.insert(key, status);
                    }
                    None => {
                        self.footer.statuses.remove(&key);
                    }
                }
            }
            "setWidget" => {
                let Some(key) = text(0) else { return };
                let placement = match args.get(2).and_then(|o| o.get("placement")) {
                    Some(Value::String(p)) if p == "belowEditor" => Placement::BelowEditor,
                    _ => Placement::AboveEditor,
                };
                match args.get(1) {
                    Some(Value::Array(lines)) => {
                        let lines = lines
                            .iter()
                            .map(|l| l.as_str().unwrap_or_default().to_string())
                            .collect();
                        self.widgets.insert(key, (placement, lines));
                    }
                    _ => {
                        self.widgets.remove(&key);
                    }
                }
            }
            "setTitle" => self.title = text(0),
            // An extension's `process.stdout.write` (the host sends it here in the terminal
            // UI): it reaches the terminal as in Pi, between frames; anything beyond OSC
            // sequences and bells (text, cursor moves) makes the next frame redraw all.
            "writeTerminal" => {
                let data = text(0).unwrap_or_default();
                self.terminal_redraw |= !super::terminal_write::leaves_screen_alone(&data);
                self.terminal_output.push(data);
            }
            "setEditorText" => self.editor.set_text(&text(0).unwrap_or_default()),
            "pasteToEditor" => self.editor.insert(&text(0).unwrap_or_default()),
            "setWorkingMessage" => self.working_message = text(0),
            "setWorkingIndicator" => {
                self.working_indicator =
                    super::view::status::indicator_options(args.first().unwrap_or(&Value::Null));
            }
            "setWorkingVisible" => {
                self.working_visible = args.first().and_then(Value::as_bool).unwrap_or(true);
            }
            "setHiddenThinkingLabel" => self.hidden_thinking_label = text(0),
            "setTheme" => self.theme_request = text(0),
            "setToolsExpanded" => {
                self.tools_expanded = args.first().and_then(Value::as_bool).unwrap_or(false);
            }
            _ => {}
        }
    }
}

#[cfg(test)]
#[path = "app_tests.rs"]
mod tests;
