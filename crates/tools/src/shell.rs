//! Running a shell command as Pi 1.6.0's local shell backend does: bash (`/bin/bash`, else
//! `bash` on PATH, else `sh`) with `-c`, in its own process group, stdout and stderr
//! delivered as they arrive, and the whole group killed on timeout, abort or drop.

use std::path::{Path, PathBuf};
use std::process::{ExitStatus, Stdio};
use std::time::{Duration, Instant};

use nix::sys::signal::{kill, killpg, Signal};
use nix::unistd::Pid;
use tokio::io::AsyncReadExt;
use tokio::process::Command;
use tokio_util::sync::CancellationToken;

use crate::validate::js::number_string;

/// Longest timeout Pi accepts, in milliseconds (a 32-bit timer).
const MAX_TIMEOUT_MS: f64 = 2_147_483_647.0;
/// After the shell exits, output still arriving from background processes is read until the
/// pipes stay quiet this long.
const EXIT_STDIO_GRACE: Duration = Duration::from_millis(100);

/// Why a command did not produce an exit code.
#[derive(Debug, thiserror::Error)]
pub enum ShellError {
    /// The cancellation token fired; the process group was killed.
    #[error("aborted")]
    Aborted,
    /// The timeout passed; the process group was killed.
    #[error("timeout:{seconds}")]
    Timeout {
        /// The timeout as the caller gave it, formatted as JavaScript prints the number.
        seconds: String,
        /// Set when the shell itself had exited before the deadline and only background
        /// processes kept the pipes open: its exit code and seconds until it exited.
        shell_exit: Option<(i32, f64)>,
    },
    /// The timeout is not a positive finite number of seconds within the limit.
    #[error("{0}")]
    InvalidTimeout(String),
    /// The working directory is missing.
    #[error("Working directory does not exist: {0}\nCannot execute bash commands.")]
    MissingCwd(String),
    /// The shell could not be started; the message reads as Node's (`spawn /bin/bash ENOENT`).
    #[error("{0}")]
    Spawn(String),
}

/// The shell binary and the arguments that precede the command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShellConfig {
    /// Path or name of the shell.
    pub shell: PathBuf,
    /// Arguments before the command (`-c`).
    pub args: Vec<String>,
}

/// The shell Pi picks: `custom` when given, else `/bin/bash`, else the first `bash` on PATH,
/// else `sh`.
pub fn shell_config(custom: Option<&Path>) -> ShellConfig {
    let bash = |shell: PathBuf| ShellConfig {
        shell,
        args: vec!["-c".to_string()],
    };
    if let Some(custom) = custom {
        return bash(custom.to_path_buf());
    }
    let default = Path::new("/bin/bash");
    if default.exists() {
        return bash(default.to_path_buf());
    }
    let on_path = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join("bash"))
            .find(|candidate| candidate.is_file())
    });
    match on_path {
        Some(path) => bash(path),
        None => ShellConfig {
            shell: PathBuf::from("sh"),
            args: vec!["-c".to_string()],
        },
    }
}

/// Pi's timeout check: `None` for no timeout, else the duration, or Pi's error text.
pub fn resolve_timeout(seconds: Option<f64>) -> Result<Option<Duration>, ShellError> {
    let Some(seconds) = seconds else {
        return Ok(None);
    };
    if !seconds.is_finite() || seconds <= 0.0 {
        return Err(ShellError::InvalidTimeout(
            "Invalid timeout: must be a finite number of seconds".to_string(),
        ));
    }
    if seconds * 1000.0 > MAX_TIMEOUT_MS {
        return Err(ShellError::InvalidTimeout(format!(
            "Invalid timeout: maximum is {} seconds",
            number_string(MAX_TIMEOUT_MS / 1000.0)
        )));
    }
    Ok(Some(Duration::from_secs_f64(seconds)))
}

/// One command to run.
#[derive(Debug, Clone)]
pub struct ShellCommand<'a> {
    /// The command text, passed to the shell after its arguments.
    pub command: &'a str,
    /// Working directory.
    pub cwd: &'a Path,
    /// Shell to use.
    pub config: &'a ShellConfig,
    /// Timeout in seconds, as the caller gave it.
    pub timeout: Option<f64>,
    /// Variables to set on top of the inherited environment.
    pub env: &'a [(String, String)],
    /// Inherited variables to remove.
    pub env_remove: &'a [String],
}

/// Kills a process group when dropped, unless disarmed: a dropped command leaves nothing
/// running.
struct GroupGuard {
    pid: Option<Pid>,
}

impl GroupGuard {
    fn kill(&self) {
        if let Some(pid) = self.pid {
            kill_process_tree(pid);
        }
    }
}

impl Drop for GroupGuard {
    fn drop(&mut self) {
        self.kill();
    }
}

/// SIGKILL to the whole group led by `pid`, falling back to the process alone.
pub fn kill_process_tree(pid: Pid) {
    if killpg(pid, Signal::SIGKILL).is_err() {
        let _ = kill(pid, Signal::SIGKILL);
    }
}

/// The exit code Pi reports: the code, or 128 + the signal number for a killed shell.
fn exit_code(status: ExitStatus) -> i32 {
    use std::os::unix::process::ExitStatusExt;
    status
        .code()
        .or_else(|| status.signal().map(|signal| 128 + signal))
        .unwrap_or(1)
}

