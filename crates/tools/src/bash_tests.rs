//! Tests of the `bash` tool with real processes; expected texts are Pi 1.6.0's output for the
//! same commands.

use std::path::Path;
use std::time::{Duration, Instant};

use pretty_assertions::assert_eq;
use serde_json::{json, Value};
use tau_protocol::ToolResult;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::*;

async fn run(args: Value) -> Result<ToolResult, ToolError> {
    let dir = std::env::temp_dir();
    let ctx = ToolContext::new(dir, CancellationToken::new());
    BashTool::new().execute("call", args, ctx).await
}

fn text(result: &ToolResult) -> &str {
    result.content[0].as_text().unwrap()
}

/// Whether a process is gone (or a zombie waiting to be reaped).
fn process_gone(pid: i32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit(')')
            .next()
            .is_some_and(|rest| rest.trim_start().starts_with('Z')),
    }
}

async fn wait_gone(pid: i32) -> bool {
    for _ in 0..50 {
        if process_gone(pid) {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    false
}

#[test]
fn info_matches_pi() {
    let info = bash_info();
    assert_eq!(info.name, "bash");
    assert_eq!(
        info.description,
        "Execute a bash command in the current working directory. Returns stdout and stderr. Output is truncated to last 2000 lines or 50KB (whichever is hit first). If truncated, full output is saved to a temp file. Optionally provide a timeout in seconds."
    );
    assert_eq!(
        serde_json::to_string(&info.parameters).unwrap(),
        r#"{"type":"object","required":["command"],"properties":{"command":{"type":"string","description":"Shell command to execute"},"timeout":{"type":"number","description":"Timeout in seconds (optional, no default timeout)"}}}"#
    );
    assert_eq!(
        info.prompt_snippet.as_deref(),
        Some("Execute bash commands (ls, grep, find, etc.)")
    );
}

#[tokio::test]
async fn stdout_and_stderr_are_merged() {
    let r = run(json!({"command": "echo out; sleep 0.05; echo err >&2"}))
        .await
        .unwrap();
    assert_eq!(text(&r), "out\nerr\n");
    assert_eq!(r.is_error, None);
    assert_eq!(r.details, None, "Pi leaves details undefined");
    let sc = r.structured_content.unwrap();
    assert_eq!(sc["output"], json!("out\nerr\n"));
    assert_eq!(sc["exit_code"], json!(0));
    assert_eq!(sc["truncated"], json!(false));
}

#[tokio::test]
async fn empty_output_and_cwd() {
    let r = run(json!({"command": "true"})).await.unwrap();
    assert_eq!(text(&r), "(no output)");
    let dir = tempfile::tempdir().unwrap();
    let ctx = ToolContext::new(dir.path(), CancellationToken::new());
    let r = BashTool::new()
        .execute("c", json!({"command": "pwd"}), ctx)
        .await
        .unwrap();
    assert_eq!(text(&r).trim_end(), dir.path().to_str().unwrap());
}

#[tokio::test]
async fn non_zero_exit_is_an_error_result() {
    let r = run(json!({"command": "echo out; exit 3"})).await.unwrap();
    assert_eq!(text(&r), "out\n\n\nCommand exited with code 3");
    assert_eq!(r.is_error, Some(true));
    assert_eq!(r.structured_content.unwrap()["exit_code"], json!(3));
    let r = run(json!({"command": "kill -9 $$"})).await.unwrap();
    assert_eq!(text(&r), "(no output)\n\nCommand exited with code 137");
}

#[tokio::test]
async fn invalid_timeouts_and_missing_cwd_fail_as_in_pi() {
    let err = run(json!({"command": "x", "timeout": 0}))
        .await
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "Invalid timeout: must be a finite number of seconds"
    );
    let err = run(json!({"command": "x", "timeout": 3000000}))
        .await
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "Invalid timeout: maximum is 2147483.647 seconds"
    );
    let ctx = ToolContext::new("/nonexistent/dir", CancellationToken::new());
    let err = BashTool::new()
        .execute("c", json!({"command": "true"}), ctx)
        .await
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "Working directory does not exist: /nonexistent/dir\nCannot execute bash commands."
    );
}

