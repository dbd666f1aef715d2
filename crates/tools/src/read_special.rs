//! What `read` does with files that are not regular files. Pi 1.6.0 reads them until end of
//! input, so `/dev/zero` or `/dev/urandom` never returns and a FIFO with no writer blocks in
//! `open`. tau refuses pipes and sockets, and reads devices only as far as the requested
//! range and the output caps need, within a byte budget and an idle timeout, saying so.

use std::fs::{File, FileType, OpenOptions};
use std::io::{ErrorKind, Read};
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::Path;
use std::time::{Duration, Instant};

use tokio_util::sync::CancellationToken;

use crate::fs_error::node_message;
use crate::read_select::{LineSelector, Selection, Utf8Stream};
use crate::tool::ToolError;
use crate::truncate::{format_size, TruncatedBy, DEFAULT_MAX_BYTES};
use crate::validate::js::number_string;

/// Most bytes read from a device while looking for the requested lines: skipping lines of an
/// endless device (no newline in `/dev/zero`) must end.
pub(crate) const DEVICE_READ_BUDGET: usize = 8 * 1024 * 1024;
/// How long a device may go without data (a terminal nobody types into) before reading stops.
pub(crate) const DEVICE_IDLE: Duration = Duration::from_secs(1);
/// Bytes read per chunk.
const CHUNK_BYTES: usize = 64 * 1024;

/// A kind of file `read` does not read to its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Special {
    CharDevice,
    BlockDevice,
    Fifo,
    Socket,
}

impl Special {
    /// The special kind of a file type, `None` for regular files and directories.
    pub(crate) fn of(file_type: FileType) -> Option<Special> {
        if file_type.is_char_device() {
            Some(Special::CharDevice)
        } else if file_type.is_block_device() {
            Some(Special::BlockDevice)
        } else if file_type.is_fifo() {
            Some(Special::Fifo)
        } else if file_type.is_socket() {
            Some(Special::Socket)
        } else {
            None
        }
    }

    fn noun(self) -> &'static str {
        match self {
            Special::CharDevice => "a character device",
            Special::BlockDevice => "a block device",
            Special::Fifo => "a named pipe (FIFO)",
            Special::Socket => "a socket",
        }
    }

    /// The error for a pipe or socket, which `read` does not open at all: opening a FIFO
    /// waits for a writer, reading it may never end, and a socket cannot be opened.
    pub(crate) fn refusal(self, path: &str) -> Option<ToolError> {
        matches!(self, Special::Fifo | Special::Socket).then(|| {
            ToolError::Failed(format!(
                "{path} is {}, not a regular file: reading it could wait forever, so read does not open it. Use bash with a timeout instead, e.g. timeout 5 head -c {DEFAULT_MAX_BYTES} '{path}'",
                self.noun()
            ))
        })
    }

    /// The error for a range whose meaning needs the end of the file (a negative or
    /// fractional limit, a fractional offset), which a device does not have.
    pub(crate) fn unbounded_range(self, path: &str) -> ToolError {
        ToolError::Failed(format!(
            "{path} is {}, which has no known end, so read takes only a whole offset and a non-negative whole limit here. Call read again with those, or use bash (head -c {DEFAULT_MAX_BYTES} '{path}')",
            self.noun()
        ))
    }
}

/// Why reading a device stopped before its end of input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stop {
    /// More input could not change the output: the range or a cap was reached.
    Settled,
    /// [`DEVICE_READ_BUDGET`] bytes were read.
    Budget,
    /// No data arrived for [`DEVICE_IDLE`].
    Idle,
}

/// A device's selected lines and why reading stopped (`None`: it reached end of input).
pub(crate) struct DeviceRead {
    pub(crate) selection: Selection,
    pub(crate) stop: Option<Stop>,
    /// The requested first line was reached.
    pub(crate) reached_start: bool,
    pub(crate) bytes_read: usize,
}

