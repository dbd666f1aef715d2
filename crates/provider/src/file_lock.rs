//! Locks on agent-directory files that Pi's own processes respect: Pi (through
//! `proper-lockfile`) locks `<file>` by creating the folder `<file>.lock` and treats a lock
//! folder older than its stale time as abandoned. tau takes the same folder, so a Pi and a tau
//! writing auth.json, settings.json or trust.json at the same moment take turns.

use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// Pi's synchronous lock attempts: ten tries, 20 ms apart.
const ATTEMPTS: u32 = 10;
const RETRY_DELAY: Duration = Duration::from_millis(20);
/// `proper-lockfile`'s default stale time: a lock folder untouched this long is abandoned.
const STALE: Duration = Duration::from_secs(10);

/// A held lock; dropping it releases it.
#[derive(Debug)]
pub struct FileLock {
    dir: PathBuf,
}

impl Drop for FileLock {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir(&self.dir);
    }
}

fn is_stale(dir: &Path) -> bool {
    std::fs::metadata(dir)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|modified| SystemTime::now().duration_since(modified).ok())
        .is_some_and(|age| age > STALE)
}

/// Locks `lock_dir` (the `<file>.lock` folder Pi uses), waiting briefly for another holder.
pub fn lock_dir(lock_dir: PathBuf) -> io::Result<FileLock> {
    for attempt in 1..=ATTEMPTS {
        match std::fs::create_dir(&lock_dir) {
            Ok(()) => return Ok(FileLock { dir: lock_dir }),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => {
                if is_stale(&lock_dir) {
                    let _ = std::fs::remove_dir(&lock_dir);
                    continue;
                }
                if attempt < ATTEMPTS {
                    std::thread::sleep(RETRY_DELAY);
                }
            }
            Err(error) => return Err(error),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::WouldBlock,
        format!(
            "{} is held by another process; try again, or remove it if no pi or tau is running",
            lock_dir.display()
        ),
    ))
}

/// [`lock`], waiting up to Pi's stale time for another holder (Pi holds auth.json's lock
/// while it refreshes a sign-in over the network).
pub fn lock_waiting(file: &Path) -> io::Result<FileLock> {
    let started = SystemTime::now();
    loop {
        match lock(file) {
            Err(error)
                if error.kind() == io::ErrorKind::WouldBlock
                    && started.elapsed().unwrap_or_default() < STALE =>
            {
                std::thread::sleep(RETRY_DELAY * 5);
            }
            result => return result,
        }
    }
}

/// Locks `file` as Pi does (`<file>.lock` next to it).
pub fn lock(file: &Path) -> io::Result<FileLock> {
    let mut dir = file.as_os_str().to_owned();
    dir.push(".lock");
    lock_dir(PathBuf::from(dir))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_held_lock_blocks_until_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("auth.json");
        let held = lock(&file).unwrap();
        assert!(dir.path().join("auth.json.lock").is_dir());
        let error = lock(&file).unwrap_err();
        assert!(error.to_string().contains("auth.json.lock"), "{error}");
        drop(held);
        assert!(!dir.path().join("auth.json.lock").exists());
        assert!(lock(&file).is_ok());
    }
}
