//! Contexts derived by hand from docs/session-format.md ("Context Building") for small trees.

use super::*;
use pretty_assertions::assert_eq;
use serde_json::json;

/// Entry timestamp `2024-12-03T14:00:<s>.000Z`; its Unix ms is `ms(s)`.
fn ts(second: u64) -> String {
    format!("2024-12-03T14:00:{second:02}.000Z")
}

fn ms(second: u64) -> u64 {
    1_733_234_400_000 + second * 1000
}

fn entry(id: &str, parent: Option<&str>, second: u64, kind: &str, fields: Value) -> Value {
    let mut value = json!({"type":kind,"id":id,"parentId":parent,"timestamp":ts(second)});
    for (key, field) in fields.as_object().cloned().unwrap_or_default() {
        value[key] = field;
    }
    value
}

fn user_msg(text: &str, second: u64) -> Value {
    json!({"role":"user","content":text,"timestamp":ms(second)})
}

fn assistant_msg(text: &str, model: &str, second: u64) -> Value {
    json!({"role":"assistant","content":[{"type":"text","text":text}],"api":"openai-completions",
        "provider":"prov","model":model,
        "usage":{"input":1,"output":1,"cacheRead":0,"cacheWrite":0,"totalTokens":2,
            "cost":{"input":0.5,"output":0.5,"cacheRead":0,"cacheWrite":0,"total":1}},
        "stopReason":"stop","timestamp":ms(second)})
}

fn tool_msg(text: &str, second: u64) -> Value {
    json!({"role":"toolResult","toolCallId":"call_1","toolName":"bash",
        "content":[{"type":"text","text":text}],"isError":false,"timestamp":ms(second)})
}

fn system_msg(sections: Value, second: u64) -> Value {
    json!({"role":"system","content":"","sections":sections,"timestamp":ms(second)})
}

fn message(id: &str, parent: Option<&str>, second: u64, message: Value) -> Value {
    entry(id, parent, second, "message", json!({ "message": message }))
}

fn tree(values: Vec<Value>) -> SessionTree {
    SessionTree::from_entries(
        values
            .into_iter()
            .map(|v| serde_json::from_value(v).expect("entry"))
            .collect(),
    )
}

fn messages(context: &SessionContext) -> Value {
    serde_json::to_value(&context.messages).expect("serialises")
}

fn ids(entries: &[&SessionEntry]) -> Vec<String> {
    entries
        .iter()
        .map(|e| e.id().unwrap_or("-").into())
        .collect()
}

fn read_tool() -> Value {
    json!({"name":"read","description":"Read a file","parameters":{"type":"object"}})
}

#[test]
fn linear_session_yields_every_message_with_settings_from_the_path() {
    let mut system = system_msg(json!({"preamble":"P"}), 3);
    system["toolsAdded"] = json!([read_tool()]);
    let tree = tree(vec![
        entry(
            "m1",
            None,
            1,
            "model_change",
            json!({"provider":"openai","modelId":"gpt-4o"}),
        ),
        entry(
            "t1",
            Some("m1"),
            2,
            "thinking_level_change",
            json!({"thinkingLevel":"high"}),
        ),
        message("s1", Some("t1"), 3, system.clone()),
        message("u1", Some("s1"), 4, user_msg("hello", 4)),
        message("a1", Some("u1"), 5, assistant_msg("hi", "claude", 5)),
        message("r1", Some("a1"), 6, tool_msg("out", 6)),
        entry(
            "c1",
            Some("r1"),
            7,
            "custom",
            json!({"customType":"state","data":{"n":1}}),
        ),
        entry(
            "l1",
            Some("c1"),
            8,
            "label",
            json!({"targetId":"u1","label":"start"}),
        ),
        entry(
            "x1",
            Some("l1"),
            9,
            "usage",
            json!({"kind":"cache_warm","provider":"p","model":"m",
            "usage":{"input":0,"output":0,"cacheRead":5,"cacheWrite":0,"totalTokens":5,
            "cost":{"input":0,"output":0,"cacheRead":0,"cacheWrite":0,"total":0}}}),
        ),
        message("a2", Some("x1"), 10, assistant_msg("done", "claude", 10)),
    ]);
    let context = tree.build_session_context();
    assert_eq!(
        messages(&context),
        json!([
            system,
            user_msg("hello", 4),
            assistant_msg("hi", "claude", 5),
            tool_msg("out", 6),
            assistant_msg("done", "claude", 10)
        ])
    );
    assert_eq!(context.thinking_level, "high");
    let model = ModelRef {
        provider: "prov".into(),
        model_id: "claude".into(),
    };
    assert_eq!(
        context.model,
        Some(model),
        "the assistant after the model_change wins"
    );
    let prompt = context.system_prompt.expect("replayed");
    assert_eq!(prompt.section("preamble"), Some("P"));
    assert_eq!(prompt.tools.len(), 1);
}

