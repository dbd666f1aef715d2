//! Performs the state's [`Effect`]s on the session. Anything that may wait (a run, a shell
//! command, an extension gate, a model switch) runs on its own task and reports back as an
//! [`AppEvent`], so keys keep working meanwhile (Esc aborts a run that is streaming).

use std::sync::{Arc, Mutex};

use tau_app::controls::Controls;
use tau_app::current::Current;
use tau_app::driver::Driver;
use tau_app::ext_switch::Sessions;
use tau_app::extensions::Extensions;
use tau_protocol::{AgentMessage, UserContent, UserMessage};
use tokio_util::sync::CancellationToken;

use super::app::App;
use super::bridge::{AppEvent, AppSender};
use super::effects::Effect;
use super::transcript::{BashRow, Item};

/// The session the UI drives.
pub struct Runner {
    pub current: Current,
    pub driver: Arc<Driver>,
    pub extensions: Option<Arc<Extensions>>,
    pub sessions: Sessions,
    pub controls: Controls,
    pub events: AppSender,
    /// Where `/resume` finds sessions.
    pub catalog: super::session_picker::Catalog,
    /// Cancels the user's shell command that runs.
    bash: Mutex<Option<CancellationToken>>,
}

fn user(text: String) -> AgentMessage {
    AgentMessage::User(UserMessage {
        content: UserContent::Text(text),
        timestamp: tau_protocol::now_millis(),
        extra: Default::default(),
    })
}

impl Runner {
    pub fn new(
        current: Current,
        driver: Arc<Driver>,
        extensions: Option<Arc<Extensions>>,
        sessions: Sessions,
        controls: Controls,
        events: AppSender,
        catalog: super::session_picker::Catalog,
    ) -> Self {
        Runner {
            current,
            driver,
            extensions,
            sessions,
            controls,
            events,
            catalog,
            bash: Mutex::new(None),
        }
    }

    fn send(&self, event: AppEvent) {
        let _ = self.events.send(event);
    }

    /// Performs `effect`; state that changes at once changes in `app`.
    pub fn perform(self: &Arc<Self>, effect: Effect, app: &mut App) {
        match effect {
            Effect::Prompt(text) => self.prompt(text, app),
            Effect::Steer(text) => self.queue(text, true),
            Effect::FollowUp(text) => self.queue(text, false),
            Effect::Abort => {
                self.current.get().abort();
                if let Some(token) = self.bash_token() {
                    token.cancel();
                }
            }
            Effect::Dequeue => {
                let runner = self.clone();
                tokio::spawn(async move {
                    let (steering, follow_up) = runner.current.get().clear_queue().await;
                    let all: Vec<String> = steering.into_iter().chain(follow_up).collect();
                    if !all.is_empty() {
                        runner.send(AppEvent::UiCall {
                            method: "setEditorText".into(),
                            args: vec![all.join("\n\n").into()],
                        });
                    }
                });
            }
            Effect::Builtin { name, args } => super::builtins::run(self, name, &args, app),
            Effect::Picker(request) => super::picker_work::perform(self, request),
            Effect::ScopeChanged(enabled) => super::scope_work::session_scope(self, enabled),
            Effect::ScopeSaved(enabled) => super::scope_work::save(self, enabled),
            Effect::Bash { command, excluded } => self.bash(command, excluded, app),
            Effect::CycleModel { forward } => {
                let runner = self.clone();
                tokio::spawn(async move {
                    match runner.controls.cycle_model(forward).await {
                        Ok(Some(cycled)) => runner.send(AppEvent::Notice(format!(
                            "Model: {}/{}",
                            cycled.model.provider, cycled.model.id
                        ))),
                        Ok(None) => runner.send(AppEvent::Notice(
                            "No other model to switch to (see --models or /scoped-models)".into(),
                        )),
                        Err(error) => runner.send(AppEvent::Error(error)),
                    }
                });
            }
            Effect::CycleThinking => {
                let runner = self.clone();
                tokio::spawn(async move {
                    if runner.controls.cycle_thinking().await.is_none() {
                        runner.send(AppEvent::Notice(
                            "This model does not support thinking levels".into(),
                        ));
                    }
                });
            }
            Effect::ExternalEditor | Effect::Suspend => {
                // Handled by the mode's loop, which owns the terminal.
            }
            Effect::NavigateTree { id, ask_summary } => self.navigate_tree(id, ask_summary),
            Effect::SetLabel { id, label } => self.set_label(&id, label.as_deref(), app),
            Effect::Quit => app.quit = true,
            Effect::Setting(change) => super::settings::apply::apply(self, app, change),
            Effect::Shortcut(key) => self.run_shortcut(key),
        }
    }

