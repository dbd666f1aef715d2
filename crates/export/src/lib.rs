//! Pi's session export for tau: `tau --export`, `/export` and RPC `export_html`.
//!
//! [`render_html`] turns a session (every branch) into one self-contained HTML page: the
//! conversation of the active branch with Markdown, thinking, tool calls with their
//! arguments and results, images as `data:` URIs, the session's name, models, tokens and
//! cost, and a tree of all entries that switches the page to another branch. Nothing is
//! loaded from anywhere when the page is opened.
//!
//! [`export_file`] reads any session file (Pi's or tau's) and writes the page;
//! [`session_page`] and [`export_session_jsonl`] export the open session.

mod colors;
mod doc;
mod entries;
mod escape;
mod format;
mod header;
mod images;
mod markdown;
mod page;
mod sidebar;
mod system;
mod tools;

use std::path::{Path, PathBuf};

use tau_protocol::session::SessionEntry;
use tau_protocol::ToolDeclaration;
use tau_session::{encode_line, read_session_file, LineProblem, Session, SessionError};

pub use colors::PageColors;
pub use doc::ExportSource;

/// The page for `source`.
pub fn render_html(source: ExportSource<'_>) -> String {
    page::render(&doc::Doc::new(source))
}

/// The file name an export gets when none is given: `tau-session-<file stem>.html` in the
/// working directory, as Pi names it `pi-session-<stem>.html`.
pub fn default_html_name(session_file: Option<&Path>, session_id: &str) -> String {
    let stem = session_file
        .and_then(Path::file_stem)
        .map(|stem| stem.to_string_lossy().into_owned())
        .unwrap_or_else(|| session_id.to_string());
    format!("tau-session-{stem}.html")
}

/// What [`export_file`] did.
#[derive(Debug)]
pub struct FileExport {
    /// Where the page was written (as given, or the default name).
    pub path: PathBuf,
    /// Lines of the session file that could not be read; the page lists them too.
    pub problems: Vec<LineProblem>,
}

/// Reads the session file `input` and writes its page to `output` (default:
/// [`default_html_name`] in the working directory). Malformed lines do not stop the export:
/// they are returned (and listed in the page).
pub fn export_file(input: &Path, output: Option<&Path>) -> Result<FileExport, String> {
    let input = expand_tilde(input);
    if !input.exists() {
        let shown = std::path::absolute(&input).unwrap_or_else(|_| input.clone());
        return Err(format!("File not found: {}", shown.display()));
    }
    if input.is_dir() {
        return Err(format!(
            "{} is a folder; give the path of a session file (.jsonl)",
            input.display()
        ));
    }
    let loaded = read_session_file(&input).map_err(|error| match error {
        SessionError::Empty { .. } => format!(
            "{error}; there is nothing to export (a session file starts with its header line)"
        ),
        other => other.to_string(),
    })?;
    let header = loaded.header.clone();
    let (tree, problems) = loaded.into_checked_tree();
    let path = output
        .map(expand_tilde)
        .unwrap_or_else(|| PathBuf::from(default_html_name(Some(&input), &header.id)));
    let html = render_html(ExportSource {
        header: &header,
        tree: &tree,
        problems: &problems,
        system_prompt: None,
        tools: &[],
        colors: None,
    });
    write(&path, html.as_bytes())?;
    Ok(FileExport { path, problems })
}

/// The open session's page, rendered and not yet written (so a caller holding the session's
/// lock can let go of it before the write).
#[derive(Debug)]
pub struct SessionPage {
    /// Where it goes: `output`, or [`default_html_name`] in the working directory.
    pub path: PathBuf,
    /// The page.
    pub html: String,
}

impl SessionPage {
    /// Writes the page; returns its path.
    pub fn write(self) -> Result<PathBuf, String> {
        write(&self.path, self.html.as_bytes())?;
        Ok(self.path)
    }
}

/// Renders the open session's page (every branch, opening on its current leaf) for `output`.
/// `system_prompt` and `tools` are shown for sessions that do not record their own; `colors`
/// are the active theme's (`None`: the page's own). An
/// in-memory session (`--no-session`) exports too; one without messages yet does not.
pub fn session_page(
    session: &Session,
    output: Option<&Path>,
    system_prompt: Option<&str>,
    tools: &[ToolDeclaration],
    colors: Option<&PageColors>,
) -> Result<SessionPage, String> {
    // Pi writes a session file with its first message; until then it has nothing to export
    // (settings entries alone, such as a model change, are not a conversation).
    let has_messages = session
        .tree()
        .entries()
        .iter()
        .any(|entry| matches!(entry, SessionEntry::Message(_)));
    if !has_messages {
        return Err("Nothing to export yet - start a conversation first".into());
    }
    let path = output
        .map(expand_tilde)
        .unwrap_or_else(|| PathBuf::from(default_html_name(session.path(), session.id())));
    let html = render_html(ExportSource {
        header: session.header(),
        tree: session.tree(),
        problems: session.problems(),
        system_prompt,
        tools,
        colors,
    });
    Ok(SessionPage { path, html })
}

