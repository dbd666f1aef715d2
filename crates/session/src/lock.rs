//! [`SessionLock`]: keeps two tau processes from appending to one session file.
//!
//! The lock is `flock(2)` on `<session>.lock`, which holds the owner's pid for the error
//! message. The kernel drops the lock when its holder exits, so a lock file left by a crashed
//! process (a dead pid) is simply taken over. Locks belong to an open file, so a second writer
//! in the same process is refused too.
//!
//! Pi itself does not lock; this only guards tau against tau.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read};
use std::os::unix::fs::{FileExt, MetadataExt};
use std::path::{Path, PathBuf};

use nix::errno::Errno;
use nix::fcntl::{Flock, FlockArg};

use crate::error::{Result, SessionError};

/// An exclusive lock on a session file, held until dropped. Dropping removes the lock file.
#[derive(Debug)]
pub struct SessionLock {
    lock_path: PathBuf,
    // Declared last: dropped (and unlocked) after `Drop::drop` removed the file.
    file: Flock<File>,
}

impl SessionLock {
    /// The lock file of a session file: `<session>.lock`.
    pub fn lock_path(session_path: &Path) -> PathBuf {
        let mut name = session_path.as_os_str().to_os_string();
        name.push(".lock");
        PathBuf::from(name)
    }

    /// Takes the lock of `session_path`, or fails with [`SessionError::Locked`] naming the
    /// holder's pid.
    pub fn acquire(session_path: &Path) -> Result<SessionLock> {
        let lock_path = Self::lock_path(session_path);
        let lock_error = |source| SessionError::Lock {
            path: lock_path.clone(),
            source,
        };
        // Another process may remove the file between our open and our lock (it was the holder
        // and just released it); then the lock we got is on a deleted file, so try again.
        for _ in 0..16 {
            let file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&lock_path)
                .map_err(lock_error)?;
            let file = match Flock::lock(file, FlockArg::LockExclusiveNonblock) {
                Ok(file) => file,
                Err((mut file, Errno::EWOULDBLOCK)) => {
                    return Err(SessionError::Locked {
                        path: session_path.to_path_buf(),
                        pid: read_pid(&mut file),
                    })
                }
                Err((_, errno)) => return Err(lock_error(io::Error::from(errno))),
            };
            let ours = file.metadata().map_err(lock_error)?;
            match fs::metadata(&lock_path) {
                Ok(current) if current.dev() == ours.dev() && current.ino() == ours.ino() => {}
                Ok(_) => continue,
                Err(error) if error.kind() == io::ErrorKind::NotFound => continue,
                Err(error) => return Err(lock_error(error)),
            }
            let pid = format!("{}\n", std::process::id());
            file.set_len(0).map_err(lock_error)?;
            file.write_all_at(pid.as_bytes(), 0).map_err(lock_error)?;
            return Ok(SessionLock { lock_path, file });
        }
        Err(lock_error(io::Error::other(
            "the lock file kept being replaced; try again",
        )))
    }

    /// The lock file.
    pub fn path(&self) -> &Path {
        &self.lock_path
    }
}

impl Drop for SessionLock {
    fn drop(&mut self) {
        // Removed while still locked, so a waiting process that opened the old file sees it
        // vanish and retries on a fresh one.
        let _ = fs::remove_file(&self.lock_path);
        let _ = &self.file;
    }
}

fn read_pid(file: &mut File) -> Option<u32> {
    let mut text = String::new();
    file.read_to_string(&mut text).ok()?;
    text.trim().parse().ok()
}
