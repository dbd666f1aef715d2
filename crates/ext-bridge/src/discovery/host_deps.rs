//! Pi's warning for a package that lists a package the host provides (pi-coding-agent, pi-ai,
//! pi-tui, pi-agent-core, typebox) in `dependencies` instead of `peerDependencies` with a
//! `"*"` range: an installed copy can bypass the loader's aliases and load a second copy of
//! the runtime modules. The run goes on.

use std::path::{Path, PathBuf};

/// The packages the extension host provides to extensions, under both scopes.
const HOST_PROVIDED: &[&str] = &[
    "@earendil-works/pi-agent-core",
    "@earendil-works/pi-ai",
    "@earendil-works/pi-coding-agent",
    "@earendil-works/pi-tui",
    "@mariozechner/pi-agent-core",
    "@mariozechner/pi-ai",
    "@mariozechner/pi-coding-agent",
    "@mariozechner/pi-tui",
    "@sinclair/typebox",
    "typebox",
];

/// One warning per package folder in `roots` that an extension in `paths` comes from and
/// whose manifest names host-provided packages in `dependencies`, each naming its
/// package.json (Pi's text).
pub(crate) fn host_dependency_warnings(roots: &[PathBuf], paths: &[PathBuf]) -> Vec<String> {
    let mut warnings = Vec::new();
    let mut seen: Vec<&Path> = Vec::new();
    for root in roots {
        if seen.contains(&root.as_path()) || !paths.iter().any(|p| p.starts_with(root)) {
            continue;
        }
        seen.push(root);
        let manifest = root.join("package.json");
        let Some(names) = host_dependencies(&manifest) else {
            continue;
        };
        warnings.push(format!(
            "{}: Host-provided extension packages must be declared in peerDependencies with a \
             \"*\" range, not dependencies: {}. Installed copies can bypass the extension loader \
             and create duplicate runtime modules.",
            manifest.display(),
            names.join(", ")
        ));
    }
    warnings
}

/// The host-provided names in the manifest's `dependencies`, sorted; `None` when there are
/// none or the manifest cannot be read (other checks report a broken manifest).
fn host_dependencies(manifest: &Path) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(manifest).ok()?;
    let value: serde_json::Value =
        serde_json::from_str(text.trim_start_matches('\u{feff}')).ok()?;
    let dependencies = value.get("dependencies")?.as_object()?;
    let mut names: Vec<String> = dependencies
        .keys()
        .filter(|name| HOST_PROVIDED.contains(&name.as_str()))
        .cloned()
        .collect();
    names.sort();
    (!names.is_empty()).then_some(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_package_depending_on_host_packages_is_warned_about_once() {
        let dir = tempfile::tempdir().expect("tempdir");
        let pkg = dir.path().join("pkg");
        std::fs::create_dir_all(pkg.join("extensions")).expect("mkdir");
        std::fs::write(
            pkg.join("package.json"),
            r#"{"dependencies": {"typebox": "^1", "left-pad": "1", "@earendil-works/pi-ai": "1.6.0"},
                "peerDependencies": {"@earendil-works/pi-coding-agent": "*"}}"#,
        )
        .expect("write");
        let ext = pkg.join("extensions/a.ts");
        let other = pkg.join("extensions/b.ts");
        let warnings = host_dependency_warnings(&[pkg.clone(), pkg.clone()], &[ext.clone(), other]);
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(
            warnings[0].contains("not dependencies: @earendil-works/pi-ai, typebox."),
            "{}",
            warnings[0]
        );
        // A package none of whose extensions loads, or with only peer dependencies: nothing.
        assert!(host_dependency_warnings(std::slice::from_ref(&pkg), &[]).is_empty());
        std::fs::write(
            pkg.join("package.json"),
            r#"{"peerDependencies": {"typebox": "*"}}"#,
        )
        .expect("write");
        assert!(host_dependency_warnings(&[pkg], &[ext]).is_empty());
    }
}
