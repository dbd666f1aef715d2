//! [`SessionLock`]: keeps two tau processes from appending to one session file.
//!
//! The lock is `flock(2)` on `<session>.lock`, which holds the owner's pid for the error
//! message. The kernel drops the lock when its holder exits, so a lock file left by a crashed
//! process (a dead pid) is simply taken over. Locks belong to an open file, so a second writer
//! in the same process is refused too.
//!
//! Some file systems (NFS without a lock daemon, some FUSE and SMB mounts) refuse `flock`
//! with `ENOLCK` or `EOPNOTSUPP`. There the lock is the lock file itself ([`LockMethod::File`]):
//! created with `O_EXCL`, holding the pid and a `file` marker line; a lock whose pid is dead
//! is taken over, and the holder removes it on exit. A `flock` holder that finds a marked file
//! of a live process treats it as held, so both kinds keep each other out on one file
//! system. `TAU_SESSION_LOCK=file` forces the lock-file method (tests, or a file system whose
//! `flock` claims to work but does not lock across machines).
//!
//! Pi itself does not lock; this only guards tau against tau.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::os::unix::fs::{FileExt, MetadataExt};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use nix::errno::Errno;
use nix::fcntl::{Flock, FlockArg};

use crate::error::{Result, SessionError};

/// The marker line of a lock file that is the lock itself (not an `flock` holder's note).
const FILE_MARKER: &str = "file";

/// How long a lock file without a pid may be young before it counts as abandoned: its creator
/// writes the pid right after creating it, so only a crash in between leaves it empty.
const UNWRITTEN_GRACE: Duration = Duration::from_secs(2);

/// How a [`SessionLock`] locks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LockMethod {
    /// `flock(2)`, or the lock file where the file system does not support `flock`.
    Auto,
    /// The lock file alone (`O_EXCL` create, pid inside, stale pids taken over).
    File,
}

impl LockMethod {
    /// [`LockMethod::File`] when `TAU_SESSION_LOCK=file`, else [`LockMethod::Auto`].
    pub fn from_env() -> Self {
        match std::env::var("TAU_SESSION_LOCK").as_deref() {
            Ok("file") => LockMethod::File,
            _ => LockMethod::Auto,
        }
    }
}

/// An exclusive lock on a session file, held until dropped. Dropping removes the lock file.
#[derive(Debug)]
pub struct SessionLock {
    lock_path: PathBuf,
    // Declared last: dropped (and unlocked) after `Drop::drop` removed the file.
    held: Held,
}

#[derive(Debug)]
enum Held {
    Flock(#[expect(dead_code, reason = "held for its Drop, which unlocks")] Flock<File>),
    File,
}

impl SessionLock {
    /// The lock file of a session file: `<session>.lock`.
    pub fn lock_path(session_path: &Path) -> PathBuf {
        let mut name = session_path.as_os_str().to_os_string();
        name.push(".lock");
        PathBuf::from(name)
    }

    /// Takes the lock of `session_path` by [`LockMethod::from_env`], or fails with
    /// [`SessionError::Locked`] naming the holder's pid.
    pub fn acquire(session_path: &Path) -> Result<SessionLock> {
        Self::acquire_with(session_path, LockMethod::from_env())
    }

    /// Takes the lock of `session_path` by `method`.
    pub fn acquire_with(session_path: &Path, method: LockMethod) -> Result<SessionLock> {
        let lock_path = Self::lock_path(session_path);
        let use_flock = method == LockMethod::Auto
            && flock_supported(lock_path.parent().unwrap_or(Path::new(".")));
        match use_flock {
            true => acquire_flock(session_path, lock_path),
            false => acquire_file(session_path, lock_path),
        }
    }

    /// The lock file.
    pub fn path(&self) -> &Path {
        &self.lock_path
    }
}

impl Drop for SessionLock {
    fn drop(&mut self) {
        match self.held {
            // Removed while still locked, so a waiting process that opened the old file sees
            // it vanish and retries on a fresh one.
            Held::Flock(_) => {
                let _ = fs::remove_file(&self.lock_path);
            }
            // Only our own: a file with another pid is someone else's lock now.
            Held::File => {
                if read_holder(&self.lock_path).map(|h| h.pid) == Some(Some(std::process::id())) {
                    let _ = fs::remove_file(&self.lock_path);
                }
            }
        }
    }
}

/// Whether `flock` works in `dir`: a shared lock on the directory itself, taken and dropped
/// at once, creates nothing.
fn flock_supported(dir: &Path) -> bool {
    let Ok(handle) = File::open(dir) else {
        // The lock file's own open reports the real problem.
        return true;
    };
    !matches!(
        Flock::lock(handle, FlockArg::LockSharedNonblock),
        Err((_, errno)) if flock_unsupported(errno)
    )
}

/// The errors of a file system that does not do `flock`.
fn flock_unsupported(errno: Errno) -> bool {
    matches!(errno, Errno::ENOLCK | Errno::EOPNOTSUPP | Errno::ENOSYS)
}

fn lock_error(lock_path: &Path) -> impl Fn(io::Error) -> SessionError {
    let path = lock_path.to_path_buf();
    move |source| SessionError::Lock {
        path: path.clone(),
        source,
    }
}

fn acquire_flock(session_path: &Path, lock_path: PathBuf) -> Result<SessionLock> {
    let error = lock_error(&lock_path);
    // Another process may remove the file between our open and our lock (it was the holder
    // and just released it); then the lock we got is on a deleted file, so try again.
    for _ in 0..16 {
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&lock_path)
            .map_err(&error)?;
        let file = match Flock::lock(file, FlockArg::LockExclusiveNonblock) {
            Ok(file) => file,
            Err((mut file, Errno::EWOULDBLOCK)) => {
                return Err(SessionError::Locked {
                    path: session_path.to_path_buf(),
                    pid: parse_holder(&read_all(&mut file)).pid,
                })
            }
            // The directory took flock but this file does not: the lock file alone, then.
            Err((_, errno)) if flock_unsupported(errno) => {
                return acquire_file(session_path, lock_path)
            }
            Err((_, errno)) => return Err(error(io::Error::from(errno))),
        };
        let ours = file.metadata().map_err(&error)?;
        match fs::metadata(&lock_path) {
            Ok(current) if current.dev() == ours.dev() && current.ino() == ours.ino() => {}
            Ok(_) => continue,
            Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
            Err(e) => return Err(error(e)),
        }
        // A lock-file holder (another tau that could not flock here) still holds it.
        let holder = parse_holder(&read_all(&mut &*file));
        if let Some(pid) = holder.pid.filter(|&pid| holder.file_lock && alive(pid)) {
            return Err(SessionError::Locked {
                path: session_path.to_path_buf(),
                pid: Some(pid),
            });
        }
        let pid = format!("{}\n", std::process::id());
        file.set_len(0).map_err(&error)?;
        file.write_all_at(pid.as_bytes(), 0).map_err(&error)?;
        return Ok(SessionLock {
            lock_path,
            held: Held::Flock(file),
        });
    }
    Err(error(io::Error::other(
        "the lock file kept being replaced; try again",
    )))
}