/// Writes the current branch as a session file of its own (Pi's `/export <file>.jsonl`): a
/// fresh header with the session's id and folder, then the branch's entries, each one's
/// `parentId` the entry before it. Default name: `session-<time>.jsonl`.
pub fn export_session_jsonl(session: &Session, output: Option<&Path>) -> Result<PathBuf, String> {
    let now = tau_session::now_iso();
    let path = output.map(expand_tilde).unwrap_or_else(|| {
        PathBuf::from(format!("session-{}.jsonl", now.replace([':', '.'], "-")))
    });
    let mut header = session.header().clone();
    header.timestamp = now;
    header.version = Some(tau_protocol::session::CURRENT_SESSION_VERSION);
    header.parent_session = None;
    let mut text = encode_line(&header).map_err(|e| e.to_string())?;
    let mut parent: Option<String> = None;
    for entry in session.tree().active_branch() {
        let mut entry = entry.clone();
        entry.set_parent_id(parent.clone());
        parent = entry.id().map(str::to_string);
        text.extend(encode_line(&entry).map_err(|e| e.to_string())?);
    }
    if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|error| format!("cannot create {}: {error}", dir.display()))?;
    }
    write(&path, &text)?;
    Ok(path)
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|error| {
        format!(
            "cannot write {}: {error}; choose an output path in a folder that exists and is writable",
            path.display()
        )
    })
}

/// `~` and `~/…` as the home directory (Pi's normalizePath).
fn expand_tilde(path: &Path) -> PathBuf {
    let text = path.to_string_lossy();
    let home = std::env::var_os("HOME").map(PathBuf::from);
    match (text.as_ref(), home) {
        ("~", Some(home)) => home,
        (text, Some(home)) if text.starts_with("~/") => home.join(&text[2..]),
        _ => path.to_path_buf(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use tau_protocol::session::SessionHeader;
    use tau_session::SessionTree;

    fn entries(values: Vec<serde_json::Value>) -> SessionTree {
        SessionTree::from_entries(
            values
                .into_iter()
                .map(|v| serde_json::from_value(v).expect("entry"))
                .collect(),
        )
    }

    fn page(tree: &SessionTree) -> String {
        let header: SessionHeader = serde_json::from_value(
            json!({"type": "session", "id": "odd", "timestamp": "not a time"}),
        )
        .expect("header");
        render_html(ExportSource {
            header: &header,
            tree,
            problems: &[],
            system_prompt: None,
            tools: &[],
            colors: None,
        })
    }

    #[test]
    fn odd_entries_render_without_failing() {
        let tree = entries(vec![
            json!({"type": "message", "id": "a", "parentId": null, "timestamp": "Tééé",
                   "message": {"role": "assistant", "content": [
                       {"type": "toolCall", "id": "c", "name": "read", "arguments": {"path": 5, "offset": "x"}},
                       {"type": "toolCall", "id": "d", "name": "bash", "arguments": ["not", "an", "object"]},
                       {"type": "toolCall", "id": "e", "name": "write", "arguments": {"path": "f", "content": {"no": 1}}},
                       {"type": "thinking", "thinking": "", "redacted": true}
                   ], "api": "", "provider": "", "model": "",
                   "usage": {"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "totalTokens": 0,
                             "cost": {"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "total": 0}},
                   "stopReason": "error", "timestamp": 0}}),
            json!({"type": "message", "id": "b", "parentId": "a", "timestamp": "",
                   "message": {"role": "toolResult", "toolCallId": "c", "toolName": "read", "isError": true,
                               "timestamp": 0, "content": [{"type": "image", "data": "<b>", "mimeType": "text/html"}]}}),
            json!({"type": "message", "id": "x", "parentId": "b", "timestamp": "",
                   "message": {"role": "surprise", "what": "<i>"}}),
            json!({"id": "no-type", "parentId": "x"}),
            json!({"type": "label", "id": "l", "parentId": "gone", "timestamp": "", "targetId": "a", "label": "<lbl>"}),
        ]);
        let html = page(&tree);
        assert!(html.contains("<span class=\"invalid\">[invalid argument]</span>"));
        assert!(html.contains("[invalid content argument: expected a string]"));
        assert!(html.contains("Thinking (redacted)"));
        assert!(html.contains("Error: Unknown error"));
        assert!(html.contains("[image of type text/html that is not a base64 image; not shown]"));
        assert!(
            html.contains("A message with role surprise that this version of tau does not show")
        );
        assert!(html.contains("An entry of type (no type) that this version of tau does not show"));
        assert!(html.contains("<span class=\"tree-label\">[&lt;lbl&gt;]</span>"));
        assert!(!html.contains("<b>") && !html.contains("<i>") && !html.contains("<lbl>"));
    }

    #[test]
    fn a_deep_session_renders_without_recursion() {
        let mut values = vec![json!({"type": "message", "id": "e0", "parentId": null,
            "timestamp": "2026-01-01T00:00:00.000Z",
            "message": {"role": "user", "content": "start", "timestamp": 0}})];
        for i in 1..20_000 {
            values.push(
                json!({"type": "message", "id": format!("e{i}"), "parentId": format!("e{}", i - 1),
                "timestamp": "2026-01-01T00:00:00.000Z",
                "message": {"role": "user", "content": "next", "timestamp": 0}}),
            );
        }
        let html = page(&entries(values));
        assert_eq!(
            html.matches("<section class=\"entry user\"").count(),
            20_000
        );
        assert!(
            !html.contains("\" hidden><time"),
            "one branch: everything shows"
        );
    }
}
