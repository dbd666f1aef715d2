//! Running a user's `!` command as Pi 1.6.0's bash executor does (interactive and RPC
//! modes): output cleaned of escape sequences and control characters, streamed to a
//! callback, a rolling buffer of twice the display limit, the full output in a temp file
//! once it passes the limit, and an aborted command still returning what it printed.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use tokio_util::sync::CancellationToken;

use crate::ansi::{sanitize_binary_output, split_incomplete_ansi_suffix, strip_ansi};
use crate::output_accumulator::create_output_file;
use crate::read_select::Utf8Stream;
use crate::shell::{run_shell, ShellCommand, ShellConfig, ShellError};
use crate::truncate::{truncate_tail, utf16_len, TruncationOptions, DEFAULT_MAX_BYTES};

/// What a user command produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BashExecution {
    /// The output, tail-truncated when it was over the limits.
    pub output: String,
    /// The exit code; `None` when the command was cancelled.
    pub exit_code: Option<i32>,
    /// Whether the cancellation token stopped it.
    pub cancelled: bool,
    /// Whether output was dropped from the rolling buffer or cut by truncation.
    pub truncated: bool,
    /// The temp file with all output, when there is one.
    pub full_output_path: Option<PathBuf>,
}

/// The cleaned output collected so far.
struct Collected {
    chunks: Vec<String>,
    /// Size of `chunks` in UTF-16 units, as Pi measures it.
    size: usize,
    discarded: bool,
    raw_bytes: usize,
    temp: Option<(File, PathBuf)>,
    decoder: Utf8Stream,
    pending_ansi: String,
}

impl Collected {
    fn ensure_temp_file(&mut self) {
        if self.temp.is_some() {
            return;
        }
        if let Ok((mut file, path)) = create_output_file() {
            for chunk in &self.chunks {
                let _ = file.write_all(chunk.as_bytes());
            }
            self.temp = Some((file, path));
        }
    }

    /// Adds cleaned text: escape sequences stripped, control characters and CRs removed.
    fn append_text(&mut self, raw: &str, on_chunk: &mut impl FnMut(&str)) {
        let text = sanitize_binary_output(&strip_ansi(raw)).replace('\r', "");
        if text.is_empty() {
            return;
        }
        if self.raw_bytes > DEFAULT_MAX_BYTES {
            self.ensure_temp_file();
        }
        if let Some((file, _)) = &mut self.temp {
            // A failed write loses only the file copy; the output itself is still returned.
            let _ = file.write_all(text.as_bytes());
        }
        self.size += utf16_len(&text);
        self.chunks.push(text);
        while self.size > DEFAULT_MAX_BYTES * 2 && self.chunks.len() > 1 {
            let removed = self.chunks.remove(0);
            self.size -= utf16_len(&removed);
            self.discarded = true;
        }
        if let Some(last) = self.chunks.last() {
            on_chunk(last);
        }
    }

    fn on_data(&mut self, data: &[u8], on_chunk: &mut impl FnMut(&str)) {
        self.raw_bytes += data.len();
        let mut text = std::mem::take(&mut self.pending_ansi);
        self.decoder.decode(data, &mut text);
        let (complete, pending) = split_incomplete_ansi_suffix(&text);
        self.pending_ansi = pending.to_string();
        let complete = complete.to_string();
        self.append_text(&complete, on_chunk);
    }

    fn flush(&mut self, on_chunk: &mut impl FnMut(&str)) {
        let mut rest = std::mem::take(&mut self.pending_ansi);
        self.decoder.finish(&mut rest);
        self.append_text(&rest, on_chunk);
    }
}

/// Runs a user command in `cwd` with `config`'s shell, passing cleaned output to `on_chunk`
/// as it arrives. Errors other than cancellation (a missing directory, a shell that cannot
/// start) are returned; a cancelled command returns its output with `cancelled` set.
pub async fn execute_bash(
    command: &str,
    cwd: &Path,
    config: &ShellConfig,
    cancel: &CancellationToken,
    mut on_chunk: impl FnMut(&str),
) -> Result<BashExecution, ShellError> {
    let mut collected = Collected {
        chunks: Vec::new(),
        size: 0,
        discarded: false,
        raw_bytes: 0,
        temp: None,
        decoder: Utf8Stream::default(),
        pending_ansi: String::new(),
    };
    let cmd = ShellCommand {
        command,
        cwd,
        config,
        timeout: None,
        env: &[],
        env_remove: &[],
    };
    let result = run_shell(cmd, cancel, |data| collected.on_data(data, &mut on_chunk)).await;
    let exit_code = match result {
        Ok(code) => Some(code),
        Err(_) if cancel.is_cancelled() => None,
        Err(err) => return Err(err),
    };
    collected.flush(&mut on_chunk);
    let full = collected.chunks.concat();
    let truncation = truncate_tail(&full, TruncationOptions::default());
    if truncation.truncated {
        collected.ensure_temp_file();
    }
    let full_output_path = collected.temp.take().map(|(mut file, path)| {
        let _ = file.flush();
        path
    });
    let cancelled = cancel.is_cancelled();
    Ok(BashExecution {
        output: if truncation.truncated {
            truncation.content
        } else {
            full
        },
        exit_code: if cancelled { None } else { exit_code },
        cancelled,
        truncated: collected.discarded || truncation.truncated,
        full_output_path,
    })
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::shell::shell_config;

    #[tokio::test]
    async fn output_is_cleaned_and_streamed() {
        let dir = tempfile::tempdir().unwrap();
        let mut streamed = String::new();
        let run = execute_bash(
            r"printf '\033[31mred\033[0m\r\nline\007two\n'; exit 4",
            dir.path(),
            &shell_config(None),
            &CancellationToken::new(),
            |chunk| streamed.push_str(chunk),
        )
        .await
        .unwrap();
        assert_eq!(run.output, "red\nlinetwo\n");
        assert_eq!(streamed, "red\nlinetwo\n");
        assert_eq!(run.exit_code, Some(4));
        assert!(!run.cancelled && !run.truncated);
        assert_eq!(run.full_output_path, None);
    }

    #[tokio::test]
    async fn long_output_is_truncated_with_a_full_copy() {
        let dir = tempfile::tempdir().unwrap();
        let run = execute_bash(
            "seq 1 30000",
            dir.path(),
            &shell_config(None),
            &CancellationToken::new(),
            |_| {},
        )
        .await
        .unwrap();
        assert!(run.truncated);
        assert!(run.output.ends_with("29999\n30000"));
        assert_eq!(run.output.lines().count(), 2000);
        let path = run.full_output_path.unwrap();
        let full = std::fs::read_to_string(&path).unwrap();
        assert!(full.starts_with("1\n2\n3\n"));
        assert!(full.ends_with("29999\n30000\n"));
        std::fs::remove_file(path).unwrap();
    }

    #[tokio::test]
    async fn cancelled_command_returns_its_output() {
        let dir = tempfile::tempdir().unwrap();
        let cancel = CancellationToken::new();
        let stop = cancel.clone();
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(300)).await;
            stop.cancel();
        });
        let run = execute_bash(
            "echo started; sleep 100",
            dir.path(),
            &shell_config(None),
            &cancel,
            |_| {},
        )
        .await
        .unwrap();
        assert!(run.cancelled);
        assert_eq!(run.exit_code, None);
        assert_eq!(run.output, "started\n");
    }
}
