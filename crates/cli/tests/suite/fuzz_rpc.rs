//! The quick RPC fuzz run: a few thousand mutated commands fed to the real `tau --mode rpc`
//! (tau-fuzz's RPC target; bench/fuzz.sh runs a million). Every line must get one answer,
//! tau must never panic and must exit 0 when stdin closes.

use std::path::Path;

#[test]
fn fuzzed_rpc_lines_are_all_answered_without_a_panic() {
    let tau = Path::new(env!("CARGO_BIN_EXE_tau"));
    let report = tau_fuzz::rpc::run(tau, 0x7a75_2024, 0..3_000, 1_500);
    assert!(report.clean(), "{report}");
    assert!(report.values > 0 && report.errors > 0, "{report}");
}

/// Found by tau-fuzz (rpc target): `get_tree` copied every subtree at every level (minutes
/// for a few thousand entries) and, once that was fixed, overflowed the stack serialising a
/// tree nested one level per entry. A 20,000-entry linear session now answers at once.
#[test]
fn fuzz_get_tree_of_a_long_linear_session_answers() {
    use std::io::Write;
    use std::process::Stdio;

    let ws = crate::support::Workspace::new();
    let path = ws.path().join("long.jsonl");
    let mut text = String::from(
        r#"{"type":"session","version":3,"id":"01a23798-0000-7000-8000-00000000c0de","timestamp":"2026-12-02T16:31:24.620Z","cwd":"/tmp"}"#,
    );
    text.push('\n');
    let mut parent = "null".to_string();
    for i in 0..20_000u32 {
        text.push_str(&format!(
            r#"{{"type":"session_info","id":"{i:08x}","parentId":{parent},"timestamp":"2026-12-02T16:31:24.620Z","name":"n{i}"}}"#
        ));
        text.push('\n');
        parent = format!("\"{i:08x}\"");
    }
    std::fs::write(&path, text).unwrap();
    let mut child = ws
        .tau()
        .arg("--session")
        .arg(&path)
        .args(["--model", "scripted/hello", "--mode", "rpc"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"{\"type\":\"get_tree\",\"id\":\"t\"}\n")
        .unwrap();
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let answer = String::from_utf8(output.stdout).unwrap();
    let line = answer.lines().next().unwrap();
    assert!(
        line.starts_with(r#"{"id":"t","type":"response","command":"get_tree","success":true,"data":{"tree":[{"entry":{"type":"session_info","id":"00000000""#),
        "{}",
        &line[..200.min(line.len())]
    );
    assert!(line.matches(r#"{"entry":"#).count() >= 20_000);
    assert!(line.ends_with("}}"), "{}", &line[line.len() - 100..]);
    assert_eq!(line.matches('[').count(), line.matches(']').count());
}
