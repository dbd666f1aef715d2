//! Putting a session together from the arguments, for every mode: the session file, the
//! model, the tools, the extensions, the system prompt and the runtime, with the session
//! recording the model it starts with, and the extensions bound and told `session_start`.

use std::path::Path;
use std::sync::Arc;

use tau_agent::{AgentConfig, ToolExecution};
use tau_provider::models::ModelRegistry;
use tau_runtime::{EventSink, PromptBuilder, Runtime, RuntimeSettings};
use tau_session::{Session, SessionContext};

use crate::current::Current;
use crate::driver::Driver;
use crate::ext_actions::ExtensionUi;
use crate::extensions::{self, Extensions};
use crate::report::warn;
use crate::resources::{ResourceLoader, ResourceOptions};
use crate::AppOptions;
use crate::{model, session_setup, setup};

/// What the mode in front of the session brings.
pub struct Frontend {
    /// `print`, `json` or `rpc`, as extensions see it in `ctx.mode`.
    pub mode: &'static str,
    /// Whether extension dialogs can be answered (`ctx.hasUI`).
    pub has_ui: bool,
    /// Gets the session header before any event (json mode writes it first).
    pub header: Option<Arc<dyn HeaderSink>>,
    /// The runtime's event sinks.
    pub sinks: Vec<Arc<dyn EventSink>>,
    /// Where extension dialogs go, with a UI.
    pub ui: Option<Arc<dyn ExtensionUi>>,
}

/// Receives the session header line (Pi's json mode starts its stream with it).
#[async_trait::async_trait]
pub trait HeaderSink: Send + Sync {
    /// Writes the header's JSON line.
    async fn write_header(&self, line: &str);
}

/// A session ready to take prompts.
pub struct Assembly {
    /// The current runtime (swapped by session replacement).
    pub current: Current,
    /// Turns prompts into runs.
    pub driver: Arc<Driver>,
    /// The loaded extensions, if any.
    pub extensions: Option<Arc<Extensions>>,
    /// The skills and prompt templates.
    pub resources: Arc<ResourceLoader>,
}

impl Assembly {
    /// For a mode with a UI: the extensions' hooks go where the UI's prompt events are
    /// sent (`hooks`), and a host that cannot be restarted stops the run under way. Returns
    /// the session replacement the mode's commands use.
    pub fn bind_ui(
        &self,
        hooks: &std::sync::OnceLock<std::sync::Weak<tau_ext_bridge::ExtensionHooks>>,
        args: &AppOptions,
    ) -> crate::ext_switch::Sessions {
        if let Some(extensions) = &self.extensions {
            let _ = hooks.set(Arc::downgrade(&extensions.hooks));
            extensions.stop_when_broken(self.current.clone());
        }
        let sessions = crate::ext_switch::Sessions::new(
            self.current.clone(),
            self.extensions.as_deref().map(Extensions::handles),
            args,
            warn,
        );
        match &self.extensions {
            Some(extensions) => sessions.with_resources(extensions.resources.clone()),
            None => sessions,
        }
    }
}

