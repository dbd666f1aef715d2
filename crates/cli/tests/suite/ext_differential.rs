//! The differential suite: one probe extension of ours (tests/fixtures/ext-differential/probe.ts)
//! runs unmodified in the reference Pi 1.6.0 and in tau, each against its own loopback model
//! playing the same script, and what the extension observed is compared:
//!
//! - exports: every runtime export of `@earendil-works/pi-coding-agent` and its `typeof`;
//! - events: for each of the 41 event names, whether it fired and the shapes of its payloads
//!   (keys and leaf types, `null` and `undefined` told apart);
//! - order: per scenario, the sequence of events (runs of one name counted once);
//! - ctx: the context values read in handlers, tools and commands, and after actions.
//!
//! Every difference found must be listed in [`KNOWN`], and every listed one must still be
//! found: a fix shows up as a failure that asks to remove the line (and to update
//! docs/pi-extensions.md). The report, with totals, is printed; with
//! `TAU_DIFFERENTIAL_REPORT=<file>` it is also written there, and with
//! `TAU_DIFFERENTIAL_KEEP=<folder>` the probe's records are kept there. Skipped (passes) when Pi, Node or
//! the host are not installed.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{json, Value};
use tau_test_support::oracle::{AgentSandbox, Harness, PiOracle};
use tau_test_support::{MockServer, MockToolCall, MockTurn};

use super::ext_support::{ext_env, fixture, run, ExtEnv};
use super::rpc_client::RpcClient;

/// Every difference the suite finds today, as "<area> <name>". Remove a line once it is fixed.
const KNOWN: &[&str] = &[
    "ctx prompt/tool: sessionManager.buildContextEntries shape",
    "ctx prompt/tool: tools shape",
    "ctx prompt/turn_end: sessionManager.buildContextEntries shape",
    "ctx session/tool: sessionManager.buildContextEntries shape",
    "ctx session/tool: tools shape",
    "ctx session/turn_end: sessionManager.buildContextEntries shape",
    "events agent_end",
    "events before_agent_start",
    "events context_with_system",
    "events message_end",
    "events message_start",
    "events message_update",
    "events session_compact",
    "order prompt",
    "order rpc",
    "order session",
];

/// Known differences that depend on timing, so a run may find them equal: the interleaving
/// of two tool calls run in parallel (prompt and session scenarios), and whether an RPC command read while a dialog closes
/// is handled before the dialog's end is announced.
const TIMING: &[&str] = &["order prompt", "order rpc", "order session"];

/// One run of both harnesses: the command-line arguments, the model's script, and for an RPC
/// scenario the conversation on stdin.
struct Scenario {
    name: &'static str,
    args: &'static [&'static str],
    turns: fn() -> Vec<MockTurn>,
    rpc: Option<fn(&mut RpcClient)>,
}

/// A prompt whose reply calls the probe's tool and bash, then answers.
fn tool_turns() -> Vec<MockTurn> {
    vec![
        MockTurn {
            text: Some("Probing.".into()),
            ..MockTurn::tool_calls([
                MockToolCall::new("call_probe", "probe_tool", json!({})),
                MockToolCall::new("call_bash", "bash", json!({"command": "echo hi"})),
            ])
        },
        MockTurn::text("Done probing."),
    ]
}

/// The tool prompt's replies, then the summary a compaction asks for.
fn session_turns() -> Vec<MockTurn> {
    let mut turns = tool_turns();
    turns.push(MockTurn::text("## Goal\nProbe the session."));
    turns
}

