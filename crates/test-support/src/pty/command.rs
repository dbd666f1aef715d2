//! [`PtyCommand`]: what a [`PtySession`](super::PtySession) runs, and on what terminal.

use std::ffi::OsString;
use std::path::PathBuf;

use super::TerminalProfile;

/// Scrollback kept by default, like a terminal's usual setting.
const DEFAULT_SCROLLBACK: usize = 10_000;

/// What to run and on what terminal.
#[derive(Debug, Clone)]
pub struct PtyCommand {
    /// Program (looked up on `PATH` when it has no slash).
    pub program: OsString,
    /// Arguments.
    pub args: Vec<OsString>,
    /// Variables set on top of the inherited environment (or of an empty one).
    pub env: Vec<(OsString, OsString)>,
    /// Start from an empty environment instead of this process's.
    pub clear_env: bool,
    /// Working directory.
    pub cwd: PathBuf,
    /// Terminal width in cells.
    pub cols: u16,
    /// Terminal height in cells.
    pub rows: u16,
    /// What the terminal answers and how it encodes keys.
    pub profile: TerminalProfile,
    /// Lines that scroll off the top are kept, up to this many ([`PtySession::transcript`](super::PtySession::transcript)).
    pub scrollback: usize,
    /// Keep every byte the program writes ([`PtySession::output`](super::PtySession::output)),
    /// for sequences the emulated screen does not keep (Kitty graphics, iTerm2 files).
    pub keep_output: bool,
}

impl PtyCommand {
    /// `program` on an 80x24 Kitty-capable terminal in `cwd`.
    pub fn new(program: impl Into<OsString>, cwd: impl Into<PathBuf>) -> Self {
        Self {
            program: program.into(),
            args: Vec::new(),
            env: Vec::new(),
            clear_env: false,
            cwd: cwd.into(),
            cols: 80,
            rows: 24,
            profile: TerminalProfile::default(),
            scrollback: DEFAULT_SCROLLBACK,
            keep_output: false,
        }
    }

    /// Adds arguments.
    pub fn args<S: Into<OsString>>(mut self, args: impl IntoIterator<Item = S>) -> Self {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }

    /// Sets one environment variable.
    pub fn env(mut self, key: impl Into<OsString>, value: impl Into<OsString>) -> Self {
        self.env.push((key.into(), value.into()));
        self
    }

    /// Sets the terminal size.
    pub fn size(mut self, cols: u16, rows: u16) -> Self {
        self.cols = cols;
        self.rows = rows;
        self
    }

    /// Keeps everything the program writes (see [`PtyCommand::keep_output`]).
    pub fn keep_output(mut self) -> Self {
        self.keep_output = true;
        self
    }

    /// Turns the Kitty keyboard protocol on or off in the terminal's profile.
    pub fn kitty(mut self, kitty: bool) -> Self {
        self.profile.kitty = kitty;
        self
    }
}

/// The command line, shortened, for messages.
pub(super) fn describe(spec: &PtyCommand) -> String {
    let mut words = vec![spec.program.to_string_lossy().into_owned()];
    words.extend(
        spec.args
            .iter()
            .map(|arg| arg.to_string_lossy().into_owned()),
    );
    let line = words.join(" ");
    if line.len() > 120 {
        format!("`{}...`", &line[..line.floor_char_boundary(117)])
    } else {
        format!("`{line}`")
    }
}
