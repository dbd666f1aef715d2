//! Extension discovery on real folders: Pi's locations and order, settings entries and
//! packages, duplicates, project trust and `--no-extensions`.

use std::path::{Path, PathBuf};

use serde_json::json;
use tau_ext_bridge::discovery::{discover, Discovery, DiscoveryOptions, LoadProblem, TrustReason};
use tempfile::TempDir;

/// An agent dir and a project folder in one temp dir.
struct Setup {
    _root: TempDir,
    agent: PathBuf,
    cwd: PathBuf,
}

impl Setup {
    fn new() -> Setup {
        let root = tempfile::tempdir().unwrap();
        let base = root.path().canonicalize().unwrap();
        let agent = base.join("agent");
        let cwd = base.join("project");
        std::fs::create_dir_all(&agent).unwrap();
        std::fs::create_dir_all(&cwd).unwrap();
        Setup {
            _root: root,
            agent,
            cwd,
        }
    }

    /// Writes `text` at `path`, creating folders; returns the path.
    fn file(&self, path: PathBuf, text: &str) -> PathBuf {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        path
    }

    fn options(&self) -> DiscoveryOptions {
        DiscoveryOptions {
            agent_dir: self.agent.clone(),
            cwd: self.cwd.clone(),
            // Never ask the real npm in tests.
            global_npm_root: Some(self.agent.join("no-global-npm")),
            ..DiscoveryOptions::default()
        }
    }

    fn run(&self, edit: impl FnOnce(&mut DiscoveryOptions)) -> Discovery {
        let mut options = self.options();
        edit(&mut options);
        discover(&options)
    }

    fn trust(&self, folder: &Path, trusted: bool) {
        let key = folder.to_string_lossy().into_owned();
        self.file(
            self.agent.join("trust.json"),
            &json!({ key: trusted }).to_string(),
        );
    }
}

#[test]
fn global_folder_follows_pi_layouts_one_level_deep() {
    let s = Setup::new();
    let ext = s.agent.join("extensions");
    let b = s.file(ext.join("b.ts"), "");
    let a = s.file(ext.join("a.js"), "");
    s.file(ext.join("notes.md"), "");
    s.file(ext.join(".hidden.ts"), "");
    s.file(ext.join("skipped.ts"), "");
    s.file(ext.join(".gitignore"), "skipped.ts\n");
    let indexed = s.file(ext.join("indexed/index.js"), "");
    s.file(ext.join("empty/deep/index.ts"), "");
    s.file(ext.join("node_modules/dep/index.js"), "");
    let main = s.file(ext.join("pkg/src/main.ts"), "");
    s.file(
        ext.join("pkg/package.json"),
        r#"{"pi":{"extensions":["./src/main.ts","./missing.ts"]}}"#,
    );
    let found = s.run(|_| {});
    assert_eq!(found.paths, vec![a, b, indexed, main]);
    assert!(found.warnings.is_empty(), "{:?}", found.warnings);
}

#[test]
fn explicit_paths_come_first_and_duplicates_load_once() {
    let s = Setup::new();
    let global = s.file(s.agent.join("extensions/g.ts"), "");
    let extra = s.file(s.cwd.join("extra.ts"), "");
    // The same file through a symlink is the same extension.
    let link = s.cwd.join("link.ts");
    std::os::unix::fs::symlink(&global, &link).unwrap();
    let found = s.run(|o| {
        o.explicit = vec!["extra.ts".into(), "link.ts".into(), "./extra.ts".into()];
    });
    assert_eq!(found.paths, vec![extra, link]);

    // A folder given to -e is a package: its manifest entries, else itself.
    let pkg_entry = s.file(s.cwd.join("pkg/lib/one.ts"), "");
    s.file(
        s.cwd.join("pkg/package.json"),
        r#"{"pi":{"extensions":["lib/one.ts"]}}"#,
    );
    s.file(s.cwd.join("plain/index.ts"), "");
    let found = s.run(|o| o.explicit = vec!["pkg".into(), "plain".into(), "gone.ts".into()]);
    assert_eq!(found.paths, vec![pkg_entry, s.cwd.join("plain"), global]);
    // A missing -e path stops the run (Pi: `Extension path does not exist`), it is no warning.
    assert!(found.warnings.is_empty(), "{:?}", found.warnings);
    assert_eq!(
        found.errors,
        vec![LoadProblem {
            message: format!(
                "failed to load extension \"{}\": extension path does not exist",
                s.cwd.join("gone.ts").display()
            ),
            from_cli: true,
        }]
    );
}

