//! Two writers on one session: the second is refused with a message naming the file and the
//! holder; locks of dead processes are taken over.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use tau_session::{LockMethod, Session, SessionError, SessionLock, SessionWriter, WriteOptions};

use super::support::copy_fixture;

#[test]
fn a_second_writer_in_the_same_process_is_refused_with_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let path = copy_fixture(dir.path(), "v2-hook-message.jsonl");
    let first = SessionWriter::open(&path, WriteOptions::default()).unwrap();
    let err = SessionWriter::open(&path, WriteOptions::default()).unwrap_err();
    assert!(
        matches!(err, SessionError::Locked { pid: Some(pid), .. } if pid == std::process::id()),
        "{err:?}"
    );
    assert_eq!(
        err.to_string(),
        format!(
            "session {} is already open in another tau process (pid {}); wait for it to \
             finish, or use --fork to continue in a new session",
            path.display(),
            std::process::id()
        )
    );
    // Sessions take the same lock.
    let err = Session::open(&path, "/p", WriteOptions::default()).unwrap_err();
    assert!(matches!(err, SessionError::Locked { .. }), "{err}");
    drop(first);
    let second = SessionWriter::open(&path, WriteOptions::default()).unwrap();
    drop(second);
}

#[test]
fn a_lock_left_by_a_dead_process_is_taken_over() {
    let dir = tempfile::tempdir().unwrap();
    let path = copy_fixture(dir.path(), "v2-hook-message.jsonl");
    let mut dead = Command::new("true").spawn().unwrap();
    let dead_pid = dead.id();
    dead.wait().unwrap();
    let lock_path = SessionLock::lock_path(&path);
    std::fs::write(&lock_path, format!("{dead_pid}\n")).unwrap();
    let writer = SessionWriter::open(&path, WriteOptions::default()).unwrap();
    let holder = std::fs::read_to_string(&lock_path).unwrap();
    assert_eq!(holder.trim(), std::process::id().to_string());
    drop(writer);
    assert!(!lock_path.exists());
}

fn wait_for_pid(lock_path: &Path) -> u32 {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let text = std::fs::read_to_string(lock_path).unwrap_or_default();
        if let Ok(pid) = text.trim().parse() {
            return pid;
        }
        assert!(Instant::now() < deadline, "the helper never took the lock");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_lock_held_by_another_process_names_its_pid_until_that_process_exits() {
    let dir = tempfile::tempdir().unwrap();
    let path = copy_fixture(dir.path(), "v2-hook-message.jsonl");
    let lock_path = SessionLock::lock_path(&path);
    // util-linux flock(1) holds the lock (-o: not inherited by the command) while a shell
    // records its pid the way tau does and sleeps.
    let mut holder = Command::new("flock")
        .arg("-o")
        .arg(&lock_path)
        .args(["sh", "-c", "echo $$ > \"$0\"; exec sleep 30"])
        .arg(&lock_path)
        .stdout(Stdio::null())
        .spawn()
        .expect("flock(1) from util-linux");
    let sleeper = wait_for_pid(&lock_path);
    let err = SessionWriter::open(&path, WriteOptions::default()).unwrap_err();
    assert!(
        matches!(err, SessionError::Locked { pid: Some(pid), .. } if pid == sleeper),
        "{err:?}"
    );
    assert!(
        err.to_string().contains(&format!("(pid {sleeper})")),
        "{err}"
    );
    holder.kill().unwrap();
    holder.wait().unwrap();
    let _ = nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(sleeper as i32),
        nix::sys::signal::Signal::SIGKILL,
    );
    let writer = SessionWriter::open(&path, WriteOptions::default()).unwrap();
    drop(writer);
}

// The lock-file fallback, for file systems without flock (chosen here by LockMethod::File).

#[test]
fn the_fallback_lock_file_refuses_a_second_writer_and_is_removed_on_drop() {
    let dir = tempfile::tempdir().unwrap();
    let path = copy_fixture(dir.path(), "v2-hook-message.jsonl");
    let lock_path = SessionLock::lock_path(&path);
    let first = SessionLock::acquire_with(&path, LockMethod::File).unwrap();
    assert_eq!(
        std::fs::read_to_string(&lock_path).unwrap(),
        format!("{}\nfile\n", std::process::id())
    );
    let err = SessionLock::acquire_with(&path, LockMethod::File).unwrap_err();
    assert!(
        matches!(err, SessionError::Locked { pid: Some(pid), .. } if pid == std::process::id()),
        "{err:?}"
    );
    assert!(
        err.to_string()
            .contains("is already open in another tau process"),
        "{err}"
    );
    // An flock writer on the same file system respects the lock file too.
    let err = SessionLock::acquire_with(&path, LockMethod::Auto).unwrap_err();
    assert!(matches!(err, SessionError::Locked { .. }), "{err:?}");
    drop(first);
    assert!(!lock_path.exists(), "the lock file is removed on drop");
    let again = SessionLock::acquire_with(&path, LockMethod::File).unwrap();
    drop(again);
}