/// Reads lines `start..end` of a device, stopping as soon as the output is settled. Opened
/// non-blocking so a terminal with no input stops after [`DEVICE_IDLE`] instead of hanging.
pub(crate) fn read_device(
    path: &Path,
    start: usize,
    end: Option<usize>,
    cancel: &CancellationToken,
) -> Result<DeviceRead, ToolError> {
    let mut file: File = OpenOptions::new()
        .read(true)
        .custom_flags(nix::fcntl::OFlag::O_NONBLOCK.bits())
        .open(path)
        .map_err(|err| ToolError::Failed(node_message(&err, "open", Some(path))))?;
    let mut selector = LineSelector::new(start, end);
    let mut decoder = Utf8Stream::default();
    let mut buf = vec![0u8; CHUNK_BYTES];
    let mut text = String::new();
    let mut bytes_read = 0;
    let mut last_data = Instant::now();
    let stop = loop {
        if cancel.is_cancelled() {
            return Err(ToolError::Aborted);
        }
        if selector.settled() {
            break Some(Stop::Settled);
        }
        if bytes_read >= DEVICE_READ_BUDGET {
            break Some(Stop::Budget);
        }
        let n = match file.read(&mut buf) {
            Ok(0) => break None,
            Ok(n) => n,
            Err(err) if err.kind() == ErrorKind::WouldBlock => {
                if last_data.elapsed() >= DEVICE_IDLE {
                    break Some(Stop::Idle);
                }
                std::thread::sleep(Duration::from_millis(20));
                continue;
            }
            Err(err) if err.kind() == ErrorKind::Interrupted => continue,
            Err(err) => return Err(ToolError::Failed(node_message(&err, "read", None))),
        };
        last_data = Instant::now();
        bytes_read += n;
        text.clear();
        decoder.decode(&buf[..n], &mut text);
        selector.push(&text);
    };
    // Bytes of a sequence cut by the stop are not shown as a replacement character.
    if stop.is_none() {
        text.clear();
        decoder.finish(&mut text);
        selector.push(&text);
    }
    let reached_start = selector.reached_start();
    Ok(DeviceRead {
        selection: selector.finish(),
        stop,
        reached_start,
        bytes_read,
    })
}

/// The text for a device read that stopped early, or the error when it never reached the
/// requested line. `first` is the 1-based first requested line.
pub(crate) fn stopped_text(
    path: &str,
    kind: Special,
    first: usize,
    read: &DeviceRead,
    stop: Stop,
) -> Result<String, ToolError> {
    let noun = kind.noun();
    let why = match stop {
        Stop::Settled => "once the requested output was complete".to_string(),
        Stop::Budget => format!("after {}", format_size(read.bytes_read)),
        Stop::Idle => format!("when no data arrived for {}s", DEVICE_IDLE.as_secs_f64()),
    };
    if !read.reached_start {
        return Err(ToolError::Failed(format!(
            "Stopped reading {path} {why} without reaching line {first}: it is {noun}, which may never end. Use bash to read part of it, e.g. head -c {DEFAULT_MAX_BYTES} '{path}'"
        )));
    }
    let t = &read.selection.truncation;
    let about = format!(
        "{path} is {noun}, not a regular file, so read stopped {why} and its length is unknown"
    );
    if t.first_line_exceeds_limit {
        return Ok(format!(
            "[Line {first} is over {} ({} read so far); {about}. Use bash: head -c {DEFAULT_MAX_BYTES} '{path}']",
            format_size(DEFAULT_MAX_BYTES),
            format_size(read.selection.first_line_bytes)
        ));
    }
    let shown = if t.truncated {
        t.output_lines
    } else {
        read.selection.selected_lines
    };
    if read.bytes_read == 0 || shown == 0 {
        return Ok(format!("[No lines read from {path}: {about}.]"));
    }
    let last = first + shown - 1;
    let limit = match t.truncated_by {
        Some(TruncatedBy::Bytes) if t.truncated => {
            format!(" ({} limit)", format_size(DEFAULT_MAX_BYTES))
        }
        _ => String::new(),
    };
    Ok(format!(
        "{}\n\n[Showing lines {}-{}{limit}; {about}. Use offset={} to continue.]",
        t.content,
        number_string(first as f64),
        number_string(last as f64),
        number_string((last + 1) as f64)
    ))
}
