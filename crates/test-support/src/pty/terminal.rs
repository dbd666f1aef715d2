//! The terminal side of a [`PtySession`](super::PtySession): the vt100 callbacks that keep
//! what vt100 does not (title, Kitty keyboard flags) and answer the queries an app sends
//! on start the way a real terminal does.

use vt100::Callbacks;

/// What the emulated terminal claims to be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TerminalProfile {
    /// Speak the Kitty keyboard protocol: answer `CSI ? u`, keep the flags the app pushes,
    /// and send keys in CSI-u form while the app has them enabled. Off: a terminal that
    /// never heard of it (no answer, keys in legacy form).
    pub kitty: bool,
    /// Answer to OSC 10 (`ESC ] 10 ; ?`), 0–255 per channel.
    pub foreground: (u8, u8, u8),
    /// Answer to OSC 11 (`ESC ] 11 ; ?`), 0–255 per channel.
    pub background: (u8, u8, u8),
    /// Cell size in pixels (width, height), the answer to `CSI 16 t`.
    pub cell_pixels: (u16, u16),
}

impl Default for TerminalProfile {
    fn default() -> Self {
        Self {
            kitty: true,
            foreground: (0xd0, 0xd0, 0xd0),
            background: (0x1e, 0x1e, 0x1e),
            cell_pixels: (9, 18),
        }
    }
}

/// Depth of the Kitty flag stack a terminal keeps; pushes past it drop the oldest entry.
const KITTY_STACK_DEPTH: usize = 16;

/// Terminal state beside the grid, updated while bytes are parsed.
#[derive(Debug, Default)]
pub struct TerminalState {
    profile: TerminalProfile,
    title: String,
    kitty_stack: Vec<u16>,
    /// Inside a synchronized update (DEC mode 2026): the frame is not presented yet.
    synchronized: bool,
    /// Synchronized updates completed: the frames an app that uses them has presented.
    synchronized_frames: u64,
    /// Bytes the terminal owes the app (query answers), written after each parsed chunk.
    replies: Vec<u8>,
    /// Every query seen, in order, for tests and dumps (`"DA1"`, `"kitty?"`, `"osc11"`, ...).
    queries: Vec<String>,
}

impl TerminalState {
    /// A terminal with this profile.
    pub fn new(profile: TerminalProfile) -> Self {
        Self {
            profile,
            ..Self::default()
        }
    }

    /// The window title last set with OSC 0 or 2.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The Kitty keyboard flags the app has enabled (0: legacy keys).
    pub fn kitty_flags(&self) -> u16 {
        self.kitty_stack.last().copied().unwrap_or(0)
    }

    /// Whether the app is inside a synchronized update (`CSI ? 2026 h` without its `l` yet):
    /// a real terminal shows nothing of it until the update ends.
    pub fn synchronized(&self) -> bool {
        self.synchronized
    }

    /// How many synchronized updates the app has completed.
    pub fn synchronized_frames(&self) -> u64 {
        self.synchronized_frames
    }

    /// The queries answered or seen so far.
    pub fn queries(&self) -> &[String] {
        &self.queries
    }

    /// Takes the answers owed to the app.
    pub fn take_replies(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.replies)
    }

    fn reply(&mut self, query: &str, answer: String) {
        self.queries.push(query.to_owned());
        self.replies.extend_from_slice(answer.as_bytes());
    }

    fn kitty_csi(&mut self, intermediate: u8, first: Option<u16>, second: Option<u16>) {
        if !self.profile.kitty {
            self.queries
                .push(format!("kitty{} (ignored)", intermediate as char));
            return;
        }
        match intermediate {
            b'?' => {
                let answer = format!("\x1b[?{}u", self.kitty_flags());
                self.reply("kitty?", answer);
            }
            b'>' => {
                if self.kitty_stack.len() == KITTY_STACK_DEPTH {
                    self.kitty_stack.remove(0);
                }
                self.kitty_stack.push(first.unwrap_or(0));
                self.queries
                    .push(format!("kitty push {}", first.unwrap_or(0)));
            }
            b'<' => {
                let count = usize::from(first.unwrap_or(1).max(1));
                let keep = self.kitty_stack.len().saturating_sub(count);
                self.kitty_stack.truncate(keep);
                self.queries.push(format!("kitty pop {count}"));
            }
            b'=' => {
                let flags = first.unwrap_or(0);
                let current = self.kitty_flags();
                let next = match second.unwrap_or(1) {
                    2 => current | flags,
                    3 => current & !flags,
                    _ => flags,
                };
                match self.kitty_stack.last_mut() {
                    Some(top) => *top = next,
                    None => self.kitty_stack.push(next),
                }
                self.queries.push(format!("kitty set {next}"));
            }
            _ => {}
        }
    }

    fn color_query(&mut self, target: &[u8], index: Option<&[u8]>) {
        let (query, prefix, rgb) = match (target, index) {
            (b"10", None) => ("osc10", "10".to_owned(), self.profile.foreground),
            (b"11", None) => ("osc11", "11".to_owned(), self.profile.background),
            (b"4", Some(index)) => {
                let Some(number) = std::str::from_utf8(index)
                    .ok()
                    .and_then(|text| text.parse::<u8>().ok())
                else {
                    return;
                };
                ("osc4", format!("4;{number}"), xterm_palette(number))
            }
            _ => return,
        };
        let (red, green, blue) = rgb;
        // Channels in the four-digit form xterm answers with (each byte doubled).
        let answer = format!(
            "\x1b]{prefix};rgb:{red:02x}{red:02x}/{green:02x}{green:02x}/{blue:02x}{blue:02x}\x1b\\"
        );
        self.reply(query, answer);
    }
}