/// Opens the session the flags ask for and builds everything a mode drives. `args` gets
/// the resumed session's model and thinking level unless the flags chose others.
pub async fn assemble(
    args: &mut AppOptions,
    cwd: &Path,
    agent_dir: &Path,
    frontend: Frontend,
) -> Result<Assembly, String> {
    let cwd_text = cwd.display().to_string();
    // Global and `-e` extensions may decide the project's trust first (Pi's
    // `project_trust`); the terminal UI asks them itself, before its own question.
    if frontend.mode != "tui" {
        if let Some(trusted) =
            crate::ext_trust::decide(args, cwd, agent_dir, frontend.mode, None, &warn).await
        {
            args.approve = Some(trusted);
        }
    }
    // A project just trusted (by an extension, or the terminal UI's question) gets its
    // missing packages installed, as Pi installs project packages once trust is resolved.
    crate::package_startup::install_after_trust(args, cwd, agent_dir);
    // The extension host (Node start-up, module loading) starts first and loads while tau
    // opens the session.
    let starting = {
        let (args, cwd, agent_dir) = (args.clone(), cwd.to_path_buf(), agent_dir.to_path_buf());
        let (mode, has_ui, ui) = (frontend.mode, frontend.has_ui, frontend.ui.clone());
        tokio::spawn(async move {
            extensions::start(&args, &cwd, &agent_dir, mode, has_ui, ui, &warn).await
        })
    };
    let mut session = session_setup::open_session(args, agent_dir, &cwd_text)?;
    let file = session
        .path()
        .map(|path| path.display().to_string())
        .unwrap_or_default();
    for problem in session.problems() {
        // Each message says what tau did with the line.
        warn(&format!("session {file}: {problem}"));
    }
    let context = session.build_session_context();
    let resumed = !context.messages.is_empty() || context.model.is_some();
    // A resumed session keeps its model and thinking level unless the flags say otherwise.
    if let (None, None, Some(model)) = (&args.model, &args.script, &context.model) {
        args.model = Some(format!("{}/{}", model.provider, model.model_id));
    }
    if args.thinking.is_none() && resumed {
        args.thinking = Some(context.thinking_level.clone());
    }
    // Extensions load before the model is chosen: providers they register can be named by
    // `--model` (without extensions this waits for nothing).
    let extensions = starting
        .await
        .map_err(|error| format!("extension start-up failed: {error}"))??
        .map(Arc::new);
    let selection = select_model(args, agent_dir).await?;
    let (tools, tool_warnings) = setup::active_tools(args)?;
    tool_warnings.iter().for_each(|w| warn(w));
    extensions::check_flags(args, extensions.as_deref())?;
    let tools = match &extensions {
        Some(extensions) => extensions.add_tools(tools, args),
        None => tools,
    };
    let resources = Arc::new(load_resources(args, cwd, agent_dir));
    let (prompt, prompt_warnings) =
        setup::system_prompt(args, cwd, agent_dir, &tools, Some(&resources));
    prompt_warnings.iter().for_each(|w| warn(w));
    let builder: PromptBuilder = {
        let (args, cwd, agent_dir) = (args.clone(), cwd.to_path_buf(), agent_dir.to_path_buf());
        let resources = resources.clone();
        Arc::new(move |tools| {
            setup::system_prompt(&args, &cwd, &agent_dir, tools, Some(&resources)).0
        })
    };
    let available: Vec<_> = match &extensions {
        Some(extensions) => {
            tau_ext_bridge::merge_tools(tau_tools::builtin_tools(), extensions.tools.clone())
        }
        None => Vec::new(),
    };

    record_model_state(&mut session, &context, &selection, args.name.as_deref())?;
    let config = AgentConfig {
        provider: selection.provider,
        model: selection.model,
        thinking_level: selection.thinking,
        system_prompt: prompt.text(),
        tools,
        cwd: cwd.to_path_buf(),
        tool_execution: ToolExecution::Parallel,
        api_key: selection.api_key,
        // The runtime fills it from its session at each request.
        session_id: None,
    };

    if let Some(sink) = &frontend.header {
        let header = serde_json::to_string(session.header()).unwrap_or_default();
        sink.write_header(&header).await;
    }
    let sinks = frontend.sinks;
    let (settings, settings_warning) = RuntimeSettings::load(agent_dir);
    if let Some(warning) = settings_warning {
        warn(&warning);
    }
    let mut runtime = Runtime::new(config, sinks)
        .with_session(session, context.messages)
        .with_retry(settings.retry)
        .with_compaction(settings.compaction)
        .with_warnings(Arc::new(|message: &str| warn(message)))
        .with_prompt(builder, prompt, context.system_prompt.clone())
        .with_available_tools(available);
    if let Some(extensions) = &extensions {
        runtime = runtime
            .with_hooks(extensions.hooks.clone())
            .with_compaction_hooks(Arc::new(crate::ext_compaction::ExtensionCompaction(
                extensions.hooks.clone(),
            )));
    }
    let current = Current::new(Arc::new(runtime));
    let mut pending = None;
    if let Some(extensions) = &extensions {
        pending = extensions
            .attach(
                current.clone(),
                &resources,
                args,
                agent_dir,
                warn,
                frontend.ui.clone(),
            )
            .await;
        let start = serde_json::json!({ "type": "session_start", "reason": "startup" });
        extensions.hooks.notify(start).await;
        let cwd_text = cwd.display().to_string();
        extensions
            .resources
            .discover(&extensions.hooks, &cwd_text, "startup")
            .await;
    }
    let driver = Arc::new(Driver::new(
        current.clone(),
        extensions.clone(),
        resources.clone(),
        pending,
        warn,
    ));
    Ok(Assembly {
        current,
        driver,
        extensions,
        resources,
    })
}