const SCENARIOS: &[Scenario] = &[
    Scenario {
        name: "prompt",
        args: &["-ne", "--probe-flag", "from-cli", "-p", "probe please"],
        turns: tool_turns,
        rpc: None,
    },
    Scenario {
        name: "session",
        args: &[
            "-ne",
            "-p",
            "probe please",
            "/probe-compact",
            "/probe-tree",
            "/probe-fork",
            "/probe-new",
        ],
        turns: session_turns,
        rpc: None,
    },
    Scenario {
        name: "actions",
        args: &["-ne", "--probe-flag", "from-cli", "-p", "/probe-actions"],
        turns: Vec::new,
        rpc: None,
    },
    Scenario {
        name: "rpc",
        args: &["-ne", "--no-session"],
        turns: Vec::new,
        rpc: Some(rpc_conversation),
    },
];

/// Two dialogs from a command (answered), then a `!` command through RPC's `bash`.
fn rpc_conversation(client: &mut RpcClient) {
    client.send(&json!({"id": "ui", "type": "prompt", "message": "/probe-ui"}));
    for (method, answer) in [
        ("confirm", json!({"confirmed": true})),
        ("select", json!({"value": "two"})),
    ] {
        let request =
            client.until(|r| r["type"] == "extension_ui_request" && r["method"] == method);
        let mut response = answer;
        response["type"] = json!("extension_ui_response");
        response["id"] = request["id"].clone();
        client.send(&response);
    }
    client.response("ui");
    client.ok(json!({"type": "bash", "command": "echo probe"}));
}

/// What one harness observed in one scenario: the probe's records.
type Records = Vec<Value>;

fn run_scenario(who: Harness, pi: &PiOracle, ext: &ExtEnv, scenario: &Scenario) -> Records {
    let dir = tempfile::tempdir().expect("tempdir");
    let sandbox = AgentSandbox::create(dir.path()).expect("sandbox");
    std::fs::write(sandbox.project.join("notes.txt"), "alpha\n").expect("notes");
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let server = runtime
        .block_on(MockServer::start(
            (scenario.turns)().into_iter().map(Into::into).collect(),
        ))
        .expect("mock server");
    sandbox.point_at(&server.base_url()).expect("models.json");
    // Keep little of the conversation, so that a short session has something to compact.
    let settings = sandbox.agent_dir.join("settings.json");
    let mut values: Value =
        serde_json::from_str(&std::fs::read_to_string(&settings).expect("settings")).expect("json");
    values["compaction"] = json!({"keepRecentTokens": 1});
    std::fs::write(&settings, values.to_string()).expect("settings");
    let out = dir.path().join("probe.jsonl");
    let mut cmd = match who {
        Harness::Tau => Command::new(env!("CARGO_BIN_EXE_tau")),
        Harness::Pi => {
            let mut cmd = Command::new(&pi.node);
            cmd.arg(&pi.cli);
            cmd
        }
    };
    let node_dir = pi.node.parent().map(Path::to_path_buf).unwrap_or_default();
    cmd.env_clear()
        .envs(sandbox.env(who))
        // Pi needs its Node on PATH for child processes; tau's host finds node the same way.
        .env(
            "PATH",
            format!("{}:/usr/local/bin:/usr/bin:/bin", node_dir.display()),
        )
        .env("TAU_PROBE_OUT", &out)
        .env("TAU_PROBE_PROJECT", &sandbox.project)
        .env("TAU_PROBE_AGENT_DIR", &sandbox.agent_dir)
        .current_dir(&sandbox.project)
        .arg("-e")
        .arg(probe_path())
        .args(scenario.args);
    // After env_clear, which would drop them: the host and node tau runs extensions with.
    if who == Harness::Tau {
        cmd.env("TAU_EXT_HOST", &ext.host);
        if let Some(node) = &ext.node {
            cmd.env("TAU_NODE", node);
        }
    }
    if let Some(conversation) = scenario.rpc {
        let mut client = RpcClient::start(cmd);
        conversation(&mut client);
        let (status, stderr) = client.close();
        assert!(
            status.success(),
            "{who:?} {}: exit {status}\nstderr: {stderr}",
            scenario.name
        );
        return read_records(who, scenario, &out);
    }
    let finished = run(cmd);
    assert!(
        finished.output.status.success(),
        "{who:?} {}: exit {}\nstdout: {}\nstderr: {}",
        scenario.name,
        finished.output.status,
        finished.stdout(),
        finished.stderr()
    );
    drop(server);
    read_records(who, scenario, &out)
}