#[test]
fn empty_paths_have_defaults() {
    let tree = tree(vec![]);
    let context = tree.build_session_context();
    assert_eq!(messages(&context), json!([]));
    assert_eq!(context.thinking_level, "off");
    assert_eq!(context.model, None);
    assert_eq!(context.system_prompt, None);
}

/// u1 ─ a1 ─┬─ u2 ─ mc               (branch A, left)
///          └─ bs ─ u3 ─ a3          (branch B, leaf)
fn branched() -> SessionTree {
    tree(vec![
        message("u1", None, 1, user_msg("q1", 1)),
        message("a1", Some("u1"), 2, assistant_msg("r1", "m1", 2)),
        message("u2", Some("a1"), 3, user_msg("try A", 3)),
        entry(
            "mc",
            Some("u2"),
            4,
            "model_change",
            json!({"provider":"p9","modelId":"m9"}),
        ),
        entry(
            "bs",
            Some("a1"),
            5,
            "branch_summary",
            json!({"fromId":"mc","summary":"A did not work"}),
        ),
        message("u3", Some("bs"), 6, user_msg("try B", 6)),
        message("a3", Some("u3"), 7, assistant_msg("B works", "m1", 7)),
    ])
}

#[test]
fn branched_session_follows_the_leaf_and_includes_branch_summaries() {
    let tree = branched();
    let context = tree.build_session_context();
    assert_eq!(
        messages(&context),
        json!([
            user_msg("q1", 1),
            assistant_msg("r1", "m1", 2),
            {"role":"branchSummary","summary":"A did not work","fromId":"mc","timestamp":ms(5)},
            user_msg("try B", 6),
            assistant_msg("B works", "m1", 7),
        ])
    );
    let other = tree.build_session_context_at(Some("mc"));
    assert_eq!(
        messages(&other),
        json!([
            user_msg("q1", 1),
            assistant_msg("r1", "m1", 2),
            user_msg("try A", 3)
        ])
    );
    let model = ModelRef {
        provider: "p9".into(),
        model_id: "m9".into(),
    };
    assert_eq!(other.model, Some(model));
}

#[test]
fn context_entry_selection_matches_pi_for_odd_leaves() {
    let tree = branched();
    assert!(tree.build_context_entries_at(None).is_empty());
    assert_eq!(
        ids(&tree.build_context_entries_at(Some("unknown"))),
        ["u1", "a1", "bs", "u3", "a3"],
        "an unknown leaf falls back to the file's last entry"
    );
}

#[test]
fn empty_branch_summaries_contribute_nothing() {
    let tree = tree(vec![
        message("u1", None, 1, user_msg("q", 1)),
        entry(
            "bs",
            Some("u1"),
            2,
            "branch_summary",
            json!({"fromId":"x","summary":""}),
        ),
    ]);
    assert_eq!(
        messages(&tree.build_session_context()),
        json!([user_msg("q", 1)])
    );
}

#[test]
fn compaction_keeps_non_system_entries_from_first_kept_and_leads_with_its_checkpoint() {
    let checkpoint = system_msg(json!({"preamble":"P","skills":"S"}), 8);
    let tree = tree(vec![
        message("s1", None, 1, system_msg(json!({"preamble":"P"}), 1)),
        message("u1", Some("s1"), 2, user_msg("old", 2)),
        message("a1", Some("u1"), 3, assistant_msg("old answer", "m", 3)),
        message("u2", Some("a1"), 4, user_msg("kept", 4)),
        message("s2", Some("u2"), 5, system_msg(json!({"skills":"S"}), 5)),
        message("a2", Some("s2"), 6, assistant_msg("kept answer", "m", 6)),
        entry(
            "cp",
            Some("a2"),
            8,
            "compaction",
            json!({"summary":"earlier work",
            "firstKeptEntryId":"u2","tokensBefore":1000,"systemMessage":checkpoint}),
        ),
        message("u3", Some("cp"), 9, user_msg("new", 9)),
        message("a3", Some("u3"), 10, assistant_msg("new answer", "m", 10)),
    ]);
    assert_eq!(
        ids(&tree.build_context_entries()),
        ["cp", "u2", "a2", "u3", "a3"]
    );
    let context = tree.build_session_context();
    assert_eq!(
        messages(&context),
        json!([
            checkpoint,
            {"role":"compactionSummary","summary":"earlier work","tokensBefore":1000,"timestamp":ms(8)},
            user_msg("kept", 4),
            assistant_msg("kept answer", "m", 6),
            user_msg("new", 9),
            assistant_msg("new answer", "m", 10),
        ])
    );
    let prompt = context.system_prompt.expect("checkpoint replays");
    assert_eq!(prompt.text(), "P\n\nS");
}

