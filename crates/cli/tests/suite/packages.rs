//! `tau install|remove|update|list|config` on the real binary: local folders, git
//! repositories made by the test (served to git by path through `url.<base>.insteadOf`, so
//! `git:` shorthand and https URLs reach them), and a real npm package from the registry
//! (skipped with a message when npm or the registry is unavailable). What Pi prints and
//! records was read from Pi 1.6.0 (`package-manager-cli.js`, `core/package-manager.js`).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::{json, Value};

use super::ext_support::ext_env;
use crate::support::{stderr, stdout, Workspace};

/// Runs `tau <args>` in the workspace.
fn tau(ws: &Workspace, args: &[&str]) -> Output {
    ws.tau().args(args).output().expect("run tau")
}

/// Runs `tau <args>` and requires success.
fn ok(ws: &Workspace, args: &[&str]) -> String {
    let output = tau(ws, args);
    assert!(
        output.status.success(),
        "tau {args:?} failed:\n{}",
        stderr(&output)
    );
    stdout(&output)
}

/// Runs `tau <args>`, requires failure, returns stderr.
fn refused(ws: &Workspace, args: &[&str]) -> String {
    let output = tau(ws, args);
    assert_eq!(
        output.status.code(),
        Some(1),
        "tau {args:?}: {}",
        stdout(&output)
    );
    stderr(&output)
}

pub(super) fn settings(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).expect("settings.json");
    serde_json::from_str(&text).expect("settings JSON")
}

pub(super) fn user_settings(ws: &Workspace) -> Value {
    settings(&ws.agent_dir.path().join("settings.json"))
}

/// A package folder with an extension (which writes `loaded-<name>.txt` into the working
/// folder when tau loads it), a skill and a prompt template.
pub(super) fn write_package(ws: &Workspace, rel: &str, name: &str) -> PathBuf {
    ws.write(
        &format!("{rel}/package.json"),
        &json!({"name": name, "version": "1.0.0"}).to_string(),
    );
    ws.write(
        &format!("{rel}/extensions/mark.ts"),
        &format!(
            "import {{ writeFileSync }} from \"node:fs\";\n\
             export default function (pi: any) {{\n\
             \x20 writeFileSync(\"loaded-{name}.txt\", \"yes\");\n\
             }}\n"
        ),
    );
    ws.write(
        &format!("{rel}/skills/{name}-skill/SKILL.md"),
        &format!("---\ndescription: Skill from {name}\n---\nDo it.\n"),
    );
    ws.write(&format!("{rel}/prompts/{name}-prompt.md"), "Prompt says $1");
    ws.path().join(rel)
}

