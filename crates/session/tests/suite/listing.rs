//! Finding sessions on disk: listing for a picker, `--continue`, `--session <id prefix>`.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use pretty_assertions::assert_eq;
use serde_json::{json, Value};
use tau_session::{
    find_session, list_all_sessions, list_sessions, most_recent_session, read_header,
    session_dir_for_cwd, session_file_name, summarize_session, NewSession, Session, WriteOptions,
};

use super::support::user;

fn header(id: &str, timestamp: &str, cwd: &str) -> Value {
    json!({"type":"session","version":3,"id":id,"timestamp":timestamp,"cwd":cwd})
}

fn message(id: &str, parent: Option<&str>, message: Value) -> Value {
    json!({"type":"message","id":id,"parentId":parent,"timestamp":"2024-01-01T00:00:00.000Z",
        "message":message})
}

fn write_session(dir: &Path, lines: &[Value]) -> PathBuf {
    let header = &lines[0];
    let name = session_file_name(
        header["timestamp"].as_str().unwrap(),
        header["id"].as_str().unwrap(),
    );
    let path = dir.join(name);
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(&path, text).unwrap();
    path
}

fn set_mtime(path: &Path, seconds_ago: u64) {
    let file = std::fs::File::options().write(true).open(path).unwrap();
    file.set_modified(SystemTime::now() - Duration::from_secs(seconds_ago))
        .unwrap();
}

/// Three sessions: alpha (named, active at 5 s), beta (active at 9 s), gamma (no messages; its
/// header time is the newest), plus files that are not sessions.
fn folder(dir: &Path) -> [PathBuf; 3] {
    let alpha = write_session(
        dir,
        &[
            header("aaaa1111-0000", "2024-01-01T00:00:00.000Z", "/proj"),
            message(
                "a1",
                None,
                json!({"role":"user","content":"alpha question","timestamp":1000}),
            ),
            message(
                "a2",
                Some("a1"),
                json!({"role":"assistant","content":[{"type":"text","text":"ok"}],
                "api":"x","provider":"p","model":"m","usage":{"input":0,"output":0,"cacheRead":0,
                "cacheWrite":0,"totalTokens":0,"cost":{"input":0,"output":0,"cacheRead":0,
                "cacheWrite":0,"total":0}},"stopReason":"stop","timestamp":5000}),
            ),
            json!({"type":"session_info","id":"a3","parentId":"a2","timestamp":"t","name":" Alpha "}),
        ],
    );
    let beta = write_session(
        dir,
        &[
            header("aaaa2222-0000", "2024-01-02T00:00:00.000Z", "/proj"),
            message(
                "b1",
                None,
                json!({"role":"system","content":"sys","timestamp":1}),
            ),
            message(
                "b2",
                Some("b1"),
                json!({"role":"user","content":[{"type":"text","text":"beta"},
                {"type":"image","data":"AA==","mimeType":"image/png"},{"type":"text","text":"two"}],
                "timestamp":9000}),
            ),
        ],
    );
    let gamma = write_session(
        dir,
        &[
            header("bbbb3333-0000", "2024-01-03T00:00:00.000Z", "/other"),
            json!({"type":"model_change","id":"g1","parentId":null,"timestamp":"t","provider":"p","modelId":"m"}),
        ],
    );
    std::fs::write(
        dir.join("broken.jsonl"),
        "not json\n{\"type\":\"message\"}\n",
    )
    .unwrap();
    std::fs::write(dir.join("notes.txt"), "{}").unwrap();
    [alpha, beta, gamma]
}

