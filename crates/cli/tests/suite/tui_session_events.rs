//! Session events in tau's terminal UI on a pseudo-terminal: `!` / `!!` commands go through
//! `user_bash` (our probe, tests/fixtures/session-events), and Pi's `trigger-compact.ts`
//! compacts from its command with `session_before_compact` asked on the way.

use std::path::PathBuf;

use serde_json::Value;
use tau_test_support::MockTurn;

use super::ext_support::{example, ext_env, fixture};
use super::tui_session::{tui_node, Tui};

/// tau in the terminal UI with `extensions`, the probe logging to `log`, `vars` set.
fn with_extensions(
    test: &str,
    extensions: Vec<PathBuf>,
    turns: Vec<MockTurn>,
    vars: &[(&'static str, &'static str)],
    log: PathBuf,
) -> Option<Tui> {
    let node = tui_node(test)?;
    let env = ext_env(test)?;
    let vars = vars.to_vec();
    Some(Tui::start_with(
        turns,
        &["--no-session"],
        move |sandbox, mut spec| {
            // Two long prompts fill more than the ~50 tokens kept: a compaction has history.
            let settings = r#"{"compaction": {"keepRecentTokens": 50}}"#;
            std::fs::write(sandbox.agent_dir.join("settings.json"), settings).expect("settings");
            for path in &extensions {
                spec = spec.args(["-e", path.to_str().unwrap_or_default()]);
            }
            for (key, value) in &vars {
                spec = spec.env(key, value);
            }
            spec.env("PROBE_LOG", log.display().to_string())
                .env("TAU_EXT_HOST", env.host.display().to_string())
                .env("TAU_NODE", node.display().to_string())
        },
    ))
}

fn probe_log(path: &std::path::Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(|line| serde_json::from_str(line).expect("probe line"))
        .collect()
}

#[test]
fn bang_commands_go_through_user_bash_and_a_result_takes_over() {
    let dir = tempfile::tempdir().expect("tempdir");
    let log = dir.path().join("probe.jsonl");
    let Some(tui) = with_extensions(
        "bang_user_bash",
        vec![fixture("session-events/probe.ts")],
        vec![],
        &[("PROBE_BASH", "result")],
        log.clone(),
    ) else {
        return;
    };
    tui.type_line("!echo local");
    tui.wait("probe ran: echo local");
    tui.type_line("!!echo hidden");
    tui.wait("probe ran: echo hidden");
    tui.quit();
    let records = probe_log(&log);
    let bash: Vec<&Value> = records
        .iter()
        .filter(|r| r["event"] == "user_bash")
        .collect();
    assert_eq!(bash.len(), 2, "{records:?}");
    let keys: Vec<&str> = bash[0]["keys"]
        .as_array()
        .expect("keys")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(keys, ["type", "command", "excludeFromContext", "cwd"]);
    assert_eq!(bash[0]["command"], "echo local");
    assert_eq!(bash[0]["excludeFromContext"], false);
    assert_eq!(bash[0]["cwdIsCtxCwd"], true);
    assert_eq!(bash[1]["command"], "echo hidden");
    assert_eq!(bash[1]["excludeFromContext"], true);
}

#[test]
fn a_throwing_user_bash_handler_blocks_the_command() {
    let dir = tempfile::tempdir().expect("tempdir");
    let log = dir.path().join("probe.jsonl");
    let Some(tui) = with_extensions(
        "throwing_user_bash",
        vec![fixture("session-events/probe.ts")],
        vec![],
        &[("PROBE_BASH", "throw")],
        log,
    ) else {
        return;
    };
    tui.type_line("!echo never-$((6*7))");
    let screen = tui.wait("probe refuses");
    // Pi runs nothing locally after a throwing handler.
    assert!(!screen.contains("never-42"), "{screen}");
    tui.quit();
}

