//! Turning prompts into runs, as Pi's session does: an extension command (`/name args`)
//! runs instead of a prompt; otherwise `input` handlers may transform or handle it, a
//! `/skill:<name>` or prompt-template command is expanded,
//! `before_agent_start` handlers may replace the run's system prompt and add messages, and
//! the runtime runs it. Runs extensions ask for (`sendUserMessage`, `sendMessage` with
//! `triggerTurn`) wait until the current work is done, then run in order.

use std::sync::Arc;

use tau_protocol::messages::CustomMessage;
use tau_protocol::{AgentMessage, UserContent};
use tau_runtime::{RunOptions, Trigger};
use tokio::sync::mpsc::UnboundedReceiver;
use tokio::sync::Mutex;

use crate::current::Current;
use crate::ext_actions::PendingRun;
use crate::extensions::Extensions;
use crate::resources::ResourceLoader;

/// Drives one session's prompts.
pub struct Driver {
    current: Current,
    extensions: Option<Arc<Extensions>>,
    resources: Arc<ResourceLoader>,
    pending: Mutex<Option<UnboundedReceiver<PendingRun>>>,
    warn: fn(&str),
}

impl Driver {
    /// A driver for `runtime`; `pending` receives the runs extensions ask for.
    pub fn new(
        current: Current,
        extensions: Option<Arc<Extensions>>,
        resources: Arc<ResourceLoader>,
        pending: Option<UnboundedReceiver<PendingRun>>,
        warn: fn(&str),
    ) -> Self {
        Driver {
            current,
            extensions,
            resources,
            pending: Mutex::new(pending),
            warn,
        }
    }

    /// Handles one prompt from the user (a command or a run), then the runs extensions
    /// asked for meanwhile. Returns the messages the last run produced.
    pub async fn submit(&self, prompt: UserContent) -> Vec<AgentMessage> {
        let mut produced = Vec::new();
        let command = self
            .extensions
            .as_ref()
            .and_then(|e| e.command_for(&prompt));
        if let (Some(extensions), Some((name, args))) = (&self.extensions, command) {
            if let Err(error) = extensions.host.run_command(&name, &args).await {
                (self.warn)(&format!("/{name}: {error}"));
            }
        } else {
            produced = self.run_user(prompt, "interactive", true).await;
        }
        let more = self.drain().await;
        if more.is_empty() {
            produced
        } else {
            more
        }
    }

    /// Runs every pending extension run, including those the runs themselves ask for.
    pub async fn drain(&self) -> Vec<AgentMessage> {
        let mut produced = Vec::new();
        loop {
            let next = match self.pending.lock().await.as_mut() {
                Some(pending) => pending.try_recv().ok(),
                None => None,
            };
            let Some(run) = next else {
                return produced;
            };
            produced = match run {
                PendingRun::User(content, expand) => {
                    self.run_extension_prompt(content, expand).await
                }
                PendingRun::Message(message) => self.start(Trigger::Message(message)).await,
            };
        }
    }

    /// `sendUserMessage`: with `expandPromptTemplates`, an extension command runs as if
    /// typed; otherwise a prompt run.
    async fn run_extension_prompt(&self, content: UserContent, expand: bool) -> Vec<AgentMessage> {
        if expand {
            let command = self
                .extensions
                .as_ref()
                .and_then(|e| e.command_for(&content));
            if let (Some(extensions), Some((name, args))) = (&self.extensions, command) {
                if let Err(error) = extensions.host.run_command(&name, &args).await {
                    (self.warn)(&format!("/{name}: {error}"));
                }
                return Vec::new();
            }
        }
        self.run_user(content, "extension", expand).await
    }

    /// The skills and prompt templates prompts are expanded with.
    pub fn resources(&self) -> &Arc<ResourceLoader> {
        &self.resources
    }

    /// Reads the skills and templates again (`/reload`), reports their problems and
    /// rebuilds the system prompt's skills section.
    pub fn reload_resources(&self) {
        self.resources.reload();
        self.resources
            .get()
            .warnings()
            .iter()
            .for_each(|w| (self.warn)(w));
        self.refresh_prompt();
    }

    fn refresh_prompt(&self) {
        let runtime = self.current.get();
        runtime.set_active_tools(&runtime.active_tool_names());
    }

    /// What a prompt becomes once skill and template commands are expanded.
    pub fn expand(&self, prompt: UserContent) -> UserContent {
        crate::resources::expand_content(&self.resources.get(), prompt, self.warn)
    }

    /// A user prompt through `input`, skill and template expansion (when `expand`) and
    /// `before_agent_start`, then the run.
    async fn run_user(&self, prompt: UserContent, source: &str, expand: bool) -> Vec<AgentMessage> {
        let prompt = match &self.extensions {
            Some(extensions) => match extensions.hooks.input(prompt, source).await {
                Some(prompt) => prompt,
                None => return Vec::new(),
            },
            None => prompt,
        };
        let prompt = if expand { self.expand(prompt) } else { prompt };
        self.start(Trigger::User(prompt)).await
    }

    async fn start(&self, trigger: Trigger) -> Vec<AgentMessage> {
        let runtime = self.current.get();
        let mut options = RunOptions::default();
        if let Some(extensions) = &self.extensions {
            if extensions.hooks.handles("before_agent_start") {
                let announced = match &trigger {
                    Trigger::User(content) => tau_ext_bridge::user_trigger(content),
                    Trigger::Message(message) => tau_ext_bridge::custom_trigger(message),
                };
                let config = runtime.config();
                let prompt_options = extensions.prompt_options(&runtime);
                let asked = extensions
                    .hooks
                    .before_agent_start(
                        &announced,
                        &config.system_prompt,
                        prompt_options,
                        &crate::prompt_options::render,
                    )
                    .await;
                options.system_prompt = asked.system_prompt;
                options.messages = asked
                    .messages
                    .iter()
                    .filter_map(|message| custom_message(message, &self.warn))
                    .collect();
            }
        }
        runtime.run(trigger, options).await
    }
}

/// A `before_agent_start` message (`{customType, content, display, details}`) as Pi
/// records it.
fn custom_message(value: &serde_json::Value, warn: &fn(&str)) -> Option<AgentMessage> {
    match CustomMessage::from_extension(value) {
        Ok(message) => Some(AgentMessage::Custom(message)),
        Err(error) => {
            warn(&format!("before_agent_start: message ignored: {error}"));
            None
        }
    }
}
