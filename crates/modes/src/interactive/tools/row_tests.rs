//! Behaviour the Pi vectors do not pin down: rows without a highlighter, calls that ended
//! without a result, the spinner, and tools whose definition is unknown.

use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::json;
use tau_protocol::ToolResult;

use super::*;
use crate::interactive::paint::Plain;
use crate::interactive::transcript::model::{BashRow, ToolRow, ToolState};

/// Marks every style with its token so tests can see which one applied.
struct Tags;

impl Paint for Tags {
    fn fg(&self, token: &str, text: &str) -> String {
        format!("<{token}>{text}</>")
    }
    fn bg(&self, token: &str, text: &str) -> String {
        format!("[{token}]{text}[/]")
    }
    fn bold(&self, text: &str) -> String {
        text.to_string()
    }
    fn inverse(&self, text: &str) -> String {
        format!("«{text}»")
    }
}

fn row(
    name: &str,
    args: serde_json::Value,
    state: ToolState,
    result: Option<ToolResult>,
) -> ToolRow {
    ToolRow {
        id: "1".into(),
        name: name.into(),
        args,
        state,
        partial: None,
        result,
        started: None,
        duration_ms: None,
    }
}

fn trimmed(lines: Vec<String>) -> Vec<String> {
    lines
        .into_iter()
        .map(|l| l.trim_end().to_string())
        .collect()
}

#[test]
fn read_without_highlighter_shows_plain_lines() {
    let done = row(
        "read",
        json!({"path": "src/lib.rs"}),
        ToolState::Done,
        Some(ToolResult::text("fn a() {}\n\tfn b() {}\n")),
    );
    let mut opts = ToolRenderOptions::new(40, Path::new("/w"));
    opts.expanded = true;
    let lines = trimmed(render_tool_row(&done, &opts, &Plain));
    assert_eq!(
        lines,
        [
            "",
            "",
            " read src/lib.rs",
            "",
            " fn a() {}",
            "    fn b() {}",
            ""
        ]
    );
}

#[test]
fn a_call_that_ended_without_result_settles_as_an_error() {
    let failed = row("grep", json!({"pattern": "x"}), ToolState::Failed, None);
    let lines = render_tool_row(&failed, &ToolRenderOptions::new(30, Path::new("/w")), &Tags);
    assert!(lines[1..].iter().all(|l| l.starts_with("[toolErrorBg]")));
    let pending = row("grep", json!({"pattern": "x"}), ToolState::Pending, None);
    let lines = render_tool_row(
        &pending,
        &ToolRenderOptions::new(30, Path::new("/w")),
        &Tags,
    );
    assert!(lines[1..].iter().all(|l| l.starts_with("[toolPendingBg]")));
}

#[test]
fn running_bash_counts_from_its_start() {
    let now = Instant::now() + Duration::from_secs(600);
    let mut running = row("bash", json!({"command": "make"}), ToolState::Running, None);
    running.started = Some(now - Duration::from_millis(90_500));
    running.partial = Some(ToolResult::text("building"));
    let mut opts = ToolRenderOptions::new(40, Path::new("/w"));
    opts.now = Some(now);
    let lines = trimmed(render_tool_row(&running, &opts, &Plain));
    assert!(lines.contains(&" Elapsed 1m 30s".to_string()), "{lines:?}");
}

#[test]
fn tools_without_definition_show_json_arguments() {
    let unknown = row("mystery", json!({"a": 1}), ToolState::Pending, None);
    let mut opts = ToolRenderOptions::new(30, Path::new("/w"));
    let none = |_: &str| false;
    opts.has_definition = Some(&none);
    let lines = trimmed(render_tool_row(&unknown, &opts, &Plain));
    assert_eq!(
        lines,
        ["", "", " mystery", "", " {", "   \"a\": 1", " }", ""]
    );
    opts.has_definition = None;
    let lines = trimmed(render_tool_row(&unknown, &opts, &Plain));
    assert_eq!(lines, ["", "", " mystery a=1", ""]);
}

#[test]
fn edit_preview_colours_the_header_block() {
    let pending = row("edit", json!({"path": "a.ts"}), ToolState::Pending, None);
    let preview = EditPreview::Error("Could not find the text".into());
    let mut opts = ToolRenderOptions::new(40, Path::new("/w"));
    opts.edit_preview = Some(&preview);
    let lines = render_tool_row(&pending, &opts, &Tags);
    assert!(lines
        .iter()
        .any(|l| l.contains("<error>Could not find the text</>")));
    assert!(lines[2].contains("[toolErrorBg]"), "{:?}", lines[2]);
}

#[test]
fn diff_inverts_only_the_changed_words() {
    let rendered = render_diff("- 1 let a = 1;\n+ 1 let a = 2;", &Tags);
    assert_eq!(
        rendered,
        "<toolDiffRemoved>- 1 let a = «1»;</>\n<toolDiffAdded>+ 1 let a = «2»;</>"
    );
}

#[test]
fn command_spinner_follows_the_frame() {
    let running = BashRow {
        command: "sleep 9".into(),
        output: String::new(),
        exit_code: None,
        cancelled: false,
        truncated: false,
        excluded: false,
        running: true,
        full_output_path: None,
    };
    let mut opts = BashRenderOptions::new(50);
    opts.spinner_frame = 13;
    let lines = trimmed(render_bash_row(&running, &opts, &Plain));
    assert_eq!(lines[4], " ⠸ Running... (escape/ctrl+c to cancel)");
    assert_eq!(lines[1], "─".repeat(50));
}