#[test]
fn sessions_are_listed_newest_activity_first_with_picker_details() {
    let dir = tempfile::tempdir().unwrap();
    let [alpha, beta, gamma] = folder(dir.path());
    let sessions = list_sessions(dir.path());
    let paths: Vec<&PathBuf> = sessions.iter().map(|s| &s.path).collect();
    assert_eq!(paths, [&gamma, &beta, &alpha]);
    let a = &sessions[2];
    assert_eq!(a.name.as_deref(), Some("Alpha"));
    assert_eq!(a.first_message.as_deref(), Some("alpha question"));
    assert_eq!((a.message_count, a.entry_count), (2, 3));
    assert_eq!(a.modified_ms, 5000, "the newest user/assistant message");
    assert_eq!(a.cwd, "/proj");
    assert_eq!(a.created, "2024-01-01T00:00:00.000Z");
    let b = &sessions[1];
    assert_eq!(b.first_message.as_deref(), Some("beta two"));
    assert_eq!(b.name, None);
    let g = &sessions[0];
    assert_eq!(g.first_message, None);
    assert_eq!(
        g.modified_ms, 1_704_240_000_000,
        "no messages: the header time"
    );
    assert_eq!(summarize_session(&dir.path().join("broken.jsonl")), None);
}

#[test]
fn sessions_are_found_by_exact_id_or_newest_prefix_match() {
    let dir = tempfile::tempdir().unwrap();
    let [alpha, beta, gamma] = folder(dir.path());
    assert_eq!(find_session(dir.path(), "aaaa1111-0000"), Some(alpha));
    assert_eq!(find_session(dir.path(), "bbbb"), Some(gamma));
    assert_eq!(
        find_session(dir.path(), "aaaa"),
        Some(beta),
        "the newer of two matches"
    );
    assert_eq!(find_session(dir.path(), "cccc"), None);
    assert_eq!(find_session(dir.path(), ""), None);
    assert_eq!(find_session(&dir.path().join("missing"), "aaaa"), None);
}

#[test]
fn the_most_recent_session_is_chosen_by_file_time() {
    let dir = tempfile::tempdir().unwrap();
    let [alpha, beta, gamma] = folder(dir.path());
    set_mtime(&alpha, 10);
    set_mtime(&beta, 30);
    set_mtime(&gamma, 20);
    set_mtime(&dir.path().join("broken.jsonl"), 0);
    assert_eq!(most_recent_session(dir.path(), None), Some(alpha.clone()));
    assert_eq!(most_recent_session(dir.path(), Some("/other")), Some(gamma));
    assert_eq!(most_recent_session(dir.path(), Some("/nowhere")), None);

    let mut continued =
        Session::continue_recent(dir.path(), "/proj", WriteOptions::default()).unwrap();
    assert_eq!(continued.path(), Some(alpha.as_path()));
    continued.append_message(user("more")).unwrap();
    drop(continued);
    let empty = tempfile::tempdir().unwrap();
    let fresh = Session::continue_recent(empty.path(), "/proj", WriteOptions::default()).unwrap();
    assert!(!fresh.is_on_disk());
}

#[test]
fn headers_are_read_past_leading_junk() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.jsonl");
    std::fs::write(
        &path,
        format!(
            "\n{{torn\n{}\n",
            header("h1", "2024-01-01T00:00:00.000Z", "/p")
        ),
    )
    .unwrap();
    assert_eq!(read_header(&path).map(|h| h.id), Some("h1".into()));
    std::fs::write(&path, "{\"type\":\"message\"}\n").unwrap();
    assert_eq!(read_header(&path), None);
}

#[test]
fn all_sessions_under_a_root_are_listed_together() {
    let root = tempfile::tempdir().unwrap();
    let first = session_dir_for_cwd(root.path(), "/work/one");
    let mut one = Session::create(
        &first,
        "/work/one",
        NewSession::default(),
        WriteOptions::default(),
    )
    .unwrap();
    one.append_message(user("in one")).unwrap();
    let second = session_dir_for_cwd(root.path(), "/work/two");
    let mut two = Session::create(
        &second,
        "/work/two",
        NewSession::default(),
        WriteOptions::default(),
    )
    .unwrap();
    two.append_message(user("in two")).unwrap();
    assert!(first.ends_with("--work-one--"));
    let all = list_all_sessions(root.path());
    let mut cwds: Vec<&str> = all.iter().map(|s| s.cwd.as_str()).collect();
    cwds.sort_unstable();
    assert_eq!(cwds, ["/work/one", "/work/two"]);
}
