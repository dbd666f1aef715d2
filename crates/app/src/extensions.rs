//! Starting Pi extensions for a run: find them, start the host, load, bind, and hand back
//! the hooks, tools and commands. A configured extension that cannot load stops the run
//! before the first model request, as in Pi; only what Pi itself skips is a warning.

use std::path::Path;
use std::sync::Arc;

use serde_json::json;
use tau_ext_bridge::discovery::{discover, DiscoveryOptions};
use tau_ext_bridge::{extension_tools, ExtensionHooks, ExtensionHost, HostOptions, LoadRequest};
use tau_protocol::UserContent;
use tau_tools::tool::SharedTool;

use crate::current::Current;
use crate::ext_actions::{Actions, ExtensionUi, PendingRun};
use crate::ext_state::RuntimeState;
use crate::ext_switch::Sessions;
use crate::resources::ResourceLoader;
use crate::AppOptions;
use tokio::sync::mpsc::UnboundedReceiver;

/// The loaded extensions of a run.
pub struct Extensions {
    /// The host process.
    pub host: Arc<ExtensionHost>,
    /// The loop hooks dispatching to it.
    pub hooks: Arc<ExtensionHooks>,
    /// The tools the extensions registered.
    pub tools: Vec<SharedTool>,
    /// Whether the project's own resources are trusted (`ctx.isProjectTrusted()`).
    pub trusted: bool,
    /// What the system prompt is built from, for `systemPromptOptions`; set by `attach`.
    prompt_inputs: std::sync::OnceLock<Arc<crate::prompt_options::PromptInputs>>,
    /// What `resources_discover` handlers returned last.
    pub resources: Arc<crate::ext_resources::ExtensionResources>,
}

/// Starts the extensions `args` and the agent directory configure; `Ok(None)` when there
/// are none. Any configured extension that cannot load (missing, broken, throwing, its host
/// unable to run) is an error: the run must not start without a gate the user set up
/// (Pi 1.6.0 refuses to start the same way). The error names each extension and the cause,
/// with the hints to go on.
pub async fn start(
    args: &AppOptions,
    cwd: &Path,
    agent_dir: &Path,
    mode: &str,
    has_ui: bool,
    ui: Option<Arc<dyn ExtensionUi>>,
    warn: &(dyn Fn(&str) + Sync),
) -> Result<Option<Extensions>, String> {
    let found = discover(&discovery_options(args, cwd, agent_dir, args.approve));
    found.warnings.iter().for_each(|w| warn(w));
    let trusted = found.trust.trusted;
    if !found.errors.is_empty() {
        let lines: Vec<String> = found.errors.iter().map(|e| e.message.clone()).collect();
        let from_cli = found.errors.iter().any(|e| e.from_cli);
        let configured = found.errors.iter().any(|e| !e.from_cli);
        return Err(load_failure(&lines, from_cli, configured));
    }
    let paths = found.paths;
    if paths.is_empty() {
        return Ok(None);
    }
    let explicit = found.explicit;
    let is_explicit = |path: &Path| explicit.iter().any(|e| same_file(e, path));
    let cannot_run = |error: &dyn std::fmt::Display| {
        let line = format!(
            "{} configured but cannot run: {error}",
            plural_extensions(paths.len())
        );
        let from_cli = paths.iter().any(|p| is_explicit(p));
        let configured = paths.iter().any(|p| !is_explicit(p));
        load_failure_with(&[line], "fix that", from_cli, configured)
    };
    let options =
        host_options(args, cwd, agent_dir, mode, ui, warn, &paths).map_err(
            |error| match error {
                HostSetupError::Sandbox(message) => message,
                HostSetupError::NoHost(message) => cannot_run(&message),
            },
        )?;
    let host = match ExtensionHost::start(options).await {
        Ok(host) => Arc::new(host),
        Err(error) => return Err(cannot_run(&error)),
    };
    let request = LoadRequest {
        paths: paths.clone(),
        cwd: cwd.to_path_buf(),
        agent_dir: agent_dir.to_path_buf(),
        mode: mode.into(),
        has_ui,
        flags: flag_values(args),
        from_cli: paths.iter().filter(|p| is_explicit(p)).cloned().collect(),
    };
    let report = match host.load(request).await {
        Ok(report) => report,
        Err(error) => {
            let _ = host.shutdown().await;
            return Err(cannot_run(&error));
        }
    };
    let failed: Vec<String> = report
        .extensions
        .iter()
        .filter(|ext| !ext.ok)
        .map(|ext| load_error(&ext.path, ext.error.as_deref()))
        .collect();
    if !failed.is_empty() {
        let _ = host.shutdown().await;
        let failed_paths = report.extensions.iter().filter(|ext| !ext.ok);
        let (from_cli, configured) = failed_paths.fold((false, false), |(cli, conf), ext| {
            let explicit = is_explicit(Path::new(&ext.path));
            (cli || explicit, conf || !explicit)
        });
        return Err(load_failure(&failed, from_cli, configured));
    }
    // The providers the factories registered join the model registry before the run's
    // model is chosen, so `--model provider/id` can name them.
    crate::ext_models::register_reported(&report, warn);
    crate::ext_stream::set_host(&host, handler_limit(&|_| {}));
    Ok(Some(Extensions {
        tools: extension_tools(&host),
        hooks: Arc::new(ExtensionHooks::new(host.clone())),
        host,
        trusted,
        prompt_inputs: std::sync::OnceLock::new(),
        resources: Arc::default(),
    }))
}

