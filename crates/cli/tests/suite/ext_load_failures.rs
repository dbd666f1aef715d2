//! Issue 11: an extension that is configured and fails to load stops tau before the first
//! model request, in print, json and rpc mode alike, with the error naming the extension and
//! the cause and a hint to go on; only what Pi 1.6.0 itself skips is a warning. The script's
//! first turn is a destructive bash call, so a run that starts anyway shows on disk.

use std::path::{Path, PathBuf};

use serde_json::json;

use super::ext_support::*;

/// A well-formed extension of our own that blocks every bash call.
const GATE: &str = r#"export default function (pi: any) {
  pi.on("tool_call", async (event: any) => {
    if (event.toolName === "bash") return { block: true, reason: "gated" };
  });
}
"#;

/// One broken extension per way of failing to load, by file name.
const BROKEN: &[(&str, &str, &str)] = &[
    // (file, source, text the error must show)
    (
        "syntax.ts",
        "export default function (pi: any) {\n  pi.on(\"tool_call\", async () => {\n    if (true) { return;\n  });\n}\n",
        "syntax.ts:4",
    ),
    (
        "throws.ts",
        "export default function () { throw new Error(\"boom in factory\"); }\n",
        "boom in factory",
    ),
    (
        "no-default.ts",
        "export const notAFactory = 1;\n",
        "does not export a valid factory function",
    ),
    (
        "missing-dep.ts",
        "import thing from \"tau-test-no-such-package\";\nexport default function () { void thing; }\n",
        "Cannot find module 'tau-test-no-such-package'",
    ),
];

/// The script: delete `victim/`, then answer.
fn destructive_script(ws: &Workspace) -> PathBuf {
    ws.write("victim/keep.txt", "still here");
    ws.script(&json!({"turns": [
        {"toolCalls": [{"name": "bash", "arguments": {"command": "rm -rf victim"}}]},
        {"text": "done"}
    ]}))
}

/// `tau --script <destructive> <mode args>` with the host set up, loading `extensions`.
fn start(env: &ExtEnv, ws: &Workspace, extensions: &[&Path], mode: &[&str]) -> Run {
    let script = destructive_script(ws);
    let mut cmd = env.tau(ws, extensions);
    cmd.arg("--script").arg(script).args(mode);
    run(cmd)
}

/// The modes a load failure must stop: print, json and rpc (whose stdin is closed).
const MODES: &[&[&str]] = &[
    &["-p", "clean up"],
    &["--mode", "json", "clean up"],
    &["--mode", "rpc"],
];

/// Panics unless the run was refused before anything ran: exit 1, nothing on stdout, the
/// victim intact, no session file, and stderr showing each of `expected`.
fn assert_refused(run: &Run, ws: &Workspace, expected: &[&str]) {
    let stderr = run.stderr();
    assert_eq!(run.output.status.code(), Some(1), "stderr: {stderr}");
    assert!(run.output.stdout.is_empty(), "stdout: {}", run.stdout());
    assert_eq!(ws.read("victim/keep.txt"), "still here", "the run started");
    assert!(session_files(ws).is_empty(), "a session was written");
    for text in expected {
        assert!(stderr.contains(text), "missing {text:?} in: {stderr}");
    }
}

#[test]
fn issue_11_pi_permission_gate_broken_by_one_brace_stops_the_run() {
    let Some((env, gate)) = example("issue_11_broken_gate", "permission-gate.ts") else {
        return;
    };
    let ws = Workspace::new();
    // Pi's own gate, unmodified but for one closing brace taken out of its last line.
    let source = std::fs::read_to_string(gate).expect("read permission-gate.ts");
    let end = source.rfind('}').expect("a closing brace");
    let broken = ws.write(
        "permission-gate.ts",
        &format!("{}{}", &source[..end], &source[end + 1..]),
    );
    for mode in MODES {
        let run = start(&env, &ws, &[&broken], mode);
        assert_refused(
            &run,
            &ws,
            &[
                &format!("failed to load extension \"{}\"", broken.display()),
                "permission-gate.ts:",
                "hint: fix the extension, or leave out the -e argument",
            ],
        );
    }
}

