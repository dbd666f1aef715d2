//! Extensions in the project-trust decision (Pi's `project_trust`), through the real binary
//! and the real host: our probe (tests/fixtures/session-events) given with `-e` decides for
//! a project whose own extension (`.pi/extensions/local.ts`) loads only when trusted.

use serde_json::{json, Value};

use super::ext_support::*;

/// A project extension that leaves `local-loaded` in the project when it starts.
const LOCAL: &str = r#"
import { writeFileSync } from "node:fs";
import { join } from "node:path";
export default function (pi: any) {
  pi.on("session_start", (_event: any, ctx: any) => {
    writeFileSync(join(ctx.cwd, "local-loaded"), "yes");
  });
}
"#;

/// Runs one prompt in a project with `.pi/extensions/local.ts`, the probe answering as
/// `vars` say.
fn run_trust(vars: &[(&str, &str)], settings: Option<Value>) -> Option<(Workspace, Run)> {
    let env = ext_env("project_trust")?;
    let ws = Workspace::new();
    ws.write(".pi/extensions/local.ts", LOCAL);
    if let Some(settings) = settings {
        std::fs::write(
            ws.agent_dir.path().join("settings.json"),
            settings.to_string(),
        )
        .expect("settings");
    }
    let script = ws.script(&json!({"turns": [{"text": "ok"}]}));
    let mut cmd = env.tau(&ws, &[&fixture("session-events/probe.ts")]);
    cmd.arg("--script").arg(script).args(["-p", "hi"]);
    for (key, value) in vars {
        cmd.env(key, value);
    }
    let run = run(cmd);
    run.assert_ok();
    Some((ws, run))
}

fn trust_records(ws: &Workspace) -> Vec<Value> {
    std::fs::read_to_string(ws.path().join("probe.jsonl"))
        .unwrap_or_default()
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).expect("probe line"))
        .filter(|r| r["event"] == "project_trust")
        .collect()
}

fn local_loaded(ws: &Workspace) -> bool {
    ws.path().join("local-loaded").exists()
}

fn saved(ws: &Workspace) -> Value {
    std::fs::read_to_string(ws.agent_dir.path().join("trust.json"))
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or(Value::Null)
}

#[test]
fn a_global_extension_trusts_the_project_and_remembers_it() {
    let Some((ws, _)) = run_trust(&[("PROBE_TRUST", "yes"), ("PROBE_REMEMBER", "1")], None) else {
        return;
    };
    assert!(
        local_loaded(&ws),
        "the trusted project's extension did not load"
    );
    let records = trust_records(&ws);
    assert_eq!(records.len(), 1, "{records:?}");
    let record = &records[0];
    assert_eq!(record["keys"], json!(["type", "cwd"]));
    assert_eq!(record["cwdIsCtxCwd"], true);
    assert_eq!(record["mode"], "print");
    assert_eq!(record["hasUI"], false);
    assert_eq!(
        record["ui"],
        json!(["select", "confirm", "input", "notify"])
    );
    let saved = saved(&ws);
    let values: Vec<&Value> = saved
        .as_object()
        .map(|o| o.values().collect())
        .unwrap_or_default();
    assert_eq!(values, [&json!(true)], "{saved}");
}

#[test]
fn a_global_extension_refuses_the_project_for_this_run_only() {
    let Some((ws, _)) = run_trust(
        &[("PROBE_TRUST", "no")],
        Some(json!({"defaultProjectTrust": "always"})),
    ) else {
        return;
    };
    // The extension's "no" comes before the default of always trusting.
    assert!(!local_loaded(&ws));
    assert_eq!(trust_records(&ws).len(), 1);
    assert_eq!(saved(&ws), Value::Null);
}

#[test]
fn undecided_and_failing_handlers_leave_the_decision_to_the_settings() {
    let Some((ws, _)) = run_trust(
        &[("PROBE_TRUST", "undecided")],
        Some(json!({"defaultProjectTrust": "always"})),
    ) else {
        return;
    };
    assert!(local_loaded(&ws));
    let Some((ws, run)) = run_trust(&[("PROBE_TRUST", "throw")], None) else {
        return;
    };
    // Without a UI, Pi's default `ask` declines.
    assert!(!local_loaded(&ws));
    assert!(
        run.stderr()
            .contains("project_trust error: probe trust failure"),
        "{}",
        run.stderr()
    );
}

#[test]
fn approve_flags_decide_without_asking_extensions() {
    let Some(env) = ext_env("approve_flags_decide") else {
        return;
    };
    let ws = Workspace::new();
    ws.write(".pi/extensions/local.ts", LOCAL);
    let script = ws.script(&json!({"turns": [{"text": "ok"}]}));
    let mut cmd = env.tau(&ws, &[&fixture("session-events/probe.ts")]);
    cmd.arg("--script")
        .arg(script)
        .args(["-a", "-p", "hi"])
        .env("PROBE_TRUST", "no");
    run(cmd).assert_ok();
    assert!(local_loaded(&ws));
    assert!(trust_records(&ws).is_empty());
}
