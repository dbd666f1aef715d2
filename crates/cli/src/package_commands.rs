//! `tau install|remove|uninstall|update|list|config`: Pi's package commands on tau's agent
//! directory. Progress (and npm's and git's own output) goes to stderr; the result lines
//! ("Installed npm:foo", the list) go to stdout.
//!
//! Project trust, as Pi decides it for these commands without a terminal prompt: `--approve`
//! / `--no-approve`, else the saved decision, a project without `.pi/` resources, or
//! `defaultProjectTrust`; `update` uses only `--approve` or a saved decision. `-l` in an
//! untrusted project is refused.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use tau_app::packages::{ConfiguredPackage, PackageManager, Scope};
use tau_ext_bridge::discovery::trust::{resolve_trust, saved_decision};

use crate::package_args::{self, Command, PackageArgs, UpdateTarget};
use crate::package_config;

fn out(line: &str) {
    let _ = writeln!(std::io::stdout(), "{line}");
}

fn err(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// Runs the package command in `argv`, or `None` when `argv` is not one.
pub fn run(argv: &[String]) -> Option<ExitCode> {
    let args = package_args::parse(argv)?;
    Some(run_parsed(args))
}

fn help(command: Command) -> String {
    let body = match command {
        Command::Install => {
            "Install a package and add it to settings.

Options:
  -l, --local       Install project-locally (.pi/settings.json, packages under .pi/)
  -a, --approve     Trust project-local files for this command
  -na, --no-approve Ignore project-local files for this command
  --agent-dir <dir> Agent directory (default: TAU_AGENT_DIR, PI_CODING_AGENT_DIR, ~/.tau/agent)

Sources:
  npm:<name>[@<version>]          npm package (an exact version is pinned)
  git:<host>/<owner>/<repo>[@ref] git repository (also git:git@host:owner/repo)
  https://..., ssh://...          git repository URL (append @ref to pin)
  ./path, /path, ~/path           local folder or extension file (not copied)

Examples:
  tau install npm:@foo/bar
  tau install git:github.com/user/repo@v1
  tau install https://github.com/user/repo
  tau install ./local/path"
        }
        Command::Remove => {
            "Remove a package and its source from settings.
Alias: tau uninstall <source> [-l]

Options:
  -l, --local       Remove from project settings (.pi/settings.json)
  -a, --approve     Trust project-local files for this command
  -na, --no-approve Ignore project-local files for this command
  --agent-dir <dir> Agent directory"
        }
        Command::Update => {
            "Update installed packages: all of them, or the one named.
npm packages pinned to an exact version are skipped; git packages are fetched and reset to
their branch or ref; packages that are not installed yet are installed.
tau cannot update itself (`tau update self` says how to update tau).

Options:
  --extensions          Update all packages (the default)
  --extension <source>  Update one package only
  -a, --approve         Trust project-local files for this command
  -na, --no-approve     Ignore project-local files for this command
  --agent-dir <dir>     Agent directory"
        }
        Command::List => {
            "List installed packages from user and project settings.

Options:
  -a, --approve      Trust project-local files for this command
  -na, --no-approve  Ignore project-local files for this command
  --agent-dir <dir>  Agent directory"
        }
        Command::Config => {
            "Enable or disable extensions, skills and prompt templates (of packages, the agent
directory and the project). On a terminal this opens the resource screen: type to search,
space toggles (saved at once), tab switches between global and project overrides, esc closes.
Otherwise, or with changes given, it lists them with [x] (enabled) or [ ] (disabled) after
applying the changes, written to settings.json as Pi's `pi config` writes them.

Options:
  --enable <resource>   Enable a resource (as listed, or its path)
  --disable <resource>  Disable a resource
  --reset <resource>    With -l: drop the project's override (inherit the user setting)
  -l, --local           Edit project overrides (.pi/settings.json)
  -a, --approve         Trust project-local files for this command
  -na, --no-approve     Ignore project-local files for this command
  --agent-dir <dir>     Agent directory"
        }
    };
    format!("Usage:\n  {}\n\n{body}", command.usage())
}

/// The agent directory: `--agent-dir`, else tau's usual lookup.
fn agent_dir(args: &PackageArgs) -> PathBuf {
    match &args.agent_dir {
        Some(dir) => {
            let here = std::env::current_dir().unwrap_or_default();
            tau_ext_bridge::discovery::resolve_from(&here, dir)
        }
        None => tau_app::report::agent_dir(),
    }
}

/// Whether project settings count for this command (see the module docs).
fn project_trusted(args: &PackageArgs, agent_dir: &Path, cwd: &Path) -> bool {
    if let Some(trusted) = args.trust_override {
        return trusted;
    }
    if args.command == Command::Update {
        return matches!(saved_decision(agent_dir, cwd), Ok(Some((_, true))));
    }
    let settings = tau_app::settings_file::read(agent_dir);
    let default = settings.get("defaultProjectTrust").and_then(|v| v.as_str());
    let (trust, error) = resolve_trust(agent_dir, cwd, None, default);
    if let Some(error) = error {
        err(&format!("Warning: {error}"));
    }
    trust.trusted
}

fn is_offline() -> bool {
    ["TAU_OFFLINE", "PI_OFFLINE"].iter().any(|name| {
        std::env::var(name).is_ok_and(|v| {
            let v = v.to_ascii_lowercase();
            v == "1" || v == "true" || v == "yes"
        })
    })
}

fn fail(message: &str) -> ExitCode {
    crate::app::fail(message)
}

