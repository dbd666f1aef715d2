//! Terminal escape sequences as pi-tui recognises them, and the SGR/OSC 8 state it carries
//! from one wrapped line to the next.

/// Length in bytes of the escape sequence starting at byte `pos`, or 0 when there is none.
/// CSI ends at the first `m`, `G`, `K`, `H` or `J`; OSC and APC end at BEL or ST. Anything
/// else (an unterminated sequence, a lone ESC) is not a sequence and counts as text.
pub(crate) fn code_len(s: &str, pos: usize) -> usize {
    let b = s.as_bytes();
    if b.get(pos) != Some(&0x1b) {
        return 0;
    }
    match b.get(pos + 1) {
        Some(b'[') => b[pos + 2..]
            .iter()
            .position(|c| matches!(c, b'm' | b'G' | b'K' | b'H' | b'J'))
            .map_or(0, |j| j + 3),
        Some(b']' | b'_') => {
            let mut j = pos + 2;
            while j < b.len() {
                if b[j] == 0x07 {
                    return j + 1 - pos;
                }
                if b[j] == 0x1b && b.get(j + 1) == Some(&b'\\') {
                    return j + 2 - pos;
                }
                j += 1;
            }
            0
        }
        _ => 0,
    }
}

/// The end of the text at `pos`: where the next escape sequence starts (a lone ESC is text),
/// or the end of `s`.
pub(crate) fn text_end(s: &str, pos: usize) -> usize {
    let mut end = pos;
    while end < s.len() && code_len(s, end) == 0 {
        end += 1;
    }
    end
}

/// The escape sequence at `pos`, if there is one.
pub(crate) fn code_at(s: &str, pos: usize) -> Option<&str> {
    match code_len(s, pos) {
        0 => None,
        n => Some(&s[pos..pos + n]),
    }
}

/// Every escape sequence in `s`, concatenated.
pub(crate) fn codes_of(s: &str) -> String {
    let mut out = String::new();
    for_each_code(s, |code| out.push_str(code));
    out
}

/// Calls `f` with each escape sequence of `s`, in order.
pub(crate) fn for_each_code<'a>(s: &'a str, mut f: impl FnMut(&'a str)) {
    let mut i = 0;
    while let Some(off) = s.as_bytes()[i..].iter().position(|&c| c == 0x1b) {
        let at = i + off;
        match code_len(s, at) {
            0 => i = at + 1,
            n => {
                f(&s[at..at + n]);
                i = at + n;
            }
        }
    }
}

/// An OSC 8 hyperlink: its parameters, its URL and the terminator it was written with (kept,
/// since some terminals make only BEL-terminated links clickable).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Hyperlink {
    params: String,
    url: String,
    bel: bool,
}

/// What an escape sequence says about hyperlinks.
pub(crate) enum Osc8 {
    /// Not an OSC 8 sequence.
    None,
    /// An OSC 8 with an empty URL: the link ends.
    Close,
    /// A link starts.
    Open(Hyperlink),
}

pub(crate) fn parse_osc8(code: &str) -> Osc8 {
    let Some(rest) = code.strip_prefix("\x1b]8;") else {
        return Osc8::None;
    };
    let bel = code.ends_with('\x07');
    let trim = if bel { 1 } else { 2 };
    let body = rest.get(..rest.len().saturating_sub(trim)).unwrap_or("");
    let Some((params, url)) = body.split_once(';') else {
        return Osc8::None;
    };
    if url.is_empty() {
        return Osc8::Close;
    }
    Osc8::Open(Hyperlink {
        params: params.to_owned(),
        url: url.to_owned(),
        bel,
    })
}

fn osc8_close(bel: bool) -> &'static str {
    if bel {
        "\x1b]8;;\x07"
    } else {
        "\x1b]8;;\x1b\\"
    }
}

/// The sequence that closes the hyperlink still open at the end of `prefix`, or "".
pub(crate) fn active_osc8_close(prefix: &str) -> &'static str {
    if !prefix.contains("\x1b]8;") {
        return "";
    }
    let mut active: Option<bool> = None;
    let mut i = 0;
    while i < prefix.len() {
        match code_len(prefix, i) {
            0 => i += 1,
            n => {
                match parse_osc8(&prefix[i..i + n]) {
                    Osc8::None => {}
                    Osc8::Close => active = None,
                    Osc8::Open(link) => active = Some(link.bel),
                }
                i += n;
            }
        }
    }
    active.map_or("", osc8_close)
}

/// The SGR attributes and hyperlink in force, so a wrapped line can re-open them.
#[derive(Default)]
pub(crate) struct Tracker {
    bold: bool,
    dim: bool,
    italic: bool,
    underline: bool,
    blink: bool,
    inverse: bool,
    hidden: bool,
    strikethrough: bool,
    fg: Option<String>,
    bg: Option<String>,
    link: Option<Hyperlink>,
}