impl Callbacks for TerminalState {
    fn set_window_title(&mut self, _: &mut vt100::Screen, title: &[u8]) {
        self.title = String::from_utf8_lossy(title).into_owned();
    }

    fn unhandled_csi(
        &mut self,
        screen: &mut vt100::Screen,
        i1: Option<u8>,
        _i2: Option<u8>,
        params: &[&[u16]],
        c: char,
    ) {
        let param = |at: usize| params.get(at).and_then(|values| values.first()).copied();
        match (i1, c) {
            // Primary device attributes: a VT220-class terminal with ANSI colour.
            (None, 'c') if param(0).unwrap_or(0) == 0 => {
                self.reply("DA1", "\x1b[?62;22c".to_owned());
            }
            (None, 'n') if param(0) == Some(6) => {
                let (row, col) = screen.cursor_position();
                self.reply("CPR", format!("\x1b[{};{}R", row + 1, col + 1));
            }
            (None, 'n') if param(0) == Some(5) => self.reply("DSR", "\x1b[0n".to_owned()),
            (None, 't') => {
                let (rows, cols) = screen.size();
                let (width, height) = self.profile.cell_pixels;
                match param(0) {
                    Some(14) => {
                        let answer = format!(
                            "\x1b[4;{};{}t",
                            u32::from(rows) * u32::from(height),
                            u32::from(cols) * u32::from(width)
                        );
                        self.reply("window pixels", answer);
                    }
                    Some(16) => self.reply("cell pixels", format!("\x1b[6;{height};{width}t")),
                    Some(18) => self.reply("window cells", format!("\x1b[8;{rows};{cols}t")),
                    _ => {}
                }
            }
            (Some(b'?'), 'h' | 'l')
                if params.iter().any(|values| values.first() == Some(&2026)) =>
            {
                if c == 'l' && self.synchronized {
                    self.synchronized_frames += 1;
                }
                self.synchronized = c == 'h';
            }
            (Some(intermediate @ (b'?' | b'>' | b'<' | b'=')), 'u') => {
                self.kitty_csi(intermediate, param(0), param(1));
            }
            _ => {}
        }
    }

    /// A clipboard write (OSC 52): recorded with its base64 payload, for copy tests.
    fn copy_to_clipboard(&mut self, _: &mut vt100::Screen, _ty: &[u8], data: &[u8]) {
        self.queries
            .push(format!("osc52 {}", String::from_utf8_lossy(data)));
    }

    fn unhandled_osc(&mut self, _: &mut vt100::Screen, params: &[&[u8]]) {
        match params {
            [target @ (b"10" | b"11"), b"?"] => self.color_query(target, None),
            [b"4", index, b"?"] => self.color_query(b"4", Some(index)),
            _ => {}
        }
    }
}

/// xterm's default colour for palette entry `index`.
fn xterm_palette(index: u8) -> (u8, u8, u8) {
    const BASE: [(u8, u8, u8); 16] = [
        (0x00, 0x00, 0x00),
        (0xcd, 0x00, 0x00),
        (0x00, 0xcd, 0x00),
        (0xcd, 0xcd, 0x00),
        (0x00, 0x00, 0xee),
        (0xcd, 0x00, 0xcd),
        (0x00, 0xcd, 0xcd),
        (0xe5, 0xe5, 0xe5),
        (0x7f, 0x7f, 0x7f),
        (0xff, 0x00, 0x00),
        (0x00, 0xff, 0x00),
        (0xff, 0xff, 0x00),
        (0x5c, 0x5c, 0xff),
        (0xff, 0x00, 0xff),
        (0x00, 0xff, 0xff),
        (0xff, 0xff, 0xff),
    ];
    match index {
        0..=15 => BASE[usize::from(index)],
        16..=231 => {
            let level = |step: u8| if step == 0 { 0 } else { 55 + step * 40 };
            let cube = index - 16;
            (level(cube / 36), level(cube / 6 % 6), level(cube % 6))
        }
        _ => {
            let gray = 8 + (index - 232) * 10;
            (gray, gray, gray)
        }
    }
}
