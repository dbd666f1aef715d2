//! Pi's start-up installs on the real binary: a configured npm or git package that is not
//! installed is installed when a run starts; one that cannot be installed (a name the
//! registry does not have, a git host that cannot be reached, a repository that does not
//! exist) is skipped with Pi's warning while the run goes on, and tried again next start.
//! `-e` package sources are installed into Pi's temporary cache for that run only, and
//! refreshed on later starts. Nothing is fetched offline. Git repositories are made by the
//! test (reached through `url.<base>.insteadOf`); npm tests use the real registry and are
//! skipped with a message when it cannot be reached.

use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::json;

use super::packages::{
    git, git_repo_with, has, registry_reachable, settings, tau_git_command, user_settings,
};
use crate::support::{parse_jsonl, stderr, stdout, Workspace};

/// A print-mode run on the scripted model that answers with the system prompt (or, with
/// `echo_prompt`, the user's expanded message), with git pointed at `repos`.
fn run(ws: &Workspace, repos: &Path, extra: &[&str], echo_prompt: bool) -> Output {
    let text = if echo_prompt {
        "${lastUserMessage}"
    } else {
        "${systemPrompt}"
    };
    let script = ws.script(&json!({"turns": [{"text": text}]}));
    let message = if echo_prompt { "/tools-prompt" } else { "hi" };
    tau_git_command(ws, repos)
        .args(["--no-session", "--script"])
        .arg(script)
        .args(extra)
        .args(["-p", message])
        .output()
        .expect("run tau")
}

/// Requires a successful run and returns it.
fn done(output: Output) -> Output {
    assert!(
        output.status.success(),
        "the run stopped:\n{}",
        stderr(&output)
    );
    output
}

fn write_user_packages(ws: &Workspace, packages: serde_json::Value) {
    std::fs::write(
        ws.agent_dir.path().join("settings.json"),
        json!({ "packages": packages }).to_string(),
    )
    .expect("write settings");
}

/// Commits `text` as the package's prompt template and pushes it to the bare repository.
fn push_prompt(work: &Path, text: &str) {
    std::fs::write(work.join("prompts/tools-prompt.md"), text).expect("write");
    git(work, &["commit", "-qam", text]);
    git(work, &["push", "-q", "../repos/acme/tools.git", "main"]);
}

/// The checkouts under Pi's temporary git folder for `git.example.test` (one per ref).
fn temporary_checkouts(ws: &Workspace) -> Vec<PathBuf> {
    let root = ws
        .agent_dir
        .path()
        .join("tmp/extensions/git-git.example.test");
    let mut found: Vec<PathBuf> = std::fs::read_dir(&root)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.path().join("acme/tools"))
                .filter(|p| p.is_dir())
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    found
}

#[test]
fn configured_git_packages_are_installed_at_start_and_a_failing_one_is_skipped_with_a_warning() {
    let test = "configured_git_packages_are_installed_at_start";
    if !has("git") {
        eprintln!("{test}: skipped: git is not on PATH");
        return;
    }
    let ws = Workspace::new();
    let (_work, repos) = git_repo_with(&ws, false);
    let recorded = json!([
        "git:git.example.test/acme/tools",
        "git:git.example.test/acme/missing"
    ]);
    write_user_packages(&ws, recorded.clone());
    let checkout = ws.agent_dir.path().join("git/git.example.test/acme/tools");

    let first = done(run(&ws, &repos, &[], false));
    let (out, err) = (stdout(&first), stderr(&first));
    assert!(out.contains("<name>tools-skill</name>"), "{out}");
    assert!(
        err.contains("Installing git:git.example.test/acme/tools..."),
        "{err}"
    );
    assert!(
        err.contains(
            "tau: warning: Extension package \"git:git.example.test/acme/missing\": failed to install ("
        ) && err.contains(
            "Run \"tau remove git:git.example.test/acme/missing\" to remove it from settings.json."
        ),
        "{err}"
    );
    assert!(checkout.join("skills/tools-skill/SKILL.md").exists());
    assert!(!ws
        .agent_dir
        .path()
        .join("git/git.example.test/acme/missing")
        .exists());
    assert_eq!(user_settings(&ws), json!({ "packages": recorded }));

    // Next start: the installed one is used as it is, the failing one is tried again.
    let second = done(run(&ws, &repos, &[], false));
    let err = stderr(&second);
    assert!(
        !err.contains("Installing git:git.example.test/acme/tools..."),
        "{err}"
    );
    assert!(
        err.contains("Installing git:git.example.test/acme/missing..."),
        "{err}"
    );

    // Offline nothing is fetched: the package that is gone is skipped for this run.
    std::fs::remove_dir_all(&checkout).expect("rm checkout");
    for offline in [
        vec!["--offline"],
        vec![], // PI_OFFLINE below
    ] {
        let mut cmd = tau_git_command(&ws, &repos);
        let script = ws.script(&json!({"turns": [{"text": "${systemPrompt}"}]}));
        cmd.args(["--no-session", "--script"])
            .arg(script)
            .args(&offline)
            .args(["-p", "hi"]);
        if offline.is_empty() {
            cmd.env("PI_OFFLINE", "1");
        }
        let output = done(cmd.output().expect("run tau"));
        let err = stderr(&output);
        assert!(!err.contains("Installing"), "{err}");
        assert!(err.contains("skipped (offline)"), "{err}");
        assert!(!stdout(&output).contains("tools-skill"));
        assert!(!checkout.exists());
    }
}