fn run_parsed(args: PackageArgs) -> ExitCode {
    if args.help {
        out(&help(args.command));
        return ExitCode::SUCCESS;
    }
    if let Some(error) = &args.error {
        return fail(error);
    }
    let cwd = match std::env::current_dir() {
        Ok(cwd) => cwd,
        Err(error) => return fail(&format!("cannot read the working folder: {error}")),
    };
    let agent_dir = agent_dir(&args);
    let trusted = project_trusted(&args, &agent_dir, &cwd);
    let writes_project = args.local
        && matches!(
            args.command,
            Command::Install | Command::Remove | Command::Config
        );
    if writes_project && !trusted {
        let what = if args.command == Command::Config {
            "resource"
        } else {
            "package"
        };
        return fail(&format!(
            "Project is not trusted. Use --approve to modify local {what} config."
        ));
    }
    let manager = PackageManager::new(&agent_dir, &cwd, trusted, Box::new(err));
    let scope = if args.local {
        Scope::Project
    } else {
        Scope::User
    };
    let result = match args.command {
        Command::Install => install(&manager, &args, scope),
        Command::Remove => remove(&manager, &args, scope),
        Command::List => list(&manager, trusted),
        Command::Update => update(&manager, &args),
        Command::Config => package_config::run(manager, &args, scope, trusted, &agent_dir),
    };
    match result {
        Ok(code) => code,
        Err(message) => fail(&message),
    }
}

fn source(args: &PackageArgs) -> Result<&str, String> {
    args.source
        .as_deref()
        .ok_or_else(|| "a source is required".to_string())
}

fn install(manager: &PackageManager, args: &PackageArgs, scope: Scope) -> Result<ExitCode, String> {
    let source = source(args)?;
    manager.install_and_record(source, scope)?;
    out(&format!("Installed {source}"));
    Ok(ExitCode::SUCCESS)
}

fn remove(manager: &PackageManager, args: &PackageArgs, scope: Scope) -> Result<ExitCode, String> {
    let source = source(args)?;
    if !manager.remove_and_unrecord(source, scope)? {
        let hint = match scope {
            Scope::User => "; `tau list` shows the recorded sources (add -l for a project package)",
            Scope::Project => "; `tau list` shows the recorded sources",
        };
        return Err(format!("No matching package found for {source}{hint}"));
    }
    out(&format!("Removed {source}"));
    Ok(ExitCode::SUCCESS)
}

fn list(manager: &PackageManager, trusted: bool) -> Result<ExitCode, String> {
    let packages = manager.configured()?;
    let project_file = manager.settings_path(Scope::Project);
    if !trusted && project_file.exists() {
        err(&format!(
            "Warning: project packages in {} are not listed: the project is not trusted (pass --approve)",
            project_file.display()
        ));
    }
    warn_not_installed(&packages);
    if packages.is_empty() {
        out("No packages installed.");
        return Ok(ExitCode::SUCCESS);
    }
    let show = |title: &str, scope: Scope| {
        let group: Vec<&ConfiguredPackage> = packages.iter().filter(|p| p.scope == scope).collect();
        if group.is_empty() {
            return false;
        }
        out(title);
        for package in group {
            let filtered = if package.filtered { " (filtered)" } else { "" };
            out(&format!("  {}{filtered}", package.source));
            if let Some(path) = &package.installed_path {
                out(&format!("    {}", path.display()));
            }
        }
        true
    };
    let users = show("User packages:", Scope::User);
    if packages.iter().any(|p| p.scope == Scope::Project) {
        if users {
            out("");
        }
        show("Project packages:", Scope::Project);
    }
    Ok(ExitCode::SUCCESS)
}

/// Says which recorded packages are not installed (Pi installs them at its next start; tau
/// does not download at start-up).
pub fn warn_not_installed(packages: &[ConfiguredPackage]) {
    for package in packages.iter().filter(|p| p.installed_path.is_none()) {
        let local = if package.scope == Scope::Project {
            " -l"
        } else {
            ""
        };
        err(&format!(
            "Warning: {} is not installed; run `tau install{local} {}` (or `tau update`) to install it",
            package.source, package.source
        ));
    }
}

const SELF_UPDATE: &str = "tau cannot update itself: it is not installed through npm. Rebuild or \
     reinstall it (in a tau checkout: `git pull && cargo install --path crates/cli`); \
     `tau update` updates the installed packages";

fn update(manager: &PackageManager, args: &PackageArgs) -> Result<ExitCode, String> {
    let only = match &args.update {
        UpdateTarget::SelfUpdate => return Err(SELF_UPDATE.into()),
        UpdateTarget::Models => {
            out("tau has no remote model catalogs to refresh: models come from models.json and tau's built-in list");
            return Ok(ExitCode::SUCCESS);
        }
        UpdateTarget::Package(source) => Some(source.as_str()),
        UpdateTarget::Packages | UpdateTarget::All => None,
    };
    let offline = is_offline();
    let report = manager.update(only, offline)?;
    if offline {
        out("Skipped package updates (offline mode)");
    } else if !report.updated.is_empty() {
        let count = report.updated.len();
        let plural = if count == 1 { "" } else { "s" };
        out(&format!("Updated {count} package{plural}:"));
        for line in &report.updated {
            out(&format!("  {line}"));
        }
    } else if report.failures.is_empty() && report.warnings > 0 {
        out(&match only {
            Some(source) => format!("{source} was not updated, see the warnings above"),
            None => "No packages were updated, see the warnings above".into(),
        });
    } else if report.failures.is_empty() {
        out(&match only {
            Some(source) => format!("{source} is already up to date"),
            None => "Packages are already up to date".into(),
        });
    }
    if args.update == UpdateTarget::All {
        err(&format!("Note: {SELF_UPDATE}"));
    }
    if !report.failures.is_empty() {
        return Err(format!(
            "some packages could not be updated:\n{}",
            report.failures.join("\n")
        ));
    }
    Ok(ExitCode::SUCCESS)
}
