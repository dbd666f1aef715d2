//! `turn_end` as Pi's boundary: handlers compose `entries` and `continue`; the drafts are
//! recorded in the session at once and `continue` makes one more request when the context
//! allows it (fixture: fixtures/ext-payloads/turn-boundary.ts, echo model).

use serde_json::Value;

use super::ext_support::{entries, ext_env, fixture, only_session, run, Workspace};

/// Runs the echo model on one prompt with the fixture; the session's entries.
fn boundary_session(test: &str, mode: &str) -> Option<Vec<Value>> {
    let env = ext_env(test)?;
    let ws = Workspace::new();
    let mut cmd = env.tau(&ws, &[&fixture("ext-payloads/turn-boundary.ts")]);
    cmd.env("TURN_BOUNDARY_MODE", mode)
        .arg("--script")
        .arg(fixture("ext-live/script.json"))
        .args(["-p", "first"]);
    let run = run(cmd);
    run.assert_ok();
    Some(entries(&only_session(&ws)))
}

fn of_custom_type<'a>(entries: &'a [Value], custom_type: &str) -> Vec<&'a Value> {
    entries
        .iter()
        .filter(|e| e["customType"] == custom_type)
        .collect()
}

fn assistant_ids(entries: &[Value]) -> Vec<&str> {
    entries
        .iter()
        .filter(|e| e["type"] == "message" && e["message"]["role"] == "assistant")
        .filter_map(|e| e["id"].as_str())
        .collect()
}

#[test]
fn turn_end_entries_are_recorded_and_continue_makes_one_more_request() {
    let Some(entries) = boundary_session("turn_end_entries", "entries") else {
        return;
    };
    let assistants = assistant_ids(&entries);
    assert_eq!(assistants.len(), 2, "the run continued once: {entries:#?}");
    let mark = of_custom_type(&entries, "turn-mark");
    assert_eq!(mark.len(), 1);
    let data = &mark[0]["data"];
    assert_eq!(data["turnIndex"], 0);
    assert_eq!(data["outcome"], "completed");
    assert_eq!(data["role"], "assistant");
    assert_eq!(data["messageEntryId"], assistants[0]);
    assert_eq!(data["toolResultEntryIds"], serde_json::json!([]));
    assert_eq!(
        data["canContinue"], false,
        "a text-only turn ends on the assistant"
    );
    // The later handler saw both drafts and the proposed continue.
    let seen = of_custom_type(&entries, "turn-seen");
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0]["data"]["proposed"], 2);
    assert_eq!(seen[0]["data"]["continue"], true);
    // The custom message sits between the two responses and reached the model.
    let nudge = entries
        .iter()
        .position(|e| e["type"] == "custom_message" && e["customType"] == "turn-nudge")
        .expect("the custom message was recorded");
    let second = entries
        .iter()
        .position(|e| e["id"] == assistants[1])
        .expect("second response");
    assert!(nudge < second);
    let echoed = entries[second]["message"]["content"][0]["text"]
        .as_str()
        .unwrap_or_default();
    assert!(echoed.contains("keep going"), "{echoed}");
}

#[test]
fn turn_end_continue_without_new_context_makes_no_request() {
    let Some(entries) = boundary_session("turn_end_bare_continue", "bare") else {
        return;
    };
    assert_eq!(assistant_ids(&entries).len(), 1, "{entries:#?}");
}

/// The `before_agent_start` events the announce fixture saw for `prompts`, and the keys of
/// `ctx.getSystemPromptOptions()` in its command.
fn announcements(test: &str, prompts: &[&str]) -> Option<(Vec<Value>, Value)> {
    let env = ext_env(test)?;
    let ws = Workspace::new();
    let mut cmd = env.tau(&ws, &[&fixture("ext-payloads/announce.ts")]);
    cmd.arg("--no-session")
        .arg("--script")
        .arg(fixture("ext-live/script.json"))
        .arg("-p")
        .args(prompts);
    run(cmd).assert_ok().assert_quiet();
    let text =
        std::fs::read_to_string(ws.path().join("before-agent-start.jsonl")).unwrap_or_default();
    let seen = text
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect();
    let command = std::fs::read_to_string(ws.path().join("command-options.json"))
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default();
    Some((seen, command))
}

#[test]
fn before_agent_start_announces_custom_runs_and_carries_pis_prompt_options() {
    let Some((seen, command_keys)) =
        announcements("before_agent_start_announce", &["hello", "/kick"])
    else {
        return;
    };
    assert_eq!(seen.len(), 2, "{seen:#?}");
    assert_eq!(seen[0]["messageType"], "user");
    assert_eq!(seen[0]["prompt"], "hello");
    assert_eq!(seen[0]["images"], "<undefined>");
    assert_eq!(seen[0]["message"], "<undefined>");
    // A run started by sendMessage with triggerTurn: the message, no prompt.
    assert_eq!(seen[1]["messageType"], "custom");
    assert_eq!(seen[1]["prompt"], "<undefined>");
    assert_eq!(seen[1]["message"]["customType"], "kick");
    assert_eq!(seen[1]["message"]["role"], "custom");
    // Pi's keys (customPrompt and forceSystemPrompt are undefined without the flags).
    let keys = serde_json::json!([
        "appendSystemPrompt",
        "contextFiles",
        "cwd",
        "hiddenTools",
        "promptGuidelines",
        "sections",
        "selectedTools",
        "skills",
        "toolGuidelines",
        "toolSnippets"
    ]);
    assert_eq!(seen[0]["optionKeys"], keys);
    assert_eq!(command_keys, keys);
}