#[test]
fn project_packages_are_installed_at_start_only_in_a_trusted_project() {
    let test = "project_packages_are_installed_at_start_only_in_a_trusted_project";
    if !has("git") {
        eprintln!("{test}: skipped: git is not on PATH");
        return;
    }
    let ws = Workspace::new();
    let (_work, repos) = git_repo_with(&ws, false);
    ws.write(
        ".pi/settings.json",
        &json!({"packages": ["git:git.example.test/acme/tools"]}).to_string(),
    );
    let checkout = ws.path().join(".pi/git/git.example.test/acme/tools");
    let ignored = done(run(&ws, &repos, &["-na"], false));
    assert!(!checkout.exists(), "{}", stderr(&ignored));
    assert!(!stdout(&ignored).contains("tools-skill"));
    let trusted = done(run(&ws, &repos, &["-a"], false));
    assert!(checkout.is_dir(), "{}", stderr(&trusted));
    assert!(stdout(&trusted).contains("<name>tools-skill</name>"));
}

#[test]
fn e_git_sources_are_cached_where_pi_caches_them_and_refreshed_each_start() {
    let test = "e_git_sources_are_cached_where_pi_caches_them";
    if !has("git") {
        eprintln!("{test}: skipped: git is not on PATH");
        return;
    }
    let ws = Workspace::new();
    let (work, repos) = git_repo_with(&ws, false);
    let source = "git:git.example.test/acme/tools";

    let first = done(run(&ws, &repos, &["-e", source], true));
    assert_eq!(stdout(&first), "two\n", "{}", stderr(&first));
    let checkouts = temporary_checkouts(&ws);
    assert_eq!(checkouts.len(), 1, "{checkouts:?}");
    // Nothing is recorded for a -e source.
    assert!(!ws.agent_dir.path().join("settings.json").exists());
    assert!(!ws.agent_dir.path().join("git").exists());

    // The branch moves on: the next start fetches it.
    push_prompt(&work, "three");
    let refreshed = done(run(&ws, &repos, &["-e", source], true));
    assert_eq!(stdout(&refreshed), "three\n", "{}", stderr(&refreshed));
    assert!(stderr(&refreshed).contains(&format!("Refreshing {source}...")));

    // A pinned ref has its own checkout.
    let pinned = done(run(&ws, &repos, &["-e", &format!("{source}@v1")], true));
    assert_eq!(stdout(&pinned), "one\n", "{}", stderr(&pinned));
    assert_eq!(temporary_checkouts(&ws).len(), 2);

    // Offline the cached copy loads as it is.
    push_prompt(&work, "four");
    let offline = done(run(&ws, &repos, &["--offline", "-e", source], true));
    assert_eq!(stdout(&offline), "three\n", "{}", stderr(&offline));

    // A source that cannot be fetched: Pi's warning, and the run goes on without it.
    let unreachable = "http://127.0.0.1:9/acme/none.git";
    let failed = done(run(&ws, &repos, &["-e", unreachable], false));
    let err = stderr(&failed);
    assert!(
        err.contains(&format!(
            "tau: warning: Extension package \"{unreachable}\": failed to install ("
        )) && err.contains("). Check the source and try again."),
        "{err}"
    );
    assert!(!stdout(&failed).contains("tools-skill"));
}