/// Loads the run's skills, prompt templates and theme paths (project ones only in a trusted
/// project) and reports what is wrong with the skills and templates.
fn load_resources(args: &AppOptions, cwd: &Path, agent_dir: &Path) -> ResourceLoader {
    let loader = ResourceLoader::new(resource_options(args, cwd, agent_dir));
    loader.get().warnings().iter().for_each(|w| warn(w));
    loader
}

/// What decides the run's skills, prompt templates and themes: the options, the project
/// trust decision (`-a`/`-na`, saved decisions, `defaultProjectTrust`) and the installed
/// packages of the settings and of `-e`.
pub fn resource_options(args: &AppOptions, cwd: &Path, agent_dir: &Path) -> ResourceOptions {
    let default_trust = std::fs::read_to_string(agent_dir.join("settings.json"))
        .ok()
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .and_then(|v| v.get("defaultProjectTrust")?.as_str().map(String::from));
    let (trust, _) = tau_ext_bridge::discovery::trust::resolve_trust(
        agent_dir,
        cwd,
        args.approve,
        default_trust.as_deref(),
    );
    ResourceOptions {
        agent_dir: agent_dir.to_path_buf(),
        cwd: cwd.to_path_buf(),
        trusted: trust.trusted,
        no_skills: args.no_skills,
        no_prompt_templates: args.no_prompt_templates,
        skills: args.skills.clone(),
        prompt_templates: args.prompt_templates.clone(),
        no_themes: args.no_themes,
        themes: args.themes.clone(),
        packages: tau_ext_bridge::discovery::package_roots(
            &tau_ext_bridge::discovery::DiscoveryOptions {
                agent_dir: agent_dir.to_path_buf(),
                cwd: cwd.to_path_buf(),
                explicit: args
                    .extensions
                    .iter()
                    .map(|p| p.display().to_string())
                    .collect(),
                offline: args.offline,
                install_failed: args.install_failed.clone(),
                ..Default::default()
            },
            trust.trusted,
        ),
    }
}

/// Loads the model registry and picks the run's model off the async threads: a key
/// command may run for seconds.
async fn select_model(args: &AppOptions, agent_dir: &Path) -> Result<model::Selection, String> {
    let (args, agent_dir) = (args.clone(), agent_dir.to_path_buf());
    let (selection, warnings) = tokio::task::spawn_blocking(move || {
        let (registry, errors) = ModelRegistry::load(&agent_dir);
        let mut warnings: Vec<String> = errors.iter().map(ToString::to_string).collect();
        let selection = model::select(&args, &registry, &mut |warning| {
            warnings.push(warning.to_owned())
        });
        (selection, warnings)
    })
    .await
    .map_err(|error| format!("model selection failed: {error}"))?;
    warnings.iter().for_each(|w| warn(w));
    selection
}

/// Records the model and thinking level in the session as Pi does: both at the start of a
/// new session, and a change entry when a resumed session continues with another one. Also
/// `--name`.
fn record_model_state(
    session: &mut Session,
    context: &SessionContext,
    selection: &model::Selection,
    name: Option<&str>,
) -> Result<(), String> {
    let model = &selection.model;
    let same_model = context
        .model
        .as_ref()
        .is_some_and(|m| m.provider == model.provider && m.model_id == model.id);
    let level = selection.thinking.as_str();
    let result = (|| {
        if !same_model {
            session.append_model_change(&model.provider, &model.id)?;
        }
        if !same_model || context.thinking_level != level {
            session.append_thinking_level_change(level)?;
        }
        if let Some(name) = name {
            session.append_session_info(name)?;
        }
        Ok::<(), tau_session::SessionError>(())
    })();
    result.map_err(|error| error.to_string())
}
