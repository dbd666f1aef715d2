//! Splitting the terminal's input stream into key sequences and pastes, as pi-tui's stdin
//! buffer does.
//!
//! A read from the terminal can hold several keys ("batched" input) or part of one (an escape
//! sequence cut between reads). Complete sequences come out in order; an incomplete tail waits
//! for more input. pi-tui bounds that wait with a timer (10 ms after a lone ESC, so the Escape
//! key is not held back, 50 ms otherwise); here the timer is the caller's: after input,
//! [`InputSplitter::pending_timeout`] says which wait applies, and when it elapses with no new
//! input the caller calls [`InputSplitter::timeout_elapsed`], which does what pi-tui's timer
//! callback does. New input cancels the wait, as it clears pi-tui's timer.
//!
//! Text is split per character. pi-tui works on UTF-16 strings and so hands a character
//! outside the Basic Multilingual Plane (an emoji) over as two surrogate halves; a Rust
//! string cannot hold half a character, so here it stays whole (the halves only ever meet
//! again when inserted). Apart from that the sequences are pi-tui's.

use std::time::Duration;

use super::kitty::int;
use super::parse::utf16_len;
use super::pattern::{match_start, num, num0, Pat};

const ESC: &str = "\x1b";
const PASTE_START: &str = "\x1b[200~";
const PASTE_END: &str = "\x1b[201~";

/// What the splitter produces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputEvent {
    /// One key sequence (or one character of text, or a terminal reply).
    Data(String),
    /// The content of a bracketed paste, without its markers.
    Paste(String),
}

/// The wait pi-tui's stdin buffer starts for an incomplete tail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PendingTimeout {
    /// A lone ESC: it is the Escape key unless more follows quickly.
    Escape,
    /// Any other incomplete sequence.
    Sequence,
}

impl PendingTimeout {
    /// pi-tui's default for this wait (the Escape wait is configurable there through
    /// `PI_TUI_ESC_TIMEOUT` and longer over SSH; the caller picks).
    pub fn default_duration(self) -> Duration {
        match self {
            Self::Escape => Duration::from_millis(10),
            Self::Sequence => Duration::from_millis(50),
        }
    }
}

/// The incremental splitter (one per terminal).
#[derive(Debug, Default)]
pub struct InputSplitter {
    buffer: String,
    paste_mode: bool,
    paste_buffer: String,
    /// After a plain Kitty CSI-u key for a printable character, some terminals also send
    /// the raw character; the one directly following is dropped.
    pending_kitty_printable: Option<i64>,
    timeout: Option<PendingTimeout>,
    /// The start of a UTF-8 character cut off at the end of the last `feed_bytes`.
    utf8_tail: Vec<u8>,
}

/// Colour and program-status OSC replies, XTVersion and Kitty graphics replies: once such a
/// header is seen the input is a delimited string, not batched Alt+key presses.
fn is_reply_header(s: &str) -> bool {
    const OSC_COLOR: &[Pat] = &[Pat::Lit(b"\x1b]1"), Pat::OneOf(b"01", None), Pat::Lit(b";")];
    const OSC_PALETTE: &[Pat] = &[
        Pat::Lit(b"\x1b]4;"),
        Pat::Digits {
            min: 1,
            max: 3,
            slot: None,
        },
        Pat::Lit(b";"),
    ];
    const OSC_STATUS: &[Pat] = &[Pat::Lit(b"\x1b]7501;?")];
    const XTVERSION: &[Pat] = &[Pat::Lit(b"\x1bP>|")];
    const GRAPHICS: &[Pat] = &[
        Pat::Lit(b"\x1b_G"),
        Pat::Star(&[
            Pat::Range(b'a', b'z'),
            Pat::Lit(b"="),
            num(0),
            Pat::Lit(b","),
        ]),
        Pat::Range(b'a', b'z'),
        Pat::Lit(b"="),
        num(0),
        Pat::Lit(b";"),
    ];
    [OSC_COLOR, OSC_PALETTE, OSC_STATUS, XTVERSION, GRAPHICS]
        .iter()
        .any(|p| match_start(p, 1, s).is_some())
}