/// What to discover for `args` in `cwd`, the project trusted as `trust_override` says
/// (`None`: as the saved decision and settings say).
pub(crate) fn discovery_options(
    args: &AppOptions,
    cwd: &Path,
    agent_dir: &Path,
    trust_override: Option<bool>,
) -> DiscoveryOptions {
    DiscoveryOptions {
        agent_dir: agent_dir.to_path_buf(),
        cwd: cwd.to_path_buf(),
        explicit: args
            .extensions
            .iter()
            .map(|p| p.to_string_lossy().into_owned())
            .collect(),
        no_extensions: args.no_extensions,
        trust_override,
        global_npm_root: None,
        offline: args.offline,
        install_failed: args.install_failed.clone(),
    }
}

/// Why a host could not be set up.
pub(crate) enum HostSetupError {
    /// The sandbox the settings ask for cannot be built (the message says why).
    Sandbox(String),
    /// The extension host package is missing.
    NoHost(String),
}

/// The options of a host for `paths` in `mode`: output and failures to stderr (and to the
/// mode's `ui`), the handler limit, the sandbox, the host package.
pub(crate) fn host_options(
    args: &AppOptions,
    cwd: &Path,
    agent_dir: &Path,
    mode: &str,
    ui: Option<Arc<dyn ExtensionUi>>,
    warn: &(dyn Fn(&str) + Sync),
    paths: &[std::path::PathBuf],
) -> Result<HostOptions, HostSetupError> {
    let mut options = HostOptions::new(cwd);
    if mode == "tui" {
        // Components stay in the host as real pi-tui objects; tau draws their lines.
        options.components = true;
        options.min_node = (22, 19);
    }
    // The host's output and failures go to stderr, or where the mode redirected it.
    options.stderr = std::sync::Arc::new(|line| crate::report::to_stderr(&format!("[ext] {line}")));
    options.reporter = tau_ext_bridge::Reporter::with_sink(|diagnostic| {
        crate::report::to_stderr(&format!("tau: warning: {diagnostic}"));
    });
    if let Some(ui) = ui {
        // Failures go to stderr as always, and to the mode's UI (RPC: `extension_error`).
        options.reporter = tau_ext_bridge::Reporter::with_sink(move |diagnostic| {
            crate::report::to_stderr(&format!("tau: warning: {diagnostic}"));
            ui.extension_error(
                diagnostic.extension_path.as_deref(),
                &diagnostic.event,
                &diagnostic.error,
            );
        });
    }
    if let Some(limit) = handler_limit(warn) {
        options.request_timeout = limit;
        // Starting (or restarting) a host and running the factories is not a handler call:
        // a short handler limit must not make a busy machine's restart fail.
        options.start_timeout = options.start_timeout.max(limit);
    }
    // The host's folder is needed before it starts: the sandbox's rules name it.
    let host_dir = match tau_ext_bridge::node::locate_host() {
        Ok(dir) => dir,
        Err(error) => return Err(HostSetupError::NoHost(error.to_string())),
    };
    options.sandbox = crate::ext_sandbox::sandbox_for(args, cwd, agent_dir, &host_dir, paths)
        .map_err(HostSetupError::Sandbox)?;
    options.host_dir = Some(host_dir);
    Ok(options)
}

