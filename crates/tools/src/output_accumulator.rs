//! Streaming command output with bounded memory, as Pi 1.6.0's `OutputAccumulator`: chunks
//! are decoded as they arrive, only a rolling tail is kept for display, and once the output
//! passes the truncation limits everything (raw bytes) goes to a temp file whose path the
//! tool reports as `fullOutputPath`.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::PathBuf;

use crate::read_select::Utf8Stream;
use crate::truncate::{truncate_tail, TruncatedBy, TruncationOptions, TruncationResult};

/// Prefix of the temp files holding full output (`<tmp>/tau-bash-<random>.log`).
pub const BASH_TEMP_FILE_PREFIX: &str = "tau-bash-";

/// A view of the output so far: its tail truncation and where the full output is.
#[derive(Debug, Clone)]
pub struct OutputSnapshot {
    /// The text to show (the tail).
    pub content: String,
    /// Truncation counted over the whole output.
    pub truncation: TruncationResult,
    /// The temp file with all output, once there is one.
    pub full_output_path: Option<PathBuf>,
}

/// Accumulates a command's output.
#[derive(Debug)]
pub struct OutputAccumulator {
    opts: TruncationOptions,
    max_rolling_bytes: usize,
    decoder: Utf8Stream,
    /// A leading byte order mark is dropped, as `TextDecoder` does by default.
    at_start: bool,
    raw_chunks: Vec<Vec<u8>>,
    tail_text: String,
    tail_starts_at_line_boundary: bool,
    total_raw_bytes: usize,
    total_decoded_bytes: usize,
    completed_lines: usize,
    total_lines: usize,
    current_line_bytes: usize,
    has_open_line: bool,
    finished: bool,
    temp_path: Option<PathBuf>,
    temp_file: Option<File>,
    /// The first failure writing the temp file; later writes are skipped.
    temp_error: Option<String>,
}

impl Default for OutputAccumulator {
    fn default() -> Self {
        Self::new(TruncationOptions::default())
    }
}

impl OutputAccumulator {
    /// An empty accumulator with the given display limits.
    pub fn new(opts: TruncationOptions) -> Self {
        OutputAccumulator {
            opts,
            max_rolling_bytes: (opts.max_bytes * 2).max(1),
            decoder: Utf8Stream::default(),
            at_start: true,
            raw_chunks: Vec::new(),
            tail_text: String::new(),
            tail_starts_at_line_boundary: true,
            total_raw_bytes: 0,
            total_decoded_bytes: 0,
            completed_lines: 0,
            total_lines: 0,
            current_line_bytes: 0,
            has_open_line: false,
            finished: false,
            temp_path: None,
            temp_file: None,
            temp_error: None,
        }
    }

    /// Adds a chunk of raw output. Ignored after [`finish`](Self::finish).
    pub fn append(&mut self, data: &[u8]) {
        if self.finished {
            return;
        }
        self.total_raw_bytes += data.len();
        let mut text = String::new();
        self.decoder.decode(data, &mut text);
        self.append_decoded(text);
        if self.temp_file.is_some() || self.should_use_temp_file() {
            self.ensure_temp_file();
            self.write_temp(data);
        } else if !data.is_empty() {
            self.raw_chunks.push(data.to_vec());
        }
    }

    /// Ends the output: flushes the decoder and opens the temp file if the output needs one.
    pub fn finish(&mut self) {
        if self.finished {
            return;
        }
        self.finished = true;
        let mut text = String::new();
        self.decoder.finish(&mut text);
        self.append_decoded(text);
        if self.should_use_temp_file() {
            self.ensure_temp_file();
        }
    }

    /// The output so far as the model would see it; with `persist_if_truncated`, truncated
    /// output gets its temp file now so the path can be shown.
    pub fn snapshot(&mut self, persist_if_truncated: bool) -> OutputSnapshot {
        // When the retained tail is only the end of one over-long line, clipping its partial
        // first line leaves nothing; show the end of that line instead.
        let snapshot_text = match self.snapshot_text() {
            "" => self.tail_text.as_str(),
            text => text,
        };
        let mut truncation = truncate_tail(snapshot_text, self.opts);
        let truncated = self.total_lines > self.opts.max_lines
            || self.total_decoded_bytes > self.opts.max_bytes;
        truncation.truncated_by = if truncated {
            truncation
                .truncated_by
                .or(Some(if self.total_decoded_bytes > self.opts.max_bytes {
                    TruncatedBy::Bytes
                } else {
                    TruncatedBy::Lines
                }))
        } else {
            None
        };
        truncation.truncated = truncated;
        truncation.total_lines = self.total_lines;
        truncation.total_bytes = self.total_decoded_bytes;
        if persist_if_truncated && truncated {
            self.ensure_temp_file();
        }
        OutputSnapshot {
            content: truncation.content.clone(),
            truncation,
            full_output_path: self.temp_path.clone(),
        }
    }

    /// Flushes and closes the temp file; the first write failure, if any, as an error text.
    pub fn close_temp_file(&mut self) -> Result<(), String> {
        if let Some(mut file) = self.temp_file.take() {
            if let Err(err) = file.flush() {
                self.temp_error.get_or_insert(err.to_string());
            }
        }
        match &self.temp_error {
            Some(err) => Err(err.clone()),
            None => Ok(()),
        }
    }

