//! `tau config`: on a terminal, Pi's resource screen (`tau_modes::config_screen`); otherwise
//! the same without the screen. It lists the
//! extensions, skills and prompt templates a run considers, grouped as Pi groups them (each
//! package, then the agent directory's and the project's own, then kind), with `[x]` for
//! enabled and `[ ]` for disabled; with `-l` the project view, where `[+]`/`[-]` mark the
//! project's own load/unload overrides. `--enable`, `--disable` and `--reset` change one
//! resource each (applied in order), written as Pi's screen writes them, and the listing that
//! follows shows the result.

use std::io::Write;
use std::process::ExitCode;

use tau_app::packages::resources::{Resource, ResourceGroup};
use tau_app::packages::{PackageManager, Scope};

use crate::package_args::PackageArgs;

fn out(line: &str) {
    let _ = writeln!(std::io::stdout(), "{line}");
}

/// On a terminal without changes to make: Pi's screen.
fn interactive(args: &PackageArgs) -> bool {
    use std::io::IsTerminal;
    args.config_changes.is_empty()
        && std::io::stdin().is_terminal()
        && std::io::stdout().is_terminal()
}

/// Opens the screen (on a terminal, without changes), or applies the changes in `args`
/// and lists the view.
pub fn run(
    manager: PackageManager,
    args: &PackageArgs,
    scope: Scope,
    project_trusted: bool,
    agent_dir: &std::path::Path,
) -> Result<ExitCode, String> {
    if interactive(args) {
        let hint = manager.shown_settings_path(Scope::User);
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start the async runtime: {e}"))?;
        return runtime.block_on(tau_modes::config_screen::run(
            manager,
            scope,
            project_trusted,
            hint,
            agent_dir,
        ));
    }
    list_and_change(&manager, args, scope)
}

/// Applies the changes in `args`, then lists the view.
fn list_and_change(
    manager: &PackageManager,
    args: &PackageArgs,
    scope: Scope,
) -> Result<ExitCode, String> {
    for change in &args.config_changes {
        let groups = manager.resource_groups(scope);
        let (group, resource) = manager.find_resource(&groups, &change.resource)?;
        if change.enable.is_none() && scope == Scope::User {
            return Err(format!(
                "--reset {} needs -l: it drops a project override (without -l use --enable or --disable)",
                change.resource
            ));
        }
        manager.set_resource(group, resource, scope, change.enable)?;
        let what = match change.enable {
            Some(true) => "Enabled",
            Some(false) => "Disabled",
            None => "Reset",
        };
        out(&format!(
            "{what} {} {} ({})",
            resource.kind.key().trim_end_matches('s'),
            resource.display,
            group.label
        ));
    }
    let configured = manager.configured()?;
    let shown: Vec<_> = configured
        .into_iter()
        .filter(|p| scope == Scope::Project || p.scope == Scope::User)
        .collect();
    crate::package_commands::warn_not_installed(&shown);
    let groups = manager.resource_groups(scope);
    list(manager, &groups, scope)?;
    Ok(ExitCode::SUCCESS)
}

fn checkbox(
    manager: &PackageManager,
    group: &ResourceGroup,
    resource: &Resource,
    scope: Scope,
) -> Result<(String, &'static str), String> {
    let enabled = if resource.enabled { "[x]" } else { "[ ]" };
    if scope == Scope::User {
        return Ok((enabled.into(), ""));
    }
    Ok(match manager.project_override(group, resource)? {
        Some(true) => ("[+]".into(), "  project load"),
        Some(false) => ("[-]".into(), "  project unload"),
        None if group.scope == Scope::User => (enabled.into(), "  inherited global"),
        None => (enabled.into(), ""),
    })
}

fn list(manager: &PackageManager, groups: &[ResourceGroup], scope: Scope) -> Result<(), String> {
    match scope {
        Scope::User => out(&format!(
            "Global Resources ({})",
            manager.shown_settings_path(Scope::User)
        )),
        Scope::Project => out(&format!(
            "Project Local Resources ({}; inherited global resources are marked)",
            manager.shown_settings_path(Scope::Project)
        )),
    }
    if groups.is_empty() {
        out("  No resources found (install a package with `tau install <source>`)");
        return Ok(());
    }
    for group in groups {
        let inherited = if scope == Scope::Project && group.scope == Scope::User {
            " · inherited global"
        } else {
            ""
        };
        out(&format!("  {}{inherited}", group.label));
        let mut current = None;
        for resource in &group.resources {
            if current != Some(resource.kind) {
                current = Some(resource.kind);
                out(&format!("    {}", resource.kind.label()));
            }
            let (checkbox, suffix) = checkbox(manager, group, resource, scope)?;
            out(&format!("      {checkbox} {}{suffix}", resource.display));
        }
    }
    Ok(())
}