#[test]
fn the_fallback_takes_over_a_lock_file_of_a_dead_process() {
    let dir = tempfile::tempdir().unwrap();
    let path = copy_fixture(dir.path(), "v2-hook-message.jsonl");
    let mut dead = Command::new("true").spawn().unwrap();
    let dead_pid = dead.id();
    dead.wait().unwrap();
    let lock_path = SessionLock::lock_path(&path);
    std::fs::write(&lock_path, format!("{dead_pid}\nfile\n")).unwrap();
    let lock = SessionLock::acquire_with(&path, LockMethod::File).unwrap();
    let holder = std::fs::read_to_string(&lock_path).unwrap();
    assert_eq!(holder, format!("{}\nfile\n", std::process::id()));
    drop(lock);
    assert!(!lock_path.exists());
    assert!(!dir
        .path()
        .join("v2-hook-message.jsonl.lock.takeover")
        .exists());
}

#[test]
fn the_fallback_refuses_while_a_live_process_holds_the_lock_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = copy_fixture(dir.path(), "v2-hook-message.jsonl");
    let mut sleeper = Command::new("sleep").arg("30").spawn().unwrap();
    let lock_path = SessionLock::lock_path(&path);
    std::fs::write(&lock_path, format!("{}\nfile\n", sleeper.id())).unwrap();
    let err = SessionWriter::open(&path, WriteOptions::default()).unwrap_err();
    assert!(
        matches!(err, SessionError::Locked { pid: Some(pid), .. } if pid == sleeper.id()),
        "an flock writer: {err:?}"
    );
    let err = SessionLock::acquire_with(&path, LockMethod::File).unwrap_err();
    assert!(
        matches!(err, SessionError::Locked { pid: Some(pid), .. } if pid == sleeper.id()),
        "a lock-file writer: {err:?}"
    );
    sleeper.kill().unwrap();
    sleeper.wait().unwrap();
    // Dead now: both methods take it over.
    drop(SessionLock::acquire_with(&path, LockMethod::File).unwrap());
    std::fs::write(&lock_path, format!("{}\nfile\n", sleeper.id())).unwrap();
    drop(SessionWriter::open(&path, WriteOptions::default()).unwrap());
    assert!(!lock_path.exists());
}

#[test]
fn the_fallback_keeps_out_an_flock_holder_of_another_process() {
    let dir = tempfile::tempdir().unwrap();
    let path = copy_fixture(dir.path(), "v2-hook-message.jsonl");
    let lock_path = SessionLock::lock_path(&path);
    let mut holder = Command::new("flock")
        .arg("-o")
        .arg(&lock_path)
        .args(["sh", "-c", "echo $$ > \"$0\"; exec sleep 30"])
        .arg(&lock_path)
        .stdout(Stdio::null())
        .spawn()
        .expect("flock(1) from util-linux");
    let sleeper = wait_for_pid(&lock_path);
    let err = SessionLock::acquire_with(&path, LockMethod::File).unwrap_err();
    assert!(
        matches!(err, SessionError::Locked { pid: Some(pid), .. } if pid == sleeper),
        "{err:?}"
    );
    holder.kill().unwrap();
    holder.wait().unwrap();
    let _ = nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(sleeper as i32),
        nix::sys::signal::Signal::SIGKILL,
    );
}

#[test]
fn tau_session_lock_file_selects_the_fallback_in_a_child_process() {
    // The variable is read per acquire; a child keeps it away from the other tests.
    if std::env::var("TAU_SESSION_LOCK_CHILD").is_ok() {
        let path = PathBuf::from(std::env::var("TAU_SESSION_LOCK_CHILD").unwrap());
        let lock = SessionLock::acquire(&path).unwrap();
        let text = std::fs::read_to_string(lock.path()).unwrap();
        assert!(text.ends_with("\nfile\n"), "{text:?}");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = copy_fixture(dir.path(), "v2-hook-message.jsonl");
    let output = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "suite::lock::tau_session_lock_file_selects_the_fallback_in_a_child_process",
        ])
        .env("TAU_SESSION_LOCK", "file")
        .env("TAU_SESSION_LOCK_CHILD", &path)
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && report.contains("1 passed"),
        "{report}"
    );
    assert!(!SessionLock::lock_path(&path).exists());
}
