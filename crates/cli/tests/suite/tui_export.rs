//! `/export [path]` in the terminal UI, as Pi's: the HTML page by default or for any path,
//! the current branch as a session file for a `.jsonl` path, `Session exported to: <path>`,
//! and `Failed to export session: …` before there is anything to export.

use serde_json::Value;
use tau_test_support::MockTurn;

use super::tui_session::Tui;

#[test]
fn export_writes_the_page_or_the_branch_and_reports_where() {
    let tui = Tui::start(vec![MockTurn::text("exported **answer**")], &[]);
    tui.type_line("/export");
    tui.wait("Failed to export session: Nothing to export yet - start a conversation first");

    tui.type_line("hello export");
    tui.wait("exported answer");
    tui.type_line("/export \"my page.html\"");
    tui.wait("Session exported to: my page.html");
    let project = &tui.sandbox.project;
    let page = std::fs::read_to_string(project.join("my page.html")).expect("page written");
    assert!(page.contains("<p>hello export</p>"), "{page}");
    assert!(page.contains("exported <strong>answer</strong>"), "{page}");

    tui.type_line("/export branch.jsonl");
    tui.wait("Session exported to: branch.jsonl");
    let text = std::fs::read_to_string(project.join("branch.jsonl")).expect("branch written");
    let lines: Vec<Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).expect("json line"))
        .collect();
    assert_eq!(lines[0]["type"], "session");
    assert_eq!(lines[0]["version"], 3);
    // Each entry hangs from the one before it: one straight branch.
    for pair in lines[1..].windows(2) {
        assert_eq!(pair[1]["parentId"], pair[0]["id"], "{text}");
    }
    assert!(lines[1]["parentId"].is_null());
    let roles: Vec<&str> = lines[1..]
        .iter()
        .filter_map(|entry| entry["message"]["role"].as_str())
        .collect();
    assert!(roles.ends_with(&["user", "assistant"]), "{roles:?}\n{text}");
    tui.quit();
}