#[test]
fn npm_packages_from_the_registry_are_installed_at_start_and_a_404_is_skipped() {
    let test = "npm_packages_from_the_registry_are_installed_at_start_and_a_404_is_skipped";
    if !registry_reachable(test) {
        return;
    }
    let ws = Workspace::new();
    let recorded = json!(["npm:is-number@7.0.0", "npm:tau-test-no-such-package-4a1c"]);
    write_user_packages(&ws, recorded.clone());
    let version = |dir: &Path| {
        let text = std::fs::read_to_string(dir.join("package.json")).expect("package.json");
        serde_json::from_str::<serde_json::Value>(&text).expect("json")["version"].clone()
    };
    // json mode: npm's output goes to stderr, stdout stays JSON lines.
    let (records, output) = ws.run_json(&json!({"turns": [{"text": "ok"}]}), &["-p", "hi"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(!records.is_empty());
    assert_eq!(parse_jsonl(&output.stdout).len(), records.len());
    let err = stderr(&output);
    let installed = ws.agent_dir.path().join("npm/node_modules/is-number");
    assert_eq!(version(&installed), json!("7.0.0"), "{err}");
    assert!(
        err.contains(
            "tau: warning: Extension package \"npm:tau-test-no-such-package-4a1c\": failed to install ("
        ) && err.contains("The npm registry has no such package"),
        "{err}"
    );
    assert_eq!(user_settings(&ws), json!({ "packages": recorded }));

    // -e: installed into Pi's temporary npm project, not recorded.
    let script = ws.script(&json!({"turns": [{"text": "ok"}]}));
    let output = ws
        .tau()
        .args(["--no-session", "--script"])
        .arg(script)
        .args(["-e", "npm:is-number@6.0.0", "-p", "hi"])
        .output()
        .expect("run tau");
    assert_eq!(stdout(&output), "ok\n", "{}", stderr(&output));
    let cached = ws
        .agent_dir
        .path()
        .join("tmp/extensions/npm/f35b2129/node_modules/is-number");
    assert_eq!(version(&cached), json!("6.0.0"));
    assert_eq!(version(&installed), json!("7.0.0"));
    assert_eq!(
        settings(&ws.agent_dir.path().join("settings.json")),
        json!({ "packages": recorded })
    );

    // The record's range changes: the installed 7.0.0 no longer fits ^6, so the next start
    // installs a version that does (as Pi does).
    write_user_packages(&ws, json!(["npm:is-number@^6"]));
    let output = ws
        .tau()
        .args(["--no-session", "--script"])
        .arg(ws.script(&json!({"turns": [{"text": "ok"}]})))
        .args(["-p", "hi"])
        .output()
        .expect("run tau");
    assert_eq!(stdout(&output), "ok\n", "{}", stderr(&output));
    assert!(stderr(&output).contains("Installing npm:is-number@^6..."));
    assert_eq!(version(&installed), json!("6.0.0"));
}

#[test]
fn a_project_trusted_at_the_terminal_ui_question_gets_its_packages_installed_off_screen() {
    let test = "a_project_trusted_at_the_terminal_ui_question";
    if !has("git") {
        eprintln!("{test}: skipped: git is not on PATH");
        return;
    }
    let tui = crate::suite::tui_session::Tui::launch(
        Vec::<tau_test_support::MockTurn>::new(),
        &["--no-session"],
        |sandbox, spec| {
            let root = sandbox
                .project
                .parent()
                .expect("sandbox root")
                .to_path_buf();
            super::packages_startup_pi::repository(&root, "tools");
            std::fs::create_dir_all(sandbox.project.join(".pi")).expect("mkdir");
            std::fs::write(
                sandbox.project.join(".pi/settings.json"),
                json!({"packages": ["git:git.example.test/acme/tools"]}).to_string(),
            )
            .expect("settings");
            spec.env("PI_OFFLINE", "0")
                .env("GIT_CONFIG_COUNT", "1")
                .env(
                    "GIT_CONFIG_KEY_0",
                    format!("url.file://{}/repos/.insteadOf", root.display()),
                )
                .env("GIT_CONFIG_VALUE_0", "https://git.example.test/")
        },
    );
    tui.wait("Trust project folder?");
    tui.session.send_key("enter").expect("trust");
    let screen = tui.wait_until("the editor came up", |s| s.contains("mock-model"));
    let checkout = tui
        .sandbox
        .project
        .join(".pi/git/git.example.test/acme/tools");
    assert!(
        checkout.join("skills/tools-skill/SKILL.md").exists(),
        "{}",
        screen.text()
    );
    // git's own output ("Cloning into …") stayed off the screen.
    assert!(!screen.text().contains("Cloning into"), "{}", screen.text());
    tui.quit();
}

#[test]
fn an_e_git_package_s_extension_runs_for_that_run_only() {
    let test = "an_e_git_package_s_extension_runs_for_that_run_only";
    let Some(host) = super::ext_support::ext_env(test) else {
        return;
    };
    if !has("git") || !has("npm") {
        eprintln!("{test}: skipped: needs git and npm on PATH");
        return;
    }
    let ws = Workspace::new();
    // The package's extension writes loaded-tools.txt into the working folder.
    let (_work, repos) = super::packages::git_repo(&ws);
    let script = ws.script(&json!({"turns": [{"text": "ok"}]}));
    let mut cmd = host.tau(&ws, &[]);
    cmd.env("GIT_CONFIG_COUNT", "1")
        .env(
            "GIT_CONFIG_KEY_0",
            format!("url.file://{}/.insteadOf", repos.display()),
        )
        .env("GIT_CONFIG_VALUE_0", "https://git.example.test/")
        .args(["--no-session", "--script"])
        .arg(&script)
        .args(["-e", "https://git.example.test/acme/tools@v1", "-p", "hi"]);
    let output = done(cmd.output().expect("run tau"));
    assert_eq!(stdout(&output), "ok\n");
    assert_eq!(ws.read("loaded-tools.txt"), "yes", "{}", stderr(&output));
    assert!(!ws.agent_dir.path().join("settings.json").exists());

    // Without the -e value the next run has no such extension.
    std::fs::remove_file(ws.path().join("loaded-tools.txt")).expect("rm");
    let output = done(
        host.tau(&ws, &[])
            .args(["--no-session", "--script"])
            .arg(&script)
            .args(["-p", "hi"])
            .output()
            .expect("run tau"),
    );
    assert_eq!(stdout(&output), "ok\n");
    assert!(!ws.path().join("loaded-tools.txt").exists());
}

#[test]
fn the_terminal_ui_names_packages_with_updates_as_pi_does() {
    let test = "the_terminal_ui_names_packages_with_updates_as_pi_does";
    if !has("git") {
        eprintln!("{test}: skipped: git is not on PATH");
        return;
    }
    let tui = crate::suite::tui_session::Tui::start_with(
        Vec::<tau_test_support::MockTurn>::new(),
        &["--no-session"],
        |sandbox, spec| {
            let root = sandbox
                .project
                .parent()
                .expect("sandbox root")
                .to_path_buf();
            super::packages_startup_pi::repository(&root, "tools");
            let insteadof = format!("url.file://{}/repos/.insteadOf", root.display());
            // Installed (and recorded) before the start...
            let installed = std::process::Command::new(env!("CARGO_BIN_EXE_tau"))
                .args(["install", "git:git.example.test/acme/tools"])
                .current_dir(&sandbox.project)
                .env("TAU_AGENT_DIR", &sandbox.agent_dir)
                .env("HOME", &sandbox.home)
                .env("GIT_CONFIG_COUNT", "1")
                .env("GIT_CONFIG_KEY_0", &insteadof)
                .env("GIT_CONFIG_VALUE_0", "https://git.example.test/")
                .output()
                .expect("tau install");
            assert!(installed.status.success(), "{}", stderr(&installed));
            // ...then the branch moves on.
            let work = root.join("work-tools");
            std::fs::write(work.join("NEWS.md"), "more").expect("write");
            git(&work, &["add", "-A"]);
            git(&work, &["commit", "-qm", "more"]);
            git(&work, &["push", "-q", "../repos/acme/tools.git", "main"]);
            spec.env("PI_OFFLINE", "0")
                .env("GIT_CONFIG_COUNT", "1")
                .env("GIT_CONFIG_KEY_0", insteadof)
                .env("GIT_CONFIG_VALUE_0", "https://git.example.test/")
        },
    );
    let screen = tui.wait("Package Updates Available");
    assert!(
        screen.contains("Run tau update --extensions")
            && screen.contains("- git.example.test/acme/tools"),
        "{screen}"
    );
    tui.quit();
}
