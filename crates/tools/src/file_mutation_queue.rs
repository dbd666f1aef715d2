//! Serialises mutations (write, edit) of the same file, as Pi's `withFileMutationQueue` does:
//! calls on one file run one after another in arrival order, calls on different files run in
//! parallel.
//!
//! The key is the file's real path, so two spellings of one file (or a symlink and its
//! target) share a queue; a file that does not exist yet is keyed by its absolute path.

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use tokio::sync::Mutex as AsyncMutex;

/// One lock per file currently being mutated or waited on; entries are removed when the last
/// caller for that file is done, so the map does not grow with every file ever touched.
type QueueMap = HashMap<PathBuf, Arc<AsyncMutex<()>>>;

fn queues() -> &'static Mutex<QueueMap> {
    static QUEUES: OnceLock<Mutex<QueueMap>> = OnceLock::new();
    QUEUES.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The queue key: the real path, or the absolute path when the file (or a parent) is missing.
fn queue_key(path: &Path) -> io::Result<PathBuf> {
    let absolute = std::path::absolute(path)?;
    match std::fs::canonicalize(&absolute) {
        Ok(real) => Ok(real),
        Err(err)
            if matches!(
                err.kind(),
                io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
            ) =>
        {
            Ok(absolute)
        }
        Err(err) => Err(err),
    }
}

/// Removes the map entry once nobody else holds or waits for the file's lock.
struct Release {
    key: PathBuf,
}

impl Drop for Release {
    fn drop(&mut self) {
        let Ok(mut map) = queues().lock() else {
            return;
        };
        // Only the map's own handle left: no holder and no waiter.
        if map
            .get(&self.key)
            .is_some_and(|lock| Arc::strong_count(lock) == 1)
        {
            map.remove(&self.key);
        }
    }
}

/// Runs `f` once every earlier mutation of the same file has finished. Like Pi, a key that
/// cannot be computed (for example a permission error while resolving symlinks) is an error.
/// The tokio mutex is fair, so waiters run in the order they queued.
pub async fn with_file_mutation_queue<F, T>(path: &Path, f: F) -> io::Result<T>
where
    F: Future<Output = T>,
{
    let key = queue_key(path)?;
    let lock = {
        let mut map = queues()
            .lock()
            .map_err(|_| io::Error::other("file mutation queue poisoned"))?;
        Arc::clone(map.entry(key.clone()).or_default())
    };
    // Declared before the guard so it drops after it: the entry is checked once the lock is
    // released and this caller's handle is gone.
    let release = Release { key };
    let guard = lock.lock().await;
    let out = f.await;
    drop(guard);
    drop(lock);
    drop(release);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn same_file_runs_in_order_and_different_files_overlap() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.txt");
        let log = Arc::new(Mutex::new(Vec::new()));

        let (started_tx, started_rx) = tokio::sync::oneshot::channel::<()>();
        let (release_tx, release_rx) = tokio::sync::oneshot::channel::<()>();
        let slow = {
            let log = Arc::clone(&log);
            let file = file.clone();
            tokio::spawn(async move {
                with_file_mutation_queue(&file, async {
                    log.lock().unwrap().push("slow start");
                    started_tx.send(()).unwrap();
                    release_rx.await.unwrap();
                    log.lock().unwrap().push("slow end");
                })
                .await
                .unwrap();
            })
        };
        started_rx.await.unwrap();
        // Another spelling of the same path waits for the first call.
        let same = {
            let log = Arc::clone(&log);
            let file = dir.path().join(".").join("a.txt");
            tokio::spawn(async move {
                with_file_mutation_queue(&file, async {
                    log.lock().unwrap().push("same");
                })
                .await
                .unwrap();
            })
        };
        // A different file does not wait.
        let other = dir.path().join("b.txt");
        with_file_mutation_queue(&other, async {
            log.lock().unwrap().push("other");
        })
        .await
        .unwrap();
        // Give the waiting call a chance to run too early, then let the first one finish.
        tokio::task::yield_now().await;
        release_tx.send(()).unwrap();
        slow.await.unwrap();
        same.await.unwrap();
        assert_eq!(
            *log.lock().unwrap(),
            vec!["slow start", "other", "slow end", "same"]
        );
        // Entries are dropped once unused.
        let map = queues().lock().unwrap();
        assert!(!map.keys().any(|k| k.starts_with(dir.path())));
    }

    #[tokio::test]
    async fn symlink_and_target_share_a_queue() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("t.txt");
        std::fs::write(&target, "x").unwrap();
        let link = dir.path().join("l.txt");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        assert_eq!(queue_key(&link).unwrap(), queue_key(&target).unwrap());
        let missing = dir.path().join("missing/deeper.txt");
        assert_eq!(queue_key(&missing).unwrap(), missing);
    }
}