    /// An extension shortcut's handler runs on its own task (input never waits for it); a
    /// failure is shown as Pi shows it.
    fn run_shortcut(self: &Arc<Self>, key: String) {
        let Some(extensions) = self.extensions.clone() else {
            return;
        };
        let runner = self.clone();
        tokio::spawn(async move {
            if let Err(error) = extensions.host.run_shortcut(&key).await {
                runner.send(AppEvent::Error(format!("Shortcut handler error: {error}")));
            }
        });
    }

    fn bash_token(&self) -> Option<CancellationToken> {
        self.bash.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    fn prompt(self: &Arc<Self>, text: String, app: &mut App) {
        app.busy = true;
        let runner = self.clone();
        tokio::spawn(async move {
            runner.driver.submit(UserContent::Text(text)).await;
            runner.send(AppEvent::RunFinished);
        });
    }

    /// A message for the run under way: an extension command runs now (Pi runs commands
    /// while streaming); anything else goes through `input` handlers into the queue.
    fn queue(self: &Arc<Self>, text: String, steer: bool) {
        let runner = self.clone();
        tokio::spawn(async move {
            let mut content = UserContent::Text(text);
            if let Some(extensions) = &runner.extensions {
                if let Some((name, args)) = extensions.command_for(&content) {
                    if let Err(error) = extensions.host.run_command(&name, &args).await {
                        runner.send(AppEvent::Error(format!("/{name}: {error}")));
                    }
                    return;
                }
                if extensions.hooks.handles("input") {
                    match extensions.hooks.input(content, "interactive").await {
                        Some(transformed) => content = transformed,
                        None => return,
                    }
                }
            }
            // Pi expands skill and template commands in queued messages too.
            let content = runner.driver.expand(content);
            let message = match content {
                UserContent::Text(text) => user(text),
                blocks => AgentMessage::User(UserMessage {
                    content: blocks,
                    timestamp: tau_protocol::now_millis(),
                    extra: Default::default(),
                }),
            };
            let runtime = runner.current.get();
            if steer {
                runtime.steer(message).await;
            } else {
                runtime.follow_up(message).await;
            }
        });
    }

    /// `!cmd`: the row shows the output as it arrives; the result is recorded in the
    /// session (and reaches the transcript again through history only on reload).
    fn bash(self: &Arc<Self>, command: String, excluded: bool, app: &mut App) {
        let index = app.transcript.push(Item::Bash(Box::new(BashRow {
            command: command.clone(),
            output: String::new(),
            exit_code: None,
            cancelled: false,
            truncated: false,
            excluded,
            running: true,
            full_output_path: None,
        })));
        let token = CancellationToken::new();
        *self.bash.lock().unwrap_or_else(|p| p.into_inner()) = Some(token.clone());
        let runner = self.clone();
        tokio::spawn(async move {
            let events = runner.events.clone();
            let result = tau_app::user_bash::run(
                &runner.current,
                runner.extensions.as_deref(),
                &command,
                excluded.then_some(true),
                &token,
                |delta| {
                    let _ = events.send(AppEvent::BashOutput {
                        index,
                        delta: delta.to_string(),
                    });
                },
            )
            .await;
            *runner.bash.lock().unwrap_or_else(|p| p.into_inner()) = None;
            runner.send(AppEvent::BashDone { index, result });
        });
    }
}