#[test]
fn no_extensions_keeps_only_explicit_paths() {
    let s = Setup::new();
    s.file(s.agent.join("extensions/g.ts"), "");
    s.file(
        s.agent.join("settings.json"),
        r#"{"extensions":["mine.ts"],"packages":["npm:absent"]}"#,
    );
    let extra = s.file(s.cwd.join("extra.ts"), "");
    let found = s.run(|o| {
        o.no_extensions = true;
        o.explicit = vec![extra.to_string_lossy().into_owned()];
    });
    assert_eq!(found.paths, vec![extra]);
    assert!(found.warnings.is_empty(), "{:?}", found.warnings);
}

#[test]
fn settings_entries_resolve_from_their_folder_with_pi_precedence_and_filters() {
    let s = Setup::new();
    let auto_keep = s.file(s.agent.join("extensions/keep.ts"), "");
    s.file(s.agent.join("extensions/drop.ts"), "");
    s.file(s.agent.join("extensions/off.ts"), "");
    let listed = s.file(s.agent.join("mine/listed.ts"), "");
    let folder_a = s.file(s.agent.join("bundle/a.ts"), "");
    s.file(s.agent.join("bundle/legacy.ts"), "");
    s.file(
        s.agent.join("settings.json"),
        &json!({
            "defaultProjectTrust": "always",
            "extensions": ["mine/listed.ts", "bundle", "!**/drop.ts", "!legacy.ts", "-extensions/off.ts", "nowhere.ts"]
        })
        .to_string(),
    );
    let project_auto = s.file(s.cwd.join(".pi/extensions/p.ts"), "");
    let project_listed = s.file(s.cwd.join("tools/p-listed.ts"), "");
    s.file(
        s.cwd.join(".pi/settings.json"),
        r#"{"extensions":["../tools/p-listed.ts"]}"#,
    );
    let found = s.run(|_| {});
    // Project settings entries, project folder, user settings entries, user folder.
    assert_eq!(
        found.paths,
        vec![project_listed, project_auto, listed, folder_a, auto_keep]
    );
    assert_eq!(found.warnings.len(), 1, "{:?}", found.warnings);
    assert!(found.warnings[0].contains("nowhere.ts"));
    assert!(found.trust.trusted);
}