/// "1 extension is" / "3 extensions are".
fn plural_extensions(count: usize) -> String {
    match count {
        1 => "1 extension is".into(),
        n => format!("{n} extensions are"),
    }
}

/// One failed extension in Pi's words (`Failed to load extension "<path>": <cause>`),
/// without the host's repeated "Failed to load extension:" before the cause.
fn load_error(path: &str, error: Option<&str>) -> String {
    let cause = error.unwrap_or("unknown error");
    let cause = cause
        .strip_prefix("Failed to load extension: ")
        .unwrap_or(cause);
    let mut line = format!("failed to load extension \"{path}\": {cause}");
    // A dependency that is not installed is the common case; say where to install it.
    if cause.contains("Cannot find module '") {
        let folder = Path::new(path).parent().unwrap_or(Path::new("."));
        line.push_str(&format!(
            "\ntau: hint: install the extension's dependencies (npm install in {} or its package folder)",
            folder.display()
        ));
    }
    line
}

/// The error lines, then how to start without the failing extensions: `-ne` skips the
/// discovered and configured ones, while `-e` ones load regardless (as in Pi), so for those
/// the hint is to leave the argument out.
fn load_failure(errors: &[String], from_cli: bool, configured: bool) -> String {
    load_failure_with(errors, "fix the extension", from_cli, configured)
}

/// [`load_failure`] with the first thing to do named (`fix that` for a host that cannot run).
fn load_failure_with(errors: &[String], fix: &str, from_cli: bool, configured: bool) -> String {
    let mut hints = Vec::new();
    if configured {
        hints.push("start without extensions using \"tau -ne\"");
    }
    if from_cli {
        hints.push("leave out the -e argument of the extension to start without it");
    }
    format!(
        "{}\ntau: hint: {fix}, or {}",
        errors.join("\ntau: "),
        hints.join("; or ")
    )
}

pub(crate) fn same_file(a: &Path, b: &Path) -> bool {
    a == b || std::fs::canonicalize(a).ok() == std::fs::canonicalize(b).ok()
}

/// settings.json as extensions read it (`pi.getSettings()`): the agent directory's, with a
/// trusted project's `.pi/settings.json` keys over it.
fn merged_settings(agent_dir: &Path, cwd: &Path, trusted: bool) -> serde_json::Value {
    let read = |path: std::path::PathBuf| {
        std::fs::read_to_string(path)
            .ok()
            .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
            .and_then(|value| value.as_object().cloned())
            .unwrap_or_default()
    };
    let mut settings = read(agent_dir.join("settings.json"));
    if trusted {
        settings.extend(read(cwd.join(".pi").join("settings.json")));
    }
    serde_json::Value::Object(settings)
}

/// `TAU_EXT_TIMEOUT_MS`: how long an extension handler may take before it counts as failed
/// (a gate then blocks); default 30 s.
fn handler_limit(warn: &(dyn Fn(&str) + Sync)) -> Option<std::time::Duration> {
    let text = std::env::var("TAU_EXT_TIMEOUT_MS").ok()?;
    match text.trim().parse::<u64>() {
        Ok(millis) if millis > 0 => Some(std::time::Duration::from_millis(millis)),
        _ => {
            warn(&format!(
                "TAU_EXT_TIMEOUT_MS={text} is not a positive number of milliseconds; using 30000"
            ));
            None
        }
    }
}

