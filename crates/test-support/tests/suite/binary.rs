//! `tau-mock-llm` as a real process: prints its port, serves the script, stops on SIGTERM.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

#[tokio::test]
async fn serves_a_script_file_and_prints_the_port() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("script.json");
    std::fs::write(
        &script,
        r#"{"responses":[{"text":"Hello from the fake model.","pieces":3},{"status":500,"body":{"error":{"message":"internal boom"}}}]}"#,
    )
    .unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tau-mock-llm"))
        .arg("--script")
        .arg(&script)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let port: u16 = line.trim().parse().unwrap();
    let client = reqwest::Client::new();
    let url = format!("http://127.0.0.1:{port}/v1/chat/completions");
    let body = client
        .post(&url)
        .body("{}")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(body.contains(r#"{"content":"Hello fro"}"#), "{body}");
    assert!(body.ends_with("data: [DONE]\n\n"), "{body}");
    let error = client.post(&url).body("{}").send().await.unwrap();
    assert_eq!(error.status(), 500);

    let pid = child.id().to_string();
    let killed = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    assert!(status.success(), "{status:?}");
}

#[test]
fn a_bad_script_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("bad.json");
    std::fs::write(&script, r#"[{"txt": "typo"}]"#).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_tau-mock-llm"))
        .arg("--script")
        .arg(&script)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("unknown field `txt`"), "{stderr}");
}
