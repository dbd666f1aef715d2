//! The screen's model on a real agent directory and project: rows, search, selection, and
//! Pi's toggles in both views.

use serde_json::{json, Value};

use super::*;

struct Fixture {
    _dir: tempfile::TempDir,
    agent: PathBuf,
    project: PathBuf,
}

fn write(path: &std::path::Path, text: &str) {
    std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    std::fs::write(path, text).expect("write");
}

/// A user package `pkg` with one extension and two skills, recorded in the user settings.
fn fixture() -> Fixture {
    let dir = tempfile::tempdir().expect("temp");
    let agent = dir.path().join("agent");
    let project = dir.path().join("project");
    let pkg = dir.path().join("pkg");
    write(
        &pkg.join("extensions/a.ts"),
        "export default function () {}",
    );
    for name in ["alpha", "beta"] {
        write(
            &pkg.join(format!("skills/{name}/SKILL.md")),
            "---\ndescription: d\n---\nx",
        );
    }
    write(
        &agent.join("settings.json"),
        &json!({"packages": ["../pkg"]}).to_string(),
    );
    std::fs::create_dir_all(&project).expect("mkdir");
    Fixture {
        _dir: dir,
        agent,
        project,
    }
}

fn model(f: &Fixture, scope: Scope) -> ConfigModel {
    let manager = PackageManager::new(&f.agent, &f.project, true, Box::new(|_| {}));
    ConfigModel::new(manager, scope, true)
}

fn read(path: &std::path::Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("read")).expect("json")
}

fn selected_name(model: &ConfigModel) -> String {
    match model.rows()[model.selected] {
        Row::Item(g, r) => model.groups[g].resources[r].display.clone(),
        other => panic!("selected a heading: {other:?}"),
    }
}

#[test]
fn rows_search_and_selection_skip_headings() {
    let f = fixture();
    let mut m = model(&f, Scope::User);
    assert_eq!(m.rows().len(), 6, "group, two kinds, three resources");
    assert_eq!(selected_name(&m), "a.ts");
    m.move_by(1);
    assert_eq!(selected_name(&m), "alpha");
    m.move_by(10);
    assert_eq!(selected_name(&m), "beta");
    m.move_by(-10);
    assert_eq!(selected_name(&m), "a.ts");
    m.set_query("bet");
    assert_eq!(m.rows().len(), 3);
    assert_eq!(selected_name(&m), "beta");
    m.set_query("nothing-matches");
    assert!(m.rows().is_empty());
}

#[test]
fn the_global_view_flips_and_the_project_view_cycles_overrides() {
    let f = fixture();
    let mut m = model(&f, Scope::User);
    m.set_query("alpha");
    m.toggle();
    assert_eq!(
        read(&f.agent.join("settings.json")),
        json!({"packages": [{"source": "../pkg", "skills": ["-skills/alpha/SKILL.md"]}]})
    );
    m.toggle();
    assert_eq!(
        read(&f.agent.join("settings.json")),
        json!({"packages": [{"source": "../pkg", "skills": ["+skills/alpha/SKILL.md"]}]})
    );

    // Enabled for the user: inherit -> unload -> load -> inherit.
    m.switch_scope();
    assert_eq!(m.scope, Scope::Project);
    m.set_query("beta");
    let project_settings = f.project.join(".pi/settings.json");
    m.toggle();
    assert_eq!(
        read(&project_settings),
        json!({"packages": [{"source": "../../pkg", "autoload": false, "skills": ["-skills/beta/SKILL.md"]}]})
    );
    m.toggle();
    assert_eq!(
        read(&project_settings)["packages"][0]["skills"],
        json!(["+skills/beta/SKILL.md"])
    );
    m.toggle();
    assert_eq!(read(&project_settings), json!({"packages": []}));
    assert_eq!(m.status, None);
}
