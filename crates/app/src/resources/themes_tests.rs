//! Which theme paths a run loads, and in which order: conventional folders, the `themes`
//! setting with its `!`/`+`/`-` entries, packages with their records' filters, project trust,
//! `--no-themes` and `--theme`.

use std::path::{Path, PathBuf};

use serde_json::json;
use tau_ext_bridge::discovery::PackageRoot;

use super::*;
use crate::resources::{theme_paths, ResourceOptions};

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    std::fs::write(path, text).expect("write");
}

/// An agent dir and a project under one temporary folder.
struct Layout {
    _dir: tempfile::TempDir,
    agent: PathBuf,
    cwd: PathBuf,
    root: PathBuf,
}

fn layout() -> Layout {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().canonicalize().expect("canonical");
    let (agent, cwd) = (root.join("agent"), root.join("project"));
    std::fs::create_dir_all(&agent).expect("agent");
    std::fs::create_dir_all(&cwd).expect("cwd");
    Layout {
        _dir: dir,
        agent,
        cwd,
        root,
    }
}

fn options(l: &Layout, trusted: bool, packages: Vec<PackageRoot>) -> ResourceOptions {
    ResourceOptions {
        agent_dir: l.agent.clone(),
        cwd: l.cwd.clone(),
        trusted,
        packages,
        ..Default::default()
    }
}

/// The loaded paths relative to the layout's root, with their source and scope.
fn shown(l: &Layout, options: &ResourceOptions) -> Vec<String> {
    theme_paths(options)
        .into_iter()
        .map(|(path, origin)| {
            let rel = path.strip_prefix(&l.root).unwrap_or(&path).display();
            format!("{rel} {} {}", origin.source, origin.scope)
        })
        .collect()
}

fn package(root: &Path, scope: &'static str, filter: Option<serde_json::Value>) -> PackageRoot {
    PackageRoot {
        root: root.to_path_buf(),
        source: root.display().to_string(),
        scope,
        filter,
    }
}

#[test]
fn settings_entries_then_project_then_user_folders_then_packages_then_explicit() {
    let l = layout();
    write(&l.agent.join("themes/user.json"), "{}");
    write(&l.agent.join("themes/deep/not-auto.json"), "{}");
    write(&l.agent.join("extra/one.json"), "{}");
    write(&l.agent.join("extra/nested/two.json"), "{}");
    write(
        &l.agent.join("settings.json"),
        &json!({"themes": ["extra", "missing-folder"]}).to_string(),
    );
    write(&l.cwd.join(".pi/themes/proj.json"), "{}");
    write(&l.cwd.join(".pi/mine.json"), "{}");
    write(
        &l.cwd.join(".pi/settings.json"),
        &json!({"themes": ["mine.json"]}).to_string(),
    );
    let pkg = l.root.join("pkg");
    write(&pkg.join("themes/pkg.json"), "{}");
    write(&pkg.join("themes/more/pkg2.json"), "{}");
    let temp = l.root.join("temp");
    write(&temp.join("themes/cli-pkg.json"), "{}");
    let mut options = options(
        &l,
        true,
        vec![
            package(&temp, "temporary", None),
            package(&pkg, "user", None),
        ],
    );
    options.themes = vec!["../given.json".into()];
    assert_eq!(
        shown(&l, &options),
        [
            format!("temp/themes/cli-pkg.json {} temporary", temp.display()),
            "project/.pi/mine.json local project".into(),
            "project/.pi/themes/proj.json auto project".into(),
            "agent/extra/nested/two.json local user".into(),
            "agent/extra/one.json local user".into(),
            "agent/themes/user.json auto user".into(),
            format!("pkg/themes/more/pkg2.json {} user", pkg.display()),
            format!("pkg/themes/pkg.json {} user", pkg.display()),
            "given.json local temporary".into(),
        ]
    );

    // An untrusted project adds nothing; `--no-themes` keeps `-e` packages and `--theme`.
    options.trusted = false;
    let untrusted = shown(&l, &options);
    assert!(
        untrusted.iter().all(|p| !p.contains("project/")),
        "{untrusted:?}"
    );
    assert_eq!(untrusted.len(), 7, "{untrusted:?}");
    options.no_themes = true;
    assert_eq!(
        shown(&l, &options),
        [
            format!("temp/themes/cli-pkg.json {} temporary", temp.display()),
            "given.json local temporary".into(),
        ]
    );
}

#[test]
fn settings_patterns_turn_themes_off_and_on() {
    let l = layout();
    write(&l.agent.join("themes/keep.json"), "{}");
    write(&l.agent.join("themes/drop.json"), "{}");
    write(&l.agent.join("more/a.json"), "{}");
    write(&l.agent.join("more/b.json"), "{}");
    write(
        &l.agent.join("settings.json"),
        &json!({"themes": ["more", "!more/b.json", "-themes/drop.json"]}).to_string(),
    );
    let options = options(&l, true, Vec::new());
    assert_eq!(
        shown(&l, &options),
        [
            "agent/more/a.json local user",
            "agent/themes/keep.json auto user"
        ]
    );
}

#[test]
fn a_package_s_manifest_and_its_record_s_filter_decide_its_themes() {
    let l = layout();
    let pkg = l.root.join("pkg");
    write(
        &pkg.join("package.json"),
        &json!({"name": "p", "pi": {"themes": ["./looks/*.json"]}}).to_string(),
    );
    write(&pkg.join("looks/a.json"), "{}");
    write(&pkg.join("looks/b.json"), "{}");
    write(&pkg.join("themes/ignored.json"), "{}");
    let only = |filter| {
        let options = options(&l, true, vec![package(&pkg, "user", filter)]);
        theme_paths(&options)
            .into_iter()
            .map(|(p, _)| p.strip_prefix(&pkg).unwrap_or(&p).display().to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(only(None), ["looks/a.json", "looks/b.json"]);
    assert_eq!(
        only(Some(json!({"source": "x", "themes": ["-looks/b.json"]}))),
        ["looks/a.json"]
    );
    assert!(only(Some(json!({"source": "x", "themes": []}))).is_empty());
    assert_eq!(
        only(Some(
            json!({"source": "x", "autoload": false, "themes": ["+looks/b.json"]})
        )),
        ["looks/b.json"]
    );
}

#[test]
fn dot_entries_and_node_modules_are_skipped() {
    let l = layout();
    for file in [
        "b.json",
        "a.json",
        "notes.md",
        ".hidden.json",
        "nested/c.json",
    ] {
        write(&l.root.join("t").join(file), "{}");
    }
    write(&l.root.join("t/node_modules/x/d.json"), "{}");
    let t = l.root.join("t");
    assert_eq!(files_in(&t), [t.join("a.json"), t.join("b.json")]);
    assert_eq!(
        tree(&t),
        [t.join("a.json"), t.join("b.json"), t.join("nested/c.json")]
    );
    assert!(files_in(&t.join("missing")).is_empty());
}