/// The probe's records (kept in `TAU_DIFFERENTIAL_KEEP` when set).
fn read_records(who: Harness, scenario: &Scenario, out: &Path) -> Records {
    if let Some(keep) = std::env::var_os("TAU_DIFFERENTIAL_KEEP") {
        let name = format!("{who:?}-{}.jsonl", scenario.name).to_lowercase();
        std::fs::create_dir_all(&keep).expect("create the keep folder");
        std::fs::copy(out, Path::new(&keep).join(name)).expect("keep probe records");
    }
    std::fs::read_to_string(out)
        .unwrap_or_default()
        .lines()
        .map(|line| serde_json::from_str(line).expect("probe record"))
        .collect()
}

fn probe_path() -> PathBuf {
    fixture("ext-differential/probe.ts")
}

/// One compared item: where it is, and the two observations.
#[derive(Default)]
struct Report {
    /// Per area ("exports", "events", "order", "ctx"): item name → (Pi, tau).
    areas: BTreeMap<&'static str, BTreeMap<String, (Value, Value)>>,
}

impl Report {
    fn add(&mut self, area: &'static str, name: String, pi: Value, tau: Value) {
        self.areas.entry(area).or_default().insert(name, (pi, tau));
    }

    fn differences(&self) -> BTreeSet<String> {
        let mut found = BTreeSet::new();
        for (area, items) in &self.areas {
            for (name, (pi, tau)) in items {
                if pi != tau {
                    found.insert(format!("{area} {name}"));
                }
            }
        }
        found
    }

    fn render(&self) -> String {
        let mut text = String::from("Differential suite (tau vs Pi 1.6.0):");
        for (area, items) in &self.areas {
            let same = items.values().filter(|(pi, tau)| pi == tau).count();
            text.push_str(&format!(" {area} {same}/{}", items.len()));
            if *area == "events" {
                // An event neither harness fired is equal but says nothing.
                let silent = json!([]);
                let fired = items
                    .values()
                    .filter(|(pi, tau)| *pi != silent || *tau != silent);
                text.push_str(&format!(" ({} fired in a scenario)", fired.count()));
            }
            text.push(';');
        }
        text.push('\n');
        for (area, items) in &self.areas {
            for (name, (pi, tau)) in items.iter().filter(|(_, (pi, tau))| pi != tau) {
                text.push_str(&format!("\n{area} {name}\n  pi:  {pi}\n  tau: {tau}\n"));
            }
        }
        text
    }
}

/// Events: every name subscribed, fired or not (`[]`), with the distinct payload shapes over
/// all scenarios.
fn event_shapes(runs: &[Records]) -> BTreeMap<String, Value> {
    let mut shapes: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for record in runs.iter().flatten().filter(|r| r["kind"] == "subscribed") {
        for name in record["names"].as_array().into_iter().flatten() {
            shapes
                .entry(name.as_str().unwrap_or_default().to_owned())
                .or_default();
        }
    }
    for record in runs.iter().flatten().filter(|r| r["kind"] == "event") {
        let name = record["name"].as_str().unwrap_or_default().to_owned();
        shapes
            .entry(name)
            .or_default()
            .insert(record["shape"].to_string());
    }
    shapes
        .into_iter()
        .map(|(name, set)| {
            let values = set
                .iter()
                .map(|s| serde_json::from_str(s).unwrap_or(Value::Null));
            (name, Value::Array(values.collect()))
        })
        .collect()
}