#[test]
fn a_local_package_is_recorded_listed_and_removed_as_pi_does() {
    let ws = Workspace::new();
    write_package(&ws, "pkgs/tools", "tools");
    assert_eq!(
        ok(&ws, &["install", "./pkgs/tools"]),
        "Installed ./pkgs/tools\n"
    );
    // Recorded relative to the settings file's folder (the agent dir), once.
    let agent = ws.agent_dir.path();
    let recorded = tau_app_relative(agent, &ws.path().join("pkgs/tools"));
    assert_eq!(user_settings(&ws), json!({"packages": [recorded]}));
    ok(
        &ws,
        &[
            "install",
            &ws.path().join("pkgs/tools").display().to_string(),
        ],
    );
    assert_eq!(user_settings(&ws), json!({"packages": [recorded]}));

    // Project-local: recorded relative to .pi/.
    assert_eq!(
        ok(&ws, &["install", "-l", "pkgs/tools"]),
        "Installed pkgs/tools\n"
    );
    assert_eq!(
        settings(&ws.path().join(".pi/settings.json")),
        json!({"packages": ["../pkgs/tools"]})
    );
    // The project now has .pi/settings.json and no trust decision: as in Pi, its packages
    // count only with --approve.
    let folder = ws.path().join("pkgs/tools");
    assert_eq!(
        ok(&ws, &["list", "-a"]),
        format!(
            "User packages:\n  {recorded}\n    {}\n\nProject packages:\n  ../pkgs/tools\n    {}\n",
            folder.display(),
            folder.display()
        )
    );
    let error = refused(&ws, &["uninstall", "-l", "./pkgs/tools"]);
    assert!(error.contains("Project is not trusted."), "{error}");
    assert_eq!(
        ok(&ws, &["uninstall", "-l", "-a", "./pkgs/tools"]),
        "Removed ./pkgs/tools\n"
    );
    assert_eq!(
        settings(&ws.path().join(".pi/settings.json")),
        json!({"packages": []})
    );
    assert_eq!(ok(&ws, &["remove", "pkgs/tools"]), "Removed pkgs/tools\n");
    assert!(
        ws.path().join("pkgs/tools/package.json").exists(),
        "a local package is never deleted"
    );
    assert_eq!(ok(&ws, &["list"]), "No packages installed.\n");

    let error = refused(&ws, &["remove", "./pkgs/tools"]);
    assert!(
        error.contains("No matching package found for ./pkgs/tools"),
        "{error}"
    );
    let error = refused(&ws, &["install", "./missing"]);
    assert!(
        error.contains(&format!(
            "Path does not exist: {}",
            ws.path().join("missing").display()
        )),
        "{error}"
    );
    assert_eq!(
        user_settings(&ws),
        json!({"packages": []}),
        "a failed install records nothing"
    );
}

/// The path `target` as recorded from `base` (what Pi's `path.relative` gives).
fn tau_app_relative(base: &Path, target: &Path) -> String {
    tau_app::packages::relative_path(base, target)
        .display()
        .to_string()
}

#[test]
fn bad_arguments_and_untrusted_projects_are_refused_with_what_to_do() {
    let ws = Workspace::new();
    write_package(&ws, "pkg", "p");
    let error = refused(&ws, &["install"]);
    assert!(error.contains("Missing install source."), "{error}");
    assert!(error.contains("tau install <source> [-l]"), "{error}");
    let error = refused(&ws, &["list", "-l"]);
    assert!(error.contains("Unknown option -l for \"list\""), "{error}");
    let error = refused(&ws, &["update", "self"]);
    assert!(error.contains("tau cannot update itself"), "{error}");
    let error = refused(&ws, &["update", "npm:nothing"]);
    assert!(
        error.contains("No matching package found for npm:nothing"),
        "{error}"
    );
    assert!(ok(&ws, &["install", "--help"]).starts_with("Usage:\n  tau install <source>"));

    // A project with .pi/settings.json and no trust decision: -l is refused, -a allows it.
    ws.write(".pi/settings.json", "{}");
    let error = refused(&ws, &["install", "-l", "./pkg"]);
    assert!(
        error.contains("Project is not trusted. Use --approve to modify local package config."),
        "{error}"
    );
    assert_eq!(ws.read(".pi/settings.json"), "{}");
    ok(&ws, &["install", "-l", "-a", "./pkg"]);
    assert_eq!(
        settings(&ws.path().join(".pi/settings.json")),
        json!({"packages": ["../pkg"]})
    );
    // Not trusted, `list` leaves the project's packages out and says so.
    let output = tau(&ws, &["list"]);
    assert_eq!(stdout(&output), "No packages installed.\n");
    assert!(
        stderr(&output).contains("the project is not trusted"),
        "{}",
        stderr(&output)
    );
    assert!(ok(&ws, &["list", "-a"]).starts_with("Project packages:\n  ../pkg\n"));

    // A broken settings file is never written over.
    std::fs::write(ws.agent_dir.path().join("settings.json"), "{broken").expect("write");
    let error = refused(&ws, &["install", "./pkg"]);
    assert!(error.contains("is not valid settings JSON"), "{error}");
    assert_eq!(
        std::fs::read_to_string(ws.agent_dir.path().join("settings.json")).expect("read"),
        "{broken"
    );
}