/// Runs `cmd`, passing each chunk of stdout or stderr to `on_data` as it arrives, and returns
/// the exit code. Background processes the command leaves running are left alone on a
/// normal exit, as in Pi; on timeout, abort or drop of the future the whole group is killed.
pub async fn run_shell(
    cmd: ShellCommand<'_>,
    cancel: &CancellationToken,
    mut on_data: impl FnMut(&[u8]),
) -> Result<i32, ShellError> {
    let timeout = resolve_timeout(cmd.timeout)?;
    if cancel.is_cancelled() {
        return Err(ShellError::Aborted);
    }
    if tokio::fs::metadata(cmd.cwd).await.is_err() {
        return Err(ShellError::MissingCwd(cmd.cwd.display().to_string()));
    }
    let mut command = Command::new(&cmd.config.shell);
    command
        .args(&cmd.config.args)
        .arg(cmd.command)
        .current_dir(cmd.cwd)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .kill_on_drop(true);
    for name in cmd.env_remove {
        command.env_remove(name);
    }
    command.envs(cmd.env.iter().map(|(k, v)| (k, v)));
    let mut child = command.spawn().map_err(|err| {
        let shell = cmd.config.shell.display();
        ShellError::Spawn(match crate::fs_error::error_code(&err) {
            // Node's words, then what to do: Linux takes at most 128KB in one argument.
            Some("E2BIG") => format!(
                "spawn {shell} E2BIG: the command is {}, more than the system accepts as one argument (128KB on Linux); write the script to a file and run that file instead",
                crate::truncate::format_size(cmd.command.len())
            ),
            Some(code) => format!("spawn {shell} {code}"),
            None => format!("spawn {shell}: {err}"),
        })
    })?;
    let mut guard = GroupGuard {
        pid: child
            .id()
            .and_then(|id| i32::try_from(id).ok())
            .map(Pid::from_raw),
    };
    let mut stdout = child.stdout.take();
    let mut stderr = child.stderr.take();
    let started = Instant::now();
    let deadline = timeout.map(|t| tokio::time::Instant::now() + t);
    let mut out_buf = vec![0u8; 64 * 1024];
    let mut err_buf = vec![0u8; 64 * 1024];
    let mut status: Option<(i32, Duration)> = None;
    let mut idle_deadline: Option<tokio::time::Instant> = None;
    let mut timed_out: Option<Option<(i32, Duration)>> = None;
    let mut aborted = false;
    loop {
        let streams_open = stdout.is_some() || stderr.is_some();
        if status.is_some() && !streams_open {
            break;
        }
        tokio::select! {
            read = read_some(&mut stdout, &mut out_buf), if stdout.is_some() => {
                match read {
                    Some(n) => on_data(&out_buf[..n]),
                    None => stdout = None,
                }
                if status.is_some() {
                    idle_deadline = Some(tokio::time::Instant::now() + EXIT_STDIO_GRACE);
                }
            }
            read = read_some(&mut stderr, &mut err_buf), if stderr.is_some() => {
                match read {
                    Some(n) => on_data(&err_buf[..n]),
                    None => stderr = None,
                }
                if status.is_some() {
                    idle_deadline = Some(tokio::time::Instant::now() + EXIT_STDIO_GRACE);
                }
            }
            exited = child.wait(), if status.is_none() => {
                let code = exited.map_or(1, exit_code);
                status = Some((code, started.elapsed()));
                idle_deadline = Some(tokio::time::Instant::now() + EXIT_STDIO_GRACE);
            }
            () = sleep_until(idle_deadline), if status.is_some() && idle_deadline.is_some() => break,
            () = sleep_until(deadline), if deadline.is_some() && timed_out.is_none() => {
                // Also after the shell exited: the group kill still reaches background
                // processes holding the pipes.
                timed_out = Some(status);
                guard.kill();
            }
            () = cancel.cancelled(), if !aborted => {
                aborted = true;
                guard.kill();
            }
        }
    }
    // A normal exit leaves background processes running, as Pi does.
    guard.pid = None;
    if aborted {
        return Err(ShellError::Aborted);
    }
    if let Some(shell_exit) = timed_out {
        let seconds = number_string(cmd.timeout.unwrap_or(0.0));
        let shell_exit = shell_exit.map(|(code, after)| {
            let tenths = (after.as_secs_f64() * 10.0).round() / 10.0;
            (code, tenths)
        });
        return Err(ShellError::Timeout {
            seconds,
            shell_exit,
        });
    }
    Ok(status.map_or(1, |(code, _)| code))
}

async fn sleep_until(deadline: Option<tokio::time::Instant>) {
    match deadline {
        Some(deadline) => tokio::time::sleep_until(deadline).await,
        None => std::future::pending().await,
    }
}

/// Reads one chunk; `None` at end of stream or on a read error.
async fn read_some<R: AsyncReadExt + Unpin>(pipe: &mut Option<R>, buf: &mut [u8]) -> Option<usize> {
    let pipe = pipe.as_mut()?;
    match pipe.read(buf).await {
        Ok(0) | Err(_) => None,
        Ok(n) => Some(n),
    }
}