fn acquire_file(session_path: &Path, lock_path: PathBuf) -> Result<SessionLock> {
    let error = lock_error(&lock_path);
    let ours = std::process::id();
    let locked = |pid| SessionError::Locked {
        path: session_path.to_path_buf(),
        pid,
    };
    for _ in 0..64 {
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&lock_path)
        {
            Ok(mut file) => {
                let note = format!("{ours}\n{FILE_MARKER}\n");
                file.write_all(note.as_bytes())
                    .and_then(|()| file.sync_all())
                    .map_err(&error)?;
                return Ok(SessionLock {
                    lock_path,
                    held: Held::File,
                });
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(error(e)),
        }
        let Some(holder) = read_holder(&lock_path) else {
            continue; // Removed meanwhile: try to create it again.
        };
        match holder.pid {
            Some(pid) if pid == ours || alive(pid) => return Err(locked(Some(pid))),
            Some(_) => {}
            // Its creator is between create and write, or crashed there.
            None if holder.age < UNWRITTEN_GRACE => {
                std::thread::sleep(Duration::from_millis(50));
                continue;
            }
            None => {}
        }
        take_over(&lock_path, &holder).map_err(&error)?;
    }
    Err(locked(None))
}

/// Removes a stale lock file, unless someone replaced it since we read it. Two processes
/// taking over the same stale lock must not remove each other's fresh one, so the check and
/// the removal run under a second lock file, `<lock>.takeover`.
fn take_over(lock_path: &Path, stale: &Holder) -> io::Result<()> {
    let mut guard_path = lock_path.as_os_str().to_os_string();
    guard_path.push(".takeover");
    let guard_path = PathBuf::from(guard_path);
    match OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&guard_path)
    {
        Ok(_) => {}
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            // Someone else is taking over; a guard left by a crash expires.
            if age(&guard_path).is_some_and(|age| age > UNWRITTEN_GRACE) {
                let _ = fs::remove_file(&guard_path);
            }
            std::thread::sleep(Duration::from_millis(10));
            return Ok(());
        }
        Err(e) => return Err(e),
    }
    let result = match read_holder(lock_path) {
        Some(current) if current.pid == stale.pid => match fs::remove_file(lock_path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        },
        _ => Ok(()),
    };
    let _ = fs::remove_file(&guard_path);
    result
}

/// What a lock file says about its holder.
#[derive(Debug, Default)]
struct Holder {
    pid: Option<u32>,
    /// Written by a lock-file holder rather than an `flock` holder.
    file_lock: bool,
    age: Duration,
}

fn parse_holder(text: &str) -> Holder {
    let mut lines = text.lines();
    Holder {
        pid: lines.next().and_then(|line| line.trim().parse().ok()),
        file_lock: lines.next().map(str::trim) == Some(FILE_MARKER),
        age: Duration::ZERO,
    }
}

/// The lock file's holder, `None` when the file is gone.
fn read_holder(lock_path: &Path) -> Option<Holder> {
    let mut file = File::open(lock_path).ok()?;
    let mut holder = parse_holder(&read_all(&mut file));
    holder.age = age(lock_path).unwrap_or_default();
    Some(holder)
}

fn read_all(file: &mut impl Read) -> String {
    let mut text = String::new();
    let _ = file.read_to_string(&mut text);
    text
}

fn age(path: &Path) -> Option<Duration> {
    let modified = fs::metadata(path).and_then(|meta| meta.modified()).ok()?;
    SystemTime::now().duration_since(modified).ok()
}

/// Whether a process with this pid exists (signal 0 checks without sending anything).
fn alive(pid: u32) -> bool {
    // 0 and negative pids address process groups, never one holder.
    let Some(raw) = i32::try_from(pid).ok().filter(|&raw| raw > 0) else {
        return false;
    };
    match nix::sys::signal::kill(nix::unistd::Pid::from_raw(raw), None) {
        // A killed process its parent has not reaped yet holds nothing any more.
        Ok(()) => !zombie(pid),
        // It exists but belongs to someone else.
        Err(Errno::EPERM) => true,
        Err(_) => false,
    }
}

/// Whether `pid` is a zombie (Linux `/proc`; elsewhere nothing says so, and it is not).
fn zombie(pid: u32) -> bool {
    fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        stat.rsplit_once(") ")
            .and_then(|(_, rest)| rest.chars().next())
            == Some('Z')
    })
}
