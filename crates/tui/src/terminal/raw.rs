//! Raw mode on the terminal device, the way Node's `setRawMode(true)` (libuv) sets it: no
//! echo, no line editing, no signals from Ctrl+C/Ctrl+Z, no CR/LF translation of input, bytes
//! delivered one read at a time; output processing stays on. The saved settings come back on
//! [`RawMode::restore`].

use std::io;
use std::os::fd::AsFd;

use rustix::termios::{
    tcgetattr, tcsetattr, ControlModes, InputModes, LocalModes, OptionalActions, SpecialCodeIndex,
    Termios,
};

/// The terminal settings from before raw mode.
#[derive(Clone, Debug)]
pub struct RawMode {
    saved: Termios,
}

impl RawMode {
    /// Switches `fd` (a terminal) to raw mode and remembers how it was.
    pub fn enable(fd: impl AsFd) -> io::Result<Self> {
        let saved = tcgetattr(&fd)?;
        let mut raw = saved.clone();
        raw.input_modes -= InputModes::BRKINT
            | InputModes::ICRNL
            | InputModes::INPCK
            | InputModes::ISTRIP
            | InputModes::IXON;
        raw.control_modes |= ControlModes::CS8;
        raw.local_modes -=
            LocalModes::ECHO | LocalModes::ICANON | LocalModes::IEXTEN | LocalModes::ISIG;
        raw.special_codes[SpecialCodeIndex::VMIN] = 1;
        raw.special_codes[SpecialCodeIndex::VTIME] = 0;
        tcsetattr(&fd, OptionalActions::Now, &raw)?;
        Ok(Self { saved })
    }

    /// Puts the saved settings back.
    pub fn restore(&self, fd: impl AsFd) -> io::Result<()> {
        Ok(tcsetattr(fd, OptionalActions::Now, &self.saved)?)
    }

    /// The settings from before raw mode.
    pub fn saved(&self) -> &Termios {
        &self.saved
    }
}
