//! What the UI state asks the session to do. The state ([`super::app::App`]) decides from
//! keys and events alone, without waiting on anything; the runner performs these on the
//! session (most on their own task) and reports back as [`super::bridge::AppEvent`]s.

/// One request to the session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    /// A key an extension registered with `registerShortcut`: its handler runs.
    Shortcut(String),
    /// A prompt while idle: an extension command, or a run (through `input` and
    /// `before_agent_start`).
    Prompt(String),
    /// Enter during a run: steer it.
    Steer(String),
    /// Alt+Enter: queue a follow-up for when the run is done.
    FollowUp(String),
    /// Esc during a run.
    Abort,
    /// Alt+Up: take the queued messages back into the editor.
    Dequeue,
    /// A built-in slash command.
    Builtin {
        /// The command's name.
        name: &'static str,
        /// The rest of the line.
        args: String,
    },
    /// `!cmd` (`excluded`: `!!cmd`, kept out of the model's context).
    Bash {
        /// The command line.
        command: String,
        /// True for `!!`.
        excluded: bool,
    },
    /// Ctrl+P / Shift+Ctrl+P.
    CycleModel {
        /// True for the next model.
        forward: bool,
    },
    /// Shift+Tab.
    CycleThinking,
    /// Ctrl+G: edit the prompt in `$VISUAL` / `$EDITOR`.
    ExternalEditor,
    /// Ctrl+Z.
    Suspend,
    /// An entry picked in `/tree`: go there, asking first whether to summarise the branch
    /// left when `ask_summary`.
    NavigateTree {
        /// The entry.
        id: String,
        /// Not `branchSummary.skipPrompt`.
        ask_summary: bool,
    },
    /// A label set (or with `None` removed) in `/tree`.
    SetLabel {
        /// The labelled entry.
        id: String,
        /// The label.
        label: Option<String>,
    },
    /// Something the session picker asks for (listing, resuming, renaming, deleting).
    Picker(super::session_picker::Request),
    /// `/scoped-models` changed the models Ctrl+P cycles through in this session (`None`:
    /// all of them).
    ScopeChanged(Option<Vec<String>>),
    /// `/scoped-models`' Ctrl+S: save that choice to settings.json's `enabledModels`.
    ScopeSaved(Option<Vec<String>>),
    /// Ctrl+C twice, Ctrl+D on an empty editor, `/quit`.
    Quit,
    /// A change made in `/settings`: save it and apply it.
    Setting(super::settings::Change),
}