#[tokio::test]
async fn output_streams_as_throttled_partial_results() {
    let (tx, mut rx) = mpsc::channel(64);
    let mut ctx = ToolContext::new(std::env::temp_dir(), CancellationToken::new());
    ctx.updates = Some(tx);
    let args = json!({"command": "for i in 1 2 3; do echo $i; sleep 0.3; done"});
    let r = BashTool::new().execute("c", args, ctx).await.unwrap();
    assert_eq!(text(&r), "1\n2\n3\n");
    let mut updates = Vec::new();
    while let Ok(update) = rx.try_recv() {
        updates.push(update);
    }
    // First an empty partial result, then the output as it grows.
    assert!(updates[0].content.is_empty());
    let texts: Vec<&str> = updates[1..]
        .iter()
        .map(|u| u.content[0].as_text().unwrap())
        .collect();
    assert!(texts.contains(&"1\n"), "{texts:?}");
    assert!(texts.contains(&"1\n2\n"), "{texts:?}");
    assert_eq!(texts.last(), Some(&"1\n2\n3\n"));
}

#[tokio::test]
async fn timeout_kills_the_whole_group() {
    let started = Instant::now();
    let err = run(json!({"command": "sleep 100 & echo $!; sleep 100; wait", "timeout": 0.5}))
        .await
        .unwrap_err()
        .to_string();
    assert!(started.elapsed() < Duration::from_secs(5));
    let (pid, rest) = err.split_once('\n').unwrap();
    assert_eq!(rest, "\n\nCommand timed out after 0.5 seconds");
    assert!(
        wait_gone(pid.parse().unwrap()).await,
        "grandchild {pid} survived"
    );
}

#[tokio::test]
async fn timeout_after_the_shell_exited_names_background_writers() {
    let err = run(json!({
        "command": "(while true; do echo x; sleep 0.05; done) & exit 0",
        "timeout": 1
    }))
    .await
    .unwrap_err()
    .to_string();
    assert!(err.starts_with("x\nx\n"), "{err}");
    // The shell exits at once; how long that took (rounded to tenths) depends on the load.
    let (_, status) = err.rsplit_once("\n\n").unwrap();
    let after = status
        .strip_prefix("Command timed out after 1 seconds. The shell exited with code 0 after ")
        .and_then(|rest| rest.strip_suffix(" seconds, but background processes it started kept writing output until the timeout."))
        .unwrap_or_else(|| panic!("{status}"));
    assert!(after.parse::<f64>().unwrap() < 1.0, "{status}");
}

