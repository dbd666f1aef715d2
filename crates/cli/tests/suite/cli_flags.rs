//! Flags that shape the prompt and the tool set, checked through what the model is offered.

use serde_json::json;

use crate::support::*;

/// The tool names offered to the model, read back through a script that lists them.
fn offered_tools(ws: &Workspace, flags: &[&str]) -> Vec<String> {
    let script = json!({"turns": [{"text": "tools: ${tools}"}]});
    let path = ws.script(&script);
    let output = ws
        .tau()
        .arg("--script")
        .arg(path)
        .args(["--no-session", "-p", "list"])
        .args(flags)
        .output()
        .expect("run");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let list = text.trim().strip_prefix("tools: ").unwrap_or_default();
    list.split(',')
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
}

#[test]
fn tool_flags_select_what_the_model_is_offered() {
    let ws = Workspace::new();
    assert_eq!(offered_tools(&ws, &[]), ["read", "bash", "edit", "write"]);
    assert_eq!(
        offered_tools(&ws, &["--tools", "read,grep"]),
        ["read", "grep"]
    );
    assert_eq!(
        offered_tools(&ws, &["--tools", "+ls,-bash"]),
        ["read", "edit", "write", "ls"]
    );
    assert!(offered_tools(&ws, &["--no-tools"]).is_empty());
    assert!(offered_tools(&ws, &["--no-builtin-tools"]).is_empty());
    assert_eq!(
        offered_tools(&ws, &["--exclude-tools", "e*,w*"]),
        ["read", "bash"]
    );
}

#[test]
fn mixed_tool_modifiers_are_rejected_with_pi_message() {
    let ws = Workspace::new();
    let output = ws
        .tau()
        .args([
            "--model",
            "scripted/hello",
            "--tools",
            "read,+ls",
            "-p",
            "x",
        ])
        .output()
        .expect("run");
    assert!(!output.status.success());
    assert!(stderr(&output).contains("tool names cannot be mixed with +name or -name entries"));
}

#[test]
fn system_prompt_has_tools_context_files_and_appendix() {
    let ws = Workspace::new();
    ws.write("AGENTS.md", "Always run make check.");
    std::fs::write(ws.agent_dir.path().join("AGENTS.md"), "Global rule.").expect("write");
    let script = json!({"turns": [{"text": "${systemPrompt}"}]});
    let path = ws.script(&script);
    let output = ws
        .tau()
        .arg("--script")
        .arg(&path)
        .args([
            "--no-session",
            "--append-system-prompt",
            "Extra words.",
            "-p",
            "x",
        ])
        .output()
        .expect("run");
    assert!(output.status.success(), "{}", stderr(&output));
    let prompt = stdout(&output);
    assert!(prompt.contains("- read: "), "{prompt}");
    assert!(prompt.contains("<addendum>\nExtra words.\n</addendum>"));
    let global = prompt.find("Global rule.").expect("global context file");
    let project = prompt
        .find("Always run make check.")
        .expect("project context file");
    assert!(global < project);
    assert!(prompt.contains(&format!("<cwd>\n{}\n</cwd>", ws.path().display())));

    let output = ws
        .tau()
        .arg("--script")
        .arg(&path)
        .args([
            "--no-session",
            "-nc",
            "--system-prompt",
            "Only this.",
            "-p",
            "x",
        ])
        .output()
        .expect("run");
    let prompt = stdout(&output);
    assert!(prompt.starts_with("Only this."), "{prompt}");
    assert!(!prompt.contains("Always run make check."));

    // Both prompt flags also take a file path.
    ws.write("prompt.md", "From a file.");
    ws.write("extra.md", "Appended from a file.");
    let output = ws
        .tau()
        .arg("--script")
        .arg(&path)
        .args([
            "--no-session",
            "--system-prompt",
            "prompt.md",
            "--append-system-prompt",
            "extra.md",
            "-p",
            "x",
        ])
        .output()
        .expect("run");
    let prompt = stdout(&output);
    assert!(prompt.starts_with("From a file."), "{prompt}");
    assert!(
        prompt.contains("<addendum>\nAppended from a file.\n</addendum>"),
        "{prompt}"
    );
}

#[test]
fn file_arguments_and_piped_stdin_form_the_first_prompt() {
    let ws = Workspace::new();
    ws.write("notes.txt", "the notes");
    let script = json!({"turns": [{"text": "${lastUserMessage}"}]});
    let path = ws.script(&script);
    let mut child = ws
        .tau()
        .arg("--script")
        .arg(&path)
        .args(["--no-session", "-p", "@notes.txt", "summarise"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("spawn");
    {
        use std::io::Write;
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(b"piped text\n")
            .expect("write");
    }
    let output = child.wait_with_output().expect("wait");
    let text = stdout(&output);
    let expected = format!(
        "piped text\n<file name=\"{}\">\nthe notes\n</file>\nsummarise\n",
        ws.path().join("notes.txt").display()
    );
    assert_eq!(text, expected);
}

#[test]
fn missing_file_argument_fails_before_any_request() {
    let ws = Workspace::new();
    let output = ws
        .tau()
        .args(["--model", "scripted/hello", "-p", "@absent.txt", "x"])
        .output()
        .expect("run");
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("File not found"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn version_help_and_unknown_short_option() {
    let ws = Workspace::new();
    let version = ws.tau().arg("--version").output().expect("run");
    assert!(stdout(&version).starts_with("tau "));
    let help = ws.tau().arg("--help").output().expect("run");
    assert!(stdout(&help).contains("--no-builtin-tools"));
    let bad = ws.tau().args(["-z"]).output().expect("run");
    assert!(!bad.status.success());
    assert!(stderr(&bad).contains("Unknown option: -z"));
}

#[test]
fn no_model_says_how_to_configure_one() {
    let ws = Workspace::new();
    let output = ws.tau().args(["-p", "hi"]).output().expect("run");
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("--model scripted/demo"),
        "{}",
        stderr(&output)
    );
}