#[test]
fn every_kind_of_load_failure_stops_every_mode() {
    let Some(env) = ext_env("every_kind_of_load_failure_stops_every_mode") else {
        return;
    };
    let ws = Workspace::new();
    let gate = ws.write("gate.ts", GATE);
    let missing = ws.path().join("not-there.ts");
    for (file, source, shown) in BROKEN {
        let broken = ws.write(file, source);
        for mode in MODES {
            // The good gate loads too: one broken extension is enough to refuse.
            let run = start(&env, &ws, &[&gate, &broken], mode);
            assert_refused(&run, &ws, &[shown, &format!("\"{}\"", broken.display())]);
        }
    }
    let run = start(&env, &ws, &[&missing], MODES[0]);
    assert_refused(
        &run,
        &ws,
        &["extension path does not exist", "not-there.ts"],
    );
    let run = start(&env, &ws, &[&ws.write("dep.ts", BROKEN[3].1)], MODES[0]);
    assert_refused(&run, &ws, &["hint: install the extension's dependencies"]);
}

#[test]
fn discovered_extensions_that_fail_stop_the_run_and_the_hint_is_dash_ne() {
    let Some(env) = ext_env("discovered_extensions_that_fail_stop_the_run") else {
        return;
    };
    let ws = Workspace::new();
    let agent = ws.agent_dir.path();
    std::fs::create_dir_all(agent.join("extensions")).expect("mkdir");
    std::fs::write(agent.join("extensions/throws.ts"), BROKEN[1].1).expect("write");
    let run = start(&env, &ws, &[], MODES[1]);
    assert_refused(
        &run,
        &ws,
        &[
            "boom in factory",
            "start without extensions using \"tau -ne\"",
        ],
    );

    // -ne is the way out the hint names: the run goes on (and the bash call runs).
    let script = destructive_script(&ws);
    let mut cmd = env.tau(&ws, &[]);
    cmd.arg("--script").arg(script).args(["-ne", "-p", "go"]);
    run_done(cmd);
    assert!(!ws.path().join("victim").exists());
}

#[test]
fn a_trusted_project_extension_that_fails_stops_the_run_an_untrusted_one_is_skipped() {
    let Some(env) = ext_env("trusted_project_extension_fails") else {
        return;
    };
    let ws = Workspace::new();
    ws.write(".pi/extensions/syntax.ts", BROKEN[0].1);
    let run = start(&env, &ws, &[], &["-a", "-p", "go"]);
    assert_refused(&run, &ws, &["syntax.ts:4", "tau -ne"]);

    // Untrusted (-na): Pi does not load the project's .pi/ at all, so nothing fails.
    let gate = ws.write("gate.ts", GATE);
    let script = destructive_script(&ws);
    let mut cmd = env.tau(&ws, &[&gate]);
    cmd.arg("--script")
        .arg(script)
        .args(["-na", "--no-session", "-p", "go"]);
    let run = run_done(cmd);
    assert_eq!(run.stdout(), "done\n");
    assert_eq!(
        ws.read("victim/keep.txt"),
        "still here",
        "the good gate ran"
    );
}