/// Unknown `--flag value` pairs, offered to extensions as their flag values.
pub(crate) fn flag_values(args: &AppOptions) -> serde_json::Map<String, serde_json::Value> {
    args.extension_flags
        .iter()
        .map(|(name, value)| {
            let value = value.clone().map_or(json!(true), |v| json!(v));
            (name.clone(), value)
        })
        .collect()
}

/// Pi's check of the `--flags` tau does not know, once extensions are loaded: each must be
/// a flag an extension registered (`Unknown option: --bogus` otherwise, in Pi's words), and
/// a string flag needs a value.
pub fn check_flags(args: &AppOptions, extensions: Option<&Extensions>) -> Result<(), String> {
    let registered: Vec<(String, bool)> = extensions
        .map(|e| {
            let booleans = e.flag_names(true);
            e.flag_names(false)
                .into_iter()
                .map(|name| {
                    let boolean = booleans.contains(&name);
                    (name, boolean)
                })
                .collect()
        })
        .unwrap_or_default();
    let mut unknown = Vec::new();
    for (name, value) in &args.extension_flags {
        match registered.iter().find(|(known, _)| known == name) {
            None => unknown.push(format!("--{name}")),
            Some((_, false)) if value.is_none() => {
                return Err(format!("Extension flag \"--{name}\" requires a value"));
            }
            Some(_) => {}
        }
    }
    match unknown.as_slice() {
        [] => Ok(()),
        [one] => Err(format!("Unknown option: {one}")),
        many => Err(format!("Unknown options: {}", many.join(", "))),
    }
}

impl Extensions {
    /// Names of the flags the loaded extensions registered (`pi.registerFlag`); with
    /// `only_boolean`, those of type `boolean`.
    pub fn flag_names(&self, only_boolean: bool) -> Vec<String> {
        let is_boolean = |flag: &&serde_json::Value| {
            flag.get("type").and_then(|t| t.as_str()) == Some("boolean")
        };
        self.host
            .report()
            .extensions
            .iter()
            .flat_map(|ext| ext.flags.iter())
            .filter(|flag| !only_boolean || is_boolean(flag))
            .filter_map(|flag| {
                flag.get("name")
                    .and_then(|n| n.as_str())
                    .map(str::to_string)
            })
            .collect()
    }

    /// The host and its hooks, for session replacement.
    pub fn handles(&self) -> (&Arc<ExtensionHost>, &Arc<ExtensionHooks>) {
        (&self.host, &self.hooks)
    }

    /// Binds the host to the live `runtime` (working in its configured folder): its state
    /// mirror, and the actions extensions take. Returns the channel of runs extensions ask
    /// for; `None` when the host could not be bound (reported; extensions stay loaded but
    /// cannot act).
    pub async fn attach(
        &self,
        current: Current,
        resources: &Arc<ResourceLoader>,
        args: &AppOptions,
        agent_dir: &Path,
        warn: fn(&str),
        ui: Option<Arc<dyn ExtensionUi>>,
    ) -> Option<UnboundedReceiver<PendingRun>> {
        let cwd = &current.get().config().cwd;
        self.resources
            .link(resources.clone(), current.clone(), warn);
        let (runs, pending) = tokio::sync::mpsc::unbounded_channel();
        let sessions = Sessions::new(current.clone(), Some(self.handles()), args, warn)
            .with_resources(self.resources.clone());
        let models = crate::ext_models::shared_models(agent_dir).await;
        let actions = Actions::new(
            sessions,
            runs,
            agent_dir.to_path_buf(),
            ui,
            resources.clone(),
        )
        .with_models(models.clone());
        self.host.set_actions(Arc::new(actions));
        let settings = merged_settings(agent_dir, cwd, self.trusted);
        // Warnings about context files were given when the prompt was first built.
        let inputs = Arc::new(crate::prompt_options::PromptInputs {
            loader: Some(resources.clone()),
            ..crate::setup::prompt_inputs(args, cwd, agent_dir).0
        });
        let inputs = self.prompt_inputs.get_or_init(|| inputs).clone();
        let source = RuntimeState::new(
            current,
            cwd.to_path_buf(),
            models,
            self.trusted,
            settings,
            inputs,
        );
        if let Err(error) = self.host.bind_source(Arc::new(source)).await {
            warn(&format!("extensions cannot act: {error}"));
            return None;
        }
        Some(pending)
    }