fn is_control_string(s: &str) -> bool {
    s.starts_with("\x1b]") || s.starts_with("\x1bP") || s.starts_with("\x1b_")
}

#[derive(PartialEq)]
enum Completeness {
    Complete,
    Incomplete,
}
use Completeness::{Complete, Incomplete};

/// Whether `data` (which starts with ESC) is a whole escape sequence yet.
fn completeness(data: &str) -> Completeness {
    let after = &data[1..];
    if after.is_empty() {
        return Incomplete;
    }
    let done = |ok: bool| if ok { Complete } else { Incomplete };
    if let Some(csi) = after.strip_prefix('[') {
        if csi.starts_with('M') {
            // X10 mouse: ESC [ M and three bytes; pi-tui counts UTF-16 units.
            return done(utf16_len(data) >= 6);
        }
        return csi_completeness(csi);
    }
    if after.starts_with(']') {
        return done(data.ends_with("\x1b\\") || data.ends_with('\x07'));
    }
    if after.starts_with('P') || after.starts_with('_') {
        return done(data.ends_with("\x1b\\"));
    }
    if after.starts_with('O') {
        return done(after.chars().count() >= 2);
    }
    Complete
}

/// A CSI sequence ends with a byte in 0x40..=0x7E; an SGR mouse report (`<b;x;y` then M or
/// m) only once all three fields are there.
fn csi_completeness(payload: &str) -> Completeness {
    let Some(last) = payload.chars().last() else {
        return Incomplete;
    };
    if !('\x40'..='\x7e').contains(&last) {
        return Incomplete;
    }
    if let Some(mouse) = payload.strip_prefix('<') {
        if last != 'M' && last != 'm' {
            return Incomplete;
        }
        let fields = &mouse[..mouse.len() - 1];
        let parts: Vec<&str> = fields.split(';').collect();
        let numeric = |p: &&str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
        return if parts.len() == 3 && parts.iter().all(numeric) {
            Complete
        } else {
            Incomplete
        };
    }
    Complete
}

/// The codepoint of an unmodified Kitty CSI-u key for a printable character.
fn unmodified_kitty_printable(seq: &str) -> Option<i64> {
    const P: &[Pat] = &[
        Pat::Lit(b"\x1b["),
        num(0),
        Pat::Opt(&[Pat::Lit(b":"), num0(1)]),
        Pat::Opt(&[Pat::Lit(b":"), num(1)]),
        Pat::Lit(b"u"),
        Pat::End,
    ];
    let caps = match_start(P, 2, seq)?;
    let cp = int(caps[0].unwrap_or(""));
    (cp >= 32).then_some(cp)
}

/// Splits `buffer` into complete sequences and the incomplete tail.
fn extract(buffer: &str) -> (Vec<String>, String) {
    let mut out = Vec::new();
    let mut pos = 0;
    while pos < buffer.len() {
        let remaining = &buffer[pos..];
        if !remaining.starts_with(ESC) {
            let len = remaining.chars().next().map_or(1, char::len_utf8);
            out.push(remaining[..len].to_string());
            pos += len;
            continue;
        }
        let reply = is_control_string(remaining) && is_reply_header(remaining);
        // Candidate ends, in bytes, one character at a time.
        let ends: Vec<usize> = remaining
            .char_indices()
            .map(|(i, c)| i + c.len_utf8())
            .collect();
        let mut advanced = false;
        for (n, &end) in ends.iter().enumerate() {
            let last = remaining[..end].chars().last();
            if reply && n >= 2 {
                // CAN and SUB cancel the string but not the keys after it.
                if last == Some('\x18') || last == Some('\x1a') {
                    pos += end;
                    advanced = true;
                    break;
                }
                // A new escape sequence aborts an unterminated reply; a trailing ESC stays
                // buffered until it is known not to start the terminator.
                if last == Some('\x1b')
                    && end < remaining.len()
                    && !remaining[end..].starts_with('\\')
                {
                    pos += end - 1;
                    advanced = true;
                    break;
                }
            }
            let candidate = &remaining[..end];
            if completeness(candidate) == Complete {
                // WezTerm sends the Escape press raw and its release as CSI-u, so ESC ESC
                // followed by the start of a sequence is Escape, then that sequence.
                if candidate == "\x1b\x1b"
                    && remaining[end..].starts_with(['[', ']', 'O', 'P', '_'])
                {
                    out.push(ESC.to_string());
                    pos += 1;
                } else {
                    out.push(candidate.to_string());
                    pos += end;
                }
                advanced = true;
                break;
            }
        }
        if !advanced {
            return (out, remaining.to_string());
        }
    }
    (out, String::new())
}