#[tokio::test]
async fn abort_kills_the_group_and_keeps_the_output() {
    let cancel = CancellationToken::new();
    let ctx = ToolContext::new(std::env::temp_dir(), cancel.clone());
    let call = tokio::spawn(async move {
        let args = json!({"command": "sleep 100 & echo $!; sleep 100"});
        BashTool::new().execute("c", args, ctx).await
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    cancel.cancel();
    let err = call.await.unwrap().unwrap_err().to_string();
    let (pid, rest) = err.split_once('\n').unwrap();
    assert_eq!(rest, "\n\nCommand aborted");
    assert!(
        wait_gone(pid.parse().unwrap()).await,
        "grandchild {pid} survived"
    );
}

#[tokio::test]
async fn dropping_the_call_kills_the_group() {
    let (tx, mut rx) = mpsc::channel(64);
    let mut ctx = ToolContext::new(std::env::temp_dir(), CancellationToken::new());
    ctx.updates = Some(tx);
    let tool = BashTool::new();
    let args = json!({"command": "sleep 100 & echo $!; wait"});
    let pid = {
        let call = tool.execute("c", args, ctx);
        tokio::pin!(call);
        loop {
            tokio::select! {
                _ = &mut call => panic!("command finished"),
                Some(update) = rx.recv() => {
                    if let Some(text) = update.content.first().and_then(|b| b.as_text()) {
                        break text.trim().parse::<i32>().unwrap();
                    }
                }
            }
        }
    };
    assert!(wait_gone(pid).await, "background {pid} survived the drop");
}

#[tokio::test]
async fn long_output_keeps_the_tail_and_the_full_output_file() {
    let r = run(json!({"command": "seq 1 5000"})).await.unwrap();
    let t = text(&r);
    assert!(t.starts_with("3001\n3002\n"));
    let path = r.details.clone().unwrap_or_default()["fullOutputPath"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(t.ends_with(&format!(
        "4999\n5000\n\n[Showing lines 3001-5000 of 5000. Full output: {path}]"
    )));
    let mut truncation = r.details.clone().unwrap_or_default()["truncation"].clone();
    truncation.as_object_mut().unwrap().remove("content");
    assert_eq!(
        truncation,
        json!({"truncated":true,"truncatedBy":"lines","totalLines":5000,"totalBytes":23893,
            "outputLines":2000,"outputBytes":9999,"lastLinePartial":false,
            "firstLineExceedsLimit":false,"maxLines":2000,"maxBytes":51200})
    );
    let full = std::fs::read_to_string(&path).unwrap();
    let expected: String = (1..=5000).map(|i| format!("{i}\n")).collect();
    assert_eq!(full, expected);
    assert_eq!(r.structured_content.unwrap()["output"], json!(expected));
    std::fs::remove_file(Path::new(&path)).unwrap();
}

#[tokio::test]
async fn one_huge_line_shows_its_end() {
    let r = run(json!({"command": "head -c 100000 /dev/zero | tr '\\0' a"}))
        .await
        .unwrap();
    let path = r.details.clone().unwrap_or_default()["fullOutputPath"]
        .as_str()
        .unwrap()
        .to_string();
    let t = text(&r);
    assert!(t.ends_with(&format!(
        "aaa\n\n[Showing last 50.0KB of line 1 (line is 97.7KB). Full output: {path}]"
    )));
    assert_eq!(
        r.details.clone().unwrap_or_default()["truncation"]["lastLinePartial"],
        json!(true)
    );
    assert_eq!(std::fs::metadata(&path).unwrap().len(), 100_000);
    std::fs::remove_file(Path::new(&path)).unwrap();
}

#[tokio::test]
async fn session_variables_are_replaced_by_the_configured_ones() {
    let tool = BashTool::with_options(BashOptions {
        env: vec![("PI_MODEL".to_string(), "test-model".to_string())],
        command_prefix: Some("X=prefixed".to_string()),
        ..BashOptions::default()
    });
    let ctx = ToolContext::new(std::env::temp_dir(), CancellationToken::new());
    let args = json!({"command": "echo \"$PI_MODEL $X ${PI_SESSION_ID:-unset}\""});
    let r = tool.execute("c", args, ctx).await.unwrap();
    assert_eq!(text(&r), "test-model prefixed unset\n");
}

#[tokio::test]
async fn extra_env_of_the_context_wins_over_the_configured_variables() {
    let tool = BashTool::with_options(BashOptions {
        env: vec![
            ("PI_MODEL".to_string(), "configured".to_string()),
            ("PI_PROVIDER".to_string(), "kept".to_string()),
        ],
        ..BashOptions::default()
    });
    let mut ctx = ToolContext::new(std::env::temp_dir(), CancellationToken::new());
    ctx.extra_env = vec![
        ("PI_MODEL".to_string(), "from-hook".to_string()),
        ("TAU_HOOK_VAR".to_string(), "1".to_string()),
    ];
    let args = json!({"command": "echo \"$PI_MODEL $PI_PROVIDER $TAU_HOOK_VAR\""});
    let r = tool.execute("c", args, ctx).await.unwrap();
    assert_eq!(text(&r), "from-hook kept 1\n");
}
