//! Theme files reach the terminal UI from every place Pi 1.6.0 loads them: the `themes`
//! setting, a trusted project's `.pi/themes/`, the agent directory's `themes/`, an installed
//! package's themes and `--theme`; `--use-theme` picks one of them, `/settings` lists them,
//! a broken file is reported by name while the others load, `--no-themes` keeps only the
//! explicit paths, and `/reload` reads the files again.

use std::path::Path;

use serde_json::{json, Value};
use tau_test_support::oracle::AgentSandbox;

use crate::suite::ext_support::ext_env;
use crate::suite::tui_session::{tui_node, Tui};

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    std::fs::write(path, text).expect("write");
}

/// A complete theme file (the tui crate's fixture) called `name`.
fn theme(name: &str) -> String {
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../tui/tests/themes/basic-palette.json");
    let text = std::fs::read_to_string(&fixture).expect("theme fixture");
    let mut value: Value = serde_json::from_str(&text).expect("fixture JSON");
    value["name"] = json!(name);
    value.to_string()
}

/// Themes in every place: a package (one good, one broken file), the `themes` setting, the
/// project's `.pi/themes/`, and a file for `--theme`.
fn fill(sandbox: &AgentSandbox) {
    let package = sandbox.home.join("pkgs/looks");
    write(
        &package.join("package.json"),
        &json!({"name": "looks", "version": "1.0.0"}).to_string(),
    );
    write(&package.join("themes/pkg-ocean.json"), &theme("pkg-ocean"));
    let mut broken: Value = serde_json::from_str(&theme("broken")).expect("JSON");
    broken["colors"]["accent"] = json!("#zzz");
    write(&package.join("themes/broken.json"), &broken.to_string());
    write(
        &sandbox.agent_dir.join("extra/from-settings.json"),
        &theme("from-settings"),
    );
    let settings_path = sandbox.agent_dir.join("settings.json");
    let mut settings: Value = std::fs::read_to_string(&settings_path)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_else(|| json!({}));
    settings["packages"] = json!([package.display().to_string()]);
    settings["themes"] = json!(["extra"]);
    write(&settings_path, &settings.to_string());
    write(
        &sandbox.project.join(".pi/themes/proj-theme.json"),
        &theme("proj-theme"),
    );
    write(
        &sandbox.agent_dir.join("themes/user-own.json"),
        &theme("user-own"),
    );
    write(
        &sandbox.home.join("given/cli-theme.json"),
        &theme("cli-theme"),
    );
}