#[test]
fn packages_resolve_local_and_installed_npm_sources_without_downloading() {
    let s = Setup::new();
    let local = s.file(s.agent.join("local-pkg/extensions/l.ts"), "");
    let npm_pkg = s.agent.join("npm/node_modules/@acme/tools");
    let npm_entry = s.file(npm_pkg.join("dist/tool.js"), "");
    s.file(
        npm_pkg.join("package.json"),
        r#"{"name":"@acme/tools","version":"1.2.3","pi":{"extensions":["dist/*.js"]}}"#,
    );
    let global_pkg = s.agent.join("no-global-npm/legacy");
    // An npm package needs a `pi` manifest or an `extensions/` folder: a bare index.ts is
    // not loaded (as in Pi).
    s.file(global_pkg.join("index.ts"), "");
    let legacy = s.file(global_pkg.join("extensions/x.ts"), "");
    s.file(global_pkg.join("package.json"), r#"{"version":"0.1.0"}"#);
    let old = s.agent.join("npm/node_modules/old");
    s.file(old.join("package.json"), r#"{"version":"1.0.0"}"#);
    let git_entry = s.file(s.agent.join("git/github.com/acme/ext/extensions/g.ts"), "");
    s.file(
        s.agent.join("settings.json"),
        &json!({ "packages": [
            "./local-pkg",
            "npm:@acme/tools@1.2.3",
            "npm:legacy",
            "npm:absent@^2",
            "npm:old@2.0.0",
            "git:github.com/acme/ext@v1",
            "git:github.com/acme/missing",
        ]})
        .to_string(),
    );
    let found = s.run(|_| {});
    assert_eq!(found.paths, vec![local, npm_entry, legacy, git_entry]);
    // Pi would install them at start-up: not installed here, they stop the run.
    assert!(found.warnings.is_empty(), "{:?}", found.warnings);
    assert!(found.errors.iter().all(|e| !e.from_cli));
    let errors: Vec<&str> = found.errors.iter().map(|e| e.message.as_str()).collect();
    let errors = errors.join("\n");
    assert!(
        errors.contains("package npm:absent@^2")
            && errors.contains("install it with: tau install npm:absent@^2"),
        "{errors}"
    );
    assert!(
        errors.contains("is installed at version 1.0.0, not 2.0.0"),
        "{errors}"
    );
    assert!(
        errors.contains("tau install git:github.com/acme/missing"),
        "{errors}"
    );
    assert!(errors.contains("or run with --offline"), "{errors}");
    assert_eq!(found.errors.len(), 3, "{errors}");

    // Offline, Pi skips them: warnings, and the rest loads.
    let offline = s.run(|o| o.offline = true);
    assert_eq!(offline.paths, found.paths);
    assert!(offline.errors.is_empty(), "{:?}", offline.errors);
    assert_eq!(offline.warnings.len(), 3, "{:?}", offline.warnings);
    assert!(offline
        .warnings
        .iter()
        .all(|w| w.ends_with("skipped (offline)")));

    // The start-up install tried them and failed (and warned): skipped without a word.
    let failed = s.run(|o| {
        o.install_failed = vec![
            "npm:absent@^2".into(),
            "npm:old@2.0.0".into(),
            "git:github.com/acme/missing".into(),
        ]
    });
    assert_eq!(failed.paths, found.paths);
    assert!(failed.errors.is_empty(), "{:?}", failed.errors);
    assert!(failed.warnings.is_empty(), "{:?}", failed.warnings);
}

#[test]
fn e_package_sources_load_from_pis_temporary_cache() {
    let s = Setup::new();
    let cache = s.agent.join("tmp/extensions");
    let npm_entry = s.file(
        cache.join("npm/f35b2129/node_modules/tool/extensions/t.ts"),
        "",
    );
    s.file(
        cache.join("npm/f35b2129/node_modules/tool/package.json"),
        r#"{"version":"1.0.0"}"#,
    );
    // sha256("git-github.com-acme/ext@v1") starts db4ef538 (Pi's getTemporaryDir).
    let git_entry = s.file(
        cache.join("git-github.com/db4ef538/acme/ext/extensions/g.ts"),
        "",
    );
    let sources = vec![
        "npm:tool".to_string(),
        "git:github.com/acme/ext@v1".to_string(),
        "git:github.com/acme/absent".to_string(),
    ];
    let found = s.run(|o| o.explicit = sources.clone());
    assert_eq!(found.paths, vec![npm_entry.clone(), git_entry.clone()]);
    assert_eq!(found.explicit, found.paths);
    // Not cached and not installed: the -e value cannot load.
    assert_eq!(found.errors.len(), 1, "{:?}", found.errors);
    assert!(found.errors[0].from_cli);
    assert!(found.errors[0]
        .message
        .contains("git:github.com/acme/absent"));
    // Its install failed (warned already): the run goes on without it.
    let failed = s.run(|o| {
        o.explicit = sources.clone();
        o.install_failed = vec!["git:github.com/acme/absent".into()];
    });
    assert!(failed.errors.is_empty(), "{:?}", failed.errors);
    assert_eq!(failed.paths, vec![npm_entry, git_entry]);
    // Offline: skipped with a warning, as Pi skips it.
    let offline = s.run(|o| {
        o.explicit = sources;
        o.offline = true;
    });
    assert!(offline.errors.is_empty(), "{:?}", offline.errors);
    assert!(offline
        .warnings
        .iter()
        .any(|w| w.contains("git:github.com/acme/absent") && w.ends_with("skipped (offline)")));
}

#[test]
fn package_objects_filter_and_project_entries_win() {
    let s = Setup::new();
    let root = s.agent.join("npm/node_modules/multi");
    s.file(root.join("package.json"), r#"{"version":"1.0.0"}"#);
    let one = s.file(root.join("extensions/one.ts"), "");
    s.file(root.join("extensions/two.ts"), "");
    s.file(
        s.agent.join("settings.json"),
        r#"{"packages":[{"source":"npm:multi","extensions":["extensions/one.ts"]}],"defaultProjectTrust":"always"}"#,
    );
    assert_eq!(s.run(|_| {}).paths, vec![one]);
    // The project entry for the same package replaces the user entry (and loads nothing).
    s.file(
        s.cwd.join(".pi/settings.json"),
        r#"{"packages":[{"source":"npm:multi","extensions":[]}]}"#,
    );
    let project_root = s.cwd.join(".pi/npm/node_modules/multi");
    s.file(project_root.join("package.json"), r#"{"version":"1.0.0"}"#);
    s.file(project_root.join("extensions/one.ts"), "");
    assert_eq!(s.run(|_| {}).paths, Vec::<PathBuf>::new());
}

#[test]
fn untrusted_project_extensions_are_skipped_with_advice() {
    let s = Setup::new();
    let project_ext = s.file(s.cwd.join(".pi/extensions/p.ts"), "");
    let global = s.file(s.agent.join("extensions/g.ts"), "");
    let found = s.run(|_| {});
    assert_eq!(found.paths, vec![global.clone()]);
    assert!(!found.trust.trusted);
    assert_eq!(found.trust.reason, TrustReason::Default("ask".into()));
    let warning = found.warnings.join("\n");
    assert!(
        warning.contains("--approve") && warning.contains("trust.json"),
        "{warning}"
    );

    // --approve trusts for one run; --no-approve declines without a warning.
    let approved = s.run(|o| o.trust_override = Some(true));
    assert_eq!(approved.paths, vec![project_ext.clone(), global.clone()]);
    let declined = s.run(|o| o.trust_override = Some(false));
    assert_eq!(declined.paths, vec![global.clone()]);
    assert!(declined.warnings.is_empty());

    // A saved decision for a parent folder applies; the closest one wins.
    s.trust(s.cwd.parent().unwrap(), true);
    let saved = s.run(|_| {});
    assert_eq!(saved.paths, vec![project_ext.clone(), global.clone()]);
    assert_eq!(
        saved.trust.reason,
        TrustReason::Saved(s.cwd.parent().unwrap().to_path_buf())
    );
    s.trust(&s.cwd, false);
    assert_eq!(s.run(|_| {}).paths, vec![global.clone()]);

    // defaultProjectTrust "always" trusts when nothing is saved; a broken store is reported.
    s.file(s.agent.join("trust.json"), "{not json");
    s.file(
        s.agent.join("settings.json"),
        r#"{"defaultProjectTrust":"always"}"#,
    );
    let always = s.run(|_| {});
    assert_eq!(always.paths, vec![project_ext, global]);
    assert!(
        always.warnings[0].contains("trust store"),
        "{:?}",
        always.warnings
    );
}

#[test]
fn a_project_without_pi_resources_is_trusted() {
    let s = Setup::new();
    std::fs::create_dir_all(s.cwd.join(".pi")).unwrap();
    let found = s.run(|_| {});
    assert!(found.trust.trusted);
    assert_eq!(found.trust.reason, TrustReason::NoProjectResources);
}
