//! The part of a conversation's configuration that changes while it runs: the active tools
//! (and with them the system prompt), the model and the thinking level — set by extensions
//! (`setActiveTools`, `registerTool`, `setModel`, `setThinkingLevel`) or, later, by RPC
//! commands. A run picks changes up before its next model request, as Pi's
//! `prepareRequest` does, and the transcript declares them with a system message.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use tau_agent::AgentConfig;
use tau_protocol::AgentMessage;
use tau_tools::tool::SharedTool;

use crate::prompt::SystemPrompt;
use crate::prompt_patch::system_message_for;

/// Builds the system prompt for a set of active tools (their snippets and guidelines are
/// part of it).
pub type PromptBuilder = Arc<dyn Fn(&[SharedTool]) -> SystemPrompt + Send + Sync>;

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|p| p.into_inner())
}

/// The live configuration. Every change bumps a generation counter runs compare against.
pub(crate) struct Live {
    config: Mutex<AgentConfig>,
    generation: AtomicU64,
    /// Every tool that can be activated: built-ins and extension tools.
    all_tools: Mutex<Vec<SharedTool>>,
    builder: Mutex<Option<PromptBuilder>>,
    /// The prompt for the active tools, when a builder is set.
    prompt: Mutex<Option<SystemPrompt>>,
    /// What the transcript's system messages declare so far; `None` until set up with
    /// [`Live::set_prompt`], and then declarations are recorded.
    declared: Mutex<Option<Declared>>,
}

struct Declared {
    state: Option<tau_session::SystemPrompt>,
}

impl Live {
    pub(crate) fn new(config: AgentConfig) -> Self {
        Live {
            all_tools: Mutex::new(config.tools.clone()),
            config: Mutex::new(config),
            generation: AtomicU64::new(0),
            builder: Mutex::new(None),
            prompt: Mutex::new(None),
            declared: Mutex::new(None),
        }
    }

    /// The same configuration, tools and prompt builder for another session, whose
    /// transcript declared `declared` so far.
    pub(crate) fn successor(&self, declared: Option<tau_session::SystemPrompt>) -> Live {
        let builder = lock(&self.builder).clone();
        let has_declarations = lock(&self.declared).is_some();
        Live {
            config: Mutex::new(self.config()),
            generation: AtomicU64::new(self.generation() + 1),
            all_tools: Mutex::new(self.all_tools()),
            builder: Mutex::new(builder),
            prompt: Mutex::new(lock(&self.prompt).clone()),
            declared: Mutex::new(has_declarations.then_some(Declared { state: declared })),
        }
    }

    pub(crate) fn config(&self) -> AgentConfig {
        lock(&self.config).clone()
    }

    pub(crate) fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    fn changed(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
    }

    /// Sets the prompt builder, the current prompt and what the transcript declared before
    /// (a resumed session's replayed system prompt); from now on the transcript declares
    /// the prompt and tools.
    pub(crate) fn set_prompt(
        &self,
        builder: PromptBuilder,
        prompt: SystemPrompt,
        declared: Option<tau_session::SystemPrompt>,
    ) {
        lock(&self.config).system_prompt = prompt.text();
        *lock(&self.builder) = Some(builder);
        *lock(&self.prompt) = Some(prompt);
        *lock(&self.declared) = Some(Declared { state: declared });
        self.changed();
    }

    /// The system message declaring what changed since the transcript's last declaration,
    /// if anything did; it counts as declared from now on.
    pub(crate) fn take_declaration(&self) -> Option<AgentMessage> {
        let prompt = lock(&self.prompt).clone()?;
        let declarations: Vec<_> = lock(&self.config)
            .tools
            .iter()
            .map(|tool| tool.info().declaration())
            .collect();
        let mut declared = lock(&self.declared);
        let declared = declared.as_mut()?;
        let message = system_message_for(declared.state.as_ref(), &prompt, &declarations)?;
        let mut history: Vec<AgentMessage> = declared
            .state
            .as_ref()
            .map(|state| vec![state.to_message()])
            .unwrap_or_default();
        history.push(message.clone());
        declared.state = tau_session::SystemPrompt::replay(&history);
        Some(message)
    }

    pub(crate) fn all_tools(&self) -> Vec<SharedTool> {
        lock(&self.all_tools).clone()
    }

    pub(crate) fn active_tool_names(&self) -> Vec<String> {
        lock(&self.config)
            .tools
            .iter()
            .map(|tool| tool.info().name.clone())
            .collect()
    }

    /// Activates exactly `names` (in that order); unknown names are skipped and returned.
    pub(crate) fn set_active_tools(&self, names: &[String]) -> Vec<String> {
        let all = self.all_tools();
        let mut unknown = Vec::new();
        let mut active: Vec<SharedTool> = Vec::new();
        for name in names {
            match all.iter().find(|tool| &tool.info().name == name) {
                Some(tool) if !active.iter().any(|t| &t.info().name == name) => {
                    active.push(tool.clone())
                }
                Some(_) => {}
                None => unknown.push(name.clone()),
            }
        }
        self.activate(active);
        unknown
    }

    /// Adds (or replaces, by name) a tool; `activate` also adds it to the active set, and an
    /// active tool of the same name is replaced either way.
    pub(crate) fn add_tool(&self, tool: SharedTool, activate: bool) {
        let name = tool.info().name.clone();
        {
            let mut all = lock(&self.all_tools);
            match all.iter().position(|t| t.info().name == name) {
                Some(i) => all[i] = tool.clone(),
                None => all.push(tool.clone()),
            }
        }
        let mut active = lock(&self.config).tools.clone();
        match active.iter().position(|t| t.info().name == name) {
            Some(i) => active[i] = tool,
            None if activate => active.push(tool),
            None => return,
        }
        self.activate(active);
    }

    fn activate(&self, tools: Vec<SharedTool>) {
        let prompt = lock(&self.builder).as_ref().map(|build| build(&tools));
        let mut config = lock(&self.config);
        if let Some(prompt) = prompt {
            config.system_prompt = prompt.text();
            *lock(&self.prompt) = Some(prompt);
        }
        config.tools = tools;
        drop(config);
        self.changed();
    }

    /// Applies `change` to the configuration (model, provider, key, thinking level).
    pub(crate) fn update(&self, change: impl FnOnce(&mut AgentConfig)) {
        change(&mut lock(&self.config));
        self.changed();
    }
}