impl InputSplitter {
    /// A splitter with nothing buffered.
    pub fn new() -> Self {
        Self::default()
    }

    /// Feeds raw bytes read from the terminal. UTF-8 is decoded across calls (a character cut
    /// between reads waits for its rest, as Node's UTF-8 stdin decoding does); invalid bytes
    /// become U+FFFD.
    pub fn feed_bytes(&mut self, bytes: &[u8]) -> Vec<InputEvent> {
        let mut all = std::mem::take(&mut self.utf8_tail);
        all.extend_from_slice(bytes);
        let keep = incomplete_utf8_suffix(&all);
        self.utf8_tail = all.split_off(all.len() - keep);
        if all.is_empty() {
            return Vec::new();
        }
        let text = String::from_utf8_lossy(&all).into_owned();
        self.feed(&text)
    }

    /// Feeds decoded input; returns the events it completes.
    pub fn feed(&mut self, data: &str) -> Vec<InputEvent> {
        let mut out = Vec::new();
        self.process(data, &mut out);
        out
    }

    /// The wait that is running for an incomplete tail, if any.
    pub fn pending_timeout(&self) -> Option<PendingTimeout> {
        self.timeout
    }

    /// The wait from [`Self::pending_timeout`] elapsed with no new input: the tail is given
    /// up on as it is. An unterminated OSC/DCS/APC is taken as Alt plus its introducer and
    /// the rest is split again, so batched text typed after Alt+] is not swallowed.
    pub fn timeout_elapsed(&mut self) -> Vec<InputEvent> {
        let mut out = Vec::new();
        // No wait runs for a recognised reply header (or for nothing buffered).
        if self.timeout.take().is_none() || self.buffer.is_empty() {
            return out;
        }
        let seq = std::mem::take(&mut self.buffer);
        self.pending_kitty_printable = None;
        if utf16_len(&seq) > 2 && is_control_string(&seq) {
            self.emit(seq[..2].to_string(), &mut out);
            self.process(&seq[2..], &mut out);
        } else {
            self.emit(seq, &mut out);
        }
        out
    }

    /// Drops everything buffered, including an unfinished paste.
    pub fn clear(&mut self) {
        *self = Self::default();
    }

    /// Whether a bracketed paste has started and not ended.
    pub fn in_paste(&self) -> bool {
        self.paste_mode
    }

    fn emit(&mut self, seq: String, out: &mut Vec<InputEvent>) {
        let mut chars = seq.chars();
        let single = match (chars.next(), chars.next()) {
            (Some(c), None) if c.len_utf16() == 1 => Some(i64::from(u32::from(c))),
            _ => None,
        };
        if single.is_some() && single == self.pending_kitty_printable {
            self.pending_kitty_printable = None;
            return;
        }
        self.pending_kitty_printable = unmodified_kitty_printable(&seq);
        out.push(InputEvent::Data(seq));
    }

    /// Ends the paste if its end marker has arrived, then splits what follows it.
    fn finish_paste(&mut self, out: &mut Vec<InputEvent>) {
        let Some(end) = self.paste_buffer.find(PASTE_END) else {
            return;
        };
        let content = self.paste_buffer[..end].to_string();
        let rest = self.paste_buffer[end + PASTE_END.len()..].to_string();
        self.paste_mode = false;
        self.paste_buffer.clear();
        self.pending_kitty_printable = None;
        out.push(InputEvent::Paste(content));
        if !rest.is_empty() {
            self.process(&rest, out);
        }
    }