    /// Pi's `systemPromptOptions` for `runtime`'s live configuration (see
    /// [`crate::prompt_options`]).
    pub fn prompt_options(&self, runtime: &tau_runtime::Runtime) -> serde_json::Value {
        let inputs = self.prompt_inputs.get().cloned().unwrap_or_default();
        inputs.options(&runtime.config().tools, &runtime.all_tools())
    }

    /// The extension command a `/name args` prompt invokes, if one is registered.
    pub fn command_for(&self, prompt: &UserContent) -> Option<(String, String)> {
        let text = match prompt {
            UserContent::Text(text) => text.as_str(),
            UserContent::Blocks(blocks) => match blocks.as_slice() {
                [only] => only.as_text()?,
                _ => return None,
            },
        };
        let rest = text.strip_prefix('/')?;
        let (name, args) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        // The live table: commands registered at run time or by reloaded extensions count.
        let known = self
            .host
            .report()
            .extensions
            .iter()
            .any(|ext| ext.ok && ext.commands.iter().any(|c| c.name == name));
        known.then(|| (name.to_string(), args.trim().to_string()))
    }

    /// The keys extensions registered with `registerShortcut` (as registered, lower case),
    /// each with the extension that owns it: the last one to register a key, as in Pi.
    pub fn shortcuts(&self) -> Vec<(String, String)> {
        let mut keys: Vec<(String, String)> = Vec::new();
        for ext in self.host.report().extensions.iter().filter(|ext| ext.ok) {
            for shortcut in &ext.shortcuts {
                let Some(key) = shortcut.get("shortcut").and_then(|k| k.as_str()) else {
                    continue;
                };
                let key = key.to_lowercase();
                keys.retain(|(k, _)| *k != key);
                keys.push((key, ext.path.clone()));
            }
        }
        keys
    }

    /// The active tools with the extensions' tools added (an extension tool with a built-in's
    /// name replaces it). With a `--tools` allowlist, only listed extension tools are added;
    /// with `--no-tools`, none.
    pub fn add_tools(&self, tools: Vec<SharedTool>, args: &AppOptions) -> Vec<SharedTool> {
        if args.no_tools {
            return tools;
        }
        let extra: Vec<SharedTool> = self
            .tools
            .iter()
            .filter(|tool| match &args.tools {
                Some(allow) => allow.iter().any(|name| name == &tool.info().name),
                // Pi's `defaultActive: false`: registered, active only once named.
                None => !args.exclude_tools.contains(&tool.info().name) && tool.default_active(),
            })
            .cloned()
            .collect();
        tau_ext_bridge::merge_tools(tools, extra)
    }

    /// Aborts whatever `current` runs once the host can no longer be restarted; the mode
    /// then ends with [`Extensions::unrecoverable`] as its error.
    pub fn stop_when_broken(&self, current: crate::current::Current) {
        self.host.on_unrecoverable(move || current.get().abort());
    }

    /// The error that ends the run when the host could not be restarted.
    pub fn unrecoverable(&self) -> Option<String> {
        self.host.unrecoverable().map(|reason| {
            format!(
                "the extension host could not be restarted ({reason}); tau stopped rather than \
                 go on without the extensions' gates. The session is kept; fix the extension (or \
                 start with `tau -ne`) and resume it with `tau -c`"
            )
        })
    }

    /// Fires `session_shutdown` and stops the host.
    pub async fn shutdown(&self) {
        self.hooks
            .notify(json!({ "type": "session_shutdown", "reason": "quit" }))
            .await;
        let _ = self.host.shutdown().await;
    }
}
