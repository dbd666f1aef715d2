//! npm packages: installed with npm into an npm project of their own under the settings
//! folder (`<agent dir>/npm/`, `<cwd>/.pi/npm/`), so each lands in
//! `npm/node_modules/<name>`, with Pi's flags (peer dependencies are left to the host, no
//! audit or funding noise). `npmCommand` in settings picks another npm (or pnpm, bun).

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::command::{self, Program};
use super::{version, PackageManager, Scope};

/// Which package manager `npmCommand` runs, for its flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flavor {
    Npm,
    Pnpm,
    Bun,
    Other,
}

fn command_name(command: &str) -> String {
    let name = Path::new(command)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    name.trim_end_matches(".cmd")
        .trim_end_matches(".exe")
        .to_string()
}

fn flavor_of(name: &str) -> Option<Flavor> {
    match name {
        "npm" => Some(Flavor::Npm),
        "pnpm" => Some(Flavor::Pnpm),
        "bun" => Some(Flavor::Bun),
        _ => None,
    }
}

/// Pi's rule: the program itself, or the one after `--` in a wrapper, or the one package
/// manager named among a wrapper's arguments.
fn flavor(program: &Program) -> Flavor {
    if let Some(separator) = program.prefix.iter().rposition(|a| a == "--") {
        return program
            .prefix
            .get(separator + 1)
            .and_then(|wrapped| flavor_of(&command_name(wrapped)))
            .unwrap_or(Flavor::Other);
    }
    flavor_of(&command_name(&program.command))
        .or_else(|| {
            program
                .prefix
                .iter()
                .find_map(|arg| flavor_of(&command_name(arg)))
        })
        .unwrap_or(Flavor::Other)
}

/// The version in an installed package's package.json.
pub fn installed_version(package_dir: &Path) -> Option<String> {
    let text = std::fs::read_to_string(package_dir.join("package.json")).ok()?;
    let value: Value = serde_json::from_str(text.trim_start_matches('\u{feff}')).ok()?;
    value.get("version")?.as_str().map(String::from)
}

fn strings(values: &[&str]) -> Vec<String> {
    values.iter().map(|s| s.to_string()).collect()
}

impl PackageManager {
    /// The npm project a scope's packages are installed into.
    pub fn npm_root(&self, scope: Scope) -> PathBuf {
        self.settings_dir(scope).join("npm")
    }

    /// Where an npm package of `scope` is installed.
    pub fn npm_install_path(&self, name: &str, scope: Scope) -> PathBuf {
        self.npm_root(scope).join("node_modules").join(name)
    }

    /// Creates the npm project (a private package.json) and its `.gitignore`.
    fn ensure_npm_project(&self, root: &Path) -> Result<(), String> {
        let fail = |e: std::io::Error| format!("cannot create {}: {e}", root.display());
        std::fs::create_dir_all(root).map_err(fail)?;
        super::git::ensure_gitignore(root)?;
        let manifest = root.join("package.json");
        if !manifest.exists() {
            let text = "{\n  \"name\": \"pi-extensions\",\n  \"private\": true\n}";
            std::fs::write(&manifest, text).map_err(fail)?;
        }
        Ok(())
    }

    fn npm_install_args(&self, specs: &[String], root: &Path) -> Vec<String> {
        // npm writes broken nested lock paths when --prefix goes through a symlink.
        let root = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
        let root = root.display().to_string();
        let mut args = vec!["install".to_string()];
        args.extend(specs.iter().cloned());
        match flavor(&self.npm) {
            Flavor::Bun => args.extend(strings(&["--cwd", &root, "--omit=peer"])),
            Flavor::Pnpm => args.extend(strings(&[
                "--prefix",
                &root,
                "--config.auto-install-peers=false",
                "--config.strict-peer-dependencies=false",
                "--config.strict-dep-builds=false",
            ])),
            Flavor::Npm | Flavor::Other => args.extend(strings(&[
                "--prefix",
                &root,
                "--legacy-peer-deps",
                "--no-audit",
                "--no-fund",
            ])),
        }
        args
    }

    /// The arguments that install a cloned git package's own dependencies.
    pub(crate) fn dependency_install_args(&self) -> Vec<String> {
        match flavor(&self.npm) {
            Flavor::Bun => strings(&["install", "--omit=dev", "--omit=peer"]),
            Flavor::Pnpm => strings(&[
                "install",
                "--prod",
                "--config.auto-install-peers=false",
                "--config.strict-peer-dependencies=false",
                "--config.strict-dep-builds=false",
            ]),
            Flavor::Npm => strings(&[
                "install",
                "--omit=dev",
                "--legacy-peer-deps",
                "--no-audit",
                "--no-fund",
            ]),
            Flavor::Other => strings(&["install"]),
        }
    }

    /// `npm install <specs>` into `scope`'s npm project.
    pub(crate) fn install_npm(&self, specs: &[String], scope: Scope) -> Result<(), String> {
        self.install_npm_into(specs, &self.npm_root(scope))
    }

    /// `npm install <specs>` into the npm project at `root` (created when missing).
    pub(crate) fn install_npm_into(&self, specs: &[String], root: &Path) -> Result<(), String> {
        self.ensure_npm_project(root)?;
        let args = self.npm_install_args(specs, root);
        command::run(&self.npm, &args, None)
    }

    /// `npm uninstall <name>` from `scope`'s npm project (nothing to do without one).
    pub(crate) fn uninstall_npm(&self, name: &str, scope: Scope) -> Result<(), String> {
        let root = self.npm_root(scope);
        if !root.exists() {
            return Ok(());
        }
        let root = std::fs::canonicalize(&root).unwrap_or(root);
        let root = root.display().to_string();
        let args = match flavor(&self.npm) {
            Flavor::Bun => strings(&["uninstall", name, "--cwd", &root]),
            Flavor::Pnpm => strings(&["uninstall", name, "--prefix", &root]),
            Flavor::Npm | Flavor::Other => strings(&[
                "uninstall",
                name,
                "--prefix",
                &root,
                "--legacy-peer-deps",
                "--no-audit",
                "--no-fund",
            ]),
        };
        command::run(&self.npm, &args, None)
    }

    /// The newest registry version `spec` (a name, or `name@range`) allows.
    pub(crate) fn latest_npm_version(&self, spec: &str) -> Result<String, String> {
        let args = strings(&["view", spec, "version", "--json"]);
        let stdout = command::capture(&self.npm, &args, Some(&self.cwd))?;
        match serde_json::from_str::<Value>(&stdout) {
            Ok(Value::String(version)) => Ok(version),
            Ok(Value::Array(list)) => version::highest(
                list.iter()
                    .filter_map(Value::as_str)
                    .filter(|v| !v.is_empty()),
            )
            .map(String::from)
            .ok_or_else(|| format!("npm view {spec} listed no versions")),
            _ => Err(format!("unexpected answer from npm view {spec}: {stdout}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn program(parts: &[&str]) -> Program {
        Program {
            command: parts[0].to_string(),
            prefix: parts[1..].iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn the_package_manager_is_read_through_wrappers() {
        assert_eq!(flavor(&program(&["npm"])), Flavor::Npm);
        assert_eq!(flavor(&program(&["/usr/bin/pnpm"])), Flavor::Pnpm);
        assert_eq!(
            flavor(&program(&["mise", "exec", "--", "bun"])),
            Flavor::Bun
        );
        assert_eq!(flavor(&program(&["corepack", "pnpm"])), Flavor::Pnpm);
        assert_eq!(flavor(&program(&["yarn"])), Flavor::Other);
    }
}