#[test]
fn settings_entries_follow_pi_missing_paths_warn_packages_that_fail_to_install_are_skipped() {
    let Some(env) = ext_env("settings_entries_follow_pi") else {
        return;
    };
    let ws = Workspace::new();
    let gate = ws.write("gate.ts", GATE);
    let settings = ws.agent_dir.path().join("settings.json");
    // A settings path that does not exist: Pi skips it silently, tau warns and goes on.
    std::fs::write(&settings, json!({"extensions": ["gone.ts"]}).to_string()).expect("write");
    let script = destructive_script(&ws);
    let mut cmd = env.tau(&ws, &[&gate]);
    cmd.arg("--script")
        .arg(&script)
        .args(["--no-session", "-p", "go"]);
    let run = run_done(cmd);
    assert!(run.stderr().contains("gone.ts") && run.stderr().contains("does not exist; skipped"));
    assert_eq!(ws.read("victim/keep.txt"), "still here");

    // An npm package that is not installed: Pi installs it at start-up; when that fails (the
    // registry has no such package, or cannot be reached, or there is no npm) it warns and
    // goes on without it, the other extensions (the gate) loaded...
    std::fs::write(
        &settings,
        json!({"packages": ["npm:tau-test-absent-package"]}).to_string(),
    )
    .expect("write");
    let mut cmd = env.tau(&ws, &[&gate]);
    cmd.arg("--script")
        .arg(&script)
        .args(["--no-session", "-p", "go"]);
    let run = run_done(cmd);
    assert!(
        run.stderr()
            .contains("Extension package \"npm:tau-test-absent-package\": failed to install ("),
        "{}",
        run.stderr()
    );
    assert_eq!(ws.read("victim/keep.txt"), "still here");
    // ...and offline it is not tried: skipped, as Pi skips it.
    let mut cmd = env.tau(&ws, &[&gate]);
    cmd.arg("--script")
        .arg(&script)
        .args(["--offline", "--no-session", "-p", "go"]);
    let run = run_done(cmd);
    assert!(
        run.stderr().contains("skipped (offline)"),
        "{}",
        run.stderr()
    );
    assert_eq!(ws.read("victim/keep.txt"), "still here");
}

#[test]
fn configured_extensions_without_node_or_host_stop_the_run_with_the_fix() {
    let Some(env) = ext_env("configured_extensions_without_node_or_host") else {
        return;
    };
    let ws = Workspace::new();
    let gate = ws.write("gate.ts", GATE);
    let mut no_node = env.clone();
    no_node.node = Some(ws.path().join("no-node"));
    let run = start(&no_node, &ws, &[&gate], MODES[0]);
    assert_refused(&run, &ws, &["cannot run", "TAU_NODE"]);

    let mut no_host = env;
    no_host.host = ws.path().join("no-host");
    let run = start(&no_host, &ws, &[&gate], MODES[2]);
    assert_refused(&run, &ws, &["cannot run", "tau setup-extensions"]);
}

/// Runs `cmd` and panics unless it exited 0.
fn run_done(cmd: std::process::Command) -> Run {
    let run = run(cmd);
    run.assert_ok();
    run
}

/// Pi's `host_dependency_warning`: a package that lists a host-provided package in
/// `dependencies` loads, with a warning naming its package.json and the fix.
#[test]
fn a_package_depending_on_host_packages_loads_with_pis_warning() {
    let Some(env) = ext_env("a_package_depending_on_host_packages_loads_with_pis_warning") else {
        return;
    };
    let ws = Workspace::new();
    let pkg = ws.path().join("my-pkg");
    std::fs::create_dir_all(pkg.join("extensions")).expect("mkdir");
    std::fs::write(
        pkg.join("package.json"),
        json!({"name": "my-pkg", "dependencies": {"typebox": "^1.0.0", "@earendil-works/pi-tui": "1.6.0"}})
            .to_string(),
    )
    .expect("write");
    std::fs::write(
        pkg.join("extensions/hello.ts"),
        "export default function (pi: any) { pi.registerCommand(\"hello\", { handler: async () => {} }); }\n",
    )
    .expect("write");
    std::fs::write(
        ws.agent_dir.path().join("settings.json"),
        json!({"packages": [pkg.display().to_string()]}).to_string(),
    )
    .expect("write");
    let script = ws.script(&json!({ "turns": [{ "text": "ok" }] }));
    let mut cmd = env.tau(&ws, &[]);
    cmd.arg("--script")
        .arg(&script)
        .args(["--no-session", "-p", "go"]);
    let run = run_done(cmd);
    let stderr = run.stderr();
    assert!(
        stderr.contains(&format!(
            "{}: Host-provided extension packages must be declared in peerDependencies with a \"*\" range, not dependencies: @earendil-works/pi-tui, typebox.",
            pkg.join("package.json").display()
        )),
        "{stderr}"
    );
}
