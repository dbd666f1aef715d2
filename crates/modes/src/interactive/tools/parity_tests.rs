//! Tool rows and command rows against the lines Pi 1.6.0 draws for the same input
//! (tests/vectors/tool_rows.json, made by gen/tool_vectors.mjs). Pi ran with a theme that
//! wraps text in one SGR colour per token; [`Marked`] paints the same way.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::Value;
use tau_protocol::ToolResult;

use super::*;
use crate::interactive::transcript::model::{BashRow, ToolRow, ToolState};

struct Marked(HashMap<String, u64>);

impl Marked {
    fn index(&self, token: &str) -> u64 {
        match self.0.get(token) {
            Some(index) => *index,
            None => panic!("token {token} not in Pi's palette"),
        }
    }
}

impl Paint for Marked {
    fn fg(&self, token: &str, text: &str) -> String {
        format!("\x1b[38;5;{}m{text}\x1b[39m", self.index(token))
    }
    fn bg(&self, token: &str, text: &str) -> String {
        format!("\x1b[48;5;{}m{text}\x1b[49m", self.index(token))
    }
    fn bold(&self, text: &str) -> String {
        format!("\x1b[1m{text}\x1b[22m")
    }
    fn inverse(&self, text: &str) -> String {
        format!("\x1b[7m{text}\x1b[27m")
    }
}

fn vectors() -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors/tool_rows.json");
    let text = std::fs::read_to_string(path).expect("vectors");
    serde_json::from_str(&text).expect("vectors parse")
}

fn result_of(value: &Value, is_error: bool) -> ToolResult {
    let mut result: ToolResult = serde_json::from_value(value.clone()).expect("result");
    result.is_error = Some(is_error);
    result
}

fn tool_row(case: &Value, now: Instant) -> ToolRow {
    let is_error = case["isError"].as_bool().unwrap_or(false);
    let started = case["started"]
        .as_bool()
        .unwrap_or(false)
        .then(|| now - Duration::from_millis(case["elapsed"].as_u64().unwrap_or(0)));
    let mut row = ToolRow {
        id: "call-1".into(),
        name: case["tool"].as_str().unwrap_or_default().into(),
        args: case["args"].clone(),
        state: ToolState::Pending,
        partial: None,
        result: None,
        started,
        duration_ms: case["durationMs"].as_u64(),
    };
    if let Some(message) = case["aborted"].as_str() {
        row.state = ToolState::Failed;
        row.result = Some(ToolResult {
            is_error: Some(true),
            ..ToolResult::text(message)
        });
    } else if !case["result"].is_null() {
        row.state = if is_error {
            ToolState::Failed
        } else {
            ToolState::Done
        };
        row.result = Some(result_of(&case["result"], is_error));
    } else if started.is_some() {
        row.state = ToolState::Running;
        if !case["partial"].is_null() {
            row.partial = Some(result_of(&case["partial"], false));
        }
    }
    row
}

fn preview_of(case: &Value) -> Option<EditPreview> {
    let preview = case.get("previewResult")?;
    match (preview["diff"].as_str(), preview["error"].as_str()) {
        (Some(diff), _) => Some(EditPreview::Diff(diff.to_string())),
        (_, Some(error)) => Some(EditPreview::Error(error.to_string())),
        _ => None,
    }
}

fn expected_lines(case: &Value) -> Vec<(usize, Vec<String>)> {
    let mut out: Vec<(usize, Vec<String>)> = case["lines"]
        .as_object()
        .expect("lines")
        .iter()
        .map(|(width, lines)| {
            let lines = lines
                .as_array()
                .expect("line list")
                .iter()
                .map(|l| l.as_str().unwrap_or_default().to_string())
                .collect();
            (width.parse().expect("width"), lines)
        })
        .collect();
    out.sort_by_key(|(w, _)| *w);
    out
}

/// The case's detected image protocol and settings (`None`: the terminal has none).
fn images_of(case: &Value) -> Option<InlineImages> {
    let protocol = match case["images"].as_str()? {
        "kitty" => tau_tui::image::ImageProtocol::Kitty,
        "iterm2" => tau_tui::image::ImageProtocol::Iterm2,
        other => panic!("unknown protocol {other}"),
    };
    let settings = ImageSettings {
        show: case["showImages"].as_bool().unwrap_or(true),
        width_cells: case["imageWidth"].as_u64().map_or(60, |w| w as u32),
    };
    InlineImages::new(Some(protocol), settings)
}

/// Pi's Kitty ids are random; the vectors write them as `i=ID`, and so does this.
fn kitty_id_as_written(line: &str) -> String {
    let Some(start) = line.find("\x1b_G") else {
        return line.to_string();
    };
    let Some(at) = line[start..].find(",i=").map(|at| start + at + 3) else {
        return line.to_string();
    };
    let end = line[at..]
        .find(|c: char| !c.is_ascii_digit())
        .map_or(line.len(), |e| at + e);
    format!("{}ID{}", &line[..at], &line[end..])
}

/// Compares, and describes the first differing line of a failure.
fn compare(name: &str, width: usize, got: &[String], want: &[String], failures: &mut Vec<String>) {
    if got == want {
        return;
    }
    let at = got
        .iter()
        .zip(want)
        .position(|(g, w)| g != w)
        .unwrap_or(got.len().min(want.len()));
    failures.push(format!(
        "{name} @{width}: {} lines vs Pi's {}; line {at}:\n  tau {:?}\n  pi  {:?}",
        got.len(),
        want.len(),
        got.get(at),
        want.get(at)
    ));
}