#[test]
fn retain_none_compaction_names_itself_and_keeps_nothing_before_it() {
    let tree = tree(vec![
        message("u1", None, 1, user_msg("old", 1)),
        message("a1", Some("u1"), 2, assistant_msg("old answer", "m", 2)),
        entry(
            "cp",
            Some("a1"),
            3,
            "compaction",
            json!({"summary":"all of it","firstKeptEntryId":"cp","tokensBefore":7}),
        ),
        message("u2", Some("cp"), 4, user_msg("next", 4)),
    ]);
    assert_eq!(
        messages(&tree.build_session_context()),
        json!([
            {"role":"compactionSummary","summary":"all of it","tokensBefore":7,"timestamp":ms(3)},
            user_msg("next", 4),
        ])
    );
}

#[test]
fn only_the_newest_compaction_contributes_even_when_an_older_one_is_kept() {
    let tree = tree(vec![
        message("u1", None, 1, user_msg("one", 1)),
        message("a1", Some("u1"), 2, assistant_msg("two", "m", 2)),
        entry(
            "c1",
            Some("a1"),
            3,
            "compaction",
            json!({"summary":"first","firstKeptEntryId":"a1","tokensBefore":1}),
        ),
        message("u2", Some("c1"), 4, user_msg("three", 4)),
        entry(
            "c2",
            Some("u2"),
            5,
            "compaction",
            json!({"summary":"second","firstKeptEntryId":"c1","tokensBefore":2}),
        ),
        message("u3", Some("c2"), 6, user_msg("four", 6)),
    ]);
    let projection = tree.build_session_projection();
    let selected: Vec<&SessionEntry> = projection.entries.iter().map(|e| e.source).collect();
    assert_eq!(ids(&selected), ["c2", "c1", "u2", "u3"]);
    assert!(projection.entries[1].messages.is_empty());
    assert_eq!(
        serde_json::to_value(projection.messages().collect::<Vec<_>>()).unwrap(),
        json!([
            {"role":"compactionSummary","summary":"second","tokensBefore":2,"timestamp":ms(5)},
            user_msg("three", 4),
            user_msg("four", 6),
        ])
    );
}

/// u1 ─ a1 ─ r1 ─ cm ─ e1 ─ e2 ─ e3 ─ e4 ─ e5
fn edited() -> SessionTree {
    tree(vec![
        message("u1", None, 1, user_msg("long question", 1)),
        message("a1", Some("u1"), 2, assistant_msg("long answer", "m", 2)),
        message("r1", Some("a1"), 3, tool_msg("huge output", 3)),
        entry(
            "cm",
            Some("r1"),
            4,
            "custom_message",
            json!({"customType":"note","content":"inject","display":false,"details":{"k":1}}),
        ),
        entry(
            "e1",
            Some("cm"),
            5,
            "context_edit",
            json!({"targetId":"u1","replacement":{"content":"short question"}}),
        ),
        entry(
            "e2",
            Some("e1"),
            6,
            "context_edit",
            json!({"targetId":"a1","replacement":{"content":"short answer"}}),
        ),
        entry(
            "e3",
            Some("e2"),
            7,
            "context_edit",
            json!({"targetId":"r1","replacement":null}),
        ),
        entry(
            "e4",
            Some("e3"),
            8,
            "context_edit",
            json!({"targetId":"u1","replacement":{"content":[{"type":"text","text":"shorter"}]}}),
        ),
        entry(
            "e5",
            Some("e4"),
            9,
            "context_edit",
            json!({"targetId":"cm","replacement":{"content":"edited"}}),
        ),
    ])
}

#[test]
fn context_edits_replace_content_or_omit_the_latest_edit_winning() {
    let tree = edited();
    let mut answer = assistant_msg("short answer", "m", 2);
    answer["content"] = json!([{"type":"text","text":"short answer"}]);
    assert_eq!(
        messages(&tree.build_session_context()),
        json!([
            {"role":"user","content":[{"type":"text","text":"shorter"}],"timestamp":ms(1)},
            answer,
            {"role":"custom","customType":"note","content":"edited","display":false,
             "details":{"k":1},"timestamp":ms(4)},
        ])
    );
    // The raw entries are untouched.
    let raw = tree
        .get_entry("u1")
        .and_then(SessionEntry::message)
        .unwrap();
    assert_eq!(
        serde_json::to_value(raw).unwrap(),
        user_msg("long question", 1)
    );
}

#[test]
fn context_edits_are_branch_relative() {
    let tree = edited();
    assert_eq!(
        messages(&tree.build_session_context_at(Some("e1"))),
        json!([
            {"role":"user","content":"short question","timestamp":ms(1)},
            assistant_msg("long answer", "m", 2),
            tool_msg("huge output", 3),
            {"role":"custom","customType":"note","content":"inject","display":false,
             "details":{"k":1},"timestamp":ms(4)},
        ])
    );
}

#[test]
fn a_system_message_without_content_gets_an_empty_string() {
    let tree = tree(vec![message(
        "s1",
        None,
        1,
        json!({"role":"system","content":null,"timestamp":5}),
    )]);
    assert_eq!(
        messages(&tree.build_session_context()),
        json!([{"role":"system","content":"","timestamp":5}])
    );
}