#[test]
fn missing_git_and_npm_binaries_are_explained() {
    let ws = Workspace::new();
    let empty = tempfile::tempdir().expect("temp");
    let run = |source: &str| {
        let output = ws
            .tau()
            .env("PATH", empty.path())
            .env_remove("TAU_NPM")
            .args(["install", source])
            .output()
            .expect("run tau");
        assert_eq!(output.status.code(), Some(1));
        stderr(&output)
    };
    let error = run("git:github.com/acme/tools");
    assert!(
        error.contains("git was not found on PATH; git packages need git"),
        "{error}"
    );
    let error = run("npm:is-number");
    assert!(
        error.contains("npm was not found on PATH; npm packages need Node.js with npm"),
        "{error}"
    );
    assert!(!ws.agent_dir.path().join("settings.json").exists());
}

/// `git` with a commit signature, in `dir`.
pub(super) fn git(dir: &Path, args: &[&str]) {
    let status = Command::new("git")
        .args(["-c", "user.email=t@example.test", "-c", "user.name=t"])
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run git");
    assert!(status.status.success(), "git {args:?}: {}", stderr(&status));
}

/// A bare repository `acme/tools.git` under `repos/` with tag `v1` (prompt text "one") and
/// `main` one commit further ("two"), plus the working copy that pushes to it.
pub(super) fn git_repo(ws: &Workspace) -> (PathBuf, PathBuf) {
    git_repo_with(ws, true)
}

/// [`git_repo`], without the extension and package.json when `with_extension` is false (a
/// run then needs no extension host, an install no npm).
pub(super) fn git_repo_with(ws: &Workspace, with_extension: bool) -> (PathBuf, PathBuf) {
    let work = write_package(ws, "work", "tools");
    if !with_extension {
        std::fs::remove_dir_all(work.join("extensions")).expect("rm extensions");
        std::fs::remove_file(work.join("package.json")).expect("rm package.json");
    }
    ws.write("work/prompts/tools-prompt.md", "one");
    git(&work, &["init", "-q", "-b", "main"]);
    git(&work, &["add", "-A"]);
    git(&work, &["commit", "-qm", "one"]);
    git(&work, &["tag", "v1"]);
    ws.write("work/prompts/tools-prompt.md", "two");
    git(&work, &["commit", "-qam", "two"]);
    let repos = ws.path().join("repos");
    std::fs::create_dir_all(repos.join("acme")).expect("mkdir");
    git(
        ws.path(),
        &["clone", "-q", "--bare", "work", "repos/acme/tools.git"],
    );
    (work, repos)
}

/// tau with git told that `https://git.example.test/` is the local `repos/` folder.
pub(super) fn tau_git_command(ws: &Workspace, repos: &Path) -> Command {
    let mut cmd = ws.tau();
    cmd.env("GIT_CONFIG_COUNT", "1")
        .env(
            "GIT_CONFIG_KEY_0",
            format!("url.file://{}/.insteadOf", repos.display()),
        )
        .env("GIT_CONFIG_VALUE_0", "https://git.example.test/");
    cmd
}

/// Runs `tau <args>` with [`tau_git_command`].
pub(super) fn tau_git(ws: &Workspace, repos: &Path, args: &[&str]) -> Output {
    tau_git_command(ws, repos)
        .args(args)
        .output()
        .expect("run tau")
}

