//! The start-up install of a run's packages (see [`crate::packages::startup`]), tied to the
//! run's options: it runs once before any mode starts, for the `-e` sources, the user's
//! packages, and the project's when the project is trusted already (by `-a`, a saved
//! decision, `defaultProjectTrust` or a project without `.pi/` resources). A project
//! trusted later in the start (by an extension's `project_trust` handler) gets its packages
//! installed in [`install_after_trust`]. Failures are warned about and remembered in the
//! options, so discovery skips those packages instead of stopping the run.

use std::path::Path;

use crate::packages::startup::{install_for_run, InstallFailure};
use crate::packages::{PackageManager, Scope};
use crate::report::warn;
use crate::AppOptions;

/// Whether the project counts as trusted before any extension is asked.
fn trusted_now(args: &AppOptions, cwd: &Path, agent_dir: &Path) -> bool {
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
    trust.trusted
}

fn remember(args: &mut AppOptions, failures: Vec<InstallFailure>) {
    for failure in failures {
        warn(&failure.warning());
        args.install_failed.push(failure.source);
    }
}

/// Installs what the run needs and is missing (nothing offline); see the module docs.
pub fn install_before_start(args: &mut AppOptions, cwd: &Path, agent_dir: &Path) {
    let trusted = trusted_now(args, cwd, agent_dir);
    let explicit: Vec<String> = args
        .extensions
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let failures = install_for_run(agent_dir, cwd, &explicit, trusted, args.offline);
    args.project_packages_prepared = trusted || args.offline;
    remember(args, failures);
}

/// After the trust decision: installs the project's missing packages when the project is
/// trusted now and was not before (with the terminal UI on the screen, npm's and git's
/// output is kept off it and a failure's warning carries its end).
pub fn install_after_trust(args: &mut AppOptions, cwd: &Path, agent_dir: &Path) {
    if args.project_packages_prepared || args.offline {
        return;
    }
    if !trusted_now(args, cwd, agent_dir) {
        return;
    }
    args.project_packages_prepared = true;
    let manager = PackageManager::new(agent_dir, cwd, true, Box::new(crate::report::to_stderr));
    let failures = manager.install_missing(&[Scope::Project]);
    remember(args, failures);
}

/// Pi's start-up package update check (its interactive mode runs it in the background):
/// the configured packages with newer versions, by name; none offline.
pub fn available_updates(args: &AppOptions, cwd: &Path, agent_dir: &Path) -> Vec<String> {
    if args.offline {
        return Vec::new();
    }
    let trusted = trusted_now(args, cwd, agent_dir);
    PackageManager::new(agent_dir, cwd, trusted, Box::new(|_| {})).available_updates()
}