/// Opens `/settings` → Theme and returns the theme list as shown.
fn theme_list(tui: &Tui) -> String {
    tui.type_line("/settings");
    tui.wait("Automatically compact context");
    tui.session.send_text("theme").expect("type");
    tui.wait_until("the search finds Theme", |s| s.contains("→ Theme"));
    tui.session.send_key("enter").expect("enter");
    let screen = tui.wait("Select a theme.");
    tui.session.send_key("escape").expect("escape");
    tui.session.send_key("escape").expect("escape");
    tui.wait_until("the editor is back", |s| !s.contains("Type to search"));
    let list = screen.split("Select a theme.").nth(1).unwrap_or_default();
    list.split("Enter to select")
        .next()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn themes_from_settings_project_and_packages_load_and_reload() {
    let tui = Tui::start_with(
        vec![],
        &["--no-session", "-a", "--use-theme", "pkg-ocean"],
        |sandbox, spec| {
            fill(sandbox);
            spec
        },
    );
    // The broken file is named with the key at fault; the others still load.
    let screen = tui.wait("broken.json");
    assert!(screen.contains("colors.accent"), "{screen}");
    assert!(
        !screen.contains("not found"),
        "pkg-ocean was selected\n{screen}"
    );
    let list = theme_list(&tui);
    for name in [
        "✓ pkg-ocean",
        "from-settings",
        "proj-theme",
        "dark",
        "light",
    ] {
        assert!(list.contains(name), "{name} in\n{list}");
    }
    assert!(!list.contains("cli-theme"), "{list}");

    // A theme added later shows after /reload.
    write(
        &tui.sandbox.agent_dir.join("themes/late.json"),
        &theme("late"),
    );
    tui.type_line("/reload");
    tui.wait("Reloaded");
    let list = theme_list(&tui);
    assert!(
        list.contains("late") && list.contains("✓ pkg-ocean"),
        "{list}"
    );
    tui.quit();
}

#[test]
fn no_themes_keeps_only_the_theme_paths_given() {
    let tui = Tui::start_with(vec![], &["--no-session", "-a"], |sandbox, spec| {
        fill(sandbox);
        let given = sandbox.home.join("given/cli-theme.json");
        spec.args([
            "--no-themes",
            "--theme",
            given.to_str().unwrap_or_default(),
            "--use-theme",
            "pkg-ocean",
        ])
    });
    let screen = tui.wait("not found");
    assert!(screen.contains("\"pkg-ocean\""), "{screen}");
    assert!(
        !screen.contains("broken.json"),
        "the package is off\n{screen}"
    );
    let list = theme_list(&tui);
    // As in Pi, the agent directory's own themes stay listed (see the side-by-side test).
    assert!(
        list.contains("cli-theme") && list.contains("user-own"),
        "{list}"
    );
    for name in ["pkg-ocean", "from-settings", "proj-theme"] {
        assert!(!list.contains(name), "{name} in\n{list}");
    }
    tui.quit();
}

#[test]
fn extensions_see_and_switch_to_package_and_project_themes() {
    let test = "extensions_see_and_switch_to_package_and_project_themes";
    let Some(env) = ext_env(test) else {
        return;
    };
    let Some(node) = tui_node(test) else {
        return;
    };
    let extension = r#"
export default function (pi) {
  pi.registerCommand("probe-themes", {
    handler: async (_args, ctx) => {
      const names = ctx.ui.getAllThemes().map((t) => t.name).join(",");
      const got = ctx.ui.getTheme("pkg-ocean");
      const result = ctx.ui.setTheme("proj-theme");
      ctx.ui.notify(`themes=${names} got=${got ? got.name : "none"} switched=${result.success}`, "info");
    },
  });
}
"#;
    let tui = Tui::start_with(vec![], &["--no-session", "-a"], |sandbox, spec| {
        fill(sandbox);
        let path = sandbox.project.join("probe.ts");
        write(&path, extension);
        spec.args(["-e", path.to_str().unwrap_or_default()])
            .env("TAU_EXT_HOST", env.host.display().to_string())
            .env("TAU_NODE", node.display().to_string())
    });
    tui.type_line("/probe-themes");
    let screen = tui.wait("switched=");
    for part in [
        "pkg-ocean",
        "from-settings",
        "proj-theme",
        "got=pkg-ocean",
        "switched=true",
    ] {
        assert!(screen.contains(part), "{part} in\n{screen}");
    }
    // /reload offers a theme added since.
    write(
        &tui.sandbox.agent_dir.join("themes/late.json"),
        &theme("late"),
    );
    tui.type_line("/reload");
    tui.wait("Reloaded");
    tui.type_line("/probe-themes");
    tui.wait_until("the new theme is offered", |s| {
        s.contains(",late,") || s.contains("themes=late,")
    });
    tui.quit();
}

/// `config`'s screen for the themes of [`fill`] (the project trusted by a saved decision),
/// global view then project view, with the temporary folder written `<root>`.
fn config_screens(harness: tau_test_support::oracle::Harness) -> Option<Vec<String>> {
    use tau_test_support::oracle::{Harness, PiOracle};
    use tau_test_support::pty::{PtyCommand, PtySession};
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().canonicalize().expect("canonical");
    let sandbox = AgentSandbox::create(&root).expect("sandbox");
    fill(&sandbox);
    let project = sandbox.project.canonicalize().expect("project");
    write(
        &sandbox.agent_dir.join("trust.json"),
        &json!({ project.display().to_string(): true }).to_string(),
    );
    let mut spec = match harness {
        Harness::Tau => PtyCommand::new(env!("CARGO_BIN_EXE_tau"), &sandbox.project),
        Harness::Pi => {
            let Some(pi) = PiOracle::locate() else {
                eprintln!("config side by side: skipped: the reference Pi is not installed (tools/oracle/setup.sh)");
                return None;
            };
            PtyCommand::new(&pi.node, &sandbox.project).args([pi.cli.as_os_str()])
        }
    };
    spec = spec.args(["config"]).size(100, 40);
    spec.clear_env = true;
    for (key, value) in sandbox.env(harness) {
        spec = spec.env(key, value);
    }
    let session = PtySession::spawn_with(spec).expect("spawn config");
    let shown = |what: &str| {
        let screen = session
            .wait_for_text(what, std::time::Duration::from_secs(30))
            .unwrap_or_else(|dump| panic!("{what}: {dump}"));
        screen.text().replace(&root.display().to_string(), "<root>")
    };
    let global = shown("Global Resources");
    session.send_key("tab").expect("tab");
    let project_view = shown("Project Local Resources");
    session.send_key("ctrl+c").expect("ctrl+c");
    let _ = session.wait_exit(std::time::Duration::from_secs(20));
    Some(vec![global, project_view])
}

/// The screen without what is known to differ: the settings file line under the title (Pi
/// always writes `~/.pi/agent/settings.json`, tau the file it edits) and Pi's built-in
/// extensions (tau has none).
fn comparable(screen: &str) -> String {
    let mut out = Vec::new();
    let mut in_builtin = false;
    for line in screen.lines() {
        if line.ends_with("settings.json") && !line.starts_with(' ') && !line.starts_with(".pi") {
            continue;
        }
        if line.starts_with("  ") && !line.starts_with("   ") {
            in_builtin = line.trim_start().starts_with("Built-in");
        }
        if !in_builtin {
            out.push(line);
        }
    }
    out.join("\n")
}

#[test]
fn config_lists_themes_as_pi_does_side_by_side() {
    use tau_test_support::oracle::Harness;
    let Some(pi) = config_screens(Harness::Pi) else {
        return;
    };
    let tau = config_screens(Harness::Tau).expect("tau runs");
    let (tau, pi): (Vec<String>, Vec<String>) = (
        tau.iter().map(|s| comparable(s)).collect(),
        pi.iter().map(|s| comparable(s)).collect(),
    );
    pretty_assertions::assert_eq!(tau, pi);
    for name in ["pkg-ocean.json", "from-settings.json", "user-own.json"] {
        assert!(tau[0].contains(name), "{name} in {}", tau[0]);
    }
    assert!(tau[1].contains("proj-theme.json"), "{}", tau[1]);
}

#[test]
fn config_disables_a_package_theme_and_the_next_run_goes_without_it() {
    let tui = Tui::start_with(
        vec![],
        &["--no-session", "-a", "--use-theme", "pkg-ocean"],
        |sandbox, spec| {
            fill(sandbox);
            let output = std::process::Command::new(env!("CARGO_BIN_EXE_tau"))
                .args(["config", "--disable", "pkg-ocean.json"])
                .current_dir(&sandbox.project)
                .envs(sandbox.env(tau_test_support::oracle::Harness::Tau))
                .output()
                .expect("run tau config");
            let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
            assert!(output.status.success(), "{stdout}");
            assert!(
                stdout.starts_with("Disabled theme pkg-ocean.json ("),
                "{stdout}"
            );
            assert!(stdout.contains("    Themes\n"), "{stdout}");
            assert!(stdout.contains("      [ ] pkg-ocean.json\n"), "{stdout}");
            let settings: Value = serde_json::from_str(
                &std::fs::read_to_string(sandbox.agent_dir.join("settings.json")).expect("read"),
            )
            .expect("JSON");
            assert_eq!(
                settings["packages"][0]["themes"],
                json!(["-themes/pkg-ocean.json"]),
                "{settings}"
            );
            spec
        },
    );
    let screen = tui.wait("not found");
    assert!(screen.contains("\"pkg-ocean\""), "{screen}");
    let list = theme_list(&tui);
    assert!(
        !list.contains("pkg-ocean") && list.contains("from-settings"),
        "{list}"
    );
    tui.quit();
}

#[test]
fn a_trusted_project_s_theme_setting_picks_its_own_theme() {
    let project_setting = |sandbox: &AgentSandbox| {
        fill(sandbox);
        write(
            &sandbox.project.join(".pi/settings.json"),
            &json!({"theme": "proj-theme"}).to_string(),
        );
    };
    let tui = Tui::start_with(vec![], &["--no-session", "-a"], |sandbox, spec| {
        project_setting(sandbox);
        spec
    });
    let list = theme_list(&tui);
    assert!(list.contains("✓ proj-theme"), "{list}");
    tui.quit();

    // Untrusted, neither the project's setting nor its themes count.
    let tui = Tui::start_with(vec![], &["--no-session", "-na"], |sandbox, spec| {
        project_setting(sandbox);
        spec
    });
    let list = theme_list(&tui);
    assert!(
        list.contains("✓ system") && !list.contains("proj-theme"),
        "{list}"
    );
    tui.quit();
}

/// `/export` after one exchange; the page written.
fn exported_page(args: &[&str], prepare: impl FnOnce(&AgentSandbox)) -> String {
    let tui = Tui::start_with(
        vec![tau_test_support::MockTurn::text("themed answer")],
        args,
        |sandbox, spec| {
            prepare(sandbox);
            spec
        },
    );
    tui.type_line("hello theme");
    tui.wait("themed answer");
    tui.type_line("/export page.html");
    tui.wait("Session exported to: page.html");
    let page = std::fs::read_to_string(tui.sandbox.project.join("page.html")).expect("page");
    tui.quit();
    page
}

#[test]
fn export_uses_the_active_theme_s_colours() {
    let page = exported_page(&["--no-session", "--use-theme", "ocean"], |sandbox| {
        let mut ocean: Value = serde_json::from_str(&theme("ocean")).expect("JSON");
        ocean["vars"] = json!({"deep": "#123456"});
        ocean["export"] = json!({"pageBg": "deep", "cardBg": "#234567"});
        ocean["colors"]["accent"] = json!("#ff8800");
        write(
            &sandbox.agent_dir.join("themes/ocean.json"),
            &ocean.to_string(),
        );
    });
    let rule = page.split(":root:root {").nth(1).expect("the theme's rule");
    for line in ["--bg: #123456;", "--panel: #234567;", "--accent: #ff8800;"] {
        assert!(rule.contains(line), "{line} in {rule}");
    }
    // The `system` theme is the terminal's colours: the page keeps its own.
    let page = exported_page(&["--no-session"], |_| {});
    assert!(!page.contains(":root:root"), "no theme rule");
}

/// The theme names `/settings` → Theme lists (Pi's "automatic" entry left out: tau has no
/// automatic mode yet), for a harness started in [`fill`]'s sandbox with `args`.
fn listed_themes(harness: tau_test_support::oracle::Harness, args: &[&str]) -> Option<Vec<String>> {
    use std::time::Duration;
    let dir = tempfile::tempdir().expect("tempdir");
    let sandbox = AgentSandbox::create(dir.path()).expect("sandbox");
    fill(&sandbox);
    let spec = super::interactive_pty::command(harness, &sandbox, false)?;
    let runtime = super::interactive_pty::runtime();
    let server = runtime
        .block_on(tau_test_support::MockServer::start(vec![]))
        .expect("mock server");
    sandbox.point_at(&server.base_url()).expect("models.json");
    let given = sandbox.home.join("given/cli-theme.json");
    let spec = spec
        .args(args.iter().copied())
        .args(["--theme", given.to_str().unwrap_or_default()]);
    let session = tau_test_support::pty::PtySession::spawn_with(spec).expect("spawn");
    let wait = |text: &str| {
        session
            .wait_for_text(text, Duration::from_secs(60))
            .unwrap_or_else(|dump| panic!("{harness:?} never showed {text:?}\n{dump}"))
    };
    wait("mock-model");
    session.send_text("/settings").expect("type");
    wait("/settings");
    session.send_key("enter").expect("enter");
    wait("Automatically compact context");
    session.send_text("theme").expect("type");
    wait("→ Theme");
    session.send_key("enter").expect("enter");
    let screen = wait("Select a theme").text();
    session.kill();
    let list = screen.split("Select a theme").nth(1).unwrap_or_default();
    let list = list.split("Enter to select").next().unwrap_or_default();
    let mut names: Vec<String> = list
        .lines()
        .skip(1)
        .filter_map(|line| {
            let line = line.trim_start_matches(['→', ' ', '✓']);
            line.split_whitespace().next().map(str::to_string)
        })
        .filter(|name| name != "automatic")
        .collect();
    names.sort();
    Some(names)
}

#[test]
fn no_themes_lists_the_same_themes_as_pi_side_by_side() {
    use tau_test_support::oracle::Harness;
    let args = ["--no-themes", "-a", "--use-theme", "user-own"];
    let Some(pi) = listed_themes(Harness::Pi, &args) else {
        return;
    };
    let tau = listed_themes(Harness::Tau, &args).expect("tau runs");
    // Pi's list still reads the agent directory's themes folder: its themes stay selectable.
    assert_eq!(tau, pi);
    assert_eq!(
        tau,
        ["cli-theme", "dark", "light", "system", "user-own"].map(String::from)
    );
}