pub(super) fn has(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn git_packages_clone_pin_update_and_remove() {
    if !has("git") || !has("npm") {
        eprintln!("git_packages_clone_pin_update_and_remove: skipped: needs git and npm on PATH");
        return;
    }
    let ws = Workspace::new();
    let (work, repos) = git_repo(&ws);
    let checkout = ws.agent_dir.path().join("git/git.example.test/acme/tools");
    let prompt =
        || std::fs::read_to_string(checkout.join("prompts/tools-prompt.md")).expect("prompt");
    let run_ok = |args: &[&str]| {
        let output = tau_git(&ws, &repos, args);
        assert!(output.status.success(), "tau {args:?}: {}", stderr(&output));
        (stdout(&output), stderr(&output))
    };

    let (out, progress) = run_ok(&["install", "git:git.example.test/acme/tools@v1"]);
    assert_eq!(out, "Installed git:git.example.test/acme/tools@v1\n");
    assert!(
        progress.contains("Installing git:git.example.test/acme/tools@v1..."),
        "{progress}"
    );
    assert_eq!(prompt(), "one");
    assert_eq!(
        std::fs::read_to_string(ws.agent_dir.path().join("git/.gitignore")).expect("gitignore"),
        "*\n!.gitignore\n"
    );
    let (listed, _) = run_ok(&["list"]);
    assert_eq!(
        listed,
        format!(
            "User packages:\n  git:git.example.test/acme/tools@v1\n    {}\n",
            checkout.display()
        )
    );
    // A pinned ref stays where it is.
    let (out, _) = run_ok(&["update"]);
    assert_eq!(out, "Packages are already up to date\n");
    assert_eq!(prompt(), "one");

    // The same repository by URL replaces the record; unpinned, it follows the branch.
    let (out, _) = run_ok(&["install", "https://git.example.test/acme/tools"]);
    assert_eq!(out, "Installed https://git.example.test/acme/tools\n");
    assert_eq!(
        user_settings(&ws),
        json!({"packages": ["https://git.example.test/acme/tools"]})
    );
    assert_eq!(prompt(), "two", "install reconciles an existing clone");
    ws.write("work/prompts/tools-prompt.md", "three");
    git(&work, &["commit", "-qam", "three"]);
    git(&work, &["push", "-q", "../repos/acme/tools.git", "main"]);
    let (out, _) = run_ok(&["update", "git:git.example.test/acme/tools"]);
    assert!(
        out.starts_with("Updated 1 package:\n  https://git.example.test/acme/tools "),
        "{out}"
    );
    assert_eq!(prompt(), "three");

    // A ref that does not exist: the error says what to check, nothing is recorded.
    let output = tau_git(
        &ws,
        &repos,
        &["install", "-l", "git:git.example.test/acme/tools@v9"],
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("no such branch, tag or commit"),
        "{}",
        stderr(&output)
    );
    assert!(
        !ws.path().join(".pi/git/git.example.test").exists(),
        "a failed clone is cleaned up"
    );
    assert!(!ws.path().join(".pi/settings.json").exists());

    let (out, _) = run_ok(&["remove", "git:git@git.example.test:acme/tools"]);
    assert_eq!(out, "Removed git:git@git.example.test:acme/tools\n");
    assert!(!ws.agent_dir.path().join("git/git.example.test").exists());
    assert_eq!(user_settings(&ws), json!({"packages": []}));
}

/// Whether npm can reach the registry (asked once per test run that needs it).
pub(super) fn registry_reachable(test: &str) -> bool {
    if !has("npm") {
        eprintln!("{test}: skipped: npm is not on PATH");
        return false;
    }
    let output = Command::new("npm")
        .args([
            "view",
            "is-number@7.0.0",
            "version",
            "--fetch-timeout=20000",
            "--fetch-retries=0",
        ])
        .output();
    match output {
        Ok(o) if o.status.success() && String::from_utf8_lossy(&o.stdout).trim() == "7.0.0" => true,
        _ => {
            eprintln!(
                "{test}: skipped: the npm registry is unreachable (npm view is-number failed)"
            );
            false
        }
    }
}

#[test]
fn npm_packages_install_pin_update_and_remove_from_the_registry() {
    let test = "npm_packages_install_pin_update_and_remove_from_the_registry";
    if !registry_reachable(test) {
        return;
    }
    let ws = Workspace::new();
    let installed = ws.agent_dir.path().join("npm/node_modules/is-number");
    let version = || {
        let text = std::fs::read_to_string(installed.join("package.json")).expect("package.json");
        serde_json::from_str::<Value>(&text).expect("json")["version"].clone()
    };
    assert_eq!(
        ok(&ws, &["install", "npm:is-number@6.0.0"]),
        "Installed npm:is-number@6.0.0\n"
    );
    assert_eq!(version(), json!("6.0.0"));
    let project = settings(&ws.agent_dir.path().join("npm/package.json"));
    assert_eq!(project["name"], json!("pi-extensions"));
    assert_eq!(project["private"], json!(true));
    assert_eq!(
        ok(&ws, &["list"]),
        format!(
            "User packages:\n  npm:is-number@6.0.0\n    {}\n",
            installed.display()
        )
    );
    // Pinned: left alone.
    assert_eq!(ok(&ws, &["update"]), "Packages are already up to date\n");
    assert_eq!(version(), json!("6.0.0"));
    // Unpinned: brought to the newest version.
    std::fs::write(
        ws.agent_dir.path().join("settings.json"),
        json!({"packages": ["npm:is-number"]}).to_string(),
    )
    .expect("write");
    assert_eq!(
        ok(&ws, &["update", "--extension", "npm:is-number"]),
        "Updated 1 package:\n  npm:is-number 6.0.0 -> 7.0.0\n"
    );
    assert_eq!(version(), json!("7.0.0"));
    assert_eq!(ok(&ws, &["update"]), "Packages are already up to date\n");
    let error = refused(&ws, &["update", "is-number"]);
    assert!(error.contains("Did you mean npm:is-number?"), "{error}");

    // A package the registry does not have.
    let error = refused(&ws, &["install", "npm:tau-test-no-such-package-4f2a9c"]);
    assert!(
        error.contains("The npm registry has no such package"),
        "{error}"
    );
    assert_eq!(user_settings(&ws), json!({"packages": ["npm:is-number"]}));

    assert_eq!(
        ok(&ws, &["remove", "npm:is-number"]),
        "Removed npm:is-number\n"
    );
    assert!(!installed.exists());
    assert_eq!(user_settings(&ws), json!({"packages": []}));
}

/// Runs `tau -p` with the scripted model echoing the system prompt, with the extension host.
fn run_system_prompt(ws: &Workspace, host: &super::ext_support::ExtEnv, extra: &[&str]) -> Output {
    let script = ws.script(&json!({"turns": [{"text": "${systemPrompt}"}]}));
    host.tau(ws, &[])
        .args(["--no-session", "--script"])
        .arg(script)
        .args(extra)
        .args(["-p", "hi"])
        .output()
        .expect("run tau")
}

#[test]
fn an_installed_package_loads_its_extension_skill_and_prompt_in_a_run() {
    let test = "an_installed_package_loads_its_extension_skill_and_prompt_in_a_run";
    let Some(host) = ext_env(test) else {
        return;
    };
    let ws = Workspace::new();
    write_package(&ws, "pkg", "tools");
    ok(&ws, &["install", "./pkg"]);
    let output = run_system_prompt(&ws, &host, &[]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        ws.read("loaded-tools.txt"),
        "yes",
        "the package's extension ran"
    );
    let prompt = stdout(&output);
    assert!(prompt.contains("<name>tools-skill</name>"), "{prompt}");
    let script = ws.script(&json!({"turns": [{"text": "${lastUserMessage}"}]}));
    let echoed = host
        .tau(&ws, &[])
        .args(["--no-session", "--script"])
        .arg(script)
        .args(["-p", "/tools-prompt now"])
        .output()
        .expect("run tau");
    assert_eq!(stdout(&echoed), "Prompt says now\n", "{}", stderr(&echoed));

    // `tau config` lists the package's resources and disables one as Pi's screen does.
    let listed = ok(&ws, &["config"]);
    let source = tau_app_relative(ws.agent_dir.path(), &ws.path().join("pkg"));
    assert!(
        listed.contains(&format!(
            "  {source} (user)\n    Extensions\n      [x] mark.ts\n    Skills\n      [x] tools-skill\n    Prompts\n      [x] tools-prompt.md\n"
        )),
        "{listed}"
    );
    let changed = ok(&ws, &["config", "--disable", "tools-skill"]);
    assert!(
        changed.starts_with(&format!("Disabled skill tools-skill ({source} (user))\n")),
        "{changed}"
    );
    assert!(changed.contains("      [ ] tools-skill\n"), "{changed}");
    assert_eq!(
        user_settings(&ws),
        json!({"packages": [{"source": source, "skills": ["-skills/tools-skill/SKILL.md"]}]})
    );
    let output = run_system_prompt(&ws, &host, &[]);
    assert!(
        !stdout(&output).contains("tools-skill"),
        "{}",
        stdout(&output)
    );
    ok(&ws, &["config", "--enable", "tools-skill"]);
    assert_eq!(
        user_settings(&ws),
        json!({"packages": [{"source": source, "skills": ["+skills/tools-skill/SKILL.md"]}]})
    );

    // The agent directory's own skill is listed under its folder and toggled in the
    // settings' own `skills` list.
    let own = ws.agent_dir.path().join("skills/own/SKILL.md");
    std::fs::create_dir_all(own.parent().expect("parent")).expect("mkdir");
    std::fs::write(&own, "---\ndescription: Own skill\n---\nOwn.\n").expect("write");
    let listed = ok(&ws, &["config", "--disable", "own"]);
    assert!(
        listed.contains("  User (~/)\n    Skills\n      [ ] own\n"),
        "{listed}"
    );
    assert_eq!(
        user_settings(&ws)["skills"],
        json!(["-skills/own/SKILL.md"])
    );
    let output = run_system_prompt(&ws, &host, &[]);
    assert!(
        !stdout(&output).contains("Own skill"),
        "{}",
        stdout(&output)
    );
    ok(&ws, &["config", "--enable", "own"]);
    let output = run_system_prompt(&ws, &host, &[]);
    assert!(stdout(&output).contains("Own skill"), "{}", stdout(&output));

    // Project overrides: an autoload:false entry that unloads the extension here only.
    std::fs::remove_file(ws.path().join("loaded-tools.txt")).expect("rm");
    let changed = ok(&ws, &["config", "-l", "--disable", "mark.ts"]);
    assert!(
        changed.contains("      [-] mark.ts  project unload\n"),
        "{changed}"
    );
    assert_eq!(
        settings(&ws.path().join(".pi/settings.json")),
        json!({"packages": [{"source": "../pkg", "autoload": false, "extensions": ["-extensions/mark.ts"]}]})
    );
    let output = run_system_prompt(&ws, &host, &["-a"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        !ws.path().join("loaded-tools.txt").exists(),
        "the project unloaded it"
    );
    ok(&ws, &["config", "-l", "-a", "--reset", "mark.ts"]);
    assert_eq!(
        settings(&ws.path().join(".pi/settings.json")),
        json!({"packages": []})
    );
}

#[test]
fn config_on_a_terminal_is_pi_s_screen_and_saves_each_toggle() {
    use std::time::Duration;
    use tau_test_support::pty::PtySession;

    let ws = Workspace::new();
    write_package(&ws, "pkg", "tools");
    ok(&ws, &["install", "./pkg"]);
    let agent = ws.agent_dir.path().display().to_string();
    let session = PtySession::spawn(
        env!("CARGO_BIN_EXE_tau"),
        &["config"],
        &[("TAU_AGENT_DIR", &agent), ("HOME", &agent)],
        ws.path(),
        100,
        30,
    )
    .expect("spawn tau config");
    let wait = |what: &str| {
        session
            .wait_for_text(what, Duration::from_secs(20))
            .unwrap_or_else(|e| panic!("{what}: {e}\n{}", session.dump()))
    };
    let screen = wait("Global Resources");
    let source = tau_app_relative(ws.agent_dir.path(), &ws.path().join("pkg"));
    for line in [
        format!("  {source} (user)"),
        "    Extensions".to_string(),
        ">     [x] mark.ts".to_string(),
        "      [x] tools-skill".to_string(),
        "      [x] tools-prompt.md".to_string(),
    ] {
        assert!(
            screen.rows().iter().any(|r| r.trim_end() == line),
            "{line:?} in\n{}",
            session.dump()
        );
    }
    // Typing searches; Space toggles the selected resource and saves it at once.
    session.send_text("skill").expect("type");
    wait(">     [x] tools-skill");
    session.send_text(" ").expect("space");
    wait(">     [ ] tools-skill");
    assert_eq!(
        user_settings(&ws),
        json!({"packages": [{"source": source, "skills": ["-skills/tools-skill/SKILL.md"]}]})
    );
    // Tab: the project view (a project without .pi/ is trusted), where Space cycles the
    // project's override of the user's resource.
    session.send_key("tab").expect("tab");
    wait("Project Local Resources");
    session.send_text(" ").expect("space");
    wait("[+] tools-skill  project load");
    assert_eq!(
        settings(&ws.path().join(".pi/settings.json")),
        json!({"packages": [{"source": "../pkg", "autoload": false, "skills": ["+skills/tools-skill/SKILL.md"]}]})
    );
    session.send_key("ctrl+c").expect("ctrl+c");
    let status = session
        .wait_exit(Duration::from_secs(20))
        .unwrap_or_else(|e| panic!("exit: {e}\n{}", session.dump()));
    assert!(status.success(), "{status:?}");
}

#[test]
fn a_user_package_installed_globally_by_older_versions_is_found_there() {
    use std::os::unix::fs::PermissionsExt;
    let ws = Workspace::new();
    let global = ws.path().join("global/node_modules");
    ws.write(
        "global/node_modules/legacy-tools/package.json",
        r#"{"name":"legacy-tools","version":"1.0.0"}"#,
    );
    // An npm that only answers `npm root -g`.
    let npm = ws.write(
        "bin/npm",
        &format!(
            "#!/bin/sh\n[ \"$1 $2\" = \"root -g\" ] && echo {} && exit 0\nexit 1\n",
            global.display()
        ),
    );
    std::fs::set_permissions(&npm, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    std::fs::write(
        ws.agent_dir.path().join("settings.json"),
        json!({"packages": ["npm:legacy-tools"]}).to_string(),
    )
    .expect("write");
    let output = ws
        .tau()
        .env("TAU_NPM", &npm)
        .arg("list")
        .output()
        .expect("run tau");
    assert_eq!(
        stdout(&output),
        format!(
            "User packages:\n  npm:legacy-tools\n    {}\n",
            global.join("legacy-tools").display()
        ),
        "{}",
        stderr(&output)
    );
}

#[test]
fn an_unreachable_registry_or_git_host_is_explained() {
    let ws = Workspace::new();
    if has("npm") {
        // Port 9 on loopback refuses connections: npm cannot reach its registry.
        let output = ws
            .tau()
            .env("npm_config_registry", "http://127.0.0.1:9/")
            .env("npm_config_fetch_retries", "0")
            .args(["install", "npm:is-number"])
            .output()
            .expect("run tau");
        assert_eq!(output.status.code(), Some(1));
        let error = stderr(&output);
        assert!(
            error.contains("cannot be reached: check the connection"),
            "{error}"
        );
    }
    if has("git") {
        let output = tau(&ws, &["install", "http://127.0.0.1:9/acme/tools.git"]);
        assert_eq!(output.status.code(), Some(1));
        let error = stderr(&output);
        assert!(
            error.contains("cannot be reached: check the connection"),
            "{error}"
        );
        assert!(!ws.agent_dir.path().join("git/127.0.0.1/acme").exists());
    }
    assert!(!ws.agent_dir.path().join("settings.json").exists());
}
