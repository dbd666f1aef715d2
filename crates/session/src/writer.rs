//! [`SessionWriter`]: appends entries to a session file, one JSON line per write.
//!
//! Each entry is encoded first and written with a single `write` to a file opened in append
//! mode, so the OS has it as soon as `append` returns; `fsync` happens on every entry only when
//! asked ([`WriteOptions::fsync_each_entry`]) and always on close. If the file ends mid-line (a
//! write was interrupted), the next entry starts on a fresh line so only the torn line is lost.
//! Existing content is never changed, except by the explicit [`rewrite_atomically`], which
//! writes a temporary file and renames it over the original.
//!
//! A writer holds the session's [`SessionLock`] for its whole life.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

use serde::Serialize;
use tau_protocol::session::{SessionEntry, SessionHeader};

use crate::error::{Result, SessionError};
use crate::lock::SessionLock;

/// How durable each append is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WriteOptions {
    /// `fsync` after every entry instead of only on close. Default: off (each entry still
    /// reaches the OS before `append` returns).
    pub fsync_each_entry: bool,
}

/// An open, locked session file that entries are appended to.
#[derive(Debug)]
pub struct SessionWriter {
    path: PathBuf,
    file: File,
    options: WriteOptions,
    needs_newline: bool,
    closed: bool,
    _lock: SessionLock,
}

/// One value as a JSON line, newline included.
pub fn encode_line(value: &impl Serialize) -> Result<Vec<u8>> {
    let mut line = serde_json::to_vec(value)?;
    line.push(b'\n');
    Ok(line)
}

impl SessionWriter {
    /// Creates a new session file holding `header` and `entries` (Pi writes a session's
    /// buffered entries this way on its first persisted message). Fails with
    /// [`SessionError::AlreadyExists`] rather than overwrite a file.
    pub fn create<'a>(
        path: &Path,
        header: &SessionHeader,
        entries: impl IntoIterator<Item = &'a SessionEntry>,
        options: WriteOptions,
    ) -> Result<SessionWriter> {
        let lock = SessionLock::acquire(path)?;
        let mut content = encode_line(header)?;
        for entry in entries {
            content.extend(encode_line(entry)?);
        }
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create_new(true)
            .open(path)
            .map_err(|source| match source.kind() {
                io::ErrorKind::AlreadyExists => SessionError::AlreadyExists {
                    path: path.to_path_buf(),
                },
                _ => write_error(path, source),
            })?;
        file.write_all(&content)
            .and_then(|()| file.sync_data())
            .map_err(|source| write_error(path, source))?;
        Ok(SessionWriter {
            path: path.to_path_buf(),
            file,
            options,
            needs_newline: false,
            closed: false,
            _lock: lock,
        })
    }

    /// Opens an existing session file for appending, taking its lock first.
    pub fn open(path: &Path, options: WriteOptions) -> Result<SessionWriter> {
        let lock = SessionLock::acquire(path)?;
        let (file, needs_newline) = open_append(path)?;
        Ok(SessionWriter {
            path: path.to_path_buf(),
            file,
            options,
            needs_newline,
            closed: false,
            _lock: lock,
        })
    }

    /// The session file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends one entry as one line with one write.
    pub fn append(&mut self, entry: &SessionEntry) -> Result<()> {
        self.append_value(entry)
    }

    /// Appends any serialisable value as one line (a header for an empty file, say).
    pub fn append_value(&mut self, value: &impl Serialize) -> Result<()> {
        let encoded = encode_line(value)?;
        let line = if self.needs_newline {
            let mut fresh = Vec::with_capacity(encoded.len() + 1);
            fresh.push(b'\n');
            fresh.extend(encoded);
            fresh
        } else {
            encoded
        };
        self.file
            .write_all(&line)
            .map_err(|source| write_error(&self.path, source))?;
        self.needs_newline = false;
        if self.options.fsync_each_entry {
            self.sync()?;
        }
        Ok(())
    }

    /// Forces written entries to disk.
    pub fn sync(&mut self) -> Result<()> {
        self.file
            .sync_data()
            .map_err(|source| write_error(&self.path, source))
    }

    /// Replaces the file's content with `header` and `entries` via [`rewrite_atomically`],
    /// keeping the lock, and goes on appending to the new file.
    pub fn rewrite<'a>(
        &mut self,
        header: &SessionHeader,
        entries: impl IntoIterator<Item = &'a SessionEntry>,
    ) -> Result<()> {
        rewrite_atomically(&self.path, header, entries)?;
        let (file, needs_newline) = open_append(&self.path)?;
        self.file = file;
        self.needs_newline = needs_newline;
        Ok(())
    }

    /// Syncs to disk and releases the lock.
    pub fn close(mut self) -> Result<()> {
        self.closed = true;
        self.sync()
    }
}

impl Drop for SessionWriter {
    fn drop(&mut self) {
        if !self.closed {
            let _ = self.file.sync_data();
        }
    }
}

fn write_error(path: &Path, source: io::Error) -> SessionError {
    SessionError::Write {
        path: path.to_path_buf(),
        source,
    }
}

/// Opens `path` for appending and tells whether it ends mid-line.
fn open_append(path: &Path) -> Result<(File, bool)> {
    let file = OpenOptions::new()
        .read(true)
        .append(true)
        .open(path)
        .map_err(|source| write_error(path, source))?;
    let len = file
        .metadata()
        .map_err(|source| write_error(path, source))?
        .len();
    let mut last = [0u8; 1];
    let needs_newline = len > 0
        && file
            .read_exact_at(&mut last, len - 1)
            .map(|()| last[0] != b'\n')
            .map_err(|source| write_error(path, source))?;
    Ok((file, needs_newline))
}

/// Writes `header` and `entries` to a temporary file next to `path`, syncs it and renames it
/// over `path`, so readers see either the old file or the new one, never a mix. The caller
/// must hold the session's lock (or know nobody else writes).
pub fn rewrite_atomically<'a>(
    path: &Path,
    header: &SessionHeader,
    entries: impl IntoIterator<Item = &'a SessionEntry>,
) -> Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let file = File::create(&temp).map_err(|source| write_error(&temp, source))?;
        let mut out = io::BufWriter::with_capacity(1 << 20, file);
        out.write_all(&encode_line(header)?)
            .map_err(|source| write_error(&temp, source))?;
        for entry in entries {
            out.write_all(&encode_line(entry)?)
                .map_err(|source| write_error(&temp, source))?;
        }
        let file = out
            .into_inner()
            .map_err(|error| write_error(&temp, error.into_error()))?;
        file.sync_all()
            .map_err(|source| write_error(&temp, source))?;
        fs::rename(&temp, path).map_err(|source| write_error(path, source))?;
        // Make the rename itself durable.
        if let Ok(dir) = File::open(dir) {
            let _ = dir.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result
}
