//! The options the application layer takes, resolved from wherever they came from (the
//! command line today): which model, tools, session and extensions a session starts with.
//! Nothing here is about parsing; `tau`'s argument parser fills it in.

use std::path::PathBuf;

/// How to open a session and what to run it with.
#[derive(Debug, Clone, Default)]
pub struct AppOptions {
    /// `--model`.
    pub model: Option<String>,
    /// `--provider`.
    pub provider: Option<String>,
    /// `--api-key`.
    pub api_key: Option<String>,
    /// `--thinking`.
    pub thinking: Option<String>,
    /// `--system-prompt` (text or a file path).
    pub system_prompt: Option<String>,
    /// `--append-system-prompt` entries (text or file paths).
    pub append_system_prompt: Vec<String>,
    /// `--no-session`.
    pub no_session: bool,
    /// `-c`/`--continue`: the most recent session of this directory.
    pub continue_recent: bool,
    /// `--session <path|id>`.
    pub session: Option<String>,
    /// `--session-id <id>`.
    pub session_id: Option<String>,
    /// `--fork <path|id>`.
    pub fork: Option<String>,
    /// `--session-dir <dir>`.
    pub session_dir: Option<PathBuf>,
    /// `-n`/`--name`.
    pub name: Option<String>,
    /// `-t`/`--tools`.
    pub tools: Option<Vec<String>>,
    /// `-xt`/`--exclude-tools`.
    pub exclude_tools: Vec<String>,
    /// `-nt`/`--no-tools`.
    pub no_tools: bool,
    /// `-nbt`/`--no-builtin-tools`.
    pub no_builtin_tools: bool,
    /// `-nc`/`--no-context-files`.
    pub no_context_files: bool,
    /// `-e`/`--extension <path>` (repeatable): extensions to load besides discovered ones.
    pub extensions: Vec<PathBuf>,
    /// `-ne`/`--no-extensions`: no extension discovery (explicit `-e` paths still load).
    pub no_extensions: bool,
    /// `--skill <path>` (repeatable): skill files or folders besides discovered ones.
    pub skills: Vec<String>,
    /// `-ns`/`--no-skills`: no skill discovery (`--skill` paths still load).
    pub no_skills: bool,
    /// `--prompt-template <path>` (repeatable): template files or folders besides
    /// discovered ones.
    pub prompt_templates: Vec<String>,
    /// `-np`/`--no-prompt-templates`: no template discovery (`--prompt-template` paths
    /// still load).
    pub no_prompt_templates: bool,
    /// `--theme <path>` (repeatable): theme files or folders besides discovered ones.
    pub themes: Vec<String>,
    /// `--no-themes`: no theme discovery (`--theme` paths still load).
    pub no_themes: bool,
    /// `-a`/`--approve` (`Some(true)`) or `-na`/`--no-approve` (`Some(false)`): trust or
    /// ignore the project's `.pi` configuration for this run.
    pub approve: Option<bool>,
    /// `--sandbox` (`Some(true)`) / `--no-sandbox` (`Some(false)`): run the extension host
    /// under Node's permission model (tau's own flags; settings `sandbox` otherwise).
    pub sandbox: Option<bool>,
    /// `--sandbox-allow <list>` (repeatable): what the sandbox allows beyond its defaults.
    pub sandbox_allow: Vec<String>,
    /// `--script`: play a scripted-model script file (tau's own flag).
    pub script: Option<PathBuf>,
    /// `--models`: comma-separated model patterns that scope the startup model.
    pub models: Option<Vec<String>>,
    /// `--offline` (also `PI_OFFLINE=1` / `TAU_OFFLINE=1`): no start-up network use. The
    /// start-up install does nothing: configured and `-e` packages that are not installed
    /// are skipped with a warning, cached `-e` packages are not refreshed, as in Pi.
    pub offline: bool,
    /// Package sources (settings entries, `-e` values) whose start-up install failed this
    /// run: warned about once, then skipped by discovery (Pi skips them and goes on).
    pub install_failed: Vec<String>,
    /// Whether the start-up install has looked at the project's packages (it did when the
    /// project was trusted before the start, or offline).
    pub project_packages_prepared: bool,
    /// `--flag [value]` options tau itself does not know: the extensions' flags (checked
    /// against what they registered once they are loaded).
    pub extension_flags: Vec<(String, Option<String>)>,
}
