//! Issue 11: a strict command line, as Pi's. An option nobody knows is an error once the
//! extensions are loaded (`Unknown option: --bogus`, exit 1), Pi's subcommand words and
//! flags tau cannot honour yet are errors, and Pi's harmless flags are accepted without
//! swallowing the next argument. Nothing of a refused command line reaches a model.

use serde_json::json;

use super::ext_support::{ext_env, run};
use crate::support::*;

/// Runs tau with the echo script (it answers `got: <prompt>`) and `args`.
fn echo(ws: &Workspace, args: &[&str]) -> std::process::Output {
    let script = ws.script(&json!({"turns": [{"text": "got: ${lastUserMessage}"}]}));
    ws.tau()
        .arg("--script")
        .arg(script)
        .args(args)
        .output()
        .expect("run tau")
}

/// Panics unless the run failed with exit 1, printed nothing on stdout (no model answered)
/// and said `expected` on stderr.
fn assert_refused(output: &std::process::Output, expected: &str) {
    assert_eq!(output.status.code(), Some(1), "{}", stderr(output));
    assert!(
        output.stdout.is_empty(),
        "a model answered: {}",
        stdout(output)
    );
    assert!(
        stderr(output).contains(expected),
        "missing {expected:?} in {}",
        stderr(output)
    );
}

#[test]
fn unknown_options_are_errors_in_pi_words() {
    let ws = Workspace::new();
    assert_refused(
        &echo(&ws, &["--bogus", "-p", "hi"]),
        "Unknown option: --bogus",
    );
    assert_refused(
        &echo(&ws, &["--bogus", "x", "--other=1", "-p", "hi"]),
        "Unknown options: --bogus, --other",
    );
    assert_refused(
        &echo(&ws, &["--mode", "json", "--bogus", "hi"]),
        "Unknown option: --bogus",
    );
    assert_refused(&echo(&ws, &["-z", "-p", "hi"]), "Unknown option: -z");
    assert!(session_files(&ws).is_empty());
}

#[test]
fn issue_11_offline_is_a_flag_and_does_not_eat_the_prompt() {
    let ws = Workspace::new();
    let output = echo(&ws, &["-p", "--offline", "do it"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "got: do it\n");
}

#[test]
fn pi_flags_tau_has_nothing_to_do_for_are_accepted() {
    let ws = Workspace::new();
    let output = echo(
        &ws,
        &[
            "--verbose",
            "--no-mcp",
            "-ns",
            "--no-prompt-templates",
            "--no-themes",
            "--tui-mode",
            "regular",
            "--use-theme",
            "dark",
            "--theme",
            "themes/mine.json",
            "-p",
            "still the prompt",
        ],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "got: still the prompt\n");
    assert_refused(
        &echo(&ws, &["--tui-mode", "sideways", "-p", "hi"]),
        "Invalid TUI mode \"sideways\". Valid values: regular, fullscreen",
    );
    assert_refused(
        &echo(&ws, &["--use-theme", "--verbose", "-p", "hi"]),
        "--use-theme requires a theme name",
    );
}

#[test]
fn issue_11_export_of_a_bad_file_is_an_error_not_a_prompt() {
    let ws = Workspace::new();
    ws.write("s.jsonl", "");
    assert_refused(
        &echo(&ws, &["--export", "s.jsonl", "out.html"]),
        "s.jsonl is empty",
    );
    assert!(!ws.path().join("out.html").exists());
}

#[test]
fn pi_subcommand_words_are_never_prompts() {
    let ws = Workspace::new();
    let script = ws.script(&json!({"turns": [{"text": "got: ${lastUserMessage}"}]}));
    for word in ["auth", "mcp"] {
        // As in Pi, the word is a command when it comes first.
        let output = ws
            .tau()
            .args([word, "npm:some-package", "--script"])
            .arg(&script)
            .output()
            .expect("run tau");
        assert_refused(
            &output,
            &format!("`tau {word}` is a Pi command tau does not have yet"),
        );
    }
    // The package commands are tau commands too: a run option is not theirs.
    for (word, command) in [
        ("install", "install"),
        ("remove", "remove"),
        ("uninstall", "remove"),
        ("update", "update"),
        ("list", "list"),
        ("config", "config"),
    ] {
        let output = ws
            .tau()
            .args([word, "npm:some-package", "--script"])
            .arg(&script)
            .output()
            .expect("run tau");
        assert_refused(
            &output,
            &format!("Unknown option --script for \"{command}\""),
        );
    }
    // After `--` the word is a message like any other.
    let output = echo(&ws, &["-p", "--", "list"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "got: list\n");
    assert!(session_files(&ws).len() == 1);
}

/// An extension that registers a boolean and a string flag.
const FLAGS_EXT: &str = r#"export default function (pi: any) {
  pi.registerFlag("plan", { type: "boolean", default: false, description: "plan first" });
  pi.registerFlag("depth", { type: "string", default: "1", description: "how deep" });
}
"#;

#[test]
fn flags_extensions_register_are_accepted_and_the_rest_rejected_after_loading() {
    let Some(env) = ext_env("flags_extensions_register_are_accepted") else {
        return;
    };
    let ws = Workspace::new();
    let ext = ws.write("flags.ts", FLAGS_EXT);
    let script = ws.script(&json!({"turns": [{"text": "got: ${lastUserMessage}"}]}));
    let tau = |args: &[&str]| {
        let mut cmd = env.tau(&ws, &[&ext]);
        cmd.arg("--script")
            .arg(&script)
            .arg("--no-session")
            .args(args);
        run(cmd)
    };
    let ok = tau(&["--plan", "fix it", "--depth", "3", "-p"]);
    ok.assert_ok();
    assert_eq!(ok.stdout(), "got: fix it\n");

    let unknown = tau(&["--plan", "--bogus", "-p", "hi"]);
    assert_refused(&unknown.output, "Unknown option: --bogus");
    let no_value = tau(&["-p", "hi", "--depth"]);
    assert_refused(
        &no_value.output,
        "Extension flag \"--depth\" requires a value",
    );
}