/// The parameters of the first `ESC [ digits-and-semicolons m` inside `code`.
fn sgr_params(code: &str) -> Option<&str> {
    let mut from = 0;
    while let Some(off) = code[from..].find("\x1b[") {
        let start = from + off + 2;
        let len = code[start..]
            .bytes()
            .take_while(|c| c.is_ascii_digit() || *c == b';')
            .count();
        if code.as_bytes().get(start + len) == Some(&b'm') {
            return Some(&code[start..start + len]);
        }
        from = start - 1;
    }
    None
}

/// `Number.parseInt` of a run of digits; `None` for an empty one (NaN).
fn parse_param(p: &str) -> Option<u64> {
    if p.is_empty() {
        return None;
    }
    Some(p.bytes().fold(0u64, |n, d| {
        n.saturating_mul(10).saturating_add(u64::from(d - b'0'))
    }))
}

impl Tracker {
    pub(crate) fn process(&mut self, code: &str) {
        match parse_osc8(code) {
            Osc8::Open(link) => {
                self.link = Some(link);
                return;
            }
            Osc8::Close => {
                self.link = None;
                return;
            }
            Osc8::None => {}
        }
        if !code.ends_with('m') {
            return;
        }
        let Some(params) = sgr_params(code) else {
            return;
        };
        if params.is_empty() || params == "0" {
            self.reset();
            return;
        }
        let parts: Vec<&str> = params.split(';').collect();
        let mut i = 0;
        while i < parts.len() {
            let code = parse_param(parts[i]);
            if let Some(n @ (38 | 48)) = code {
                let colour = if parts.get(i + 1) == Some(&"5") && i + 2 < parts.len() {
                    Some(3)
                } else if parts.get(i + 1) == Some(&"2") && i + 4 < parts.len() {
                    Some(5)
                } else {
                    None
                };
                if let Some(count) = colour {
                    let value = parts[i..i + count].join(";");
                    if n == 38 {
                        self.fg = Some(value);
                    } else {
                        self.bg = Some(value);
                    }
                    i += count;
                    continue;
                }
            }
            match code {
                Some(0) => self.reset(),
                Some(1) => self.bold = true,
                Some(2) => self.dim = true,
                Some(3) => self.italic = true,
                Some(4) => self.underline = true,
                Some(5) => self.blink = true,
                Some(7) => self.inverse = true,
                Some(8) => self.hidden = true,
                Some(9) => self.strikethrough = true,
                Some(21) => self.bold = false,
                Some(22) => {
                    self.bold = false;
                    self.dim = false;
                }
                Some(23) => self.italic = false,
                Some(24) => self.underline = false,
                Some(25) => self.blink = false,
                Some(27) => self.inverse = false,
                Some(28) => self.hidden = false,
                Some(29) => self.strikethrough = false,
                Some(39) => self.fg = None,
                Some(49) => self.bg = None,
                Some(n @ (30..=37 | 90..=97)) => self.fg = Some(n.to_string()),
                Some(n @ (40..=47 | 100..=107)) => self.bg = Some(n.to_string()),
                _ => {}
            }
            i += 1;
        }
    }

    /// Updates the state from every escape sequence in `text`.
    pub(crate) fn process_text(&mut self, text: &str) {
        for_each_code(text, |code| self.process(code));
    }

    /// SGR reset: attributes and colours, not the hyperlink.
    fn reset(&mut self) {
        let link = self.link.take();
        *self = Tracker {
            link,
            ..Tracker::default()
        };
    }

    /// The background colour in force, as an SGR sequence (empty for the default).
    pub(crate) fn background_code(&self) -> String {
        self.bg
            .as_ref()
            .map_or(String::new(), |bg| format!("\x1b[{bg}m"))
    }

    /// The sequences that re-open the current state at the start of a line.
    pub(crate) fn active_codes(&self) -> String {
        let flags = [
            (self.bold, "1"),
            (self.dim, "2"),
            (self.italic, "3"),
            (self.underline, "4"),
            (self.blink, "5"),
            (self.inverse, "7"),
            (self.hidden, "8"),
            (self.strikethrough, "9"),
        ];
        let mut codes: Vec<&str> = flags.iter().filter(|f| f.0).map(|f| f.1).collect();
        codes.extend(self.fg.as_deref());
        codes.extend(self.bg.as_deref());
        let mut out = String::new();
        if !codes.is_empty() {
            out = format!("\x1b[{}m", codes.join(";"));
        }
        if let Some(link) = &self.link {
            out.push_str("\x1b]8;");
            out.push_str(&link.params);
            out.push(';');
            out.push_str(&link.url);
            out.push_str(if link.bel { "\x07" } else { "\x1b\\" });
        }
        out
    }

    /// What must be switched off at the end of a wrapped line: underline and strikethrough
    /// (they would bleed into padding) and an open hyperlink; all re-open on the next line.
    pub(crate) fn line_end_reset(&self) -> String {
        let mut out = String::new();
        if self.underline {
            out.push_str("\x1b[24m");
        }
        if self.strikethrough {
            out.push_str("\x1b[29m");
        }
        if let Some(link) = &self.link {
            out.push_str(osc8_close(link.bel));
        }
        out
    }
}