/// The order events came in, runs of one name counted once (stream chunking may differ).
fn event_order(records: &Records) -> Value {
    let mut order: Vec<Value> = Vec::new();
    for record in records.iter().filter(|r| r["kind"] == "event") {
        if order.last() != Some(&record["name"]) {
            order.push(record["name"].clone());
        }
    }
    Value::Array(order)
}

/// Context values: "<where>: <probe>" → value (the first time that place reported).
fn ctx_values(scenario: &str, records: &Records) -> BTreeMap<String, Value> {
    let mut values = BTreeMap::new();
    for record in records.iter().filter(|r| r["kind"] == "ctx") {
        let place = record["where"].as_str().unwrap_or_default();
        for (key, value) in record["values"].as_object().into_iter().flatten() {
            values
                .entry(format!("{scenario}/{place}: {key}"))
                .or_insert_with(|| value.clone());
        }
    }
    values
}

fn exports(records: &Records) -> BTreeMap<String, Value> {
    let names = records.iter().find(|r| r["kind"] == "exports");
    names
        .and_then(|r| r["names"].as_object())
        .map(|map| map.iter().map(|(k, v)| (k.clone(), v.clone())).collect())
        .unwrap_or_default()
}

/// Pairs two maps key by key; a side without the key reads "absent".
fn pair_up(
    report: &mut Report,
    area: &'static str,
    pi: BTreeMap<String, Value>,
    tau: BTreeMap<String, Value>,
) {
    let names: BTreeSet<&String> = pi.keys().chain(tau.keys()).collect();
    for name in names {
        let side =
            |map: &BTreeMap<String, Value>| map.get(name).cloned().unwrap_or(json!("absent"));
        report.add(area, name.clone(), side(&pi), side(&tau));
    }
}

#[test]
fn probe_observes_the_same_in_tau_and_pi() {
    let test = "probe_observes_the_same_in_tau_and_pi";
    let Some(pi) = PiOracle::locate() else {
        eprintln!("{test}: skipped: reference Pi not installed; run tools/oracle/setup.sh");
        return;
    };
    let Some(ext) = ext_env(test) else { return };
    let mut report = Report::default();
    let (mut pi_runs, mut tau_runs) = (Vec::new(), Vec::new());
    for scenario in SCENARIOS {
        let pi_records = run_scenario(Harness::Pi, &pi, &ext, scenario);
        let tau_records = run_scenario(Harness::Tau, &pi, &ext, scenario);
        report.add(
            "order",
            scenario.name.to_owned(),
            event_order(&pi_records),
            event_order(&tau_records),
        );
        pair_up(
            &mut report,
            "ctx",
            ctx_values(scenario.name, &pi_records),
            ctx_values(scenario.name, &tau_records),
        );
        pi_runs.push(pi_records);
        tau_runs.push(tau_records);
    }
    pair_up(
        &mut report,
        "exports",
        exports(&pi_runs[0]),
        exports(&tau_runs[0]),
    );
    pair_up(
        &mut report,
        "events",
        event_shapes(&pi_runs),
        event_shapes(&tau_runs),
    );

    let text = report.render();
    println!("{text}");
    if let Some(path) = std::env::var_os("TAU_DIFFERENTIAL_REPORT") {
        std::fs::write(path, &text).expect("write report");
    }
    let found = report.differences();
    let known: BTreeSet<String> = KNOWN.iter().map(|s| (*s).to_owned()).collect();
    let new: Vec<&String> = found.difference(&known).collect();
    let fixed: Vec<&String> = known
        .difference(&found)
        .filter(|d| !TIMING.contains(&d.as_str()))
        .collect();
    let every: String = found.iter().map(|d| format!("    {d:?},\n")).collect();
    assert!(
        new.is_empty() && fixed.is_empty(),
        "new differences from Pi (fix them, or add them to KNOWN and docs/pi-extensions.md): \
         {new:#?}\nno longer different (remove from KNOWN, update docs/pi-extensions.md): \
         {fixed:#?}\n\n{text}\nKNOWN as found now:\n{every}"
    );
}