    fn process(&mut self, data: &str, out: &mut Vec<InputEvent>) {
        self.timeout = None;
        if data.is_empty() && self.buffer.is_empty() {
            // pi-tui passes an empty read on as an empty sequence.
            self.emit(String::new(), out);
            return;
        }
        self.buffer.push_str(data);
        if self.paste_mode {
            let buffered = std::mem::take(&mut self.buffer);
            self.paste_buffer.push_str(&buffered);
            self.finish_paste(out);
            return;
        }
        if let Some(start) = self.buffer.find(PASTE_START) {
            if start > 0 {
                // An incomplete sequence just before the paste is dropped, as in pi-tui.
                let (seqs, _) = extract(&self.buffer[..start]);
                for seq in seqs {
                    self.emit(seq, out);
                }
            }
            self.pending_kitty_printable = None;
            self.paste_buffer = self.buffer[start + PASTE_START.len()..].to_string();
            self.buffer.clear();
            self.paste_mode = true;
            self.finish_paste(out);
            return;
        }
        let (seqs, rest) = extract(&self.buffer);
        self.buffer = rest;
        for seq in seqs {
            self.emit(seq, out);
        }
        if !self.buffer.is_empty() && !is_reply_header(&self.buffer) {
            // A recognised reply header waits for its terminator however long it takes:
            // flushing it would turn an OSC's BEL into Ctrl+G.
            self.timeout = Some(if self.buffer == ESC {
                PendingTimeout::Escape
            } else {
                PendingTimeout::Sequence
            });
        }
    }
}

/// How many bytes at the end of `bytes` are the valid start of a UTF-8 character that is not
/// complete yet.
fn incomplete_utf8_suffix(bytes: &[u8]) -> usize {
    for back in 1..=3.min(bytes.len()) {
        let b = bytes[bytes.len() - back];
        if b & 0xc0 == 0x80 {
            continue;
        }
        let needed = match b {
            0xc2..=0xdf => 2,
            0xe0..=0xef => 3,
            0xf0..=0xf4 => 4,
            _ => return 0,
        };
        return if needed > back
            && std::str::from_utf8(&bytes[bytes.len() - back..])
                .is_err_and(|e| e.error_len().is_none())
        {
            back
        } else {
            0
        };
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data(s: &str) -> InputEvent {
        InputEvent::Data(s.to_string())
    }

    #[test]
    fn a_character_cut_between_reads_waits_for_its_rest() {
        let mut s = InputSplitter::new();
        let bytes = "é😀".as_bytes();
        assert_eq!(s.feed_bytes(&bytes[..1]), vec![]);
        assert_eq!(s.feed_bytes(&bytes[1..4]), vec![data("é")]);
        assert_eq!(s.feed_bytes(&bytes[4..]), vec![data("😀")]);
        assert_eq!(s.feed_bytes(b"\xff"), vec![data("\u{fffd}")]);
    }

    #[test]
    fn a_lone_escape_waits_for_the_short_timeout_then_is_the_escape_key() {
        let mut s = InputSplitter::new();
        assert_eq!(s.feed("\x1b"), vec![]);
        assert_eq!(s.pending_timeout(), Some(PendingTimeout::Escape));
        assert_eq!(s.timeout_elapsed(), vec![data("\x1b")]);
        assert_eq!(s.pending_timeout(), None);
        assert_eq!(s.feed("\x1b["), vec![]);
        assert_eq!(s.pending_timeout(), Some(PendingTimeout::Sequence));
        assert_eq!(s.feed("A"), vec![data("\x1b[A")]);
        assert_eq!(s.timeout_elapsed(), vec![]);
    }

    #[test]
    fn a_paste_across_reads_is_one_event() {
        let mut s = InputSplitter::new();
        assert_eq!(s.feed("x\x1b[200~hel"), vec![data("x")]);
        assert!(s.in_paste());
        assert_eq!(
            s.feed("lo\x1b[201~y"),
            vec![InputEvent::Paste("hello".into()), data("y")]
        );
    }
}
