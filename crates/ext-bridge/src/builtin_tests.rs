//! Tests of `run_builtin_tool` against tau's real built-in tools in temp directories.

use super::*;
use serde_json::json;

fn tools() -> Vec<SharedTool> {
    tau_tools::builtin_tools()
}

async fn run(args: Value) -> Result<Value, String> {
    run_builtin_tool(&tools(), &args, None, CancellationToken::new()).await
}

#[tokio::test]
async fn write_then_read_in_the_given_cwd() {
    let dir = tempfile::tempdir().unwrap();
    let cwd = dir.path().display().to_string();
    let written = run(json!([{
        "name": "write", "toolCallId": "w1", "cwd": cwd,
        "params": {"path": "sub/a.txt", "content": "hello\nworld\n"}
    }]))
    .await
    .unwrap();
    assert_eq!(written["content"][0]["type"], "text");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("sub/a.txt")).unwrap(),
        "hello\nworld\n"
    );
    let read = run(json!([{
        "name": "read", "toolCallId": "r1", "cwd": cwd, "params": {"path": "sub/a.txt"}
    }]))
    .await
    .unwrap();
    assert_eq!(read["content"][0]["text"], "hello\nworld\n");
    assert!(read.get("isError").is_none());
}

#[tokio::test]
async fn the_bare_object_is_accepted_and_edit_takes_legacy_arguments() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("f.txt"), "one two\n").unwrap();
    // prepareArguments turns the legacy top-level oldText/newText into `edits`, as in the loop.
    let edited = run(json!({
        "name": "edit", "toolCallId": "e1", "cwd": dir.path(),
        "params": {"path": "f.txt", "oldText": "two", "newText": "three"}
    }))
    .await
    .unwrap();
    assert!(edited["details"]["diff"]
        .as_str()
        .unwrap()
        .contains("three"));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("f.txt")).unwrap(),
        "one three\n"
    );
}

#[tokio::test]
async fn bash_gets_the_hook_environment_and_a_non_zero_exit_stays_a_result() {
    let dir = tempfile::tempdir().unwrap();
    let ok = run(json!([{
        "name": "bash", "toolCallId": "b1", "cwd": dir.path(),
        "params": {"command": "echo \"$PI_SPAWN_HOOK $(pwd)\""},
        "env": {"PI_SPAWN_HOOK": "1", "IGNORED_NON_STRING": 3}
    }]))
    .await
    .unwrap();
    let expected = format!("1 {}\n", dir.path().canonicalize().unwrap().display());
    assert_eq!(ok["content"][0]["text"], expected);
    assert_eq!(ok["structuredContent"]["exit_code"], 0);

    let failed = run(json!([{
        "name": "bash", "toolCallId": "b2", "cwd": dir.path(), "params": {"command": "exit 3"}
    }]))
    .await
    .unwrap();
    assert_eq!(failed["isError"], true);
    assert_eq!(
        failed["content"][0]["text"],
        "(no output)\n\nCommand exited with code 3"
    );
}

#[tokio::test]
async fn validation_errors_unknown_tools_and_failures_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    let invalid = run(json!([{"name": "read", "cwd": dir.path(), "params": {}}]))
        .await
        .unwrap_err();
    assert!(
        invalid.starts_with("Validation failed for tool \"read\":"),
        "{invalid}"
    );
    let unknown = run(json!([{"name": "powershell", "cwd": dir.path(), "params": {}}]))
        .await
        .unwrap_err();
    assert_eq!(unknown, "tau has no built-in tool named powershell");
    let missing = run(json!([{
        "name": "read", "cwd": dir.path(), "params": {"path": "nope.txt"}
    }]))
    .await
    .unwrap_err();
    assert!(missing.contains("nope.txt"), "{missing}");
    let malformed = run(json!([{"name": "read"}])).await.unwrap_err();
    assert!(
        malformed.starts_with("runBuiltinTool: malformed request:"),
        "{malformed}"
    );
}

#[tokio::test]
async fn cancelling_aborts_a_running_command() {
    let dir = tempfile::tempdir().unwrap();
    let cancel = CancellationToken::new();
    let trigger = cancel.clone();
    tokio::spawn(async move {
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        trigger.cancel();
    });
    let started = std::time::Instant::now();
    let args = json!([{
        "name": "bash", "cwd": dir.path(), "params": {"command": "echo started; sleep 30"}
    }]);
    let error = run_builtin_tool(&tools(), &args, None, cancel)
        .await
        .unwrap_err();
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    assert_eq!(error, "started\n\n\nCommand aborted");
}