    /// UTF-8 bytes of the last (unterminated) line.
    pub fn last_line_bytes(&self) -> usize {
        self.current_line_bytes
    }

    /// The temp file's path, once there is one.
    pub fn temp_path(&self) -> Option<&PathBuf> {
        self.temp_path.as_ref()
    }

    /// All output for programmatic callers, after `finish` and `close_temp_file`: whole when
    /// at most `max_bytes` raw bytes, else its first and last halves around an omission
    /// marker. The flag says whether anything was omitted.
    pub fn read_full_output(&self, max_bytes: usize) -> (String, bool) {
        let Some(path) = &self.temp_path else {
            return (decode_all(&self.raw_chunks.concat()), false);
        };
        let read = || -> std::io::Result<(String, bool)> {
            let mut file = File::open(path)?;
            let size = file.metadata()?.len() as usize;
            if size <= max_bytes {
                let mut bytes = Vec::with_capacity(size);
                file.read_to_end(&mut bytes)?;
                return Ok((decode_all(&bytes), false));
            }
            let head_len = max_bytes / 2;
            let tail_len = max_bytes - head_len;
            let mut head = vec![0u8; head_len];
            file.read_exact(&mut head)?;
            let mut tail = vec![0u8; tail_len];
            file.seek(SeekFrom::Start((size - tail_len) as u64))?;
            file.read_exact(&mut tail)?;
            // Cut at character boundaries: an incomplete trailing sequence of the head is
            // held back, leading continuation bytes of the tail are skipped.
            let mut head_text = String::new();
            Utf8Stream::default().decode(&head, &mut head_text);
            let start = tail
                .iter()
                .position(|b| b & 0xc0 != 0x80)
                .unwrap_or(tail.len());
            let tail_text = String::from_utf8_lossy(&tail[start..]);
            let omitted = size - head_len - tail_len;
            Ok((
                format!("{head_text}\n\n[... {omitted} bytes omitted ...]\n\n{tail_text}"),
                true,
            ))
        };
        read().unwrap_or_else(|err| (format!("[full output unreadable: {err}]"), true))
    }

    fn append_decoded(&mut self, mut text: String) {
        if self.at_start && !text.is_empty() {
            self.at_start = false;
            if let Some(rest) = text.strip_prefix('\u{FEFF}') {
                text = rest.to_string();
            }
        }
        if text.is_empty() {
            return;
        }
        let bytes = text.len();
        self.total_decoded_bytes += bytes;
        self.tail_text.push_str(&text);
        if self.tail_text.len() > self.max_rolling_bytes * 2 {
            self.trim_tail();
        }
        match text.rfind('\n') {
            None => {
                self.current_line_bytes += bytes;
                self.has_open_line = true;
            }
            Some(last) => {
                self.completed_lines += text.matches('\n').count();
                self.current_line_bytes = text.len() - last - 1;
                self.has_open_line = self.current_line_bytes > 0;
            }
        }
        self.total_lines = self.completed_lines + usize::from(self.has_open_line);
    }

    fn trim_tail(&mut self) {
        let mut start = self.tail_text.len() - self.max_rolling_bytes;
        while !self.tail_text.is_char_boundary(start) {
            start += 1;
        }
        if start > 0 {
            self.tail_starts_at_line_boundary = self.tail_text.as_bytes()[start - 1] == b'\n';
        }
        self.tail_text = self.tail_text[start..].to_string();
    }

    fn snapshot_text(&self) -> &str {
        if self.tail_starts_at_line_boundary {
            return &self.tail_text;
        }
        match self.tail_text.find('\n') {
            Some(i) => &self.tail_text[i + 1..],
            None => &self.tail_text,
        }
    }

    fn should_use_temp_file(&self) -> bool {
        self.total_raw_bytes > self.opts.max_bytes
            || self.total_decoded_bytes > self.opts.max_bytes
            || self.total_lines > self.opts.max_lines
    }

    fn ensure_temp_file(&mut self) {
        if self.temp_path.is_some() || self.temp_error.is_some() {
            return;
        }
        match create_output_file() {
            Ok((file, path)) => {
                self.temp_path = Some(path);
                self.temp_file = Some(file);
                for chunk in std::mem::take(&mut self.raw_chunks) {
                    self.write_temp(&chunk);
                }
            }
            Err(err) => self.temp_error = Some(format!("creating temp file: {err}")),
        }
    }

    fn write_temp(&mut self, data: &[u8]) {
        if let Some(file) = &mut self.temp_file {
            if let Err(err) = file.write_all(data) {
                self.temp_error.get_or_insert(err.to_string());
                self.temp_file = None;
            }
        }
    }
}

/// A new temp file for full command output, `<tmp>/tau-bash-<random>.log`, created with mode
/// 0600 and `O_EXCL` (output may be private) and kept after the handle closes.
pub(crate) fn create_output_file() -> std::io::Result<(File, PathBuf)> {
    tempfile::Builder::new()
        .prefix(BASH_TEMP_FILE_PREFIX)
        .suffix(".log")
        .rand_bytes(16)
        .tempfile()
        .and_then(|file| file.keep().map_err(|err| err.error))
}

/// Whole bytes decoded as `TextDecoder` decodes: lossy, a leading BOM dropped.
fn decode_all(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    text.strip_prefix('\u{FEFF}').unwrap_or(&text).to_string()
}

#[cfg(test)]
#[path = "output_accumulator_tests.rs"]
mod tests;
