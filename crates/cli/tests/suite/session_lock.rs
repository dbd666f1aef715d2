//! Two tau processes on one session file: the second is refused with a message naming the
//! file and the holder's pid, with flock and with the lock-file fallback used where the file
//! system has no flock (forced here by TAU_SESSION_LOCK=file); the lock goes with the holder.

use std::io::Write;
use std::process::Stdio;
use std::time::{Duration, Instant};

use serde_json::json;

use crate::support::*;

fn second_process_is_refused(lock_method: Option<&str>) {
    let ws = Workspace::new();
    let script =
        ws.script(&json!({"turns": [{"text": "one"}, {"text": "two"}, {"text": "three"}]}));
    let dir = ws.path().join("sessions");
    let created = ws
        .tau()
        .arg("--script")
        .arg(&script)
        .arg("--session-dir")
        .arg(&dir)
        .args(["-p", "first"])
        .output()
        .expect("run tau");
    assert!(created.status.success(), "{}", stderr(&created));
    let session = std::fs::read_dir(&dir)
        .expect("session folder")
        .next()
        .expect("a session file")
        .expect("entry")
        .path();
    let run = |prompt: &str| {
        let mut command = ws.tau();
        command
            .arg("--script")
            .arg(&script)
            .arg("--session")
            .arg(&session);
        if let Some(method) = lock_method {
            command.env("TAU_SESSION_LOCK", method);
        }
        command.args(["-p", prompt]).output().expect("run tau")
    };

    let mut holder = ws.tau();
    holder
        .arg("--script")
        .arg(&script)
        .arg("--session")
        .arg(&session)
        .args(["--mode", "rpc"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null());
    if let Some(method) = lock_method {
        holder.env("TAU_SESSION_LOCK", method);
    }
    let mut holder = holder.spawn().expect("start the holder");
    let lock = tau_session_lock_path(&session);
    let deadline = Instant::now() + Duration::from_secs(30);
    while !std::fs::read_to_string(&lock)
        .unwrap_or_default()
        .contains('\n')
    {
        assert!(Instant::now() < deadline, "the holder never took the lock");
        std::thread::sleep(Duration::from_millis(20));
    }
    let note = std::fs::read_to_string(&lock).expect("lock file");
    assert_eq!(note.lines().next(), Some(holder.id().to_string().as_str()));
    assert_eq!(
        note.contains("\nfile\n"),
        lock_method == Some("file"),
        "{note:?}"
    );

    let refused = run("second");
    assert!(!refused.status.success());
    let message = stderr(&refused);
    assert!(
        message.contains(&format!(
            "session {} is already open in another tau process (pid {}); wait for it to finish, or use --fork to continue in a new session",
            session.display(),
            holder.id()
        )),
        "{message}"
    );

    drop(holder.stdin.take().map(|mut stdin| stdin.flush()));
    assert!(holder.wait().expect("holder exits").success());
    assert!(!lock.exists(), "the holder removed its lock on exit");
    let after = run("third");
    assert!(after.status.success(), "{}", stderr(&after));
}

fn tau_session_lock_path(session: &std::path::Path) -> std::path::PathBuf {
    let mut name = session.as_os_str().to_os_string();
    name.push(".lock");
    name.into()
}

#[test]
fn a_second_tau_on_a_locked_session_is_refused_with_flock() {
    second_process_is_refused(None);
}

#[test]
fn a_second_tau_on_a_locked_session_is_refused_with_the_lock_file_fallback() {
    second_process_is_refused(Some("file"));
}