#[test]
fn pi_trigger_compact_compacts_from_its_command() {
    let dir = tempfile::tempdir().expect("tempdir");
    let log = dir.path().join("probe.jsonl");
    let Some((_, trigger)) = example("pi_trigger_compact", "trigger-compact.ts") else {
        return;
    };
    let turns = vec![
        MockTurn::text("answer-one"),
        MockTurn::text("answer-two"),
        MockTurn::text("## Goal\nsummarised"),
    ];
    let Some(tui) = with_extensions(
        "pi_trigger_compact",
        vec![trigger, fixture("session-events/probe.ts")],
        turns,
        &[],
        log.clone(),
    ) else {
        return;
    };
    // Long prompts wrap in the editor: sent without waiting to see them typed.
    for (prompt, answer) in [("first", "answer-one"), ("second", "answer-two")] {
        let text = format!("{prompt} {}", "a".repeat(300));
        tui.session.send_text(&text).expect("type");
        tui.session.send_key("enter").expect("enter");
        tui.wait(answer);
    }
    tui.type_line("/trigger-compact keep the goal");
    tui.wait("Compaction started");
    tui.wait("Compaction completed");
    tui.quit();
    let records = probe_log(&log);
    let events: Vec<&str> = records.iter().filter_map(|r| r["event"].as_str()).collect();
    assert_eq!(events, ["session_before_compact", "session_compact"]);
    assert_eq!(records[0]["reason"], "manual");
    assert_eq!(records[0]["customInstructions"], "keep the goal");
    assert_eq!(
        records[1]["summary"]
            .as_str()
            .map(|s| s.starts_with("## Goal")),
        Some(true)
    );
}

#[test]
fn pi_dynamic_resources_theme_joins_the_theme_list() {
    let dir = tempfile::tempdir().expect("tempdir");
    let log = dir.path().join("probe.jsonl");
    let Some((_, dynamic)) = example("pi_dynamic_resources", "dynamic-resources/index.ts") else {
        return;
    };
    let Some(tui) = with_extensions(
        "pi_dynamic_resources",
        vec![dynamic, fixture("session-events/probe.ts")],
        vec![],
        &[("PROBE_RESOURCES", "1")],
        log.clone(),
    ) else {
        return;
    };
    tui.type_line("/probe-themes");
    let screen = tui.wait("themes: ");
    assert!(screen.contains("dynamic-resources"), "{screen}");
    // After a reload the extensions discover again and the theme stays offered.
    tui.type_line("/probe-reload");
    tui.type_line("/probe-themes");
    tui.wait_until("the reload's discovery", {
        let log = log.clone();
        move |_| probe_log(&log).len() >= 2
    });
    tui.quit();
    let reasons: Vec<String> = probe_log(&log)
        .iter()
        .filter_map(|r| r["reason"].as_str().map(str::to_string))
        .collect();
    assert_eq!(reasons, ["startup", "reload"]);
}

#[test]
fn pi_project_trust_example_decides_on_the_start_screen() {
    let Some((env, trust)) = example("pi_project_trust", "project-trust.ts") else {
        return;
    };
    let Some(node) = tui_node("pi_project_trust") else {
        return;
    };
    let tui = Tui::launch(
        Vec::<MockTurn>::new(),
        &["--no-session"],
        move |sandbox, spec| {
            // A project extension: it loads only once the project is trusted.
            let local = sandbox.project.join(".pi/extensions/local.ts");
            std::fs::create_dir_all(local.parent().expect("parent")).expect("mkdir");
            let code = r#"export default function (pi: any) {
  pi.on("session_start", (_e: any, ctx: any) => ctx.ui.notify("local extension loaded", "info"));
}"#;
            std::fs::write(local, code).expect("local extension");
            spec.args(["-e", trust.to_str().unwrap_or_default()])
                .env("TAU_EXT_HOST", env.host.display().to_string())
                .env("TAU_NODE", node.display().to_string())
        },
    );
    let screen = tui.wait("Project trust for:");
    assert!(screen.contains("Trust this session"), "{screen}");
    // "Trust this session": the third choice.
    for key in ["down", "down", "enter"] {
        tui.session.send_key(key).expect("key");
    }
    let screen = tui.wait("local extension loaded");
    assert!(
        screen.contains("project-trust example loaded after trust resolution"),
        "{screen}"
    );
    // The extension decided: tau's own question was not asked.
    assert!(!screen.contains("Trust project folder?"), "{screen}");
    tui.quit();
    // A session-only decision is not saved.
    assert!(!tui.sandbox.agent_dir.join("trust.json").exists());
}