#[test]
fn tool_rows_match_pi() {
    let v = vectors();
    let paint = Marked(serde_json::from_value(v["palette"].clone()).expect("palette"));
    let highlights: HashMap<(String, String), Vec<String>> = v["highlights"]
        .as_array()
        .expect("highlights")
        .iter()
        .map(|h| {
            let lines = serde_json::from_value(h["lines"].clone()).expect("highlighted lines");
            let key = (
                h["code"].as_str().unwrap_or_default().to_string(),
                h["lang"].as_str().unwrap_or_default().to_string(),
            );
            (key, lines)
        })
        .collect();
    let missing = std::cell::RefCell::new(Vec::new());
    let highlight =
        |code: &str, lang: &str| match highlights.get(&(code.to_string(), lang.to_string())) {
            Some(lines) => lines.clone(),
            None => {
                missing.borrow_mut().push(format!("{lang}: {code:?}"));
                Vec::new()
            }
        };
    let cwd = PathBuf::from(v["cwd"].as_str().expect("cwd"));
    let home = PathBuf::from(v["home"].as_str().expect("home"));
    let docs = PathBuf::from(v["piDocs"].as_str().expect("docs"));
    let (mut compared, mut failures) = (0, Vec::new());
    for case in v["tools"].as_array().expect("tools") {
        let now = Instant::now() + Duration::from_secs(3600);
        let row = tool_row(case, now);
        let preview = preview_of(case);
        let defined = case["definition"].as_str() != Some("none");
        let has_definition = move |_: &str| defined;
        let name = case["name"].as_str().unwrap_or_default();
        for (width, want) in expected_lines(case) {
            let mut opts = ToolRenderOptions::new(width, &cwd);
            opts.expanded = case["expanded"].as_bool().unwrap_or(false);
            opts.home = Some(&home);
            opts.pi_docs = Some(&docs);
            opts.hyperlinks = case["hyperlinks"].as_bool().unwrap_or(false);
            opts.output_pad = case["outputPad"].as_u64().unwrap_or(1) as usize;
            opts.now = Some(now);
            opts.highlight = Some(&highlight);
            opts.has_definition = Some(&has_definition);
            opts.edit_preview = preview.as_ref();
            opts.images = images_of(case);
            let got: Vec<String> = render_tool_row(&row, &opts, &paint)
                .iter()
                .map(|line| kitty_id_as_written(line))
                .collect();
            compared += 1;
            compare(name, width, &got, &want, &mut failures);
        }
    }
    eprintln!(
        "tool rows: {} of {compared} renders match Pi",
        compared - failures.len()
    );
    assert!(
        missing.borrow().is_empty(),
        "highlighter asked for unrecorded code: {:?}",
        missing.borrow()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn command_rows_match_pi() {
    let v = vectors();
    let paint = Marked(serde_json::from_value(v["palette"].clone()).expect("palette"));
    let (mut compared, mut failures) = (0, Vec::new());
    for case in v["commands"].as_array().expect("commands") {
        let output = match case.get("big") {
            Some(big) => (0..big["count"].as_u64().unwrap_or(0))
                .map(|i| format!("{}{i}", big["prefix"].as_str().unwrap_or_default()))
                .collect::<Vec<_>>()
                .join("\n"),
            None => case["output"].as_str().unwrap_or_default().to_string(),
        };
        let row = BashRow {
            command: case["command"].as_str().unwrap_or_default().into(),
            output,
            exit_code: case["exitCode"].as_i64().map(|c| c as i32),
            cancelled: case["cancelled"].as_bool().unwrap_or(false),
            truncated: case["truncated"].as_bool().unwrap_or(false),
            excluded: case["excluded"].as_bool().unwrap_or(false),
            running: case["running"].as_bool().unwrap_or(false),
            full_output_path: case["fullOutputPath"].as_str().map(str::to_string),
        };
        let name = case["name"].as_str().unwrap_or_default();
        for (width, want) in expected_lines(case) {
            let mut opts = BashRenderOptions::new(width);
            opts.expanded = case["expanded"].as_bool().unwrap_or(false);
            opts.output_pad = case["outputPad"].as_u64().unwrap_or(1) as usize;
            let got = render_bash_row(&row, &opts, &paint);
            compared += 1;
            compare(name, width, &got, &want, &mut failures);
        }
    }
    eprintln!(
        "command rows: {} of {compared} renders match Pi",
        compared - failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn diffs_match_pi() {
    let v = vectors();
    let paint = Marked(serde_json::from_value(v["palette"].clone()).expect("palette"));
    let mut failures = Vec::new();
    let cases = v["diffs"].as_array().expect("diffs");
    for case in cases {
        let diff = case["diff"].as_str().unwrap_or_default();
        let got = render_diff(diff, &paint);
        if case["rendered"].as_str() != Some(got.as_str()) {
            failures.push(format!(
                "{diff:?}\n  tau {got:?}\n  pi  {:?}",
                case["rendered"]
            ));
        }
    }
    eprintln!(
        "diffs: {} of {} match Pi",
        cases.len() - failures.len(),
        cases.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
